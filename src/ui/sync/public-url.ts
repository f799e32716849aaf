import type { SyncConfig } from '../../sync/couch';

/** The players' view: this app, reading the public database (never the event's own). */
export function publicViewUrl(cfg: Pick<SyncConfig, 'url' | 'publicDb'>, appUrl = location.href): string {
  const base = appUrl.split('#')[0]!.split('?')[0]!;
  return `${base}#/public/${encodeURIComponent(`${cfg.url.replace(/\/+$/, '')}/${cfg.publicDb ?? ''}`)}`;
}
