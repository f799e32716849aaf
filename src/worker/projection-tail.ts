// Shared by the store (on the page) and the engine worker, like snapshot.ts. The projection record is a cache of the log's fold, and a plain local append does not rewrite
// it: at 4,096 players its structured clone is ~1.4 MB, 40-90 ms of the page's thread for each
// check-in. An append writes its entries and the meta (lastSeq, clock) in one transaction, so the
// log stays the truth and the stale-write checks see every entry; the record may lag behind.
// Every reader brings it up to meta.lastSeq by applying the entries after it (the tail), which is
// exactly what the append did on the page. A tail is only ever made of such appends: every other
// writer (undo, a merge from other devices, a resolved conflict, a rebuild) stores the whole fold
// at lastSeq in its own transaction. Anything else found after the record (an undo, a gap, an
// action that no longer applies) makes the reader take the whole-log fold instead.
// settleProjection writes the caught-up record; the page asks the engine worker to run it, so the
// clone costs the page nothing. A crash before it runs loses nothing: the tail is still in the log.
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { EventFile } from '../domain/event-file';
import type { LogEntry } from '../domain/log';
import { applyAction } from '../domain/log/fold';

/** The store's projection record (store/schema.ts), as far as a tail needs it: this module is shared with the worker. */
export interface Projection {
  eventId: string;
  seq: number;
  event: EventFile;
  conflicts?: readonly unknown[];
  unapplied?: readonly unknown[];
}

// biome-ignore lint/suspicious/noExplicitAny: the page's and the worker's databases are the same store typed by two schemas
type AnyDb = IDBPDatabase<any>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type AnyTx = IDBPTransaction<any, any, IDBTransactionMode>;

/** The log entries of `eventId` after `seq`. */
export const tailRange = (eventId: string, seq: number): IDBKeyRange => IDBKeyRange.bound([eventId, seq + 1], [eventId, Infinity]);

/** `projection` with `tail` applied, as of `lastSeq`; null when the tail needs the whole-log fold. */
export function withTail<P extends Projection>(projection: P, tail: readonly LogEntry[], lastSeq: number): P | null {
  if (tail.length === 0) return projection.seq === lastSeq ? projection : null;
  // conflicts are derived from the whole log: only that fold may carry them forward
  if (projection.conflicts?.length || projection.unapplied?.length) return null;
  let event = projection.event;
  let seq = projection.seq;
  for (const e of tail) {
    if (e.seq !== seq + 1 || e.action.type === 'action-undone' || e.action.type === 'conflict-resolved') return null;
    try {
      event = applyAction(event, e.action);
    } catch {
      return null;
    }
    seq = e.seq;
  }
  // no conflicts to carry: the record is its event and where it stands
  return seq === lastSeq ? ({ eventId: projection.eventId, seq, event } as P) : null;
}

/** Within `tx` (over log and projections): the stored projection brought up to `lastSeq`, or null. */
export async function caughtUp<P extends Projection>(tx: AnyTx, stored: P | undefined, lastSeq: number): Promise<P | null> {
  if (!stored) return null;
  if (stored.seq === lastSeq) return stored;
  if (stored.seq > lastSeq) return null;
  return withTail(stored, await tx.objectStore('log').getAll(tailRange(stored.eventId, stored.seq)), lastSeq);
}

/**
 * Stores the event's projection as of its last entry, when it lags behind. Returns it (null when
 * the event is gone or the tail needs the whole-log fold, which the next reader on the page does).
 * Relaxed durability: the record is a cache, and a crash only leaves the tail to fold again.
 */
export async function settleProjection(db: AnyDb, eventId: string): Promise<Projection | null> {
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', { durability: 'relaxed' });
  const [meta, stored] = (await Promise.all([tx.objectStore('events').get(eventId), tx.objectStore('projections').get(eventId)])) as [
    { lastSeq: number } | undefined,
    Projection | undefined,
  ];
  const current = meta ? await caughtUp(tx, stored, meta.lastSeq) : null;
  if (current && current !== stored) await tx.objectStore('projections').put(current);
  await tx.done;
  return current;
}
