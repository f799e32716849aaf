// The app served over plain http on a LAN name (`npm start -- --host` on a laptop in the hall):
// not a secure context, so no crypto.randomUUID, no service worker, no subtle crypto. It must
// still start, keep the organizer's work across a reload, and say what it cannot do there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, serveDist, startChromium, tempProfile, type RunningChromium, type Served } from './harness';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;

beforeAll(async () => {
  served = await serveDist();
  profile = tempProfile();
  // a LAN name for the local server: the origin is plain http on a non-local host
  chrome = await startChromium(profile.dir, ['--host-resolver-rules=MAP tournoi.lan 127.0.0.1']);
});

afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  profile?.remove();
});

describe('served over plain http on the LAN', () => {
  it('starts, says what cannot work there, and keeps an event across a reload', async () => {
    const url = served.url.replace('localhost', 'tournoi.lan');
    page = await openApp(chrome.context, url);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.evaluate(() => typeof crypto.randomUUID)).toBe('undefined');
    const banner = page.getByTestId('insecure-context');
    await expect(banner.textContent()).resolves.toMatch(/installation hors ligne/);

    await page.getByRole('button', { name: /Nouvel événement/ }).click();
    // no PIN field that would fail after the event is created
    await page.getByTestId('pin-unavailable').waitFor();
    await page.getByLabel('Nom de l’événement').fill('Tournoi du gymnase');
    await page.getByRole('button', { name: 'Créer l’événement' }).click();
    await page.waitForSelector('h1:has-text("Tournoi du gymnase")');
    await page.getByLabel('Nom', { exact: true }).fill('Élodie Marchand');
    await page.getByRole('button', { name: 'Inscrire' }).click();
    await page.waitForSelector('td:has-text("Élodie Marchand")');
    await page.reload();
    await page.waitForSelector('td:has-text("Élodie Marchand")');

    // the organizer PIN needs subtle crypto: the settings say so instead of failing on save
    await page.getByRole('link', { name: 'Format' }).click();
    await page.waitForSelector('[data-testid="pin-unavailable"]');
  });
});
