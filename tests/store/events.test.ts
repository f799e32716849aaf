import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import type { LogEntry } from '../../src/domain/log';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, deleteEvent, duplicateEvent, getLog, listEvents, loadEvent, rebuildProjection, undoLast } from '../../src/store/events';
import { deviceId } from '../../src/store/settings';
import { makeEvent, makePlayer } from '../fixtures/events';

let dbName = '';
let clock = 0;
const ctx = { deviceId: 'dev-test', now: () => ++clock };
const fresh = () => newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 });

beforeEach(() => {
  dbName = `test-${Math.random()}`;
  clock = 1000;
});

async function open(): Promise<WargameDb> {
  return openEventDb({}, dbName);
}

describe('event store', () => {
  it('creates, lists newest first, loads and deletes events', async () => {
    const db = await open();
    const a = await createEvent(db, fresh(), ctx);
    const b = await createEvent(db, { ...fresh(), name: 'Second' }, ctx);
    expect((await listEvents(db)).map((m) => m.id)).toEqual([b.meta.id, a.meta.id]);
    expect((await loadEvent(db, a.meta.id)).event.name).toBe('Open');
    await deleteEvent(db, a.meta.id);
    expect((await listEvents(db)).map((m) => m.id)).toEqual([b.meta.id]);
    expect(await getLog(db, a.meta.id)).toEqual([]);
    await expect(loadEvent(db, a.meta.id)).rejects.toThrow(/not found/);
  });

  it('appends a batch as one write and keeps meta, log and projection in step', async () => {
    const db = await open();
    const { meta } = await createEvent(db, fresh(), ctx);
    const r = await appendActions(
      db,
      meta.id,
      [
        { type: 'player-registered', player: makePlayer(1) },
        { type: 'player-registered', player: makePlayer(2) },
      ],
      ctx,
    );
    expect(r.seq).toBe(3);
    expect(r.meta).toMatchObject({ lastSeq: 3, playerCount: 2, roundCount: 0 });
    const log = await getLog(db, meta.id);
    expect(log.map((e) => [e.seq, e.action.type, e.deviceId])).toEqual([
      [1, 'event-created', 'dev-test'],
      [2, 'player-registered', 'dev-test'],
      [3, 'player-registered', 'dev-test'],
    ]);
    expect(log.every((e) => e.at > 1000)).toBe(true);
    expect((await loadEvent(db, meta.id)).event.players).toHaveLength(2);
  });

  it('stores nothing of a batch when one action does not apply', async () => {
    const db = await open();
    const { meta } = await createEvent(db, fresh(), ctx);
    await expect(
      appendActions(
        db,
        meta.id,
        [
          { type: 'player-registered', player: makePlayer(1) },
          { type: 'player-dropped', id: 'nobody', afterRound: 0 },
        ],
        ctx,
      ),
    ).rejects.toThrow(/unknown-player/);
    expect(await getLog(db, meta.id)).toHaveLength(1);
    expect((await loadEvent(db, meta.id)).event.players).toEqual([]);
    expect((await listEvents(db))[0]!.lastSeq).toBe(1);
  });

  it('undoes as a new log entry and rebuilds the same state from the log', async () => {
    const db = await open();
    const { meta } = await createEvent(db, fresh(), ctx);
    await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(1) }], ctx);
    await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(2) }], ctx);
    const undone = await undoLast(db, meta.id, ctx);
    expect(undone!.undone.seq).toBe(3);
    expect(undone!.loaded.event.players.map((p) => p.id)).toEqual(['p1']);
    expect((await getLog(db, meta.id)).map((e) => e.action.type)).toEqual(['event-created', 'player-registered', 'player-registered', 'action-undone']);
    const rebuilt = await rebuildProjection(db, meta.id);
    expect(rebuilt.event).toEqual(undone!.loaded.event);
    await undoLast(db, meta.id, ctx);
    expect(await undoLast(db, meta.id, ctx)).toBeNull();
  });

  it('rebuilds a missing projection from the log on load', async () => {
    const db = await open();
    const { meta } = await createEvent(db, fresh(), ctx);
    await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(7) }], ctx);
    await db.delete('projections', meta.id);
    expect((await loadEvent(db, meta.id)).event.players[0]!.id).toBe('p7');
  });

  it('duplicates an event into a new one with its own history', async () => {
    const db = await open();
    const { meta } = await createEvent(db, makeEvent(), ctx, 'event-imported');
    const copy = await duplicateEvent(db, meta.id, 'Copie', ctx);
    expect(copy.meta.id).not.toBe(meta.id);
    expect(copy.event).toEqual({ ...makeEvent(), name: 'Copie' });
    expect(await getLog(db, copy.meta.id)).toHaveLength(1);
  });

  it('serialises two connections (two tabs) appending at the same time: no entry lost or doubled', async () => {
    const tab1 = await open();
    const tab2 = await open();
    const { meta } = await createEvent(tab1, fresh(), ctx);
    const writes = [];
    for (let i = 1; i <= 40; i++) {
      const db = i % 2 ? tab1 : tab2;
      writes.push(appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(i) }], { deviceId: `tab${(i % 2) + 1}` }));
    }
    await Promise.all(writes);
    const log = await getLog(tab2, meta.id);
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    const loaded = await loadEvent(tab1, meta.id);
    expect(loaded.event.players.map((p) => p.id).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `p${i + 1}`).sort());
  });

  it('keeps one device id once made', async () => {
    const db = await open();
    const id = await deviceId(db);
    expect(id).toMatch(/^dev-/);
    expect(await deviceId(db)).toBe(id);
  });
});

describe('upgrade ladder', () => {
  it('opens a version-1 database holding events and upgrades it, building projections from the logs', async () => {
    // A v1 database as the first release wrote it: events + log, no projections, no settings.
    const v1 = await openEventDb({}, dbName, 1);
    expect([...v1.objectStoreNames].sort()).toEqual(['events', 'log']);
    const event = fresh();
    const entries: LogEntry[] = [
      { eventId: 'old', seq: 1, at: 1, deviceId: 'd', action: { type: 'event-created', event } },
      { eventId: 'old', seq: 2, at: 2, deviceId: 'd', action: { type: 'player-registered', player: makePlayer(1) } },
      { eventId: 'old', seq: 3, at: 3, deviceId: 'd', action: { type: 'player-registered', player: makePlayer(2) } },
    ];
    const meta = { id: 'old', name: 'Open', system: 'sr2011', date: '2026-12-05', createdAt: 1, updatedAt: 3, lastSeq: 3, playerCount: 2, roundCount: 0 };
    const tx = v1.transaction(['events', 'log'], 'readwrite');
    await Promise.all([tx.objectStore('events').put(meta as never), ...entries.map((e) => tx.objectStore('log').put(e)), tx.done]);
    v1.close();

    const db = await open();
    expect([...db.objectStoreNames].sort()).toEqual(['backups', 'campaigns', 'events', 'log', 'projections', 'settings', 'tableGames']);
    expect(await db.get('projections', 'old')).toMatchObject({ seq: 3, event: { players: [{ id: 'p1' }, { id: 'p2' }] } });
    expect(await db.get('events', 'old')).toMatchObject({ roundRunning: false, lastSeq: 3 });
    const next = await appendActions(db, 'old', [{ type: 'player-registered', player: makePlayer(3) }], ctx);
    expect(next.seq).toBe(4);
  });

  it('upgrades a version-2 database to the latest keeping its events and adding table games, backups and campaigns', async () => {
    const v2 = await openEventDb({}, dbName, 2);
    const { meta } = await createEvent(v2, fresh(), ctx);
    await appendActions(v2, meta.id, [{ type: 'player-registered', player: makePlayer(1) }], ctx);
    v2.close();
    const db = await open();
    expect((await loadEvent(db, meta.id)).event.players).toHaveLength(1);
    await db.put('tableGames', { id: 'g1', ticket: {}, actions: [], createdAt: 1, updatedAt: 1 });
    await db.put('campaigns', { id: 'c1', name: 'Nord', actions: [], createdAt: 1, updatedAt: 1 });
    const id = await db.add('backups', { eventId: meta.id, at: 5, round: 0, reason: 'manual', file: '{}' });
    expect(await db.getAllFromIndex('backups', 'byEvent', IDBKeyRange.bound([meta.id, 0], [meta.id, Infinity]))).toEqual([
      { id, eventId: meta.id, at: 5, round: 0, reason: 'manual', file: '{}' },
    ]);
  });

  it('reports a blocked upgrade while another tab keeps the old version open', async () => {
    // An old tab that ignores versionchange (as an app build without the handler would).
    const stubborn = await openDB(dbName, 1, { upgrade: (db) => void db.createObjectStore('events', { keyPath: 'id' }) });
    let blocked = false;
    const opening = openEventDb({ onBlocked: () => (blocked = true) }, dbName);
    await new Promise((r) => setTimeout(r, 50));
    expect(blocked).toBe(true);
    stubborn.close(); // the user closed the other tab: the upgrade goes through
    const db = await opening;
    expect([...db.objectStoreNames]).toContain('projections');
  });

  it('tells a tab holding an old version that a newer one wants the database', async () => {
    let closedOld = false;
    const old = await openEventDb({ onVersionChange: () => (closedOld = true) }, dbName, 1);
    const upgraded = await openDB(dbName, 2, {
      upgrade(db) {
        db.createObjectStore('projections', { keyPath: 'eventId' });
      },
    });
    expect(closedOld).toBe(true);
    upgraded.close();
    void old;
  });
});

describe('concurrent registrations', () => {
  it('gives the later of two same-number registrations the next free number instead of refusing it', async () => {
    const db = await openEventDb({}, `rebase-${Math.random()}`);
    const { meta } = await createEvent(db, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'd' });
    // both tabs prepared "player 1" from the same empty copy
    await Promise.all([
      appendActions(db, meta.id, [{ type: 'player-registered', player: { ...makePlayer(1), name: 'Tab A' } }], { deviceId: 'a' }),
      appendActions(db, meta.id, [{ type: 'player-registered', player: { ...makePlayer(1), name: 'Tab B' } }], { deviceId: 'b' }),
    ]);
    const { event } = await loadEvent(db, meta.id);
    expect(event.players.map((p) => [p.id, p.number, p.name])).toEqual([
      ['p1', 1, 'Tab A'],
      ['p2', 2, 'Tab B'],
    ]);
    const log = await getLog(db, meta.id);
    expect(log.at(-1)!.action).toMatchObject({ type: 'player-registered', player: { id: 'p2', number: 2 } });
  });
});

describe('appending without reading the whole event back (issue 23)', () => {
  /** Counts the reads of the projections store through this connection. */
  function countProjectionReads(db: WargameDb): { reads: number } {
    const count = { reads: 0 };
    const transaction = db.transaction.bind(db) as (...a: unknown[]) => { objectStore: (n: string) => { get: (...k: unknown[]) => unknown } };
    (db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
      const tx = transaction(...args);
      const objectStore = tx.objectStore.bind(tx);
      tx.objectStore = (name: string) => {
        const store = objectStore(name);
        if (name === 'projections') {
          const get = store.get.bind(store);
          store.get = (...k: unknown[]) => {
            count.reads++;
            return get(...k);
          };
        }
        return store;
      };
      return tx;
    };
    return count;
  }

  it('starts from the projection it wrote itself; after another page wrote, reads the stored one and keeps its action', async () => {
    const db = await open();
    const { meta } = await createEvent(db, fresh(), ctx);
    await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(1) }], ctx);
    const count = countProjectionReads(db);
    await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(2) }], ctx);
    await appendActions(db, meta.id, [{ type: 'player-updated', id: makePlayer(1).id, patch: { checkedIn: true } }], ctx);
    expect(count.reads).toBe(0);
    // another tab: its own connection to the same database
    const other = await open();
    await appendActions(other, meta.id, [{ type: 'player-registered', player: makePlayer(3) }], { deviceId: 'dev-test', now: () => ++clock });
    const after = await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(4) }], ctx);
    expect(count.reads).toBe(1);
    expect(after.event.players.map((p) => p.id)).toEqual([1, 2, 3, 4].map((n) => makePlayer(n).id));
    expect(after.event.players[0]!.checkedIn).toBe(true);
    expect((await loadEvent(db, meta.id)).event).toEqual(after.event);
  });
});
