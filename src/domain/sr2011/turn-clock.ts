// The table's turn clock under SR2011's rules: the timing table's turn, extension and reserve for
// the event's points and variants, the hidden end of round, the victory variants and the
// scenario tracker. The shared clock (src/domain/clock) folds; this says with what numbers.
import { turnClockConfig, type ClockConfig, type ClockConfigOptions } from '../clock/config';
import { roundEndsAt } from './round-timer';
import { scenarioTracker } from './scenario-tracker';
import { eventTiming } from './timing';
import { hasVariant } from './variants';

export function clockConfig(settings: { points: number; variants: readonly string[] }, opts: ClockConfigOptions): ClockConfig {
  const timing = eventTiming(settings);
  return turnClockConfig(
    {
      timeLimited: timing.timeLimited,
      turnMinutes: timing.turnMinutes,
      extensionMinutes: timing.extensionMinutes,
      reserveMinutes: timing.reserveMinutes,
      diceDown: timing.diceDown,
      endsAt: (startedAt, variableMinutes) => roundEndsAt({ startedAt, variableMinutes }, timing),
      noAssassination: hasVariant(settings.variants, 'no-assassination'),
      noTiebreakers: hasVariant(settings.variants, 'no-tiebreakers'),
      scenario: scenarioTracker,
    },
    opts,
  );
}
