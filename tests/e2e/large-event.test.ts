// A 4,096-player SR2011 event (3 rounds played, a 4th paired: 2,048 tables) imported through the
// home screen, offline, in Chromium: the players tab shows a window of its rows, finds a player by
// a search, takes a typed name, checks everyone in at once; the standings tab shows the worker's
// standings and prints every row; no screen scrolls sideways at 1024x768 or 768x1024 with long
// French names. Durations are the bench's business (npm run bench), never this test's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeEventFile } from '../../src/domain/event-file';
import { systemFor } from '../../src/domain/systems';
import { bigEvent } from '../fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;
const event = bigEvent('sr2011', 50, 4096, 3);
const LONG = 120_000;

beforeAll(async () => {
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
  page = await openApp(chrome.context, served.url);
  await waitForServiceWorker(page);
  await served.stop();
  await chrome.context.setOffline(true);
}, LONG);

afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  profile?.remove();
});

const renderedRows = (testId: string) => page.locator(`[data-testid=${testId}] tbody tr:not(.vspacer)`).count();

async function noSidewaysScroll(): Promise<void> {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 768, height: 1024 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${size.width}x${size.height}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

describe('a 4,096-player event', () => {
  it(
    'opens on the players tab: a window of rows, a search, a typed name, everyone checked in',
    async () => {
      await page.locator('input[type=file]').setInputFiles({ name: 'grand-tournoi.json', mimeType: 'application/json', buffer: Buffer.from(serializeEventFile(event)) });
      await page
        .getByRole('link', { name: /Grand Tournoi sr2011/ })
        .first()
        .click({ timeout: LONG });
      await page.locator('nav.tabs a', { hasText: 'Joueurs' }).click({ timeout: LONG });
      const table = page.getByTestId('players-table');
      // the first sort of the field by surname comes a turn after the tab, and its rows a few a
      // frame: wait for more than the first few
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=players-table] tbody tr:not(.vspacer)').length > 5, null, { timeout: LONG });
      expect(await table.getAttribute('aria-rowcount')).toBe('4096');
      const shown = await renderedRows('players-table');
      expect(shown).toBeGreaterThan(5);
      expect(shown).toBeLessThan(100);

      const wanted = event.players[2999]!;
      expect(await page.getByTestId('player-3000').count()).toBe(0);
      await page.getByLabel('Rechercher un joueur').fill(wanted.name);
      await page.getByTestId('player-3000').waitFor();
      expect(await page.getByTestId('player-3000').locator('.player-name').textContent()).toBe(wanted.name);
      expect(await renderedRows('players-table')).toBe(1);
      await noSidewaysScroll();
      await page.getByLabel('Rechercher un joueur').fill('');

      // the registration field takes every keystroke
      const name = page.getByLabel('Nom', { exact: true });
      await name.pressSequentially('Pierre-Yves Morel-Delacroix');
      expect(await name.inputValue()).toBe('Pierre-Yves Morel-Delacroix');
      await name.fill('');

      await page.getByRole('button', { name: /Tout pointer/ }).click();
      await page.getByTestId('checked-in-count').filter({ hasText: '4096/4096' }).waitFor({ timeout: LONG });
      await noSidewaysScroll();
    },
    LONG * 2,
  );

  it(
    'shows the standings computed by the worker, a window on screen and every row in print',
    async () => {
      await page.locator('nav.tabs a', { hasText: 'Classement' }).click();
      const table = page.getByTestId('standings-table');
      await table.waitFor({ timeout: LONG });
      expect(await table.getAttribute('aria-rowcount')).toBe('4096');
      expect(await renderedRows('standings-table')).toBeLessThan(100);
      const expected = systemFor('sr2011').computeStandings(event);
      const firstIds = await page.locator('[data-testid=standings-table] tbody tr[data-id]').evaluateAll((rows) => rows.slice(0, 5).map((r) => (r as HTMLElement).dataset.id));
      expect(firstIds).toEqual(expected.slice(0, 5).map((r) => r.id));
      await noSidewaysScroll();

      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=standings-table] tbody tr[data-id]').length === 4096, null, { timeout: LONG });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=standings-table] tbody tr[data-id]').length < 100, null, { timeout: LONG });
    },
    LONG * 2,
  );

  it(
    'shows the 2,048 tables of the paired round',
    async () => {
      await page.locator('nav.tabs a', { hasText: 'Rondes' }).click();
      const table = page.getByTestId('pairings-table');
      await table.waitFor({ timeout: LONG });
      expect(await table.getAttribute('aria-rowcount')).toBe('2048');
      expect(await renderedRows('pairings-table')).toBeLessThan(100);
      await noSidewaysScroll();
    },
    LONG * 2,
  );
});
