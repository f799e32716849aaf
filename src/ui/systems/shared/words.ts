// A few words every organizer screen says about any system: a number in the unit its standings
// count, a bye line, one table's result in a line. Each system's part is in its UI companion.
import type { EventFile, Pairing, PlayerId } from '../../../domain/event-file';
import type { MessageKey, Translate } from '../../../i18n';
import { hasMessage, isKnockout, systemOf } from './model';
import { uiFor } from '../index';
import { pointsText } from './points';

export { pointsText };

/** A bye line: knockout byes go through; elsewhere a bye is worth the system's bye score. */
export function byeText(event: EventFile, id: PlayerId, nameOf: (id: PlayerId) => string, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  if (isKnockout(event)) return t('systems.byeKnockout', { name: nameOf(id) });
  if (uiFor(event.system).byes === 'single') return t('rounds.bye', { name: nameOf(id) });
  return t('systems.bye', { name: nameOf(id), points: pointsText(event, systemOf(event).byeScore(event.settings), t, lang) });
}

/** One table's result in a line: who won and the numbers that decided it. */
export function resultSummary(event: EventFile, pairing: Pairing, nameOf: (id: PlayerId) => string, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  const r = pairing.result;
  if (!r) return t('rounds.pending');
  if (isKnockout(event)) {
    if (r.winner === null) return t('rounds.draw');
    const stage = typeof r.stage === 'string' && hasMessage(`systems.choice.stage.${r.stage}`) ? t(`systems.choice.stage.${r.stage}` as MessageKey) : null;
    return stage ? t('systems.summary.throughAt', { name: nameOf(r.winner), stage }) : t('systems.summary.through', { name: nameOf(r.winner) });
  }
  const head = r.winner === null ? t('rounds.draw') : t('rounds.wins', { name: nameOf(r.winner) });
  // how it was won, when the system's form asks it (SR2011: « scénario »); LotR stores 'how' only to carry its points in a code
  const asksHow = systemOf(event)
    .resultFields(event.settings)
    .some((f) => f.key === 'how' && !f.derived);
  const how =
    asksHow && typeof r.how === 'string' && r.winner !== null && hasMessage(`results.how.${r.how}`) ? ` (${t(`results.how.${r.how}` as MessageKey).toLocaleLowerCase(lang)})` : '';
  return `${head}${how} · ${uiFor(event.system).resultLine(event, pairing, r, t, lang)}`;
}
