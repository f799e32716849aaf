// Issue 20, « La salle », against PouchDB Server (localhost): two table phones run their clocks
// from the desk's tickets and push their signed clock states to the intake; the organizer's
// « La salle » shows each table's turn, the player to act and the time left, with no tap. A
// clock state forged for table 2 (time out) is refused and counted, and table 2 shows what its
// own phone sent. No sideways scroll at 1024x768 nor 768x1024, long names included.
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { encodeHallState, eventTag, parseQrTicket } from '../../src/domain/handoff';
import { sendClockState } from '../../src/sync/intake';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';
import { expectNoSideways } from './screens';
import { makePlayer } from '../fixtures/events';

let server: PouchServer;
let served: Served;
let chrome: RunningChromium;
const profile = tempProfile();
const phoneContexts: BrowserContext[] = [];
let org: Page;
const WAIT = { timeout: 30_000 };

const EVENT = {
  format: 'wargame-event',
  version: 1,
  system: 'sr2011',
  name: 'Open de la salle',
  date: '2026-12-05',
  settings: { points: 50, variants: [], rounds: null },
  players: ['Anne-Laure de Montmorency-Laval', 'Bruno Martin', 'Chloé Petit-Delacroix-Beaumont', 'David Roux'].map((name, i) => makePlayer(i + 1, { name, nickname: undefined })),
  rounds: [],
};

async function readQr(page: Page, qr: Locator): Promise<string> {
  const png = await qr.screenshot();
  const r = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let bin = '';
    for (let i = 0; i < d.length; i += 0x8000) bin += String.fromCharCode(...d.subarray(i, i + 0x8000));
    return { b64: btoa(bin), width: c.width, height: c.height };
  }, png.toString('base64'));
  const read = jsQR(new Uint8ClampedArray(Buffer.from(r.b64, 'base64')), r.width, r.height);
  expect(read).not.toBeNull();
  return read!.data;
}

async function phoneFor(text: string): Promise<Page> {
  const context = await chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
  phoneContexts.push(context);
  const phone = await context.newPage();
  await phone.goto(`${served.url}#/table`);
  await phone.waitForSelector('body[data-ready="true"]');
  await phone.getByTestId('ticket-entry').fill(text);
  await phone.getByRole('button', { name: 'Ouvrir la partie' }).click();
  await phone.getByRole('heading', { name: 'Avant la partie' }).waitFor(WAIT);
  return phone;
}

beforeAll(async () => {
  server = await startPouchServer();
  for (const db of ['salle', 'salle-public']) await fetch(`${server.url}/${db}`, { method: 'PUT' });
  served = await serveDist();
  chrome = await startChromium(profile.dir);
  org = await openApp(chrome.context, served.url);
  await waitForServiceWorker(org);
});

afterAll(async () => {
  for (const c of phoneContexts) await c.close().catch(() => undefined);
  await chrome?.close();
  await served?.stop();
  await server?.stop();
  profile.remove();
});

describe('« La salle »: the tables push their clocks', () => {
  it('shows each table turn, player to act and time left; a forged state is refused and counted', async () => {
    await org.getByTestId('import-input').setInputFiles({ name: 'salle.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(EVENT)) });
    await org.locator('li.card', { hasText: EVENT.name }).first().locator('.card-main').click();
    await org.waitForURL(/#\/event\//);
    const eventId = decodeURIComponent(/#\/event\/([^/]+)/.exec(org.url())![1]!);
    await org.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
    await org.getByLabel('Adresse du serveur').fill(server.url);
    await org.getByLabel('Base du tournoi').fill('salle');
    await org.getByLabel('Base publique (vue des joueurs, facultatif)').fill('salle-public');
    await org.getByRole('button', { name: 'Activer' }).click();
    await org
      .getByTestId('sync-status')
      .filter({ hasText: /tout est envoyé/ })
      .waitFor(WAIT);

    await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
    await org.getByRole('button', { name: 'Apparier la ronde 1' }).click();
    await org.getByTestId('pairings-table').waitFor(WAIT);
    await org.getByRole('button', { name: /Tirer au sort/ }).click();
    await org.getByRole('button', { name: 'Démarrer la ronde' }).click();
    await org.getByText('Temps de base restant').waitFor(WAIT);
    await org.getByRole('button', { name: 'Bureau des résultats' }).click();
    const tickets: string[] = [];
    for (const table of [1, 2]) {
      const slip = org.getByTestId('desk-tickets').locator(`.ticket-slip[data-table="${table}"]`);
      await slip.locator('svg.qr').waitFor(WAIT);
      tickets.push(await readQr(org, slip.locator('svg.qr')));
    }
    await org.locator('.results-desk').getByRole('button', { name: 'Fermer' }).click();

    // two phones, two clocks: table 1 ends its first player's turn, table 2 just starts
    const names = tickets.map((t) => parseQrTicket(t)!.names);
    const phones = [await phoneFor(tickets[0]!), await phoneFor(tickets[1]!)];
    for (const [i, phone] of phones.entries()) {
      await phone.getByRole('radio', { name: names[i]!.a, exact: true }).click();
      await phone.getByRole('button', { name: 'Démarrer la pendule' }).click();
    }
    await phones[0]!.locator('section.half[data-side=a] button.half-tap').click();
    await phones[0]!.locator('section.half[data-side=b] button.half-tap:not([disabled])').waitFor(WAIT);

    await org.getByTestId('open-hall').click();
    await org.getByTestId('hall-network').filter({ hasText: 'arrivent par le réseau' }).waitFor(WAIT);
    const table = (n: number) => org.locator(`[data-testid=hall-table][data-table="${n}"]`);
    // table 1: the second player to act, turn 1 still (a game turn is both players' turns)
    await table(1).getByTestId('hall-to-act').filter({ hasText: names[0]!.b }).waitFor(WAIT);
    await table(2).getByTestId('hall-to-act').filter({ hasText: names[1]!.a }).waitFor(WAIT);
    expect(await table(1).getByTestId('hall-turn').textContent()).toContain('tour 1');
    // the time left counts down on the organizer's screen between two states
    const time = async (n: number): Promise<number> => {
      const [m, s] = (await table(n).getByTestId('hall-time').textContent())!.trim().split(':').map(Number);
      return m! * 60 + s!;
    };
    const first = await time(2);
    expect(first).toBeGreaterThan(0);
    await expect.poll(() => time(2), { timeout: 20_000 }).toBeLessThan(first);

    // anyone may drop a clock state: one forged for table 2, saying time out, is refused and counted
    const forged = await encodeHallState(
      {
        eventTag: eventTag(eventId),
        round: 1,
        table: 2,
        at: Date.now(),
        turn: 4,
        active: 'b',
        phase: 'running',
        leftMs: -5_000,
        extensionUsed: { a: false, b: false },
        cp: { a: 0, b: 5 },
        diceDown: false,
        timeOut: true,
        resultIn: false,
        dispute: false,
      },
      'ab'.repeat(32),
    );
    expect(await sendClockState(`${server.url}/salle-intake`, forged, Date.now())).toBe('sent');
    await org.getByTestId('hall-network').filter({ hasText: '1 état de pendule refusé' }).waitFor(WAIT);
    expect(await table(2).getByTestId('hall-flags').count()).toBe(0);
    expect(await table(2).getByTestId('hall-to-act').textContent()).toContain(names[1]!.a);

    await org.screenshot({ path: join(SHOTS, 'hall-1024x768.png') });
    await expectNoSideways(org, 'la salle 1024x768');
    await org.setViewportSize({ width: 768, height: 1024 });
    await expectNoSideways(org, 'la salle 768x1024');
    await org.screenshot({ path: join(SHOTS, 'hall-768x1024.png') });
  });
});
