// The standings tab's views, kept out of the components so they can be read and tested alone:
// which "views" (after round N) exist, whether anything was played yet, and the CSV file's name.
// Each system's columns, order and words are its standings parts (uiFor(system).standings).
import type { EventFile } from '../../../../domain/event-file';
import type { Translate } from '../../../../i18n';
import { fileSlug } from '../../../files';

// The end of the event (settings.finished, finishedAfterRound, extraRounds) is decided by the
// domain's eventEndState, the same one the command line uses.

// ---------------------------------------------------------------------------------------------
// Views: the standings after each completed round, plus the running round (provisional).
// ---------------------------------------------------------------------------------------------

export interface StandingsView {
  /** how many rounds of event.rounds to keep: standings = computeStandings(sliceRounds(event, length)) */
  length: number;
  /** the round's number, as printed */
  round: number;
  /** false for the running round, whose results are partial */
  complete: boolean;
}

const isComplete = (r: EventFile['rounds'][number]): boolean => r.pairings.every((p) => p.result !== undefined);

export function standingsViews(event: EventFile): StandingsView[] {
  const views: StandingsView[] = [];
  event.rounds.forEach((r, i) => {
    const last = i === event.rounds.length - 1;
    if (isComplete(r)) views.push({ length: i + 1, round: r.number, complete: true });
    else if (last) views.push({ length: i + 1, round: r.number, complete: false });
  });
  return views;
}

/** Nothing to rank yet: no round, or only a running first round with no result at all. */
export function nothingPlayed(event: EventFile): boolean {
  return !event.rounds.some((r) => isComplete(r) || r.pairings.some((p) => p.result !== undefined));
}

export const sliceRounds = (event: EventFile, length: number): EventFile => (length >= event.rounds.length ? event : { ...event, rounds: event.rounds.slice(0, length) });

/** "winter-steamroller-2026-12-05-classement-ronde-3.csv": the export's name plus the round shown. */
export function csvFileName(event: EventFile, round: number, t: Translate): string {
  return t('standings.csvFile', { base: fileSlug(event.name, event.date).replace(/\.json$/, ''), round });
}
