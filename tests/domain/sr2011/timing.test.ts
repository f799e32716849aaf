import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/domain/random';
import { MINUTE_MS } from '../../../src/domain/time';
import { TIMING_TABLE, eventTiming, gameTiming, plannedGameMinutes, reserveMinutes, rollVariableMinutes, roundSchedule, timingRowIndex } from '../../../src/domain/sr2011';

describe('the timing table: every row (game base, turn, extension)', () => {
  it.each([
    // [event points, base, turn, extension]
    [10, 25, 3, 1],
    [15, 40, 5, 2],
    [25, 60, 7, 3],
    [35, 80, 10, 5],
    [50, 100, 12, 6],
    [75, 120, 15, 7],
    [100, 160, 20, 10],
    [150, 200, 25, 12],
    [200, 240, 30, 15],
    [250, 280, 35, 17],
  ])('%i points -> %i min game, %i min turn, %i min extension', (points, base, turn, ext) => {
    const t = gameTiming(points);
    expect([t.gameBaseMinutes, t.turnMinutes, t.extensionMinutes]).toEqual([base, turn, ext]);
    expect(t.timeLimited).toBe(true);
    expect(t.diceDown).toBe(true);
    expect(t.reserveMinutes).toBeNull();
  });
  it('has ten rows', () => expect(TIMING_TABLE).toHaveLength(10));
});

describe('sizes between rows take the largest row not above them', () => {
  it.each([
    [1, 'below-15'],
    [14, 'below-15'],
    [15, '15'],
    [24, '15'],
    [30, '25'],
    [34, '25'],
    [40, '35'],
    [60, '50'],
    [74, '50'],
    [99, '75'],
    [125, '100'],
    [199, '150'],
    [200, '200'],
    [201, 'above-200'],
    [500, 'above-200'],
  ])('%i points -> row %s', (points, row) => {
    expect(TIMING_TABLE[timingRowIndex(points)]!.id).toBe(row);
  });
});

describe('relaxed / accelerated / hardcore shift the row, clamped at the ends', () => {
  it.each([
    // the annex's own examples at 50 points
    ['relaxed-timing', 50, 120, 15, 7],
    ['accelerated-timing', 50, 80, 10, 5],
    ['hardcore-timing', 50, 60, 7, 3],
    ['relaxed-timing', 35, 100, 12, 6],
    ['accelerated-timing', 35, 60, 7, 3],
    ['hardcore-timing', 35, 40, 5, 2],
    ['hardcore-timing', 75, 80, 10, 5],
    ['hardcore-timing', 15, 25, 3, 1],
    ['hardcore-timing', 10, 25, 3, 1],
    ['accelerated-timing', 10, 25, 3, 1],
    ['relaxed-timing', 250, 280, 35, 17],
    ['relaxed-timing', 200, 280, 35, 17],
  ])('%s at %i points -> %i/%i/%i', (variant, points, base, turn, ext) => {
    const t = eventTiming({ points, variants: [variant] });
    expect([t.gameBaseMinutes, t.turnMinutes, t.extensionMinutes]).toEqual([base, turn, ext]);
  });
});

describe('time reserve: round((game base + 7) x 0.55) per player', () => {
  it.each([
    [25, 18],
    [40, 26],
    [60, 37],
    [80, 48],
    [100, 59],
    [120, 70],
    [160, 92],
    [200, 114],
    [240, 136],
    [280, 158],
  ])('base %i -> %i min', (base, reserve) => {
    expect(reserveMinutes(base)).toBe(reserve);
  });
  it('replaces the turn clock and its extension, keeps the game length and dice down', () => {
    const t = eventTiming({ points: 50, variants: ['time-reserve'] });
    expect(t).toMatchObject({ gameBaseMinutes: 100, turnMinutes: null, extensionMinutes: null, reserveMinutes: 59, diceDown: true });
  });
  it('uses the shifted row: 50 points accelerated -> (80 + 7) x 0.55 = 48', () => {
    expect(eventTiming({ points: 50, variants: ['accelerated-timing', 'time-reserve'] }).reserveMinutes).toBe(48);
  });
  it('sudden death = time reserve and no dice down', () => {
    const t = eventTiming({ points: 75, variants: ['sudden-death'] });
    expect(t).toMatchObject({ reserveMinutes: 70, turnMinutes: null, diceDown: false });
    expect(plannedGameMinutes(t)).toBe(140);
  });
});

describe('no time limit, no extensions', () => {
  it('no time limit: nothing timed', () => {
    const t = eventTiming({ points: 50, variants: ['no-time-limit'] });
    expect(t).toMatchObject({ timeLimited: false, gameBaseMinutes: null, turnMinutes: null, extensionMinutes: null, diceDown: false });
    expect(plannedGameMinutes(t)).toBeNull();
  });
  it('no extensions keeps the turn clock', () => {
    const t = eventTiming({ points: 50, variants: ['no-extensions'] });
    expect([t.gameBaseMinutes, t.turnMinutes, t.extensionMinutes]).toEqual([100, 12, null]);
    expect(plannedGameMinutes(t)).toBe(100);
  });
});

describe('hidden variable length: d6 x 2', () => {
  it('is always an even number from 2 to 12 and hits all six values', () => {
    const rng = createRng(11);
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) seen.add(rollVariableMinutes(rng));
    expect([...seen].sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10, 12]);
  });
});

describe('roundSchedule: game base + 30 min per round (the 30 covers the d6 x 2)', () => {
  const start = Date.UTC(2026, 11, 5, 9, 0);
  it('plans three 50-point rounds from 9:00: 9:00, 11:10, 13:20; last ends 15:30', () => {
    const slots = roundSchedule(start, 3, 100);
    expect(slots.map((s) => (s.start - start) / MINUTE_MS)).toEqual([0, 130, 260]);
    expect(slots.map((s) => (s.end - start) / MINUTE_MS)).toEqual([130, 260, 390]);
    expect(slots.map((s) => (s.latestDiceDown - start) / MINUTE_MS)).toEqual([112, 242, 372]);
    expect(slots.map((s) => s.round)).toEqual([1, 2, 3]);
  });
  it.each([
    [35, 80, 5, 550],
    [75, 120, 6, 900],
    [15, 40, 4, 280],
  ])('%i points (%i min) x %i rounds -> %i minutes', (_pts, minutes, rounds, total) => {
    const slots = roundSchedule(start, rounds, minutes);
    expect((slots.at(-1)!.end - start) / MINUTE_MS).toBe(total);
  });
  it('no rounds, no slots', () => expect(roundSchedule(start, 0, 100)).toEqual([]));
});
