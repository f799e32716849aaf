// The round clocks' registry: each clock profile a GameSystem declares (GameSystem.clockProfile)
// and its round clock for the organizer with its line on the hall's timer
// (shared/round-clock.tsx). The round screen and the hall's timer ask roundClockFor(event),
// never a system id. Adding a system with a clock of its own: its profile in the domain and a
// line here.
import type { EventFile } from '../../domain/event-file';
import { systemFor, type ClockProfile } from '../../domain/systems';
import { CHALLENGE_ROUND_CLOCK } from './confrontation/ChallengeClock';
import { LOTR_ROUND_CLOCK } from './lotr/HallClock';
import { PLAIN_ROUND_CLOCK } from './shared/PlainClock';
import type { RoundClockParts } from './shared/round-clock';
import { SR2011_ROUND_CLOCK } from './sr2011/RoundClock';

export type { HallLine, RoundClockParts, RoundClockProps } from './shared/round-clock';

const ROUND_CLOCKS: Record<ClockProfile, RoundClockParts> = {
  sr2011: SR2011_ROUND_CLOCK,
  'lotr-30-50': LOTR_ROUND_CLOCK,
  'confrontation-challenge': CHALLENGE_ROUND_CLOCK,
  none: PLAIN_ROUND_CLOCK,
};

/** The round clock the event's system declares for its format. */
export const roundClockFor = (event: Pick<EventFile, 'system' | 'settings'>): RoundClockParts => ROUND_CLOCKS[systemFor(event.system).clockProfile(event.settings)];
