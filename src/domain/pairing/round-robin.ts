// Round robin by the circle method: the first player stays put while the others turn one place
// per round, so every pair meets exactly once in n - 1 rounds (n rounds for an odd field, where
// an empty place gives one player a bye each round, each player once).

export interface RoundRobinRound<T> {
  pairs: Array<[T, T]>;
  bye: T | null;
}

/** Rounds needed for every pair to meet once. */
export function roundRobinRoundCount(count: number): number {
  if (count < 2) return 0;
  return count % 2 === 0 ? count - 1 : count;
}

/**
 * Round `index` (0-based) of the schedule for `order`. The fixed player alternates sides so that
 * nobody is always "a"; pairs come in table order.
 */
export function roundRobinRound<T>(order: readonly T[], index: number): RoundRobinRound<T> {
  const rounds = roundRobinRoundCount(order.length);
  if (!Number.isInteger(index) || index < 0 || index >= rounds) throw new Error(`roundRobinRound: no round ${index} for ${order.length} players`);
  const places: (T | null)[] = order.length % 2 === 0 ? [...order] : [...order, null];
  const m = places.length;
  const turning = places.slice(1);
  // rotate right by `index`: round 0 is the order as given
  const rotated = turning.map((_, i) => turning[(i - index + turning.length) % turning.length]!);
  const circle = [places[0]!, ...rotated];
  const pairs: Array<[T, T]> = [];
  let bye: T | null = null;
  for (let i = 0; i < m / 2; i++) {
    let x = circle[i]!;
    let y = circle[m - 1 - i]!;
    if (i === 0 && index % 2 === 1) [x, y] = [y, x];
    if (x === null || y === null) bye = x ?? y;
    else pairs.push([x, y]);
  }
  return { pairs, bye };
}

export function roundRobinSchedule<T>(order: readonly T[]): RoundRobinRound<T>[] {
  return Array.from({ length: roundRobinRoundCount(order.length) }, (_, i) => roundRobinRound(order, i));
}
