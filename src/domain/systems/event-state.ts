// Where any system's event stands, read the same way whatever its rules: a round running, the
// rounds completed, the organizer's confirmed end. They read only the event format's common
// fields, so they sit below the systems (SR2011, where they were first written, imports them).
import type { EventFile } from '../event-file/types';

const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** A round's start and close as the app stamps them (ms since the epoch); any other field passes. */
export interface RoundTimes {
  startedAt?: unknown;
  finishedAt?: unknown;
  [extra: string]: unknown;
}

/** A round is "running" from its start until the organizer closes it: no app update then. */
export function isRoundRunning(round: RoundTimes): boolean {
  return isTime(round.startedAt) && !isTime(round.finishedAt);
}

/** The organizer confirmed the end of the event (settings.finished). */
export const isEventFinished = (event: Pick<EventFile, 'settings'>): boolean => event.settings.finished === true;

/** Rounds whose every game has a result (a round with only a bye counts as played). */
export function roundsCompleted(event: Pick<EventFile, 'rounds'>): number {
  return event.rounds.filter((r) => r.pairings.every((p) => p.result !== undefined)).length;
}
