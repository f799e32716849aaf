import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyClockAction, clockView, emptyClockFold, foldClock, viewClockState, type ClockAction } from '../../../src/domain/clock';
import { act, config50, MIN, SEC, T0 } from './helpers';

const c = config50();

describe('undo: the fold skips the cancelled action', () => {
  it('an undone end-turn leaves the first player clock running as if never pressed', () => {
    const actions = [act('start', 0), act('end-turn', 5 * MIN), act('undo', 6 * MIN)];
    expect(clockView(c, actions, T0 + 7 * MIN)).toEqual(clockView(c, [act('start', 0)], T0 + 7 * MIN));
    expect(clockView(c, actions, T0 + 7 * MIN)).toMatchObject({ active: 'a', turnRemainingMs: 5 * MIN });
  });

  it('undo twice cancels two actions; with nothing left it is refused', () => {
    const actions = [act('start', 0), act('pause', MIN), act('resume', 2 * MIN), act('undo', 3 * MIN), act('undo', 4 * MIN)];
    expect(clockView(c, actions, T0 + 5 * MIN)).toMatchObject({ phase: 'running', turnRemainingMs: 7 * MIN, pausedMs: 0 });
    const all = [...actions, act('undo', 6 * MIN), act('undo', 7 * MIN)];
    expect(foldClock(c, all).refused.map((r) => [r.index, r.reason])).toEqual([[6, 'nothing-to-undo']]);
    expect(clockView(c, all, T0 + 8 * MIN).phase).toBe('not-started');
  });

  it('an undone extension can be declared again; an undone concession reopens the game', () => {
    const ext = [act('start', 0), act('extension', MIN, { player: 'a' }), act('undo', 2 * MIN)];
    expect(clockView(c, ext, T0 + 3 * MIN)).toMatchObject({ extensionUsed: { a: false, b: false }, turnRemainingMs: 9 * MIN });
    const conceded = [act('start', 0), act('concede', 4 * MIN, { player: 'a' }), act('undo', 5 * MIN)];
    expect(clockView(c, conceded, T0 + 6 * MIN)).toMatchObject({ phase: 'running', turnRemainingMs: 6 * MIN });
    expect(clockView(c, conceded, T0 + 6 * MIN).result).toBeUndefined();
  });

  it('undo cancels the latest action that took effect, not a refused one', () => {
    // the second pause was refused: undo takes back the first
    const actions = [act('start', 0), act('pause', MIN), act('pause', 2 * MIN), act('undo', 3 * MIN)];
    expect(clockView(c, actions, T0 + 4 * MIN)).toMatchObject({ phase: 'running', pausedMs: 0 });
  });
});

describe('reload: state = fold(stored actions) + now', () => {
  const script: ClockAction[] = [
    act('start', 0),
    act('pause', 4 * MIN + 123),
    act('resume', 5 * MIN + 456),
    act('end-turn', 11 * MIN),
    act('extension', 20 * MIN, { player: 'b' }),
    act('end-turn', 27 * MIN + 789),
  ];

  it('the continuous in-memory fold and a refold after a reload give the same view at every now', () => {
    let live = emptyClockFold(c);
    for (let i = 0; i < script.length; i++) {
      live = applyClockAction(c, live, script[i]!);
      // the browser is killed here; later it reloads the stored records (JSON in IndexedDB)
      const stored = JSON.parse(JSON.stringify(script.slice(0, i + 1))) as ClockAction[];
      for (const later of [0, 1, 37 * SEC, 9 * MIN, 3 * 60 * MIN]) {
        const now = script[i]!.at + later;
        expect(clockView(c, stored, now)).toEqual(viewClockState(c, live.state, now));
      }
    }
  });

  it('a tablet asleep for 25 minutes shows exactly what an always-awake one would', () => {
    const awake = [T0 + 28 * MIN, T0 + 35 * MIN, T0 + 53 * MIN].map((now) => clockView(c, script, now));
    const asleep = clockView(c, script, T0 + 53 * MIN);
    expect(asleep).toEqual(awake[2]);
    expect(asleep).toMatchObject({ active: 'a', turn: 2, turnRemainingMs: 12 * MIN - (53 * MIN - (27 * MIN + 789)) });
  });

  it('same fold at the same now gives the same view (deterministic)', () => {
    expect(clockView(c, script, T0 + 31 * MIN + 1)).toEqual(clockView(c, script.slice(), T0 + 31 * MIN + 1));
  });
});

describe('nothing depends on real time (fake timers)', () => {
  afterEach(() => void vi.useRealTimers());

  it('actions stamped with Date.now() under fake time give exact views; moving the system clock changes nothing', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const stored: ClockAction[] = [];
    stored.push({ type: 'start', at: Date.now() });
    vi.advanceTimersByTime(3 * MIN);
    stored.push({ type: 'pause', at: Date.now() });
    vi.advanceTimersByTime(45 * SEC);
    stored.push({ type: 'resume', at: Date.now() });
    vi.advanceTimersByTime(2 * MIN);
    const now = Date.now();
    const view = clockView(c, stored, now);
    expect(view).toMatchObject({ turnRemainingMs: 7 * MIN, pausedMs: 45 * SEC, elapsedMs: 5 * MIN + 45 * SEC });
    vi.setSystemTime(Date.UTC(2099, 0, 1));
    expect(clockView(c, stored, now)).toEqual(view);
  });

  it('a repaint tick never changes state: views at successive ticks only differ by the time passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    const stored: ClockAction[] = [{ type: 'start', at: Date.now() }];
    const seen: number[] = [];
    const timer = setInterval(() => seen.push(clockView(c, stored, Date.now()).turnRemainingMs!), 1000);
    vi.advanceTimersByTime(12 * MIN + 5 * SEC);
    clearInterval(timer);
    expect(seen).toHaveLength(725);
    expect(seen[0]).toBe(12 * MIN - SEC);
    expect(seen[719]).toBe(0);
    expect(seen[724]).toBe(-5 * SEC);
    expect(seen.every((v, i) => i === 0 || seen[i - 1]! - v === SEC)).toBe(true);
  });
});
