// The trust model against a real PouchDB Server on localhost: admission, sealed documents, and
// every document an attacker with write access to the server can put there, refused with its
// reason while the honest devices keep syncing and converge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import { syncOnce, type SyncConfig } from '../../src/sync/couch';
import { kidOf, kidPrefixOf, makeDeviceKeys, makeEventKey, normaliseCode, open, seal, sha256Hex, shortCode, sign, unwrapFrom, verify, wrapFor } from '../../src/sync/crypto';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { becomeFirstDevice, deviceKeys, getTrust, removeDevice, type SealedDoc, type TrustState } from '../../src/sync/trust';
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
  await appendActions(a, meta.id, [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })), A);
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
    expect(Object.values(ta.members).map((m) => m.name).sort()).toEqual(['Tablette de Léa', 'Tablette de Marc']);
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
      const doc = await forge(bKeys, tb.eventKey, eventId, num, chain[num - 2] ?? null, { k: 'entry', e: { eventId, deviceId: 'dev-b', at: Date.now(), lamport: num + 5, origin: num + 5, action, ...extra } });
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
    await plant(cfg, await forge(stranger, tb.eventKey, eventId, 1, null, { k: 'entry', e: { eventId, deviceId: 'dev-a', at: 1, lamport: 50, origin: 50, action: { type: 'player-dropped', id: 'p1', afterRound: 0 } } }));
    // planted under A's next number without A's key
    const tA = (await getTrust(a, eventId))!;
    const aKid = Object.values(tA.members).find((m) => m.writer === 'dev-a')!.kid;
    await plant(cfg, await forge({ ...stranger, kid: aKid }, tb.eventKey, eventId, (tA.hashes[aKid] ?? []).length + 1, null, { k: 'entry', e: { eventId, deviceId: 'dev-a', at: 1, lamport: 50, origin: 50, action: { type: 'player-dropped', id: 'p2', afterRound: 0 } } }));
    // edited: one of A's real documents changed on the server
    const real = (await serverDocs(cfg)).find((d) => typeof d._id === 'string' && d._id.startsWith(`${aKid}:2:`))!;
    await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(real._id as string)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...real, ct: (real.ct as string).replace(/^.{4}/, 'AAAA') }) });
    // unsigned, the old format
    await plant(cfg, { _id: `${eventId}:dev-x:1`, type: 'log-entry', eventId, deviceId: 'dev-x', origin: 1, lamport: 1, at: 1, action: { type: 'player-dropped', id: 'p3', afterRound: 0 } });

    const before = JSON.stringify((await loadEvent(a, eventId)).event);
    await syncOnce(a, eventId, 'dev-a', cfg);
    expect(JSON.stringify((await loadEvent(a, eventId)).event)).toBe(before);
    const t = (await getTrust(a, eventId))!;
    const reasons = t.refused.map((r) => r.reason);
    expect(reasons).toEqual(expect.arrayContaining(['unknown-action', 'invalid', 'clock', 'too-large', 'unsigned', 'bad-signature', 'edited']));
    expect(t.refused.find((r) => r.reason === 'invalid' && r.detail?.includes('result.a'))).toBeTruthy();
    expect(t.pending.some((p) => p.why === 'not-admitted')).toBe(true);

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
      for (let i = 0; i < keys.length; i++) await (copy as unknown as { put: (s: string, v: unknown, k?: unknown) => Promise<unknown> }).put(store, values[i], store === 'settings' ? keys[i] : undefined);
    }
    await appendActions(b, eventId, [{ type: 'player-dropped', id: 'p1', afterRound: 0 }], B);
    await appendActions(copy, eventId, [{ type: 'player-dropped', id: 'p2', afterRound: 0 }], B);
    await syncOnce(b, eventId, 'dev-b', cfg);
    await syncOnce(copy, eventId, 'dev-b', cfg);
    await syncOnce(a, eventId, 'dev-a', cfg);
    const t = (await getTrust(a, eventId))!;
    expect(t.forks).toHaveLength(1);
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
    await mergeEntries(a, meta.id, [{ eventId: meta.id, deviceId: 'dev-old', origin: 3, lamport: 3, seen: { 'dev-a': 2 }, at: 1, action: { type: 'player-registered', player: makePlayer(2) } }], 'dev-a');
    // and the old unsigned documents still on the server
    await plant(cfg, { _id: `${meta.id}:dev-old:3`, type: 'log-entry', eventId: meta.id, deviceId: 'dev-old', origin: 3, lamport: 3, at: 1, action: { type: 'player-registered', player: makePlayer(2) } });
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
    await fetch(`${server.url}/${cfg.db}/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...doc, ct: `AAAA${doc.ct!.slice(4)}` }) });
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
