// A plain append stores its entries and the meta, not the projection (worker/projection-tail.ts):
// every reader must still see the log's state, a stale write must still be refused, and a crash
// before the projection is stored must lose nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { foldLog, StaleWriteError, type LogEntry } from '../../src/domain/log';
import * as merge from '../../src/domain/log/merge';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { listBackups, snapshotEvent } from '../../src/store/backups';
import { appendActions, currentProjection, createEvent, getLog, lastUndoableOf, loadEvent, rebuildProjection, undoLast } from '../../src/store/events';
import { mergeEntries, toReplicated } from '../../src/store/replica';
import { api } from '../../src/worker/api';
import { settleProjection, withTail } from '../../src/worker/projection-tail';
import { makeLargeEvent, makePlayer } from '../fixtures/events';

let dbName = '';
let clock = 0;
const A = { deviceId: 'dev-a', now: () => ++clock };
const B = { deviceId: 'dev-b', now: () => ++clock };
const fresh = () => newEvent({ name: 'Open de Nantes', date: '2026-12-05', system: 'sr2011', points: 50 });
const open = (): Promise<WargameDb> => openEventDb({}, dbName);
const stored = async (db: WargameDb, id: string) => (await db.get('projections', id))!;
const lastSeq = async (db: WargameDb, id: string) => (await db.get('events', id))!.lastSeq;
const checkIn = (id: string, basedOn?: number) => ({ type: 'player-updated' as const, id, patch: { checkedIn: true }, ...(basedOn !== undefined && { basedOn }) });

beforeEach(() => {
  dbName = `tail-${Math.random()}`;
  clock = 1000;
});

/** Counts reads through this connection, by store: `get` and `getAll` on a transaction's stores and the shortcuts. */
function countReads(db: WargameDb): Record<string, number> {
  const count: Record<string, number> = {};
  const transaction = db.transaction.bind(db) as unknown as (...a: unknown[]) => { objectStore: (n: string) => Record<string, (...k: unknown[]) => unknown> };
  (db as unknown as { transaction: unknown }).transaction = (...args: unknown[]) => {
    const tx = transaction(...args);
    const objectStore = tx.objectStore.bind(tx);
    tx.objectStore = (name: string) => {
      const store = objectStore(name);
      for (const m of ['get', 'getAll']) {
        const f = store[m]!.bind(store);
        store[m] = (...k: unknown[]) => {
          count[name] = (count[name] ?? 0) + 1;
          return f(...k);
        };
      }
      return store;
    };
    return tx;
  };
  return count;
}

async function registered(db: WargameDb, players = 6): Promise<string> {
  const { meta } = await createEvent(db, fresh(), A);
  await appendActions(
    db,
    meta.id,
    Array.from({ length: players }, (_, i) => ({ type: 'player-registered' as const, player: makePlayer(i + 1) })),
    A,
  );
  await settleProjection(db, meta.id);
  return meta.id;
}

describe('a plain append leaves the projection behind the log', () => {
  it('stores the entry and the meta only; every reader applies the tail; settling stores what the whole-log fold gives', async () => {
    const db = await open();
    const id = await registered(db);
    const before = await stored(db, id);
    const r = await appendActions(db, id, [checkIn('p1')], A);
    await appendActions(db, id, [checkIn('p2')], A);
    expect(r.lagging).toBe(true);
    // the record was not rewritten: same seq, same content
    expect(await stored(db, id)).toEqual(before);
    expect(await lastSeq(db, id)).toBe(before.seq + 2);

    const whole = foldLog(await getLog(db, id))!;
    const other = await open();
    const loaded = await loadEvent(other, id);
    expect(loaded).toMatchObject({ seq: before.seq + 2, lagging: true });
    expect(loaded.event).toEqual(whole);
    expect(loaded.event.players.filter((p) => p.checkedIn).map((p) => p.id)).toEqual(['p1', 'p2']);
    // the worker's readers see it too: standings at the log's seq
    expect((await api.standingsOf({ db: dbName, eventId: id }))!.seq).toBe(before.seq + 2);

    await settleProjection(db, id);
    expect(await stored(db, id)).toEqual({ eventId: id, seq: before.seq + 2, event: whole });
    expect((await loadEvent(other, id)).lagging).toBeUndefined();
    // settling again changes nothing
    expect(await settleProjection(db, id)).toEqual(await stored(db, id));
  });

  it('reopens after a crash between the action and the projection write: the action is there, and writing goes on', async () => {
    const db = await open();
    const id = await registered(db);
    await appendActions(db, id, [checkIn('p3')], A);
    // the tab dies before anything stores the projection
    db.close();
    const again = await open();
    const loaded = await loadEvent(again, id);
    expect(loaded.event.players.find((p) => p.id === 'p3')!.checkedIn).toBe(true);
    expect(loaded.event).toEqual(foldLog(await getLog(again, id)));
    const next = await appendActions(again, id, [checkIn('p4', loaded.seq)], A);
    expect(next.event.players.filter((p) => p.checkedIn).map((p) => p.id)).toEqual(['p3', 'p4']);
    expect(next.event).toEqual((await rebuildProjection(again, id)).event);
  });

  it('refuses a write based on a state another tab changed meanwhile, while the projection lags', async () => {
    const tab1 = await open();
    const tab2 = await open();
    const id = await registered(tab1);
    const seen = (await loadEvent(tab1, id)).seq;
    await loadEvent(tab2, id);
    // tab 2 drops p5; tab 1, still showing p5 in, checks p5 in from what it showed
    await appendActions(tab2, id, [{ type: 'player-dropped', id: 'p5', afterRound: 0, basedOn: seen }], A);
    expect((await stored(tab1, id)).seq).toBe(seen);
    await expect(appendActions(tab1, id, [checkIn('p5', seen)], A)).rejects.toBeInstanceOf(StaleWriteError);
    // nothing of the refused write is stored; a write on another player goes through
    expect((await getLog(tab1, id)).at(-1)!.action.type).toBe('player-dropped');
    const ok = await appendActions(tab1, id, [checkIn('p6', seen)], A);
    expect(ok.event.players.find((p) => p.id === 'p5')!.dropped).toBe(true);
    expect(ok.event.players.find((p) => p.id === 'p6')!.checkedIn).toBe(true);
    expect(ok.event).toEqual(foldLog(await getLog(tab2, id)));
  });

  it('serialises two tabs checking players in at once through a lagging projection: no entry lost', async () => {
    const tab1 = await open();
    const tab2 = await open();
    const id = await registered(tab1, 20);
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendActions(i % 2 ? tab1 : tab2, id, [checkIn(`p${i + 1}`)], i % 2 ? A : B)));
    const loaded = await loadEvent(tab1, id);
    expect(loaded.event.players.every((p) => p.checkedIn)).toBe(true);
    expect(loaded.event).toEqual(foldLog(await getLog(tab2, id)));
  });

  it('a check-in reads neither the projection nor the log back, and the undo button knows its entry without the log', async () => {
    const db = await open();
    const id = await registered(db);
    await loadEvent(db, id);
    const reads = countReads(db);
    const r = await appendActions(db, id, [checkIn('p1')], A);
    const undoable = await lastUndoableOf(db, id, 'dev-a');
    expect(await currentProjection(db, id)).toEqual({ eventId: id, seq: r.seq, event: r.event });
    expect(reads.projections ?? 0).toBe(0);
    expect(reads.log ?? 0).toBe(0);
    expect(undoable).toEqual((await getLog(db, id)).at(-1));
    expect(undoable!.action).toMatchObject(checkIn('p1'));
    // the same answers a page that did not write gets from the log
    const other = await open();
    expect(await lastUndoableOf(other, id, 'dev-a')).toEqual(merge.lastUndoable(await getLog(other, id), 'dev-a'));
    expect(await lastUndoableOf(other, id, 'dev-b')).toBeNull();
    // after an undo, the next one back
    await undoLast(db, id, A);
    expect(await lastUndoableOf(db, id, 'dev-a')).toEqual(merge.lastUndoable(await getLog(db, id), 'dev-a'));
    expect((await lastUndoableOf(db, id, 'dev-a'))!.action.type).toBe('player-registered');
  });

  it('a screen opened again on an unchanged event reads no projection back; a write from another tab is read', async () => {
    const db = await open();
    const id = await registered(db);
    const first = await loadEvent(db, id);
    const reads = countReads(db);
    const again = await loadEvent(db, id);
    expect(again.event).toBe(first.event);
    expect(again.seq).toBe(first.seq);
    expect(reads.projections ?? 0).toBe(0);
    expect(reads.log ?? 0).toBe(0);
    // after this page's own check-in: what it wrote
    const mine = await appendActions(db, id, [checkIn('p1')], A);
    expect((await loadEvent(db, id)).event).toBe(mine.event);
    expect(reads.projections ?? 0).toBe(0);
    // another tab checks p2 in: the stored meta is no longer this page's, the event is read again
    const other = await open();
    await appendActions(other, id, [checkIn('p2')], B);
    const seen = await loadEvent(db, id);
    expect(reads.projections).toBe(1);
    expect(seen.seq).toBe(mine.seq + 1);
    expect(seen.event.players.filter((p) => p.checkedIn).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(seen.event).toEqual(foldLog(await getLog(db, id)));
  });

  it('takes the whole-log fold when the tail holds anything but plain appends', async () => {
    const db = await open();
    const id = await registered(db);
    const base = await stored(db, id);
    const entry = (seq: number, action: LogEntry['action']): LogEntry => ({ eventId: id, seq, at: 1, deviceId: 'dev-a', action, lamport: seq, origin: seq });
    expect(withTail(base, [entry(base.seq + 1, checkIn('p1'))], base.seq + 1)!.event.players[0]!.checkedIn).toBe(true);
    // an undo, a gap, an action that does not apply, a tail short of the meta, a projection with conflicts
    expect(withTail(base, [entry(base.seq + 1, { type: 'action-undone', seq: 2 })], base.seq + 1)).toBeNull();
    expect(withTail(base, [entry(base.seq + 2, checkIn('p1'))], base.seq + 2)).toBeNull();
    expect(withTail(base, [entry(base.seq + 1, checkIn('nobody'))], base.seq + 1)).toBeNull();
    expect(withTail(base, [entry(base.seq + 1, checkIn('p1'))], base.seq + 2)).toBeNull();
    expect(withTail({ ...base, conflicts: [{}] }, [entry(base.seq + 1, checkIn('p1'))], base.seq + 1)).toBeNull();
    // in the store: an undo written into the log behind the projection's back is folded as undo
    await appendActions(db, id, [checkIn('p1')], A);
    const tx = db.transaction(['events', 'log'], 'readwrite');
    const meta = (await tx.objectStore('events').get(id))!;
    await tx.objectStore('log').add(entry(meta.lastSeq + 1, { type: 'action-undone', seq: meta.lastSeq, target: `dev-a:${meta.lastSeq}` }));
    await tx.objectStore('events').put({ ...meta, lastSeq: meta.lastSeq + 1, updatedAt: meta.updatedAt + 1 });
    await tx.done;
    const loaded = await loadEvent(await open(), id);
    expect(loaded.event.players[0]!.checkedIn).toBeUndefined();
    expect((await stored(db, id)).seq).toBe(meta.lastSeq + 1);
  });

  it('a backup and a merge from another device start from the projection with its tail', async () => {
    const a = await openEventDb({}, `${dbName}-a`);
    const b = await openEventDb({}, `${dbName}-b`);
    const id = await registered(a);
    await mergeEntries(b, id, (await getLog(a, id)).map(toReplicated), 'dev-b');
    await appendActions(a, id, [checkIn('p1')], A);
    await appendActions(b, id, [checkIn('p2')], B);
    await snapshotEvent(a, id, 'manual', 5000);
    const [backup] = await listBackups(a, id);
    expect(JSON.parse(backup!.file).players.find((p: { id: string }) => p.id === 'p1').checkedIn).toBe(true);
    await mergeEntries(a, id, (await getLog(b, id)).map(toReplicated), 'dev-a');
    const merged = await loadEvent(a, id);
    expect(merged.event.players.filter((p) => p.checkedIn).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(merged.event).toEqual((await rebuildProjection(a, id)).event);
  });

  it('at 4,096 players three check-ins leave the stored record where it was; settling stores the whole-log fold', async () => {
    const db = await open();
    const { meta } = await createEvent(db, makeLargeEvent(4096, 3), A, 'event-imported');
    const before = await stored(db, meta.id);
    for (let i = 1; i <= 3; i++) await appendActions(db, meta.id, [checkIn(`p${i}`)], A);
    expect((await stored(db, meta.id)).seq).toBe(before.seq);
    await settleProjection(db, meta.id);
    expect((await stored(db, meta.id)).seq).toBe(before.seq + 3);
    expect((await stored(db, meta.id)).event).toEqual((await rebuildProjection(db, meta.id)).event);
  });
});
