// The sync worker's receive (src/sync/worker-api.ts), driven the way the page drives it: through
// Comlink over a MessageChannel, the database by name, the raw documents cloned across. Honest
// documents mixed with forged and malformed ones: every forgery set aside with its reason, a
// non-admitted device's documents held, a copied device's two feeds seen as a fork and neither
// side folded, and the same event, refusals and log as the same pages received on the thread.
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import type { MergeSummary } from '../../src/store/replica';
import { inThread, throughWorker, type ReceivePage } from '../../src/sync/receiver';
import { acceptGrant, admit, becomeFirstDevice, buildOutbox, getTrust, joinRequest, readJoinRequest, type SealedDoc } from '../../src/sync/trust';
import { syncWorkerApi, WORKER_SLICE } from '../../src/sync/worker-api';
import { makePlayer } from '../fixtures/events';

const open = (): Promise<WargameDb> => openEventDb({}, `sync-worker-${Math.random()}`);
const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

/** The page's side of a worker: Comlink at both ends of a MessageChannel (structured clone between them). */
function worker(): ReceivePage {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  expose(syncWorkerApi, port1 as never);
  return throughWorker(port2 as never);
}

/** A joining device admitted by `a` without a server: its request read, the grant opened. */
async function admitted(a: WargameDb, eventId: string, writer: string, name: string): Promise<WargameDb> {
  const b = await open();
  const joiner = await readJoinRequest((await joinRequest(b, writer)) as never);
  const made = await admit(a, eventId, joiner!, name);
  if (!('grant' in made)) throw new Error(made.problem);
  expect(await acceptGrant(b, made.grant as never)).toBe(eventId);
  return b;
}

/** Every record of one database put into a fresh one: a copied browser profile, keys included. */
async function copyProfile(a: WargameDb): Promise<WargameDb> {
  const c = await open();
  for (const store of ['events', 'log', 'projections'] as const) for (const v of await a.getAll(store)) await c.put(store, v as never);
  const keys = await a.getAllKeys('settings');
  const values = await a.getAll('settings');
  for (const [i, k] of keys.entries()) await c.put('settings', values[i], k);
  return c;
}

async function pages(
  receive: ReceivePage,
  db: WargameDb,
  eventId: string,
  writer: string,
  docs: readonly Record<string, unknown>[],
  size: number,
  onSlice?: (k: number, n: number) => void,
): Promise<MergeSummary[]> {
  const out: MergeSummary[] = [];
  for (let i = 0; i < docs.length; i += size) out.push(await receive(db, eventId, writer, docs.slice(i, i + size), `seq-${i}`, onSlice));
  return out;
}

describe('the sync worker receives', () => {
  it('forged and malformed documents among honest ones: each set aside with its reason, the rest folded as on the thread', async () => {
    const a = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open de Lyon', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
    const id = meta.id;
    await appendActions(
      a,
      id,
      Array.from({ length: 40 }, (_, k) => ({ type: 'player-registered' as const, player: makePlayer(k + 1) })),
      { deviceId: 'dev-a' },
    );
    await becomeFirstDevice(a, id, 'dev-a', 'A');
    const b = await admitted(a, id, 'dev-b', 'Tablette B');
    const c = await admitted(a, id, 'dev-c', 'Tablette C');
    await appendActions(
      a,
      id,
      Array.from({ length: 600 }, (_, k) => ({ type: 'player-updated' as const, id: `p${1 + (k % 40)}`, patch: { nickname: `n${k}` } })),
      { deviceId: 'dev-a' },
    );
    // an entry A signs although no screen would write it (as a modified app would): `patch: null`
    const last = (await getLog(a, id)).at(-1)!;
    await a.put('log', { ...last, seq: last.seq + 1, origin: last.seq + 1, lamport: last.lamport! + 1, action: { type: 'player-updated', id: 'p1', patch: null } as never });
    await a.put('events', { ...(await a.get('events', id))!, lastSeq: last.seq + 1 });
    const honest = (await buildOutbox(a, id, 'dev-a')).t.outbox as unknown as Record<string, unknown>[];
    // the genesis, two admissions, the creation, 640 entries and the bad one
    expect(honest.length).toBe(1 + 2 + 1 + 640 + 1);
    // a device nobody admitted, with its own key: its genesis for this event id
    const stranger = await open();
    await becomeFirstDevice(stranger, id, 'dev-x', 'X');
    const strangers = (await getTrust(stranger, id))!.outbox as unknown as Record<string, unknown>[];
    const real = honest[100] as unknown as SealedDoc;
    const forged: Record<string, unknown>[] = [
      { _id: 'old', type: 'log-entry', eventId: id, deviceId: 'dev-a', seq: 9, action: { type: 'player-dropped', id: 'p1' } },
      { _id: 'junk', type: 'sealed', v: 1, ev: id, kid: 'nope' },
      { _id: 'nulls', type: 'sealed', v: 1, ev: id, kid: real.kid, n: null, prev: null, iv: null, ct: null, sig: null },
      // the ciphertext changed under the real id: its hash no longer matches
      { ...real, _id: real._id, ct: `${real.ct.slice(0, -4)}AAA=` },
      ...strangers,
    ];
    const mixed = [...honest];
    forged.forEach((f, i) => mixed.splice(30 + i * 97, 0, f));

    const progress: [number, number][] = [];
    const viaWorker = await pages(worker(), b, id, 'dev-b', mixed, 500, (k, n) => {
      progress.push([k, n]);
    });
    const viaThread = await pages(inThread, c, id, 'dev-c', mixed, 500);

    // only counts and the log's position come back from the worker, never the event
    for (const r of viaWorker) expect(Object.keys(r.loaded ?? {}).sort()).toEqual(['meta', 'seq']);
    expect(viaWorker.reduce((s, r) => s + r.added, 0)).toBe(641);
    expect(viaWorker.at(-1)!.loaded!.seq).toBe(641);
    expect(viaWorker.map((r) => r.added)).toEqual(viaThread.map((r) => r.added));
    // a slice of WORKER_SLICE entries per transaction, each counted as it is stored
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(641 / WORKER_SLICE));
    expect(progress.every(([k, n]) => k <= n)).toBe(true);

    const tb = (await getTrust(b, id))!;
    expect(tb.refusedCount).toEqual({ unsigned: 1, malformed: 2, edited: 1, invalid: 1 });
    expect(tb.refused.map((r) => r.reason).sort()).toEqual(['edited', 'invalid', 'malformed', 'malformed', 'unsigned']);
    expect(tb.refused.find((r) => r.reason === 'invalid')!.detail).toMatch(/patch/);
    // the stranger's document waits for an admission that never comes; nothing of it is folded
    expect(tb.pending.map((p) => [p.doc.kid, p.why])).toEqual([[(strangers[0] as unknown as SealedDoc).kid, 'not-admitted']]);

    // B and C refused A's `patch: null` and agree with each other
    const eventB = JSON.stringify((await loadEvent(b, id)).event);
    expect(eventB).toBe(JSON.stringify((await loadEvent(c, id)).event));
    expect((JSON.parse(eventB) as { players: unknown[] }).players).toHaveLength(40);
    const logB = await getLog(b, id);
    expect(logB).toHaveLength(641);
    expect(logB.every((e) => e.deviceId === 'dev-a')).toBe(true);
    expect(logB.some((e) => (e.action as { patch?: unknown }).patch === null)).toBe(false);
    const tc = (await getTrust(c, id))!;
    expect(tc.refusedCount).toEqual(tb.refusedCount);
    expect(tc.hashes).toEqual(tb.hashes);
    // the checkpoint went with the last page
    expect((await b.get('settings', `sync-state:${id}`)) as { since: string }).toMatchObject({ since: `seq-${Math.floor((mixed.length - 1) / 500) * 500}` });
    // received twice (a page read again after a kill): nothing doubled
    const again = await pages(worker(), b, id, 'dev-b', mixed, 500);
    expect(again.reduce((s, r) => s + r.added, 0)).toBe(0);
    expect(await getLog(b, id)).toHaveLength(641);
  }, 120_000);

  it('a copied profile signing two feeds: a fork, and neither side folded', async () => {
    const a = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
    const id = meta.id;
    await appendActions(
      a,
      id,
      [1, 2, 3].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      { deviceId: 'dev-a' },
    );
    await becomeFirstDevice(a, id, 'dev-a', 'A');
    const b = await admitted(a, id, 'dev-b', 'B');
    const common = (await buildOutbox(a, id, 'dev-a')).t.outbox as unknown as Record<string, unknown>[];
    const copy = await copyProfile(a);
    await appendActions(a, id, [{ type: 'player-updated', id: 'p1', patch: { nickname: 'A' } }], { deviceId: 'dev-a' });
    await appendActions(copy, id, [{ type: 'player-dropped', id: 'p2', afterRound: 0 }], { deviceId: 'dev-a' });
    const sideA = (await buildOutbox(a, id, 'dev-a')).t.outbox.slice(common.length) as unknown as Record<string, unknown>[];
    const sideCopy = (await buildOutbox(copy, id, 'dev-a')).t.outbox.slice(common.length) as unknown as Record<string, unknown>[];
    expect(sideA).toHaveLength(1);
    expect(sideCopy).toHaveLength(1);
    expect(sideA[0]!.n).toBe(sideCopy[0]!.n);

    const receive = worker();
    await receive(b, id, 'dev-b', [...common, ...sideA], 'one');
    expect((await loadEvent(b, id)).event.players[0]!.nickname).toBe('A');
    await receive(b, id, 'dev-b', sideCopy, 'two');
    const t = (await getTrust(b, id))!;
    expect(t.forks).toHaveLength(1);
    expect(t.forks[0]!.n).toBe(sideA[0]!.n);
    // what came from the split on is out of the fold, on both sides
    const event = (await loadEvent(b, id)).event;
    expect(event.players[0]!.nickname ?? '').not.toBe('A');
    expect(event.players[1]!.dropped ?? false).toBe(false);
    expect(event.players).toHaveLength(3);
  }, 60_000);
  it('a worker that cannot start: the page is received on this thread instead, nothing lost', async () => {
    const a = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
    const id = meta.id;
    await appendActions(
      a,
      id,
      [1, 2, 3].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      { deviceId: 'dev-a' },
    );
    await becomeFirstDevice(a, id, 'dev-a', 'A');
    const b = await admitted(a, id, 'dev-b', 'B');
    const docs = (await buildOutbox(a, id, 'dev-a')).t.outbox as unknown as Record<string, unknown>[];
    // nothing answers at the other end of this channel: a worker whose script never loaded
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    let fail: (e: Error) => void = () => undefined;
    const w = {
      failed: false,
      broken: new Promise<never>((_, reject) => {
        fail = reject;
      }),
    };
    w.broken.catch(() => {
      w.failed = true;
    });
    const receive = throughWorker(port2 as never, w);
    const first = receive(b, id, 'dev-b', docs.slice(0, 3), 'one');
    fail(new Error('sync worker: failed to start'));
    // the genesis, B's admission, the event's creation
    expect((await first).added).toBe(1);
    // later pages go straight to this thread
    expect((await receive(b, id, 'dev-b', docs.slice(3), 'two')).added).toBe(3);
    expect((await loadEvent(b, id)).event.players).toHaveLength(3);
  });
});
