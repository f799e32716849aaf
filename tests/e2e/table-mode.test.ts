// Table mode with no network between two devices: the organizer's tablet and a table phone are
// two Chromium processes with separate profiles, both offline once the app is installed. Each
// has a fake camera fed from a Y4M file this test writes from a screenshot of the other
// device's QR, so the tickets and results travel through the real camera path (getUserMedia,
// then jsQR on canvas frames, as Chromium on Linux has no BarcodeDetector).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeResultCode, decodeTicket } from '../../src/domain/handoff';
import { makePlayer } from '../fixtures/events';
import { showToCamera } from './camera';
import { SHOTS, type Served } from './harness';
import { readTicket } from './organizer';
import { twoDevicesOffline, type TwoDevices } from './setups';
import { deName } from '../../src/i18n/typography';

let devices: TwoDevices;
let served: Served;
let org: Page;
let tab: Page;
let organizerCam = '';
let phoneCam = '';
let ticketText = '';
let resultCode = '';

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name) });

/** Entries in the organizer's event log, read straight from IndexedDB. */
const logLength = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('wargame-tournament');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const count = req.result.transaction('log').objectStore('log').count();
          count.onsuccess = () => {
            resolve(count.result);
            req.result.close();
          };
        };
      }),
  );

const EVENT = {
  format: 'wargame-event',
  version: 1,
  system: 'sr2011',
  name: 'Tournoi de la Table',
  date: '2026-12-05',
  settings: { points: 50, variants: [], rounds: null },
  players: ['Ana Duval', 'Bruno Martin', 'Chloé Petit', 'David Roux'].map((name, i) =>
    makePlayer(i + 1, {
      name,
      nickname: undefined,
      lists: [
        {
          caster: i % 2 ? 'Sorscha' : 'Stryker',
          themeForce: null,
          tier: null,
          bonus: 6,
          models: [
            { name: 'Ironclad', cost: 7 },
            { name: 'Lancer', cost: 6 },
          ],
        },
      ],
    }),
  ),
  rounds: [],
};

beforeAll(async () => {
  devices = await twoDevicesOffline();
  ({ served, org, tab, organizerCam, phoneCam } = devices);
});

afterAll(async () => {
  await devices?.close();
});

describe('table mode, two devices, no network', () => {
  it('organizer: imports the event, pairs, starts round 1 and shows the ticket QR', async () => {
    await org.getByTestId('import-input').setInputFiles({ name: 'table.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(EVENT)) });
    await org.locator('li.card', { hasText: 'Tournoi de la Table' }).locator('.card-main').click();
    await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
    await org.getByRole('button', { name: 'Apparier la ronde 1' }).click();
    await org.getByTestId('pairings-table').waitFor();
    await org.getByRole('button', { name: 'Choisir' }).click();
    await org.getByRole('button', { name: 'Déborder' }).click();
    await org.getByRole('button', { name: 'Démarrer la ronde' }).click();
    await org.getByText('Temps de base restant').waitFor();
    await org.getByRole('button', { name: 'Ticket QR de la table 1' }).click();
    await org.getByTestId('ticket-qr').scrollIntoViewIfNeeded();
    await shot(org, 'table-ticket-1024x768.png');
    ticketText = await showToCamera(org, org.getByTestId('ticket-qr'), phoneCam, 'fill');
    const ticket = await readTicket(ticketText);
    expect(ticket.ok && ticket.ticket).toMatchObject({ round: 1, table: 1, scenario: 'overrun', eventName: 'Tournoi de la Table' });
    expect(ticket.ok && ticket.ticket.sealedEnd).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // issue 20: the QR carries the short code and the names (a version-5 QR at most here); the text below it the whole ticket
    expect(ticketText).toMatch(/^[0-9A-Z]{48}\//);
    const whole = decodeTicket(await org.getByTestId('ticket-text').inputValue());
    expect(whole.ok && whole.ticket).toMatchObject({ round: 1, table: 1, a: { name: ticket.ok ? ticket.ticket.a.name : '' } });
  });

  it('table phone: scans the ticket with its camera and plays a few turns', async () => {
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.goto(`${served.url}#/table`);
    await tab.waitForSelector('body[data-ready="true"]');
    await tab.getByRole('button', { name: /Scanner un ticket/ }).click();
    await tab.getByRole('heading', { name: 'Avant la partie' }).waitFor({ timeout: 15_000 });
    const ticket = await readTicket(ticketText);
    const [a, b] = ticket.ok ? [ticket.ticket.a.name, ticket.ticket.b.name] : ['', ''];
    await tab.getByRole('radio', { name: a }).click();
    await shot(tab, 'table-setup-390x844.png');
    await tab.getByRole('button', { name: 'Démarrer la pendule' }).click();
    await tab
      .getByTestId('turn')
      .filter({ hasText: `Tour 1 · ${a}` })
      .waitFor();
    for (const [side, next] of [
      [a, b],
      [b, a],
      [a, b],
    ] as const) {
      await tab.getByRole('button', { name: `Fin du tour ${deName(side)}` }).click();
      await tab
        .getByTestId('turn')
        .filter({ hasText: `· ${next}` })
        .waitFor();
    }
    await tab
      .getByTestId('turn')
      .filter({ hasText: `Tour 2 · ${b}` })
      .waitFor();
    await shot(tab, 'table-clock-390x844.png');
  });

  it('table phone: a reload mid-turn resumes the clock from IndexedDB', async () => {
    const running = tab.locator('.half[data-state=active] [role=timer]');
    await tab.waitForTimeout(2200);
    const before = await running.textContent();
    const turn = await tab.getByTestId('turn').textContent();
    await tab.reload();
    await tab.waitForSelector('body[data-ready="true"]');
    await tab.getByTestId('turn').filter({ hasText: turn! }).waitFor();
    const after = await running.textContent();
    const secs = (s: string) => Number(s.split(':')[0]) * 60 + Number(s.split(':')[1]);
    // the turn kept running through the reload: 12:00 less the time since it began, never reset
    expect(secs(after!)).toBeLessThanOrEqual(secs(before!));
    expect(secs(before!) - secs(after!)).toBeLessThan(10);
    expect(secs(after!)).toBeLessThan(12 * 60 - 1);
    await tab.setViewportSize({ width: 1024, height: 768 });
    await shot(tab, 'table-clock-1024x768.png');
    await tab.setViewportSize({ width: 390, height: 844 });
  });

  it('table phone: ends the game, both players confirm, the result QR appears', async () => {
    const ticket = await readTicket(ticketText);
    const b = ticket.ok ? ticket.ticket.b.name : '';
    await tab.getByRole('button', { name: 'Fin de partie…' }).click();
    await tab.getByRole('button', { name: `Victoire de scénario : ${b} gagne` }).click();
    await tab.getByRole('button', { name: 'Confirmer' }).click();
    await tab.getByRole('button', { name: 'Saisir le résultat' }).click();
    await tab.getByRole('textbox', { name: `Points de contrôle ${deName(b)}` }).fill('2');
    await tab.getByRole('textbox', { name: `Points d’armée détruits par ${b}` }).fill('13');
    await shot(tab, 'table-result-form-390x844.png');
    await tab.getByRole('button', { name: 'Enregistrer le résultat' }).click();
    await tab.getByRole('heading', { name: 'Les deux joueurs confirment le résultat' }).waitFor();
    await shot(tab, 'table-confirm-390x844.png');
    const names = ticket.ok ? [ticket.ticket.a.name, b] : [];
    for (const n of names) await tab.getByRole('button', { name: `${n} confirme` }).click();
    await tab.getByTestId('result-qr').waitFor();
    await shot(tab, 'table-result-390x844.png');
    resultCode = await showToCamera(tab, tab.getByTestId('result-qr'), organizerCam, 'fill');
    expect(resultCode).toBe(await tab.getByTestId('result-code').textContent());
    const decoded = decodeResultCode(resultCode);
    expect(decoded.ok && decoded.payload).toMatchObject({ round: 1, table: 1, winner: 'b', how: 'scenario', b: { cp: 2, apd: 13 } });
    // signed with the table key the ticket carried (issue 7): 28 characters, a 40-bit signature
    expect(decoded.ok && decoded.payload.sig).toMatch(/^[0-9a-f]{10}$/);
    expect(resultCode.replace(/-/g, '')).toHaveLength(28);
  });

  it('organizer: scans the result QR into the event, and a second scan records nothing', async () => {
    const rowText = () => org.locator('[data-testid=pairings-table] tr[data-table="1"]').textContent();
    expect(await rowText()).toContain('en attente');
    await org.getByRole('button', { name: 'Bureau des résultats' }).click();
    await org.getByTestId('intake-note').filter({ hasText: 'Résultat enregistré : table 1 (ronde 1).' }).waitFor({ timeout: 15_000 });
    await org.locator('[data-testid=pairings-table] tr[data-table="1"].done').waitFor();
    const recorded = await rowText();
    expect(recorded).toContain('0 – 2 PC');
    await shot(org, 'table-intake-1024x768.png');
    const entries = await logLength(org);

    await org.locator('.result-intake').getByRole('button', { name: 'Fermer', exact: true }).click();
    await org.getByRole('button', { name: 'Bureau des résultats' }).click();
    await org.getByTestId('intake-note').filter({ hasText: 'Déjà enregistré : table 1 (ronde 1).' }).waitFor({ timeout: 15_000 });
    expect(await rowText()).toBe(recorded);
    expect(await logLength(org)).toBe(entries);
  });

  it('table phone, fake clock: the turn runs out (extension window), then DICE DOWN at the sealed end', async () => {
    await org.getByRole('button', { name: 'Ticket QR de la table 2' }).click();
    await org.getByTestId('ticket-qr').waitFor();
    await org.waitForTimeout(300);
    const text = await showToCamera(org, org.getByTestId('ticket-qr'), phoneCam, 'fill');
    const ticket = await readTicket(text);
    expect(ticket.ok && ticket.ticket.table).toBe(2);
    // fake time from here on: the game's 12-minute turns and the round's end pass in a moment
    await tab.clock.install({ time: Date.now() });
    await tab.goto(`${served.url}#/table`);
    await tab.waitForSelector('body[data-ready="true"]');
    await tab.getByRole('button', { name: 'Scanner un ticket' }).click();
    await tab.getByRole('heading', { name: 'Avant la partie' }).waitFor({ timeout: 15_000 });
    const a = ticket.ok ? ticket.ticket.a.name : '';
    await tab.getByRole('radio', { name: a }).click();
    await tab.getByRole('button', { name: 'Démarrer la pendule' }).click();
    await tab
      .getByTestId('turn')
      .filter({ hasText: `Tour 1 · ${a}` })
      .waitFor();
    await tab.clock.fastForward(12 * 60_000 + 10_000);
    await tab.locator('.half[data-state=expired]').waitFor();
    await tab.getByTestId('window-a').waitFor();
    await shot(tab, 'table-expired-390x844.png');
    await tab.clock.fastForward(110 * 60_000);
    await tab.getByText('POSEZ LES DÉS').waitFor();
    await shot(tab, 'table-dice-down-390x844.png');
    await tab.getByRole('button', { name: 'Continuer' }).click();
    await shot(tab, 'table-dice-down-scoring-390x844.png');
  });
});
