// A knockout event read from its rounds: the bracket's first round comes from the seeding stored
// on round 1 (`seeding`, best first), every later round from the winners of the one before. The
// recorded pairings and byes are the truth of what happened; the bracket says what should have
// happened and reports a game that does not fit it. Drops: a player who dropped while still in
// gives their next opponent a walkover (a bye).
import type { EventFile, Player, PlayerId, Round } from '../event-file/types';
import { bracketSize, firstRoundSlots, nextRoundSlots, type KnockoutSlot } from '../pairing';
import type { SystemProblem } from './game-system';
import { roundByes } from './rounds';

export interface BracketMatch {
  a: PlayerId | null;
  b: PlayerId | null;
  kind: 'game' | 'bye' | 'walkover' | 'empty';
  /** the table, for a game */
  table: number | null;
  /** who went through: null = nobody, undefined = not decided yet (no result, or a draw) */
  winner: PlayerId | null | undefined;
}

export interface BracketRound {
  number: number;
  /** players still in the bracket when the round started (2 = the final) */
  field: number;
  matches: BracketMatch[];
}

export interface Bracket {
  /** round 1's stored seeding, best first; without one, its players in bracket order */
  seeding: PlayerId[];
  /** places in the first round (a power of two) */
  size: number;
  rounds: BracketRound[];
  /** every game decided and at most one player left */
  complete: boolean;
  champion: PlayerId | null;
  problems: SystemProblem[];
}

/** Round names by how many places the round has: 2 final, 4 semi-final, 8 quarter-final. */
export function knockoutStage(field: number): string {
  if (field <= 2) return 'final';
  if (field === 4) return 'semi-final';
  if (field === 8) return 'quarter-final';
  return `round-of-${field}`;
}

/** Seeding a new bracket: the organizer's order (settings.seedOrder, then number) or a seeded shuffle. */
export function seedingOrder(players: readonly Player[], mode: 'random' | 'organizer', seedOrder: readonly unknown[], shuffle: (ids: PlayerId[]) => PlayerId[]): PlayerId[] {
  const byNumber = [...players].sort((x, y) => x.number - y.number).map((p) => p.id);
  if (mode === 'random') return shuffle(byNumber);
  const ids = new Set(byNumber);
  const first = seedOrder.filter((id): id is PlayerId => typeof id === 'string' && ids.has(id));
  const listed = new Set(first);
  return [...new Set(first), ...byNumber.filter((id) => !listed.has(id))];
}

const isDroppedBy = (player: Player | undefined, round: number): boolean => player?.dropped === true && (player.droppedAfterRound === null || player.droppedAfterRound < round);

function storedSeeding(round: Round): PlayerId[] | null {
  const s = round.seeding;
  return Array.isArray(s) && s.every((id) => typeof id === 'string') ? (s as PlayerId[]) : null;
}

/**
 * Round 1 without a stored seeding (a hand-made file): its tables in order, then its byes, is
 * the bracket; empty places pad it to a power of two.
 */
function slotsFromRound(round: Round): KnockoutSlot<PlayerId>[] {
  const slots: KnockoutSlot<PlayerId>[] = [...round.pairings].sort((x, y) => x.table - y.table).map((p) => ({ a: p.a, b: p.b }));
  for (const id of roundByes(round)) slots.push({ a: id, b: null });
  const size = bracketSize(Math.max(1, slots.length));
  while (slots.length < size) slots.push({ a: null, b: null });
  return slots;
}

function playRound(slots: KnockoutSlot<PlayerId>[], round: Round, index: number, players: Map<PlayerId, Player>, problems: SystemProblem[]): BracketMatch[] {
  const byes = new Set(roundByes(round));
  const used = new Set<number>();
  // each game's table by its two players, either way round (first one wins, as a scan would):
  // a scan per slot is quadratic, seconds for a 4,096-player bracket
  const tableOf = new Map<string, number>();
  round.pairings.forEach((p, j) => {
    for (const key of [`${p.a}\n${p.b}`, `${p.b}\n${p.a}`]) if (!tableOf.has(key)) tableOf.set(key, j);
  });
  const matches = slots.map((slot): BracketMatch => {
    const { a, b } = slot;
    if (a !== null && b !== null) {
      const j = tableOf.get(`${a}\n${b}`) ?? -1;
      if (j >= 0) {
        used.add(j);
        const p = round.pairings[j]!;
        const winner = p.result ? (p.result.winner === a || p.result.winner === b ? p.result.winner : undefined) : undefined;
        return { a, b, kind: 'game', table: p.table, winner };
      }
      if (byes.has(a) !== byes.has(b)) return { a, b, kind: 'walkover', table: null, winner: byes.has(a) ? a : b };
      const [outA, outB] = [isDroppedBy(players.get(a), round.number), isDroppedBy(players.get(b), round.number)];
      if (outA || outB) return { a, b, kind: 'walkover', table: null, winner: outA && outB ? null : outA ? b : a };
      problems.push({ path: `rounds[${index}].pairings`, code: 'bracket-game-missing', params: { a, b, round: round.number } });
      return { a, b, kind: 'game', table: null, winner: undefined };
    }
    const present = a ?? b;
    if (present === null) return { a, b, kind: 'empty', table: null, winner: null };
    const gone = !byes.has(present) && isDroppedBy(players.get(present), round.number);
    return { a, b, kind: 'bye', table: null, winner: gone ? null : present };
  });
  round.pairings.forEach((p, j) => {
    if (!used.has(j)) problems.push({ path: `rounds[${index}].pairings[${j}]`, code: 'off-bracket', params: { a: p.a, b: p.b, round: round.number } });
  });
  return matches;
}

/** The bracket as the event's rounds have played it so far. */
export function readBracket(event: EventFile): Bracket {
  const problems: SystemProblem[] = [];
  const players = new Map(event.players.map((p) => [p.id, p]));
  const first = event.rounds[0];
  if (!first) return { seeding: [], size: 0, rounds: [], complete: false, champion: null, problems };
  const stored = storedSeeding(first);
  let slots = stored ? firstRoundSlots(stored) : slotsFromRound(first);
  const seeding = stored ?? slots.flatMap((s) => [s.a, s.b]).filter((id): id is PlayerId => id !== null);
  const size = slots.length * 2;
  const rounds: BracketRound[] = [];
  let decided = true;
  event.rounds.forEach((round, index) => {
    if (!decided || slots.length === 0) {
      // a round paired past an undecided one, or past the final
      round.pairings.forEach((p, j) => problems.push({ path: `rounds[${index}].pairings[${j}]`, code: 'off-bracket', params: { a: p.a, b: p.b, round: round.number } }));
      return;
    }
    const matches = playRound(slots, round, index, players, problems);
    rounds.push({ number: round.number, field: slots.length * 2, matches });
    decided = matches.every((m) => m.winner !== undefined);
    const winners = matches.map((m) => m.winner ?? null);
    slots = winners.length > 1 && winners.filter((w) => w !== null).length > 1 ? nextRoundSlots(winners) : [];
  });
  const last = rounds[rounds.length - 1];
  const survivors = last ? last.matches.map((m) => m.winner).filter((w): w is PlayerId => typeof w === 'string') : [];
  const complete = decided && slots.length === 0;
  return {
    seeding,
    size,
    rounds,
    complete,
    champion: complete ? (survivors[0] ?? null) : null,
    problems,
  };
}

/**
 * The matches of the next round, or null when the last round is not decided or the bracket is
 * complete. Drops since the last round are applied: a dropped player's opponent has a bye.
 */
export function nextBracketMatches(event: EventFile, bracket: Bracket): KnockoutSlot<PlayerId>[] | null {
  const last = bracket.rounds[bracket.rounds.length - 1];
  if (!last || bracket.complete) return null;
  if (last.matches.some((m) => m.winner === undefined)) return null;
  const players = new Map(event.players.map((p) => [p.id, p]));
  const active = (id: PlayerId | null): PlayerId | null => (id !== null && players.get(id)?.dropped !== true ? id : null);
  return nextRoundSlots(last.matches.map((m) => active(m.winner ?? null)));
}
