import type { Translate } from '../i18n';

/** Turns a failed write into a sentence an organizer can act on; nothing was saved in any case. */
export function saveErrorMessage(err: unknown, t: Translate): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return t('error.quota');
  return t('error.save', { detail: err instanceof Error ? err.message : String(err) });
}
