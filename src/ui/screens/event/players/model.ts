// Pure helpers of the players tab: registration numbers, the extra fields it keeps on players and
// lists (checkedIn, painted, joinedRound, contract), and the rows of the tournament sheet.
import type { ArmyList, EventFile, Player, PlayerId } from '../../../../domain/event-file';
import { plannedRounds } from '../../../../domain/sr2011';

export type PlayerFields = Pick<Player, 'name' | 'nickname' | 'club' | 'faction'>;

export const sameName = (a: string, b: string): boolean => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Another player with the same name and nickname (the nickname tells namesakes apart). */
export function findTwin(players: readonly Player[], name: string, nickname: string, exceptId?: PlayerId): Player | undefined {
  return players.find((p) => p.id !== exceptId && sameName(p.name, name) && sameName(p.nickname ?? '', nickname));
}

/** Rounds paired so far: the highest round number (rounds are numbered from 1). */
export function roundsPaired(event: Pick<EventFile, 'rounds'>): number {
  return event.rounds.reduce((m, r) => Math.max(m, r.number), 0);
}

/**
 * A new player: the next number in registration order. Registered while rounds exist, they are a
 * late arrival: `joinedRound` records the first round they can play, and they are standing at the
 * desk, so they are checked in.
 */
export function nextPlayer(event: EventFile, fields: PlayerFields): Player {
  const number = event.players.reduce((m, p) => Math.max(m, p.number), 0) + 1;
  const ids = new Set(event.players.map((p) => p.id));
  let id = `p${number}`;
  for (let k = 2; ids.has(id); k++) id = `p${number}-${k}`;
  const paired = roundsPaired(event);
  const late = paired > 0 ? { joinedRound: paired + 1, checkedIn: true } : {};
  return { id, number, dropped: false, droppedAfterRound: null, lists: [], ...fields, ...late };
}

export const isCheckedIn = (p: Player): boolean => p.checkedIn === true;
export const isPainted = (p: Player): boolean => p.painted === true;

/** The round a late player joined at; null for a player registered before round 1. */
export function joinedRound(p: Player): number | null {
  return typeof p.joinedRound === 'number' && p.joinedRound > 1 ? p.joinedRound : null;
}

export function listContract(list: ArmyList): string {
  return typeof list.contract === 'string' ? list.contract : '';
}

/** Faction / contract of one list, as the sheet prints it. */
export function listFactionLabel(player: Player, list: ArmyList): string {
  const faction = typeof list.faction === 'string' && list.faction.trim() !== '' ? list.faction : (player.faction ?? '');
  return [faction, listContract(list)].filter((s) => s.trim() !== '').join(' / ');
}

export type SheetRowKind = 'game' | 'pending' | 'bye' | 'absent' | 'blank';

export interface SheetRow {
  round: number;
  kind: SheetRowKind;
  opponent?: number | string;
  result?: 'W' | 'L' | 'D';
  tp?: number;
  cp?: number;
  apd?: number;
}

/**
 * One line per round: the rounds planned for the event (or paired, if more), so a sheet printed
 * before the event has empty lines to fill by hand. A pairing without a result shows only the
 * opponent; a round the player did not take part in (late arrival, dropped) shows a dash.
 */
export function sheetRows(event: EventFile, player: Player): { rows: SheetRow[]; totals: { tp: number; cp: number; apd: number } } {
  const numbers = new Map(event.players.map((p) => [p.id, p.number]));
  const active = event.players.filter((p) => !p.dropped).length;
  const count = Math.max(plannedRounds(active, event.settings.rounds), roundsPaired(event));
  const totals = { tp: 0, cp: 0, apd: 0 };
  const rows: SheetRow[] = [];
  for (let n = 1; n <= count; n++) {
    const round = event.rounds.find((r) => r.number === n);
    if (!round) {
      const gone = player.dropped && player.droppedAfterRound !== null && n > player.droppedAfterRound;
      rows.push({ round: n, kind: gone ? 'absent' : 'blank' });
      continue;
    }
    if (round.bye === player.id) {
      rows.push({ round: n, kind: 'bye', tp: 1, cp: 0, apd: 0 });
      totals.tp += 1;
      continue;
    }
    const pairing = round.pairings.find((p) => p.a === player.id || p.b === player.id);
    if (!pairing) {
      rows.push({ round: n, kind: 'absent' });
      continue;
    }
    const mine = pairing.a === player.id ? 'a' : 'b';
    const opponentId = mine === 'a' ? pairing.b : pairing.a;
    const opponent = numbers.get(opponentId) ?? opponentId;
    const result = pairing.result;
    if (!result) {
      rows.push({ round: n, kind: 'pending', opponent });
      continue;
    }
    const side = result[mine];
    const outcome = result.winner === null ? 'D' : result.winner === player.id ? 'W' : 'L';
    const tp = outcome === 'W' ? 1 : 0;
    rows.push({ round: n, kind: 'game', opponent, result: outcome, tp, cp: side.cp, apd: side.apd });
    totals.tp += tp;
    totals.cp += side.cp;
    totals.apd += side.apd;
  }
  return { rows, totals };
}

/** Lower case without accents: « Éloïse » is found by « eloise ». */
export const foldText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

// per player object (a changed player is a new object): a check-in folds one text again, not 4,096
const folded = new WeakMap<Player, string>();

/** What a search is matched against, built once per list of players (not per keystroke). */
export function searchIndex(players: readonly Player[]): { player: Player; text: string }[] {
  return players.map((p) => {
    let text = folded.get(p);
    if (text === undefined) folded.set(p, (text = foldText([p.name, p.nickname ?? '', p.club ?? '', p.faction ?? ''].join('\n'))));
    return { player: p, text };
  });
}

/**
 * The players a search finds, in the list's order (surname or number): every word of the query in the name,
 * nickname, club or faction; a query of digits also finds the player of that number first.
 */
export function searchPlayers(index: readonly { player: Player; text: string }[], query: string): Player[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return index.map((e) => e.player);
  const number = /^\d+$/.test(query.trim()) ? Number(query.trim()) : null;
  const found = index.filter((e) => e.player.number !== number && words.every((w) => e.text.includes(w))).map((e) => e.player);
  const exact = number === null ? undefined : index.find((e) => e.player.number === number)?.player;
  return exact ? [exact, ...found] : found;
}
