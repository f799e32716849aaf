// The event's sync line on every organizer tab: off (with a way to turn it on), or the last sync
// time, the entries waiting and any error in words. The network code is a separate chunk loaded
// only once this event has a server configured; with sync off nothing of it is fetched.
import { lightFormat } from 'date-fns';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../domain/event-file';
import type { Action } from '../../domain/log';
import { useI18n } from '../../i18n';
import { formatNumber } from '../../i18n/typography';
import { useSyncT, type SyncT } from '../../i18n/messages/sync';

import { checkServerUrl, DB_NAME_RE, getSyncConfig, hasTrust, REQUEST_TIMEOUT_MS, setSyncConfig } from '../../store/sync-config';
import type { SyncConfig } from '../../sync/couch';
import type { SyncStatus } from '../../sync/runner';
import { useServices } from '../services';
import { ConflictPanel } from './ConflictPanel';
import { DevicesPanel } from './DevicesPanel';
import { PublicQr } from './PublicQr';
import { publicViewUrl } from './public-url';

export interface SyncPanelProps {
  eventId: string;
  event: EventFile;
  seq: number;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  /** organizer PIN locked: keep syncing and show the line, but no settings, no choices */
  locked?: boolean;
}

export function SyncPanel({ eventId, event, seq, dispatch, locked = false }: SyncPanelProps) {
  const st = useSyncT();
  const { db, deviceId } = useServices();
  const [cfg, setCfg] = useState<SyncConfig | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const runner = useRef<{ stop: () => void; now: () => void } | null>(null);

  useEffect(() => {
    // a late answer after the screen closed must not re-render (tests tear the window down)
    let alive = true;
    void getSyncConfig(db, eventId).then((c) => alive && setCfg(c));
    return () => {
      alive = false;
    };
  }, [db, eventId]);
  useEffect(() => {
    if (!cfg) return;
    let alive = true;
    void (async () => {
      // An event that synced before entries were signed: the device that created it becomes its
      // first organizer device and signs from now on; any other device is admitted by that one.
      if (!(await hasTrust(db, eventId))) {
        const first = await db.get('log', [eventId, 1]);
        if (first && first.deviceId === deviceId && (first.action.type === 'event-created' || first.action.type === 'event-imported')) {
          const { becomeFirstDevice } = await import('../../sync/trust');
          await becomeFirstDevice(db, eventId, deviceId, st('trust.firstDevice'));
        }
      }
      const { startSync } = await import('../../sync/runner');
      if (!alive) return;
      runner.current = startSync(db, eventId, deviceId, cfg, setStatus);
    })();
    return () => {
      alive = false;
      runner.current?.stop();
      runner.current = null;
    };
  }, [db, eventId, deviceId, cfg]);

  const save = async (next: SyncConfig | null): Promise<void> => {
    // the runner creates missing databases on its first pass: a silent server never blocks this form
    // turning sync on: this device is the event's first organizer device, unless it was admitted
    if (next && !(await hasTrust(db, eventId))) await import('../../sync/trust').then((m) => m.becomeFirstDevice(db, eventId, deviceId, st('trust.firstDevice')));
    await setSyncConfig(db, eventId, next);
    setStatus(null);
    setCfg(next);
    setEditing(false);
  };

  if (cfg === undefined) return null;
  const publicUrl = cfg ? publicViewUrl(cfg) : null;
  return (
    <>
      <div class="sync-bar row" role="status" data-testid="sync-status">
        {!cfg ? <span class="muted">{st('sync.off')}</span> : <SyncLine status={status} />}
        {cfg && !locked && (
          <button type="button" class="btn" onClick={() => runner.current?.now()}>
            {st('sync.now')}
          </button>
        )}
        {publicUrl && (
          <a class="btn" href={publicUrl} target="_blank" rel="noopener" data-testid="public-link">
            {st('sync.publicLink')}
          </a>
        )}
        {!locked && (
          <button type="button" class="btn" onClick={() => setEditing(!editing)} aria-expanded={editing} aria-label={cfg ? st('sync.title') : undefined}>
            {cfg ? '⚙' : st('sync.setUp')}
          </button>
        )}
      </div>
      {editing && !locked && <SyncForm initial={cfg} event={event} onSave={save} onCancel={() => setEditing(false)} />}
      {cfg && <DevicesPanel eventId={eventId} cfg={cfg} locked={locked} refresh={status} onChanged={() => runner.current?.now()} />}
      {!locked && <ConflictPanel eventId={eventId} event={event} seq={seq} dispatch={dispatch} />}
      {/* keyed by the address: a corrected setting builds its QR again */}
      {cfg?.publicDb && <PublicQr key={`${cfg.url} ${cfg.publicDb}`} eventId={eventId} printOnly />}
    </>
  );
}

/** A sync error in words (the time limit named in seconds). */
export function syncErrorText(st: SyncT, code: SyncStatus['error'] & string): string {
  return st(`sync.err.${code}`, { s: Math.round(REQUEST_TIMEOUT_MS / 1000) });
}

/**
 * « 42 000 » in French: the app's own number typography. Not Intl.NumberFormat: making the first
 * one loads the locale's data, a long task on the page's thread at the first progress line.
 */
const count = (n: number, lang: string): string => formatNumber(n, lang === 'en' ? 'en' : 'fr', 0);

export function receivingText(st: SyncT, lang: string, r: { done: number; total: number | null }): string {
  return r.total !== null ? st('sync.receiving', { done: count(r.done, lang), total: count(r.total, lang) }) : st('sync.receivingSome', { done: count(r.done, lang) });
}

export function SyncLine({ status }: { status: SyncStatus | null }) {
  const st = useSyncT();
  const { lang } = useI18n();
  if (!status) return <span>{st('sync.syncing')}</span>;
  const when = status.lastSyncAt ? st('sync.at', { time: lightFormat(status.lastSyncAt, 'HH:mm:ss') }) : st('sync.never');
  const waiting = status.waiting ? st('sync.waiting', { n: status.waiting }) : st('sync.allSent');
  const { retrying, receiving } = status;
  return (
    <span
      class={status.error || retrying ? 'error' : ''}
      data-sync-waiting={status.waiting}
      data-sync-error={status.error ?? ''}
      data-sync-retrying={retrying?.code ?? ''}
      data-sync-at={status.syncing ? '' : (status.lastSyncAt ?? '')}
    >
      {status.syncing ? st('sync.syncing') : when} · {waiting}
      {status.syncing && receiving && <> · {receivingText(st, lang, receiving)}</>}
      {status.syncing && retrying && <> · {st('sync.retrying', { what: syncErrorText(st, retrying.code), n: retrying.attempt, of: retrying.attempts })}</>}
      {status.error && <> · {st('sync.error', { what: syncErrorText(st, status.error) })}</>}
    </span>
  );
}

export function SyncForm({
  initial,
  event,
  onSave,
  onCancel,
  submitLabel,
}: {
  initial: SyncConfig | null;
  event?: EventFile;
  onSave: (cfg: SyncConfig | null) => Promise<void>;
  onCancel: () => void;
  submitLabel?: string;
}) {
  const st = useSyncT();
  const slug =
    (event?.name ?? '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'tournoi';
  const [url, setUrl] = useState(initial?.url ?? '');
  const [dbName, setDbName] = useState(initial?.db ?? (event ? (/^[a-z]/.test(slug) ? slug : `t-${slug}`) : ''));
  const [publicDb, setPublicDb] = useState(initial?.publicDb ?? (event ? `${/^[a-z]/.test(slug) ? slug : `t-${slug}`}-public` : ''));
  const [user, setUser] = useState(initial?.user ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [problem, setProblem] = useState('');
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const checked = checkServerUrl(url);
    if (!checked.ok) return setProblem(st(checked.code === 'credentials-in-url' ? 'sync.badUrlCredentials' : 'sync.badUrl'));
    if (!DB_NAME_RE.test(dbName.trim()) || (publicDb.trim() && !DB_NAME_RE.test(publicDb.trim()))) return setProblem(st('sync.badDb'));
    setProblem('');
    await onSave({ url: checked.url, db: dbName.trim(), ...(publicDb.trim() ? { publicDb: publicDb.trim() } : {}), ...(user ? { user, password } : {}) });
  };
  return (
    <form class="panel form" onSubmit={(e) => void submit(e)} aria-label={st('sync.title')}>
      <h2>{st('sync.title')}</h2>
      <p class="muted">{st('sync.help')}</p>
      <label>
        {st('sync.url')}
        <input type="url" inputMode="url" autoComplete="url" placeholder="https://couch.example.org" value={url} onInput={(e) => setUrl(e.currentTarget.value)} required />
      </label>
      <label>
        {st('sync.db')}
        <input value={dbName} autoCapitalize="none" onInput={(e) => setDbName(e.currentTarget.value)} required />
      </label>
      <label>
        {st('sync.publicDb')}
        <input value={publicDb} autoCapitalize="none" onInput={(e) => setPublicDb(e.currentTarget.value)} />
      </label>
      <label>
        {st('sync.user')}
        <input value={user} autoComplete="username" autoCapitalize="none" onInput={(e) => setUser(e.currentTarget.value)} />
      </label>
      <label>
        {st('sync.password')}
        <input type="password" autoComplete="current-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
      </label>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <div class="row">
        <button type="submit" class="btn primary big">
          {submitLabel ?? st('sync.enable')}
        </button>
        {initial && (
          <button type="button" class="btn big" onClick={() => void onSave(null)}>
            {st('sync.disable')}
          </button>
        )}
        <button type="button" class="btn big" onClick={onCancel}>
          {st('sync.cancel')}
        </button>
      </div>
    </form>
  );
}
