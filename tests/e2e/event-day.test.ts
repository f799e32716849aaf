// Issue 12 outside the organizer screens: the offline-ready message and importing an event twice.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent, makePlayer } from '../fixtures/events';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, type RunningChromium, type Served } from './harness';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
});

afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  profile?.remove();
});

const upload = (event: unknown, name = 'winter.json') =>
  page.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });

describe('event day on the home screen', () => {
  it('announces « hors ligne » once the first install has precached, and the home screen says so', async () => {
    page = await openApp(chrome.context, served.url);
    await page.getByTestId('offline-ready').waitFor();
    expect(await page.getByTestId('offline-ready').textContent()).toContain('L’application fonctionne maintenant hors ligne.');
    await page.waitForSelector('[data-testid=offline-status][data-status=ready]');
    await page.screenshot({ path: join(SHOTS, 'home-offline-ready-1024x768.png') });
    await page.getByRole('button', { name: 'Compris' }).click();
    await page.getByTestId('offline-ready').waitFor({ state: 'detached' });

    // a later start, network cut: still ready, nothing announced again
    await chrome.context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('[data-testid=offline-status][data-status=ready]');
    expect(await page.getByTestId('offline-ready').count()).toBe(0);
  });

  it('importing the same event again asks: replace keeps one card, a copy gets « (copie) »', async () => {
    await upload(makeEvent());
    await page.waitForSelector('li.card:has-text("Winter Steamroller")');
    await upload(makeEvent({ players: [...makeEvent().players, makePlayer(6)] }));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Le fichier contient 6 joueurs et 1 ronde.');
    await page.screenshot({ path: join(SHOTS, 'import-twin-1024x768.png') });
    for (const [width, height] of [
      [768, 1024],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(SHOTS, `import-twin-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await dialog.getByRole('button', { name: 'Remplacer celui de l’appareil' }).click();
    await page.waitForSelector('li.card:has-text("6 joueurs")');
    expect(await page.locator('li.card').count()).toBe(1);

    await upload(makeEvent());
    await dialog.getByRole('button', { name: 'Importer comme copie' }).click();
    await page.waitForSelector('li.card:has-text("Winter Steamroller (copie)")');
    expect(await page.locator('li.card').count()).toBe(2);
    expect(await page.locator('li.card', { hasText: 'Winter Steamroller (copie)' }).textContent()).toContain('5 joueurs');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'home-cards-390x844.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });
});
