// The public interchange format (shared/EVENT_FORMAT.md). The store's projection of an event
// IS this shape, so export is a serialisation and import a validation: no second model to drift.
// Every object carries an index signature because unknown fields must survive a round trip.

export const EVENT_FORMAT = 'wargame-event';
export const EVENT_FORMAT_VERSION = 1;

export const SYSTEMS = ['sr2011', 'confrontation-rackham', 'confrontation-cdr', 'lotr-sbg'] as const;
export type SystemId = (typeof SYSTEMS)[number];

export const WIN_HOW = ['assassination', 'scenario', 'tiebreak', 'clock', 'forfeit'] as const;
export type WinHow = (typeof WIN_HOW)[number];
/** A draw is only reached at time: these ways of winning name a winner by definition, whatever the system. */
export const HOW_NEEDS_WINNER: ReadonlySet<string> = new Set<WinHow>(['assassination', 'scenario', 'clock', 'forfeit']);

export type PlayerId = string;

export interface ListModel {
  name: string;
  cost: number;
  [extra: string]: unknown;
}

export interface ArmyList {
  caster: string;
  themeForce: string | null;
  tier: number | null;
  bonus: number;
  models: ListModel[];
  [extra: string]: unknown;
}

/** A list's points: the sum of its models' costs, as every system counts them. */
export function listTotal(list: Pick<ArmyList, 'models'>): number {
  return list.models.reduce((sum, m) => sum + m.cost, 0);
}

export interface Player {
  id: PlayerId;
  number: number;
  name: string;
  nickname?: string;
  club?: string;
  faction?: string;
  dropped: boolean;
  droppedAfterRound: number | null;
  lists: ArmyList[];
  [extra: string]: unknown;
}

export interface SideResult {
  cp: number;
  apd: number;
  listIndex?: number | null;
  /** SR2011 survival standings: this player's own army points that survived the game (optional) */
  survived?: number;
  [extra: string]: unknown;
}

export interface GameResult {
  /** player id of the winner, or null for a draw */
  winner: PlayerId | null;
  how?: WinHow | null;
  a: SideResult;
  b: SideResult;
  [extra: string]: unknown;
}

export interface Pairing {
  table: number;
  a: PlayerId;
  b: PlayerId;
  /** absent = not played yet */
  result?: GameResult;
  [extra: string]: unknown;
}

export interface Round {
  number: number;
  scenario?: string | null;
  /** the hidden d6 x 2; secret while the round runs */
  variableMinutes?: number | null;
  pairings: Pairing[];
  bye: PlayerId | null;
  [extra: string]: unknown;
}

export interface EventSettings {
  points: number;
  variants: string[];
  /** null = by the rules' table / unique leader; a number = the "X rounds" variant */
  rounds: number | null;
  /** « fin de partie annoncée par l'organisateur »: tickets carry no end, the hall's timer calls dice down */
  organizerCallsTime?: boolean;
  [extra: string]: unknown;
}

export interface EventFile {
  format: typeof EVENT_FORMAT;
  version: number;
  system: SystemId;
  name: string;
  date: string;
  settings: EventSettings;
  players: Player[];
  rounds: Round[];
  [extra: string]: unknown;
}
