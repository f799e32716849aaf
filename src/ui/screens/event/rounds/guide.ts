// Where the round stands and the one thing to do next (issue 12, « a guided round »):
// Apparier -> the system's step before the start (SR2011: its scenario) -> Démarrer -> results
// x/N -> Clôturer, and 'finished' once the game system says the event is over (eventOver: the
// organizer's end, a champion, a round robin played out, SR2011's unique leader...). Pure, so the screens and their tests read the same answer; what blocks an
// action is known here before the organizer taps, and shown next to the disabled button.
import type { EventFile, Round } from '../../../../domain/event-file';
import { isRoundRunning } from '../../../../domain/systems/event-state';
import { pairingImpossible, systemFor, type EventOver } from '../../../../domain/systems';
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
export type PairBlock =
  | { reason: 'finished' }
  /** the system's end leaves nobody to pair (a knockout's champion, a round robin played out) */
  | { reason: 'over'; over: EventOver }
  | { reason: 'running'; round: number }
  | { reason: 'unfinished'; round: number; tables: number[] };

/**
 * The system's own answer to « is this event over? » (GameSystem.eventOver), for every system.
 * Kept per event object (a new one at each change of the log): the Rounds tab asks three times a
 * render, and after a complete round SR2011's answer ranks the whole field.
 */
const overOf = new WeakMap<EventFile, EventOver | null>();
export const eventOver = (event: EventFile): EventOver | null => {
  if (overOf.has(event)) return overOf.get(event)!;
  const over = systemFor(event.system).eventOver(event);
  overOf.set(event, over);
  return over;
};

export function pairBlock(event: EventFile): PairBlock | null {
  if (event.settings.finished === true) return { reason: 'finished' };
  const over = eventOver(event);
  if (over && pairingImpossible(over)) return { reason: 'over', over };
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
  // the system knows when its event is over: the guide offers no next round past it
  if (done === total) return running ? 'close' : eventOver(event) ? 'finished' : 'pair';
  if (!started && done === 0) return prestartReady && !prestartReady(last) ? 'prestart' : 'start';
  return 'results';
}
