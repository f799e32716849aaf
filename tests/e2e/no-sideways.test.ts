// Issue 12: no screen scrolls sideways at 1024x768, 768x1024 and 390x844 (organizer screens, and
// table mode on phones), with long French names, for every game system, while a round runs (issue
// 21: the organizer's screens on a second organizer's phone too, names and headers never broken
// inside a word, no badge running into the text before it). Each screen's
// document scroll width is compared with the viewport. Screenshots of each system's round screen
// at both tablet sizes go to test-results/screens/ (and SHOTS_12 when set).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSideways, longEvent } from './screens';
import type { EventFile } from '../../src/domain/event-file';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let served: Served;
const profile = tempProfile();
let browser: RunningChromium;
let page: Page;

const SIZES = { landscape: { width: 1024, height: 768 }, portrait: { width: 768, height: 1024 }, phone: { width: 390, height: 844 } } as const;

async function shot(name: string): Promise<void> {
  const path = join(SHOTS, name);
  await page.screenshot({ path });
  const extra = process.env.SHOTS_12;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(path, join(extra, name));
  }
}

const click = (name: string | RegExp) =>
  page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();

const CASES: Array<{ event: EventFile; start: () => Promise<void> }> = [
  {
    event: longEvent('sr2011', 'Steamroller 2011 — Grand Open de Lyon-Villeurbanne', 50, true),
    start: async () => {
      await click('Choisir');
      await click('Déborder');
      await click('Démarrer la ronde');
      await page.getByText('Temps de base restant').first().waitFor();
    },
  },
  {
    event: longEvent('confrontation-rackham', 'Défi de Cadwallon — Tournoi à élimination directe', 200),
    start: async () => {
      await click('Démarrer la ronde');
      await page.getByLabel('Ligne du tableau').selectOption('2');
      await page.getByLabel('Limite lue (minutes)').fill('45');
      await click('Lancer la limite');
    },
  },
  {
    event: longEvent('confrontation-cdr', 'Coupe du Dragon Rouge — Championnat de France', 400),
    start: async () => {
      await page.getByLabel('Durée de la ronde (minutes)').fill('90');
      await click('Démarrer la ronde');
      await page.getByText('Temps restant (90 min)').waitFor();
    },
  },
  {
    event: longEvent('lotr-sbg', 'Tournoi de la Terre du Milieu — Rencontres de Fondcombe', 500),
    start: async () => {
      await click('Démarrer la ronde');
      await page.getByText('Avant l’annonce des 30 minutes').waitFor();
    },
  },
];

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

async function visit(hash: string, ready: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(150);
}

describe('no screen scrolls sideways, with long names, in every system', () => {
  for (const c of CASES) {
    it(`${c.event.system}: every organizer screen at both tablet sizes and on a phone, table mode on a phone`, async () => {
      await page.setViewportSize(SIZES.landscape);
      await visit('#/', '[data-testid=import-input]');
      await page.getByTestId('import-input').setInputFiles({ name: `${c.event.system}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(c.event)) });
      await page.locator('li.card', { hasText: c.event.name }).first().locator('.card-main').click();
      await page.waitForURL(/#\/event\//);
      const id = decodeURIComponent(/#\/event\/([^/]+)/.exec(page.url())![1]!);
      await page.locator('nav.tabs a', { hasText: 'Rondes' }).click();
      await click('Apparier la ronde 1');
      await page.getByTestId('pairings-table').waitFor();
      await c.start();
      await page.getByRole('link', { name: 'Pendule de la table 1 sur cet appareil' }).waitFor();
      // one result in, so finished rows and their text are measured too
      // a second organizer on a phone (issue 21) sees the same screens
      for (const size of ['landscape', 'portrait', 'phone'] as const) {
        await page.setViewportSize(SIZES[size]);
        for (const tab of ['settings', 'players', 'rounds', 'standings']) {
          await visit(`#/event/${encodeURIComponent(id)}/${tab}`, 'nav.tabs');
          await expectNoSideways(page, `${c.event.system} ${tab} ${size}`);
          await shot(`${tab}-${c.event.system}-${SIZES[size].width}x${SIZES[size].height}.png`);
        }
        // a player's editor, lists and sheet, opened from the list (the ones the system has)
        const first = c.event.players[0]!.name;
        for (const name of [`Modifier ${first}`, `Listes de ${first}`, `Fiche de ${first}`]) {
          // through another tab: the same address twice would not leave the editor
          await visit(`#/event/${encodeURIComponent(id)}/settings`, 'nav.tabs');
          await visit(`#/event/${encodeURIComponent(id)}/players`, '[data-testid=player-1]');
          const open = page.getByRole('button', { name, exact: true });
          if ((await open.count()) === 0) continue;
          await open.click();
          await page.waitForTimeout(150);
          await expectNoSideways(page, `${c.event.system} ${name} ${size}`);
        }
        await visit(`#/event/${encodeURIComponent(id)}/rounds`, '[data-testid=pairings-table]');
        // a table's ticket
        await page.getByRole('button', { name: 'Ticket QR de la table 1', exact: true }).click();
        await page.locator('.ticket-panel').waitFor();
        await expectNoSideways(page, `${c.event.system} ticket ${size}`);
        await page.locator('.ticket-panel').getByRole('button', { name: 'Fermer', exact: true }).click();
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(`round-${c.event.system}-${SIZES[size].width}x${SIZES[size].height}.png`);
        await page.screenshot({ path: join(SHOTS, `round-${c.event.system}-${SIZES[size].width}x${SIZES[size].height}-full.png`), fullPage: true });
        await page.getByTestId('pairings-table').locator('tr[data-table="1"] button.result-btn').click();
        await page.locator('form.result-form').waitFor();
        await expectNoSideways(page, `${c.event.system} result form ${size}`);
        await page.locator('form.result-form').getByRole('button', { name: 'Annuler' }).click();
        for (const what of ['pairings', 'standings']) {
          await visit(`#/event/${encodeURIComponent(id)}/projector/${what}`, 'main.projector');
          await expectNoSideways(page, `${c.event.system} projector ${what} ${size}`);
        }
      }
      // the projector at 1024x768: « Table n » first, 12+ lines on screen
      await page.setViewportSize(SIZES.landscape);
      await visit(`#/event/${encodeURIComponent(id)}/projector/pairings`, '[data-testid=projector-pairings]');
      await shot(`projector-${c.event.system}-1024x768.png`);
      const visibleRows = await page
        .getByTestId('projector-pairings')
        .locator('tr')
        .evaluateAll((trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= innerHeight).length);
      expect(visibleRows).toBeGreaterThanOrEqual(12);
      const sizes = await page
        .getByTestId('projector-pairings')
        .locator('tr')
        .first()
        .evaluate((tr) => Array.from(tr.children).map((td) => parseFloat(getComputedStyle(td).fontSize)));
      expect(sizes[0]).toBeGreaterThan(Math.max(...sizes.slice(1)));
      // table mode and the app's own screens on a phone
      await page.setViewportSize(SIZES.phone);
      for (const [hash, ready] of [
        ['#/', 'header.topbar'],
        ['#/table', 'header.topbar'],
        ['#/settings', 'header.topbar'],
        [`#/event/${encodeURIComponent(id)}/table/1/1`, 'body[data-ready="true"]'],
      ] as const) {
        await visit(hash, ready);
        await expectNoSideways(page, `${c.event.system} ${hash} phone`);
      }
    });
  }
});
