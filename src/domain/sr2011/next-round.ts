// From an event to its next round: who is still in, their TP, opponents, byes and tables, handed
// to the Swiss engine; final tables under that variant. The worker, the command line and the UI
// all pair through this one function, so "same seed, same pairing" holds everywhere.
import type { EventFile, Pairing, PlayerId, Round } from '../event-file/types';
import { pairFirstRound, pairSwiss, type SwissPairing, type SwissPlayer, type SwissResult } from '../pairing';
import { activePlayerIds, tablesById, unfinishedTables } from '../systems/rounds';
import { eventPlayerCount, plannedRounds } from './rounds';
import { computeStandings, finalTablesPairing, type StandingRow } from './standings';
import { hasVariant } from './variants';
import type { PairingWarning } from '../systems/game-system';
import { byeAboveLowest, historyBefore, pileSkips } from '../systems/pairing-checks';

export interface NextRoundOptions {
  seed: number;
  /** defaults to the event's settings.avoidSameClub */
  avoidSameClub?: boolean;
  /** defaults to the event's settings.avoidSameTable */
  avoidSameTable?: boolean;
  /** defaults to true on the planned last round when the 'final-tables' variant is on */
  finalTables?: boolean;
  /** computeStandings(event) when the caller needs them too (computed here when absent) */
  standings?: () => readonly StandingRow[];
}

export type NextRoundResult =
  | { ok: true; round: Round; rematches: number; squaredSpread: number; method: SwissResult['method'] | 'first-round' }
  | { ok: false; reason: 'round-unfinished'; round: number; tables: number[] }
  | { ok: false; reason: 'too-few-players'; active: number }
  | { ok: false; reason: 'fewer-than-four-players' };

/** `withTables`: the tables each player sat at, read only by avoidSameTable (a walk over every game) */
function swissPlayers(event: EventFile, standings: readonly StandingRow[], ids: readonly PlayerId[], withTables: boolean): SwissPlayer[] {
  const rows = new Map(standings.map((r) => [r.id, r]));
  const clubs = new Map(event.players.map((p) => [p.id, p.club?.trim() || null]));
  const tables = withTables ? tablesById(event) : null;
  return ids.map((id) => {
    const row = rows.get(id);
    return { id, score: row?.tp ?? 0, opponents: row?.opponents ?? [], byes: row?.byes ?? 0, club: clubs.get(id) ?? null, tables: tables?.get(id) ?? [] };
  });
}

export function isFinalTablesRound(event: EventFile, number: number): boolean {
  if (!hasVariant(event.settings.variants, 'final-tables')) return false;
  return number === plannedRounds(eventPlayerCount(event), event.settings.rounds);
}

const toPairing = ({ table, a, b }: SwissPairing): Pairing => ({ table, a, b });

export function pairNextRound(event: EventFile, options: NextRoundOptions): NextRoundResult {
  // Any round, not only the last: an imported file can hold an unplayed game in round 1 under a
  // finished round 2, and pairing on TP that leave it out would be wrong.
  for (const r of event.rounds) {
    const open = unfinishedTables(r);
    if (open.length > 0) return { ok: false, reason: 'round-unfinished', round: r.number, tables: open };
  }
  const active = activePlayerIds(event);
  if (active.length < 2) return { ok: false, reason: 'too-few-players', active: active.length };
  const number = event.rounds.length + 1;
  const avoidSameClub = options.avoidSameClub ?? event.settings.avoidSameClub === true;
  const avoidSameTable = options.avoidSameTable ?? event.settings.avoidSameTable === true;
  const base = { number, scenario: null, variableMinutes: null, pairingSeed: options.seed };

  if (number === 1 && !avoidSameClub) {
    const r = pairFirstRound(active, options.seed);
    return { ok: true, round: { ...base, pairings: r.pairings.map(toPairing), bye: r.bye }, rematches: 0, squaredSpread: 0, method: 'first-round' };
  }

  const standings = options.standings?.() ?? computeStandings(event);
  const finalTables = options.finalTables ?? isFinalTablesRound(event, number);
  if (finalTables) {
    const ft = finalTablesPairing(standings);
    if (!ft.ok) return { ok: false, reason: 'fewer-than-four-players' };
    const rest = ft.rest.filter((id) => active.includes(id));
    const r = rest.length > 0 ? pairSwiss(swissPlayers(event, standings, rest, avoidSameTable), { seed: options.seed, avoidSameClub, avoidSameTable }) : null;
    const pairings: Pairing[] = [...ft.tables, ...(r?.pairings ?? []).map((p) => toPairing({ ...p, table: p.table + 2 }))];
    return {
      ok: true,
      round: { ...base, finalTables: true, pairings, bye: r?.bye ?? null },
      rematches: r?.rematches ?? 0,
      squaredSpread: r?.squaredSpread ?? 0,
      method: r?.method ?? 'greedy',
    };
  }

  const r = pairSwiss(swissPlayers(event, standings, active, avoidSameTable), { seed: options.seed, avoidSameClub, avoidSameTable });
  return { ok: true, round: { ...base, pairings: r.pairings.map(toPairing), bye: r.bye }, rematches: r.rematches, squaredSpread: r.squaredSpread, method: r.method };
}

/**
 * What a hand-made change (a swap) costs against the rules: rematches, opponents more than one TP
 * apart, a second bye, players taken out of their TP group while they could have stayed in it,
 * a bye above the lowest TP. Shown to the organizer before the swap is confirmed.
 */
export function pairingWarnings(event: EventFile, round: Round): PairingWarning[] {
  const earlier: EventFile = { ...event, rounds: event.rounds.filter((r) => r.number < round.number) };
  const standings = new Map(computeStandings(earlier).map((r) => [r.id, r]));
  const warnings: PairingWarning[] = [];
  for (const p of round.pairings) {
    const a = standings.get(p.a);
    const b = standings.get(p.b);
    if (a?.opponents.includes(p.b)) warnings.push({ table: p.table, kind: 'rematch', a: p.a, b: p.b });
    const gap = Math.abs((a?.tp ?? 0) - (b?.tp ?? 0));
    if (gap > 1) warnings.push({ table: p.table, kind: 'score-gap', a: p.a, b: p.b, gap });
  }
  if (round.bye && (standings.get(round.bye)?.byes ?? 0) > 0) warnings.push({ table: null, kind: 'second-bye', a: round.bye });
  // the same checks as the file's (event-rules.ts): round 1 is random, the final tables are fixed
  if (round.number > 1 && round.finalTables !== true) {
    const h = historyBefore(event, round.number);
    for (const s of pileSkips(round.pairings, h)) warnings.push({ table: s.table, kind: 'pile-skip', a: s.a, b: s.b, other: s.other });
    const high = byeAboveLowest(round, h);
    if (high) warnings.push({ table: null, kind: 'bye-above-lowest', a: high.bye, other: high.other });
  }
  return warnings;
}
