import { describe, expect, it } from 'vitest';
import { actionRefusal, clockView, foldClock, remainingAt, type ClockAction } from '../../../src/domain/clock';
import { act, config50, DICE_DOWN, MIN, numbersIn, SEC, T0 } from './helpers';

const c = config50();
const refusals = (actions: ClockAction[], config = c) => foldClock(config, actions).refused.map((r) => [r.index, r.reason]);

describe('turn clock (50 points: 12 min turns, 6 min extension)', () => {
  it('is not started until the first player starts turn 1', () => {
    const v = clockView(c, [], T0 + 5 * MIN);
    expect(v).toMatchObject({ phase: 'not-started', active: null, turn: 0, turnRemainingMs: null, turnExpired: false, elapsedMs: 0 });
    expect(refusals([act('end-turn', 0), act('pause', 1), act('extension', 2, { player: 'a' })])).toEqual([
      [0, 'not-started'],
      [1, 'not-started'],
      [2, 'not-started'],
    ]);
  });

  it('counts the first player turn down from the start, with the ARCHITECTURE formula', () => {
    const v = clockView(c, [act('start', 0)], T0 + 5 * MIN + 250);
    expect(v).toMatchObject({ phase: 'running', active: 'a', running: 'a', turn: 1, turnIndex: 0, turnRemainingMs: 7 * MIN - 250 });
    expect(v.turnClock).toEqual({ budgetMs: 12 * MIN, usedMs: 0, runningSince: T0 });
    expect(remainingAt(v.turnClock!, T0 + 5 * MIN + 250)).toBe(v.turnRemainingMs);
    expect(v.turnExpiresAt).toBe(T0 + 12 * MIN);
  });

  it('end-turn passes to the other player; the game turn counts up when the second player ends', () => {
    const actions = [act('start', 0), act('end-turn', 10 * MIN)];
    expect(clockView(c, actions, T0 + 11 * MIN)).toMatchObject({ active: 'b', turn: 1, turnIndex: 1, turnRemainingMs: 11 * MIN });
    actions.push(act('end-turn', 21 * MIN));
    expect(clockView(c, actions, T0 + 21 * MIN)).toMatchObject({ active: 'a', turn: 2, turnIndex: 2, turnRemainingMs: 12 * MIN });
    expect(clockView(c, actions, T0 + 21 * MIN).usedMs).toEqual({ a: 10 * MIN, b: 11 * MIN });
  });

  it('a double tap on end-turn naming the player is refused the second time', () => {
    const actions = [act('start', 0), act('end-turn', 5 * MIN, { player: 'a' }), act('end-turn', 5 * MIN + 80, { player: 'a' })];
    expect(refusals(actions)).toEqual([[2, 'not-your-turn']]);
    expect(clockView(c, actions, T0 + 6 * MIN).active).toBe('b');
  });

  it('turn time out: the turn is over, not the game; remaining goes negative, the window opens', () => {
    const actions = [act('start', 0)];
    expect(clockView(c, actions, T0 + 12 * MIN - 1)).toMatchObject({ turnExpired: false, turnRemainingMs: 1, extensionWindowEndsAt: null });
    const at = clockView(c, actions, T0 + 12 * MIN);
    expect(at).toMatchObject({ phase: 'running', turnExpired: true, turnRemainingMs: 0, extensionWindowEndsAt: T0 + 12 * MIN + 30 * SEC });
    expect(at.extensionWindowRemainingMs).toBe(30 * SEC);
    const later = clockView(c, actions, T0 + 12 * MIN + 10 * SEC);
    expect(later).toMatchObject({ phase: 'running', turnExpired: true, turnRemainingMs: -10 * SEC, extensionWindowRemainingMs: 20 * SEC });
    expect(later.result).toBeUndefined();
    expect(later.canDeclareExtension).toEqual({ a: true, b: false });
    // the player must still end the turn; the opponent cannot stop an expired turn's clock
    expect(refusals([...actions, act('pause', 12 * MIN + 5 * SEC)])).toEqual([[1, 'turn-expired']]);
    expect(clockView(c, [...actions, act('end-turn', 12 * MIN + 40 * SEC)], T0 + 13 * MIN).active).toBe('b');
  });

  describe('extension window edges: 30 s after the turn time ran out', () => {
    const expiry = 12 * MIN;
    it.each([
      [29_999, null],
      [30_000, null],
      [30_001, 'extension-window-closed'],
    ])('declared %i ms after expiry -> %s', (after, reason) => {
      const fold = foldClock(c, [act('start', 0)]);
      expect(actionRefusal(c, fold, act('extension', expiry + after, { player: 'a' }))).toBe(reason);
    });

    it('canDeclareExtension in the view flips exactly after 30 000 ms', () => {
      const actions = [act('start', 0)];
      expect(clockView(c, actions, T0 + expiry + 30_000).canDeclareExtension.a).toBe(true);
      expect(clockView(c, actions, T0 + expiry + 30_001).canDeclareExtension.a).toBe(false);
      expect(clockView(c, actions, T0 + expiry + 30_001).extensionWindowRemainingMs).toBe(0);
    });
  });

  it('an extension declared during the turn adds 6 min to it', () => {
    const actions = [act('start', 0), act('extension', 5 * MIN, { player: 'a' })];
    expect(clockView(c, actions, T0 + 5 * MIN)).toMatchObject({ turnRemainingMs: 13 * MIN, extensionRunning: false, extensionUsed: { a: true, b: false } });
    expect(clockView(c, actions, T0 + 12 * MIN)).toMatchObject({ turnRemainingMs: 6 * MIN, extensionRunning: true, turnExpired: false });
    expect(clockView(c, actions, T0 + 18 * MIN)).toMatchObject({ turnRemainingMs: 0, turnExpired: true, extensionRunning: false });
    // the extension is spent: no second window
    expect(clockView(c, actions, T0 + 18 * MIN).extensionWindowEndsAt).toBeNull();
  });

  it('an extension declared inside the window restarts the turn clock at 6 min from the declaration', () => {
    const actions = [act('start', 0), act('extension', 12 * MIN + 20 * SEC, { player: 'a' })];
    const v = clockView(c, actions, T0 + 12 * MIN + 20 * SEC);
    expect(v).toMatchObject({ turnRemainingMs: 6 * MIN, turnExpired: false, extensionRunning: true });
    expect(v.turnClock!.budgetMs).toBe(18 * MIN + 20 * SEC);
    expect(clockView(c, actions, T0 + 18 * MIN + 20 * SEC)).toMatchObject({ turnRemainingMs: 0, turnExpired: true });
  });

  it('once per player per game, only in their own turn; the opponent keeps theirs', () => {
    const actions = [
      act('start', 0),
      act('extension', 1 * MIN, { player: 'b' }),
      act('extension', 2 * MIN, { player: 'a' }),
      act('end-turn', 15 * MIN),
      act('end-turn', 25 * MIN),
      act('extension', 26 * MIN, { player: 'a' }),
      act('end-turn', 27 * MIN),
      act('extension', 28 * MIN, { player: 'b' }),
    ];
    expect(refusals(actions)).toEqual([
      [1, 'not-your-turn'],
      [5, 'extension-used'],
    ]);
    expect(clockView(c, actions, T0 + 28 * MIN)).toMatchObject({ extensionUsed: { a: true, b: true }, turnRemainingMs: 17 * MIN });
  });

  it('"no extensions": refused', () => {
    const c2 = config50(['no-extensions']);
    expect(refusals([act('start', 0), act('extension', MIN, { player: 'a' })], c2)).toEqual([[1, 'no-extensions']]);
    expect(clockView(c2, [act('start', 0)], T0 + 12 * MIN).extensionWindowEndsAt).toBeNull();
  });

  it('an extension cannot carry the game past dice down, and the view never hints at the end before it', () => {
    // a's turn starts 4 min before the sealed end and takes its extension at once
    const start = DICE_DOWN - T0 - 4 * MIN;
    const actions = [act('start', start - 12 * MIN), act('end-turn', start - 11 * MIN), act('end-turn', start), act('extension', start + SEC, { player: 'a' })];
    expect(refusals(actions)).toEqual([]);
    // 1 ms before dice down: the full 18 min turn is shown, nothing capped
    const before = clockView(c, actions, DICE_DOWN - 1);
    expect(before).toMatchObject({ phase: 'running', diceDown: false, turnRemainingMs: 14 * MIN + 1 });
    const at = clockView(c, actions, DICE_DOWN);
    expect(at).toMatchObject({ phase: 'dice-down', diceDown: true, running: null, turnRemainingMs: 14 * MIN, extensionRunning: false });
    // the clocks stay stopped at dice down, the turn does not go on
    const later = clockView(c, actions, DICE_DOWN + 10 * MIN);
    expect(later.turnRemainingMs).toBe(14 * MIN);
    expect(later.elapsedMs).toBe(DICE_DOWN - (T0 + start - 12 * MIN));
    expect(later.canDeclareExtension).toEqual({ a: false, b: false });
    expect(refusals([...actions, act('end-turn', DICE_DOWN - T0 + 1), act('extension', DICE_DOWN - T0, { player: 'b' })])).toEqual([
      [4, 'dice-down'],
      [5, 'dice-down'],
    ]);
  });

  it('pause/resume: the opponent takes time, the turn clock stands still, to the millisecond', () => {
    const actions = [act('start', 0), act('pause', 3 * MIN), act('resume', 5 * MIN + 30 * SEC)];
    expect(clockView(c, actions.slice(0, 2), T0 + 4 * MIN)).toMatchObject({ phase: 'paused', running: 'idle', turnRemainingMs: 9 * MIN, turnExpiresAt: null });
    const v = clockView(c, actions, T0 + 7 * MIN);
    expect(v).toMatchObject({ phase: 'running', turnRemainingMs: 7 * MIN + 30 * SEC, pausedMs: 2 * MIN + 30 * SEC, elapsedMs: 7 * MIN });
    expect(v.usedMs).toEqual({ a: 4 * MIN + 30 * SEC, b: 0 });
    expect(v.turnExpiresAt).toBe(T0 + 14 * MIN + 30 * SEC);
    expect(refusals([act('start', 0), act('resume', 1), act('pause', 2), act('pause', 3)])).toEqual([
      [1, 'not-paused'],
      [3, 'paused'],
    ]);
  });

  it('ending the turn while paused starts the next player cleanly', () => {
    const actions = [act('start', 0), act('pause', 2 * MIN), act('end-turn', 3 * MIN)];
    const v = clockView(c, actions, T0 + 4 * MIN);
    expect(v).toMatchObject({ phase: 'running', active: 'b', turnRemainingMs: 11 * MIN, pausedMs: MIN, usedMs: { a: 2 * MIN, b: MIN } });
  });

  it('dice down exactly at the sealed end; the ack, then the time-out result', () => {
    const actions = [act('start', 0), act('end-turn', 10 * MIN)];
    expect(clockView(c, actions, DICE_DOWN - 1)).toMatchObject({ phase: 'running', diceDown: false });
    expect(clockView(c, actions, DICE_DOWN)).toMatchObject({ phase: 'dice-down', diceDown: true, diceDownAcknowledged: false, elapsedMs: 106 * MIN });
    const end = DICE_DOWN - T0;
    const done = [...actions, act('dice-down-ack', end + SEC), act('tiebreak', end + 5 * MIN, { winner: 'b' })];
    expect(clockView(c, done, DICE_DOWN + 6 * MIN)).toMatchObject({
      phase: 'over',
      diceDown: true,
      diceDownAcknowledged: true,
      result: { winner: 'b', how: 'tiebreak', at: DICE_DOWN + 5 * MIN },
    });
    expect(refusals([...actions, act('tiebreak', end - 1, { winner: 'a' }), act('dice-down-ack', end - 1)])).toEqual([
      [2, 'not-dice-down'],
      [3, 'not-dice-down'],
    ]);
  });

  it('"no tiebreakers": a time-out is a draw', () => {
    const c2 = config50(['no-tiebreakers']);
    const end = DICE_DOWN - T0;
    const actions = [act('start', 0), act('tiebreak', end, { winner: 'a' }), act('tiebreak', end + 1, { winner: null })];
    expect(refusals(actions, c2)).toEqual([[1, 'no-tiebreakers']]);
    expect(clockView(c2, actions, DICE_DOWN + MIN).result).toEqual({ winner: null, how: null, at: DICE_DOWN + 1 });
  });

  it('a table that never started is at dice down too, and cannot start after it', () => {
    expect(clockView(c, [], DICE_DOWN)).toMatchObject({ phase: 'dice-down', diceDown: true });
    expect(refusals([act('start', DICE_DOWN - T0)])).toEqual([[0, 'dice-down']]);
  });

  it('concession, assassination and a scenario win end the game at once and stop the clocks', () => {
    for (const [action, result] of [
      [act('concede', 20 * MIN, { player: 'a' }), { winner: 'b', how: 'forfeit' }],
      [act('assassination', 20 * MIN, { winner: 'a' }), { winner: 'a', how: 'assassination' }],
      [act('scenario-win', 20 * MIN, { winner: 'b' }), { winner: 'b', how: 'scenario' }],
    ] as const) {
      const actions = [act('start', 0), act('end-turn', 11 * MIN), action, act('end-turn', 21 * MIN)];
      const v = clockView(c, actions, T0 + 60 * MIN);
      expect(v).toMatchObject({ phase: 'over', running: null, elapsedMs: 20 * MIN, result: { ...result, at: T0 + 20 * MIN } });
      expect(refusals(actions)).toEqual([[3, 'game-over']]);
    }
  });

  it('"no assassination" refuses an assassination win; clock-loss needs a time reserve', () => {
    const c2 = config50(['no-assassination']);
    expect(refusals([act('start', 0), act('assassination', MIN, { winner: 'a' })], c2)).toEqual([[1, 'assassination-disabled']]);
    expect(refusals([act('start', 0), act('clock-loss', MIN, { player: 'a' })])).toEqual([[1, 'not-reserve-mode']]);
  });

  it('untimed: turns are counted for scoring, there is no clock to pause or extend', () => {
    const c2 = config50(['no-time-limit']);
    const actions = [act('start', 0), act('end-turn', 30 * MIN), act('end-turn', 70 * MIN), act('pause', 71 * MIN)];
    expect(refusals(actions, c2)).toEqual([[3, 'untimed']]);
    const v = clockView(c2, actions, T0 + 500 * MIN);
    expect(v).toMatchObject({ phase: 'running', mode: 'untimed', turn: 2, turnRemainingMs: null, reserveRemainingMs: null, diceDown: false });
  });

  it('a device clock stepping backwards never makes time negative', () => {
    const actions = [act('start', 0), act('end-turn', 5 * MIN), act('end-turn', 4 * MIN)];
    const v = clockView(c, actions, T0 + 3 * MIN);
    expect(v).toMatchObject({ active: 'a', turn: 2, usedMs: { a: 5 * MIN, b: 0 }, turnRemainingMs: 12 * MIN });
  });

  it('every number it produces is an integer', () => {
    const actions = [act('start', 0), act('pause', 61_111), act('resume', 95_333), act('extension', 13 * MIN + 7, { player: 'a' })];
    for (const now of [T0 + 1, T0 + 12 * MIN + 17, T0 + 31 * MIN + 999]) {
      expect(numbersIn(clockView(c, actions, now)).every(Number.isInteger)).toBe(true);
    }
  });
});
