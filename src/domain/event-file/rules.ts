// The game system's own rules over a file the format accepted, as Problems: one path for the
// command line's `validate` and the app's import (validateEventFile calls it). The system's
// problems are worded here, in both languages, so a Problem stays plain data that crosses the
// worker boundary and is printed without knowing which system made it.
import { systemFor } from '../systems';
import type { GameSystem, ResultSideNeeds, SystemProblem } from '../systems/game-system';
import { listProblemMessage, systemProblemMessage } from '../systems/messages';
import { HOW_NEEDS_WINNER, SYSTEMS, type EventFile } from './types';
import type { Problem } from './problem';

const worded = (p: SystemProblem, text: (lang: 'fr' | 'en') => string): Problem => ({
  path: p.path,
  code: 'rule',
  params: { rule: p.code, fr: text('fr'), en: text('en') },
  ...(p.warning === true && { warning: true }),
});

export function eventRuleProblems(event: EventFile): Problem[] {
  const system: GameSystem = systemFor(event.system);
  const out = system.validateEvent(event).map((p) => worded(p, (lang) => systemProblemMessage({ ...p, path: '' }, lang)));
  // a system whose lists are rules of the game judges them inside validateEvent; the others' list
  // rules (e.g. the Rackham challenge overage) are registration problems of an event that took
  // place: warnings
  if (system.validateEventCoversFile !== true) {
    // a draw is only reached at time: whatever the system, these ways of winning need a winner
    event.rounds.forEach((r, i) =>
      r.pairings.forEach((pairing, j) => {
        const how = pairing.result?.how;
        if (pairing.result?.winner !== null || typeof how !== 'string' || !HOW_NEEDS_WINNER.has(how)) return;
        const p: SystemProblem = { path: `rounds[${i}].pairings[${j}].result.how`, code: 'draw-with-how-file', params: { how } };
        out.push(worded(p, (lang) => systemProblemMessage({ ...p, path: '' }, lang)));
      }),
    );
    event.players.forEach((player, i) => {
      // an event that did not record lists at all (common outside SR2011) is not warned about
      for (const lp of system.validateLists(player, event.settings)) {
        if (lp.code === 'no-list') continue;
        const p: SystemProblem = { path: `players[${i}].lists`, code: lp.code, ...(lp.params && { params: lp.params }), warning: true };
        out.push(worded(p, (lang) => `${player.name}${lang === 'fr' ? ' : ' : ': '}${listProblemMessage(lp, lang)}`));
      }
    });
  }
  return out;
}

/** No side field asked beyond the format's: a log entry's pieces, judged before their event's system is known. */
export const NO_SIDE_NEEDS: ResultSideNeeds = { cp: false, apd: false };

/**
 * The side fields the results of a file naming `system` must carry (GameSystem.resultSideNeeds),
 * for the validator, which reads `system` before knowing it is valid. A file that names no system
 * (already refused for it) cannot say which fields it may leave out: it is held to every system's
 * needs, so the organizer sees each missing field in one pass. An unknown name needs none: which
 * fields it records is unknown, and the name itself is the problem reported.
 */
export function resultSideNeeds(system: unknown): ResultSideNeeds {
  if (system === undefined) {
    return SYSTEMS.reduce((all, id) => {
      const own = (systemFor(id) as GameSystem).resultSideNeeds ?? NO_SIDE_NEEDS;
      return { cp: all.cp || own.cp, apd: all.apd || own.apd };
    }, NO_SIDE_NEEDS);
  }
  const known = (SYSTEMS as readonly unknown[]).includes(system);
  return known ? ((systemFor(system as EventFile['system']) as GameSystem).resultSideNeeds ?? NO_SIDE_NEEDS) : NO_SIDE_NEEDS;
}
