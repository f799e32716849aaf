// Replication against a real PouchDB Server started on a free localhost port (CouchDB's HTTP API).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { publicView } from '../../src/domain/public-view';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, deleteEvent, getLog, loadEvent, rebuildProjection } from '../../src/store/events';
import { getSyncState } from '../../src/store/replica';
import { ensureDatabases, publish, pull, push, SyncError, syncOnce, type SyncConfig } from '../../src/sync/couch';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { makePlayer } from '../fixtures/events';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { becomeFirstDevice } from '../../src/sync/trust';

/** The organizer device `a` admits `b` by the code `b` shows; `b` receives the event. */
async function admitted(a: WargameDb, b: WargameDb, eventId: string, cfg: SyncConfig): Promise<void> {
  const { code } = await requestJoin(b, 'dev-b', cfg);
  expect(await admitByCode(a, eventId, 'dev-a', cfg, code, 'Tablette de Marc')).toEqual({ ok: true });
  expect(await checkAdmission(b, 'dev-b', cfg)).toBe(eventId);
}

let server: PouchServer;
let n = 0;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function database(): Promise<SyncConfig> {
  const db = `event-${++n}`;
  await fetch(`${server.url}/${db}`, { method: 'PUT' });
  await fetch(`${server.url}/${db}-public`, { method: 'PUT' });
  return { url: server.url, db, publicDb: `${db}-public` };
}
const open = (): Promise<WargameDb> => openEventDb({}, `sync-${Math.random()}`);
const result = (winner: string) => ({ winner, how: 'scenario' as const, a: { cp: 3, apd: 20 }, b: { cp: 1, apd: 10 } });
const A = { deviceId: 'dev-a' };
const B = { deviceId: 'dev-b' };

describe('sync through PouchDB Server', () => {
  it('a second device joins, both work offline, reconnect and converge with the conflict listed', async () => {
    const cfg = await database();
    const a = await open();
    const b = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open de Lyon', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
    await appendActions(
      a,
      meta.id,
      [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      A,
    );
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
    await becomeFirstDevice(a, meta.id, 'dev-a', 'Tablette de Léa');
    // the first device's feed: its genesis, then its 6 entries
    expect((await syncOnce(a, meta.id, 'dev-a', cfg)).pushed).toBe(7);
    await admitted(a, b, meta.id, cfg);
    expect((await loadEvent(b, meta.id)).event.rounds).toHaveLength(1);

    await appendActions(a, meta.id, [{ type: 'result-recorded', round: 1, table: 1, result: result('p1') }], A);
    await appendActions(b, meta.id, [{ type: 'result-recorded', round: 1, table: 1, result: result('p2') }], B);
    await appendActions(b, meta.id, [{ type: 'result-recorded', round: 1, table: 2, result: result('p4') }], B);
    await syncOnce(a, meta.id, 'dev-a', cfg);
    await syncOnce(b, meta.id, 'dev-b', cfg);
    await syncOnce(a, meta.id, 'dev-a', cfg);
    const [pa, pb] = [(await a.get('projections', meta.id))!, (await b.get('projections', meta.id))!];
    expect(JSON.stringify(pa.event)).toBe(JSON.stringify(pb.event));
    expect(pa.conflicts).toEqual(pb.conflicts);
    expect(pa.conflicts).toMatchObject([{ kind: 'result', round: 1, table: 1, resolvedBy: null }]);
    // what a pull applied on top of the projection is what a whole-log fold gives
    for (const d of [a, b]) expect(JSON.stringify((await rebuildProjection(d, meta.id)).event)).toBe(JSON.stringify(pa.event));
    expect(await getLog(a, meta.id)).toHaveLength(9);
    expect(await getLog(b, meta.id)).toHaveLength(9);

    const all = (await (await fetch(`${server.url}/${cfg.db}/_all_docs`)).json()) as { total_rows: number };
    // A: genesis, 7 entries, the admission; B: 2 entries; B's join request and its key grant
    expect(all.total_rows).toBe(13);
    // B deletes the event, is admitted again, writes: its new entry reaches the server and A
    await deleteEvent(b, meta.id);
    // still a member: its grant is still on the server, for its keys only
    expect(await checkAdmission(b, 'dev-b', cfg)).toBe(meta.id);
    expect(await getLog(b, meta.id)).toHaveLength(9);
    await appendActions(b, meta.id, [{ type: 'player-updated', id: 'p1', patch: { club: 'Nantes' } }], B);
    expect((await syncOnce(b, meta.id, 'dev-b', cfg)).pushed).toBe(1);
    await syncOnce(a, meta.id, 'dev-a', cfg);
    expect((await loadEvent(a, meta.id)).event.players[0]!.club).toBe('Nantes');
  });

  it('a sync cut in the middle (tab killed) resumes without losing or doubling an entry', { timeout: 60_000 }, async () => {
    const cfg = await database();
    const a = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
    for (let k = 0; k < 12; k++)
      await appendActions(
        a,
        meta.id,
        Array.from({ length: 100 }, (_, i) => ({ type: 'player-registered' as const, player: makePlayer(k * 100 + i + 1) })),
        A,
      );
    // The first _bulk_docs reaches the server but its answer never comes back.
    let cut = true;
    const cutting: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (cut && String(url).endsWith('/_bulk_docs')) {
        cut = false;
        throw new TypeError('Failed to fetch');
      }
      return res;
    };
    await becomeFirstDevice(a, meta.id, 'dev-a', 'Tablette de Léa');
    // one attempt: the retry a real sync makes would hide the cut this test is about
    await expect(push(a, meta.id, 'dev-a', cfg, { fetch: cutting, attempts: 1 })).rejects.toMatchObject({ code: 'unreachable' });
    expect((await getSyncState(a, meta.id)).pushedSeq).toBe(0);
    // the same signed documents again (kept before sending): the server's copies count as sent
    expect(await push(a, meta.id, 'dev-a', cfg)).toBe(1202);
    const b = await open();
    await requestJoin(b, 'dev-b', cfg);
    const { code } = await requestJoin(b, 'dev-b', cfg);
    expect(await admitByCode(a, meta.id, 'dev-a', cfg, code, 'B')).toEqual({ ok: true });
    const { acceptGrant } = await import('../../src/sync/trust');
    const grants = (await (await fetch(`${server.url}/${cfg.db}/_all_docs?include_docs=true&startkey="grant:"&endkey="grant:\ufff0"`)).json()) as {
      rows: { doc: Record<string, unknown> }[];
    };
    expect(await acceptGrant(b, grants.rows[0]!.doc)).toBe(meta.id);
    // the pull dies after its first page was merged: the checkpoint came with it
    let pages = 0;
    const dying: typeof fetch = async (url, init) => {
      if (String(url).includes('/_changes') && ++pages > 1) throw new TypeError('Failed to fetch');
      return fetch(url, init);
    };
    // one attempt: the retry a real sync makes would hide the cut this test is about
    await expect(pull(b, meta.id, 'dev-b', cfg, { fetch: dying, attempts: 1 })).rejects.toBeInstanceOf(SyncError);
    expect((await getLog(b, meta.id)).length).toBeGreaterThan(400);
    expect((await getLog(b, meta.id)).length).toBeLessThan(1201);
    await pull(b, meta.id, 'dev-b', cfg);
    const log = await getLog(b, meta.id);
    expect(log).toHaveLength(1201);
    expect(new Set(log.map((e) => `${e.deviceId}:${e.origin}`)).size).toBe(1201);
    expect((await loadEvent(b, meta.id)).event.players).toHaveLength(1200);
    expect(JSON.stringify((await rebuildProjection(b, meta.id)).event)).toBe(JSON.stringify((await loadEvent(a, meta.id)).event));
  });

  it('publishes a public document without the hidden length, and says in words when the server refuses', async () => {
    const cfg = await database();
    const a = await open();
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
    await appendActions(
      a,
      meta.id,
      [1, 2].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      A,
    );
    const { event } = await appendActions(
      a,
      meta.id,
      [{ type: 'round-paired', round: { number: 1, scenario: 'overrun', variableMinutes: 8, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null } }],
      A,
    );
    await becomeFirstDevice(a, meta.id, 'dev-a', 'Tablette de Léa');
    await publish(cfg, publicView(event, 1));
    await publish(cfg, publicView(event, 2));
    const doc = (await (await fetch(`${server.url}/${cfg.publicDb}/event`)).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({ name: 'Open', updatedAt: 2, round: { number: 1, scenario: null, tables: [{ table: 1, a: 'Player 1', b: 'Player 2' }] } });
    expect(JSON.stringify(doc)).not.toMatch(/variableMinutes|overrun/);
    await expect(syncOnce(a, meta.id, 'dev-a', { ...cfg, db: 'no-such-db' })).rejects.toMatchObject({ code: 'not-found' });
    // a hub lets the app create an event's databases when sync is turned on
    await ensureDatabases({ url: server.url, db: 'made-by-app', publicDb: 'made-by-app-public' });
    expect((await fetch(`${server.url}/made-by-app`)).status).toBe(200);
    expect((await fetch(`${server.url}/made-by-app-public`)).status).toBe(200);
    expect((await syncOnce(a, meta.id, 'dev-a', { url: server.url, db: 'made-by-app' })).pushed).toBe(5);
    await expect(syncOnce(a, meta.id, 'dev-a', { ...cfg, url: 'http://127.0.0.1:9' })).rejects.toMatchObject({ code: 'unreachable' });
  });
});
