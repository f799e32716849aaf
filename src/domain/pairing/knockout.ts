// Single-elimination bracket geometry, independent of any game system: where each seed sits, who
// gets the byes of a field that is not a power of two, and how one round's winners meet in the
// next. The event-level bracket (results, drops, champion) is built on top of this by the
// systems that play knockout events.

/** One match of a bracket round: a null side is an empty place (the other player has a bye). */
export interface KnockoutSlot<T> {
  a: T | null;
  b: T | null;
}

/** The smallest power of two holding `count` players (1 for 0 or 1). */
export function bracketSize(count: number): number {
  let size = 1;
  while (size < count) size *= 2;
  return size;
}

/** Rounds a bracket of `count` players needs: 4 players 2 rounds, 5..8 players 3. */
export function knockoutRoundCount(count: number): number {
  return Math.round(Math.log2(bracketSize(count)));
}

/**
 * Seeds (1-based) in bracket order for a power-of-two size: [1, 8, 4, 5, 2, 7, 3, 6] for 8.
 * Each step mirrors the previous one so that seeds 1 and 2 can only meet in the final, 1-4 in the
 * semi-finals, and so on; the seeds missing from a smaller field are the highest numbers, so
 * their places become byes for the top seeds.
 */
export function bracketPositions(size: number): number[] {
  if (size < 1 || bracketSize(size) !== size) throw new Error(`bracketPositions: ${size} is not a power of two`);
  let order = [1];
  while (order.length < size) {
    const mirror = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, mirror - seed]);
  }
  return order;
}

/**
 * The first round of a bracket from the seeding, best first. With N players and a bracket of S
 * places the S - N top seeds get a bye (their opponent's place is empty); two byes never meet.
 */
export function firstRoundSlots<T>(seeding: readonly T[]): KnockoutSlot<T>[] {
  const size = bracketSize(Math.max(2, seeding.length));
  const positions = bracketPositions(size);
  const at = (seed: number): T | null => (seed <= seeding.length ? seeding[seed - 1]! : null);
  const slots: KnockoutSlot<T>[] = [];
  for (let i = 0; i < size; i += 2) slots.push({ a: at(positions[i]!), b: at(positions[i + 1]!) });
  return slots;
}

/**
 * The next round from the winners of this one, in bracket order (null = nobody went through,
 * e.g. both players of a match dropped). Odd counts are padded with an empty place.
 */
export function nextRoundSlots<T>(winners: readonly (T | null)[]): KnockoutSlot<T>[] {
  const slots: KnockoutSlot<T>[] = [];
  for (let i = 0; i < winners.length; i += 2) slots.push({ a: winners[i] ?? null, b: winners[i + 1] ?? null });
  return slots;
}
