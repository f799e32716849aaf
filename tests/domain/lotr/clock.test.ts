import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOTR_ANNOUNCE_MS, LOTR_STOP_MS, lotrClockView, type LotrAction } from '../../../src/domain/lotr';
import { MIN, T0 } from '../clock/helpers';

const end = (min: number, extraMs = 0): LotrAction => ({ type: 'end-turn', at: T0 + min * MIN + extraMs });

describe('Lord of the Rings clock: 30-minute notice, 50-minute stop', () => {
  it('uses the rules numbers', () => {
    expect(LOTR_ANNOUNCE_MS).toBe(30 * MIN);
    expect(LOTR_STOP_MS).toBe(50 * MIN);
  });

  it('says nothing before 30 minutes', () => {
    const v = lotrClockView(T0, [end(12), end(25)], T0 + 30 * MIN - 1);
    expect(v).toMatchObject({ phase: 'playing', message: 'none', turn: 3, announced: false, lastTurn: null, msToAnnounce: 1 });
  });

  it('at 30:00 exactly: after the turn in progress, at most one more turn', () => {
    const actions = [end(12), end(25)];
    expect(lotrClockView(T0, actions, T0 + 30 * MIN)).toMatchObject({ message: 'announce-one-more-turn', turn: 3, lastTurn: 4, announced: true });
    actions.push(end(36));
    expect(lotrClockView(T0, actions, T0 + 37 * MIN)).toMatchObject({ phase: 'playing', message: 'last-turn', turn: 4, lastTurn: 4 });
    actions.push(end(44));
    expect(lotrClockView(T0, actions, T0 + 45 * MIN)).toMatchObject({
      phase: 'over',
      message: 'game-over',
      overReason: 'last-turn-played',
      endedAt: T0 + 44 * MIN,
      elapsedMs: 44 * MIN,
      turnsCompleted: 4,
    });
    const refused = lotrClockView(T0, [...actions, end(46)], T0 + 47 * MIN).refused;
    expect(refused).toEqual([{ index: 4, action: end(46), reason: 'game-over' }]);
  });

  it('a turn ending at 30:00 sharp ended before the notice: the next one is the announced turn', () => {
    const v = lotrClockView(T0, [end(15), end(30)], T0 + 31 * MIN);
    expect(v).toMatchObject({ turn: 3, lastTurn: 4, message: 'announce-one-more-turn' });
    expect(lotrClockView(T0, [end(15), end(30, 1)], T0 + 31 * MIN)).toMatchObject({ turn: 3, lastTurn: 3, message: 'last-turn' });
  });

  it('at 50:00 the game stops even mid-turn', () => {
    const actions = [end(20), end(38)];
    expect(lotrClockView(T0, actions, T0 + 50 * MIN - 1)).toMatchObject({ phase: 'playing', message: 'last-turn', turn: 3, msToStop: 1 });
    const v = lotrClockView(T0, actions, T0 + 50 * MIN);
    expect(v).toMatchObject({ phase: 'over', message: 'stop-now', overReason: 'time', turn: 3, elapsedMs: 50 * MIN, endedAt: T0 + 50 * MIN });
    expect(lotrClockView(T0, actions, T0 + 90 * MIN).elapsedMs).toBe(50 * MIN);
    expect(lotrClockView(T0, [...actions, end(50)], T0 + 51 * MIN).refused.map((r) => r.reason)).toEqual(['time-over']);
  });

  it('a victory at the end of a turn ends it; undo takes back the latest action', () => {
    const win: LotrAction = { type: 'game-over', at: T0 + 22 * MIN };
    expect(lotrClockView(T0, [end(10), end(22), win], T0 + 40 * MIN)).toMatchObject({ phase: 'over', overReason: 'result', turnsCompleted: 2, elapsedMs: 22 * MIN });
    const undone = lotrClockView(T0, [end(10), end(22), win, { type: 'undo', at: T0 + 23 * MIN }, { type: 'undo', at: T0 + 23 * MIN }], T0 + 24 * MIN);
    expect(undone).toMatchObject({ phase: 'playing', turn: 2, turnsCompleted: 1 });
  });

  describe('with fake timers: only the passed-in now counts', () => {
    afterEach(() => void vi.useRealTimers());
    it('the same stored actions at the same now give the same view whatever the system clock says', () => {
      vi.useFakeTimers();
      vi.setSystemTime(T0);
      const actions: LotrAction[] = [];
      vi.advanceTimersByTime(28 * MIN);
      actions.push({ type: 'end-turn', at: Date.now() });
      vi.advanceTimersByTime(5 * MIN);
      const now = Date.now();
      const v = lotrClockView(T0, actions, now);
      expect(v).toMatchObject({ message: 'announce-one-more-turn', turn: 2, lastTurn: 3, elapsedMs: 33 * MIN });
      vi.setSystemTime(0);
      expect(lotrClockView(T0, actions, now)).toEqual(v);
    });
  });
});
