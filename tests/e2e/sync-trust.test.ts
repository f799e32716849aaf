// The sync server as untrusted storage, through the app's screens and a real PouchDB Server on
// localhost. An organizer admits a second tablet by the code it shows; a player who knows the
// server and database (both in the public QR) gets nothing; a device carrying an admitted
// device's id is refused at admission; then every document an attacker can put on the server —
// the old unsigned format, a document planted under the organizer's next number, one edited on
// the server, and from an admitted device an unknown action, `patch: null`, a result with
// `a: null`, a Lamport clock of 2^53 — is refused with its reason on screen, nothing of it is
// folded, sync keeps running and the two honest tablets converge. A tablet admitted by scanning
// the QR its join screen shows (the organizer's fake camera fed with a screenshot of it), then
// removed: the key changes, and it cannot read what is written after.
import 'fake-indexeddb/auto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { openEventDb } from '../../src/store/db';
import type { SyncConfig } from '../../src/sync/couch';
import { makeDeviceKeys, seal, sha256Hex, sign, type DeviceKeys } from '../../src/sync/crypto';
import { checkAdmission, requestJoin } from '../../src/sync/join';
import { deviceKeys, getTrust } from '../../src/sync/trust';
import { makeLargeEvent } from '../fixtures/events';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { blankFrame, cameraFlags, pixels, writeY4m } from './camera';
import { SHOTS, openApp, serveDist, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let server: PouchServer;
let served: Served;
let chromeA: RunningChromium;
let chromeB: RunningChromium;
/** the organizer tablet's camera: a file this test writes what is held up to it into */
let camera = '';
const profiles = [tempProfile(), tempProfile(), tempProfile()];
/** what the first test leaves for the second: the event and the organizer's page */
let shared: { eventId: string; a: Page; edited: Record<string, string> } | null = null;

beforeAll(async () => {
  server = await startPouchServer();
  served = await serveDist();
  camera = join(profiles[0]!.dir, 'camera.y4m');
  blankFrame(camera);
  chromeA = await startChromium(profiles[0]!.dir, cameraFlags(camera));
  chromeB = await startChromium(profiles[1]!.dir);
}, 120_000);
afterAll(async () => {
  await chromeA?.close();
  await chromeB?.close();
  for (const p of profiles) p.remove();
  await served?.stop();
  await server?.stop();
});

type Bench = {
  db: { get: (s: string, k: unknown) => Promise<unknown>; put: (s: string, v: unknown, k?: unknown) => Promise<unknown> };
  deviceId: string;
  store: Record<string, (...a: unknown[]) => Promise<unknown>>;
};
function store<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([fn, args]) => {
      const b = (window as unknown as { __bench: Bench }).__bench;
      const [eventId, ...rest] = args as unknown[];
      return b.store[fn as string]!(b.db, eventId, ...rest, { deviceId: b.deviceId }) as Promise<never>;
    },
    [fn, args] as const,
  );
}
/** The event's projection as of its log's end (the stored record may lag behind a plain append) */
const projection = (page: Page, id: string): Promise<string> =>
  page.evaluate(async (id) => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    return JSON.stringify(await b.store.currentProjection!(b.db, id));
  }, id);

async function fillSync(page: Page, submit: string): Promise<void> {
  await page.getByLabel('Adresse du serveur').fill(server.url);
  await page.getByLabel('Base du tournoi').fill('lyon');
  await page.getByLabel('Base publique (vue des joueurs, facultatif)').fill('lyon-public');
  await page.getByRole('button', { name: submit }).click();
}

async function admit(page: Page, code: string, name: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Admettre un appareil' });
  // the devices and the admission form fold under their title
  if (!(await form.isVisible())) await page.getByTestId('devices-panel').locator('summary').click();
  await form.getByLabel('Code de l’appareil').fill(code);
  await form.getByLabel('Nom de l’appareil').fill(name);
  await form.getByRole('button', { name: 'Admettre' }).click();
  return (await page.locator('form[aria-busy="false"] [role=status], form[aria-busy="false"] [role=alert]').first().innerText({ timeout: 60_000 }))
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim();
}

/** Clicks « Synchroniser » and waits for a pass that started after the click to end cleanly. */
async function syncedClean(page: Page): Promise<void> {
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Synchroniser', exact: true }).click();
  await page.waitForFunction(
    (after) => {
      const el = document.querySelector('[data-sync-at]');
      return !!el && Number(el.getAttribute('data-sync-at') || 0) >= after && el.getAttribute('data-sync-error') === '' && el.getAttribute('data-sync-waiting') === '0';
    },
    clickedAt,
    { timeout: 60_000 },
  );
}

/** A document as the app makes them, signed by `keys`, sealed with `key`, numbered `n` after `prev`. */
async function forge(keys: Pick<DeviceKeys, 'kid' | 'sign'>, key: CryptoKey, ev: string, n: number, prev: string | null, body: object) {
  const { iv, ct } = await seal(key, JSON.stringify(body));
  const text = JSON.stringify([1, ev, keys.kid, n, prev, iv, ct]);
  const hash = await sha256Hex(text);
  return { _id: `${keys.kid}:${n}:${hash}`, type: 'sealed', v: 1, ev, kid: keys.kid, n, prev, iv, ct, sig: await sign(keys as DeviceKeys, text), hash };
}
async function plant(doc: object): Promise<void> {
  const res = await fetch(`${server.url}/lyon/_bulk_docs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ docs: [doc] }) });
  expect(res.ok).toBe(true);
}

describe('sync trust', () => {
  it('admission by code; forged, planted, edited, unknown, malformed and clock-pushed documents refused in words; honest tablets converge', { timeout: 300_000 }, async () => {
    const cfg: SyncConfig = { url: server.url, db: 'lyon', publicDb: 'lyon-public' };
    const a = await openApp(chromeA.context, `${served.url}?bench`);
    await waitForServiceWorker(a);
    const { meta } = await store<{ meta: { id: string } }>(a, 'createEvent', { ...makeLargeEvent(8, 0), name: 'Open de Lyon' });
    const eventId = meta.id;
    const pairings = [1, 2, 3, 4].map((t) => ({ table: t, a: `p${2 * t - 1}`, b: `p${2 * t}` }));
    await store(a, 'appendActions', eventId, [
      { type: 'round-paired', round: { number: 1, scenario: 'overrun', variableMinutes: 10, variableSeed: 918273645, startedAt: Date.now(), pairings, bye: null } },
    ]);
    await a.goto(`${served.url}?bench#/event/${eventId}/standings`);
    await a.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
    await fillSync(a, 'Activer');
    await a
      .getByTestId('sync-status')
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 60_000 });
    const aDevice = await a.evaluate(() => (window as unknown as { __bench: Bench }).__bench.deviceId);

    // A player with the public QR knows the address and database: asking to join gives nothing
    const playerDb = await openEventDb({}, 'player-phone');
    await requestJoin(playerDb, 'dev-phone', cfg);
    expect(await checkAdmission(playerDb, 'dev-phone', cfg)).toBeNull();
    // A device carrying the organizer's own device id (a copied profile, or a lie) is refused
    const copyDb = await openEventDb({}, 'copied-id');
    const copy = await requestJoin(copyDb, aDevice, cfg);
    expect(await admit(a, copy.code, 'Copie')).toContain('déjà admis');

    // B asks to join in its own browser and shows its code; A admits it by that code
    const b = await openApp(chromeB.context, `${served.url}?bench#/join`);
    await waitForServiceWorker(b);
    await fillSync(b, 'Rejoindre');
    const code = (await b.getByTestId('join-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await b.getByText('En attente d’admission').first().waitFor();
    expect(await admit(a, code, 'Tablette de Marc')).toContain('« Tablette de Marc » est admis');
    await b.waitForSelector('h1:has-text("Open de Lyon")', { timeout: 60_000 });
    await b.goto(`${served.url}?bench#/event/${eventId}/standings`);
    await b
      .getByTestId('sync-status')
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 60_000 });
    // devices carry the names given at admission
    await a.getByTestId('device-row').filter({ hasText: 'Tablette de Marc' }).waitFor({ state: 'attached' });

    // A third device is admitted too, then misbehaves: its documents are signed and sealed
    // properly, so what the gate checks is what they carry.
    const rogueDb = await openEventDb({}, 'rogue');
    const rogue = await requestJoin(rogueDb, 'dev-rogue', cfg);
    expect(await admit(a, rogue.code, 'Tablette prêtée')).toContain('est admis');
    expect(await checkAdmission(rogueDb, 'dev-rogue', cfg)).toBe(eventId);
    const rogueKeys = await deviceKeys(rogueDb);
    const eventKey = (await getTrust(rogueDb, eventId))!.eventKey;
    let prev: string | null = null;
    let n = 0;
    const rogueEntry = async (action: object, clock = { lamport: 30 + n, origin: 30 + n }) => {
      const doc = await forge(rogueKeys, eventKey, eventId, ++n, prev, { k: 'entry', e: { eventId, deviceId: 'dev-rogue', at: Date.now(), ...clock, action } });
      prev = doc.hash;
      const { hash: _h, ...rest } = doc;
      await plant(rest);
    };
    await rogueEntry({ type: 'player-teleported', id: 'p1' });
    await rogueEntry({ type: 'event-updated', patch: null });
    await rogueEntry({ type: 'result-recorded', round: 1, table: 1, result: { winner: 'p1', how: 'scenario', a: null, b: { cp: 1, apd: 1 } } });
    await rogueEntry({ type: 'event-updated', patch: { name: 'Tournoi piraté' } }, { lamport: 2 ** 53, origin: 2 ** 53 });

    // Someone with write access to the server but no admitted key:
    const stranger = await makeDeviceKeys();
    const aKid = JSON.parse(
      await a.evaluate(async () =>
        JSON.stringify(await (window as unknown as { __bench: Bench }).__bench.db.get('settings', 'device-keys').then((k) => (k as { kid: string }).kid)),
      ),
    ) as string;
    // the old unsigned format
    await plant({
      _id: `${eventId}:${aDevice}:99`,
      type: 'log-entry',
      eventId,
      deviceId: aDevice,
      origin: 99,
      lamport: 99,
      at: 1,
      action: { type: 'player-dropped', id: 'p3', afterRound: 0 },
    });
    // planted under A's key id and next number, signed with another key
    const aDocs = ((await (await fetch(`${server.url}/lyon/_all_docs?startkey="${aKid}:"&endkey="${aKid}:\ufff0"`)).json()) as { rows: { id: string }[] }).rows;
    const planted = await forge({ ...stranger, kid: aKid }, eventKey, eventId, aDocs.length + 1, null, {
      k: 'entry',
      e: { eventId, deviceId: aDevice, at: 1, lamport: 40, origin: 40, action: { type: 'player-dropped', id: 'p4', afterRound: 0 } },
    });
    const { hash: _p, ...plantedDoc } = planted;
    await plant(plantedDoc);
    // its own feed, never admitted
    const { hash: _s, ...strangerDoc } = await forge(stranger, eventKey, eventId, 1, null, {
      k: 'entry',
      e: { eventId, deviceId: 'dev-x', at: 1, lamport: 1, origin: 1, action: { type: 'player-dropped', id: 'p5', afterRound: 0 } },
    });
    await plant(strangerDoc);
    // one of A's real documents edited on the server
    const realId = aDocs.find((r) => r.id.startsWith(`${aKid}:2:`))!.id;
    const real = (await (await fetch(`${server.url}/lyon/${encodeURIComponent(realId)}`)).json()) as Record<string, string>;
    await fetch(`${server.url}/lyon/${encodeURIComponent(realId)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...real, ct: `AAAA${real.ct!.slice(4)}` }),
    });

    // Sync goes on, on both tablets; each says in words what it refused and why
    const before = await projection(a, eventId);
    for (const p of [a, b]) {
      await syncedClean(p);
      const refusals = p.getByTestId('sync-refusals');
      for (const why of [
        'type d’action inconnu',
        'contenu hors des limites',
        'horloge \\(Lamport\\) hors limites',
        'document non signé',
        'signature invalide',
        'document modifié sur le serveur',
        'appareil non admis',
      ])
        await refusals.filter({ hasText: new RegExp(`entrées? refusées?\\s*:\\s*(${why})`) }).waitFor({ timeout: 60_000 });
    }
    // B joined after the edit? No: B read A's real document before; a device joining now would
    // meet the edited one, refused as such. A sees its own document edited on the server.
    expect(await projection(a, eventId)).toBe(before);
    // the screens still open (a synced `a: null` once made the event screen throw)
    for (const p of [a, b]) {
      await p.goto(`${served.url}?bench#/event/${eventId}/rounds`);
      await p.getByRole('heading', { name: 'Open de Lyon', level: 1 }).waitFor();
      await p.getByTestId('sync-refusals').waitFor();
    }
    // the panel fits every screen size without sideways scroll
    await a.goto(`${served.url}?bench#/event/${eventId}/standings`);
    await a.getByTestId('devices-panel').waitFor();
    for (const [w, h] of [
      [1024, 768],
      [768, 1024],
      [390, 844],
    ] as const) {
      await a.setViewportSize({ width: w, height: h });
      await a.screenshot({ path: join(SHOTS, `sync-trust-${w}x${h}.png`), fullPage: true });
      const wide = await a.evaluate(() =>
        [...document.querySelectorAll('[data-testid=sync-status], [data-testid=devices-panel], [data-testid=devices-panel] *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(wide, `${w}x${h}`).toEqual([]);
    }
    await a.setViewportSize({ width: 1024, height: 768 });

    // the two honest tablets still exchange: B drops a player, A sees it; both folds identical
    await store(b, 'appendActions', eventId, [{ type: 'player-updated', id: 'p2', patch: { club: 'Nantes' } }]);
    await syncedClean(b);
    await syncedClean(a);
    await a.waitForFunction((id) => (window as unknown as { __bench: Bench }).__bench.db.get('projections', id).then((p) => JSON.stringify(p).includes('Nantes')), eventId, {
      timeout: 60_000,
    });
    await syncedClean(b);
    const [pa, pb] = [JSON.parse(await projection(a, eventId)), JSON.parse(await projection(b, eventId))];
    expect(JSON.stringify(pa.event)).toBe(JSON.stringify(pb.event));
    expect(pa.event.name).toBe('Open de Lyon');
    expect(pa.event.players.filter((p: { dropped?: boolean }) => p.dropped)).toEqual([]);

    // the event's database never shows the hidden length, names or results
    const all = JSON.stringify(await (await fetch(`${server.url}/lyon/_all_docs?include_docs=true`)).json());
    expect(all).not.toMatch(/variableMinutes|variableSeed|918273645|Player 1|Nantes|result-recorded|Open de Lyon/);
    // the players' database: clear, and only what the players' view shows
    const pub = JSON.stringify(await (await fetch(`${server.url}/lyon-public/_all_docs?include_docs=true`)).json());
    expect(pub).toContain('Player 1');
    expect(pub).not.toMatch(/variableMinutes|variableSeed|918273645|"lists"|"result"|sealed|kid/);
    shared = { eventId, a, edited: real };
  });

  it('a copied browser profile (same keys) forks: shown on the organizer, neither side folded', { timeout: 300_000 }, async () => {
    expect(shared).not.toBeNull();
    const { eventId, a } = shared!;
    // B's browser closed, its profile copied as a person would copy a folder
    await chromeB.close();
    cpSync(profiles[1]!.dir, profiles[2]!.dir, { recursive: true });
    for (const f of ['SingletonLock', 'SingletonSocket', 'SingletonCookie']) rmSync(join(profiles[2]!.dir, f), { force: true });
    chromeB = await startChromium(profiles[1]!.dir);
    const chromeC = await startChromium(profiles[2]!.dir);
    try {
      const b = await openApp(chromeB.context, `${served.url}?bench#/event/${eventId}/standings`);
      const c = await openApp(chromeC.context, `${served.url}?bench#/event/${eventId}/standings`);
      // each writes offline, then syncs: two different documents under one key and number
      for (const [p, club] of [
        [b, 'Brest'],
        [c, 'Caen'],
      ] as const) {
        await p.context().setOffline(true);
        await store(p, 'appendActions', eventId, [{ type: 'player-updated', id: 'p3', patch: { club } }]);
      }
      for (const p of [b, c]) {
        await p.context().setOffline(false);
        await syncedClean(p);
      }
      await syncedClean(a);
      await a
        .getByTestId('sync-fork')
        .filter({ hasText: /Fourche\s*:\s*«\s*Tablette de Marc\s*» a écrit deux entrées/ })
        .waitFor({ timeout: 60_000 });
      const pa = JSON.parse(await projection(a, eventId)) as { event: { players: { id: string; club?: string }[] } };
      expect(pa.event.players.find((p) => p.id === 'p3')!.club).not.toMatch(/Brest|Caen/);
      // both copies see the fork too
      for (const p of [b, c]) {
        await syncedClean(p);
        await p.getByTestId('sync-fork').first().waitFor({ timeout: 60_000 });
      }
    } finally {
      await chromeC.close();
    }
  });

  it("admission by scanning the joiner's QR; a removed tablet cannot read what is written after, the others converge", { timeout: 300_000 }, async () => {
    expect(shared).not.toBeNull();
    const { eventId, a, edited } = shared!;
    // the document edited on the server in the first test is put back as A wrote it: a device
    // joining now could not read past it (an edited document is as good as withheld)
    const now = (await (await fetch(`${server.url}/lyon/${encodeURIComponent(edited._id!)}`)).json()) as { _rev: string };
    await fetch(`${server.url}/lyon/${encodeURIComponent(edited._id!)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...edited, _rev: now._rev }),
    });
    await a.goto(`${served.url}?bench#/event/${eventId}/standings`);
    // a fresh tablet (its own storage) asks to join and shows its code as a QR
    const dContext = await chromeB.browser.newContext({ viewport: { width: 768, height: 1024 } });
    try {
      const d = await openApp(dContext, `${served.url}?bench#/join`);
      await fillSync(d, 'Rejoindre');
      const qr = d.getByTestId('join-qr');
      await qr.waitFor({ timeout: 60_000 });
      const code = (await d.getByTestId('join-code').innerText()).trim();
      // held up to the organizer's camera, as the screen shows it (not scrolled under the sticky top bar)
      await d.evaluate(() => window.scrollTo(0, 0));
      const shot = await d.screenshot({ clip: (await qr.boundingBox())! });
      writeY4m(camera, (await pixels(a, shot, 'half')).data);
      const form = a.getByRole('form', { name: 'Admettre un appareil' });
      if (!(await form.isVisible())) await a.getByTestId('devices-panel').locator('summary').click();
      await form.getByRole('button', { name: 'Scanner le code' }).click();
      await a.waitForFunction((want) => (document.querySelector('form[aria-label="Admettre un appareil"] input') as HTMLInputElement | null)?.value === want, code, {
        timeout: 60_000,
      });
      blankFrame(camera);
      // the name field has the focus: the organizer types the name and admits
      await a.keyboard.type('Tablette scannée');
      await form.getByRole('button', { name: 'Admettre' }).click();
      await form
        .getByRole('status')
        .filter({ hasText: /Tablette scannée\s*» est admis/ })
        .waitFor({ timeout: 60_000 });
      await d.waitForSelector('h1:has-text("Open de Lyon")', { timeout: 60_000 });
      await d.goto(`${served.url}?bench#/event/${eventId}/standings`);
      await syncedClean(d);
      expect(JSON.parse(await projection(d, eventId)).event.name).toBe('Open de Lyon');

      // the tablet is lost: removed; A writes; B (still admitted) reads it, D cannot
      await a.getByRole('button', { name: 'Retirer Tablette scannée' }).click();
      await a.locator('dialog').getByRole('button', { name: 'Retirer Tablette scannée' }).click();
      await a
        .getByTestId('device-row')
        .filter({ hasText: /Tablette scannée.*retiré/ })
        .waitFor({ timeout: 60_000 });
      await store(a, 'appendActions', eventId, [{ type: 'player-updated', id: 'p4', patch: { club: 'Quimper' } }]);
      await syncedClean(a);
      const b = await openApp(chromeB.context, `${served.url}?bench#/event/${eventId}/standings`);
      await syncedClean(b);
      await b.waitForFunction((id) => (window as unknown as { __bench: Bench }).__bench.db.get('projections', id).then((p) => JSON.stringify(p).includes('Quimper')), eventId, {
        timeout: 60_000,
      });
      await syncedClean(d);
      expect(await projection(d, eventId)).not.toContain('Quimper');
      await d
        .getByTestId('sync-refusals')
        .filter({ hasText: /scellées? avec une clé que cet appareil n.a pas reçue/ })
        .waitFor({ state: 'attached', timeout: 60_000 });
      // on the server, nothing D could open names the change
      expect(JSON.stringify(await (await fetch(`${server.url}/lyon/_all_docs?include_docs=true`)).json())).not.toContain('Quimper');
    } finally {
      await dContext.close();
    }
  });
});
