// Issue 12: the standings of every system carry club and faction columns and fit a tablet held
// either way, with long French names and long club names: neither the page nor the table itself
// scrolls sideways, nor on a second organizer's 390x844 phone (issue 21). Screenshots of each
// system's standings at the three sizes go to
// test-results/screens/ (and SHOTS_12 when set).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_SYSTEMS, bigEvent } from '../fixtures/big-events';
import { expectNoSideways, LONG_NAMES } from './screens';
import { publicView } from '../../src/domain/public-view';
import type { EventFile, SystemId } from '../../src/domain/event-file';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let served: Served;
const profile = tempProfile();
let browser: RunningChromium;
let page: Page;

const SIZES = { landscape: { width: 1024, height: 768 }, portrait: { width: 768, height: 1024 }, phone: { width: 390, height: 844 } } as const;

const FACTIONS: Record<SystemId, { head: string; list: string[] }> = {
  sr2011: { head: 'Faction', list: ['Protectorate of Menoth', 'Retribution of Scyrah', 'Circle Orboros', 'Convergence of Cyriss'] },
  'confrontation-cdr': { head: 'Peuple', list: ['Griffons d’Akkylannie', 'Loups du Yllia', 'Orques de Bran-Ô-Kor', 'Drunes'] },
  'confrontation-rackham': { head: 'Peuple', list: ['Griffons d’Akkylannie', 'Alchimistes de Dirz', 'Lions d’Alahan', 'Wolfen'] },
  'lotr-sbg': { head: 'Camp', list: ['Bien', 'Mal'] },
};

function withFactions(event: EventFile): EventFile {
  const f = FACTIONS[event.system];
  return {
    ...event,
    name: `Classement — ${event.name} de Saint-Quentin-en-Yvelines`,
    players: event.players.map((p, i) => ({ ...p, faction: f.list[i % f.list.length], club: i % 2 ? 'Club de jeux de Saint-Quentin-en-Yvelines' : p.club })),
  };
}

async function shot(name: string): Promise<void> {
  const path = join(SHOTS, name);
  await page.screenshot({ path, fullPage: true });
  const extra = process.env.SHOTS_12;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(path, join(extra, name));
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  served = await serveDist();
  browser = await startChromium(profile.dir);
  page = await openApp(browser.context, served.url);
  await waitForServiceWorker(page);
  await served.stop();
  await browser.context.setOffline(true);
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  profile.remove();
});

describe('standings: club and faction columns, no sideways scroll, every system', () => {
  for (const { system, points, label } of BIG_SYSTEMS) {
    it(`${label}: the columns are there, and the page and the table fit 1024x768, 768x1024 and a 390x844 phone`, async () => {
      const event = withFactions(bigEvent(system, points, 16, 2, false));
      await page.setViewportSize(SIZES.landscape);
      await page.evaluate(() => (location.hash = '#/'));
      await page.getByTestId('import-input').setInputFiles({ name: `${system}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });
      await page.locator('li.card', { hasText: event.name }).first().locator('.card-main').click();
      await page.waitForURL(/#\/event\//);
      await page.locator('nav.tabs a', { hasText: 'Classement' }).click();
      const table = page.getByTestId('standings-table');
      await table.locator('tbody tr[data-id]').first().waitFor();
      const heads = await table.locator('thead th').allInnerTexts();
      expect(heads.slice(0, 5)).toEqual(['Rang', 'N°', 'Joueur', 'Club', FACTIONS[system].head]);
      // the first row's club and faction are the player's
      const firstId = await table.locator('tbody tr[data-id]').first().getAttribute('data-id');
      const player = event.players.find((p) => p.id === firstId)!;
      const row = table.locator(`tbody tr[data-id="${firstId}"]`);
      expect(await row.locator('td[data-col=club]').getAttribute('title')).toBe(player.club);
      expect(await row.locator('td[data-col=faction]').innerText()).toBe(player.faction);
      for (const size of ['landscape', 'portrait', 'phone'] as const) {
        await page.setViewportSize(SIZES[size]);
        await page.waitForTimeout(150);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(`standings-${system}-${SIZES[size].width}x${SIZES[size].height}.png`);
        await expectNoSideways(page, `${label} standings ${size}`);
        const inner = await page.locator('.standings-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(`${label} ${size}: table ${inner.scroll} px in ${inner.client} px`).toBe(`${label} ${size}: table ${inner.client} px in ${inner.client} px`);
      }
      // the projector at 1024x768 (issue 21): the event's name on one line, 12 rows and more on screen
      await page.setViewportSize(SIZES.landscape);
      const id = decodeURIComponent(/#\/event\/([^/]+)/.exec(page.url())![1]!);
      await page.evaluate((h) => (location.hash = h), `#/event/${encodeURIComponent(id)}/projector/standings`);
      const title = page.locator('.standings-projector .sp-event');
      await title.waitFor();
      await (system === 'confrontation-rackham' ? page.getByTestId('bracket') : page.getByTestId('projector-table').locator('tbody tr:not(.vspacer)').first()).waitFor();
      await page.waitForTimeout(150);
      await shot(`projector-standings-${system}-1024x768.png`);
      await expectNoSideways(page, `${label} projector standings`);
      const lines = await title.evaluate((h) => Math.round(h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)));
      expect(`${label}: title on ${lines} line(s)`).toBe(`${label}: title on 1 line(s)`);
      if (system !== 'confrontation-rackham') {
        const shown = await page
          .getByTestId('projector-table')
          .locator('tbody tr:not(.vspacer)')
          .evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= innerHeight).length);
        expect(shown, `${label}: rows on the projector at 1024x768`).toBeGreaterThanOrEqual(12);
      }
    });
  }
});

describe('standings on paper: 32 players on one A4 page, every system', () => {
  for (const { system, points, label } of BIG_SYSTEMS) {
    it(`${label}: the printed standings of 32 players after 3 rounds take one A4 page`, async () => {
      const event = withFactions(bigEvent(system, points, 32, 3, false));
      event.name = `Impression — ${event.name}`;
      await page.setViewportSize(SIZES.landscape);
      await page.evaluate(() => (location.hash = '#/'));
      await page.getByTestId('import-input').setInputFiles({ name: `${system}-print.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });
      await page.locator('li.card', { hasText: event.name }).first().locator('.card-main').click();
      await page.waitForURL(/#\/event\//);
      await page.locator('nav.tabs a', { hasText: 'Classement' }).click();
      const table = page.getByTestId('standings-table');
      // a list this short is drawn whole, the rows in view first, then a few more at each frame
      await table.locator('tbody tr[data-id]').nth(31).waitFor();
      // what « Imprimer » gives: print media, every row laid out
      await page.emulateMedia({ media: 'print' });
      try {
        expect(await table.locator('tbody tr[data-id]').count()).toBe(32);
        // the A4 sheet's width inside its margins (190 mm at 96 dpi), to see and measure what is printed
        await page.setViewportSize({ width: 718, height: 1047 });
        await page.screenshot({ path: join(SHOTS, `print-standings-${system}-a4.png`), fullPage: true });
        const pdf = await page.pdf({ format: 'A4', margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' }, printBackground: false });
        const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
        const rows = await table.locator('tbody tr[data-id]').evaluateAll((trs) => trs.map((tr) => Math.round(tr.getBoundingClientRect().height)));
        expect(`${label}: ${pages} page(s), rows ${Math.min(...rows)}-${Math.max(...rows)} px high`).toBe(
          `${label}: 1 page(s), rows ${Math.min(...rows)}-${Math.max(...rows)} px high`,
        );
      } finally {
        await page.emulateMedia({ media: null });
      }
    });
  }
});

describe("the players' public view on a phone (issue 21)", () => {
  it('pairings and standings with long names fit 390x844, headers and names never broken inside a word', async () => {
    // what the organizer's device publishes, served as the sync server would (CORS, read-only)
    const event = bigEvent('sr2011', 50, 16, 2, true);
    event.players = event.players.map((p, i) => ({ ...p, name: LONG_NAMES[i]! }));
    const body = JSON.stringify(publicView(event, Date.now()));
    const server = createServer((req, res) => {
      res.writeHead(req.url?.endsWith('/event') ? 200 : 404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(req.url?.endsWith('/event') ? body : '{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const source = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pub`;
    await browser.context.setOffline(false);
    try {
      await page.setViewportSize(SIZES.phone);
      await page.evaluate((h) => (location.hash = h), `#/public/${encodeURIComponent(source)}`);
      await page.getByTestId('public-standings').locator('tbody tr').first().waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('public-pairings').locator('tbody tr').count()).toBe(8);
      await shot('public-view-long-names-390x844.png');
      await expectNoSideways(page, 'public view phone');
    } finally {
      await browser.context.setOffline(true);
      await new Promise((r) => server.close(r));
    }
  });
});
