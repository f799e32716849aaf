import type { ClockAction, ClockConfig, ClockConfigOptions } from '../../../src/domain/clock';
import { clockConfig } from '../../../src/domain/sr2011/turn-clock';

export const SEC = 1_000;
export const MIN = 60_000;
export const T0 = Date.UTC(2026, 11, 5, 9, 30);
/** 50 points: 100 min base + a hidden 6 */
export const DICE_DOWN = T0 + 106 * MIN;

export function config50(variants: string[] = [], extra: Partial<ClockConfigOptions> = {}): ClockConfig {
  return clockConfig({ points: 50, variants }, { firstPlayer: 'a', roundStartedAt: T0, roundEndsAt: DICE_DOWN, ...extra });
}

type Bare = 'start' | 'end-turn' | 'pause' | 'resume' | 'dice-down-ack' | 'undo';

/** An action `ms` after T0; extra fields for the actions that need them. */
export function act(type: Bare, ms: number): ClockAction;
export function act<T extends ClockAction['type']>(type: T, ms: number, extra: Omit<Extract<ClockAction, { type: T }>, 'type' | 'at'>): ClockAction;
export function act(type: ClockAction['type'], ms: number, extra: object = {}): ClockAction {
  return { type, at: T0 + ms, ...extra } as ClockAction;
}

/** Every number in a view, recursively: the clock must only ever produce integers. */
export function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}
