// Whether an event is over, asked of its game system (GameSystem.eventOver) so the command line's
// `pair` and the app's round guide know it before anyone taps: the organizer confirmed the end,
// a knockout has its champion, a round robin has had every round, or a Swiss event reached the
// rounds it fixed. SR2011 adds its own ends (unique leader, final tables) in systems/sr2011.ts.
import type { EventFile } from '../event-file/types';
import { roundRobinRoundCount } from '../pairing';
import { readBracket } from './bracket';
import type { EventOver, PairingMethod } from './game-system';
import { roundRobinOrder } from './round-robin-round';

/** Pairing is impossible, not only against the rules: nobody to pair (no --force past it). */
export const pairingImpossible = (over: EventOver): boolean => over.reason === 'champion' || over.reason === 'all-met';

const complete = (r: EventFile['rounds'][number]): boolean => r.pairings.every((p) => p.result !== undefined);

export function completedRounds(event: Pick<EventFile, 'rounds'>): number {
  return event.rounds.filter(complete).length;
}

/** Confirmed by the organizer: settings.finished (and the round it was confirmed after). */
export function finishedByOrganizer(event: Pick<EventFile, 'settings' | 'rounds'>): EventOver | null {
  if (event.settings.finished !== true) return null;
  const after = event.settings.finishedAfterRound;
  return { reason: 'finished', afterRound: typeof after === 'number' ? after : completedRounds(event) };
}

/** The end every system without rules of its own has, by its pairing method. */
export function eventOverByMethod(event: EventFile, method: PairingMethod): EventOver | null {
  const finished = finishedByOrganizer(event);
  if (finished) return finished;
  const last = event.rounds[event.rounds.length - 1];
  if (!last || !complete(last)) return null;
  switch (method.kind) {
    case 'knockout': {
      const bracket = readBracket(event);
      return bracket.complete ? { reason: 'champion', champion: bracket.champion, round: last.number } : null;
    }
    case 'round-robin':
      return event.rounds.length >= roundRobinRoundCount(roundRobinOrder(event).length) ? { reason: 'all-met', rounds: event.rounds.length } : null;
    case 'swiss': {
      const fixed = event.settings.rounds;
      return typeof fixed === 'number' && completedRounds(event) >= fixed ? { reason: 'fixed-rounds', rounds: fixed } : null;
    }
  }
}
