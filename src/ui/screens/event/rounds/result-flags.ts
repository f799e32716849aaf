// What a recorded result breaks or makes doubtful, for its row in the pairings (issue 12: « a
// result that breaks a rule is marked in the row, not only in the form »). The system's own
// validateResult for every system, then the system's own checks against the round when its UI
// parts declare them (uiFor(system).checkResult).
import type { EventFile, Pairing, Round } from '../../../../domain/event-file';
import { systemProblemMessage } from '../../../../domain/systems';
import type { Translate } from '../../../../i18n';
import { uiFor } from '../../../systems';
import { systemOf } from '../../../systems/shared/model';
import { typeset } from '../../../../i18n/typography';

export function resultFlags(event: EventFile, round: Round, pairing: Pairing, t: Translate, lang: 'fr' | 'en'): string[] {
  const result = pairing.result;
  if (!result) return [];
  const out = systemOf(event)
    .validateResult(result, pairing, event.settings)
    .map((p) => typeset(systemProblemMessage(p, lang), lang));
  const own = uiFor(event.system).checkResult?.(event, round, pairing, result, t, lang);
  if (own) out.push(...own.errors, ...own.warnings);
  return [...new Set(out)];
}
