// Replication of one event's log with a CouchDB 3.x server (or PouchDB Server), through CouchDB's
// documented HTTP API: POST /db/_bulk_docs to send, GET /db/_changes?since= to receive. Every log
// entry travels signed and sealed (trust.ts): one immutable document whose id holds its device's
// key id, its number in that device's feed and its hash, so replication is a union of sets. A 409
// "conflict" means "already there" only when the server's copy is the very document signed here.
// The receiving checkpoint (`since`) is stored in IndexedDB in the same transaction as the entries
// it brought (store/replica.ts), so a tab killed mid-sync resumes without losing or doubling an
// entry. Loaded as its own chunk, only for events that have a server configured.
import type { WargameDb } from '../store/db';
import { getSyncState, updateSyncState, type MergeResult } from '../store/replica';
import { buildOutbox, getTrust, markSent, putTrust, receiveDocs, sameDoc, withEventLock } from './trust';

/** Entered once per event on the device; kept in device settings, never in the event file. */
export interface SyncConfig {
  /** server root, e.g. https://couch.example.org or http://192.168.1.20:5984 */
  url: string;
  /** the event's database (one database per event) */
  db: string;
  /** the players' read-only database; empty = nothing published */
  publicDb?: string;
  user?: string;
  password?: string;
}

export type SyncErrorCode = 'unreachable' | 'unauthorized' | 'forbidden' | 'not-found' | 'server' | 'bad-response' | 'not-admitted';

export class SyncError extends Error {
  constructor(
    readonly code: SyncErrorCode,
    readonly status = 0,
    detail = '',
  ) {
    super(`${code}${status ? ` ${status}` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

type Fetch = typeof fetch;

const BATCH = 500;

function base(cfg: SyncConfig, db: string): string {
  return `${cfg.url.replace(/\/+$/, '')}/${encodeURIComponent(db)}`;
}

export async function call<T>(cfg: SyncConfig, db: string, path: string, init: RequestInit = {}, f: Fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body) headers['Content-Type'] = 'application/json';
  if (cfg.user) headers.Authorization = `Basic ${btoa(unescape(encodeURIComponent(`${cfg.user}:${cfg.password ?? ''}`)))}`;
  let res: Response;
  try {
    res = await f(`${base(cfg, db)}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
  } catch (err) {
    // no network, refused connection, DNS, CORS or mixed content: the browser does not say which
    throw new SyncError('unreachable', 0, err instanceof Error ? err.message : String(err));
  }
  if (res.status === 401) throw new SyncError('unauthorized', 401);
  if (res.status === 403) throw new SyncError('forbidden', 403);
  if (res.status === 404) throw new SyncError('not-found', 404);
  if (!res.ok) throw new SyncError('server', res.status, await res.text().catch(() => ''));
  try {
    return (await res.json()) as T;
  } catch {
    throw new SyncError('bad-response', res.status);
  }
}

/** Sends this device's feed documents the server may lack. Returns how many documents went. */
export async function push(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch): Promise<number> {
  if (!(await getTrust(db, eventId))) throw new SyncError('not-admitted');
  const state = await getSyncState(db, eventId);
  const { t } = await buildOutbox(db, eventId, deviceId);
  const pending = t.outbox;
  for (let i = 0; i < pending.length; i += BATCH) {
    const batch = pending.slice(i, i + BATCH);
    const results = await call<{ id: string; ok?: boolean; error?: string; reason?: string }[]>(cfg, cfg.db, '/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs: batch }) }, f);
    const failed = results.filter((r) => !r.ok && r.error !== 'conflict');
    if (failed.length) throw new SyncError(failed[0]!.error === 'forbidden' ? 'forbidden' : failed[0]!.error === 'unauthorized' ? 'unauthorized' : 'server', 0, `${failed[0]!.id}: ${failed[0]!.reason ?? failed[0]!.error}`);
    for (const r of results.filter((r) => r.error === 'conflict')) {
      const mine = batch.find((d) => d._id === r.id);
      if (!mine) continue;
      const theirs = await call<Record<string, unknown>>(cfg, cfg.db, `/${encodeURIComponent(r.id)}`, {}, f);
      if (sameDoc(theirs, mine)) continue;
      // a document planted or edited under our id: said in the panel, and ours put back over it
      const now = (await getTrust(db, eventId)) ?? t;
      now.forks.push({ kid: mine.kid, n: mine.n, hashes: [r.id.split(':')[2] ?? '', 'server'], at: Date.now() });
      await putTrust(db, eventId, now);
      await call(cfg, cfg.db, `/${encodeURIComponent(r.id)}`, { method: 'PUT', body: JSON.stringify({ ...mine, _rev: theirs._rev }) }, f);
    }
    await markSent(db, eventId, batch.map((d) => d._id));
  }
  await updateSyncState(db, eventId, { pushedSeq: Math.max(state.pushedSeq, t.builtSeq) });
  return pending.length;
}

interface ChangesPage {
  results: { id: string; doc?: Record<string, unknown>; deleted?: boolean }[];
  last_seq: string | number;
}

/**
 * Receives every entry written since the checkpoint. With no `eventId` (joining an event from its
 * server), the event is the one the database's entries belong to.
 */
export async function pull(db: WargameDb, eventId: string | null, deviceId: string, cfg: SyncConfig, f?: Fetch): Promise<{ eventId: string | null; added: number; last: MergeResult | null }> {
  let since = eventId ? (await getSyncState(db, eventId)).since : 0;
  let added = 0;
  let last: MergeResult | null = null;
  for (;;) {
    const page = await call<ChangesPage>(cfg, cfg.db, `/_changes?include_docs=true&limit=${BATCH}&since=${encodeURIComponent(String(since))}`, {}, f);
    if (!Array.isArray(page.results)) throw new SyncError('bad-response');
    const docs = page.results.map((r) => (r.doc && !r.deleted && typeof r.doc === 'object' ? r.doc : null)).filter((d): d is Record<string, unknown> => d !== null);
    if (eventId) {
      last = await receiveDocs(db, eventId, deviceId, docs, page.last_seq);
      added += last.added;
    }
    since = page.last_seq;
    if (page.results.length < BATCH) break;
  }
  return { eventId, added, last };
}

export interface SyncOutcome {
  pushed: number;
  pulled: number;
  /** the event after the merge, when anything arrived */
  merged: MergeResult | null;
}

/** One round trip: send, then receive (so the server's copy is complete first). */
export function syncOnce(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch): Promise<SyncOutcome> {
  return withEventLock(eventId, async () => {
    const pushed = await push(db, eventId, deviceId, cfg, f);
    const pulled = await pull(db, eventId, deviceId, cfg, f);
    await updateSyncState(db, eventId, { lastSyncAt: Date.now(), lastError: null });
    return { pushed, pulled: pulled.added, merged: pulled.added ? pulled.last : null };
  });
}

/** Replaces the players' public document (the only document of the public database). */
export async function publish(cfg: SyncConfig, doc: object, f?: Fetch): Promise<void> {
  if (!cfg.publicDb) return;
  let rev: string | undefined;
  try {
    rev = (await call<{ _rev: string }>(cfg, cfg.publicDb, '/event', {}, f))._rev;
  } catch (err) {
    if (!(err instanceof SyncError && err.code === 'not-found')) throw err;
  }
  await call(cfg, cfg.publicDb, '/event', { method: 'PUT', body: JSON.stringify({ ...doc, _id: 'event', ...(rev ? { _rev: rev } : {}) }) }, f);
}

/**
 * Creates the event's databases when they are missing and the server lets this user (a hub, or
 * a CouchDB admin). An organizer user may not create databases: then they must already exist,
 * and the first sync says so in words.
 */
export async function ensureDatabases(cfg: SyncConfig, f?: Fetch): Promise<void> {
  for (const db of [cfg.db, cfg.publicDb].filter((d): d is string => !!d)) {
    try {
      await call(cfg, db, '', {}, f);
    } catch (err) {
      if (!(err instanceof SyncError && err.code === 'not-found')) return;
      try {
        await call(cfg, db, '', { method: 'PUT' }, f);
      } catch {
        return;
      }
    }
  }
}
