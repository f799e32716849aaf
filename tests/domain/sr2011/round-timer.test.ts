import { describe, expect, it } from 'vitest';
import { gameTiming, isRoundOver, roundEndsAt, roundTimer } from '../../../src/domain/sr2011';

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 5, 9, 30);

describe('round timer (50 points: 100 min base)', () => {
  const timing = gameTiming(50);
  const round = { startedAt: T0, variableMinutes: 6 };

  it('counts the base time down from timestamps, never showing the hidden minutes', () => {
    const v = roundTimer(round, timing, T0 + 30 * MIN + 15_000);
    expect(v).toEqual({ phase: 'base', elapsedMs: 30 * MIN + 15_000, baseRemainingMs: 69 * MIN + 45_000, revealedVariableMinutes: null, endedAt: null });
  });

  it('enters the variable phase at 100 minutes without saying how long it lasts', () => {
    const v = roundTimer(round, timing, T0 + 100 * MIN);
    expect(v.phase).toBe('variable');
    expect(v.revealedVariableMinutes).toBeNull();
    expect(isRoundOver(round, timing, T0 + 106 * MIN - 1)).toBe(false);
  });

  it('calls dice down exactly at base + d6 x 2 and reveals the minutes only then', () => {
    expect(roundEndsAt(round, timing)).toBe(T0 + 106 * MIN);
    expect(isRoundOver(round, timing, T0 + 106 * MIN)).toBe(true);
    const v = roundTimer(round, timing, T0 + 150 * MIN);
    expect(v).toMatchObject({ phase: 'over', elapsedMs: 106 * MIN, revealedVariableMinutes: 6, endedAt: T0 + 106 * MIN });
  });

  it('survives a reload or a sleeping tablet: the view depends only on the stored start and now', () => {
    const before = roundTimer(round, timing, T0 + 42 * MIN);
    const afterReload = roundTimer(JSON.parse(JSON.stringify(round)), timing, T0 + 42 * MIN);
    expect(afterReload).toEqual(before);
  });

  it('uses the shifted row of the timing variants (accelerated 50 pts = 80 min base)', () => {
    const acc = gameTiming(50, { rowShift: -1 });
    expect(roundEndsAt({ startedAt: T0, variableMinutes: 12 }, acc)).toBe(T0 + 92 * MIN);
  });

  it('has no dice down without time limit or in sudden death: it only counts up', () => {
    for (const t of [gameTiming(50, { noTimeLimit: true }), gameTiming(50, { suddenDeath: true })]) {
      const v = roundTimer(round, t, T0 + 500 * MIN);
      expect(v).toMatchObject({ phase: 'untimed', elapsedMs: 500 * MIN, revealedVariableMinutes: null });
      expect(isRoundOver(round, t, T0 + 500 * MIN)).toBe(false);
    }
  });

  it('a round closed by the organizer is finished and reveals its minutes', () => {
    const v = roundTimer({ ...round, finishedAt: T0 + 110 * MIN }, timing, T0 + 200 * MIN);
    expect(v).toMatchObject({ phase: 'finished', elapsedMs: 110 * MIN, revealedVariableMinutes: 6, endedAt: T0 + 106 * MIN });
  });

  it('is not started before its start', () => {
    expect(roundTimer({ variableMinutes: 4 }, timing, T0).phase).toBe('not-started');
  });
});
