import { describe, it, expect } from 'vitest';
import { pairSwissWithStats } from '../../../src/domain/pairing/swiss';
import type { SwissOptions, SwissPlayer } from '../../../src/domain/pairing/swiss';
import { bruteForceBest, referenceBest, checkValid, cmpTuple, createRng, tupleOf } from './helpers';
import { cliqueField } from './cliques';

function check(players: SwissPlayer[], options: SwissOptions, best: (p: SwissPlayer[], clubs: boolean) => ReturnType<typeof bruteForceBest>): string {
  const { result, stats } = pairSwissWithStats(players, options);
  checkValid(players, result);
  expect(stats.boundMisses).toBe(0);
  const clubs = options.avoidSameClub === true;
  const got = tupleOf(players, result, clubs);
  const want = best(players, clubs);
  if (cmpTuple(got, want) !== 0) expect({ got, want, players, options }).toBeNull();
  return stats.fallback;
}

describe('exhausted score groups (every group a round robin already played)', () => {
  it('small fields: equal to the brute-force optimum', () => {
    const rng = createRng(20261124);
    const paths = new Map<string, number>();
    for (let ev = 0; ev < 400; ev++) {
      const levels = 1 + rng.int(4);
      const size = 2 + rng.int(3);
      const drop = rng.int(Math.min(3, levels * size - 1));
      if (levels * size - drop > 12) continue;
      const clubs = rng.next() < 0.3 ? 1 + rng.int(3) : 0;
      const players = cliqueField({
        levels,
        size,
        step: rng.next() < 0.3 ? 0.5 + rng.int(3) : 1,
        drop,
        clubs,
        noise: rng.next() < 0.5 ? { rng, extra: rng.int(4), forget: rng.int(3) } : undefined,
      });
      // shuffle the input order: the engine must not depend on it
      const shuffled = rng.shuffle(players);
      const fallback = check(shuffled, { seed: ev, avoidSameClub: clubs > 0 && rng.next() < 0.7, avoidSameTable: rng.next() < 0.3 }, bruteForceBest);
      paths.set(fallback, (paths.get(fallback) ?? 0) + 1);
    }
    // the exhausted groups must reach the whole-field matching, and the rematch fallback too
    expect(paths.get('whole-field') ?? 0).toBeGreaterThan(20);
    expect(paths.get('min-rematch') ?? 0).toBeGreaterThan(5);
  }, 60_000); // under a second alone; generous so a busy machine cannot fail it

  it('1024 players in 32 exhausted groups: a few greedy passes, then one whole-field matching', () => {
    // Every player must leave their group and a pair costs at least 1 (one group apart), so
    // 512 is the optimum; before the pass cap the windows grew one group per pass (31 passes).
    const players = cliqueField({ levels: 32, size: 32 });
    const { result, stats } = pairSwissWithStats(players, { seed: 7 });
    checkValid(players, result);
    expect(result.rematches).toBe(0);
    expect(result.squaredSpread).toBe(512);
    expect(stats.greedyRuns).toBeLessThanOrEqual(4);
    expect(stats.fallback).toBe('whole-field');
  }, 60_000);

  it('medium fields (up to 10 groups of 10): equal to a whole-field exact matching', () => {
    const rng = createRng(4096);
    let whole = 0;
    for (let ev = 0; ev < 40; ev++) {
      const levels = 3 + rng.int(8);
      const size = 3 + rng.int(8);
      const clubs = rng.next() < 0.3 ? 2 + rng.int(4) : 0;
      const players = cliqueField({
        levels,
        size,
        drop: rng.int(3),
        clubs,
        noise: rng.next() < 0.5 ? { rng, extra: rng.int(10), forget: rng.int(6) } : undefined,
      });
      if (check(players, { seed: ev, avoidSameClub: clubs > 0 }, referenceBest) === 'whole-field') whole++;
    }
    expect(whole).toBeGreaterThan(10);
  }, 60_000);
});
