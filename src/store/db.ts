// Owns opening the database: the versioned upgrade ladder, and what happens when another tab
// holds an older version open (blocked) or a newer one wants to open (versionchange).
import { openDB, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { LogEntry } from '../domain/log';
import { applyAction } from '../domain/log/fold';
import { DB_NAME, DB_VERSION, type WargameDB } from './schema';

export type WargameDb = IDBPDatabase<WargameDB>;

export interface OpenHooks {
  /** another tab keeps an older version open: tell the user to close it */
  onBlocked?: () => void;
  /** a newer version of the app wants the database: we closed it, the user must reload */
  onVersionChange?: () => void;
}

type UpgradeTx = IDBPTransaction<WargameDB, ArrayLike<StoreNames<WargameDB>>, 'versionchange'>;

async function upgrade(db: WargameDb, oldVersion: number, newVersion: number, tx: UpgradeTx): Promise<void> {
  if (oldVersion < 1) {
    const events = db.createObjectStore('events', { keyPath: 'id' });
    events.createIndex('byUpdated', 'updatedAt');
    db.createObjectStore('log', { keyPath: ['eventId', 'seq'] });
  }
  if (oldVersion < 2 && newVersion >= 2) {
    const projections = db.createObjectStore('projections', { keyPath: 'eventId' });
    db.createObjectStore('settings');
    // v1 kept only the log: build each event's projection now so opening an event stays O(1).
    const metas = await tx.objectStore('events').getAll();
    for (const meta of metas) {
      const entries = await tx.objectStore('log').getAll(IDBKeyRange.bound([meta.id, 0], [meta.id, Infinity]));
      const event = foldV1(entries);
      if (event) await projections.put({ eventId: meta.id, seq: meta.lastSeq, event });
      // v1 metas had no roundRunning flag
      await tx.objectStore('events').put({ ...meta, roundRunning: meta.roundRunning ?? false });
    }
  }
  if (oldVersion < 3 && newVersion >= 3) {
    db.createObjectStore('tableGames', { keyPath: 'id' }).createIndex('byUpdated', 'updatedAt');
    db.createObjectStore('backups', { keyPath: 'id', autoIncrement: true }).createIndex('byEvent', ['eventId', 'at']);
  }
  if (oldVersion < 4 && newVersion >= 4) {
    db.createObjectStore('campaigns', { keyPath: 'id' }).createIndex('byUpdated', 'updatedAt');
  }
  // (a damaged or foreign v1 database may lack the log store: nothing to stamp then)
  if (oldVersion < 5 && newVersion >= 5 && db.objectStoreNames.contains('log')) {
    // Until now every entry was written on this device, in seq order: its Lamport value and its
    // writer's sequence are its seq. Written out so the unique index can refuse a duplicate pull.
    const log = tx.objectStore('log');
    const seen = new Map<string, Record<string, number>>();
    let cursor = await log.openCursor();
    while (cursor) {
      const e = cursor.value;
      if (e.lamport === undefined || e.origin === undefined) await cursor.update({ ...e, lamport: e.lamport ?? e.seq, origin: e.origin ?? e.seq });
      const s = seen.get(e.eventId) ?? {};
      s[e.deviceId] = Math.max(s[e.deviceId] ?? 0, e.origin ?? e.seq);
      seen.set(e.eventId, s);
      cursor = await cursor.continue();
    }
    log.createIndex('byOrigin', ['eventId', 'deviceId', 'origin'], { unique: true });
    const events = tx.objectStore('events');
    for (const meta of await events.getAll()) if (!meta.clock) await events.put({ ...meta, clock: { lamport: meta.lastSeq, seen: seen.get(meta.id) ?? {} } });
  }
}

/** A v1 log: written on one device, in seq order, undo by seq. */
function foldV1(entries: LogEntry[]) {
  const cancelled = new Set<number>();
  const active: LogEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (cancelled.has(e.seq)) continue;
    if (e.action.type === 'action-undone') cancelled.add(e.action.seq);
    else active.unshift(e);
  }
  return active.reduce<ReturnType<typeof applyAction> | null>((state, e) => applyAction(state, e.action), null);
}

export async function openEventDb(hooks: OpenHooks = {}, name = DB_NAME, version = DB_VERSION): Promise<WargameDb> {
  const db = await openDB<WargameDB>(name, version, {
    upgrade: (db, oldVersion, newVersion, tx) => upgrade(db, oldVersion, newVersion ?? version, tx),
    blocked: () => hooks.onBlocked?.(),
    blocking: () => {
      db.close();
      hooks.onVersionChange?.();
    },
  });
  return db;
}
