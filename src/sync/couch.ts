// Replication of one event's log with a CouchDB 3.x server (or PouchDB Server), through CouchDB's
// documented HTTP API: POST /db/_bulk_docs to send, GET /db/_changes?since= to receive. Every log
// entry travels signed and sealed (trust.ts): one immutable document whose id holds its device's
// key id, its number in that device's feed and its hash, so replication is a union of sets. A 409
// "conflict" means "already there" only when the server's copy is the very document signed here.
// The receiving checkpoint (`since`) is stored in IndexedDB in the same transaction as the entries
// it brought (store/replica.ts), so a tab killed mid-sync resumes without losing or doubling an
// entry. Loaded as its own chunk, only for events that have a server configured.
import type { WargameDb } from '../store/db';
import { checkServerUrl, REQUEST_TIMEOUT_MS, type SyncConfig } from '../store/sync-config';
import { countLocal, getSyncState, updateSyncState, type MergeSummary } from '../store/replica';
import { proxy, wrap, type Remote } from 'comlink';
import { receiver } from './receiver';
import { inWorker, syncWorker } from './sync-worker';
import { buildOutbox, getTrust, markGrantsSent, markSent, putTrust, sameDoc, withEventLock, type KeyGrant } from './trust';
import { TRUST_KEY } from './trust-view';

export type { SyncConfig } from '../store/sync-config';

export type SyncErrorCode =
  | 'unreachable'
  /** no answer within the request's time limit, every attempt */
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'server'
  | 'bad-response'
  /** the server's `_changes` position does not move: reading on would never end */
  | 'stuck'
  /** a user name or password typed inside the address: refused, it would end up in links */
  | 'credentials-in-url'
  /** this device holds no admission to the event: nothing of its own may be sent */
  | 'not-admitted';

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

/**
 * How requests behave on a hostile or slow network. Every request has a time limit and is tried
 * again after a growing pause when the network failed, the time ran out or the server said 5xx
 * (all requests here are safe to repeat: entries are immutable, a document sent twice is a 409).
 */
export interface Net {
  fetch?: Fetch;
  /** per attempt, headers and body included */
  timeoutMs?: number;
  attempts?: number;
  /** pause before the 2nd attempt; doubled each time, with jitter */
  backoffMs?: number;
  /** an attempt failed and another follows: the sync line says why meanwhile */
  onRetry?: (code: SyncErrorCode, attempt: number, attempts: number) => void;
  /** entries received so far in this pull, and how many the server holds that this device lacks (estimate) */
  onProgress?: (received: number, total: number | null) => void;
  /** ends the request at once (a screen closed): the error is 'unreachable', never retried */
  signal?: AbortSignal;
}

export const NET_DEFAULTS = { timeoutMs: REQUEST_TIMEOUT_MS, attempts: 3, backoffMs: 1_000 } as const;

const netOf = (f?: Fetch | Net): Net => (typeof f === 'function' ? { fetch: f } : (f ?? {}));

const BATCH = 500;

function base(cfg: SyncConfig, db: string): string {
  const checked = checkServerUrl(cfg.url);
  // a configuration saved before addresses were checked: never send credentials found in it
  if (!checked.ok) throw new SyncError(checked.code === 'credentials-in-url' ? 'credentials-in-url' : 'unreachable');
  return `${checked.url}/${encodeURIComponent(db)}`;
}

/** user:password as Basic auth sends it: UTF-8 bytes in base64 (btoa alone takes Latin-1 only). */
export function basicCredentials(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
}

const retryable = (e: SyncError): boolean => e.code === 'unreachable' || e.code === 'timeout' || (e.code === 'server' && e.status >= 500);

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function attempt<T>(url: string, init: RequestInit, headers: Record<string, string>, f: Fetch, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  const stop = (): void => abort.abort();
  signal?.addEventListener('abort', stop);
  try {
    let res: Response;
    try {
      res = await f(url, { ...init, signal: abort.signal, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
    } catch (err) {
      if (timedOut) throw new SyncError('timeout', 0, `${timeoutMs} ms`);
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
      // the body stopped coming: the same as no answer
      if (timedOut) throw new SyncError('timeout', 0, `${timeoutMs} ms`);
      throw new SyncError('bad-response', res.status);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

export async function call<T>(cfg: SyncConfig, db: string, path: string, init: RequestInit = {}, net: Net = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body) headers['Content-Type'] = 'application/json';
  if (cfg.user) headers.Authorization = `Basic ${basicCredentials(cfg.user, cfg.password ?? '')}`;
  const url = `${base(cfg, db)}${path}`;
  const attempts = Math.max(1, net.attempts ?? NET_DEFAULTS.attempts);
  const backoff = net.backoffMs ?? NET_DEFAULTS.backoffMs;
  for (let k = 1; ; k++) {
    try {
      return await attempt<T>(url, init, headers, net.fetch ?? fetch, net.timeoutMs ?? NET_DEFAULTS.timeoutMs, net.signal);
    } catch (err) {
      if (!(err instanceof SyncError) || !retryable(err) || k >= attempts || net.signal?.aborted) throw err;
      net.onRetry?.(err.code, k + 1, attempts);
      await pause(backoff * 2 ** (k - 1) * (0.75 + Math.random() / 2));
    }
  }
}

/** Acknowledged documents leave the stored outbox by this many (each time rewrites the whole trust state). */
const MARK_EVERY = 4_000;

/** Sends this device's feed documents the server may lack. Returns how many documents went. */
export async function push(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch | Net): Promise<number> {
  const net = netOf(f);
  // the key alone: the trust state holds a hash per document of every feed, read once below
  if ((await db.getKey('settings', TRUST_KEY(eventId))) === undefined) throw new SyncError('not-admitted');
  const state = await getSyncState(db, eventId);
  const { t } = await buildOutbox(db, eventId, deviceId);
  const pending = t.outbox;
  // Acknowledged documents leave the stored outbox every MARK_EVERY documents and when the push
  // ends or fails, not after each request. A tab killed in between sends them again, and the
  // server's 409 on the very same signed document counts as "already there".
  let sent: string[] = [];
  const mark = async (): Promise<void> => {
    const ids = sent;
    sent = [];
    if (ids.length) await markSent(db, eventId, ids);
  };
  try {
    for (let i = 0; i < pending.length; i += BATCH) {
      const batch = pending.slice(i, i + BATCH);
      const results = await call<{ id: string; ok?: boolean; error?: string; reason?: string }[]>(
        cfg,
        cfg.db,
        '/_bulk_docs',
        { method: 'POST', body: JSON.stringify({ docs: batch }) },
        net,
      );
      if (!Array.isArray(results)) throw new SyncError('bad-response');
      const failed = results.filter((r) => !r?.ok && r?.error !== 'conflict');
      if (failed.length)
        throw new SyncError(
          failed[0]!.error === 'forbidden' ? 'forbidden' : failed[0]!.error === 'unauthorized' ? 'unauthorized' : 'server',
          0,
          `${failed[0]!.id}: ${failed[0]!.reason ?? failed[0]!.error}`,
        );
      for (const r of results.filter((r) => r?.error === 'conflict')) {
        const mine = batch.find((d) => d._id === r.id);
        if (!mine) continue;
        const theirs = await call<Record<string, unknown>>(cfg, cfg.db, `/${encodeURIComponent(r.id)}`, {}, net);
        if (sameDoc(theirs, mine)) continue;
        // a document planted or edited under our id: said in the panel, and ours put back over it
        const now = (await getTrust(db, eventId)) ?? t;
        now.forks.push({ kid: mine.kid, n: mine.n, hashes: [r.id.split(':')[2] ?? '', 'server'], at: Date.now() });
        await putTrust(db, eventId, now);
        await call(cfg, cfg.db, `/${encodeURIComponent(r.id)}`, { method: 'PUT', body: JSON.stringify({ ...mine, _rev: theirs._rev }) }, net);
      }
      sent.push(...batch.map((d) => d._id));
      if (sent.length >= MARK_EVERY) await mark();
    }
  } finally {
    await mark();
  }
  await sendGrants(db, eventId, cfg, t.grantsOut ?? [], net);
  await updateSyncState(db, eventId, { pushedSeq: Math.max(state.pushedSeq, t.builtSeq) });
  return pending.length;
}

/**
 * A removal's new key, one grant per remaining device. A 409 is the same grant already there: its
 * id is the hash of what it signs, which no one knows before it is made.
 */
async function sendGrants(db: WargameDb, eventId: string, cfg: SyncConfig, grants: readonly KeyGrant[], net: Net): Promise<void> {
  if (!grants.length) return;
  const results = await call<{ id: string; ok?: boolean; error?: string }[]>(cfg, cfg.db, '/_bulk_docs', { method: 'POST', body: JSON.stringify({ docs: grants }) }, net);
  if (!Array.isArray(results)) throw new SyncError('bad-response');
  await markGrantsSent(
    db,
    eventId,
    results.filter((r) => r?.ok || r?.error === 'conflict').map((r) => r.id),
  );
}

/**
 * Waits until the server has a change after `since` (CouchDB's longpoll feed), so a result saved
 * on another device arrives in about a second rather than at the next timed pass. True: something
 * changed; false: the wait ended with nothing (CouchDB's own timeout, or ours when a server keeps
 * the request open). One attempt: the caller decides when to wait again.
 */
export async function waitForChanges(cfg: SyncConfig, since: string | number, waitMs: number, f?: Fetch | Net): Promise<boolean> {
  const net = netOf(f);
  try {
    const page = await call<{ results?: unknown }>(
      cfg,
      cfg.db,
      `/_changes?feed=longpoll&limit=1&timeout=${waitMs}&since=${encodeURIComponent(String(since))}`,
      {},
      { ...net, attempts: 1, timeoutMs: waitMs + (net.timeoutMs ?? NET_DEFAULTS.timeoutMs) },
    );
    return Array.isArray(page?.results) && page.results.length > 0;
  } catch (err) {
    if (err instanceof SyncError && err.code === 'timeout') return false;
    throw err;
  }
}

interface ChangesPage {
  results: { id: string; doc?: Record<string, unknown>; deleted?: boolean }[];
  last_seq: string | number;
}

/** A `since` value as the server gave it: a number or a string, nothing else (it goes back in a URL). */
const validSeq = (v: unknown): v is string | number => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length > 0 && v.length <= 1_000);

/** A request's limits: what of `Net` can cross to a worker (functions cannot). */
export type NetLimits = Pick<Net, 'timeoutMs' | 'attempts' | 'backoffMs'>;

/** An outcome as it crosses from the sync worker: a SyncError keeps its code and words. */
export type Crossing<T> = { ok: T } | { error: { code: SyncErrorCode; status: number; message: string } };

export async function crossing<T>(run: Promise<T>): Promise<Crossing<T>> {
  try {
    return { ok: await run };
  } catch (err) {
    if (err instanceof SyncError) return { error: { code: err.code, status: err.status, message: err.message } };
    throw err;
  }
}

export function uncross<T>(c: Crossing<T>): T {
  if ('ok' in c) return c.ok;
  const e = new SyncError(c.error.code, c.error.status);
  e.message = c.error.message;
  throw e;
}

/** A merge's outcome without the event (which would cost the page's thread a clone to receive). */
export const summary = (m: MergeSummary | null): MergeSummary | null => m && { added: m.added, loaded: m.loaded && { seq: m.loaded.seq, meta: m.loaded.meta } };

export const limitsOf = (net: Net): NetLimits => ({ timeoutMs: net.timeoutMs, attempts: net.attempts, backoffMs: net.backoffMs });

export type Pulled = { eventId: string | null; added: number; last: MergeSummary | null };

/** What the sync worker answers for a pull (worker-api.ts implements it). */
export interface PullApi {
  pull(
    dbName: string,
    eventId: string | null,
    deviceId: string,
    cfg: SyncConfig,
    limits: NetLimits,
    onRetry?: Net['onRetry'],
    onProgress?: Net['onProgress'],
  ): Promise<Crossing<Pulled>>;
}

let pullRemote: Remote<PullApi> | null = null;

/**
 * Receives (pullHere) in the sync worker on a page: the pages of `_changes` are fetched, read and
 * checked there, the page's thread gets the progress and the counts. A test's own fetch or a
 * signal cannot cross: then here.
 */
export function pull(db: WargameDb, eventId: string | null, deviceId: string, cfg: SyncConfig, f?: Fetch | Net): Promise<Pulled> {
  const net = netOf(f);
  const w = net.fetch || net.signal ? null : syncWorker();
  return inWorker(
    w,
    async () => {
      pullRemote ??= wrap<PullApi>(w!.worker);
      return uncross(await pullRemote.pull(db.name, eventId, deviceId, cfg, limitsOf(net), net.onRetry && proxy(net.onRetry), net.onProgress && proxy(net.onProgress)));
    },
    () => pullHere(db, eventId, deviceId, cfg, net),
  );
}

/**
 * Receives every document written since the checkpoint, each through the trust gate (verified,
 * opened, checked; set aside with its reason otherwise), the accepted entries merged in slices.
 * With no `eventId` nothing is folded: a device reads an event only once admitted (join.ts). A feed whose position comes back
 * to one already read (with entries, so reading on would repeat forever) is stopped as 'stuck';
 * the number of pages is bounded by what the database holds.
 */
export async function pullHere(db: WargameDb, eventId: string | null, deviceId: string, cfg: SyncConfig, f?: Fetch | Net): Promise<Pulled> {
  const net = netOf(f);
  let since: string | number = eventId ? (await getSyncState(db, eventId)).since : 0;
  let added = 0;
  let received = 0;
  let last: MergeSummary | null = null;
  const positions = new Set<string>([String(since)]);
  let total: number | null = null;
  let maxPages = Infinity;
  for (let pages = 1; ; pages++) {
    const page = await call<ChangesPage>(cfg, cfg.db, `/_changes?include_docs=true&limit=${BATCH}&since=${encodeURIComponent(String(since))}`, {}, net);
    if (!page || !Array.isArray(page.results) || !validSeq(page.last_seq)) throw new SyncError('bad-response');
    const position = String(page.last_seq);
    if (page.results.length > 0 && positions.has(position)) throw new SyncError('stuck', 0, `last_seq ${position.slice(0, 40)}`);
    if (pages > maxPages) throw new SyncError('stuck', 0, `${pages} pages`);
    positions.add(position);
    // raw documents: the trust gate (receiveDocs, in the sync worker on a page) verifies, opens and checks each one
    const docs = page.results.map((r) => (r?.doc && !r.deleted && typeof r.doc === 'object' ? r.doc : null)).filter((d): d is Record<string, unknown> => d !== null);
    const more = page.results.length >= BATCH;
    if (more && total === null) {
      // a long pull: how much is coming (for the progress line) and how many pages it may take
      const info = await call<{ doc_count?: unknown; doc_del_count?: unknown }>(cfg, cfg.db, '', {}, net).catch(() => null);
      const count = typeof info?.doc_count === 'number' ? info.doc_count : null;
      if (count !== null) {
        const dels = typeof info?.doc_del_count === 'number' ? info.doc_del_count : 0;
        const here = eventId ? await countLocal(db, eventId) : 0;
        total = Math.max(page.results.length, count - here + received);
        // every document appears once in a feed; new ones may arrive while reading: some slack
        maxPages = pages + Math.ceil((count + dels) / BATCH) + 10;
      }
    }
    if (eventId) {
      const before = received;
      // on a long pull, the count moves with every slice merged, not only every page
      last = await receiver()(
        db,
        eventId,
        deviceId,
        docs,
        page.last_seq,
        total === null
          ? undefined
          : (k, n) => net.onProgress?.(before + (n ? Math.round((k / n) * page.results.length) : page.results.length), Math.max(total!, before + page.results.length)),
      );
      added += last.added;
    }
    received += page.results.length;
    since = page.last_seq;
    if (!more) break;
    if (total === null) net.onProgress?.(received, null);
  }
  return { eventId, added, last };
}

export interface SyncOutcome {
  pushed: number;
  pulled: number;
  /** the event after the merge, when anything arrived */
  merged: MergeSummary | null;
}

/** One round trip: send, then receive (so the server's copy is complete first). */
export function syncOnce(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, f?: Fetch | Net): Promise<SyncOutcome> {
  const net = netOf(f);
  return withEventLock(eventId, async () => {
    const pushed = await push(db, eventId, deviceId, cfg, net);
    // on the thread this pass runs on (the worker's, on a page)
    const pulled = await pullHere(db, eventId, deviceId, cfg, net);
    await updateSyncState(db, eventId, { lastSyncAt: Date.now(), lastError: null });
    return { pushed, pulled: pulled.added, merged: pulled.added ? pulled.last : null };
  });
}

/** Replaces the players' public document (the only document of the public database). */
export async function publish(cfg: SyncConfig, doc: object, f?: Fetch | Net): Promise<void> {
  if (!cfg.publicDb) return;
  const net = netOf(f);
  // two tries: a PUT whose answer was lost comes back as a 409 on the retry; read the rev again
  for (let k = 0; ; k++) {
    let rev: string | undefined;
    try {
      rev = (await call<{ _rev: string }>(cfg, cfg.publicDb, '/event', {}, net))._rev;
    } catch (err) {
      if (!(err instanceof SyncError && err.code === 'not-found')) throw err;
    }
    try {
      await call(cfg, cfg.publicDb, '/event', { method: 'PUT', body: JSON.stringify({ ...doc, _id: 'event', ...(rev ? { _rev: rev } : {}) }) }, net);
      return;
    } catch (err) {
      if (k > 0 || !(err instanceof SyncError && err.code === 'server' && err.status === 409)) throw err;
    }
  }
}

/**
 * Creates the event's databases when they are missing and the server lets this user (a hub, or
 * a CouchDB admin). An organizer user may not create databases: then they must already exist,
 * and the first sync says so in words.
 */
export async function ensureDatabases(cfg: SyncConfig, f?: Fetch | Net): Promise<void> {
  const net = netOf(f);
  for (const db of [cfg.db, cfg.publicDb].filter((d): d is string => !!d)) {
    try {
      await call(cfg, db, '', {}, net);
    } catch (err) {
      if (!(err instanceof SyncError && err.code === 'not-found')) return;
      try {
        await call(cfg, db, '', { method: 'PUT' }, net);
      } catch {
        return;
      }
    }
  }
}
