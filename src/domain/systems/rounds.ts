// Reading an event's rounds the same way in every system: byes (one, or several in a knockout or
// round-robin round), unfinished tables, who is still active, the tables each player sat at, every
// counted game seen from each player's side. Below the systems: SR2011's pairing reads them too.
import type { EventFile, GameResult, PlayerId, Round, SideResult } from '../event-file/types';
import type { PairRefusal } from './game-system';

/** The tables of a round still without a result. */
export function unfinishedTables(round: Round): number[] {
  return round.pairings.filter((p) => !p.result).map((p) => p.table);
}

/** Players who can still be paired: registered and not dropped. */
export function activePlayerIds(event: EventFile): PlayerId[] {
  return event.players.filter((p) => !p.dropped).map((p) => p.id);
}

/** The tables each player has sat at, in round order (the same-table option reads it). */
export function tablesById(event: EventFile): Map<PlayerId, number[]> {
  const tables = new Map<PlayerId, number[]>();
  const sat = (id: PlayerId, table: number): void => {
    const list = tables.get(id);
    if (list) list.push(table);
    else tables.set(id, [table]);
  };
  for (const r of event.rounds)
    for (const p of r.pairings) {
      sat(p.a, p.table);
      sat(p.b, p.table);
    }
  return tables;
}

/**
 * A round's byes. The format's `bye` holds one player; knockout and round-robin rounds may give
 * several, listed in `byes` (an extension of the format; `bye` is then its first entry).
 */
export function roundByes(round: Round): PlayerId[] {
  const out: PlayerId[] = [];
  if (typeof round.bye === 'string') out.push(round.bye);
  if (Array.isArray(round.byes)) for (const id of round.byes) if (typeof id === 'string' && !out.includes(id)) out.push(id);
  return out;
}

/** The first round with a game still to play, from the top: nothing is paired over it. */
export function unfinishedRound(event: EventFile): Extract<PairRefusal, { reason: 'round-unfinished' }> | null {
  for (const r of event.rounds) {
    const tables = unfinishedTables(r);
    if (tables.length > 0) return { ok: false, reason: 'round-unfinished', round: r.number, tables };
  }
  return null;
}

/** One counted game seen from one player's side. */
export interface PlayerGame {
  round: number;
  table: number;
  id: PlayerId;
  opponent: PlayerId;
  side: 'a' | 'b';
  own: SideResult;
  opp: SideResult;
  result: GameResult;
}

/** Every game with a result, twice (once per player), in round and table order. */
export function playerGames(event: EventFile): PlayerGame[] {
  const out: PlayerGame[] = [];
  for (const round of event.rounds)
    for (const p of round.pairings) {
      const result = p.result;
      if (!result) continue;
      out.push({ round: round.number, table: p.table, id: p.a, opponent: p.b, side: 'a', own: result.a, opp: result.b, result });
      out.push({ round: round.number, table: p.table, id: p.b, opponent: p.a, side: 'b', own: result.b, opp: result.a, result });
    }
  return out;
}

/** A number a side carries in an extra field, or the fallback when absent or not a number. */
export function sideNumber(side: SideResult, key: string, fallback = 0): number {
  const v = side[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The settings' override of what a bye is worth, when the organizer set one. */
export function byePointsSetting(settings: { [extra: string]: unknown }): number | null {
  const v = settings.byePoints;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}
