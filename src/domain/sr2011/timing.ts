// Game length, turn clock and extension for an SR2011 event, with the annex timing variants.
// The numbers are the annex's full table (the core rules only print the 35-100 rows).
import type { Rng } from '../random';
import { MINUTE_MS } from '../time';

export interface TimingRow {
  /** 'below-15' | '15' | ... | '200' | 'above-200' */
  id: string;
  /** smallest event size (points) this row applies to; null for "below 15" */
  minPoints: number | null;
  gameBase: number;
  turn: number;
  extension: number;
}

export const TIMING_TABLE: readonly TimingRow[] = [
  { id: 'below-15', minPoints: null, gameBase: 25, turn: 3, extension: 1 },
  { id: '15', minPoints: 15, gameBase: 40, turn: 5, extension: 2 },
  { id: '25', minPoints: 25, gameBase: 60, turn: 7, extension: 3 },
  { id: '35', minPoints: 35, gameBase: 80, turn: 10, extension: 5 },
  { id: '50', minPoints: 50, gameBase: 100, turn: 12, extension: 6 },
  { id: '75', minPoints: 75, gameBase: 120, turn: 15, extension: 7 },
  { id: '100', minPoints: 100, gameBase: 160, turn: 20, extension: 10 },
  { id: '150', minPoints: 150, gameBase: 200, turn: 25, extension: 12 },
  { id: '200', minPoints: 200, gameBase: 240, turn: 30, extension: 15 },
  // "above 200": any size over 200
  { id: 'above-200', minPoints: 201, gameBase: 280, turn: 35, extension: 17 },
];

/** d6 x 2, hidden: 2..12 */
export const VARIABLE_MINUTES_MAX = 12;
/** "environ 30 minutes à chaque ronde" for the variable time, pairing, seating and the next start */
export const ROUND_OVERHEAD_MINUTES = 30;
/** Time reserve: round((game base + 7) x 0.55) */
export const RESERVE_ADD_MINUTES = 7;
export const RESERVE_FACTOR = 0.55;

/**
 * The row for an event size. The table only names 15/25/35/50/75/100/150/200 points, so a size in
 * between (30, 60, 40...) takes the largest named row not above it: 30 -> 25, 60 -> 50. Players
 * at an odd size get the shorter clock rather than a longer one the source never printed for them.
 */
export function timingRowIndex(points: number): number {
  let index = 0;
  TIMING_TABLE.forEach((row, i) => {
    if (row.minPoints !== null && points >= row.minPoints) index = i;
  });
  return index;
}

export interface TimingOptions {
  /** +1 relaxed, -1 accelerated, -2 hardcore */
  rowShift?: number;
  noTimeLimit?: boolean;
  noExtensions?: boolean;
  timeReserve?: boolean;
  suddenDeath?: boolean;
}

export interface GameTiming {
  /** the row the event size maps to */
  sizeRow: TimingRow;
  /** the row actually used after relaxed/accelerated/hardcore (clamped at the table ends) */
  row: TimingRow;
  timeLimited: boolean;
  /** base game length before the hidden d6 x 2; null without a time limit */
  gameBaseMinutes: number | null;
  /** per-turn limit; null without time limit or with a time reserve (it replaces turn timing) */
  turnMinutes: number | null;
  /** one extension per player per game; null when none can be taken */
  extensionMinutes: number | null;
  /** each player's reserve for the whole game (time reserve / sudden death) */
  reserveMinutes: number | null;
  /** false with sudden death (the organizer never calls it) and without time limit */
  diceDown: boolean;
}

export function reserveMinutes(gameBase: number): number {
  // integer arithmetic: (base + 7) * 55 never ends in exactly .5, but floats can drift near it
  return Math.round(((gameBase + RESERVE_ADD_MINUTES) * Math.round(RESERVE_FACTOR * 100)) / 100);
}

export function gameTiming(points: number, options: TimingOptions = {}): GameTiming {
  const sizeIndex = timingRowIndex(points);
  const shifted = Math.min(TIMING_TABLE.length - 1, Math.max(0, sizeIndex + (options.rowShift ?? 0)));
  const sizeRow = TIMING_TABLE[sizeIndex]!;
  const row = TIMING_TABLE[shifted]!;
  if (options.noTimeLimit) {
    return {
      sizeRow,
      row,
      timeLimited: false,
      gameBaseMinutes: null,
      turnMinutes: null,
      extensionMinutes: null,
      reserveMinutes: null,
      diceDown: false,
    };
  }
  const reserve = options.timeReserve || options.suddenDeath;
  return {
    sizeRow,
    row,
    timeLimited: true,
    gameBaseMinutes: row.gameBase,
    turnMinutes: reserve ? null : row.turn,
    extensionMinutes: reserve || options.noExtensions ? null : row.extension,
    reserveMinutes: reserve ? reserveMinutes(row.gameBase) : null,
    diceDown: !options.suddenDeath,
  };
}

const TIMING_KEYWORDS = {
  'relaxed-timing': 1,
  'accelerated-timing': -1,
  'hardcore-timing': -2,
} as const;

/** The timing options an event's annex keywords ask for. */
export function timingOptionsFromVariants(variants: readonly string[]): TimingOptions {
  const set = new Set(variants);
  let rowShift = 0;
  for (const [k, shift] of Object.entries(TIMING_KEYWORDS)) if (set.has(k)) rowShift += shift;
  return {
    rowShift,
    noTimeLimit: set.has('no-time-limit'),
    noExtensions: set.has('no-extensions'),
    timeReserve: set.has('time-reserve'),
    suddenDeath: set.has('sudden-death'),
  };
}

export function eventTiming(settings: { points: number; variants: readonly string[] }): GameTiming {
  return gameTiming(settings.points, timingOptionsFromVariants(settings.variants));
}

/** The hidden variable length: d6 x 2 minutes. Never show it to players during the round. */
export function rollVariableMinutes(rng: Rng): number {
  return rng.die(6) * 2;
}

/**
 * Minutes a game can last, for planning. Sudden death has no dice down: a game lasts at most
 * both reserves. Without a time limit nothing can be planned (null).
 */
export function plannedGameMinutes(timing: GameTiming): number | null {
  if (!timing.timeLimited) return null;
  if (!timing.diceDown && timing.reserveMinutes !== null) return 2 * timing.reserveMinutes;
  return timing.gameBaseMinutes;
}

export interface RoundSlot {
  round: number;
  /** epoch ms */
  start: number;
  /** start + game base + 12: the latest the hidden length can put dice down */
  latestDiceDown: number;
  /** start of the next round: start + game base + 30 */
  end: number;
}

/**
 * Rough day plan. The source adds "about 30 minutes to every round to cover the variable time,
 * the pairings, seating and starting the next round": the 30 already covers the d6 x 2, so it is
 * not added again; latestDiceDown shows the worst case inside the slot.
 */
export function roundSchedule(start: number, rounds: number, gameMinutes: number): RoundSlot[] {
  const slotMs = (gameMinutes + ROUND_OVERHEAD_MINUTES) * MINUTE_MS;
  return Array.from({ length: Math.max(0, rounds) }, (_, i) => {
    const s = start + i * slotMs;
    return {
      round: i + 1,
      start: s,
      latestDiceDown: s + (gameMinutes + VARIABLE_MINUTES_MAX) * MINUTE_MS,
      end: s + slotMs,
    };
  });
}
