// Issue 20, push path: from the players' confirmation on a table phone to the result's row on the
// organizer's tablet, through the event's intake on a PouchDB Server (localhost), no tap at the
// desk. Built app in Chromium, two contexts (tablet, phone); one round of 6 tables; median.
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { makePlayer } from '../tests/fixtures/events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
import { startPouchServer } from './pouch-server';

type Report = (what: string, value: string, target?: string) => void;
const WAIT = { timeout: 60_000 };

async function readQr(page: Page, selector: string): Promise<string> {
  const png = await page.locator(selector).screenshot();
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
  if (!read) throw new Error('ticket QR not read');
  return read.data;
}

export async function benchIntake(report: Report): Promise<void> {
  console.log('\n--- results pushed by the tables (intake on PouchDB Server) ---');
  const server = await startPouchServer();
  const served = await serveDist();
  const profile = tempProfile();
  const chrome = await startChromium(profile.dir);
  try {
    for (const db of ['bench', 'bench-public']) await fetch(`${server.url}/${db}`, { method: 'PUT' });
    const org = await openApp(chrome.context, served.url);
    const phoneContext = await chrome.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await phone.goto(served.url);
    await phone.waitForSelector('body[data-ready="true"]');
    await Promise.all([waitForServiceWorker(org), waitForServiceWorker(phone)]);
    const names = [
      'Ana Duval',
      'Bruno Martin',
      'Chloé Petit',
      'David Roux',
      'Élise Bernard',
      'Fabien Morel',
      'Gaëlle Roy',
      'Hugo Lambert',
      'Inès Girard',
      'Jules Fontaine',
      'Karine Blanc',
      'Léo Garnier',
    ];
    const event = {
      format: 'wargame-event',
      version: 1,
      system: 'sr2011',
      name: 'Banc du réseau',
      date: '2026-12-05',
      settings: { points: 50, variants: [], rounds: null },
      players: names.map((name, i) => makePlayer(i + 1, { name, nickname: undefined })),
      rounds: [],
    };
    await org.getByTestId('import-input').setInputFiles({ name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });
    await org.locator('li.card', { hasText: event.name }).first().locator('.card-main').click();
    await org.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
    await org.getByLabel('Adresse du serveur').fill(server.url);
    await org.getByLabel('Base du tournoi').fill('bench');
    await org.getByRole('button', { name: 'Activer' }).click();
    await org
      .getByTestId('sync-status')
      .filter({ hasText: /tout est envoyé/ })
      .waitFor(WAIT);
    await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
    await org.getByRole('button', { name: 'Apparier la ronde 1' }).click();
    await org.getByRole('button', { name: /Tirer au sort/ }).click();
    await org.getByRole('button', { name: 'Démarrer la ronde' }).click();
    await org.getByRole('button', { name: 'Bureau des résultats' }).click();
    await org.getByTestId('desk-network').waitFor(WAIT);
    const times: number[] = [];
    for (let table = 1; table <= names.length / 2; table++) {
      const sel = `[data-testid=desk-tickets] .ticket-slip[data-table="${table}"] svg.qr`;
      await org.locator(sel).waitFor(WAIT);
      const text = await readQr(org, sel);
      await phone.goto(`${served.url}#/table`);
      await phone.waitForSelector('body[data-ready="true"]');
      await phone.getByTestId('ticket-entry').fill(text);
      await phone.getByRole('button', { name: 'Ouvrir la partie' }).click();
      await phone.getByRole('heading', { name: 'Avant la partie' }).waitFor(WAIT);
      await phone.getByRole('radio').nth(0).click();
      await phone.getByRole('button', { name: 'Démarrer la pendule' }).click();
      await phone.getByRole('button', { name: 'Fin de partie…' }).click();
      await phone
        .getByRole('button', { name: /^Assassinat/ })
        .first()
        .click();
      await phone.getByRole('button', { name: 'Confirmer' }).click();
      await phone.getByRole('button', { name: 'Saisir le résultat' }).click();
      await phone.getByRole('button', { name: 'Enregistrer le résultat' }).click();
      const confirms = phone.getByRole('button', { name: / confirme$/ });
      await confirms.first().click();
      await phone.getByTestId('confirmed-a').or(phone.getByTestId('confirmed-b')).first().waitFor(WAIT);
      const at = Date.now();
      await phone
        .getByRole('button', { name: / confirme$/ })
        .last()
        .click();
      await org.locator(`[data-testid=desk-received] li[data-table="${table}"]`).waitFor(WAIT);
      times.push(Date.now() - at);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    report(`players' confirm to the row on the tablet, push path (median of ${times.length}; the desk reads every 2 s)`, `${Math.round(median)} ms`, 'target < 5 s');
    report(`  worst of the ${times.length}`, `${Math.max(...times)} ms`);
    await phoneContext.close();
  } finally {
    await chrome.close();
    await served.stop();
    await server.stop();
    profile.remove();
  }
}
