// The campaign's state (what foldCampaign returns) and its actions (what the log stores). Both
// are plain JSON so the log exports as-is and a UI can keep the state in a signal.
import type { Battlefield, Inventory } from './battlefield';
import type { Hex } from './hex';
import type { HexMap } from './hex-map';
import type { RollRecord } from './roller';
import type { Faction, FateResult, ResourceKind } from './rules';

export type PlayerId = string;

export interface CampaignPlayer {
  id: PlayerId;
  name: string;
  faction: Faction;
}

export interface CampaignOptions {
  startingRp: number;
  movementPoints: number;
  /** 60x60 cm zones rolled for a battlefield (6: the standard 180x120 cm table) */
  battleZones: number;
  /**
   * House rule, off by default: the source says a city cannot be controlled, only destroyed, yet
   * also says what a necropolis or portal "taken" by another army yields. On, cities change hands
   * like villages and mines, and those yield rules then matter.
   */
  capturableCities: boolean;
}

export interface Resource {
  id: string;
  kind: ResourceKind;
  owner: PlayerId;
  hex: Hex;
  /** 0 for the set-up; a resource yields nothing the turn it is created */
  createdTurn: number;
  /** an enemy ended the combat phase on it: nothing to anyone this turn, theirs at end of turn */
  capture: { by: PlayerId; turn: number } | null;
}

export interface Detachment {
  id: string;
  owner: PlayerId;
  hex: Hex;
  /** army points (paid for in RP) */
  points: number;
  /** its move this turn is used (moved, held, stopped by contact or a merge) */
  moved: boolean;
  fought: boolean;
  destroyAttempted: boolean;
}

export type Phase = 'setup' | 'initiative' | 'movement' | 'combat' | 'resources';
export type ResourcesStep = 'fate' | 'action' | 'income' | 'muster';
export type Edge = 'north' | 'south' | 'east' | 'west';

export interface InitiativeRoll {
  player: PlayerId;
  /** the first roll, then any re-rolls among tied players */
  rolls: number[];
}

export interface BattleArmy {
  player: PlayerId;
  detachmentId: string;
  points: number;
}

export type Deployment =
  | { kind: 'random'; sides: Record<PlayerId, Edge> }
  /** the scouts' fate: that player picks a side in every battle of the turn */
  | { kind: 'scouts'; chooser: PlayerId };

export interface BattleSheet {
  chosenBy: PlayerId;
  armies: BattleArmy[];
  battlefield: Battlefield;
  /** who places the first terrain piece; then the players alternate */
  firstPlacer: PlayerId;
  deployment: Deployment;
  firstPlayer: PlayerId;
}

export interface BattleResult {
  winner: PlayerId;
  /** victory points each player scored; every other side loses that many army points */
  vp: Record<PlayerId, number>;
  losses: Record<PlayerId, number>;
}

export interface Battle {
  id: string;
  hex: Hex;
  players: PlayerId[];
  status: 'pending' | 'chosen' | 'resolved';
  sheet: BattleSheet | null;
  result: BattleResult | null;
}

export interface PendingFlee {
  detachmentId: string;
  reason: 'enemy-entered' | 'lost-battle';
}

export type FateChoice =
  | { kind: 'bad-weather'; hexes: Hex[] }
  | { kind: 'supply-line'; detachmentId: string; amount: number }
  | { kind: 'raid'; target: PlayerId }
  | { kind: 'deception'; detachmentId: string };

export interface FateRecord {
  player: PlayerId;
  roll: number;
  result: FateResult;
  /** bad weather: hexes to choose; reinforcements and raid: RP */
  amount: number | null;
  /** results that need a choice stay open until resolve-fate; null choice = declined */
  resolved: boolean;
  choice: FateChoice | null;
}

export interface Raid {
  by: PlayerId;
  target: PlayerId;
  amount: number;
}

export interface Weather {
  /** the turn whose movement it slows */
  turn: number;
  by: PlayerId;
  hexes: Hex[];
}

export interface Deception {
  detachmentId: string;
  by: PlayerId;
  /** the turn it was rolled: no destroy attempt that turn, no move the next */
  turn: number;
}

export type IncomeStatus = 'city' | 'linked' | 'unlinked' | 'new' | 'captured' | 'not-for-faction' | 'exhausted';

export interface IncomeLine {
  resourceId: string;
  kind: ResourceKind;
  status: IncomeStatus;
  /** a mine's d6, null for anything else */
  mineRoll: number | null;
  amount: number;
}

export interface PlayerIncome {
  player: PlayerId;
  lines: IncomeLine[];
  gross: number;
  raided: number;
  net: number;
}

export interface TurnRecord {
  turn: number;
  initiative: InitiativeRoll[];
  order: PlayerId[];
  battles: Battle[];
  fate: FateRecord[];
  income: PlayerIncome[];
}

export interface JournalEntry {
  turn: number;
  code: string;
  params: Record<string, string | number>;
}

export interface CampaignState {
  name: string;
  options: CampaignOptions;
  map: HexMap;
  players: CampaignPlayer[];
  /** RP in each player's treasury */
  bank: Record<PlayerId, number>;
  resources: Resource[];
  detachments: Detachment[];
  /** 0 during set-up */
  turn: number;
  phase: Phase;
  initiative: InitiativeRoll[];
  /** this turn's order, highest initiative first: movement, battle choice, fate and actions */
  order: PlayerId[];
  movement: {
    /** MP-meeting detachments move first, the ones under MP last */
    stage: 'mp' | 'under';
    /** index in `order` of the player to move, -1 when nobody has anything left to move */
    cursor: number;
  };
  battles: Battle[];
  /** index in `order` of the player who picks the next battle */
  combatCursor: number;
  pendingFlees: PendingFlee[];
  resourcesStep: ResourcesStep;
  fate: FateRecord[];
  /** players who took (or skipped) their one action this turn */
  actionsTaken: PlayerId[];
  raids: Raid[];
  weather: Weather[];
  scouts: { player: PlayerId; turn: number } | null;
  deceptions: Deception[];
  income: PlayerIncome[] | null;
  history: TurnRecord[];
  journal: JournalEntry[];
  rolls: RollRecord[];
  nextId: number;
}

export type CampaignActionBody =
  | { type: 'create-campaign'; name: string; map: HexMap; players: CampaignPlayer[]; options?: Partial<CampaignOptions> }
  // set-up (and recruit / reinforce / build again during the resources phase)
  | { type: 'place-city'; player: PlayerId; hex: Hex }
  | { type: 'recruit'; player: PlayerId; hex: Hex; points: number }
  | { type: 'reinforce'; detachmentId: string; points: number }
  | { type: 'build-mine'; player: PlayerId; hex: Hex }
  | { type: 'build-village'; player: PlayerId; hex: Hex }
  | { type: 'start-campaign' }
  // a turn
  | { type: 'roll-initiative'; seed: number }
  /** path: the hexes entered, in order, the start excluded */
  | { type: 'move'; detachmentId: string; path: Hex[] }
  | { type: 'hold'; detachmentId: string }
  /** the player holds every detachment left in the current movement stage */
  | { type: 'pass'; player: PlayerId }
  /** the new detachment takes `points`; both parts must meet MP */
  | { type: 'split'; detachmentId: string; points: number }
  | { type: 'flee'; detachmentId: string; to: Hex }
  | { type: 'choose-battle'; player: PlayerId; battleId: string; seed: number; zones?: number; inventory?: Inventory }
  | { type: 'record-battle'; battleId: string; winner: PlayerId; vp: Record<PlayerId, number> }
  | { type: 'roll-fate'; player: PlayerId; seed: number }
  | { type: 'resolve-fate'; player: PlayerId; choice: FateChoice | null }
  /** path: from a friendly resource to another, both included */
  | { type: 'build-road'; player: PlayerId; path: Hex[] }
  | { type: 'skip-action'; player: PlayerId }
  | { type: 'collect-income'; seed: number }
  | { type: 'attempt-destroy'; detachmentId: string; seed: number }
  | { type: 'end-turn' }
  /** cancels the latest action still standing (repeat to go further back) */
  | { type: 'undo' };

/** `at`: epoch ms when it was entered, passed in by the caller; the rules never read it */
export type CampaignAction = CampaignActionBody & { at?: number };
export type CampaignActionType = CampaignAction['type'];
