import { describe, expect, it } from 'vitest';
import { clockView, foldClock, type ClockAction } from '../../../src/domain/clock';
import { act, config50, DICE_DOWN, MIN, SEC, T0 } from './helpers';

const c = config50(['time-reserve']);
const RESERVE = 59 * MIN;
const refusals = (actions: ClockAction[], config = c) => foldClock(config, actions).refused.map((r) => [r.index, r.reason]);

describe('time reserve ("deathclock", 50 points: 59 min each)', () => {
  it('runs on the active player only and has no turn clock', () => {
    const actions = [act('start', 0), act('end-turn', 10 * MIN)];
    const v = clockView(c, actions, T0 + 15 * MIN);
    expect(v).toMatchObject({ mode: 'reserve', active: 'b', running: 'b', turnRemainingMs: null, turnClock: null });
    expect(v.reserveRemainingMs).toEqual({ a: RESERVE - 10 * MIN, b: RESERVE - 5 * MIN });
    expect(v.reserve).toEqual({
      a: { budgetMs: RESERVE, usedMs: 10 * MIN, runningSince: null },
      b: { budgetMs: RESERVE, usedMs: 0, runningSince: T0 + 10 * MIN },
    });
  });

  it('"pause" passes the running reserve to the player taking time until "resume"', () => {
    const actions = [act('start', 0), act('end-turn', 10 * MIN), act('pause', 12 * MIN), act('resume', 13 * MIN + 30 * SEC)];
    expect(clockView(c, actions.slice(0, 3), T0 + 13 * MIN)).toMatchObject({ phase: 'paused', active: 'b', running: 'a' });
    const v = clockView(c, actions, T0 + 20 * MIN);
    expect(v).toMatchObject({ phase: 'running', active: 'b', running: 'b', pausedMs: 0, elapsedMs: 20 * MIN });
    expect(v.usedMs).toEqual({ a: 11 * MIN + 30 * SEC, b: 8 * MIN + 30 * SEC });
    expect(v.reserveRemainingMs).toEqual({ a: RESERVE - 11 * MIN - 30 * SEC, b: RESERVE - 8 * MIN - 30 * SEC });
  });

  it('a reserve reaching 0 loses the game at that exact millisecond', () => {
    const actions = [act('start', 0)];
    expect(clockView(c, actions, T0 + RESERVE - 1)).toMatchObject({ phase: 'running', reserveExpired: null, reserveRemainingMs: { a: 1, b: RESERVE } });
    const v = clockView(c, actions, T0 + RESERVE);
    expect(v).toMatchObject({ phase: 'over', reserveExpired: 'a', result: { winner: 'b', how: 'clock', at: T0 + RESERVE } });
    // stopped at 0, never below, however late the tablet wakes up
    expect(clockView(c, actions, T0 + 5 * RESERVE).reserveRemainingMs).toEqual({ a: 0, b: RESERVE });
    expect(clockView(c, actions, T0 + 5 * RESERVE).elapsedMs).toBe(RESERVE);
    // pressing the clock at the very instant is too late
    expect(refusals([...actions, act('end-turn', RESERVE)])).toEqual([[1, 'game-over']]);
    expect(refusals([...actions, act('end-turn', RESERVE - 1)])).toEqual([]);
  });

  it('the player taking time during the opponent turn can run out and lose', () => {
    const actions = [act('start', 0), act('end-turn', 50 * MIN), act('pause', 51 * MIN)];
    // a has 9 min left and is taking time in b's turn
    expect(clockView(c, actions, T0 + 60 * MIN)).toMatchObject({ phase: 'over', reserveExpired: 'a', result: { winner: 'b', how: 'clock', at: T0 + 60 * MIN } });
  });

  it('a reserve reaching 0 at dice down: dice down first, nobody loses on time', () => {
    const c2 = config50(['time-reserve'], { roundEndsAt: T0 + RESERVE });
    expect(clockView(c2, [act('start', 0)], T0 + RESERVE + MIN)).toMatchObject({ phase: 'dice-down', reserveExpired: null, reserveRemainingMs: { a: 0, b: RESERVE } });
    const c3 = config50(['time-reserve'], { roundEndsAt: T0 + RESERVE + 1 });
    expect(clockView(c3, [act('start', 0)], T0 + RESERVE + MIN)).toMatchObject({ phase: 'over', reserveExpired: 'a' });
  });

  it('time reserve keeps dice down; sudden death has none: the game runs until a reserve is out', () => {
    const actions = [act('start', 0), act('end-turn', 50 * MIN), act('end-turn', 100 * MIN)];
    expect(clockView(c, actions, DICE_DOWN)).toMatchObject({ phase: 'dice-down' });
    const sd = config50(['sudden-death']);
    const v = clockView(sd, actions, DICE_DOWN);
    expect(v).toMatchObject({ phase: 'running', diceDown: false });
    // b used 50 of 59 min, a used 50 and then runs out 9 min after 100
    expect(clockView(sd, actions, T0 + 109 * MIN)).toMatchObject({ phase: 'over', reserveExpired: 'a', result: { winner: 'b', how: 'clock' } });
  });

  it('no extensions with a reserve; clock-loss can be recorded by hand', () => {
    expect(refusals([act('start', 0), act('extension', MIN, { player: 'a' })])).toEqual([[1, 'no-extensions']]);
    const v = clockView(c, [act('start', 0), act('clock-loss', 2 * MIN, { player: 'b' })], T0 + 3 * MIN);
    expect(v).toMatchObject({ phase: 'over', reserveExpired: 'b', result: { winner: 'a', how: 'clock', at: T0 + 2 * MIN } });
  });
});
