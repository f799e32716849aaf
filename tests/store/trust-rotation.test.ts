// Removal locks the removed device out of what is written after it (a new key epoch, its key sent
// device to device to those still admitted), and the Lamport bound taken from what was seen.
// Against a real PouchDB Server on localhost, like trust-sync.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import { syncOnce, type SyncConfig } from '../../src/sync/couch';
import { seal, sha256Hex, sign } from '../../src/sync/crypto';
import { admitByCode, checkAdmission, requestJoin } from '../../src/sync/join';
import { becomeFirstDevice, deviceKeys, getTrust, keyFor, LAMPORT_MARGIN, removeDevice, type SealedDoc } from '../../src/sync/trust';
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
  const db = `rotation-${++n}`;
  await fetch(`${server.url}/${db}`, { method: 'PUT' });
  return { url: server.url, db };
}
const openDb = (): Promise<WargameDb> => openEventDb({}, `rotation-${Math.random()}`);
async function serverDocs(cfg: SyncConfig): Promise<Record<string, unknown>[]> {
  const all = (await (await fetch(`${server.url}/${cfg.db}/_all_docs?include_docs=true`)).json()) as { rows: { doc: Record<string, unknown> }[] };
  return all.rows.map((r) => r.doc);
}
const state = async (db: WargameDb, id: string): Promise<string> => JSON.stringify((await loadEvent(db, id)).event);
const names = async (db: WargameDb, id: string): Promise<string[]> => (await loadEvent(db, id)).event.players.map((p) => p.name);

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
  await appendActions(a, meta.id, [1, 2, 3, 4].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })), { deviceId: 'dev-a' });
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
    await appendActions(a, eventId, [5, 6, 7].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })), { deviceId: 'dev-a' });
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
    for (const [db, w] of [[a, 'dev-a'], [b, 'dev-b'], [a, 'dev-a'], [c, 'dev-c'], [d, 'dev-d']] as const) await syncOnce(db, eventId, w, cfg);
    expect(await names(a, eventId)).toEqual(expect.arrayContaining([makePlayer(7).name, makePlayer(8).name]));
    expect(await state(a, eventId)).toBe(await state(b, eventId));
    for (const gone of [c, d]) {
      expect(keyFor((await getTrust(gone, eventId))!, ta.epoch)).toBeUndefined();
      expect(await names(gone, eventId)).not.toContain(makePlayer(7).name);
      expect(await names(gone, eventId)).not.toContain(makePlayer(8).name);
    }
  });

  it('a tablet admitted by another organizer while the key changed gets the new key from the epoch\'s maker', async () => {
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

/** A document signed by `keys`, sealed with `key`, as the app makes them. */
async function forge(keys: Awaited<ReturnType<typeof deviceKeys>>, key: CryptoKey, ev: string, num: number, prev: string | null, body: object): Promise<SealedDoc> {
  const { iv, ct } = await seal(key, JSON.stringify(body));
  const text = JSON.stringify([1, ev, keys.kid, num, prev, iv, ct]);
  const hash = await sha256Hex(text);
  return { _id: `${keys.kid}:${num}:${hash}`, type: 'sealed', v: 1, ev, kid: keys.kid, n: num, prev, iv, ct, sig: await sign(keys, text) };
}

describe('the Lamport bound follows what was seen', () => {
  it('an admitted device\'s entry with a clock of 2^53, or just past the highest seen + the margin, is refused with its reason; one at the bound folds', async () => {
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
      const doc = await forge(cKeys, tc.eventKey, eventId, num, chain[num - 2] ?? null, { k: 'entry', e: { eventId, deviceId: 'dev-c', at: Date.now(), lamport, origin: lamport, action: { type: 'event-updated', patch: { name } } } });
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
