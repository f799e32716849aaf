// "A killed tab or a flat battery mid-round resumes exactly": register players as fast as a TO
// can tap, SIGKILL the browser at a random moment, start it again on the same profile, and
// check that every registration the screen had confirmed is stored, none doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, serveDist, startChromium, tempProfile, type Served } from './harness';

let served: Served;
let profile: ReturnType<typeof tempProfile>;

beforeAll(async () => {
  served = await serveDist();
  profile = tempProfile();
});
afterAll(async () => {
  await served?.stop();
  profile?.remove();
});

describe('killed browser mid-write', () => {
  it('keeps every confirmed registration through three SIGKILLs', async () => {
    let chrome = await startChromium(profile.dir);
    let page = await openApp(chrome.context, served.url);
    await page.getByRole('button', { name: /Nouvel événement/ }).click();
    await page.getByLabel('Nom de l’événement').fill('Crash test');
    await page.getByRole('button', { name: 'Créer l’événement' }).click();
    await page.waitForSelector('h1:has-text("Crash test")');
    const eventUrl = page.url();

    const attempted: string[] = [];
    let confirmed: string[] = [];
    for (let cycle = 0; cycle < 3; cycle++) {
      const n = 5 + Math.floor(Math.random() * 6);
      for (let i = 0; i < n; i++) {
        const name = `Joueur ${cycle}-${i}`;
        attempted.push(name);
        await page.getByLabel('Nom', { exact: true }).fill(name);
        // No wait for the confirmation: the next tap and the kill race the write on purpose.
        await page.getByLabel('Nom', { exact: true }).press('Enter');
        if (i < n - 1) await page.waitForTimeout(Math.random() * 30);
      }
      // the table renders the rows in view; as printed, it renders them all
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      confirmed = await page.locator('[data-testid=players-table] tbody .player-name').allTextContents();
      await chrome.kill();

      chrome = await startChromium(profile.dir);
      page = await openApp(chrome.context, eventUrl);
      await page.waitForSelector('[data-testid=players-table]');
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      const stored = (await page.locator('[data-testid=players-table] tbody .player-name').allTextContents()).map((s) => s.trim());
      for (const name of confirmed) expect(stored).toContain(name.trim());
      expect(new Set(stored).size).toBe(stored.length);
      for (const name of stored) expect(attempted).toContain(name);
    }
    await chrome.close();
  });
});
