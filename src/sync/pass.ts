// Where the runner's sync pass (send, then receive: couch.ts syncOnce) runs. On a browser page:
// in the sync worker, so building and signing this device's feed, reading the trust state (which
// holds a hash per document of every feed: megabytes after a big event) and receiving never take
// the page's thread; the page gets back counts and the log's position, and a SyncError keeps its
// code across. Elsewhere, or when a test hands its own fetch, or if the worker cannot start: here.
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { WargameDb } from '../store/db';
import { limitsOf, syncOnce, uncross, type Crossing, type Net, type NetLimits, type SyncConfig, type SyncOutcome } from './couch';
import { inWorker, syncWorker, type SyncWorker } from './sync-worker';

/** What the sync worker answers for a pass (worker-api.ts implements it). */
export interface PassApi {
  pass(
    dbName: string,
    eventId: string,
    deviceId: string,
    cfg: SyncConfig,
    limits: NetLimits,
    onRetry?: Net['onRetry'],
    onProgress?: Net['onProgress'],
  ): Promise<Crossing<SyncOutcome>>;
}

export type SyncPass = (db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, net: Net) => Promise<SyncOutcome>;

export function passThroughWorker(endpoint: Endpoint, w: Pick<SyncWorker, 'broken' | 'failed'> = { broken: new Promise<never>(() => undefined), failed: false }): SyncPass {
  const remote: Remote<PassApi> = wrap<PassApi>(endpoint);
  return (db, eventId, deviceId, cfg, net) =>
    inWorker(
      // a test's own fetch (or a signal) cannot cross to a worker
      net.fetch || net.signal ? null : w,
      async () => uncross(await remote.pass(db.name, eventId, deviceId, cfg, limitsOf(net), net.onRetry && proxy(net.onRetry), net.onProgress && proxy(net.onProgress))),
      () => syncOnce(db, eventId, deviceId, cfg, net),
    );
}

let chosen: SyncPass | null = null;

/** The page's sync pass: in the sync worker where there is one. */
export function syncPass(): SyncPass {
  if (!chosen) {
    const w = syncWorker();
    chosen = w ? passThroughWorker(w.worker, w) : syncOnce;
  }
  return chosen;
}
