// Issue 19, the network side, in Chromium against a real PouchDB Server on localhost: an address
// typed with credentials, a server that accepts and never answers, a `_changes` feed whose position
// never moves (a localhost proxy in front of the server plays both), a save that reaches the other
// tablet's row without anyone pressing a button, a conflict marked in its row and counted nowhere,
// hostile public data on a player's phone, and 100,000 entries received without freezing the page.
// Each ends with sync running again (or the reason on screen) and the two honest devices converged.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { admitJoiner } from '../../scripts/bench-sync-ui';
import { makeLargeEvent } from '../fixtures/events';
import { openApp, serveDist, startChromium, tempProfile, type RunningChromium, type Served } from './harness';

type Mode = 'pass' | 'silent' | 'stuck';

/** A proxy in front of the server: passes through, holds every request forever, or freezes `_changes`. */
async function startProxy(
  upstream: PouchServer,
): Promise<{ url: string; host: string; mode: (m: Mode, db?: string) => Promise<void>; changes: () => number; close: () => Promise<void> }> {
  let mode: Mode = 'pass';
  let frozen = '';
  let changes = 0;
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (mode === 'silent') return void held.push(res);
    if (mode === 'stuck' && req.url?.includes('/_changes')) {
      changes++;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': req.headers.origin ?? '*', 'Access-Control-Allow-Credentials': 'true' });
      return void res.end(frozen);
    }
    const up = request({ host: '127.0.0.1', port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    mode: async (m, db) => {
      // the feed's first page, served for every position asked from now on
      if (m === 'stuck') frozen = await (await fetch(`${upstream.url}/${db}/_changes?include_docs=true&limit=500&since=0`)).text();
      for (const r of held.splice(0)) r.destroy();
      changes = 0;
      mode = m;
    },
    changes: () => changes,
    close: () =>
      new Promise((r) => {
        for (const h of held.splice(0)) h.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let server: PouchServer;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
/** the second organizer's tablet: a browser context of its own (its own IndexedDB) */
let ctxB: BrowserContext;
let a: Page;
let b: Page;
let eventId = '';

beforeAll(async () => {
  server = await startPouchServer();
  for (const db of ['open', 'open-public']) await fetch(`${server.url}/${db}`, { method: 'PUT' });
  proxy = await startProxy(server);
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
  ctxB = await chrome.browser.newContext();
});
afterAll(async () => {
  await ctxB?.close().catch(() => undefined);
  await chrome?.close();
  profile?.remove();
  await served?.stop();
  await proxy?.close();
  await server?.stop();
});

type Bench = {
  db: { put: (s: string, v: unknown, k: string) => Promise<unknown>; get: (s: string, k: string) => Promise<unknown> };
  deviceId: string;
  store: Record<string, (...a: unknown[]) => Promise<unknown>>;
};

/** Runs the app's own store in the page (the ?bench hook), as this device, and tells the tab's sync as the UI does. */
function store<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    async ([fn, args]) => {
      const w = window as unknown as { __bench: Bench };
      const [eventId, ...rest] = args as unknown[];
      const out = (await w.__bench.store[fn as string]!(w.__bench.db, eventId, ...rest, { deviceId: w.__bench.deviceId })) as { seq?: number } | undefined;
      if (fn === 'appendActions') {
        const ch = new BroadcastChannel('wargame-tournament-changes');
        ch.postMessage({ eventId, seq: out?.seq ?? 0, kind: 'appended' });
        ch.close();
      }
      return out as never;
    },
    [fn, args] as const,
  );
}

const status = (page: Page) => page.getByTestId('sync-status');
const result = (winner: string, cp: number) => ({ winner, how: 'scenario', a: { cp, apd: 20, listIndex: 0 }, b: { cp: 1, apd: 10, listIndex: 0 } });

async function fillSync(page: Page, url: string, submit: string): Promise<void> {
  await page.getByLabel('Adresse du serveur').fill(url);
  await page.getByLabel('Base du tournoi').fill('open');
  await page.getByLabel('Base publique (vue des joueurs, facultatif)').fill('open-public');
  await page.getByRole('button', { name: submit, exact: true }).click();
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

/** The event's projection as of its log's end (the stored record may lag behind a plain append) */
async function projection(page: Page, id: string): Promise<string> {
  return page.evaluate(async (id) => {
    const b = (window as unknown as { __bench: Bench }).__bench;
    return JSON.stringify(await b.store.currentProjection!(b.db, id));
  }, id);
}

async function converged(): Promise<void> {
  await syncedClean(a);
  await syncedClean(b);
  await syncedClean(a);
  expect(await projection(a, eventId)).toBe(await projection(b, eventId));
}

describe('sync on a hostile or slow network', () => {
  it('refuses an address with credentials, in words, and never puts them in a link, a QR or a printed page', async () => {
    a = await openApp(chrome.context, `${served.url}?bench`);
    const ev = makeLargeEvent(8, 0);
    const pairings = [1, 2, 3, 4].map((t) => ({ table: t, a: `p${2 * t - 1}`, b: `p${2 * t}` }));
    eventId = (await store<{ meta: { id: string } }>(a, 'createEvent', { ...ev, name: 'Open de Lyon' })).meta.id;
    await store(a, 'appendActions', eventId, [{ type: 'round-paired', round: { number: 1, scenario: 'overrun', startedAt: Date.now(), pairings, bye: null } }]);
    const sent: string[] = [];
    a.on('request', (r) => sent.push(r.url() + (r.postData() ?? '') + JSON.stringify(r.headers())));
    await a.goto(`${served.url}?bench#/event/${eventId}/rounds`);
    await a.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
    await fillSync(a, proxy.url.replace('http://', 'http://orga:s3cret-pw@'), 'Activer');
    await a
      .getByRole('alert')
      .filter({ hasText: 'Ne mettez ni utilisateur ni mot de passe dans l’adresse' })
      .or(a.getByRole('alert').filter({ hasText: 'Ne mettez ni utilisateur ni mot de passe dans l’adresse' }))
      .waitFor();
    await status(a).filter({ hasText: 'Synchronisation : désactivée' }).waitFor();
    // a setting saved by an older version, with the password inside the address
    await a.evaluate(([k, url]) => (window as unknown as { __bench: Bench }).__bench.db.put('settings', { url, db: 'open', publicDb: 'open-public' }, k), [
      `sync:${eventId}`,
      proxy.url.replace('http://', 'http://orga:s3cret-pw@'),
    ] as const);
    await a.reload();
    await status(a)
      .filter({ hasText: 'l’adresse du serveur contient un utilisateur ou un mot de passe' })
      .or(status(a).filter({ hasText: 'l’adresse du serveur contient un utilisateur ou un mot de passe' }))
      .waitFor({ timeout: 30_000 });
    expect(await a.getByTestId('public-link').count()).toBe(0);
    expect(await a.getByTestId('public-qr').count()).toBe(0);
    await a.emulateMedia({ media: 'print' });
    expect(await a.content()).not.toContain('s3cret-pw');
    await a.emulateMedia({ media: 'screen' });
    expect(sent.filter((s) => s.includes('s3cret-pw') || s.includes(Buffer.from('orga:s3cret-pw').toString('base64')))).toEqual([]);
    // corrected in the form: the address without credentials syncs
    await a.getByRole('button', { name: 'Synchronisation (CouchDB)' }).click();
    await fillSync(a, proxy.url, 'Activer');
    await status(a)
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 60_000 });
    const link = (await a.getByTestId('public-link').getAttribute('href'))!;
    expect(decodeURIComponent(link)).toContain(`#/public/${proxy.url}/open-public`);
    expect(await a.getByTestId('public-qr').getAttribute('data-url')).toBe(link);

    // the second organizer joins through the same address
    b = await openApp(ctxB, `${served.url}?bench#/join`);
    await fillSync(b, proxy.url, 'Rejoindre');
    // signed sync: B shows its code and A admits it (the address alone gives a device nothing)
    await admitJoiner(a, b, 'Tablette de Marc');
    await b.waitForSelector('h1:has-text("Open de Lyon")', { timeout: 60_000 });
    await b.goto(`${served.url}?bench#/event/${eventId}/rounds`);
    await status(b)
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 60_000 });
    await converged();
  });

  it("a save on one tablet reaches the other tablet's row by itself; a table with two results is marked and counted nowhere", async () => {
    await b.getByTestId('pairings-table').waitFor();
    const savedAt = Date.now();
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 2, result: result('p3', 5) }]);
    // nobody presses anything on B: its wait on the server's feed brings the result
    await b.locator('[data-testid=pairings-table] tr[data-table="2"].done').waitFor({ timeout: 60_000 });
    console.log(`save on A → row on B: ${Date.now() - savedAt} ms`);
    await b.getByTestId('results-progress').filter({ hasText: '1/4 résultats' }).waitFor();

    // both offline, table 1 recorded differently on each
    await chrome.context.setOffline(true);
    await ctxB.setOffline(true);
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 1, result: result('p1', 5) }]);
    await store(b, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 1, result: result('p2', 5) }]);
    await chrome.context.setOffline(false);
    await ctxB.setOffline(false);
    await converged();
    for (const p of [a, b]) {
      await p.locator('[data-testid=pairings-table] tr[data-table="1"] [data-testid=result-conflict]').filter({ hasText: '2 résultats en conflit' }).waitFor({ timeout: 30_000 });
      // counted neither in the progress nor as a played table
      await p.getByTestId('results-progress').filter({ hasText: '1/4 résultats' }).waitFor();
      expect(await p.locator('[data-testid=pairings-table] tr[data-table="1"].done').count()).toBe(0);
    }
    // settled on B: the row shows the kept result, and it counts
    await b.getByTestId('conflicts').getByRole('button', { name: 'Garder celui-ci' }).first().click();
    await b.getByTestId('conflicts-settled').waitFor();
    await converged();
    for (const p of [a, b]) {
      await p.locator('[data-testid=pairings-table] tr[data-table="1"].done').waitFor({ timeout: 30_000 });
      await p.getByTestId('results-progress').filter({ hasText: '2/4 résultats' }).waitFor();
    }
  });

  it('a server that accepts and never answers: the reason in words, and the writes sync once it answers', async () => {
    await proxy.mode('silent');
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 3, result: result('p5', 4) }]);
    // while it retries, the line says why; then the pass ends with the error, the entry waiting
    await status(a)
      .filter({ hasText: /le serveur ne répond pas \(aucune réponse en 10 s\)\s;\snouvel essai \(2\/3\)/ })
      .waitFor({ timeout: 60_000 });
    await status(a)
      .filter({ hasText: /1 entrée en attente · Erreur\s:\sle serveur ne répond pas/ })
      .waitFor({ timeout: 90_000 });
    // later writes keep waiting, nothing is lost
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 4, result: result('p7', 4) }]);
    await proxy.mode('pass');
    await converged();
    await b.getByTestId('results-progress').filter({ hasText: '4/4 résultats' }).waitFor({ timeout: 30_000 });
  }, 300_000);

  it('a _changes feed that never moves is stopped and reported, with a bounded number of requests', async () => {
    // enough entries for a full page of the feed: the case that used to loop
    for (let k = 0; k < 2; k++)
      await store(
        a,
        'appendActions',
        eventId,
        Array.from({ length: 300 }, (_, i) => ({ type: 'player-updated', id: `p${1 + (i % 8)}`, patch: { nickname: `n${k}-${i}` } })),
      );
    await syncedClean(a);
    await proxy.mode('stuck', 'open');
    await store(b, 'appendActions', eventId, [{ type: 'player-updated', id: 'p1', patch: { club: 'Nantes' } }]);
    await b.getByRole('button', { name: 'Synchroniser', exact: true }).click();
    await status(b).filter({ hasText: 'le serveur renvoie toujours la même position de son journal (_changes) ; lecture arrêtée' }).waitFor({ timeout: 60_000 });
    const atReport = proxy.changes();
    expect(atReport).toBeLessThanOrEqual(8);
    // no request loop after the report: the next try comes after the back-off
    await b.waitForTimeout(2_000);
    expect(proxy.changes()).toBeLessThanOrEqual(atReport + 4);
    await proxy.mode('pass');
    await converged();
    expect(await projection(a, eventId)).toContain('Nantes');
  }, 300_000);

  it("a player's phone: hostile or malformed public data is named, never shown; the server's host always is", async () => {
    const phone = await chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const c = await phone.newPage();
      const open = async (source: string) => {
        await c.goto(`${served.url}#/public/${encodeURIComponent(source)}`);
        await c.getByTestId('public-view').waitFor();
      };
      const problem = () => c.getByTestId('public-problem');
      for (const db of ['bad-public', 'phish-public']) await fetch(`${server.url}/${db}`, { method: 'PUT' });
      const good = (await (await fetch(`${server.url}/open-public/event`)).json()) as Record<string, unknown>;
      expect(good.format).toBe('wargame-public-view');
      delete good._rev;
      // (PouchDB Server reads a body only when it is said to be JSON)
      const put = (db: string, doc: object) => fetch(`${server.url}/${db}/event`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });
      expect((await put('bad-public', { ...good, standings: null })).status).toBe(201);
      expect((await put('phish-public', { title: 'Session expirée', notice: 'Entrez votre mot de passe sur evil.example' })).status).toBe(201);

      await open(`${server.url}/bad-public`);
      await problem()
        .filter({ hasText: /illisibles \(champ «\s?standings\s?» invalide\)/ })
        .waitFor({ timeout: 30_000 });
      await c
        .getByTestId('public-source')
        .filter({ hasText: `127.0.0.1:${server.port}` })
        .waitFor();
      expect(await c.getByText('Chargement…').count()).toBe(0);

      await open(`${server.url}/phish-public`);
      await problem()
        .filter({ hasText: 'ce n’est pas une vue de tournoi de cette application' })
        .or(problem().filter({ hasText: 'ce n’est pas une vue de tournoi de cette application' }))
        .waitFor({ timeout: 30_000 });
      expect(await c.content()).not.toMatch(/mot de passe sur evil|Session expirée/);

      for (const bad of ['javascript:alert(1)', `http://u:p@127.0.0.1:${server.port}/open-public`, 'https://evil.example']) {
        await open(bad);
        await problem().filter({ hasText: 'Adresse de la vue des joueurs invalide' }).waitFor();
      }

      await proxy.mode('silent');
      await open(`${proxy.url}/open-public`);
      await c.getByText('Chargement…').waitFor();
      await problem().filter({ hasText: 'Le serveur ne répond pas' }).waitFor({ timeout: 60_000 });
      await proxy.mode('pass');

      // the honest view: the host first, then the event
      await open(`${server.url}/open-public`);
      await c.getByTestId('public-pairings').waitFor({ timeout: 30_000 });
      const text = await c.getByTestId('public-view').innerText();
      expect(text.indexOf(`127.0.0.1:${server.port}`)).toBeLessThan(text.indexOf('Open de Lyon'));
      expect(await c.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await phone.close();
    }
    // the organizers kept syncing through it all
    await converged();
  }, 300_000);
});
