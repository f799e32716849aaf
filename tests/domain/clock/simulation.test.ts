// A simulated 3-hour game of thousands of random taps: the clock must never lose or invent a
// millisecond, whatever the order of actions, refusals and undos.
import { describe, expect, it } from 'vitest';
import {
  applyClockAction,
  emptyClockFold,
  foldClock,
  remainingAt,
  usedAt,
  viewClockState,
  type ClockAction,
  type ClockConfig,
  type ClockView,
  type Side,
} from '../../../src/domain/clock';
import { createRng, type Rng } from '../../../src/domain/random';
import { clockConfig } from '../../../src/domain/sr2011/turn-clock';
import { MIN, T0 } from './helpers';

const THREE_HOURS = 180 * MIN;

function randomAction(rng: Rng, at: number): ClockAction {
  const side = (): Side => (rng.int(2) === 0 ? 'a' : 'b');
  const r = rng.int(100);
  if (r < 22) return { type: 'end-turn', at };
  if (r < 40) return { type: 'pause', at };
  if (r < 58) return { type: 'resume', at };
  if (r < 63) return { type: 'extension', at, player: side() };
  if (r < 70) return { type: 'undo', at };
  if (r < 82) return { type: 'score', at, player: side(), element: 1 + rng.int(2), cp: 1 };
  if (r < 83) return { type: 'start', at };
  return { type: 'pause', at };
}

function checkInvariants(config: ClockConfig, v: ClockView, now: number): void {
  expect(v.usedMs.a + v.usedMs.b + v.pausedMs).toBe(v.elapsedMs);
  if (v.turnClock !== null) {
    expect(usedAt(v.turnClock, now) + v.turnRemainingMs!).toBe(v.turnClock.budgetMs);
    expect(remainingAt(v.turnClock, now)).toBe(v.turnRemainingMs);
  }
  if (v.reserve !== null) {
    for (const p of ['a', 'b'] as const) {
      expect(usedAt(v.reserve[p], now) + v.reserveRemainingMs![p]).toBe(config.reserveMs);
      expect(v.reserveRemainingMs![p]).toBeGreaterThanOrEqual(0);
      expect(usedAt(v.reserve[p], now)).toBe(v.usedMs[p]);
    }
  }
}

function simulate(config: ClockConfig, seed: number): { actions: ClockAction[]; views: number } {
  const rng = createRng(seed);
  const actions: ClockAction[] = [{ type: 'start', at: T0 }];
  let fold = applyClockAction(config, emptyClockFold(config), actions[0]!);
  let t = T0;
  let views = 0;
  while (t < T0 + THREE_HOURS) {
    const gap = rng.int(5_000);
    // between two taps the running clock moves by exactly the time passed, the others not at all
    const v1 = viewClockState(config, fold.state, t);
    const v2 = viewClockState(config, fold.state, t + gap);
    checkInvariants(config, v1, t);
    checkInvariants(config, v2, t + gap);
    views += 2;
    const stopped = v2.phase === 'over' || v2.phase === 'dice-down';
    if (!stopped) {
      for (const p of ['a', 'b'] as const) expect(v2.usedMs[p] - v1.usedMs[p]).toBe(v1.running === p ? gap : 0);
      expect(v2.pausedMs - v1.pausedMs).toBe(v1.running === 'idle' ? gap : 0);
      expect(v2.elapsedMs - v1.elapsedMs).toBe(gap);
    }
    t += gap;
    const action = randomAction(rng, t);
    actions.push(action);
    fold = applyClockAction(config, fold, action);
  }
  // a reload folds the stored records from scratch: the same state, the same screen
  const stored = JSON.parse(JSON.stringify(actions)) as ClockAction[];
  const refold = foldClock(config, stored);
  expect(refold.state).toEqual(fold.state);
  expect(refold.refused).toEqual(fold.refused);
  for (const now of [t, t + 1, t + 45 * MIN]) expect(viewClockState(config, refold.state, now)).toEqual(viewClockState(config, fold.state, now));
  return { actions, views };
}

describe('simulated 3-hour games: drift 0 ms', () => {
  // Kill Box has no CP, so random scores cannot end the game early and the clocks run all 3 hours;
  // Revelation exercises scoring, scenario wins and undos of them
  it.each([
    ['kill-box', 1],
    ['kill-box', 2],
    ['revelation', 3],
  ])('turn clock, 150 points (25 min turns, 12 min extensions), dice down at 3 h, %s, seed %i', (scenario, seed) => {
    const config = clockConfig({ points: 150, variants: [] }, { firstPlayer: 'b', roundEndsAt: T0 + THREE_HOURS, scenario });
    const { actions, views } = simulate(config, seed);
    expect(actions.length).toBeGreaterThan(4_000);
    expect(views).toBeGreaterThan(8_000);
    const fold = foldClock(config, actions);
    const end = viewClockState(config, fold.state, T0 + 4 * 60 * MIN);
    if (scenario === 'kill-box') {
      expect(end.phase).toBe('dice-down');
      expect(end.elapsedMs).toBe(THREE_HOURS);
      // the game was live throughout, with every kind of action taking effect
      expect(fold.refused.filter((r) => r.reason === 'game-over' || r.reason === 'dice-down').length).toBeLessThan(5);
      expect(end.turn).toBeGreaterThan(100);
      expect(end.extensionUsed).toEqual({ a: true, b: true });
    }
  });

  // three whole games of thousands of actions: seconds on a busy machine, hence the timeout
  it('time reserve, sudden death (114 min each, no dice down)', { timeout: 120_000 }, () => {
    const config = clockConfig({ points: 150, variants: ['sudden-death'] }, { firstPlayer: 'a' });
    expect(config.reserveMs).toBe(114 * MIN);
    for (const seed of [11, 12, 13]) {
      const { actions } = simulate(config, seed);
      const end = viewClockState(config, foldClock(config, actions).state, T0 + 6 * 60 * MIN);
      // someone ran out by now (228 min in total): exactly at 0, and the whole game is accounted for
      expect(end.phase).toBe('over');
      expect(end.result?.how).toBe('clock');
      const loser = end.reserveExpired!;
      expect(end.reserveRemainingMs![loser]).toBe(0);
      expect(end.usedMs[loser]).toBe(114 * MIN);
      expect(end.elapsedMs).toBe(end.result!.at - T0);
    }
  });
});
