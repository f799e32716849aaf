// Replication of one event's log with a CouchDB 3.x server (or PouchDB Server), through CouchDB's
// documented HTTP API: POST /db/_bulk_docs to send, GET /db/_changes?since= to receive. Every log
// entry is one immutable document whose id is unique across devices (<eventId>:<deviceId>:<origin>),
// so replication is a union of sets: a document the server already has comes back as a 409
// "conflict", which here only means "already there". The receiving checkpoint (`since`) is stored
// in IndexedDB in the same transaction as the entries it brought (store/replica.ts), so a tab
// killed mid-sync resumes without losing or doubling an entry. Loaded as its own chunk, only for
// events that have a server configured.
import type { LogEntry } from '../domain/log';
import type { WargameDb } from '../store/db';
import { docIdOf, getSyncState, mergeEntries, ownEntriesAfter, toReplicated, updateSyncState, type MergeResult, type ReplicatedEntry } from '../store/replica';

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

export type SyncErrorCode = 'unreachable' | 'unauthorized' | 'forbidden' | 'not-found' | 'server' | 'bad-response';

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

/** user:password as Basic auth sends it: UTF-8 bytes in base64 (btoa alone takes Latin-1 only). */
export function basicCredentials(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
}

async function call<T>(cfg: SyncConfig, db: string, path: string, init: RequestInit = {}, f: Fetch = fetch): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body) headers['Content-Type'] = 'application/json';
  if (cfg.user) headers.Authorization = `Basic ${basicCredentials(cfg.user, cfg.password ?? '')}`;
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

interface EntryDoc extends ReplicatedEntry {
  _id: string;
  _rev?: string;
  type: 'log-entry';
}

const toDoc = (e: LogEntry): EntryDoc => ({ _id: docIdOf(e), type: 'log-entry', ...toReplicated(e) });

function fromDoc(doc: Record<string, unknown>): ReplicatedEntry | null {
  if (doc.type !== 'log-entry' || typeof doc.eventId !== 'string' || typeof doc.deviceId !== 'string' || typeof doc.origin !== 'number' || typeof doc.lamport !== 'number') return null;
  if (typeof doc.action !== 'object' || doc.action === null || typeof doc.at !== 'number') return null;
  // the id is the entry's identity: a document whose id disagrees with its fields is not ours
  if (doc._id !== docIdOf(doc as never)) return null;
  const { _id, _rev, type: _t, ...entry } = doc;
  return entry as unknown as ReplicatedEntry;
}

/** Sends this device's entries the server may lack. Returns how many were sent. */
export async function push(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch): Promise<number> {
  const state = await getSyncState(db, eventId);
  const pending = await ownEntriesAfter(db, eventId, deviceId, state.pushedSeq);
  for (let i = 0; i < pending.length; i += BATCH) {
    const batch = pending.slice(i, i + BATCH);
    const results = await call<{ id: string; ok?: boolean; error?: string; reason?: string }[]>(cfg, cfg.db, '/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs: batch.map(toDoc) }) }, f);
    const failed = results.filter((r) => !r.ok && r.error !== 'conflict');
    if (failed.length) throw new SyncError(failed[0]!.error === 'forbidden' ? 'forbidden' : failed[0]!.error === 'unauthorized' ? 'unauthorized' : 'server', 0, `${failed[0]!.id}: ${failed[0]!.reason ?? failed[0]!.error}`);
    await updateSyncState(db, eventId, { pushedSeq: batch[batch.length - 1]!.seq });
  }
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
    const entries = page.results.map((r) => (r.doc && !r.deleted ? fromDoc(r.doc) : null)).filter((e): e is ReplicatedEntry => e !== null);
    if (!eventId) {
      eventId = entries.find((e) => e.action.type === 'event-created' || e.action.type === 'event-imported')?.eventId ?? entries[0]?.eventId ?? null;
      // joining an event this device once had and deleted: its old checkpoints mean nothing now
      if (eventId && !(await db.get('events', eventId))) await updateSyncState(db, eventId, { pushedSeq: 0, since: 0, lastSyncAt: null, lastError: null });
    }
    if (eventId) {
      last = await mergeEntries(db, eventId, entries, deviceId, page.last_seq);
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
export async function syncOnce(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch): Promise<SyncOutcome> {
  const pushed = await push(db, eventId, deviceId, cfg, f);
  const pulled = await pull(db, eventId, deviceId, cfg, f);
  await updateSyncState(db, eventId, { lastSyncAt: Date.now(), lastError: null });
  return { pushed, pulled: pulled.added, merged: pulled.added ? pulled.last : null };
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
