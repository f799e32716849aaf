// The network is hostile or slow: a server that accepts and never answers, one that fails then
// recovers, a `_changes` feed whose position never moves, an address carrying credentials, and a
// write made while a pass is running. Fake servers on localhost and a real PouchDB Server.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { announceChange } from '../../src/store/channel';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import { countOwnAfter, getSyncState, MERGE_SLICE, mergeInSlices, ownEntriesAfter, toReplicated } from '../../src/store/replica';
import { checkServerUrl } from '../../src/store/sync-config';
import { pull, push, SyncError, syncOnce, type SyncConfig, type SyncErrorCode } from '../../src/sync/couch';
import { startSync, type SyncStatus } from '../../src/sync/runner';
import { publicViewUrl } from '../../src/ui/sync/public-url';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { makePlayer } from '../fixtures/events';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { acceptGrant, becomeFirstDevice } from '../../src/sync/trust';

let server: PouchServer;
let n = 0;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function database(): Promise<SyncConfig> {
  const db = `net-${++n}`;
  await fetch(`${server.url}/${db}`, { method: 'PUT' });
  return { url: server.url, db };
}
const open = (): Promise<WargameDb> => openEventDb({}, `net-${Math.random()}`);
const A = { deviceId: 'dev-a' };

async function eventWith(db: WargameDb, players: number): Promise<string> {
  const { meta } = await createEvent(db, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
  for (let k = 0; k < players; k += 100)
    await appendActions(
      db,
      meta.id,
      Array.from({ length: Math.min(100, players - k) }, (_, i) => ({ type: 'player-registered' as const, player: makePlayer(k + i + 1) })),
      A,
    );
  // sync turned on: this device is the event's first organizer device (its feed opens with a genesis document)
  await becomeFirstDevice(db, meta.id, 'dev-a', 'Tablette A');
  return meta.id;
}

/**
 * `b` asks to join, `a` admits it by its code; `b` opens its key grant without pulling (the
 * tests drive the pull themselves, through their own proxies).
 */
async function admitOnly(a: WargameDb, b: WargameDb, eventId: string, cfg: SyncConfig): Promise<void> {
  const { code } = await requestJoin(b, 'dev-b', cfg);
  expect(await admitByCode(a, eventId, 'dev-a', cfg, code, 'Tablette B')).toEqual({ ok: true });
  const grants = (await (await fetch(`${cfg.url}/${cfg.db}/_all_docs?include_docs=true&startkey="grant:"&endkey="grant:\ufff0"`)).json()) as {
    rows: { doc: Record<string, unknown> }[];
  };
  expect(await acceptGrant(b, grants.rows[0]!.doc)).toBe(eventId);
}

/** How many entries of a `_changes` page (from 0, 500 documents) the trust gate folds: all but the genesis document. */
const ENTRIES_IN_FIRST_PAGE = 499;

/** A TCP server on localhost that accepts every connection and never answers. */
async function silentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  let count = 0;
  const s: Server = createServer((socket) => {
    count++;
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise((r) => {
        for (const k of sockets) k.destroy();
        s.close(() => r());
      }),
  };
}

describe('server addresses', () => {
  it("refuses credentials inside the address, and never builds a players' link from one", () => {
    expect(checkServerUrl('http://user:pass@192.168.1.20:5984')).toEqual({ ok: false, code: 'credentials-in-url' });
    expect(checkServerUrl('https://orga@couch.example.org')).toEqual({ ok: false, code: 'credentials-in-url' });
    expect(checkServerUrl('https://:secret@couch.example.org/')).toEqual({ ok: false, code: 'credentials-in-url' });
    expect(checkServerUrl('https://@couch.example.org/')).toEqual({ ok: false, code: 'credentials-in-url' });
    expect(checkServerUrl('couch.example.org')).toEqual({ ok: false, code: 'bad-url' });
    expect(checkServerUrl('ftp://couch.example.org')).toEqual({ ok: false, code: 'bad-url' });
    expect(checkServerUrl(' https://couch.example.org/couch/ ')).toEqual({ ok: true, url: 'https://couch.example.org/couch' });
    expect(checkServerUrl('http://192.168.1.20:5984')).toEqual({ ok: true, url: 'http://192.168.1.20:5984' });
    expect(publicViewUrl({ url: 'http://user:pass@hub:5984', publicDb: 'open-public' }, 'https://app.example/')).toBeNull();
    const url = publicViewUrl({ url: 'http://hub:5984/', publicDb: 'open-public' }, 'https://app.example/?bench#/event/x')!;
    expect(url).toBe(`https://app.example/#/public/${encodeURIComponent('http://hub:5984/open-public')}`);
  });

  it('a setting saved with credentials in the address is refused before any request', async () => {
    const a = await open();
    const id = await eventWith(a, 1);
    let calls = 0;
    const counting: typeof fetch = (url, init) => (calls++, fetch(url, init));
    const cfg = await database();
    await expect(syncOnce(a, id, 'dev-a', { ...cfg, url: cfg.url.replace('http://', 'http://orga:secret@') }, { fetch: counting })).rejects.toMatchObject({
      code: 'credentials-in-url',
    });
    expect(calls).toBe(0);
  });
});

describe('timeouts and retries', () => {
  it('a server that accepts and never answers: each attempt stops at its time limit, retried with backoff, then "timeout"', async () => {
    const silent = await silentServer();
    try {
      const a = await open();
      const id = await eventWith(a, 3);
      const retries: [SyncErrorCode, number, number][] = [];
      const err = await push(a, id, 'dev-a', { url: silent.url, db: 'open' }, { timeoutMs: 1_000, attempts: 3, backoffMs: 20, onRetry: (...r) => retries.push(r) }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SyncError);
      expect((err as SyncError).code).toBe('timeout');
      expect(retries).toEqual([
        ['timeout', 2, 3],
        ['timeout', 3, 3],
      ]);
      // each attempt connected: the server's side of the third may be seen a turn after the client gave up
      await vi.waitFor(() => expect(silent.connections()).toBe(3), { timeout: 10_000 });
      // nothing counted as sent
      expect((await getSyncState(a, id)).pushedSeq).toBe(0);
    } finally {
      await silent.close();
    }
  });

  it('a server failing with 503 then answering: the retry sends, nothing doubled', async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 3);
    let failures = 2;
    const flaky: typeof fetch = async (url, init) => (String(url).endsWith('/_bulk_docs') && failures-- > 0 ? new Response('busy', { status: 503 }) : fetch(url, init));
    // the genesis document and 4 entries, signed and sealed
    expect(await push(a, id, 'dev-a', cfg, { fetch: flaky, backoffMs: 5 })).toBe(5);
    const all = (await (await fetch(`${cfg.url}/${cfg.db}/_all_docs`)).json()) as { total_rows: number };
    expect(all.total_rows).toBe(5);
    // an answer lost after the server stored the batch: the retry gets 409s, which mean "already there"
    const b = await open();
    const idB = await eventWith(b, 2);
    let lost = 1;
    const losing: typeof fetch = async (url, init) => {
      const res = await fetch(url, init);
      if (String(url).endsWith('/_bulk_docs') && lost-- > 0) throw new TypeError('Failed to fetch');
      return res;
    };
    expect(await push(b, idB, 'dev-a', cfg, { fetch: losing, backoffMs: 5 })).toBe(4);
    expect((await getSyncState(b, idB)).pushedSeq).toBe(3);
  });

  it('refusals are not retried: 401 fails at once', async () => {
    let calls = 0;
    const refusing: typeof fetch = async () => (calls++, new Response('{}', { status: 401 }));
    const a = await open();
    const id = await eventWith(a, 1);
    await expect(push(a, id, 'dev-a', { url: 'http://127.0.0.1:1', db: 'x' }, { fetch: refusing })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(calls).toBe(1);
  });
});

describe('a _changes feed that does not advance', () => {
  it('the same last_seq with the same entries again: stopped as "stuck" after two pages, the entries kept once', async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 600);
    await push(a, id, 'dev-a', cfg);
    // a proxy answering every _changes request with the server's first page
    let first: string | null = null;
    let changes = 0;
    const stuck: typeof fetch = async (url, init) => {
      if (!String(url).includes('/_changes')) return fetch(url, init);
      changes++;
      first ??= await (await fetch(String(url).replace(/since=[^&]*/, 'since=0'), init)).text();
      return new Response(first, { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    const b = await open();
    await admitOnly(a, b, id, cfg);
    const err = await pull(b, id, 'dev-b', cfg, { fetch: stuck }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'stuck' });
    expect(changes).toBe(2);
    expect(await getLog(b, id)).toHaveLength(ENTRIES_IN_FIRST_PAGE);
    // the real server then brings the rest
    await pull(b, id, 'dev-b', cfg);
    expect((await loadEvent(b, id)).event.players).toHaveLength(600);
  });

  it('a feed inventing a new position for every page is bounded by what the database holds', async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 600);
    await push(a, id, 'dev-a', cfg);
    const page = (await (await fetch(`${cfg.url}/${cfg.db}/_changes?include_docs=true&limit=500`)).json()) as { results: unknown[] };
    let changes = 0;
    const endless: typeof fetch = async (url, init) => {
      if (!String(url).includes('/_changes')) return fetch(url, init);
      changes++;
      return Response.json({ results: page.results, last_seq: `fake-${changes}` });
    };
    const b = await open();
    await admitOnly(a, b, id, cfg);
    await expect(pull(b, id, 'dev-b', cfg, { fetch: endless })).rejects.toMatchObject({ code: 'stuck' });
    // 605 documents (genesis, 601 entries, the admission, the join request, the key grant): 2 pages, plus the slack for documents written during a pull
    expect(changes).toBeLessThanOrEqual(2 + 10 + 2);
    expect(await getLog(b, id)).toHaveLength(ENTRIES_IN_FIRST_PAGE);
  });

  it('a malformed page (no results, a position that is an object) is a bad response, not a loop', async () => {
    const a = await open();
    const id = await eventWith(a, 1);
    for (const body of [{ last_seq: 3 }, { results: [], last_seq: { $gt: 1 } }, null]) {
      let calls = 0;
      const odd: typeof fetch = async () => (calls++, Response.json(body));
      await expect(pull(a, id, 'dev-a', { url: 'http://127.0.0.1:1', db: 'x' }, { fetch: odd })).rejects.toMatchObject({ code: 'bad-response' });
      expect(calls).toBe(1);
    }
  });
});

describe('big pulls', () => {
  it('entries are merged a slice at a time with progress; the result is what one merge gives', async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 1_200);
    await push(a, id, 'dev-a', cfg);
    const b = await open();
    await admitOnly(a, b, id, cfg);
    const docCount = ((await (await fetch(`${cfg.url}/${cfg.db}`)).json()) as { doc_count: number }).doc_count;
    const progress: [number, number | null][] = [];
    await pull(b, id, 'dev-b', cfg, { onProgress: (d, t) => progress.push([d, t]) });
    // a line per slice of 100 accepted entries merged, from the first page on (the total is known
    // once a page is full), counted in documents received: the gate sets some documents aside
    // (genesis, admission, join request, grant), so the lines are not round hundreds
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(1_201 / MERGE_SLICE));
    expect(progress.every(([d, t], i) => t === docCount && d <= t && (i === 0 || d >= progress[i - 1]![0]))).toBe(true);
    expect(progress[progress.length - 1]).toEqual([docCount, docCount]);
    expect(JSON.stringify((await loadEvent(b, id)).event)).toBe(JSON.stringify((await loadEvent(a, id)).event));
    // mergeInSlices itself: slices of MERGE_SLICE, the checkpoint only with the last one
    const c = await open();
    const entries = (await getLog(a, id)).map(toReplicated);
    const slices: number[] = [];
    const r = await mergeInSlices(c, id, entries, 'dev-c', 'seq-x', (k) => slices.push(k));
    expect(r.added).toBe(1_201);
    expect(slices).toEqual(Array.from({ length: Math.ceil(1_201 / MERGE_SLICE) }, (_, i) => Math.min(1_201, (i + 1) * MERGE_SLICE)));
    expect((await getSyncState(c, id)).since).toBe('seq-x');
    expect((await mergeInSlices(c, id, entries, 'dev-c')).added).toBe(0);
    // what waits to be sent is read from the index: only this device's entries
    expect(await countOwnAfter(c, id, 'dev-c', 0)).toBe(0);
    expect(await countOwnAfter(a, id, 'dev-a', 1_000)).toBe(201);
    expect((await ownEntriesAfter(a, id, 'dev-a', 1_199)).map((e) => e.seq)).toEqual([1_200, 1_201]);
  });
});

describe('the runner', () => {
  it('a write made while a pass is running is sent by a pass that starts as soon as it ends', async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 2);
    // the first pass's send is held until the test has written during it
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let bulk = 0;
    const holding: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/_bulk_docs') && ++bulk === 1) await held;
      return fetch(url, init);
    };
    const statuses: SyncStatus[] = [];
    // no timed pass before the test ends: only the write itself may cause the second send
    const runner = startSync(a, id, 'dev-a', cfg, (s) => statuses.push(s), { net: { fetch: holding }, everyMs: 3_600_000 });
    try {
      await waitFor(() => bulk === 1);
      const { seq } = await appendActions(a, id, [{ type: 'player-updated', id: 'p1', patch: { club: 'Nantes' } }], A);
      announceChange({ eventId: id, seq, kind: 'appended' });
      // the message reaches the runner (another BroadcastChannel object) before the send resumes
      await new Promise((r) => setTimeout(r, 50));
      release();
      await waitFor(() => statuses.some((s) => !s.syncing && s.waiting === 0 && s.lastSyncAt !== null && bulk >= 2));
      const docs = (await (await fetch(`${cfg.url}/${cfg.db}/_all_docs`)).json()) as { total_rows: number };
      // genesis, 3 entries, and the one written during the pass
      expect(docs.total_rows).toBe(5);
      expect(bulk).toBe(2);
    } finally {
      runner.stop();
    }
  });

  it("another device's save arrives while this one waits on the feed, with no timed pass", async () => {
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 2);
    await push(a, id, 'dev-a', cfg);
    const b = await open();
    const { code } = await requestJoin(b, 'dev-b', cfg);
    expect(await admitByCode(a, id, 'dev-a', cfg, code, 'Tablette B')).toEqual({ ok: true });
    expect(await checkAdmission(b, 'dev-b', cfg)).toBe(id);
    const hour = 3_600_000;
    const statusesB: SyncStatus[] = [];
    const runA = startSync(a, id, 'dev-a', cfg, () => undefined, { everyMs: hour });
    const runB = startSync(b, id, 'dev-b', cfg, (s) => statusesB.push(s), { everyMs: hour });
    try {
      // B's first pass is over and it waits on the feed
      await waitFor(() => statusesB.some((s) => !s.syncing && s.lastSyncAt !== null));
      const passes = () => statusesB.filter((s) => s.syncing).length;
      const before = passes();
      const { seq } = await appendActions(a, id, [{ type: 'player-updated', id: 'p2', patch: { club: 'Brest' } }], A);
      announceChange({ eventId: id, seq, kind: 'appended' });
      let club: string | undefined;
      await waitForAsync(async () => (club = (await loadEvent(b, id)).event.players.find((p) => p.id === 'p2')?.club) === 'Brest');
      expect(club).toBe('Brest');
      // one pass on B brought it: woken by the feed, not by a timer (the next is an hour away)
      expect(passes()).toBe(before + 1);
    } finally {
      runA.stop();
      runB.stop();
    }
  });

  it('a silent server: the line says "timeout" in words, and writes sync once it answers again', async () => {
    const silent = await silentServer();
    const cfg = await database();
    const a = await open();
    const id = await eventWith(a, 2);
    let down = true;
    const routed: typeof fetch = (url, init) => fetch(down ? String(url).replace(cfg.url, silent.url) : url, init);
    const statuses: SyncStatus[] = [];
    const runner = startSync(a, id, 'dev-a', cfg, (s) => statuses.push(s), { net: { fetch: routed, timeoutMs: 1_500, backoffMs: 10 } });
    try {
      await waitFor(() => statuses.some((s) => s.retrying?.code === 'timeout'));
      await waitFor(() => statuses.some((s) => !s.syncing && s.error === 'timeout'));
      expect(statuses.find((s) => !s.syncing)).toMatchObject({ error: 'timeout', waiting: 3 });
      down = false;
      runner.now();
      await waitFor(() => statuses.some((s) => !s.syncing && s.error === null && s.waiting === 0));
      const docs = (await (await fetch(`${cfg.url}/${cfg.db}/_all_docs`)).json()) as { total_rows: number };
      // the genesis document and the 3 entries
      expect(docs.total_rows).toBe(4);
    } finally {
      runner.stop();
      await silent.close();
    }
  });
});

async function waitForAsync(ok: () => Promise<boolean>, limit = 30_000): Promise<void> {
  const until = Date.now() + limit;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('condition never met');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function waitFor(ok: () => boolean, limit = 30_000): Promise<void> {
  const until = Date.now() + limit;
  while (!ok()) {
    if (Date.now() > until) throw new Error('condition never met');
    await new Promise((r) => setTimeout(r, 10));
  }
}
