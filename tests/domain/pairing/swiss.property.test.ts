import { describe, it, expect } from 'vitest';
import { pairSwiss } from '../../../src/domain/pairing';
import { bruteForceBest, referenceBest, checkValid, cmpTuple, createRng, simulateEvent, tupleOf } from './helpers';
import type { Scoring } from './helpers';

// Each case takes 3-5 s alone on this 2-core machine and several times that when it is busy:
// the size is what makes them worth running (thousands of events against the oracles), so
// they get a timeout no machine speed can reach instead of vitest's 5 s default.
const HEAVY = 180_000;

const roundsFor = (n: number): number => (n <= 8 ? 3 : n <= 16 ? 4 : n <= 32 ? 5 : n <= 64 ? 6 : 7);

describe('pairSwiss properties over simulated events', () => {
  it(
    'small fields (2..12): valid and equal to the brute-force optimum',
    () => {
      const rng = createRng(424242);
      let rounds = 0;
      let windows = 0;
      for (let ev = 0; ev < 3000; ev++) {
        const n = 2 + rng.int(11);
        const scoring: Scoring = (['sr', 'sr', 'halves', 'scale9'] as const)[rng.int(4)]!;
        const clubs = rng.next() < 0.3 ? 1 + rng.int(3) : 0;
        simulateEvent(
          rng,
          {
            players: n,
            rounds: roundsFor(n) + rng.int(3), // sometimes more rounds than the table: forced rematches
            scoring,
            dropRate: rng.next() < 0.3 ? 0.1 : 0,
            clubs,
            avoidSameClub: clubs > 0 && rng.next() < 0.7,
            avoidSameTable: rng.next() < 0.3,
          },
          (rec) => {
            rounds++;
            checkValid(rec.players, rec.result);
            expect(rec.stats.boundMisses).toBe(0);
            if (rec.stats.windows.length > 0) windows++;
            const countClubs = rec.options.avoidSameClub === true;
            const got = tupleOf(rec.players, rec.result, countClubs);
            const best = bruteForceBest(rec.players, countClubs);
            if (cmpTuple(got, best) !== 0) {
              expect({ got, best, players: rec.players, seed: rec.options.seed }).toBeNull();
            }
            expect(rec.result.rematches).toBe(got.rematches);
            expect(rec.result.squaredSpread).toBeCloseTo(got.spread, 9);
            if (rounds % 7 === 0) expect(pairSwiss(rec.players, rec.options)).toEqual(rec.result); // deterministic
          },
        );
      }
      expect(rounds).toBeGreaterThan(6000);
      expect(windows).toBeGreaterThan(0);
    },
    HEAVY,
  );

  it(
    'medium fields (13..40): valid and equal to a whole-field exact matching',
    () => {
      const rng = createRng(777);
      let rounds = 0;
      for (let ev = 0; ev < 500; ev++) {
        const n = 13 + rng.int(28);
        const scoring: Scoring = (['sr', 'sr', 'halves', 'scale9'] as const)[rng.int(4)]!;
        const clubs = rng.next() < 0.35 ? 1 + rng.int(4) : 0;
        simulateEvent(
          rng,
          {
            players: n,
            rounds: roundsFor(n) + rng.int(3),
            scoring,
            dropRate: rng.next() < 0.3 ? 0.05 : 0,
            clubs,
            avoidSameClub: clubs > 0 && rng.next() < 0.7,
          },
          (rec) => {
            rounds++;
            checkValid(rec.players, rec.result);
            expect(rec.stats.boundMisses).toBe(0);
            const countClubs = rec.options.avoidSameClub === true;
            const got = tupleOf(rec.players, rec.result, countClubs);
            const best = referenceBest(rec.players, countClubs);
            if (cmpTuple(got, best) !== 0) {
              expect({ got, best, players: rec.players, seed: rec.options.seed }).toBeNull();
            }
          },
        );
      }
      expect(rounds).toBeGreaterThan(2000);
    },
    HEAVY,
  );

  it(
    'larger fields (41..120) under rematch pressure: equal to a whole-field exact matching',
    () => {
      const rng = createRng(31337);
      let rounds = 0;
      let windowRounds = 0;
      for (let ev = 0; ev < 60; ev++) {
        const n = 41 + rng.int(80);
        const clubs = rng.next() < 0.4 ? 1 + rng.int(5) : 0;
        simulateEvent(
          rng,
          {
            players: n,
            rounds: roundsFor(n) + 2 + rng.int(4),
            scoring: (['sr', 'halves', 'scale9'] as const)[rng.int(3)]!,
            dropRate: 0.03,
            clubs,
            avoidSameClub: clubs > 0,
          },
          (rec) => {
            rounds++;
            if (rec.stats.windows.length > 0) windowRounds++;
            checkValid(rec.players, rec.result);
            expect(rec.stats.boundMisses).toBe(0);
            const countClubs = rec.options.avoidSameClub === true;
            const got = tupleOf(rec.players, rec.result, countClubs);
            const best = referenceBest(rec.players, countClubs);
            if (cmpTuple(got, best) !== 0) {
              expect({ got, best, players: rec.players, seed: rec.options.seed }).toBeNull();
            }
          },
        );
      }
      expect(rounds).toBeGreaterThan(400);
      expect(windowRounds).toBeGreaterThan(0);
    },
    HEAVY,
  );
});
