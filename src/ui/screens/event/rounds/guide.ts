// Where the round stands and the one thing to do next (issue 12, « a guided round »):
// Apparier -> the system's step before the start (SR2011: its scenario) -> Démarrer -> results
// x/N -> Clôturer. Pure, so the screens and their tests read the same answer; what blocks an
// action is known here before the organizer taps, and shown next to the disabled button.
import type { EventFile, Round } from '../../../../domain/event-file';
import { isRoundRunning } from '../../../../domain/sr2011';
import { unfinishedRound } from '../../../../domain/systems/rounds';

export type GuideStep = 'pair' | 'prestart' | 'start' | 'results' | 'close' | 'finished';

export interface RoundProgress {
  done: number;
  total: number;
  missing: number[];
}

export function roundProgress(round: Round): RoundProgress {
  const missing = round.pairings.filter((p) => !p.result).map((p) => p.table);
  return { done: round.pairings.length - missing.length, total: round.pairings.length, missing };
}

/** Why pairing the next round would be refused, known before the tap; null when it may be tried. */
export type PairBlock = { reason: 'finished' } | { reason: 'running'; round: number } | { reason: 'unfinished'; round: number; tables: number[] };

export function pairBlock(event: EventFile): PairBlock | null {
  if (event.settings.finished === true) return { reason: 'finished' };
  const running = event.rounds.find(isRoundRunning);
  if (running) return { reason: 'running', round: running.number };
  const open = unfinishedRound(event);
  if (open) return { reason: 'unfinished', round: open.round, tables: open.tables };
  return null;
}

/**
 * The step the latest round is at. `prestartReady` is the system's own condition before the
 * start (null when its rounds have none).
 */
export function guideStep(event: EventFile, prestartReady: ((round: Round) => boolean) | null): GuideStep {
  if (event.settings.finished === true) return 'finished';
  const last = event.rounds[event.rounds.length - 1];
  if (!last) return 'pair';
  const { done, total } = roundProgress(last);
  const started = typeof last.startedAt === 'number';
  const running = isRoundRunning(last);
  if (done === total) return running ? 'close' : 'pair';
  if (!started && done === 0) return prestartReady && !prestartReady(last) ? 'prestart' : 'start';
  return 'results';
}
