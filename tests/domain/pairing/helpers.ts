// Assertion helpers for the pairing tests.
import { expect } from 'vitest';
import type { SwissPlayer, SwissResult } from '../../../src/domain/pairing/swiss';

export * from './oracle';

/** Structural checks every result must pass. */
export function checkValid(players: readonly SwissPlayer[], r: SwissResult): void {
  const ids = new Set(players.map((p) => p.id));
  const seen = new Set<string>();
  for (const pr of r.pairings) {
    for (const x of [pr.a, pr.b]) {
      expect(ids.has(x)).toBe(true);
      expect(seen.has(x)).toBe(false);
      seen.add(x);
    }
  }
  if (players.length % 2 === 1) {
    expect(r.bye).not.toBeNull();
    expect(seen.has(r.bye!)).toBe(false);
    seen.add(r.bye!);
    const minByes = Math.min(...players.map((p) => p.byes));
    const byePlayer = players.find((p) => p.id === r.bye)!;
    expect(byePlayer.byes).toBe(minByes);
  } else {
    expect(r.bye).toBeNull();
  }
  expect(seen.size).toBe(players.length);
  // tables 1..P, each once
  const tables = r.pairings.map((p) => p.table).sort((a, b) => a - b);
  expect(tables).toEqual(tables.map((_, i) => i + 1));
  // a is the higher-scored player
  const score = new Map(players.map((p) => [p.id, p.score]));
  for (const pr of r.pairings) expect(score.get(pr.a)!).toBeGreaterThanOrEqual(score.get(pr.b)!);
  // score sums are non-increasing with the table number
  const sums = r.pairings.map((p) => score.get(p.a)! + score.get(p.b)!);
  for (let i = 1; i < sums.length; i++) expect(sums[i]!).toBeLessThanOrEqual(sums[i - 1]!);
}
