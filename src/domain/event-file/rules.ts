// The game system's own rules over a file the format accepted, as Problems: one path for the
// command line's `validate` and the app's import (validateEventFile calls it). The system's
// problems are worded here, in both languages, so a Problem stays plain data that crosses the
// worker boundary and is printed without knowing which system made it.
import { systemFor } from '../systems';
import type { GameSystem, SystemProblem } from '../systems/game-system';
import { listProblemMessage, systemProblemMessage } from '../systems/messages';
import { HOW_NEEDS_WINNER } from '../systems/sr2011';
import type { EventFile } from './types';
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
  // SR2011 checks its lists inside validateEvent; the others' list rules (e.g. the Rackham
  // challenge overage) are registration problems of an event that took place: warnings
  if (event.system !== 'sr2011') {
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
