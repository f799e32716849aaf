// Where the runner's sync pass (send, then receive: couch.ts syncOnce) runs. On a browser page:
// in the sync worker, so building and signing this device's feed, reading the trust state (which
// holds a hash per document of every feed: megabytes after a big event) and receiving never take
// the page's thread; the page gets back counts and the log's position, and a SyncError keeps its
// code across. Elsewhere, or when a test hands its own fetch, or if the worker cannot start: here.
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { WargameDb } from '../store/db';
import { SyncError, syncOnce, type Net, type SyncConfig, type SyncErrorCode, type SyncOutcome } from './couch';
import { syncWorker } from './sync-worker';

/** A request's limits: what of `Net` can cross to a worker (functions cannot). */
export type NetLimits = Pick<Net, 'timeoutMs' | 'attempts' | 'backoffMs'>;

export type PassAnswer = { ok: SyncOutcome } | { error: { code: SyncErrorCode; status: number; message: string } };

/** What the sync worker answers for a pass (worker-api.ts implements it). */
export interface PassApi {
  pass(dbName: string, eventId: string, deviceId: string, cfg: SyncConfig, limits: NetLimits, onRetry?: Net['onRetry'], onProgress?: Net['onProgress']): Promise<PassAnswer>;
}

export type SyncPass = (db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, net: Net) => Promise<SyncOutcome>;

/** The answer of a pass run anywhere, as the worker sends it: counts, never the event. */
export async function answerOf(run: Promise<SyncOutcome>): Promise<PassAnswer> {
  try {
    const o = await run;
    const loaded = o.merged?.loaded;
    return { ok: { pushed: o.pushed, pulled: o.pulled, merged: o.merged && { added: o.merged.added, loaded: loaded ? { seq: loaded.seq, meta: loaded.meta } : null } } };
  } catch (err) {
    if (err instanceof SyncError) return { error: { code: err.code, status: err.status, message: err.message } };
    throw err;
  }
}

export function passThroughWorker(endpoint: Endpoint, broken?: Promise<never>): SyncPass {
  const remote: Remote<PassApi> = wrap<PassApi>(endpoint);
  let failed = false;
  broken?.catch(() => {
    failed = true;
  });
  return async (db, eventId, deviceId, cfg, net) => {
    // a test's own fetch (or a signal) cannot cross to a worker
    if (failed || net.fetch || net.signal) return syncOnce(db, eventId, deviceId, cfg, net);
    const limits: NetLimits = { timeoutMs: net.timeoutMs, attempts: net.attempts, backoffMs: net.backoffMs };
    const job = remote.pass(db.name, eventId, deviceId, cfg, limits, net.onRetry && proxy(net.onRetry), net.onProgress && proxy(net.onProgress));
    let answer: PassAnswer;
    try {
      answer = await (broken ? Promise.race([job, broken]) : job);
    } catch (err) {
      if (!failed) throw err;
      // nothing of a pass is lost when it stops midway: send and receive again, here
      return syncOnce(db, eventId, deviceId, cfg, net);
    }
    if ('ok' in answer) return answer.ok;
    const e = new SyncError(answer.error.code, answer.error.status);
    e.message = answer.error.message;
    throw e;
  };
}

let chosen: SyncPass | null = null;

/** The page's sync pass: in the sync worker where there is one. */
export function syncPass(): SyncPass {
  if (!chosen) {
    const w = syncWorker();
    chosen = w ? passThroughWorker(w.worker, w.broken) : syncOnce;
  }
  return chosen;
}
