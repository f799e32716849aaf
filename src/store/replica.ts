// Owns what replication needs from the store: this device's entries not yet sent, merging entries
// written on other devices (each stored once, whatever how often it arrives), and the sync
// checkpoints, written in the same transaction as the entries they account for, so a tab killed
// mid-sync neither loses nor doubles anything. The network side lives in src/sync (lazy chunk).
import type { LogEntry } from '../domain/log';
import * as merge from '../domain/log/merge';
import { applyAction } from '../domain/log/fold';
import { lamportOf, originOf } from '../domain/log/keys';
import type { EventFile } from '../domain/event-file/types';
import type { WargameDb } from './db';
import { clockOf, logRange, metaFor, projectionOf, STRICT, type LoadedEvent } from './events';
import { caughtUp } from '../worker/projection-tail';
import type { EventClock, EventMeta, Projection } from './schema';

/** A log entry as replicated: no local seq (each device numbers its own log). */
export type ReplicatedEntry = Omit<LogEntry, 'seq'> & { lamport: number; origin: number };

/** The document id on the server: unique across devices, so replication is a union of sets. */
export const docIdOf = (e: { eventId: string; deviceId: string; origin?: number; seq?: number }): string => `${e.eventId}:${e.deviceId}:${e.origin ?? e.seq}`;

export function toReplicated(e: LogEntry): ReplicatedEntry {
  const { seq: _seq, ...rest } = e;
  return { ...rest, lamport: lamportOf(e), origin: originOf(e) };
}

/** Where this device is with one event's server: what it sent, how far it read. */
export interface SyncState {
  /** local seq up to which this device's own entries are on the server */
  pushedSeq: number;
  /** the server's `_changes` sequence already merged here (opaque: CouchDB 3 uses strings) */
  since: string | number;
  lastSyncAt: number | null;
  lastError: string | null;
}

export const SYNC_STATE_KEY = (eventId: string): string => `sync-state:${eventId}`;
export const EMPTY_SYNC_STATE: SyncState = { pushedSeq: 0, since: 0, lastSyncAt: null, lastError: null };

export async function getSyncState(db: WargameDb, eventId: string): Promise<SyncState> {
  return { ...EMPTY_SYNC_STATE, ...((await db.get('settings', SYNC_STATE_KEY(eventId))) as Partial<SyncState> | undefined) };
}

export async function updateSyncState(db: WargameDb, eventId: string, patch: Partial<SyncState>): Promise<SyncState> {
  const tx = db.transaction('settings', 'readwrite', STRICT);
  const next = { ...EMPTY_SYNC_STATE, ...((await tx.store.get(SYNC_STATE_KEY(eventId))) as Partial<SyncState> | undefined), ...patch };
  await Promise.all([tx.store.put(next, SYNC_STATE_KEY(eventId)), tx.done]);
  return next;
}

/** This device's entries of the event after `afterSeq`, in local order: what is waiting to be sent. */
export async function ownEntriesAfter(db: WargameDb, eventId: string, deviceId: string, afterSeq: number, limit?: number): Promise<LogEntry[]> {
  // a device's own entries carry origin = seq: the index reads only those, never the whole log
  // (a device that received 100,000 entries would clone them all at every sync line update)
  return db.getAllFromIndex('log', 'byOrigin', ownRange(eventId, deviceId, afterSeq), limit);
}

/** How many of this device's entries wait to be sent (no entry read). */
export function countOwnAfter(db: WargameDb, eventId: string, deviceId: string, afterSeq: number): Promise<number> {
  return db.countFromIndex('log', 'byOrigin', ownRange(eventId, deviceId, afterSeq));
}

const ownRange = (eventId: string, deviceId: string, afterSeq: number): IDBKeyRange => IDBKeyRange.bound([eventId, deviceId, afterSeq + 1], [eventId, deviceId, Infinity]);

/** How many entries of the event this device holds. */
export function countLocal(db: WargameDb, eventId: string): Promise<number> {
  return db.count('log', logRange(eventId));
}

/** Entries merged per transaction: each slice's fold is a short task, and the page stays responsive between slices. */
export const MERGE_SLICE = 100;

const yieldToPage = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

/**
 * Merges a batch of received entries, already decoded and checked by the caller, a slice at a
 * time: one transaction per slice, the page free between them. `since` is written only with the
 * last slice, so a tab closed midway re-reads the batch and the slices already stored are
 * recognised (byOrigin) rather than doubled. Knows nothing of how entries travelled; `lastExtras`
 * is written with the last slice, in the checkpoint's transaction.
 */
export async function mergeInSlices(
  db: WargameDb,
  eventId: string,
  incoming: readonly ReplicatedEntry[],
  self: string,
  since?: string | number,
  onSlice?: (merged: number) => void,
  lastExtras?: () => Promise<MergeExtras>,
  slice: number = MERGE_SLICE,
): Promise<MergeResult> {
  let added = 0;
  let last: MergeResult | null = null;
  for (let i = 0; i === 0 || i < incoming.length; i += slice) {
    if (i > 0) await yieldToPage();
    const end = i + slice >= incoming.length;
    // what goes with the checkpoint (the sync's trust state) is read just before the last slice
    last = await mergeEntries(db, eventId, incoming.slice(i, i + slice), self, end ? since : undefined, end && lastExtras ? await lastExtras() : undefined);
    added += last.added;
    onSlice?.(Math.min(incoming.length, i + slice));
  }
  return { added, loaded: last!.loaded };
}

export interface MergeResult {
  added: number;
  /** null while the entries pulled so far do not include the event's creation */
  loaded: LoadedEvent | null;
}

/**
 * What a receive tells the page: counts and where the event's log now stands, never the event
 * itself (the sync worker would clone thousands of players back to the page's thread for a seq).
 */
export interface MergeSummary {
  added: number;
  loaded: { seq: number; meta: EventMeta } | null;
}

/**
 * The projection this realm last wrote in a merge, with the meta written beside it. The next
 * slice of a pull starts from it instead of reading the whole event back from IndexedDB; any
 * other write to the event (a tab appending, a deletion and a fresh join) changes the stored
 * meta's seq or time, and the stored projection is read again.
 */
let folded: { db: string; meta: EventMeta; projection: Projection } | null = null;

const sameMeta = (a: EventMeta, b: EventMeta): boolean => a.id === b.id && a.lastSeq === b.lastSeq && a.updatedAt === b.updatedAt && a.createdAt === b.createdAt;

/**
 * Adds entries from other devices to the local log, each once (the byOrigin index knows what is
 * here already), refolds the event in merge order, and records `since` in the same transaction.
 */
export interface MergeExtras {
  /** device settings written in the same transaction (the sync's trust state) */
  settings?: [key: string, value: unknown][];
  /** a writer's entries from this origin on leave the log (both sides of a fork) */
  unfold?: readonly { writer: string; fromOrigin: number }[];
}

export async function mergeEntries(
  db: WargameDb,
  eventId: string,
  incoming: readonly ReplicatedEntry[],
  _self: string,
  since?: string | number,
  extras: MergeExtras = {},
): Promise<MergeResult> {
  const tx = db.transaction(['events', 'log', 'projections', 'settings'], 'readwrite', STRICT);
  const log = tx.objectStore('log');
  try {
    let unfolded = 0;
    for (const u of extras.unfold ?? []) {
      const keys = await log.index('byOrigin').getAllKeys(IDBKeyRange.bound([eventId, u.writer, u.fromOrigin], [eventId, u.writer, Infinity]));
      for (const k of keys) await log.delete(k);
      unfolded += keys.length;
    }
    const meta = await tx.objectStore('events').get(eventId);
    let seq = meta?.lastSeq ?? 0;
    if (!meta) {
      const last = await log.openCursor(logRange(eventId), 'prev');
      seq = last?.value.seq ?? 0;
    }
    const byOrigin = log.index('byOrigin');
    const fresh: LogEntry[] = [];
    const inBatch = new Set<string>();
    for (const r of incoming) {
      if (r.eventId !== eventId) continue;
      const id = docIdOf(r);
      if (inBatch.has(id) || (await byOrigin.getKey([eventId, r.deviceId, r.origin])) !== undefined) continue;
      inBatch.add(id);
      seq += 1;
      fresh.push({ ...r, seq });
    }
    const writes: Promise<unknown>[] = fresh.map((e) => log.add(e));
    let loaded: LoadedEvent | null = null;
    const cached = meta && folded?.db === db.name && sameMeta(folded.meta, meta) ? folded.projection : undefined;
    folded = null;
    // the projection as of the entries already here (a local append may have left the stored one behind)
    const projection = meta && fresh.length && !unfolded ? (cached ?? (await caughtUp(tx, await tx.objectStore('projections').get(eventId), meta.lastSeq))) : null;
    const appended = meta && projection ? appendOnly(projection, meta.clock, fresh) : null;
    let wrote: Projection | null = null;
    if (meta && appended) {
      // entries that had seen everything here: applied on top, no refold of the whole log
      const newMeta = metaFor(eventId, appended.event, seq, meta.createdAt, Date.now(), mergeClock(meta.clock, fresh));
      const next = { eventId, seq, event: appended.event };
      writes.push(tx.objectStore('projections').put(next), tx.objectStore('events').put(newMeta));
      loaded = { meta: newMeta, event: next.event, seq };
      wrote = next;
    } else if (fresh.length || unfolded || !meta) {
      // requests run in order within a transaction: this read already sees the adds above
      const entries = await log.getAll(logRange(eventId));
      const merged = meta && !unfolded ? mergeClock(meta.clock, fresh) : clockOf(entries);
      if (entries.some((e) => e.action.type === 'event-created' || e.action.type === 'event-imported')) {
        const projection = projectionOf(merge, eventId, entries);
        const at = Date.now();
        const newMeta = metaFor(
          eventId,
          projection.event,
          projection.seq,
          meta?.createdAt ?? Math.min(...entries.map((e) => e.at)),
          meta ? at : Math.max(...entries.map((e) => e.at)),
          merged,
        );
        writes.push(tx.objectStore('projections').put(projection), tx.objectStore('events').put(newMeta));
        loaded = { meta: newMeta, event: projection.event, seq: projection.seq };
        wrote = projection;
      }
    } else {
      const stored = await tx.objectStore('projections').get(eventId);
      const projection = (await caughtUp(tx, stored, meta.lastSeq)) ?? stored;
      if (projection) loaded = { meta, event: projection.event, seq: projection.seq };
    }
    for (const [k, v] of extras.settings ?? []) writes.push(tx.objectStore('settings').put(v, k));
    if (since !== undefined) {
      const settings = tx.objectStore('settings');
      const state = { ...EMPTY_SYNC_STATE, ...((await settings.get(SYNC_STATE_KEY(eventId))) as Partial<SyncState> | undefined), since };
      writes.push(settings.put(state, SYNC_STATE_KEY(eventId)));
    }
    await Promise.all([...writes, tx.done]);
    // kept only once committed: an aborted slice leaves nothing behind to start from
    if (wrote && loaded) folded = { db: db.name, meta: loaded.meta, projection: wrote };
    return { added: fresh.length + unfolded, loaded };
  } catch (err) {
    try {
      tx.abort();
    } catch {
      // already finished
    }
    tx.done.catch(() => undefined);
    throw err;
  }
}

/**
 * The common case of a pull: every incoming entry, in merge order, had seen every entry already
 * here and every incoming one before it. Then none can conflict and all sort after what is here,
 * so the fold is the projection plus these actions. Anything else (an undo, a resolution, an open
 * conflict, an action that does not apply) takes the whole-log fold.
 */
function appendOnly(projection: Projection, clock: EventClock | undefined, fresh: readonly LogEntry[]): { event: EventFile } | null {
  if (!clock || projection.conflicts?.length || projection.unapplied?.length) return null;
  const ordered = [...fresh].sort(merge.compareEntries);
  const seen = { ...clock.seen };
  let lamport = clock.lamport;
  let event = projection.event;
  for (const e of ordered) {
    if (e.action.type === 'action-undone' || e.action.type === 'conflict-resolved') return null;
    if (lamportOf(e) <= lamport || originOf(e) <= (seen[e.deviceId] ?? 0)) return null;
    for (const [d, n] of Object.entries(seen)) if (d !== e.deviceId && (e.seen?.[d] ?? 0) < n) return null;
    try {
      event = applyAction(event, e.action);
    } catch {
      return null;
    }
    seen[e.deviceId] = originOf(e);
    lamport = lamportOf(e);
  }
  return { event };
}

function mergeClock(clock: EventClock | undefined, fresh: readonly LogEntry[]): EventClock {
  const add = clockOf(fresh);
  const seen = { ...(clock?.seen ?? {}) };
  for (const [d, n] of Object.entries(add.seen)) seen[d] = Math.max(seen[d] ?? 0, n);
  return { lamport: Math.max(clock?.lamport ?? 0, add.lamport), seen };
}
