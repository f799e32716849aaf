// Two organizers' browsers on one event through a real PouchDB Server on localhost: offline work
// on both (a conflicting result on one table), reconnect, byte-identical standings with the
// conflict listed; a tab closed mid-sync loses and doubles nothing; a player's phone reads the
// public database, which never holds the hidden length or a table key.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { scenarioName } from '../../src/domain/sr2011/scenarios';
import { makeLargeEvent } from '../fixtures/events';
import { join } from 'node:path';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let server: PouchServer;
let served: Served;
/** the first organizer's browser: a process of its own, so it can be killed like a dead battery */
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
/** the second organizer's browser and the player's phone */
let other: RunningChromium;
let otherProfile: ReturnType<typeof tempProfile>;

beforeAll(async () => {
  server = await startPouchServer();
  for (const db of ['open', 'open-public']) await fetch(`${server.url}/${db}`, { method: 'PUT' });
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
  otherProfile = tempProfile();
  other = await startChromium(otherProfile.dir);
});
afterAll(async () => {
  await chrome?.close();
  await other?.close();
  otherProfile?.remove();
  await served?.stop();
  await server?.stop();
  profile?.remove();
});

const SECRET = 'table-key-secret-3f9a';

/** Runs the app's own store in the page (the ?bench hook), as this device. */
function store<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([fn, args]) => {
      const b = (window as unknown as { __bench: { db: unknown; deviceId: string; store: Record<string, (...a: unknown[]) => Promise<unknown>> } }).__bench;
      const [eventId, ...rest] = args as unknown[];
      return b.store[fn as string]!(b.db, eventId, ...rest, { deviceId: b.deviceId }) as Promise<never>;
    },
    [fn, args] as const,
  );
}

async function fillSync(page: Page, submit: string): Promise<void> {
  await page.getByLabel('Adresse du serveur').fill(server.url);
  await page.getByLabel('Base du tournoi').fill('open');
  await page.getByLabel('Base publique (vue des joueurs, facultatif)').fill('open-public');
  await page.getByRole('button', { name: submit }).click();
}

const status = (page: Page) => page.getByTestId('sync-status');

/** The organizer types the joining device's code and name in « Admettre un appareil ». */
async function admit(page: Page, code: string, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Admettre un appareil' });
  // the devices and the admission form fold under their title
  if (!(await form.isVisible())) await page.getByTestId('devices-panel').locator('summary').click();
  await form.getByLabel('Code de l’appareil').fill(code);
  await form.getByLabel('Nom de l’appareil').fill(name);
  await form.getByRole('button', { name: 'Admettre' }).click();
  await page.locator('form[aria-busy="false"] [role=status]').filter({ hasText: 'est admis' }).waitFor({ timeout: 30_000 });
}

/** Clicks « Synchroniser » and waits for a sync that started after the click to end cleanly. */
async function syncedClean(page: Page): Promise<void> {
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Synchroniser', exact: true }).click();
  await page.waitForFunction(
    (after) => {
      const el = document.querySelector('[data-sync-at]');
      return !!el && Number(el.getAttribute('data-sync-at') || 0) >= after && el.getAttribute('data-sync-error') === '' && el.getAttribute('data-sync-waiting') === '0';
    },
    clickedAt,
    { timeout: 30_000 },
  );
  await status(page)
    .filter({ hasText: /Synchronisé à \d\d:\d\d:\d\d · tout est envoyé/ })
    .waitFor();
}

async function logOf(page: Page, eventId: string): Promise<{ deviceId: string; origin: number }[]> {
  return store(page, 'getLog', eventId);
}

describe('sync between organizers', () => {
  it('converges two offline organizers with the conflict listed, survives a browser killed mid-sync, and publishes nothing secret', async () => {
    const a = await openApp(chrome.context, served.url + '?bench');
    await waitForServiceWorker(a);
    const ev = makeLargeEvent(8, 0);
    const { meta } = await store<{ meta: { id: string } }>(a, 'createEvent', { ...ev, name: 'Open de Lyon' });
    const eventId = meta.id;
    await a.evaluate(([k, v]) => (window as unknown as { __bench: { db: { put: (s: string, v: string, k: string) => Promise<unknown> } } }).__bench.db.put('settings', v, k), [
      `secret:${eventId}`,
      SECRET,
    ] as [string, string]);
    const pairings = [1, 2, 3, 4].map((t) => ({ table: t, a: `p${2 * t - 1}`, b: `p${2 * t}` }));
    await store(a, 'appendActions', eventId, [
      { type: 'round-paired', round: { number: 1, scenario: 'overrun', variableMinutes: 10, startedAt: Date.now(), pairings, bye: null } },
    ]);

    // with sync off, the event screen never loads the sync code
    const loaded: string[] = [];
    a.on('request', (r) => loaded.push(r.url()));
    await a.goto(`${served.url}?bench#/event/${eventId}/standings`);
    await a.getByText('Synchronisation : désactivée (cet appareil seulement)').waitFor();
    await a.getByRole('link', { name: 'Classement' }).waitFor();
    await a.waitForTimeout(500);
    expect(loaded.filter((u) => /assets\/(runner|couch|trust|crypto|join)-/.test(u))).toEqual([]);
    expect(loaded.some((u) => /assets\/Event-/.test(u))).toBe(true);
    await a.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
    await fillSync(a, 'Activer');
    await status(a)
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 30_000 });
    expect(loaded.some((u) => /assets\/runner-/.test(u))).toBe(true);

    // Second organizer: asks to join in a browser of its own and shows its code; the first one
    // admits it by typing that code; then the event comes to it.
    const ctxB: BrowserContext = other.context;
    const b = await openApp(ctxB, served.url + '?bench#/join');
    await waitForServiceWorker(b);
    await fillSync(b, 'Rejoindre');
    const code = (await b.getByTestId('join-code').innerText()).trim();
    await admit(a, code, 'Tablette de Marc');
    await b.waitForSelector('h1:has-text("Open de Lyon")', { timeout: 30_000 });
    await b.goto(`${served.url}?bench#/event/${eventId}/standings`);
    await status(b)
      .filter({ hasText: /tout est envoyé/ })
      .waitFor({ timeout: 30_000 });

    // Offline on both: A records tables 1 and 2, B records table 1 differently and table 3.
    await chrome.context.setOffline(true);
    await ctxB.setOffline(true);
    const result = (winner: string, cp: number) => ({ winner, how: 'scenario', a: { cp, apd: 20, listIndex: 0 }, b: { cp: 1, apd: 10, listIndex: 0 } });
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 1, result: result('p1', 5) }]);
    await store(a, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 2, result: result('p3', 5) }]);
    await store(b, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 1, result: result('p2', 5) }]);
    await store(b, 'appendActions', eventId, [{ type: 'result-recorded', round: 1, table: 3, result: result('p6', 3) }]);
    await a.getByRole('button', { name: 'Synchroniser', exact: true }).click();
    await status(a)
      .filter({ hasText: /2 entrées en attente · Erreur\s:\sserveur injoignable/ })
      .waitFor({ timeout: 30_000 });

    // Reconnect: A sends, B sends and receives, A receives.
    await chrome.context.setOffline(false);
    await ctxB.setOffline(false);
    await syncedClean(a);
    await syncedClean(b);
    await syncedClean(a);
    await a.reload();
    await b.reload();
    for (const p of [a, b]) await p.getByTestId('conflicts').filter({ hasText: 'Ronde 1, table 1 : deux résultats différents' }).waitFor({ timeout: 30_000 });
    // the sync line and the conflict panel fit every organizer screen size without sideways scroll
    for (const [w, h] of [
      [1024, 768],
      [768, 1024],
      [390, 844],
    ] as const) {
      await a.setViewportSize({ width: w, height: h });
      await a.screenshot({ path: join(SHOTS, `sync-conflict-${w}x${h}.png`), fullPage: true });
      const wide = await a.evaluate(() =>
        [...document.querySelectorAll('[data-testid=sync-status], [data-testid=conflicts], [data-testid=conflicts] *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(wide, `${w}x${h}`).toEqual([]);
    }
    await a.setViewportSize({ width: 1024, height: 768 });
    const standingsA = await a.getByTestId('standings-table').innerText();
    const standingsB = await b.getByTestId('standings-table').innerText();
    expect(standingsA).toBe(standingsB);
    const eventA = await a.evaluate(
      // as of the log's end: the stored record may lag behind a plain append
      (id) => {
        const b = (window as unknown as { __bench: { db: unknown; store: { currentProjection: (db: unknown, id: string) => Promise<unknown> } } }).__bench;
        return b.store.currentProjection(b.db, id);
      },
      eventId,
    );
    const eventB = await b.evaluate(
      // as of the log's end: the stored record may lag behind a plain append
      (id) => {
        const b = (window as unknown as { __bench: { db: unknown; store: { currentProjection: (db: unknown, id: string) => Promise<unknown> } } }).__bench;
        return b.store.currentProjection(b.db, id);
      },
      eventId,
    );
    expect(JSON.stringify(eventA)).toBe(JSON.stringify(eventB));

    // B keeps A's result for table 1: a logged choice that reaches A.
    await b.getByTestId('conflicts').getByRole('button', { name: 'Garder celui-ci' }).first().click();
    await b.getByTestId('conflicts-settled').waitFor();
    await syncedClean(b);
    await syncedClean(a);
    await a.getByTestId('conflicts-settled').waitFor({ timeout: 30_000 });

    // The first organizer's browser killed (SIGKILL, whole process group) while sending 400
    // entries: restarted on the same profile, nothing lost, nothing doubled.
    await chrome.context.setOffline(true);
    for (let k = 0; k < 4; k++)
      await store(
        a,
        'appendActions',
        eventId,
        Array.from({ length: 100 }, (_, i) => ({ type: 'player-updated', id: `p${1 + (i % 8)}`, patch: { nickname: `n${k}-${i}` } })),
      );
    await chrome.context.setOffline(false);
    await a.getByRole('button', { name: 'Synchroniser', exact: true }).click();
    await a.waitForTimeout(Math.random() * 40);
    await chrome.kill();
    chrome = await startChromium(profile.dir);
    const a2 = await openApp(chrome.context, `${served.url}?bench#/event/${eventId}/standings`);
    await syncedClean(a2);
    await syncedClean(b);
    const [logA, logB] = [await logOf(a2, eventId), await logOf(b, eventId)];
    const all = (await (await fetch(`${server.url}/open/_all_docs`)).json()) as { total_rows: number };
    expect(logA.length).toBe(logB.length);
    // every log entry once, plus A's genesis and B's admission, B's join request and its key
    expect(all.total_rows).toBe(logA.length + 4);
    expect(new Set(logA.map((e) => `${e.deviceId}:${e.origin}`)).size).toBe(logA.length);
    expect(logA.length).toBe(1 + 1 + 4 + 1 + 400);

    // A player's phone: the public view, search by name; the public database holds no secret.
    const ctxC = await other.browser.newContext();
    const c = await ctxC.newPage();
    await c.setViewportSize({ width: 390, height: 844 });
    const publicUrl = await a2.getByTestId('public-link').getAttribute('href');
    expect(publicUrl).toContain('#/public/');
    await c.goto(publicUrl!);
    await c.getByTestId('public-pairings').waitFor({ timeout: 30_000 });
    await c.getByLabel('Chercher mon nom').fill('player 3');
    expect(await c.locator('[data-testid=public-pairings] tr.mine').innerText()).toContain('Player 3');
    expect(await c.getByTestId('public-scenario').innerText()).toBe(`Scénario\u00a0: ${scenarioName('overrun', 'fr')}`);
    const docs = JSON.stringify(await (await fetch(`${server.url}/open-public/_all_docs?include_docs=true`)).json());
    expect(docs).toContain('Player 3');
    expect(docs).not.toMatch(/variableMinutes|finishedAt|secret|nickname|listIndex|"lists"/);
    expect(docs).not.toContain(SECRET);
    expect(await c.content()).not.toContain(SECRET);
    // results of a round still being played are not published
    expect(docs).not.toMatch(/"result"|"winner"/);
    const fromEventDb = JSON.stringify(await (await fetch(`${server.url}/open/_all_docs?include_docs=true`)).json());
    expect(fromEventDb).not.toContain(SECRET);
    // sealed: the event's database shows no name, no action, no hidden length
    expect(fromEventDb).not.toMatch(/Player 3|result-recorded|variableMinutes|Open de Lyon/);
    await c.screenshot({ path: join(SHOTS, 'public-view-390x844.png'), fullPage: true });
    const hasWidth = await c.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(hasWidth).toBe(true);
    await ctxC.close();
  });
});
