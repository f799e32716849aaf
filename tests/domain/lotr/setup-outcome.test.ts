import { describe, expect, it } from 'vitest';
import {
  bodyCount,
  chooseCamp,
  chooseMap,
  chooseMapSide,
  endOfTurn,
  isBroken,
  judgeLotrGame,
  pointsVictory,
  startLotrSetup,
  victoryOf,
  type PointsTally,
} from '../../../src/domain/lotr';
import { createRng } from '../../../src/domain/random';

describe('setup (seed 004, steps 1-6)', () => {
  it('roll-off, ties thrown again; the winner is the Attacker', () => {
    for (let seed = 0; seed < 100; seed++) {
      const s = startLotrSetup(createRng(seed));
      const rolls = s.rollOff.rolls;
      expect(rolls.slice(0, -1).every(([a, b]) => a === b)).toBe(true);
      const [a, b] = rolls.at(-1)!;
      expect(s.attacker).toBe(a > b ? 'a' : 'b');
      expect(s.defender).not.toBe(s.attacker);
      expect(startLotrSetup(createRng(seed))).toEqual(s);
    }
  });

  it('Attacker picks the camp, Defender the map, Attacker the side; the Attacker plays first', () => {
    const seed = [...Array(50).keys()].find((n) => startLotrSetup(createRng(n)).attacker === 'b')!;
    let s = startLotrSetup(createRng(seed));
    expect(s.step).toBe('camp');
    s = chooseCamp(s, 'evil');
    expect(s).toMatchObject({ step: 'map', camps: { a: 'good', b: 'evil' } });
    s = chooseMap(s, 'ruins');
    expect(s).toMatchObject({ step: 'side', map: 'ruins' });
    s = chooseMapSide(s, 'north');
    expect(s).toMatchObject({ step: 'done', sides: { a: 'south', b: 'north' }, firstPlayer: 'b' });
  });

  it('refuses a choice out of turn', () => {
    const s = startLotrSetup(createRng(1));
    expect(() => chooseMap(s, 'river')).toThrow();
    expect(() => chooseMapSide(chooseCamp(s, 'good'), 'south')).toThrow();
  });
});

describe('end of turn: total victory 3-0', () => {
  const army = (models: number, lost: number) => ({ models, lost });
  it.each([
    // frodo, good, evil, outcome
    ['killed', army(20, 0), army(20, 15), { ending: 'frodo-killed', winner: 'evil' }],
    ['escaped', army(20, 12), army(20, 0), { ending: 'frodo-escaped', winner: 'good' }], // even the turn his army broke
    ['escaped', army(20, 10), army(20, 10), { ending: 'frodo-escaped', winner: 'good' }],
    ['alive', army(20, 10), army(20, 9), { ending: 'army-broken', winner: 'evil' }], // half is enough
    ['alive', army(21, 10), army(20, 10), { ending: 'army-broken', winner: 'good' }], // 10 of 21 is under half
    ['alive', army(20, 10), army(20, 10), { ending: 'both-broken' }],
    ['alive', army(20, 9), army(20, 9), null],
  ] as const)('Frodo %s, Good lost %j, Evil lost %j: %j', (frodo, good, evil, outcome) => {
    expect(endOfTurn({ frodo, good, evil })).toEqual(outcome);
  });

  it('is broken at half or more of the models lost', () => {
    expect([isBroken(army(10, 4)), isBroken(army(10, 5)), isBroken(army(9, 4)), isBroken(army(9, 5))]).toEqual([false, true, false, true]);
  });
});

describe('points victory 2-1, each tie step, perfect draw 1.5-1.5', () => {
  const t = (remainingValue: number, heroPoints: number, survivors: number, losses: number, kills: number): PointsTally => ({
    remainingValue,
    heroPoints,
    survivors,
    losses,
    kills,
  });
  it.each([
    [t(120, 50, 8, 4, 5), t(100, 90, 9, 3, 6), 'a', 'remaining-value'],
    [t(100, 50, 8, 4, 5), t(100, 90, 9, 3, 6), 'b', 'hero-points'],
    [t(100, 90, 9, 3, 5), t(100, 90, 8, 4, 6), 'a', 'body-count'],
    // same body count (6 - 2 = 7 - 3) though not the same survivors
    [t(100, 90, 6, 2, 5), t(100, 90, 7, 3, 6), 'b', 'kills'],
    [t(100, 90, 6, 2, 5), t(100, 90, 7, 3, 5), null, 'perfect-draw'],
  ] as const)('%j against %j: %s by %s', (a, b, winner, decidedBy) => {
    expect(pointsVictory(a, b)).toEqual({ winner, decidedBy });
  });

  it('body count is survivors minus losses', () => {
    expect(bodyCount({ survivors: 4, losses: 9 })).toBe(-5);
  });

  it('judges a whole game and gives its points', () => {
    const camps = { a: 'evil', b: 'good' } as const;
    expect(judgeLotrGame({ ending: 'frodo-killed', winner: 'evil', camps })).toEqual({ victory: 'total', winner: 'a', points: { a: 3, b: 0 }, decidedBy: 'frodo-killed' });
    expect(judgeLotrGame({ ending: 'army-broken', winner: 'good', camps })).toMatchObject({ winner: 'b', points: { a: 0, b: 3 } });
    expect(judgeLotrGame({ ending: 'time', tallies: { a: t(90, 0, 1, 1, 1), b: t(100, 0, 1, 1, 1) } })).toEqual({
      victory: 'points',
      winner: 'b',
      points: { a: 1, b: 2 },
      decidedBy: 'remaining-value',
    });
    expect(judgeLotrGame({ ending: 'both-broken', tallies: { a: t(1, 1, 1, 1, 1), b: t(1, 1, 1, 1, 1) } })).toEqual({
      victory: 'draw',
      winner: null,
      points: { a: 1.5, b: 1.5 },
      decidedBy: 'perfect-draw',
    });
    expect(() => judgeLotrGame({ ending: 'army-broken', winner: 'good', camps: { a: 'good', b: 'good' } })).toThrow();
  });

  it('reads a recorded pair of points back', () => {
    expect(victoryOf(3, 0)).toEqual({ victory: 'total', winner: 'a' });
    expect(victoryOf(1, 2)).toEqual({ victory: 'points', winner: 'b' });
    expect(victoryOf(1.5, 1.5)).toEqual({ victory: 'draw', winner: null });
    expect(victoryOf(2, 2)).toBeNull();
    expect(victoryOf(3, 1)).toBeNull();
  });
});
