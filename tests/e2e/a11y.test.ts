// axe-core (the engine behind Lighthouse's and DevTools' accessibility audits) on every screen of
// the built app in Chromium: home, the new event form, the four event tabs with a round running,
// a result form, both projectors, the ticket panel and table mode opened from that ticket,
// settings, the players' view and a campaign. Any violation fails, named with its elements.
// Each screen must also have its own document title.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicView } from '../../src/domain/public-view';
import { makeLargeEvent } from '../fixtures/events';
import { openApp, serveDist, startChromium, tempProfile, type RunningChromium, type Served } from './harness';
import { longEvent } from './screens';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PUBLIC_SOURCE = 'http://players.invalid/open-public';

let served: Served;
const profile = tempProfile();
let browser: RunningChromium;
let page: Page;
let eventId = '';
const titles = new Map<string, string>();

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe on the page as it stands; the script is injected again after any full load. */
async function audit(where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: false } } });
    // the check that a control's name contains the words it shows (WCAG 2.5.3), on its own.
    // Not on a table clock's halves: each is one big tap target named by its action and its
    // player's name (« Fin du tour de … »); what else it shows is the running clock's readout.
    const named = await axe.run({ exclude: [['.half-tap']] } as unknown as Document, { resultTypes: ['violations'], runOnly: ['label-content-name-mismatch'] });
    return [...result.violations, ...named.violations].map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
  });
  // axe has no rule for a field's edge (WCAG 1.4.11, non-text contrast): 3:1 against the field
  // and against what is around it
  const edges = await page.evaluate(() => {
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]): number => {
      const f = (v: number): number => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const ratio = (a: string, b: string): number => {
      const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    const opaque = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (rgb(c)[3] !== 0 && c !== 'transparent') return c;
      }
      return getComputedStyle(document.body).backgroundColor;
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), select, textarea')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || (el as HTMLElement).offsetParent === null || parseFloat(s.borderTopWidth) === 0) continue;
      const inside = ratio(s.borderTopColor, opaque(el));
      const around = ratio(s.borderTopColor, opaque(el.parentElement));
      if (Math.min(inside, around) < 3) out.push(`${el.tagName.toLowerCase()}[name=${el.getAttribute('name') ?? ''}] ${inside.toFixed(2)} / ${around.toFixed(2)}`);
    }
    return out;
  });
  expect(edges, `${where}: field edges under 3:1`).toEqual([]);
  const title = await page.title();
  titles.set(where, title);
  expect(found as Finding[], `${where}: ${JSON.stringify(found, null, 1)}`).toEqual([]);
}

async function visit(hash: string, ready: string): Promise<void> {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  // the title and focus follow the screen's heading once it is there
  await page.waitForTimeout(200);
}

const click = (name: string | RegExp) =>
  page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();

beforeAll(async () => {
  served = await serveDist();
  browser = await startChromium(profile.dir);
  page = await openApp(browser.context, served.url);
  // the players' view reads a public database: this one answers from the test
  const view = publicView(makeLargeEvent(16, 2), Date.UTC(2026, 11, 5, 14, 0));
  await page.route(`${PUBLIC_SOURCE}/event`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(view) }),
  );
});

afterAll(async () => {
  await browser?.close();
  await served?.stop();
  profile.remove();
});

describe('axe-core finds no violation on any screen', () => {
  it('home and the new event form', async () => {
    await visit('#/', '[data-testid=import-input]');
    await audit('home');
    await click(/Nouvel événement/);
    await page.getByLabel('Nom de l’événement').waitFor();
    await audit('create');
    await page.keyboard.press('Escape');
  });

  it('the four event tabs with a round running, a result form, both projectors', async () => {
    const event = longEvent('sr2011', 'Grand Open de Lyon-Villeurbanne', 50, true);
    await visit('#/', '[data-testid=import-input]');
    await page.getByTestId('import-input').setInputFiles({ name: 'a11y.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });
    await page.locator('li.card', { hasText: event.name }).first().locator('.card-main').click();
    await page.waitForURL(/#\/event\//);
    eventId = decodeURIComponent(/#\/event\/([^/]+)/.exec(page.url())![1]!);
    await page.locator('nav.tabs a', { hasText: 'Rondes' }).click();
    await click('Apparier la ronde 1');
    await page.getByTestId('pairings-table').waitFor();
    await click('Choisir');
    await click('Déborder');
    await click('Démarrer la ronde');
    await page.getByText('Temps de base restant').first().waitFor();
    const base = `#/event/${encodeURIComponent(eventId)}`;
    for (const tab of ['settings', 'players', 'rounds', 'standings']) {
      await visit(`${base}/${tab}`, 'nav.tabs');
      await audit(`event ${tab}`);
    }
    await visit(`${base}/rounds`, '[data-testid=pairings-table]');
    await page.getByTestId('pairings-table').locator('tr[data-table="1"] button.result-btn').click();
    await page.locator('form.result-form').waitFor();
    await audit('result form');
    await page.locator('form.result-form').getByRole('button', { name: 'Annuler' }).click();
    await visit(`${base}/projector/pairings`, '[data-testid=projector-pairings]');
    await audit('projector pairings');
    await visit(`${base}/projector/standings`, 'main.projector');
    await audit('projector standings');
  });

  it('the ticket panel, and table mode opened from that ticket', async () => {
    await visit(`#/event/${encodeURIComponent(eventId)}/rounds`, '[data-testid=pairings-table]');
    await click('Ticket QR de la table 1');
    const code = page.getByTestId('ticket-short-code');
    await code.waitFor();
    await audit('ticket panel');
    const shortCode = (await code.textContent())!;
    await visit('#/table', '[data-testid=ticket-entry]');
    await audit('table home');
    await page.getByTestId('ticket-entry').fill(shortCode);
    await click('Ouvrir la partie');
    await page.getByRole('heading', { name: 'Avant la partie' }).waitFor();
    await audit('table set-up');
    await page.getByRole('radio').first().click();
    await click('Démarrer la pendule');
    await page.getByTestId('turn').filter({ hasText: 'Tour 1' }).waitFor();
    await audit('table clock');
    await visit(`#/event/${encodeURIComponent(eventId)}/table/1/1`, 'main h1');
    await audit("the organizer's table clock");
  });

  it('settings, the players view and a campaign', async () => {
    await visit('#/settings', 'main h1');
    await audit('settings');
    await visit(`#/public/${encodeURIComponent(PUBLIC_SOURCE)}`, '[data-testid=public-pairings], [data-testid=public-standings]');
    await audit("players' view");
    await visit('#/campaigns', 'main h1');
    await audit('campaigns');
    await click(/Nouvelle campagne/);
    await page.getByLabel('Nom de la campagne').fill('Marches de l’Est');
    await click('Créer et dessiner la carte');
    await page.getByRole('heading', { name: 'Préparer la campagne' }).waitFor();
    await audit('campaign');
  });

  it('gives every screen its own title', () => {
    const all = [...titles.values()];
    for (const [where, title] of titles) expect(title, where).not.toBe('Tournoi');
    // dialogs and panels over a screen keep its title; the organizer's table opens on the same
    // set-up screen as the ticket's table
    const screens = [...titles.keys()].filter((w) => !['create', 'result form', 'ticket panel', "the organizer's table clock"].includes(w));
    expect(new Set(screens.map((w) => titles.get(w))).size, JSON.stringify(Object.fromEntries(titles), null, 1)).toBe(screens.length);
    expect(all.every((t) => t.endsWith(' · Tournoi'))).toBe(true);
  });

  it('the installed app offers screenshots at their real sizes and the two shortcuts', () => {
    const manifest = JSON.parse(readFileSync(join('dist', 'manifest.webmanifest'), 'utf8')) as {
      screenshots: Array<{ src: string; sizes: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(manifest.screenshots.length).toBeGreaterThan(0);
    for (const shot of manifest.screenshots) {
      const png = readFileSync(join('dist', shot.src));
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
    }
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Pendule', './#/table'],
      ['Nouveau tournoi', './#/new'],
    ]);
    // not precached: the app runs offline without them
    expect(readFileSync(join('dist', 'sw.js'), 'utf8')).not.toContain('screenshots/');
  });

  it('opens the new event form from the « Nouveau tournoi » shortcut', async () => {
    await page.goto(`${served.url}#/new`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByLabel('Nom de l’événement').waitFor();
  });
});
