// What the sync worker does (worker.ts exposes it; receiver.ts and pass.ts call it): the runner's
// whole pass, and a page of the server's documents through the trust gate (signatures, hash
// chains, opening, the import's limits) with the accepted entries folded into the event, all on
// the worker's thread. It reads the device's keys
// and the event's trust state from IndexedDB itself (CryptoKeys clone there like any value) and
// hands back counts, never the event: the page's thread only learns how far the log went.
import { releaseProxy } from 'comlink';
import { openDB } from 'idb';
import type { WargameDb } from '../store/db';
import type { MergeSummary } from '../store/replica';
import { crossing, pullHere, summary, syncOnce, type Crossing, type Net, type NetLimits, type Pulled, type PullApi, type SyncConfig, type SyncOutcome } from './couch';
import type { PassApi } from './pass';
import type { ReceiveApi } from './receiver';
import { receiveDocs } from './trust';

/**
 * Entries per transaction here. The page's thread never waits on one, so a slice can be larger
 * than the page's own (MERGE_SLICE): fewer projection writes; still two progress lines a page.
 */
export const WORKER_SLICE = 250;

const connections = new Map<string, Promise<WargameDb>>();

function connect(name: string): Promise<WargameDb> {
  let db = connections.get(name);
  if (!db) {
    // the page opened (and upgraded) the database; this opens it at whatever version it has
    db = openDB(name, undefined, {
      // the page wants to upgrade the schema: let it (the next receive opens the new version)
      blocking: () => {
        void db!.then((d) => d.close());
        connections.delete(name);
      },
    }) as unknown as Promise<WargameDb>;
    connections.set(name, db);
    db.catch(() => connections.delete(name));
  }
  return db;
}

export type SliceCallback = (merged: number, of: number) => void | Promise<void>;

/** A callback passed through Comlink holds a port open until released. */
const release = (...fns: unknown[]): void => {
  for (const f of fns) (f as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
};

/** Called back without waiting: the work never waits for the page to paint. */
const posted =
  <A extends unknown[]>(f: ((...a: A) => unknown) | undefined) =>
  (...a: A): void => {
    if (f) void Promise.resolve(f(...a)).catch(() => undefined);
  };

export const syncWorkerApi: ReceiveApi & PassApi & PullApi = {
  /** The runner's pass (couch.ts syncOnce) on this thread: build, sign and send the feed, then receive. */
  async pass(
    dbName: string,
    eventId: string,
    deviceId: string,
    cfg: SyncConfig,
    limits: NetLimits,
    onRetry?: Net['onRetry'],
    onProgress?: Net['onProgress'],
  ): Promise<Crossing<SyncOutcome>> {
    try {
      const db = await connect(dbName);
      const net = { ...limits, onRetry: onRetry && posted(onRetry), onProgress: onProgress && posted(onProgress) };
      return await crossing(syncOnce(db, eventId, deviceId, cfg, net).then((o) => ({ ...o, merged: summary(o.merged) })));
    } finally {
      release(onRetry, onProgress);
    }
  },
  /** couch.ts pullHere on this thread: a joining device's first pull, page after page. */
  async pull(
    dbName: string,
    eventId: string | null,
    deviceId: string,
    cfg: SyncConfig,
    limits: NetLimits,
    onRetry?: Net['onRetry'],
    onProgress?: Net['onProgress'],
  ): Promise<Crossing<Pulled>> {
    try {
      const db = await connect(dbName);
      const net = { ...limits, onRetry: onRetry && posted(onRetry), onProgress: onProgress && posted(onProgress) };
      return await crossing(pullHere(db, eventId, deviceId, cfg, net).then((p) => ({ ...p, last: summary(p.last) })));
    } finally {
      release(onRetry, onProgress);
    }
  },
  /** trust.ts receiveDocs, on this thread: same checks, same refusals kept, same checkpoint. */
  async receive(dbName: string, eventId: string, writer: string, raws: readonly Record<string, unknown>[], since: string | number, onSlice?: SliceCallback): Promise<MergeSummary> {
    try {
      const db = await connect(dbName);
      const r = await receiveDocs(db, eventId, writer, raws, since, onSlice && posted(onSlice), WORKER_SLICE);
      return { added: r.added, loaded: r.loaded && { seq: r.loaded.seq, meta: r.loaded.meta } };
    } finally {
      release(onSlice);
    }
  },
};
