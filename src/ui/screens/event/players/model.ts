// Pure helpers of the players tab: registration numbers, the extra fields it keeps on players and
// lists (checkedIn, painted, joinedRound, contract), the search and the rounds paired so far.
import type { ArmyList, EventFile, Player, PlayerId } from '../../../../domain/event-file';

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
