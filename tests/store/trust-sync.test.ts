// The trust model against a real PouchDB Server on localhost: admission, sealed documents, and
// every document an attacker with write access to the server can put there, refused with its
// reason while the honest devices keep syncing and converge. Removal locks the removed device
// out of what is written after it (a new key epoch, its key sent device to device to those still
// admitted), and the Lamport bound is taken from what was seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import { syncOnce, type SyncConfig } from '../../src/sync/couch';
import { kidOf, kidPrefixOf, makeDeviceKeys, makeEventKey, normaliseCode, open, seal, sha256Hex, shortCode, sign, unwrapFrom, verify, wrapFor } from '../../src/sync/crypto';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { becomeFirstDevice, deviceKeys, getTrust, keyFor, LAMPORT_MARGIN, removeDevice, type SealedDoc, type TrustState } from '../../src/sync/trust';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { getTrustView } from '../../src/store/sync-config';
import { TRUST_VIEW_KEY, trustView, type TrustView } from '../../src/sync/trust-view';
import { makePlayer } from '../fixtures/events';

let server: PouchServer;
let n = 0;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function database(): Promise<SyncConfig> {
  const db = `trust-${++n}`;
  await fetch(`${server.url}/${db}`, { method: 'PUT' });
  return { url: server.url, db };
}
const openDb = (): Promise<WargameDb> => openEventDb({}, `trust-${Math.random()}`);
const A = { deviceId: 'dev-a' };
const B = { deviceId: 'dev-b' };

async function serverDocs(cfg: SyncConfig): Promise<Record<string, unknown>[]> {
  const all = (await (await fetch(`${server.url}/${cfg.db}/_all_docs?include_docs=true`)).json()) as { rows: { doc: Record<string, unknown> }[] };
  return all.rows.map((r) => r.doc);
}
async function plant(cfg: SyncConfig, doc: object): Promise<void> {
  const res = await fetch(`${server.url}/${cfg.db}/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ docs: [doc] }) });
  expect(res.ok).toBe(true);
}

/** Device A creates the event and turns sync on; device B joins by its code, A admits it. */
async function twoDevices(): Promise<{ cfg: SyncConfig; a: WargameDb; b: WargameDb; eventId: string }> {
  const cfg = await database();
  const a = await openDb();
  const b = await openDb();
  const { meta } = await createEvent(a, newEvent({ name: 'Open de Lyon', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
  await appendActions(
    a,
    meta.id,
    [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
    A,
  );
  await becomeFirstDevice(a, meta.id, 'dev-a', 'Tablette de Léa');
  await syncOnce(a, meta.id, 'dev-a', cfg);
  const { code } = await requestJoin(b, 'dev-b', cfg);
  expect(await checkAdmission(b, 'dev-b', cfg)).toBeNull();
  expect(await admitByCode(a, meta.id, 'dev-a', cfg, code.toLowerCase(), 'Tablette de Marc')).toEqual({ ok: true });
  expect(await checkAdmission(b, 'dev-b', cfg)).toBe(meta.id);
  return { cfg, a, b, eventId: meta.id };
}

const names = async (db: WargameDb, id: string): Promise<string[]> => (await loadEvent(db, id)).event.players.map((p) => p.name);

describe('trust: admission and sealed entries', () => {
  it('a device joins only once admitted, gets the event, and both converge', async () => {
    const { cfg, a, b, eventId } = await twoDevices();
    expect(await names(b, eventId)).toEqual(await names(a, eventId));
    await appendActions(b, eventId, [{ type: 'player-registered', player: makePlayer(5) }], B);
    await syncOnce(b, eventId, 'dev-b', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(JSON.stringify((await loadEvent(a, eventId)).event)).toBe(JSON.stringify((await loadEvent(b, eventId)).event));
    const ta = (await getTrust(a, eventId))!;
    expect(
      Object.values(ta.members)
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Tablette de Léa', 'Tablette de Marc']);
    // the server holds no readable entry: no name, no action type
    const text = JSON.stringify(await serverDocs(cfg));
    expect(text).not.toContain('player-registered');
    expect(text).not.toContain(makePlayer(5).name);
    expect(text).not.toContain('Open de Lyon');
  });

  it('a device that only knows the address and database gets nothing and writes nothing', async () => {
    const { cfg, a, eventId } = await twoDevices();
    const player = await openDb();
    await requestJoin(player, 'dev-p', cfg);
    expect(await checkAdmission(player, 'dev-p', cfg)).toBeNull();
    // it builds its own « event » and pushes it: refused as not admitted everywhere
    const { meta } = await createEvent(player, newEvent({ name: 'Pirate', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-p' });
    await becomeFirstDevice(player, meta.id, 'dev-p', 'Pirate');
    const keys = await deviceKeys(player);
    const key = await makeEventKey();
    const body = { k: 'entry', e: { eventId, deviceId: 'dev-a', at: 1, lamport: 9, origin: 9, action: { type: 'player-registered', player: makePlayer(9) } } };
    await plant(cfg, await forge(keys, key, eventId, 1, null, body));
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(await names(a, eventId)).not.toContain(makePlayer(9).name);
    const t = (await getTrust(a, eventId))!;
    expect(t.pending.filter((p) => p.why === 'not-admitted')).toHaveLength(1);
  });
});

/** A document signed by `keys`, sealed with `key`, as the app makes them. */
async function forge(keys: Awaited<ReturnType<typeof makeDeviceKeys>>, key: CryptoKey, ev: string, num: number, prev: string | null, body: object): Promise<SealedDoc> {
  const { iv, ct } = await seal(key, JSON.stringify(body));
  const text = JSON.stringify([1, ev, keys.kid, num, prev, iv, ct]);
  const hash = await sha256Hex(text);
  return { _id: `${keys.kid}:${num}:${hash}`, type: 'sealed', v: 1, ev, kid: keys.kid, n: num, prev, iv, ct, sig: await sign(keys, text) };
}

describe('trust: hostile documents are set aside, sync goes on', () => {
  it('forged, unknown action, patch: null, a: null, huge Lamport, edited and planted documents', async () => {
    const { cfg, a, b, eventId } = await twoDevices();
    const tb = (await getTrust(b, eventId))! as TrustState;
    const bKeys = await deviceKeys(b);
    const chain = [...(tb.hashes[bKeys.kid] ?? [])];
    // B is admitted, so documents signed with B's key and the event key pass the signature: what
    // the entry inside says is what the gate checks (an admitted device with a bug, or its key)
    const mk = async (action: object, extra: object = {}) => {
      const num = chain.length + 1;
      const doc = await forge(bKeys, tb.eventKey, eventId, num, chain[num - 2] ?? null, {
        k: 'entry',
        e: { eventId, deviceId: 'dev-b', at: Date.now(), lamport: num + 5, origin: num + 5, action, ...extra },
      });
      chain.push(doc._id.split(':')[2]!);
      return doc;
    };
    const bad = [
      await mk({ type: 'player-teleported', id: 'p1' }),
      await mk({ type: 'event-updated', patch: null }),
      await mk({ type: 'result-recorded', round: 1, table: 1, result: { winner: 'p1', how: 'scenario', a: null, b: { cp: 1, apd: 1 } } }),
      await mk({ type: 'event-updated', patch: { name: 'Renommé' } }, { lamport: 2 ** 53, origin: 2 ** 53 }),
      await mk({ type: 'player-registered', player: { ...makePlayer(7), name: 'x'.repeat(5_000_000) } }),
    ];
    for (const d of bad) await plant(cfg, d);
    // forged: right shape, signed by a key no one admitted
    const stranger = await makeDeviceKeys();
    await plant(
      cfg,
      await forge(stranger, tb.eventKey, eventId, 1, null, {
        k: 'entry',
        e: { eventId, deviceId: 'dev-a', at: 1, lamport: 50, origin: 50, action: { type: 'player-dropped', id: 'p1', afterRound: 0 } },
      }),
    );
    // planted under A's next number without A's key
    const tA = (await getTrust(a, eventId))!;
    const aKid = Object.values(tA.members).find((m) => m.writer === 'dev-a')!.kid;
    await plant(
      cfg,
      await forge({ ...stranger, kid: aKid }, tb.eventKey, eventId, (tA.hashes[aKid] ?? []).length + 1, null, {
        k: 'entry',
        e: { eventId, deviceId: 'dev-a', at: 1, lamport: 50, origin: 50, action: { type: 'player-dropped', id: 'p2', afterRound: 0 } },
      }),
    );
    // edited: one of A's real documents changed on the server
    const real = (await serverDocs(cfg)).find((d) => typeof d._id === 'string' && d._id.startsWith(`${aKid}:2:`))!;
    await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(real._id as string)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...real, ct: (real.ct as string).replace(/^.{4}/, 'AAAA') }),
    });
    // unsigned, the old format
    await plant(cfg, {
      _id: `${eventId}:dev-x:1`,
      type: 'log-entry',
      eventId,
      deviceId: 'dev-x',
      origin: 1,
      lamport: 1,
      at: 1,
      action: { type: 'player-dropped', id: 'p3', afterRound: 0 },
    });

    const before = JSON.stringify((await loadEvent(a, eventId)).event);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(JSON.stringify((await loadEvent(a, eventId)).event)).toBe(before);
    const t = (await getTrust(a, eventId))!;
    const reasons = t.refused.map((r) => r.reason);
    expect(reasons).toEqual(expect.arrayContaining(['unknown-action', 'invalid', 'clock', 'too-large', 'unsigned', 'bad-signature', 'edited']));
    expect(t.refused.find((r) => r.reason === 'invalid' && r.detail?.includes('result.a'))).toBeTruthy();
    expect(t.pending.some((p) => p.why === 'not-admitted')).toBe(true);
    // the panels' small view was written with the state: same counts, same newest refusals
    const view = (await a.get('settings', TRUST_VIEW_KEY(eventId))) as TrustView;
    expect(view).toEqual(trustView(t));
    expect(view.refusedCount).toEqual(t.refusedCount);
    expect(view.held['not-admitted']).toBe(t.pending.filter((p) => p.why === 'not-admitted').length);
    expect(view.refused.map((r) => r.reason)).toEqual(expect.arrayContaining(['unknown-action', 'unsigned', 'edited']));
    expect(await getTrustView(a, eventId)).toEqual(view);

    // sync goes on: A's and B's new entries still cross both ways
    await appendActions(a, eventId, [{ type: 'player-registered', player: makePlayer(11) }], A);
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(b, eventId, 'dev-b', cfg);
    expect(await names(b, eventId)).toContain(makePlayer(11).name);
    expect(JSON.stringify((await loadEvent(a, eventId)).event)).toBe(JSON.stringify((await loadEvent(b, eventId)).event));
    expect((await loadEvent(b, eventId)).event.name).toBe('Open de Lyon');
  });

  it('two browsers with one profile (same keys) fork: shown, neither side folded', async () => {
    const { cfg, a, b, eventId } = await twoDevices();
    // a copy of B's profile: same keys, same trust state, same log
    const copy = await openDb();
    for (const store of ['events', 'log', 'projections', 'settings'] as const) {
      const keys = await b.getAllKeys(store);
      const values = await b.getAll(store);
      for (let i = 0; i < keys.length; i++)
        await (copy as unknown as { put: (s: string, v: unknown, k?: unknown) => Promise<unknown> }).put(store, values[i], store === 'settings' ? keys[i] : undefined);
    }
    await appendActions(b, eventId, [{ type: 'player-dropped', id: 'p1', afterRound: 0 }], B);
    await appendActions(copy, eventId, [{ type: 'player-dropped', id: 'p2', afterRound: 0 }], B);
    await syncOnce(b, eventId, 'dev-b', cfg);
    await syncOnce(copy, eventId, 'dev-b', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    const t = (await getTrust(a, eventId))!;
    expect(t.forks).toHaveLength(1);
    expect((await getTrustView(a, eventId))!.forks).toEqual(t.forks);
    const dropped = (await loadEvent(a, eventId)).event.players.filter((p) => p.dropped).map((p) => p.id);
    expect(dropped).toEqual([]);
  });

  it('a removed device: its later entries are refused', async () => {
    const { cfg, a, b, eventId } = await twoDevices();
    const bKid = (await deviceKeys(b)).kid;
    expect(await removeDevice(a, eventId, bKid)).toBe(true);
    await syncOnce(a, eventId, 'dev-a', cfg);
    await appendActions(b, eventId, [{ type: 'player-dropped', id: 'p1', afterRound: 0 }], B);
    await syncOnce(b, eventId, 'dev-b', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect((await loadEvent(a, eventId)).event.players.some((p) => p.dropped)).toBe(false);
    expect((await getTrust(a, eventId))!.refused.map((r) => r.reason)).toContain('removed');
    const view = (await getTrustView(a, eventId))!;
    expect(view.members[bKid]!.removedUpTo).toBeTypeOf('number');
    expect(view.refusedCount.removed).toBeGreaterThan(0);
    expect((await getLog(a, eventId)).every((e) => e.deviceId === 'dev-a')).toBe(true);
  });
});

describe('trust: events made before signed sync', () => {
  it('the first device signs its log from the start and carries what an unsigned sync had brought; a joiner gets all of it', async () => {
    const cfg = await database();
    const a = await openDb();
    const { meta } = await createEvent(a, newEvent({ name: 'Ancien', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
    await appendActions(a, meta.id, [{ type: 'player-registered', player: makePlayer(1) }], A);
    // an entry an older, unsigned sync brought from another tablet
    const { mergeEntries } = await import('../../src/store/replica');
    await mergeEntries(
      a,
      meta.id,
      [{ eventId: meta.id, deviceId: 'dev-old', origin: 3, lamport: 3, seen: { 'dev-a': 2 }, at: 1, action: { type: 'player-registered', player: makePlayer(2) } }],
      'dev-a',
    );
    // and the old unsigned documents still on the server
    await plant(cfg, {
      _id: `${meta.id}:dev-old:3`,
      type: 'log-entry',
      eventId: meta.id,
      deviceId: 'dev-old',
      origin: 3,
      lamport: 3,
      at: 1,
      action: { type: 'player-registered', player: makePlayer(2) },
    });
    await becomeFirstDevice(a, meta.id, 'dev-a', 'A');
    expect((await syncOnce(a, meta.id, 'dev-a', cfg)).pushed).toBe(4);
    const b = await openDb();
    const { code } = await requestJoin(b, 'dev-b', cfg);
    expect(await admitByCode(a, meta.id, 'dev-a', cfg, code, 'B')).toEqual({ ok: true });
    expect(await checkAdmission(b, 'dev-b', cfg)).toBe(meta.id);
    expect(await names(b, meta.id)).toEqual(await names(a, meta.id));
    expect(await names(b, meta.id)).toHaveLength(2);
    expect((await getTrust(b, meta.id))!.refused.map((r) => r.reason)).toEqual(['unsigned']);
  });
});

describe('trust: removal converges', () => {
  it('what a third device folded from the removed one past the removal point comes out again', async () => {
    const { cfg, a, b, eventId } = await twoDevices();
    const c = await openDb();
    const { code } = await requestJoin(c, 'dev-c', cfg);
    expect(await admitByCode(a, eventId, 'dev-a', cfg, code, 'C')).toEqual({ ok: true });
    expect(await checkAdmission(c, 'dev-c', cfg)).toBe(eventId);
    // B writes; C reads it before A, which removes B without having seen it
    await appendActions(b, eventId, [{ type: 'player-updated', id: 'p1', patch: { club: 'Brest' } }], B);
    await syncOnce(b, eventId, 'dev-b', cfg);
    await syncOnce(c, eventId, 'dev-c', cfg);
    expect((await loadEvent(c, eventId)).event.players[0]!.club).toBe('Brest');
    expect(await removeDevice(a, eventId, (await deviceKeys(b)).kid)).toBe(true);
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(c, eventId, 'dev-c', cfg);
    expect((await loadEvent(a, eventId)).event.players[0]!.club).not.toBe('Brest');
    expect(JSON.stringify((await loadEvent(c, eventId)).event)).toBe(JSON.stringify((await loadEvent(a, eventId)).event));
  });
});

describe('trust: a 409 is "already there" only for the very document signed here', () => {
  it('a copy edited on the server between a lost answer and the resend is a fork alert, and the real one goes back', async () => {
    const cfg = await database();
    const a = await openDb();
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), A);
    await becomeFirstDevice(a, meta.id, 'dev-a', 'A');
    await appendActions(a, meta.id, [{ type: 'player-registered', player: makePlayer(1) }], A);
    // the documents reach the server, the answer is lost: they stay in the outbox
    const lost: typeof fetch = async (url, init) => {
      await fetch(url, init);
      throw new TypeError('Failed to fetch');
    };
    await expect(syncOnce(a, meta.id, 'dev-a', cfg, lost)).rejects.toMatchObject({ code: 'unreachable' });
    const outbox = (await getTrust(a, meta.id))!.outbox;
    expect(outbox).toHaveLength(3);
    // someone edits the entry's document meanwhile
    const id = outbox[2]!._id;
    const doc = (await (await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(id)}`)).json()) as Record<string, string>;
    await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(id)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...doc, ct: `AAAA${doc.ct!.slice(4)}` }),
    });
    await syncOnce(a, meta.id, 'dev-a', cfg);
    const t = (await getTrust(a, meta.id))!;
    expect(t.outbox).toEqual([]);
    expect(t.forks).toMatchObject([{ n: 3, hashes: [id.split(':')[2], 'server'] }]);
    const back = (await (await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(id)}`)).json()) as Record<string, string>;
    expect(back.ct).toBe(outbox[2]!.ct);
    // the two untouched ones were the same signed documents: no alert for them
    expect(t.forks).toHaveLength(1);
  });
});

describe('crypto', () => {
  it('a sealed text opens only with its key', async () => {
    const [k1, k2] = await Promise.all([makeEventKey(), makeEventKey()]);
    const s = await seal(k1, 'variableMinutes: 8');
    expect(await open(k1, s.iv, s.ct)).toBe('variableMinutes: 8');
    await expect(open(k2, s.iv, s.ct)).rejects.toThrow();
    // a changed byte fails GCM's tag
    await expect(open(k1, s.iv, `AAAA${s.ct.slice(4)}`)).rejects.toThrow();
  });

  it('device keys: private halves never leave WebCrypto; a signature binds its text and its key', async () => {
    const [k1, k2] = await Promise.all([makeDeviceKeys(), makeDeviceKeys()]);
    expect(k1.sign.extractable).toBe(false);
    expect(k1.ecdh.extractable).toBe(false);
    expect(k1.kid).toMatch(/^[0-9a-f]{32}$/);
    expect(k1.kid).toBe(await kidOf(k1.pub));
    const sig = await sign(k1, 'round 3');
    expect(await verify(k1.pub, 'round 3', sig)).toBe(true);
    expect(await verify(k1.pub, 'round 4', sig)).toBe(false);
    expect(await verify(k2.pub, 'round 3', sig)).toBe(false);
    expect(await verify(k1.pub, 'round 3', 'not base64 !')).toBe(false);
    expect(await verify('AAAA', 'round 3', sig)).toBe(false);
  });

  it('a wrapped event key opens for its one recipient only', async () => {
    const [org, joiner, other] = await Promise.all([makeDeviceKeys(), makeDeviceKeys(), makeDeviceKeys()]);
    const w = await wrapFor(org, joiner.pub, { key: 'k' });
    expect(await unwrapFrom(joiner, org.pub, w.iv, w.ct)).toEqual({ key: 'k' });
    await expect(unwrapFrom(other, org.pub, w.iv, w.ct)).rejects.toThrow();
  });

  it('the code a device shows: 12 characters from its key id, read back whatever the case and dashes', () => {
    const code = shortCode('0123456789abcdef0123456789abcdef');
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(normaliseCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(code);
    expect(shortCode('0123456789abcdef0123456789abcdee')).toBe(code);
    expect(shortCode('1123456789abcdef0123456789abcdef')).not.toBe(code);
    expect(kidPrefixOf(code)).toBe('0123456789abcde');
    expect(kidPrefixOf('ABCD-EFGH-JKL0')).toBeNull();
  });
});

// ---- removal starts a new key epoch; the Lamport bound follows what was seen ----

const state = async (db: WargameDb, id: string): Promise<string> => JSON.stringify((await loadEvent(db, id)).event);

async function join(org: WargameDb, eventId: string, cfg: SyncConfig, writer: string, name: string): Promise<WargameDb> {
  const d = await openDb();
  const { code } = await requestJoin(d, writer, cfg);
  expect(await admitByCode(org, eventId, 'dev-a', cfg, code, name)).toEqual({ ok: true });
  expect(await checkAdmission(d, writer, cfg)).toBe(eventId);
  return d;
}

/** A creates the event and admits B and C. */
async function threeDevices(): Promise<{ cfg: SyncConfig; a: WargameDb; b: WargameDb; c: WargameDb; eventId: string }> {
  const cfg = await database();
  const a = await openDb();
  const { meta } = await createEvent(a, newEvent({ name: 'Open de Rennes', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
  await appendActions(
    a,
    meta.id,
    [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
    { deviceId: 'dev-a' },
  );
  await becomeFirstDevice(a, meta.id, 'dev-a', 'Tablette de Léa');
  await syncOnce(a, meta.id, 'dev-a', cfg);
  const b = await join(a, meta.id, cfg, 'dev-b', 'Tablette perdue');
  const c = await join(a, meta.id, cfg, 'dev-c', 'Tablette de Marc');
  await syncOnce(b, meta.id, 'dev-b', cfg);
  await syncOnce(c, meta.id, 'dev-c', cfg);
  return { cfg, a, b, c, eventId: meta.id };
}

describe('removal starts a new key epoch', () => {
  it('the removed device keeps what it had, cannot open what is written after, and the others converge', async () => {
    const { cfg, a, b, c, eventId } = await threeDevices();
    const had = await names(b, eventId);
    expect(had).toHaveLength(4);
    const bKid = (await deviceKeys(b)).kid;
    const oldEpoch = (await getTrust(a, eventId))!.epoch ?? '';
    expect(await removeDevice(a, eventId, bKid)).toBe(true);
    const ta = (await getTrust(a, eventId))!;
    expect(ta.epoch).not.toBe(oldEpoch);
    // one grant of the new key, for C alone (not B, not A itself)
    expect(ta.grantsOut!.map((g) => g.for)).toEqual([(await deviceKeys(c)).kid]);
    await appendActions(a, eventId, [{ type: 'player-registered', player: makePlayer(5) }], { deviceId: 'dev-a' });
    await appendActions(c, eventId, [{ type: 'player-registered', player: makePlayer(6) }], { deviceId: 'dev-c' });
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect((await getTrust(a, eventId))!.grantsOut).toEqual([]);
    // C learns the new key from A's grant, reads A's new entry, and seals its own in the new epoch
    await syncOnce(c, eventId, 'dev-c', cfg);
    await syncOnce(c, eventId, 'dev-c', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect((await getTrust(c, eventId))!.epoch).toBe(ta.epoch);
    expect(await names(c, eventId)).toContain(makePlayer(5).name);
    expect(await names(a, eventId)).toContain(makePlayer(6).name);
    expect(await state(a, eventId)).toBe(await state(c, eventId));
    // what A wrote after the removal, and what C writes once it has the key, is in the new epoch
    await appendActions(c, eventId, [{ type: 'player-updated', id: (await loadEvent(c, eventId)).event.players[0]!.id, patch: { club: 'Vannes' } }], { deviceId: 'dev-c' });
    await syncOnce(c, eventId, 'dev-c', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(await state(a, eventId)).toBe(await state(c, eventId));
    const docs = (await serverDocs(cfg)).filter((d) => d.type === 'sealed') as unknown as SealedDoc[];
    const last = async (db: WargameDb): Promise<SealedDoc> => {
      const kid = (await deviceKeys(db)).kid;
      return docs.filter((d) => d.kid === kid).sort((x, y) => y.n - x.n)[0]!;
    };
    expect((await last(a)).ep).toBe(ta.epoch);
    expect((await last(c)).ep).toBe(ta.epoch);

    // B, removed, syncs: it reads that it was removed, and holds the new epoch's documents unopened
    await appendActions(b, eventId, [{ type: 'player-dropped', id: had.length ? (await loadEvent(b, eventId)).event.players[0]!.id : 'p1', afterRound: 0 }], { deviceId: 'dev-b' });
    await syncOnce(b, eventId, 'dev-b', cfg);
    const tb = (await getTrust(b, eventId))!;
    expect(tb.members[bKid]!.removedUpTo).toBeDefined();
    expect(keyFor(tb, ta.epoch)).toBeUndefined();
    expect(tb.pending.some((p) => p.why === 'key')).toBe(true);
    const bNames = await names(b, eventId);
    expect(bNames).not.toContain(makePlayer(5).name);
    expect((await loadEvent(b, eventId)).event.players.some((p) => p.club === 'Vannes')).toBe(false);
    expect(bNames).toEqual(expect.arrayContaining(had));
    // nothing on the server carries the new key for B
    expect(docs.length).toBeGreaterThan(0);
    expect((await serverDocs(cfg)).filter((d) => d.type === 'key-grant' && d.for === bKid)).toHaveLength(1); // its admission only

    // B's later entries are never folded; A and C still converge
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(c, eventId, 'dev-c', cfg);
    expect((await loadEvent(a, eventId)).event.players.some((p) => p.dropped)).toBe(false);
    expect((await getLog(a, eventId)).some((e) => e.deviceId === 'dev-b')).toBe(false);
    expect(await state(a, eventId)).toBe(await state(c, eventId));
  });

  it('a device offline during the rotation gets the new key when it comes back; a device admitted later reads both epochs', async () => {
    const { cfg, a, b, c, eventId } = await threeDevices();
    expect(await removeDevice(a, eventId, (await deviceKeys(b)).kid)).toBe(true);
    await appendActions(
      a,
      eventId,
      [5, 6, 7].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      { deviceId: 'dev-a' },
    );
    await syncOnce(a, eventId, 'dev-a', cfg);
    // C was offline all along and wrote meanwhile (in the old epoch: it did not know better)
    await appendActions(c, eventId, [{ type: 'player-registered', player: makePlayer(8) }], { deviceId: 'dev-c' });
    const epoch = (await getTrust(a, eventId))!.epoch;
    expect((await getTrust(c, eventId))!.epoch ?? '').not.toBe(epoch);
    await syncOnce(c, eventId, 'dev-c', cfg);
    expect((await getTrust(c, eventId))!.epoch).toBe(epoch);
    expect((await getTrust(c, eventId))!.pending).toEqual([]);
    expect(await names(c, eventId)).toEqual(expect.arrayContaining([5, 6, 7].map((k) => makePlayer(k).name)));
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(await state(a, eventId)).toBe(await state(c, eventId));

    // a tablet admitted after the rotation gets the old epoch's key too: the whole event reads
    const d = await join(a, eventId, cfg, 'dev-d', 'Tablette de Zoé');
    expect((await getTrust(d, eventId))!.epoch).toBe(epoch);
    expect((await getTrust(d, eventId))!.pending).toEqual([]);
    expect(await state(d, eventId)).toBe(await state(a, eventId));
  });

  it('two tablets removing two devices at once: the epoch that wins everywhere reaches neither removed device', async () => {
    const { cfg, a, b, c, eventId } = await threeDevices();
    const d = await join(a, eventId, cfg, 'dev-d', 'Tablette de Zoé');
    await syncOnce(b, eventId, 'dev-b', cfg);
    const [bKid, cKid, dKid] = (await Promise.all([b, c, d].map(async (x) => (await deviceKeys(x)).kid))) as [string, string, string];
    // neither has seen the other's removal: each starts an epoch, each sends its key to the device the other removed
    expect(await removeDevice(a, eventId, cKid)).toBe(true);
    expect(await removeDevice(b, eventId, dKid)).toBe(true);
    for (let k = 0; k < 3; k++) {
      await syncOnce(a, eventId, 'dev-a', cfg);
      await syncOnce(b, eventId, 'dev-b', cfg);
    }
    const [ta, tb] = [(await getTrust(a, eventId))!, (await getTrust(b, eventId))!];
    expect(ta.epoch).toBe(tb.epoch);
    expect(ta.epochTo![ta.epoch!]!.sort()).toEqual([(await deviceKeys(a)).kid, bKid].sort());
    // what is written now stays between A and B
    await appendActions(a, eventId, [{ type: 'player-registered', player: makePlayer(7) }], { deviceId: 'dev-a' });
    await appendActions(b, eventId, [{ type: 'player-registered', player: makePlayer(8) }], { deviceId: 'dev-b' });
    for (const [db, w] of [
      [a, 'dev-a'],
      [b, 'dev-b'],
      [a, 'dev-a'],
      [c, 'dev-c'],
      [d, 'dev-d'],
    ] as const)
      await syncOnce(db, eventId, w, cfg);
    expect(await names(a, eventId)).toEqual(expect.arrayContaining([makePlayer(7).name, makePlayer(8).name]));
    expect(await state(a, eventId)).toBe(await state(b, eventId));
    for (const gone of [c, d]) {
      expect(keyFor((await getTrust(gone, eventId))!, ta.epoch)).toBeUndefined();
      expect(await names(gone, eventId)).not.toContain(makePlayer(7).name);
      expect(await names(gone, eventId)).not.toContain(makePlayer(8).name);
    }
  });

  it("a tablet admitted by another organizer while the key changed gets the new key from the epoch's maker", async () => {
    const { cfg, a, b, c, eventId } = await threeDevices();
    expect(await removeDevice(a, eventId, (await deviceKeys(b)).kid)).toBe(true);
    // meanwhile C, which has not heard of the new epoch, admits D with the old key
    const d = await openDb();
    const { code } = await requestJoin(d, 'dev-d', cfg);
    expect(await admitByCode(c, eventId, 'dev-c', cfg, code, 'Tablette de Zoé')).toEqual({ ok: true });
    expect(await checkAdmission(d, 'dev-d', cfg)).toBe(eventId);
    await appendActions(a, eventId, [{ type: 'player-registered', player: makePlayer(9) }], { deviceId: 'dev-a' });
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(c, eventId, 'dev-c', cfg);
    await syncOnce(d, eventId, 'dev-d', cfg);
    // D holds A's new documents unopened until A, the epoch's maker, has read D's admission
    expect(await names(d, eventId)).not.toContain(makePlayer(9).name);
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    await syncOnce(d, eventId, 'dev-d', cfg);
    expect((await getTrust(d, eventId))!.epoch).toBe((await getTrust(a, eventId))!.epoch);
    expect(await names(d, eventId)).toContain(makePlayer(9).name);
    expect(await state(d, eventId)).toBe(await state(a, eventId));
  });

  it('a grant of a new key from a device no one admitted is not taken', async () => {
    const { cfg, a, c, eventId } = await threeDevices();
    const cKeys = await deviceKeys(c);
    const tc = (await getTrust(c, eventId))!;
    // a stranger plants a "rotation" for C: C must not start sealing with a key the stranger holds
    const { makeDeviceKeys, makeEventKey, exportEventKey, wrapFor } = await import('../../src/sync/crypto');
    const stranger = await makeDeviceKeys();
    const key = await exportEventKey(await makeEventKey());
    const { iv, ct } = await wrapFor(stranger, cKeys.pub, { eventId, rotate: `9.${stranger.kid.slice(0, 8)}`, key });
    const signed = JSON.stringify(['grant', cKeys.kid, stranger.kid, stranger.pub, iv, ct]);
    await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(`grant:${cKeys.kid}:${(await sha256Hex(signed)).slice(0, 16)}`)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'key-grant', for: cKeys.kid, by: stranger.kid, byPub: stranger.pub, iv, ct, sig: await sign(stranger, signed) }),
    });
    await syncOnce(c, eventId, 'dev-c', cfg);
    expect((await getTrust(c, eventId))!.epoch ?? '').toBe(tc.epoch ?? '');
    await appendActions(c, eventId, [{ type: 'player-registered', player: makePlayer(9) }], { deviceId: 'dev-c' });
    await syncOnce(c, eventId, 'dev-c', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(await names(a, eventId)).toContain(makePlayer(9).name);
  });
});

describe('the Lamport bound follows what was seen', () => {
  it("an admitted device's entry with a clock of 2^53, or just past the highest seen + the margin, is refused with its reason; one at the bound folds", async () => {
    const { cfg, a, c, eventId } = await threeDevices();
    await syncOnce(a, eventId, 'dev-a', cfg);
    const seen = (await getTrust(a, eventId))!.lamportSeen!;
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(20);
    const cKeys = await deviceKeys(c);
    const tc = (await getTrust(c, eventId))!;
    const chain = [...(tc.hashes[cKeys.kid] ?? [])];
    const docs: SealedDoc[] = [];
    const mk = async (lamport: number, name: string): Promise<void> => {
      const num = chain.length + 1;
      const doc = await forge(cKeys, tc.eventKey, eventId, num, chain[num - 2] ?? null, {
        k: 'entry',
        e: { eventId, deviceId: 'dev-c', at: Date.now(), lamport, origin: lamport, action: { type: 'event-updated', patch: { name } } },
      });
      chain.push(doc._id.split(':')[2]!);
      docs.push(doc);
    };
    await mk(2 ** 53, 'Renommé 2^53');
    await mk(seen + LAMPORT_MARGIN + 1, 'Renommé juste au-delà');
    await mk(seen + LAMPORT_MARGIN, 'Renommé à la limite');
    const res = await fetch(`${server.url}/${cfg.db}/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ docs }) });
    expect(res.ok).toBe(true);
    await syncOnce(a, eventId, 'dev-a', cfg);
    const t = (await getTrust(a, eventId))!;
    expect(t.refused.filter((r) => r.kid === cKeys.kid).map((r) => r.reason)).toEqual(['clock', 'clock-ahead']);
    expect(t.refused.find((r) => r.reason === 'clock-ahead')!.detail).toContain(String(seen + LAMPORT_MARGIN + 1));
    expect(t.refusedCount['clock-ahead']).toBe(1);
    expect((await loadEvent(a, eventId)).event.name).toBe('Renommé à la limite');
    // the bound moves with what was accepted
    expect(t.lamportSeen).toBe(seen + LAMPORT_MARGIN);
  });
});
