// What a hand-made round (the organizer swapped two players before it starts) costs against the
// rules, for the systems' GameSystem.pairingWarnings hooks. Every system shares two warnings: a
// rematch and a second bye. A Swiss system adds its pairing order in its own points (the same
// engine pairs them all, src/domain/pairing); a knockout adds its bracket. SR2011 keeps its own
// (sr2011/next-round.ts), in TP.
import type { EventFile, PlayerId, Round } from '../event-file/types';
import { readBracket } from './bracket';
import type { PairingWarning } from './game-system';
import { byeAboveLowest, emptyHistory, haveMet, pileSkips, recordMeeting, type PairingHistory } from './pairing-checks';
import { roundByes } from './rounds';

/** Who met whom and who sat out before round `number`; a game counts from its pairing, result or not. */
function meetingsBefore(event: Pick<EventFile, 'rounds'>, number: number): PairingHistory {
  const h = emptyHistory();
  for (const r of event.rounds) {
    if (r.number >= number) continue;
    for (const p of r.pairings) recordMeeting(h, p.a, p.b);
    for (const id of roundByes(r)) h.byes.set(id, (h.byes.get(id) ?? 0) + 1);
  }
  return h;
}

function rematches(round: Round, h: PairingHistory): PairingWarning[] {
  return round.pairings.filter((p) => haveMet(h, p.a, p.b)).map((p) => ({ table: p.table, kind: 'rematch', a: p.a, b: p.b }));
}

function secondByes(round: Round, h: PairingHistory): PairingWarning[] {
  return roundByes(round)
    .filter((id) => (h.byes.get(id) ?? 0) > 0)
    .map((id) => ({ table: null, kind: 'second-bye', a: id }));
}

/** The warnings of every system: two players who already met, a player given a second bye. */
export function universalPairingWarnings(event: Pick<EventFile, 'rounds'>, round: Round): PairingWarning[] {
  const h = meetingsBefore(event, round.number);
  return [...rematches(round, h), ...secondByes(round, h)];
}

/** A standings row as a Swiss system's pairing reads it: its points. */
export interface PointsRow {
  id: PlayerId;
  points: number;
}

/**
 * A Swiss round against the pairing order in the system's own points; `standingsBefore` is the
 * system's standings function, given the event cut before this round. Besides the universal two:
 * a table that jumps over a points group of this round (a score gap: the engine floats a player
 * down to the next lower group only), a table whose players could have stayed in their groups
 * (pile skip), a bye above the lowest points (pairing-checks.ts). Round 1 is drawn at random.
 */
export function swissPairingWarnings(event: EventFile, round: Round, standingsBefore: (earlier: EventFile) => readonly PointsRow[]): PairingWarning[] {
  const h = meetingsBefore(event, round.number);
  const out = [...rematches(round, h), ...secondByes(round, h)];
  if (round.number <= 1) return out;
  for (const row of standingsBefore({ ...event, rounds: event.rounds.filter((r) => r.number < round.number) })) h.tp.set(row.id, row.points);
  const points = (id: PlayerId): number => h.tp.get(id) ?? 0;
  const groups = [...new Set([...round.pairings.flatMap((p) => [points(p.a), points(p.b)]), ...roundByes(round).map(points)])].sort((x, y) => x - y);
  const group = new Map(groups.map((v, i) => [v, i]));
  for (const p of round.pairings) {
    if (Math.abs(group.get(points(p.a))! - group.get(points(p.b))!) > 1) out.push({ table: p.table, kind: 'score-gap', a: p.a, b: p.b, gap: Math.abs(points(p.a) - points(p.b)) });
  }
  for (const s of pileSkips(round.pairings, h)) out.push({ table: s.table, kind: 'pile-skip', a: s.a, b: s.b, other: s.other });
  const high = byeAboveLowest(round, h);
  if (high) out.push({ table: null, kind: 'bye-above-lowest', a: high.bye, other: high.other });
  return out;
}

/**
 * A knockout round against its bracket (systems/bracket.ts): each game the bracket, read with this
 * round in it, does not hold (round 1 against the stored seeding, a later round against the
 * winners of the one before). A rematch besides; a bye is the bracket's own (a first-round bye
 * may be followed by a walkover), so no second-bye warning.
 */
export function bracketPairingWarnings(event: EventFile, round: Round): PairingWarning[] {
  const out = rematches(round, meetingsBefore(event, round.number));
  const rounds = [...event.rounds.filter((r) => r.number < round.number), round];
  const at = `rounds[${rounds.length - 1}].pairings[`;
  for (const problem of readBracket({ ...event, rounds }).problems) {
    if (problem.code !== 'off-bracket' || !problem.path.startsWith(at)) continue;
    const p = round.pairings[Number.parseInt(problem.path.slice(at.length), 10)];
    if (p) out.push({ table: p.table, kind: 'off-bracket', a: p.a, b: p.b });
  }
  return out;
}
