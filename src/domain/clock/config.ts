// The table clock's settings, read once from the event and the round. Everything is in integer
// milliseconds so the fold never multiplies minutes again (and never drifts). The numbers and the
// scenario rules are a system's (TurnClockRules): SR2011's clockConfig (sr2011/turn-clock.ts)
// reads them from its timing table and variants, so nothing here knows a system.
import { MINUTE_MS } from '../time';
import type { Side } from './clock-side';
import type { ScenarioTracker } from './scenario';

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
  /** the round's scenario when the system has rules for it (tracker), else null */
  scenario: string | null;
  tracker: ScenarioTracker | null;
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

/** What a system's rules set on the turn clock for one event (its settings read once). */
export interface TurnClockRules {
  timeLimited: boolean;
  /** per-turn limit; null without one (no time limit, or a time reserve instead) */
  turnMinutes: number | null;
  /** one extension per player per game; null when none can be taken */
  extensionMinutes: number | null;
  /** each player's reserve for the whole game; null without a reserve */
  reserveMinutes: number | null;
  /** the game ends at a sealed instant (dice down) */
  diceDown: boolean;
  /** that instant from the round's start and its hidden minutes, null when none can be known */
  endsAt(startedAt: number, variableMinutes: number): number | null;
  noAssassination: boolean;
  noTiebreakers: boolean;
  /** the tracker of a scenario id, null for one the system has no rules for */
  scenario(id: string): ScenarioTracker | null;
}

export function turnClockConfig(rules: TurnClockRules, opts: ClockConfigOptions): ClockConfig {
  const mode: ClockMode = !rules.timeLimited ? 'untimed' : rules.reserveMinutes !== null ? 'reserve' : 'turns';
  const ms = (minutes: number | null): number | null => (minutes === null ? null : minutes * MINUTE_MS);
  let diceDownAt: number | null = null;
  if (rules.diceDown) {
    if (opts.roundEndsAt !== undefined) diceDownAt = opts.roundEndsAt;
    // Without the hidden minutes the end is unknown: guessing the base end would call dice down
    // early, so the table then relies on the organizer's call.
    else if (opts.roundStartedAt !== undefined && typeof opts.variableMinutes === 'number') {
      diceDownAt = rules.endsAt(opts.roundStartedAt, opts.variableMinutes);
    }
  }
  const tracker = opts.scenario ? rules.scenario(opts.scenario) : null;
  return {
    mode,
    firstPlayer: opts.firstPlayer,
    turnMs: mode === 'turns' ? ms(rules.turnMinutes) : null,
    extensionMs: mode === 'turns' ? ms(rules.extensionMinutes) : null,
    reserveMs: mode === 'reserve' ? ms(rules.reserveMinutes) : null,
    extensionWindowMs: EXTENSION_WINDOW_MS,
    diceDownAt,
    roundStartedAt: opts.roundStartedAt ?? null,
    scenario: tracker?.id ?? null,
    tracker,
    noAssassination: rules.noAssassination,
    noTiebreakers: rules.noTiebreakers,
  };
}
