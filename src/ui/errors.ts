import { problemMessage } from '../domain/event-file/messages';
import { InvalidActionError, StaleWriteError } from '../domain/log';
import type { Translate } from '../i18n';
import { typeset } from '../i18n/typography';

/** Turns a failed write into a sentence an organizer can act on; nothing was saved in any case. */
export function saveErrorMessage(err: unknown, t: Translate): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return t('error.quota');
  if (err instanceof StaleWriteError) return t('error.stale');
  if (err instanceof InvalidActionError) {
    const lang = t('meta.lang') === 'en' ? 'en' : 'fr';
    return t('error.invalid', { detail: err.problems.map((p) => typeset(problemMessage(p, lang), lang)).join(t('common.listSep')) });
  }
  return t('error.save', { detail: err instanceof Error ? err.message : String(err) });
}
