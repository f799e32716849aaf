// The adversarial histories of issue 23: the engine's result equals an exact whole-field
// reference on small fields, and at the format's 10,000 players it pairs (no stack overflow) and
// is proven optimal by a bound that shares no code with the engine. Work is counted, never time.
import { describe, expect, it } from 'vitest';
import { pairSwissWithStats } from '../../../src/domain/pairing/swiss';
import { ADVERSARIAL_FAMILIES, adversarialField, certify } from './adversarial';
import { checkValid, referenceBest, tupleOf } from './helpers';

describe('adversarial histories', () => {
  it('small fields of every family: equal to the exact whole-field reference', { timeout: 120_000 }, () => {
    let proven = 0;
    let cases = 0;
    for (const family of ADVERSARIAL_FAMILIES) {
      for (const [n, size] of [
        [48, 8],
        [70, 8],
        [80, 16],
        [90, 16],
        [150, 16],
        [192, 32],
      ] as const) {
        const players = adversarialField(family, n, size);
        for (const seed of [1, 2]) {
          const { result, stats } = pairSwissWithStats(players, { seed });
          checkValid(players, result);
          expect(stats.boundMisses).toBe(0);
          const got = tupleOf(players, result, false);
          const want = referenceBest(players, false);
          expect({ family, n, size, ...got }).toEqual({ family, n, size, ...want });
          // the bound never claims more than the truth, and is often tight
          const c = certify(players, result);
          expect(c.spreadBound).toBeLessThanOrEqual(want.spread);
          if (c.optimal) proven++;
          cases++;
        }
      }
    }
    expect(proven).toBeGreaterThan(cases / 2);
  });

  it.each(ADVERSARIAL_FAMILIES)(
    '%s at 10,000 players: pairs, proven optimal, with one whole-field matching at most',
    (family) => {
      const players = adversarialField(family, 10_000);
      const { result, stats } = pairSwissWithStats(players, { seed: 23 });
      checkValid(players, result);
      expect(stats.boundMisses).toBe(0);
      const c = certify(players, result);
      expect(c.reason).toBe('');
      expect(c.optimal).toBe(true);
      // work: a few greedy passes, windows of at most a few hundred players, one whole field
      expect(stats.greedyRuns).toBeLessThanOrEqual(4);
      expect(stats.matchingVertices).toBeLessThanOrEqual(players.length + 1 + 400);
    },
    300_000,
  );
});
