// Where a page of received documents is verified, opened, checked and folded. In a browser page:
// in the sync worker (worker.ts), so a tablet receiving 100,000 entries keeps its page responsive;
// the page fetches `_changes`, posts the raw documents, and gets back counts and the log's seq.
// Elsewhere (Node: the tests' and the bench's devices) and if the worker cannot start: on the
// calling thread, with the same code (trust.ts receiveDocs), so both paths give the same result.
import { proxy, wrap, type Endpoint, type Remote } from 'comlink';
import type { WargameDb } from '../store/db';
import type { MergeSummary } from '../store/replica';
import { receiveDocs } from './trust';
import { inWorker, syncWorker, type SyncWorker } from './sync-worker';

/** What the sync worker answers for a page (worker-api.ts implements it). */
export interface ReceiveApi {
  receive(
    dbName: string,
    eventId: string,
    writer: string,
    raws: readonly Record<string, unknown>[],
    since: string | number,
    onSlice?: (merged: number, of: number) => void | Promise<void>,
  ): Promise<MergeSummary>;
}

export type ReceivePage = (
  db: WargameDb,
  eventId: string,
  writer: string,
  raws: readonly Record<string, unknown>[],
  since: string | number,
  onSlice?: (merged: number, of: number) => void,
) => Promise<MergeSummary>;

export const inThread: ReceivePage = (db, eventId, writer, raws, since, onSlice) => receiveDocs(db, eventId, writer, raws, since, onSlice);

/**
 * Receives through a worker's API at the other end of `endpoint`. The database goes by name (the
 * worker opens its own connection); the raw documents are cloned once, the answer is a few numbers.
 * When the worker cannot run (failed to load), the page is received here.
 */
export function throughWorker(endpoint: Endpoint, w: Pick<SyncWorker, 'broken' | 'failed'> = { broken: new Promise<never>(() => undefined), failed: false }): ReceivePage {
  const remote: Remote<ReceiveApi> = wrap<ReceiveApi>(endpoint);
  return (db, eventId, writer, raws, since, onSlice) =>
    inWorker(
      w,
      () => remote.receive(db.name, eventId, writer, raws, since, onSlice && proxy(onSlice)),
      // a page half-folded by a worker that died is received again: stored entries are
      // recognised, and the trust state and checkpoint were only ever written with a page's end
      () => inThread(db, eventId, writer, raws, since, onSlice),
    );
}

let chosen: ReceivePage | null = null;

/** The page's receiver: through the sync worker where there is one. */
export function receiver(): ReceivePage {
  if (!chosen) {
    const w = syncWorker();
    chosen = w ? throughWorker(w.worker, w) : inThread;
  }
  return chosen;
}
