// The runner's pass through the sync worker's API (src/sync/pass.ts, worker-api.ts), over a
// MessageChannel as on a page, against a real PouchDB Server on localhost: two devices converge,
// a forged document on the server is set aside with its reason while the pass goes on, only
// counts come back across, and a SyncError keeps its code on the way.
import { expose, proxy, wrap } from 'comlink';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, loadEvent } from '../../src/store/events';
import { uncross, type PullApi, type SyncConfig } from '../../src/sync/couch';
import { acceptGrant } from '../../src/sync/trust';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { passThroughWorker, type SyncPass } from '../../src/sync/pass';
import { becomeFirstDevice, getTrust } from '../../src/sync/trust';
import { syncWorkerApi } from '../../src/sync/worker-api';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { makePlayer } from '../fixtures/events';

let server: PouchServer;
let n = 0;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
const ports: MessagePort[] = [];
afterEach(() => {
  for (const p of ports.splice(0)) p.close();
});

function worker(): SyncPass {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  expose(syncWorkerApi, port1 as never);
  return passThroughWorker(port2 as never);
}

const openDb = (): Promise<WargameDb> => openEventDb({}, `pass-${Math.random()}`);

describe('the sync pass in the worker', () => {
  it('sends, receives, sets a forgery aside and converges; counts and codes come back', async () => {
    const cfg: SyncConfig = { url: server.url, db: `pass-${++n}` };
    await fetch(`${server.url}/${cfg.db}`, { method: 'PUT' });
    const a = await openDb();
    const b = await openDb();
    const { meta } = await createEvent(a, newEvent({ name: 'Open de Lyon', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
    const id = meta.id;
    await appendActions(
      a,
      id,
      [1, 2, 3].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      { deviceId: 'dev-a' },
    );
    await becomeFirstDevice(a, id, 'dev-a', 'A');
    const pass = worker();
    const retries: string[] = [];
    const first = await pass(a, id, 'dev-a', cfg, { onRetry: (code) => retries.push(code) });
    // the genesis and four entries
    expect(first.pushed).toBe(5);
    const { code } = await requestJoin(b, 'dev-b', cfg);
    expect(await admitByCode(a, id, 'dev-a', cfg, code, 'B')).toEqual({ ok: true });
    expect(await checkAdmission(b, 'dev-b', cfg)).toBe(id);
    // a document planted by anyone who can write to the server
    await fetch(`${server.url}/${cfg.db}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ _id: 'x', type: 'log-entry', eventId: id, deviceId: 'dev-a', seq: 99, action: { type: 'player-dropped', id: 'p1', afterRound: 0 } }),
    });
    await appendActions(b, id, [{ type: 'player-registered', player: makePlayer(4) }], { deviceId: 'dev-b' });
    const fromB = await pass(b, id, 'dev-b', cfg, {});
    expect(fromB.pushed).toBe(1);
    const progress: number[] = [];
    const toA = await pass(a, id, 'dev-a', cfg, { onProgress: (d) => progress.push(d) });
    expect(toA.pulled).toBe(1);
    // counts and the log's position only: the event stays in the database
    expect(Object.keys(toA.merged!.loaded!).sort()).toEqual(['meta', 'seq']);
    expect(JSON.stringify((await loadEvent(a, id)).event)).toBe(JSON.stringify((await loadEvent(b, id)).event));
    expect((await loadEvent(a, id)).event.players.map((p) => p.dropped ?? false)).toEqual([false, false, false, false]);
    expect((await getTrust(a, id))!.refusedCount).toMatchObject({ unsigned: 1 });
    expect(retries).toEqual([]);
    // an error keeps its code across the worker's boundary (the sync line words it)
    await expect(pass(a, id, 'dev-a', { ...cfg, db: 'no-such-db' }, { attempts: 1 })).rejects.toMatchObject({ code: 'not-found' });
    await expect(pass(a, id, 'dev-a', { ...cfg, url: 'http://127.0.0.1:9' }, { attempts: 2, backoffMs: 1, onRetry: (c) => retries.push(c) })).rejects.toMatchObject({
      code: 'unreachable',
    });
    expect(retries).toEqual(['unreachable']);

    // a joining device's first pull (join.ts checkAdmission on a page) through the worker's pull
    const c = await openDb();
    const { code: codeC } = await requestJoin(c, 'dev-c', cfg);
    expect(await admitByCode(a, id, 'dev-a', cfg, codeC, 'C')).toEqual({ ok: true });
    const grants = (await (await fetch(`${cfg.url}/${cfg.db}/_all_docs?include_docs=true&startkey="grant:"&endkey="grant:\ufff0"`)).json()) as {
      rows: { doc: Record<string, unknown> }[];
    };
    let opened: string | null = null;
    for (const r of grants.rows) opened ??= await acceptGrant(c, r.doc);
    expect(opened).toBe(id);
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    expose(syncWorkerApi, port1 as never);
    const seen: number[] = [];
    const pulled = uncross(
      await wrap<PullApi>(port2 as never).pull(
        c.name,
        id,
        'dev-c',
        cfg,
        {},
        undefined,
        proxy((d: number) => void seen.push(d)),
      ),
    );
    expect(pulled.added).toBe(5);
    expect(Object.keys(pulled.last!.loaded!).sort()).toEqual(['meta', 'seq']);
    expect(JSON.stringify((await loadEvent(c, id)).event)).toBe(JSON.stringify((await loadEvent(a, id)).event));
    expect((await getTrust(c, id))!.refusedCount).toMatchObject({ unsigned: 1 });
  }, 120_000);
});
