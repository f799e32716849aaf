import { checkServerUrl } from '../../store/sync-config';
import type { SyncConfig } from '../../sync/couch';

/**
 * The players' view: this app, reading the public database (never the event's own). Built only
 * from an address without credentials (a setting saved before addresses were checked may hold
 * some): then there is no link, no QR and nothing to print, rather than a password on paper.
 */
export function publicViewUrl(cfg: Pick<SyncConfig, 'url' | 'publicDb'>, appUrl = location.href): string | null {
  const checked = checkServerUrl(cfg.url);
  if (!checked.ok || !cfg.publicDb) return null;
  const base = appUrl.split('#')[0]!.split('?')[0]!;
  return `${base}#/public/${encodeURIComponent(`${checked.url}/${cfg.publicDb}`)}`;
}
