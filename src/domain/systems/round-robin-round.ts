// Pairing the next round of a round robin. Round 1 fixes the circle (a seeded shuffle of the
// active players) and stores it as `roundRobinOrder` so every later round is read from the file.
// A player who dropped leaves an empty place: whoever should have met them has a bye that round.
import type { EventFile, Pairing, PlayerId } from '../event-file/types';
import { roundRobinRound, roundRobinRoundCount } from '../pairing';
import { createRng } from '../random';
import type { PairOptions, PairOutcome } from './game-system';
import { activePlayerIds, unfinishedRound } from './rounds';

/** The circle: stored on round 1, else (a hand-made file) the players by number. */
export function roundRobinOrder(event: EventFile): PlayerId[] {
  const stored = event.rounds[0]?.roundRobinOrder;
  if (Array.isArray(stored) && stored.every((id) => typeof id === 'string')) return stored as PlayerId[];
  return [...event.players].sort((x, y) => x.number - y.number).map((p) => p.id);
}

export function pairRoundRobinRound(event: EventFile, options: PairOptions): PairOutcome {
  const open = unfinishedRound(event);
  if (open) return open;
  const active = activePlayerIds(event);
  if (active.length < 2) return { ok: false, reason: 'too-few-players', active: active.length };
  const number = event.rounds.length + 1;
  const byNumber = (ids: PlayerId[]): PlayerId[] => {
    const numbers = new Map(event.players.map((p) => [p.id, p.number]));
    return [...ids].sort((x, y) => numbers.get(x)! - numbers.get(y)!);
  };
  // the shuffle starts from player numbers, not file order, so the same roster and seed give the same circle
  const order = number === 1 ? createRng(options.seed).shuffle(byNumber(active)) : roundRobinOrder(event);
  if (number > roundRobinRoundCount(order.length)) return { ok: false, reason: 'event-complete', champion: null };
  const isActive = new Set(active);
  const { pairs, bye } = roundRobinRound(order, number - 1);
  const pairings: Pairing[] = [];
  const byes: PlayerId[] = [];
  for (const [x, y] of pairs) {
    if (isActive.has(x) && isActive.has(y)) pairings.push({ table: pairings.length + 1, a: x, b: y });
    else if (isActive.has(x)) byes.push(x);
    else if (isActive.has(y)) byes.push(y);
  }
  if (bye !== null && isActive.has(bye)) byes.unshift(bye);
  const scheduled = new Set(order);
  return {
    ok: true,
    round: { number, ...(number === 1 ? { roundRobinOrder: order } : {}), pairings, bye: byes[0] ?? null, byes, pairingSeed: options.seed },
    byes,
    rematches: 0,
    unscheduled: active.filter((id) => !scheduled.has(id)),
  };
}
