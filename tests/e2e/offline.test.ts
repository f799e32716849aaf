import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '../fixtures/events';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

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

async function eventCard(name: string) {
  return page.locator('li.card', { hasText: name });
}

describe('offline-first organizer tablet', () => {
  it('installs: manifest, icons and a service worker controlling the page', async () => {
    page = await openApp(chrome.context, served.url);
    await waitForServiceWorker(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel=manifest]')!.href;
      return (await fetch(href)).json();
    });
    expect(manifest).toMatchObject({ display: 'standalone', short_name: 'Tournoi', start_url: './' });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    await page.screenshot({ path: join(SHOTS, 'home-empty-1024x768.png') });
  });

  it('starts with the network cut, creates an event and finds it after reloads', async () => {
    await served.stop(); // nothing answers any more: the service worker alone must serve the app
    await chrome.context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await expect(page.getByRole('heading', { name: 'Événements' }).isVisible()).resolves.toBe(true);

    await page.getByRole('button', { name: /Nouvel événement/ }).click();
    await page.getByLabel('Nom de l’événement').fill('Open de Lyon');
    await page.getByRole('button', { name: 'Créer l’événement' }).click();
    await page.waitForSelector('h1:has-text("Open de Lyon")');
    await page.getByLabel('Nom', { exact: true }).fill('Ana Duval');
    await page.getByLabel('Club / ville').fill('Lyon');
    await page.getByRole('button', { name: 'Inscrire' }).click();
    await page.waitForSelector('td:has-text("Ana Duval")');

    await page.reload();
    await page.waitForSelector('td:has-text("Ana Duval")');
    await page.goto(served.url);
    await page.waitForSelector('body[data-ready="true"]');
    const card = await eventCard('Open de Lyon');
    await expect(card.textContent()).resolves.toContain('1 joueur');
    await page.screenshot({ path: join(SHOTS, 'home-offline-1024x768.png') });
  });

  it('refuses a bad import file with clear messages and leaves stored events untouched', async () => {
    const before = await page.locator('li.card').allTextContents();
    const bad = makeEvent();
    (bad as Record<string, unknown>).date = '2026-13-45';
    bad.rounds[0]!.pairings[0]!.result!.winner = 'p4';
    await page.getByTestId('import-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const alert = page.locator('.problems[role=alert]');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('date\u00a0: date invalide (format AAAA-MM-JJ)');
    expect(text).toContain('rounds[0].pairings[0].result.winner\u00a0: le vainqueur «\u00a0p4\u00a0» ne joue pas à cette table');
    expect(text).toContain('Rien n’a été modifié');
    await page.screenshot({ path: join(SHOTS, 'import-error-1024x768.png') });
    await page.getByTestId('import-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "wargame-event", ') });
    await page.waitForSelector('.problems li:has-text("le fichier n’est pas du JSON lisible")');
    expect(await page.locator('li.card').allTextContents()).toEqual(before);
  });

  it('imports a valid file, exports it back unchanged, in English too', async () => {
    const good = makeEvent({ customField: { kept: true } });
    await page.getByTestId('import-input').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
    await page.waitForSelector('li.card:has-text("Winter Steamroller")');
    const card = await eventCard('Winter Steamroller');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Exporter' }).click()]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(path!, 'utf8'))).toEqual(good);
    await page.getByRole('button', { name: 'EN — English' }).click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(await page.getByRole('button', { name: 'FR — Français' }).textContent()).toBe('FR');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: join(SHOTS, 'home-en-768x1024.png') });
    await page.getByRole('button', { name: 'FR — Français' }).click();
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('duplicates and deletes an event only after confirmation', async () => {
    const card = await eventCard('Open de Lyon');
    await card.getByRole('button', { name: 'Dupliquer' }).click();
    await page.waitForSelector('li.card:has-text("Open de Lyon (copie)")');
    const copy = await eventCard('Open de Lyon (copie)');
    await copy.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    expect(await page.locator('li.card:has-text("Open de Lyon (copie)")').count()).toBe(1);
    await copy.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.waitForSelector('li.card:has-text("Open de Lyon (copie)")', { state: 'detached' });
    expect(await page.locator('li.card:has-text("Open de Lyon")').count()).toBe(1);
  });

  it('shows storage use in the settings', async () => {
    await page.goto(served.url + '#/settings');
    await page.waitForSelector('[data-testid=storage-use][aria-busy=false]');
    expect(await page.getByTestId('storage-use').textContent()).toMatch(/utilisés sur/);
  });
});
