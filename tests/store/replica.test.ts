import { beforeEach, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent, undoLast } from '../../src/store/events';
import { docIdOf, getSyncState, mergeEntries, ownEntriesAfter, toReplicated } from '../../src/store/replica';
import { makePlayer } from '../fixtures/events';

let n = 0;
const name = (): string => `replica-${++n}-${Math.random()}`;
const fresh = () => newEvent({ name: 'Open de Lyon', date: '2026-12-05', system: 'sr2011', points: 50 });
const result = (winner: string) => ({ winner, how: 'scenario' as const, a: { cp: 3, apd: 20 }, b: { cp: 1, apd: 10 } });
let clock = 0;
const A = { deviceId: 'dev-a', now: () => ++clock };
const B = { deviceId: 'dev-b', now: () => ++clock };

beforeEach(() => {
  clock = 1000;
});

async function pair(db: WargameDb, id: string, ctx: typeof A): Promise<void> {
  await appendActions(
    db,
    id,
    [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
    ctx,
  );
}

describe('upgrade to v5 (many devices)', () => {
  it('stamps every existing entry with its Lamport value and writer sequence, and keeps working', async () => {
    const dbName = name();
    const v4 = await openEventDb({}, dbName, 4);
    const { meta } = await createEvent(v4, fresh(), A);
    await appendActions(
      v4,
      meta.id,
      [
        { type: 'player-registered', player: makePlayer(1) },
        { type: 'player-registered', player: makePlayer(2) },
      ],
      A,
    );
    await undoLast(v4, meta.id, A);
    // what a v4 build wrote: no clock fields at all
    const tx = v4.transaction(['log', 'events'], 'readwrite');
    for (const e of await tx.objectStore('log').getAll()) {
      const { lamport: _l, origin: _o, seen: _s, ...old } = e;
      if (e.action.type === 'action-undone') delete (old.action as { target?: string }).target;
      await tx.objectStore('log').put(old);
    }
    const { clock: _c, ...oldMeta } = (await tx.objectStore('events').get(meta.id))!;
    await tx.objectStore('events').put(oldMeta);
    await tx.done;
    v4.close();

    const db = await openEventDb({}, dbName);
    const log = await getLog(db, meta.id);
    expect(log.map((e) => [e.seq, e.lamport, e.origin])).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [4, 4, 4],
    ]);
    expect((await db.get('events', meta.id))!.clock).toEqual({ lamport: 4, seen: { 'dev-a': 4 } });
    // the legacy undo (by seq only) still cancels player 2
    expect((await loadEvent(db, meta.id)).event.players.map((p) => p.id)).toEqual(['p1']);
    const next = await appendActions(db, meta.id, [{ type: 'player-registered', player: makePlayer(3) }], A);
    expect(next.event.players.map((p) => p.id)).toEqual(['p1', 'p3']);
    expect((await getLog(db, meta.id)).at(-1)).toMatchObject({ seq: 5, lamport: 5, origin: 5 });
    expect(await db.getKeyFromIndex('log', 'byOrigin', [meta.id, 'dev-a', 3])).toEqual([meta.id, 3]);
  });
});

describe('merging entries from another device', () => {
  it('joins an event from pulled entries, stores each entry once, and stamps later entries with what was seen', async () => {
    const a = await openEventDb({}, name());
    const b = await openEventDb({}, name());
    const { meta } = await createEvent(a, fresh(), A);
    await pair(a, meta.id, A);
    const docs = (await getLog(a, meta.id)).map(toReplicated);
    expect(docs.map(docIdOf)).toEqual([1, 2, 3, 4, 5].map((k) => `${meta.id}:dev-a:${k}`));

    const first = await mergeEntries(b, meta.id, docs.slice(0, 3), 'dev-b', 7);
    expect(first.loaded?.event.players).toHaveLength(2);
    // the same entries again (a retried pull), then the rest: nothing doubled
    const again = await mergeEntries(b, meta.id, docs, 'dev-b', 12);
    expect(again.added).toBe(2);
    expect(await getLog(b, meta.id)).toHaveLength(5);
    expect((await getSyncState(b, meta.id)).since).toBe(12);
    expect((await mergeEntries(b, meta.id, docs, 'dev-b')).added).toBe(0);

    const written = await appendActions(b, meta.id, [{ type: 'player-dropped', id: 'p4', afterRound: 0 }], B);
    const entry = (await getLog(b, meta.id)).at(-1)!;
    expect(entry).toMatchObject({ deviceId: 'dev-b', seq: 6, origin: 6, lamport: 6, seen: { 'dev-a': 5 } });
    expect(written.event.players.find((p) => p.id === 'p4')!.dropped).toBe(true);
    expect((await ownEntriesAfter(b, meta.id, 'dev-b', 0)).map((e) => e.seq)).toEqual([6]);
    expect(await ownEntriesAfter(a, meta.id, 'dev-b', 0)).toEqual([]);
  });

  it('two devices that recorded different results for one table converge to the same event, with the conflict listed until one is kept', async () => {
    const a = await openEventDb({}, name());
    const b = await openEventDb({}, name());
    const { meta } = await createEvent(a, fresh(), A);
    await pair(a, meta.id, A);
    await appendActions(
      a,
      meta.id,
      [
        {
          type: 'round-paired',
          round: {
            number: 1,
            pairings: [
              { table: 1, a: 'p1', b: 'p2' },
              { table: 2, a: 'p3', b: 'p4' },
            ],
            bye: null,
          },
        },
      ],
      A,
    );
    await mergeEntries(b, meta.id, (await getLog(a, meta.id)).map(toReplicated), 'dev-b');
    // offline, each desk records table 1, differently; B also records table 2
    await appendActions(a, meta.id, [{ type: 'result-recorded', round: 1, table: 1, result: result('p1') }], A);
    await appendActions(b, meta.id, [{ type: 'result-recorded', round: 1, table: 1, result: result('p2') }], B);
    await appendActions(b, meta.id, [{ type: 'result-recorded', round: 1, table: 2, result: result('p3') }], B);
    // reconnect: each gets the other's entries
    await mergeEntries(a, meta.id, (await getLog(b, meta.id)).map(toReplicated), 'dev-a');
    await mergeEntries(b, meta.id, (await getLog(a, meta.id)).map(toReplicated), 'dev-b');
    const pa = (await a.get('projections', meta.id))!;
    const pb = (await b.get('projections', meta.id))!;
    expect(JSON.stringify(pa.event)).toBe(JSON.stringify(pb.event));
    expect(pa.conflicts).toEqual(pb.conflicts);
    expect(pa.conflicts).toHaveLength(1);
    const c = pa.conflicts![0]!;
    expect(c).toMatchObject({ kind: 'result', round: 1, table: 1, resolvedBy: null });
    expect(c.kind === 'result' && c.results.map((r) => r?.winner)).toEqual(['p1', 'p2']);
    expect(pa.event.rounds[0]!.pairings[1]!.result?.winner).toBe('p3');

    // the organizer on A keeps A's result: a logged choice; B's entry stays in the log
    const keep = c.entries[0]!;
    const after = await appendActions(a, meta.id, [{ type: 'conflict-resolved', conflict: c.id, keep, setAside: c.entries.filter((k) => k !== keep) }], A);
    expect(after.event.rounds[0]!.pairings[0]!.result?.winner).toBe('p1');
    await mergeEntries(b, meta.id, (await getLog(a, meta.id)).map(toReplicated), 'dev-b');
    const [fa, fb] = [(await a.get('projections', meta.id))!, (await b.get('projections', meta.id))!];
    expect(JSON.stringify(fb.event)).toBe(JSON.stringify(fa.event));
    expect(fb.conflicts).toEqual(fa.conflicts);
    expect(fa.conflicts![0]!.resolvedBy).not.toBeNull();
    expect(await getLog(a, meta.id)).toHaveLength(10);

    // undo on B cancels B's own latest entry (table 2), not A's choice that arrived after it
    const undone = await undoLast(b, meta.id, B);
    expect(undone!.undone).toMatchObject({ deviceId: 'dev-b', action: { type: 'result-recorded', table: 2 } });
    expect(undone!.loaded.event.rounds[0]!.pairings[1]!.result).toBeUndefined();
    expect(undone!.loaded.event.rounds[0]!.pairings[0]!.result?.winner).toBe('p1');
  });
});
