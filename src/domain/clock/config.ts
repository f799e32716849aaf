// The table clock's settings, read once from the event and the round. Everything is in integer
// milliseconds so the fold never multiplies minutes again (and never drifts).
import { eventTiming, MINUTE_MS } from '../sr2011/timing';
import { roundEndsAt } from '../sr2011/round-timer';
import { hasVariant } from '../sr2011/variants';
import { isScenarioId, type ScenarioId } from '../sr2011/scenarios';
import type { Side } from './clock-side';

/** "dans les 30 secondes qui suivent la fin du temps alloué à sa séquence" (inclusive) */
export const EXTENSION_WINDOW_MS = 30_000;

export type ClockMode = 'turns' | 'reserve' | 'untimed';

export interface ClockConfig {
  /** turns: a turn clock per player turn; reserve: a deathclock per player; untimed: turn counting only */
  mode: ClockMode;
  firstPlayer: Side;
  turnMs: number | null;
  /** null with 'no-extensions', a time reserve or no time limit */
  extensionMs: number | null;
  /** each player's reserve for the whole game (time reserve / sudden death) */
  reserveMs: number | null;
  extensionWindowMs: number;
  /**
   * The sealed end (base + hidden d6 x 2). Only the fold reads it: no view field is ever derived
   * from it before it has passed, so the table shows "dice down" and nothing earlier.
   */
  diceDownAt: number | null;
  roundStartedAt: number | null;
  scenario: ScenarioId | null;
  noAssassination: boolean;
  noTiebreakers: boolean;
}

export interface ClockConfigOptions {
  firstPlayer: Side;
  roundStartedAt?: number;
  /** the sealed end as the table ticket carries it (roundEndsAt on the organizer's side) */
  roundEndsAt?: number | null;
  /** organizer's device: with roundStartedAt, the hidden minutes give the sealed end */
  variableMinutes?: number | null;
  /** the round's scenario id; unknown ids mean no scenario tracking */
  scenario?: string | null;
}

export function clockConfig(settings: { points: number; variants: readonly string[] }, opts: ClockConfigOptions): ClockConfig {
  const timing = eventTiming(settings);
  const mode: ClockMode = !timing.timeLimited ? 'untimed' : timing.reserveMinutes !== null ? 'reserve' : 'turns';
  const ms = (minutes: number | null): number | null => (minutes === null ? null : minutes * MINUTE_MS);
  let diceDownAt: number | null = null;
  if (timing.diceDown) {
    if (opts.roundEndsAt !== undefined) diceDownAt = opts.roundEndsAt;
    // Without the hidden minutes the end is unknown: guessing the base end would call dice down
    // early, so the table then relies on the organizer's call.
    else if (opts.roundStartedAt !== undefined && typeof opts.variableMinutes === 'number') {
      diceDownAt = roundEndsAt({ startedAt: opts.roundStartedAt, variableMinutes: opts.variableMinutes }, timing);
    }
  }
  const scenario = opts.scenario ?? null;
  return {
    mode,
    firstPlayer: opts.firstPlayer,
    turnMs: mode === 'turns' ? ms(timing.turnMinutes) : null,
    extensionMs: mode === 'turns' ? ms(timing.extensionMinutes) : null,
    reserveMs: mode === 'reserve' ? ms(timing.reserveMinutes) : null,
    extensionWindowMs: EXTENSION_WINDOW_MS,
    diceDownAt,
    roundStartedAt: opts.roundStartedAt ?? null,
    scenario: scenario !== null && isScenarioId(scenario) ? scenario : null,
    noAssassination: hasVariant(settings.variants, 'no-assassination'),
    noTiebreakers: hasVariant(settings.variants, 'no-tiebreakers'),
  };
}
