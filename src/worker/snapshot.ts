// Taking an event's snapshot: read its projection, serialise it as the event file, store it and
// prune the oldest, in one transaction. Shared by the store (on the page) and the engine worker,
// where the automatic backups of a large event run: reading and serialising 4,096 players costs
// a task of 100-200 ms wherever it runs.
import type { IDBPDatabase } from 'idb';
import { caughtUp, type Projection } from './projection-tail';
// the serializer alone: the store imports this module and the start-up bundle keeps out the rules
import { serializeEventFile } from '../domain/event-file/serialize';

/** why a snapshot was taken: the store's Backup['reason'] ('round', 'interval', 'manual', 'before-restore'...) */
export type SnapshotReason = string;

export interface SnapshotRecord<R extends SnapshotReason = SnapshotReason> {
  id?: number;
  eventId: string;
  at: number;
  /** rounds paired when the snapshot was taken */
  round: number;
  reason: R;
  /** the event file as exported (EVENT_FORMAT.md), serialised */
  file: string;
}

const range = (eventId: string): IDBKeyRange => IDBKeyRange.bound([eventId, -Infinity], [eventId, Infinity]);

/** Snapshots the event as it stands and prunes the oldest beyond `kept`, in one transaction. */
// biome-ignore lint/suspicious/noExplicitAny: the page's and the worker's databases are the same store typed by two schemas
export async function snapshotIn<R extends SnapshotReason>(db: IDBPDatabase<any>, eventId: string, reason: R, now: number, kept: number): Promise<SnapshotRecord<R> | null> {
  const tx = db.transaction(['events', 'log', 'projections', 'backups'], 'readwrite', { durability: 'strict' });
  const [meta, stored] = await Promise.all([
    tx.objectStore('events').get(eventId) as Promise<{ lastSeq: number } | undefined>,
    tx.objectStore('projections').get(eventId) as Promise<Projection | undefined>,
  ]);
  // the stored projection with the entries a plain append left after it (store/projection-tail.ts)
  const projection = meta ? ((await caughtUp(tx, stored, meta.lastSeq)) ?? stored) : undefined;
  if (!projection) {
    await tx.done;
    return null;
  }
  const backup: SnapshotRecord<R> = { eventId, at: now, round: projection.event.rounds.length, reason, file: serializeEventFile(projection.event) };
  const store = tx.objectStore('backups');
  backup.id = (await store.add(backup)) as number;
  const keys = await store.index('byEvent').getAllKeys(range(eventId));
  // keys come oldest first (index on [eventId, at]); drop all but the newest `kept`
  await Promise.all(keys.slice(0, Math.max(0, keys.length - kept)).map((k) => store.delete(k)));
  await tx.done;
  return backup;
}
