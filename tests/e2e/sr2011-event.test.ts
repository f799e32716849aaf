// A whole Steamroller 2011 event through the organizer's screens, offline: 11 players register,
// round 1, a drop and a late arrival, rounds 2-4, reloads between rounds, then the standings on
// screen must equal the domain's standings of the exported file. Screenshots of every screen
// land in test-results/screens/ for a human to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { computeStandings } from '../../src/domain/sr2011';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';
import { deName } from '../../src/i18n/typography';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;

const NAMES = [
  'Ana Duval',
  'Bruno Martin',
  'Chloé Petit',
  'David Roux',
  'Émilie Blanc',
  'Fabien Morel',
  'Gaëlle Fournier',
  'Hugo Girard',
  'Inès Bonnet',
  'Julien Lambert',
  'Karim Faure',
];
const LATE = 'Léa Rousseau';
const DROPPED = 'Chloé Petit';
const shot = (name: string) => page.screenshot({ path: join(SHOTS, name), fullPage: false });
const status = (text: string | RegExp) => page.locator('.status', { hasText: text }).waitFor();

beforeAll(async () => {
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
  page = await openApp(chrome.context, served.url);
  await waitForServiceWorker(page);
  await served.stop();
  await chrome.context.setOffline(true);
});

afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  profile?.remove();
});

async function tab(name: 'Format' | 'Joueurs' | 'Rondes' | 'Classement') {
  await page.locator('nav.tabs a', { hasText: name }).click();
}

async function reload() {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
}

async function register(name: string, club: string) {
  await page.getByLabel('Nom', { exact: true }).fill(name);
  await page.getByLabel('Club / ville').fill(club);
  await page.getByRole('button', { name: 'Inscrire', exact: true }).click();
  await status(`${name} inscrit`);
}

/** Plays the selected round: scenario roll, start, every result (player A wins on scenario), close. */
async function playRound(n: number, screenshots: boolean) {
  await page.getByRole('button', { name: /Tirer au sort/ }).click();
  await page.getByText(/^Dés\u00a0: /).waitFor();
  await page.getByRole('button', { name: 'Démarrer la ronde' }).click();
  await page.getByText('Temps de base restant').waitFor();
  if (screenshots) await shot(`round-${n}-running-1024x768.png`);
  const rows = page.locator('[data-testid=pairings-table] tbody tr[data-table]');
  const tables = await rows.count();
  for (let i = 0; i < tables; i++) {
    const row = rows.nth(i);
    const table = Number(await row.getAttribute('data-table'));
    const a = (await row.locator('.player-name').first().textContent())!.trim();
    await row.getByRole('button', { name: 'Saisir' }).click();
    await page.getByRole('heading', { name: 'Saisir le résultat' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Vainqueur' }).getByRole('radio', { name: a }).click();
    await page.getByRole('radiogroup', { name: 'Comment la partie a été gagnée' }).getByRole('radio', { name: 'Scénario' }).click();
    const plus = page.getByRole('button', { name: `Ajouter 1\u00a0: Points de contrôle ${deName(a)}` });
    // 1 or 2 CP: within every scenario's end (a first-to-2 scenario like Overrun stops at 2; score-lines.ts)
    for (let k = 0; k < 1 + (i % 2); k++) await plus.click();
    await page.getByRole('textbox', { name: `Points d’armée détruits par ${a}` }).fill(String(10 + 3 * i + n));
    if (screenshots && i === 0) await shot(`result-form-1024x768.png`);
    await page.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await status(`Résultat enregistré\u00a0: table ${table}.`);
  }
  await page.locator('section.timer').getByRole('button', { name: 'Clôturer la ronde' }).click();
  // the results are in but the time is not up: closing asks first
  await page.getByRole('dialog').getByRole('button', { name: 'Clôturer la ronde' }).click();
  await page.getByText('Ronde clôturée.').first().waitFor();
  await page.getByTestId('timer-audit').waitFor();
}

describe('a 12-player Steamroller event run through the UI, offline', () => {
  it('creates the event and registers eleven players', async () => {
    await page.getByRole('button', { name: /Nouvel événement/ }).click();
    await page.getByLabel('Nom de l’événement').fill('Open de Lyon');
    await page.getByRole('button', { name: 'Créer l’événement' }).click();
    await page.waitForSelector('h1:has-text("Open de Lyon")');
    for (const [i, name] of NAMES.entries()) await register(name, i % 3 === 0 ? 'Lyon' : i % 3 === 1 ? 'Grenoble' : 'Valence');
    await reload();
    // listed by surname (Blanc, Bonnet, Duval…), and in registration order on request
    const listed = () => page.locator('[data-testid=players-table] tbody .player-name').allTextContents();
    await expect
      .poll(listed, { timeout: 15_000 })
      .toEqual([
        'Émilie Blanc',
        'Inès Bonnet',
        'Ana Duval',
        'Karim Faure',
        'Gaëlle Fournier',
        'Hugo Girard',
        'Julien Lambert',
        'Bruno Martin',
        'Fabien Morel',
        'Chloé Petit',
        'David Roux',
      ]);
    await page.getByRole('radio', { name: 'Par n° d’inscription' }).click();
    // a new order is a new list, drawn a few rows a frame
    await expect.poll(listed, { timeout: 15_000 }).toEqual(NAMES);
    await shot('players-1024x768.png');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('players-768x1024.png');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('shows the format with the 50-point timing and the description line', async () => {
    await tab('Format');
    expect(await page.getByTestId('timing-line').textContent()).toBe('Partie\u00a0: 100 min + 1d6 x 2 minutes cachées · tour\u00a0: 12 min · extension\u00a0: 6 min');
    expect(await page.getByTestId('description-line').textContent()).toBe('Tournoi SR2011 en 50 points.');
    await shot('format-1024x768.png');
  });

  it('plays round 1 with a bye, then survives a reload', async () => {
    await tab('Rondes');
    await page.getByRole('button', { name: 'Apparier la ronde 1' }).click();
    await page.getByTestId('pairings-table').waitFor();
    expect(await page.locator('[data-testid=pairings-table] tbody tr[data-table]').count()).toBe(5);
    await page.getByText(/^Exempt\u00a0: /).waitFor();
    await playRound(1, true);
    await reload();
    // the tab is back once its rows are: wait for them rather than count at the first paint
    await expect.poll(() => page.locator('[data-testid=pairings-table] tbody tr.done').count(), { timeout: 15_000 }).toBe(5);
  });

  it('drops a player and registers a late arrival', async () => {
    await tab('Joueurs');
    await page.getByRole('button', { name: `Abandon ${deName(DROPPED)}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer l’abandon' }).click();
    await page.getByText('Abandon après la ronde 1').waitFor();
    await register(LATE, 'Lyon');
    await page.getByText('Arrivé ronde 2').waitFor();
    await shot('players-drop-late-1024x768.png');
  });

  it('plays rounds 2 to 4, never pairing the dropped player, reloading between rounds', async () => {
    for (const n of [2, 3, 4]) {
      await tab('Rondes');
      await page.getByRole('button', { name: `Apparier la ronde ${n}` }).click();
      await page.locator('.round-tabs button', { hasText: `Ronde ${n}` }).waitFor();
      const seated = await page.locator('[data-testid=pairings-table] .player-name').allTextContents();
      const bye = (await page.getByText(/^Exempt\u00a0: /).textContent())!.replace(/^Exempt\u00a0: (.*) \(1 PT, 0 PC\)$/, '$1');
      const names = [...seated, bye];
      expect(names).not.toContain(DROPPED);
      expect(names).toContain(LATE); // the late arrival (0 TP) may well be the one with the bye
      expect(seated).toHaveLength(10); // 11 active: 5 tables and a bye
      expect(new Set(names).size).toBe(11);
      await playRound(n, n === 2);
      await reload();
    }
    await page.locator('.round-tabs button', { hasText: 'Ronde 1' }).click();
    await page.locator('[data-testid=pairings-table]').waitFor();
    await page.getByRole('radio', { name: 'Par nom' }).click();
    await shot('round-1-by-name-1024x768.png');
  });

  it('shows the standings the rules give for the exported event', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.toolbar').getByRole('button', { name: 'Exporter' }).click()]);
    const event = JSON.parse(readFileSync((await download.path())!, 'utf8')) as EventFile;
    expect(event.rounds).toHaveLength(4);
    expect(event.rounds.every((r) => r.pairings.every((p) => p.result))).toBe(true);
    const expected = computeStandings(event);

    await tab('Classement');
    const table = page.getByTestId('standings-table');
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows).toHaveLength(12);
    expected.forEach((row, i) => expect(rows[i]).toContain(row.name));
    await shot('standings-1024x768.png');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('standings-768x1024.png');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('projects pairings and standings for the hall', async () => {
    // « Projecteur » opens the hall's screen in its own tab, as an organizer would put it on the
    // projector's window; this tab stays behind it (a hidden tab paints no frames, so every
    // screenshot below is taken in the projector's tab)
    const [projector] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: /Projecteur/ })
        .first()
        .click(),
    ]);
    await projector.setViewportSize({ width: 1280, height: 720 });
    await projector.locator('.standings-projector').waitFor();
    await expect.poll(() => projector.getByTestId('projector-table').locator('tbody tr:not([aria-hidden])').count()).toBeGreaterThan(0);
    await projector.screenshot({ path: join(SHOTS, 'projector-standings-1280x720.png') });
    await projector.goto(projector.url().replace(/\/standings$/, '/pairings'));
    await projector.locator('.projector h1').waitFor();
    await projector.screenshot({ path: join(SHOTS, 'projector-pairings-1280x720.png') });
    await projector.close();
    await page.bringToFront();
  });
});
