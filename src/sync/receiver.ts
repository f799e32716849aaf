// Where a page of received documents is verified, opened, checked and folded. In a browser page:
// in the sync worker (worker.ts), so a tablet receiving 100,000 entries keeps its page responsive;
// the page fetches `_changes`, posts the raw documents, and gets back counts and the log's seq.
// Elsewhere (Node: the tests' and the bench's devices) and if the worker cannot start: on the
// calling thread, with the same code (trust.ts receiveDocs), so both paths give the same result.
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { WargameDb } from '../store/db';
import type { MergeSummary } from '../store/replica';
import { receiveDocs } from './trust';
import type { SyncWorkerApi } from './worker-api';

export type ReceivePage = (db: WargameDb, eventId: string, writer: string, raws: readonly Record<string, unknown>[], since: string | number, onSlice?: (merged: number, of: number) => void) => Promise<MergeSummary>;

export const inThread: ReceivePage = (db, eventId, writer, raws, since, onSlice) => receiveDocs(db, eventId, writer, raws, since, onSlice);

/**
 * Receives through a worker's API at the other end of `endpoint`. The database goes by name (the
 * worker opens its own connection); the raw documents are cloned once, the answer is a few numbers.
 * `broken` rejects when the worker cannot run (failed to load): the page is then received here.
 */
export function throughWorker(endpoint: Endpoint, broken?: Promise<never>): ReceivePage {
  const remote: Remote<SyncWorkerApi> = wrap<SyncWorkerApi>(endpoint);
  let failed = false;
  broken?.catch(() => {
    failed = true;
  });
  return async (db, eventId, writer, raws, since, onSlice) => {
    if (failed) return inThread(db, eventId, writer, raws, since, onSlice);
    const job = remote.receive(db.name, eventId, writer, raws, since, onSlice && proxy(onSlice));
    if (!broken) return job;
    try {
      return await Promise.race([job, broken]);
    } catch (err) {
      if (!failed) throw err;
      // a page half-folded by a worker that died is received again: stored entries are
      // recognised, and the trust state and checkpoint were only ever written with a page's end
      return inThread(db, eventId, writer, raws, since, onSlice);
    }
  };
}

let chosen: ReceivePage | null = null;

function start(): ReceivePage {
  if (typeof Worker !== 'function' || typeof document === 'undefined') return inThread;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return inThread;
  }
  const broken = new Promise<never>((_, reject) =>
    worker.addEventListener('error', (e) => {
      worker.terminate();
      reject(new Error(`sync worker: ${e.message || 'failed to start'}`));
    }),
  );
  return throughWorker(worker, broken);
}

/** The page's receiver, the worker started on first use. */
export function receiver(): ReceivePage {
  chosen ??= start();
  return chosen;
}
