// One small event of each game system other than SR2011, run through the organizer's screens
// with the network cut: a Rackham 200-PA knockout (6 players, byes, organizer seeding, a list
// checked against the overage rule), a Rackham 500-point event, a CDR Swiss event (6 players, 3
// rounds) and a LotR round robin (5 players). Each event's standings on screen must be those
// `systemFor(id).computeStandings` gives for the exported file. Screenshots land in
// test-results/screens/ for a human to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, SystemId } from '../../src/domain/event-file';
import { systemFor, type GameSystem, type StandingRowBase } from '../../src/domain/systems';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';
import { deName } from '../../src/i18n/typography';

let served: Served;
let chrome: RunningChromium;
let profile: ReturnType<typeof tempProfile>;
let page: Page;

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

async function createEvent(name: string, system: SystemId, size: (page: Page) => Promise<void>, screenshot?: string) {
  await page.locator('header.topbar').getByRole('link', { name: 'Événements' }).click();
  await page.getByRole('button', { name: /Nouvel événement/ }).click();
  await page.getByLabel('Nom de l’événement').fill(name);
  await page.getByLabel('Système de jeu').selectOption(system);
  await size(page);
  if (screenshot) await shot(screenshot);
  await page.getByRole('button', { name: 'Créer l’événement' }).click();
  await page.waitForSelector(`h1:has-text("${name}")`);
}

async function register(names: readonly string[]) {
  for (const name of names) {
    await page.getByLabel('Nom', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Inscrire', exact: true }).click();
    await status(`${name} inscrit`);
  }
}

/** Pairs the next round and returns its rows (tables) and the names on byes. */
async function pair(n: number): Promise<{ rows: Locator; tables: number; byes: string[] }> {
  await tab('Rondes');
  await page.getByRole('button', { name: `Apparier la ronde ${n}` }).click();
  await page.locator('.round-tabs button[aria-current=true]', { hasText: `Ronde ${n}` }).waitFor();
  const rows = page.locator('[data-testid=pairings-table] tbody tr[data-table]');
  const byes = await page.locator('[data-testid=pairings-table] tbody tr.bye-row').allTextContents();
  return { rows, tables: await rows.count(), byes };
}

/** Opens a table's form, lets `fill` enter the result, saves, and waits for the table to be done. */
async function enter(row: Locator, fill: (a: string, b: string) => Promise<void>, screenshot?: string) {
  const table = await row.getAttribute('data-table');
  const [a, b] = (await row.locator('.player-name').allTextContents()).map((s) => s.trim()) as [string, string];
  await row.getByRole('button', { name: 'Saisir' }).click();
  await page.getByRole('heading', { name: 'Saisir le résultat' }).waitFor();
  await fill(a, b);
  if (screenshot) {
    await page.locator('.result-sides').scrollIntoViewIfNeeded();
    await shot(screenshot);
  }
  await page.getByRole('button', { name: 'Enregistrer le résultat' }).click();
  await page.locator(`[data-testid=pairings-table] tbody tr[data-table="${table}"].done`).waitFor();
}

const side = (name: string) => page.getByRole('group', { name, exact: true });
const number = (label: string, name: string, value: number | string) => page.getByRole('textbox', { name: `${label} — ${name}`, exact: true }).fill(String(value));
const winner = (name: string) => page.getByRole('radiogroup', { name: 'Vainqueur' }).getByRole('radio', { name, exact: true }).click();

async function exported(): Promise<EventFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.toolbar').getByRole('button', { name: 'Exporter' }).click()]);
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as EventFile;
}

/** The standings on screen, row by row: the same players in the same order and ranks as the domain's. */
async function expectStandings(event: EventFile, columns: Array<[string, (row: StandingRowBase & Record<string, unknown>) => string]>) {
  const expected = (systemFor(event.system) as GameSystem).computeStandings(event) as Array<StandingRowBase & Record<string, unknown>>;
  await tab('Classement');
  const table = page.getByTestId('standings-table');
  await table.waitFor();
  const shown = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      rank: tr.querySelector('.rank')?.textContent ?? '',
      name: tr.querySelector('th')?.textContent?.trim() ?? '',
      cols: Object.fromEntries([...tr.querySelectorAll('td[data-col]')].map((td) => [(td as HTMLElement).dataset.col!, td.textContent ?? ''])),
    })),
  );
  expect(shown.map((r) => r.name)).toEqual(expected.map((r) => r.name));
  expect(shown.map((r) => r.rank)).toEqual(expected.map((r) => String(r.rank)));
  for (const [col, value] of columns)
    expect(
      shown.map((r) => r.cols[col]),
      col,
    ).toEqual(expected.map(value));
  await table.scrollIntoViewIfNeeded();
}

// as the French screen shows numbers: decimal comma, a true minus sign
const fmt = (v: unknown): string => String(v).replace('.', ',').replace(/^-/, '\u2212');

describe('every game system runs a whole event through the UI, offline', () => {
  it('Rackham 200-PA challenge: a 6-player knockout with byes up to its champion', async () => {
    const NAMES = ['Aline Roy', 'Basile Noël', 'Céline Vidal', 'Denis Arnaud', 'Elsa Caron', 'Félix Aubert'];
    await createEvent(
      'Défi de Rackham',
      'confrontation-rackham',
      async () => {
        // the rules' own size is the default: the 200-PA challenge
        expect(await page.getByRole('radio', { name: 'Défi à 200 PA (élimination directe)' }).isChecked()).toBe(true);
      },
      'systems-create-rackham-1024x768.png',
    );
    await register(NAMES);

    // a list that goes over by more than half the cheapest model is refused, then fixed
    await page.getByRole('button', { name: `Listes ${deName(NAMES[0]!)}` }).click();
    const list = page.getByTestId('list-1');
    await list.getByLabel('Peuple / nom de la liste').fill('Lions d’Alahan');
    const model = async (j: number, name: string, cost: number, champion = false) => {
      await list.getByRole('textbox', { name: `Figurine ${j}`, exact: true }).fill(name);
      await list.getByRole('spinbutton', { name: `PA de la figurine ${j}` }).fill(String(cost));
      if (champion) await list.getByRole('checkbox', { name: `Figurine ${j}\u00a0: champion` }).check();
    };
    await model(1, 'Gaëlyn', 150, true);
    await model(2, 'Hallebardier', 40);
    await model(3, 'Archer', 30);
    await list.getByText('liste 1\u00a0: 220 PA\u202f; au plus 215 (200 + la moitié des 30 PA de la figurine la moins chère)').waitFor();
    await page.getByTestId('points-1').scrollIntoViewIfNeeded();
    await shot('systems-lists-rackham-1024x768.png');
    await model(3, 'Archer', 20);
    expect(await page.getByTestId('points-1').textContent()).toBe('Total\u00a0: 210 PA · au plus 210 PA (200 + la moitié des 20 PA de la figurine la moins chère)');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await status(`Listes ${deName(NAMES[0]!)} enregistrées.`);

    // the organizer seeds: Félix moves up to seed 5, Elsa down to 6
    await tab('Format');
    await page.getByRole('radio', { name: 'Ordre choisi par l’organisateur' }).check();
    await page.getByRole('button', { name: 'Monter Félix Aubert' }).click();
    expect(await page.getByTestId('seed-order').locator('.player-name').allTextContents()).toEqual([...NAMES.slice(0, 4), NAMES[5], NAMES[4]]);
    await page.getByText('Élimination directe\u00a0: le vainqueur de la finale est champion').waitFor();
    await shot('systems-format-rackham-1024x768.png');
    await page.getByRole('button', { name: 'Enregistrer le format' }).click();
    await status('Format enregistré.');

    // 8 places for 6 players: seeds 1 and 2 have a bye in the quarter-finals
    const r1 = await pair(1);
    expect(r1.tables).toBe(2);
    expect(r1.byes).toEqual([`—Qualifié d’office\u00a0: ${NAMES[0]}`, `—Qualifié d’office\u00a0: ${NAMES[1]}`]);
    expect(await page.getByTestId('round-stage').textContent()).toBe('Ronde 1 · Quart de finale');
    // the higher seed (side A) wins every game but the first
    await enter(r1.rows.nth(0), async (_a, b) => winner(b), 'systems-result-rackham-challenge-1024x768.png');
    await enter(r1.rows.nth(1), async (a) => {
      await page.getByRole('radiogroup', { name: 'Décidé au' }).getByRole('radio', { name: 'Duel' }).click();
      await winner(a);
    });
    await shot('systems-round-knockout-1024x768.png');
    const r2 = await pair(2);
    expect(r2.tables).toBe(2);
    expect(await page.getByTestId('round-stage').textContent()).toBe('Ronde 2 · Demi-finale');
    for (let i = 0; i < 2; i++) await enter(r2.rows.nth(i), async (a) => winner(a));
    const r3 = await pair(3);
    expect(r3.tables).toBe(1);
    await enter(r3.rows.nth(0), async (a) => winner(a));
    // the guide knows the final was played: no round 4 to offer, the reason shown before any tap
    expect(await page.getByRole('button', { name: 'Apparier la ronde 4' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('pair-blocked').textContent()).toBe(`La finale est jouée\u00a0: ${NAMES[0]} remporte l’événement.`);

    const event = await exported();
    expect(event.rounds.map((r) => r.stage)).toEqual(['quarter-final', 'semi-final', 'final']);
    expect(systemFor('confrontation-rackham').validateEvent(event)).toEqual([]);
    await expectStandings(event, [
      [
        'stage',
        (r) =>
          r.stage === 'champion' ? 'Champion' : ({ final: 'Finale', 'semi-final': 'Demi-finale', 'quarter-final': 'Quart de finale' } as Record<string, string>)[String(r.stage)]!,
      ],
    ]);
    expect(await page.getByTestId('bracket-champion').textContent()).toBe(NAMES[0]);
    await page.getByTestId('bracket').scrollIntoViewIfNeeded();
    await shot('systems-standings-knockout-1024x768.png');
    await page.getByRole('button', { name: 'Terminer l’événement' }).click();
    await page.getByText('Classement final (après la ronde 3)').waitFor();
    const id = /#\/event\/([^/]+)/.exec(await page.evaluate(() => location.hash))![1];
    await page.evaluate((h) => (location.hash = h), `#/event/${id}/projector/standings`);
    await page.getByTestId('bracket').waitFor();
    await shot('systems-projector-bracket-1024x768.png');
    await page.evaluate((h) => (location.hash = h), `#/event/${id}/standings`);
    await page.getByTestId('standings-table').waitFor();
  });

  it('Rackham 500 points: a Swiss points event scored on wins, then the games’ totals', async () => {
    const NAMES = ['Gilles Perrin', 'Hélène Giraud', 'Ivan Collet', 'Jade Lemoine'];
    await createEvent('Rackham 500', 'confrontation-rackham', async () => {
      await page.getByRole('radio', { name: 'Parties à 500 points (classement aux points)' }).check();
    });
    await register(NAMES);
    for (const n of [1, 2]) {
      const r = await pair(n);
      expect(r.tables).toBe(2);
      for (let i = 0; i < r.tables; i++)
        await enter(
          r.rows.nth(i),
          async (a, b) => {
            await number('PA des figurines ennemies tuées', a, 120 + 10 * i + n);
            await number('PA des figurines ennemies tuées', b, 90 + 15 * i);
            await side(a)
              .getByRole('checkbox', { name: `+20\u00a0: a tué la figurine ennemie la plus chère — ${a}` })
              .check();
            await page.getByRole('radiogroup', { name: 'Tours joués (8 au plus)' }).getByRole('radio', { name: '8' }).click();
          },
          n === 1 && i === 0 ? 'systems-result-rackham-500-1024x768.png' : undefined,
        );
    }
    const event = await exported();
    await expectStandings(event, [
      ['points', (r) => fmt(r.points)],
      ['score', (r) => fmt(r.score)],
    ]);
    await shot('systems-standings-rackham-500-1024x768.png');
  });

  it('Confrontation CDR: 6 players, 3 Swiss rounds on TP then goal-average', async () => {
    const NAMES = ['Karine Hamon', 'Loïc Barbier', 'Maëlle Renaud', 'Nathan Picard', 'Océane Leroy', 'Pierre Gautier'];
    await createEvent('Tournoi CDR', 'confrontation-cdr', async () => {
      // no default size: the organizer must give one
      await page.getByRole('button', { name: 'Créer l’événement' }).click();
      await page.getByText('Indiquez la taille des armées (en points).').waitFor();
      await page.getByLabel('Taille des armées (points)').fill('400');
    });
    await register(NAMES);
    await tab('Format');
    await page.getByTestId('order-help').getByText('PT puis goal-average (pertes ennemies − pertes subies + bonus, bonus plafonné à 100 PA).').waitFor();
    await page.getByRole('radio', { name: 'Nombre fixé à l’avance' }).check();
    await page.getByLabel('Rondes', { exact: true }).fill('3');
    await shot('systems-format-cdr-1024x768.png');
    await page.getByRole('button', { name: 'Enregistrer le format' }).click();
    await status('Format enregistré.');
    const VP = [
      [2, 1],
      [1, 1],
      [3, 0],
    ] as const;
    for (const n of [1, 2, 3]) {
      const r = await pair(n);
      expect(r.tables).toBe(3);
      for (let i = 0; i < 3; i++)
        await enter(
          r.rows.nth(i),
          async (a, b) => {
            const [va, vb] = VP[(i + n) % 3]!;
            await side(a)
              .getByRole('radiogroup', { name: /Points de victoire/ })
              .getByRole('radio', { name: String(va) })
              .click();
            await side(b)
              .getByRole('radiogroup', { name: /Points de victoire/ })
              .getByRole('radio', { name: String(vb) })
              .click();
            await number('Pertes adverses (valeur stratégique, PA)', a, 100 + 7 * i + n);
            await number('Pertes adverses (valeur stratégique, PA)', b, 60 + 11 * i);
            if (i === 0) await number('Bonus du scénario (PA\u202f; 100 au plus comptés)', a, 150);
          },
          n === 1 && i === 0 ? 'systems-result-cdr-1024x768.png' : undefined,
        );
    }
    const event = await exported();
    expect(event.rounds.flatMap((r) => r.pairings.map((p) => p.result!.a.tp))).toHaveLength(9);
    await expectStandings(event, [
      ['tp', (r) => fmt(r.tp)],
      ['goalAverage', (r) => fmt(r.goalAverage)],
    ]);
    expect(await page.getByText('3 rondes terminées sur 3 prévues').count()).toBe(1);
    await shot('systems-standings-cdr-1024x768.png');
  });

  it('Lord of the Rings: a 5-player round robin, no army lists, points then head-to-head, body count, kills', async () => {
    const NAMES = ['Quentin Morin', 'Rose Mercier', 'Samuel Dupuis', 'Théa Fabre', 'Ugo Marchand'];
    await createEvent('Anneau unique', 'lotr-sbg', async () => void (await page.getByLabel('Taille des armées (points)').fill('500')));
    await register(NAMES);
    // no list rules in this game: no lists column, no lists editor
    expect(await page.getByRole('button', { name: `Listes ${deName(NAMES[0]!)}` }).count()).toBe(0);
    expect(await page.locator('[data-testid=players-table] th', { hasText: 'Listes' }).count()).toBe(0);
    await shot('systems-players-lotr-1024x768.png');
    await tab('Format');
    await page.getByRole('radio', { name: 'Toutes rondes\u00a0: chacun rencontre chacun (petits groupes)' }).check();
    expect(await page.getByTestId('rounds-line').textContent()).toBe('5 rondes pour 5 joueurs (toutes rondes).');
    await shot('systems-format-lotr-1024x768.png');
    await page.getByRole('button', { name: 'Enregistrer le format' }).click();
    await status('Format enregistré.');
    const SCORES = [
      [3, 0],
      [2, 1],
      [1.5, 1.5],
    ] as const;
    for (const n of [1, 2, 3, 4, 5]) {
      const r = await pair(n);
      expect(r.tables).toBe(2);
      expect(r.byes).toHaveLength(1);
      for (let i = 0; i < 2; i++)
        await enter(
          r.rows.nth(i),
          async (a, b) => {
            // the desk asks the winner and the victory: the points follow
            const [pa, pb] = SCORES[(n + i) % 3]!;
            if (pa === pb) await winner('Égalité parfaite (1,5-1,5)');
            else {
              await winner(a);
              await page.getByRole('radio', { name: pa === 3 ? 'Victoire totale (3-0)' : 'Victoire aux points (2-1)', exact: true }).click();
            }
            expect(await page.getByTestId('lotr-points').textContent()).toBe(`${a} ${fmt(pa)} – ${fmt(pb)} ${b}`);
            await number('Solde de figurines (survivantes − perdues)', a, 10 - n);
            await number('Solde de figurines (survivantes − perdues)', b, i - 2);
            await number('Éliminations (figurines adverses éliminées)', a, 6 + i);
            await number('Éliminations (figurines adverses éliminées)', b, 3);
          },
          n === 1 && i === 0 ? 'systems-result-lotr-1024x768.png' : undefined,
        );
    }
    expect(await page.getByRole('button', { name: 'Apparier la ronde 6' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('pair-blocked').textContent()).toBe('Les 5 rondes du toutes-rondes sont jouées\u00a0: l’événement est terminé.');
    const event = await exported();
    await expectStandings(event, [
      ['points', (r) => fmt(r.points)],
      ['bodyCount', (r) => fmt(r.bodyCount)],
      ['kills', (r) => fmt(r.kills)],
    ]);
    await shot('systems-standings-lotr-1024x768.png');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('systems-standings-lotr-768x1024.png');
    await page.setViewportSize({ width: 1024, height: 768 });
  });
});
