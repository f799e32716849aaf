import { describe, expect, it } from 'vitest';
import { assassinationWinner, decideAtTime, timeOutOptions, type TimeOutSide } from '../../../src/domain/sr2011';

const side = (castersInPlay: number, cp: number, zonePoints: number, apd: number, objectivesInOwnHalf?: number): TimeOutSide => ({
  castersInPlay,
  cp,
  zonePoints,
  apd,
  ...(objectivesInOwnHalf === undefined ? {} : { objectivesInOwnHalf }),
});

describe('decideAtTime walks the four conditions in order', () => {
  it.each([
    // [a, b, winner, step, decidedBy]
    ['1: more casters in play', side(1, 0, 0, 0), side(0, 3, 30, 40), 'a', 1, 'casters'],
    ['1: more casters in play (b)', side(1, 3, 30, 40), side(2, 0, 0, 0), 'b', 1, 'casters'],
    ['2: equal casters, more CP', side(1, 2, 0, 0), side(1, 1, 40, 50), 'a', 2, 'control-points'],
    ['2: equal casters, more CP (b)', side(1, 0, 40, 50), side(1, 1, 0, 0), 'b', 2, 'control-points'],
    ['3: more army points in the zone', side(1, 1, 14, 0), side(1, 1, 9, 30), 'a', 3, 'army-points-in-zone'],
    ['3: more army points in the zone (b)', side(1, 1, 5, 30), side(1, 1, 6, 0), 'b', 3, 'army-points-in-zone'],
    ['4: the player who lost more loses', side(1, 1, 5, 12), side(1, 1, 5, 20), 'b', 4, 'army-points-lost'],
    ['4: the player who lost more loses (a)', side(0, 0, 0, 31), side(0, 0, 0, 30), 'a', 4, 'army-points-lost'],
    ['all equal: a draw', side(1, 1, 5, 20), side(1, 1, 5, 20), null, null, 'all-equal'],
  ] as const)('%s', (_label, a, b, winner, step, decidedBy) => {
    expect(decideAtTime(a, b)).toEqual({ winner, step, decidedBy });
  });
  it('no tiebreakers: a time-out is a draw', () => {
    expect(decideAtTime(side(1, 0, 0, 0), side(0, 0, 0, 0), { noTiebreakers: true })).toEqual({ winner: null, step: null, decidedBy: 'no-tiebreakers' });
  });
  it('Grind: fewer objectives in your own half wins step 3, army points in zone ignored', () => {
    const opts = timeOutOptions([], 'grind');
    expect(decideAtTime(side(1, 1, 0, 0, 0), side(1, 1, 50, 0, 2), opts)).toEqual({ winner: 'a', step: 3, decidedBy: 'objectives-in-own-half' });
    expect(decideAtTime(side(1, 1, 0, 10, 1), side(1, 1, 50, 0, 1), opts)).toEqual({ winner: 'a', step: 4, decidedBy: 'army-points-lost' });
  });
  it('timeOutOptions reads the variants and the scenario', () => {
    expect(timeOutOptions(['no-tiebreakers'], 'overrun')).toEqual({ noTiebreakers: true, tiebreak3: 'army-points' });
    expect(timeOutOptions([], null)).toEqual({ noTiebreakers: false, tiebreak3: 'army-points' });
  });
});

describe('assassinationWinner', () => {
  it.each([
    [1, 0, [], 'a'],
    [0, 2, [], 'b'],
    [1, 1, [], null],
    [0, 0, [], null],
    [1, 0, ['no-assassination'], null],
  ] as const)('%i v %i casters %j -> %s', (a, b, variants, w) => {
    expect(assassinationWinner(a, b, variants)).toBe(w);
  });
});
