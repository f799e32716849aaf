// A Warmaster campaign of two players over three turns, run entirely through the organizer's
// screens with the network cut: the map painted, the set-up (one placement refused and
// explained), moves with their path preview, a battle with its sheet and the loser's flight, fate,
// a road, income, a reload in the middle, then the exported file must replay to what the screen
// shows. The dice are the app's own (random seeds), so the test reads the screen to know who
// moves and which fate came up. Map screenshots in landscape and portrait land in
// test-results/screens/.
import { join } from 'node:path';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hexKey, importCampaign, offsetToHex } from '../../src/domain/warmaster';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;

const NAMES: Record<string, string> = { p1: 'Alice', p2: 'Bruno' };
/** each player's march along row 5 (index 4), toward the other */
const ROW = 4;
const CITY: Record<string, number> = { p1: 1, p2: 10 };

const shot = (name: string) => page.screenshot({ path: join(SHOTS, name) });
const hex = (col: number, row: number) => page.locator(`[data-hex="${hexKey(offsetToHex(col, row))}"]`);
const tool = (name: string) => page.getByRole('radio', { name, exact: true }).check();

async function step(): Promise<{ awaiting: string; player: string }> {
  const panel = page.locator('.panel.step');
  await panel.waitFor();
  return { awaiting: (await panel.getAttribute('data-step'))!, player: (await panel.getAttribute('data-player'))! };
}

/** Waits until the panel moves on from `awaiting` (and player, when given). */
async function stepAfter(prev: { awaiting: string; player: string }): Promise<{ awaiting: string; player: string }> {
  await page.waitForFunction(({ awaiting, player }) => {
    const p = document.querySelector('.panel.step');
    return p && (p.getAttribute('data-step') !== awaiting || p.getAttribute('data-player') !== player);
  }, prev);
  return step();
}

async function button(name: string | RegExp) {
  await page.getByRole('button', { name }).click();
}

/** Fate for everyone (declining any choice), every action skipped but `road`, then income. */
async function resourcesPhase(road?: () => Promise<void>) {
  let s = await step();
  for (let guard = 0; guard < 12 && s.awaiting !== 'muster'; guard++) {
    if (s.awaiting === 'fate') await button(`Lancer le destin ${s.player === 'p1' ? 'd’Alice' : 'de Bruno'}`);
    else if (s.awaiting === 'fate-choice') await button('Renoncer');
    else if (s.awaiting === 'action') {
      if (road && s.player === 'p1') await road();
      else await button(`${NAMES[s.player]} ne fait rien ce tour`);
    } else if (s.awaiting === 'income') {
      await page.getByTestId('income').waitFor();
      await button('Lancer les dés des mines et encaisser');
    } else throw new Error(`unexpected step ${s.awaiting}`);
    s = await stepAfter(s);
  }
  expect(s.awaiting).toBe('muster');
}

async function rollInitiative() {
  await button(/Lancer l’initiative/);
  return stepAfter({ awaiting: 'initiative', player: '' });
}

async function endTurn(n: number) {
  await button(`Terminer le tour ${n}`);
  await page
    .getByTestId('campaign-phase')
    .filter({ hasText: `Tour ${n + 1} · Initiative` })
    .waitFor();
}

beforeAll(async () => {
  // a failure shot from an earlier run would pass for this one's
  if (existsSync(SHOTS)) for (const f of readdirSync(SHOTS)) if (f.startsWith('campaign-failed-')) rmSync(join(SHOTS, f));
  served = await serveDist();
  profile = tempProfile();
  chrome = await startChromium(profile.dir);
  page = await openApp(chrome.context, served.url);
  await waitForServiceWorker(page);
  await served.stop();
  await chrome.context.setOffline(true);
});

// what the screen showed when a step failed, for whoever reads the report
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await shot(`campaign-failed-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}.png`).catch(() => undefined);
});

afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  profile?.remove();
});

describe('a two-player Warmaster campaign over three turns, offline', () => {
  it('prepares the campaign: players, factions and a painted map', async () => {
    await page.getByRole('link', { name: 'Campagnes' }).click();
    await page.getByText('Aucune campagne pour l’instant.').waitFor();
    await button(/Nouvelle campagne/);
    await page.getByLabel('Nom de la campagne').fill('Marches de l’Est');
    await button('Créer et dessiner la carte');
    await page.getByRole('heading', { name: 'Préparer la campagne' }).waitFor();
    await page.getByLabel('Joueur 1', { exact: true }).fill('Alice');
    await page.getByLabel('Joueur 2', { exact: true }).fill('Bruno');
    await page.getByLabel('Faction du joueur 2').selectOption('orcs');
    // woods and hills off the marching row, a river with a bridge and a ford, a road
    await tool('Bois');
    for (const [c, r] of [
      [4, 1],
      [5, 1],
      [5, 2],
      [6, 7],
    ])
      await hex(c!, r!).click();
    await tool('Colline');
    for (const [c, r] of [
      [8, 2],
      [8, 6],
    ])
      await hex(c!, r!).click();
    await tool('Montagne');
    await hex(9, 0).click();
    await tool('Mer');
    for (const [c, r] of [
      [0, 8],
      [1, 8],
      [11, 0],
    ])
      await hex(c!, r!).click();
    await tool('Rivière');
    await hex(6, 0).click();
    await hex(7, 0).click();
    await hex(7, 1).click();
    await tool('Gué');
    await hex(6, 1).click();
    await hex(7, 1).click();
    await tool('Pont');
    await hex(6, 2).click();
    await hex(7, 2).click();
    await tool('Chemin');
    for (const [c, r] of [
      [2, 6],
      [3, 6],
      [4, 6],
    ])
      await hex(c!, r!).click();
    await shot('campaign-editor-1024x768.png');
    await button('Créer la campagne');
    await page.getByRole('heading', { name: 'Mise en place', exact: true }).waitFor();
  });

  it('sets up both realms, a refused village explained on the way', async () => {
    // Alice: city, a village too close (refused, with the reason), a mine, one detachment
    await hex(CITY.p1!, ROW).click();
    await page.getByText('Armée d’Alice').waitFor();
    await tool('Village (100 PDR)');
    await hex(3, ROW).click();
    expect(await page.getByRole('alert').textContent()).toMatch(
      /^Un village doit être à plus de 3 hexagones de tout autre village ou ville\u00a0: ville d’Alice \(B5\) est à 2\.$/,
    );
    await tool('Mine (50 PDR)');
    await hex(3, ROW).click();
    await page.locator('[data-testid=bank-p1]', { hasText: '950' }).waitFor();
    await page.getByLabel('Points', { exact: true }).fill('500');
    await button('Recruter 500 pts (ville B5)');
    await page.locator('[data-testid=bank-p1]', { hasText: '450' }).waitFor();
    // Bruno (Orcs): city and one detachment
    await tool('Bruno');
    await hex(CITY.p2!, ROW).click();
    await page.getByText('Armée de Bruno').waitFor();
    await page.getByLabel('Points', { exact: true }).fill('400');
    await button('Recruter 400 pts (ville K5)');
    await page.locator('[data-testid=bank-p2]', { hasText: '600' }).waitFor();
    await shot('campaign-setup-1024x768.png');
    await button('Commencer la campagne');
    await page.getByTestId('campaign-phase').filter({ hasText: 'Tour 1 · Initiative' }).waitFor();
  });

  it('turn 1: initiative, both armies march three hexes with a previewed path, a road, income', async () => {
    let s = await rollInitiative();
    await page.getByTestId('initiative').waitFor();
    for (let moves = 0; moves < 2; moves++) {
      expect(s.awaiting).toBe('move');
      const from = CITY[s.player]!;
      const to = s.player === 'p1' ? from + 3 : from - 3;
      await hex(to, ROW).click();
      const preview = page.getByTestId('path-preview');
      await preview.waitFor();
      // Alice crosses her mine's hex, which counts as road: half a point
      expect(await preview.locator('.path-cost').textContent()).toBe(s.player === 'p1' ? 'Coût\u00a0: 2,5 sur 3 points de mouvement' : 'Coût\u00a0: 3 sur 3 points de mouvement');
      if (moves === 0) await shot('campaign-move-preview-1024x768.png');
      await page.getByRole('button', { name: /^Déplacer vers / }).click();
      s = await stepAfter(s);
    }
    // Alice's one action: a road from her city to her mine, which then yields
    await resourcesPhase(async () => {
      await tool('Route (5 PDR par hexagone)');
      await hex(CITY.p1!, ROW).click();
      await hex(3, ROW).click();
      await page.getByText('B5 → C5 → D5').waitFor();
      await button('Construire la route');
    });
    // linked by the new road, the mine yields unless its die came up 1
    const mine = page.getByRole('table', { name: 'Revenus d’Alice' }).locator('tr', { hasText: 'mine D5' });
    expect(await mine.textContent()).toMatch(/reliée|épuisée/);
    await shot('campaign-income-1024x768.png');
    await endTurn(1);
  });

  it('survives a reload in the middle of the campaign', async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByTestId('campaign-phase').filter({ hasText: 'Tour 2 · Initiative' }).waitFor();
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page
      .getByTestId('journal')
      .getByText(/va en E5/)
      .waitFor();
    await shot('campaign-journal-1024x768.png');
    await page.getByRole('tab', { name: 'Tour' }).click();
  });

  it('turn 2: contact, the battle sheet, the result, the loser flees', async () => {
    let s = await rollInitiative();
    expect(s.awaiting).toBe('move');
    // the first mover walks into the other army: three plain hexes, contact
    const target = s.player === 'p1' ? CITY.p2! - 3 : CITY.p1! + 3;
    await hex(target, ROW).click();
    await page.getByText('Contact avec une armée ennemie').waitFor();
    await shot('campaign-map-1024x768.png');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('campaign-map-768x1024.png');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: /^Déplacer vers / }).click();
    s = await stepAfter(s);
    expect(s.awaiting).toBe('choose-battle');
    await page.getByRole('button', { name: /^Livrer la bataille en / }).click();
    const sheet = page.getByTestId('battle-sheet');
    await sheet.waitFor();
    expect(await sheet.locator('.sheet-points').allTextContents()).toEqual(s.player === 'p1' ? ['500', '400'] : ['400', '500']);
    await sheet.getByText(/^Premier joueur\u00a0: (Alice|Bruno)$/).waitFor();
    await shot('campaign-battle-sheet-1024x768.png');
    // what the printer gets: the sheet alone, black on white
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.campaign-map').isVisible()).toBe(false);
    await shot('campaign-battle-sheet-print.png');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('radiogroup', { name: 'Vainqueur' }).getByRole('radio', { name: 'Alice' }).check();
    await page.getByLabel('Points de victoire d’Alice').fill('150');
    await page.getByLabel('Points de victoire de Bruno').fill('100');
    await button('Enregistrer la bataille');
    // Bruno's 400 - 150 = 250, under the Orcs' 275: he flees to the nearest free hex
    s = await stepAfter({ awaiting: 'record-battle', player: '' });
    expect(s).toEqual({ awaiting: 'flee', player: 'p2' });
    await page
      .getByRole('button', { name: /^Fuir vers / })
      .first()
      .click();
    s = await stepAfter(s);
    await resourcesPhase();
    await endTurn(2);
  });

  it('zooms and pans the map by buttons, mouse drag and a two-finger pinch', async () => {
    const viewBox = async () => (await page.locator('svg.hexmap').getAttribute('viewBox'))!.split(' ').map(Number) as [number, number, number, number];
    const full = await viewBox();
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    const zoomed = await viewBox();
    expect(zoomed[2]).toBeCloseTo(full[2] / 1.4, 0);
    // a drag moves the map and is not taken for a tap on the hex under the finger
    const box = (await page.locator('.map-frame').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const before = await page.locator('.panel.step').getAttribute('data-step');
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 60, cy - 40, { steps: 6 });
    await page.mouse.up();
    const panned = await viewBox();
    expect(panned[0]).toBeGreaterThan(zoomed[0]);
    expect(panned[1]).toBeGreaterThan(zoomed[1]);
    expect(await page.locator('.panel.step').getAttribute('data-step')).toBe(before);
    expect(await page.getByRole('alert').count()).toBe(0);
    // two fingers spreading apart zoom in around them
    const cdp = await chrome.context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - d, y: cy, id: 1 },
                { x: cx + d, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 40);
    for (const d of [60, 80, 100, 120]) await touch('touchMove', d);
    await touch('touchEnd', 0);
    const pinched = await viewBox();
    expect(pinched[2]).toBeLessThan(panned[2] / 2);
    await page.getByRole('button', { name: 'Ajuster' }).click();
    expect(await viewBox()).toEqual(full);
  });

  it('turn 3: Alice holds, the beaten Orcs move last, and the campaign reaches turn 4', async () => {
    let s = await rollInitiative();
    for (let guard = 0; guard < 4 && s.awaiting === 'move'; guard++) {
      await button(`${NAMES[s.player]}\u00a0: tous les autres restent sur place`);
      s = await stepAfter(s);
    }
    await resourcesPhase();
    await endTurn(3);
    expect(await page.locator('[data-testid=bank-p1]').textContent()).toMatch(/^\d+$/);
  });

  it('exports a file that replays to the screen, and the map as images', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.campaign-head').getByRole('button', { name: 'Exporter' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    const back = importCampaign(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.state).toMatchObject({ turn: 4, phase: 'initiative', name: 'Marches de l’Est' });
    expect(back.state.history).toHaveLength(3);
    expect(back.state.history[1]!.battles[0]!.result).toMatchObject({ winner: 'p1', losses: { p1: 100, p2: 150 } });
    for (const p of ['p1', 'p2']) expect(await page.locator(`[data-testid=bank-${p}]`).textContent()).toBe(String(back.state.bank[p]));
    // the map as images: a self-contained SVG with its hex labels, and a PNG drawn through a canvas
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger la carte en image SVG' }).click()]);
    expect(svg.suggestedFilename()).toBe('marches-de-l-est-carte.svg');
    const svgText = readFileSync((await svg.path())!, 'utf8');
    expect(svgText).toMatch(/^<\?xml[^>]*>\n<svg /);
    expect(svgText).toContain('<title>Carte de la campagne Marches de l’Est</title>');
    expect(svgText).toContain('>L9</text>');
    expect(svgText).not.toContain('data-mark=');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger la carte en image PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('marches-de-l-est-carte.png');
    expect(
      readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const d = back.state.detachments.map((x) => [x.owner, x.points]);
    expect(d).toEqual([
      ['p1', 400],
      ['p2', 250],
    ]);
  });
});
