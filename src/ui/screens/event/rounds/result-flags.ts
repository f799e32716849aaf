// What a recorded result breaks or makes doubtful, for its row in the pairings (issue 12: « a
// result that breaks a rule is marked in the row, not only in the form »). The system's own
// validateResult for every system; SR2011 adds its form's checks against the round (a scenario
// win with fewer CP than the scenario needs, APD over the opponent's list...).
import type { EventFile, Pairing, Round } from '../../../../domain/event-file';
import { systemProblemMessage } from '../../../../domain/systems';
import type { Translate } from '../../../../i18n';
import { checkDraft, draftFrom } from '../results/result-draft';
import { systemOf } from '../../../systems/shared/model';
import { typeset } from '../../../../i18n/typography';

export function resultFlags(event: EventFile, round: Round, pairing: Pairing, t: Translate, lang: 'fr' | 'en'): string[] {
  const result = pairing.result;
  if (!result) return [];
  const out = systemOf(event)
    .validateResult(result, pairing, event.settings)
    .map((p) => typeset(systemProblemMessage(p, lang), lang));
  if (event.system === 'sr2011') {
    const checked = checkDraft(draftFrom(pairing, event, result), { event, round, pairing, lang });
    for (const issue of [...checked.errors, ...checked.warnings]) {
      // a draw is legal and common enough that flagging every one would hide the real problems
      if (issue.key === 'results.warning.draw') continue;
      out.push(t(issue.key, issue.params));
    }
  }
  return [...new Set(out)];
}
