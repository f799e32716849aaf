// One round of each game system through the same organizer screens, with no network between
// the organizer's tablet and a table phone (two Chromium processes, separate profiles, both
// offline): pair -> start the round (the clock the system declares) -> ticket QR -> the table's
// clock and end-of-game on the phone -> result QR back -> the standings the domain computes for
// the exported file. QR codes travel through Chromium's fake camera as in table-mode.test.ts.
// Screenshots of each system's round screen at 1024x768 go to test-results/screens/ (and to
// SHOTS_11 when set).
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, SystemId } from '../../src/domain/event-file';
import { decodeResultCode } from '../../src/domain/handoff';
import { systemFor, type GameSystem } from '../../src/domain/systems';
import { deName } from '../../src/i18n/typography';
import { makePlayer } from '../fixtures/events';
import { showToCamera } from './camera';
import { SHOTS, type Served } from './harness';
import { readTicket } from './organizer';
import { twoDevicesOffline, type TwoDevices } from './setups';

let devices: TwoDevices;
let served: Served;
let org: Page;
let tab: Page;
let organizerCam = '';
let phoneCam = '';

async function shot(page: Page, name: string): Promise<void> {
  const path = join(SHOTS, name);
  await page.screenshot({ path });
  const extra = process.env.SHOTS_11;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(path, join(extra, name));
  }
}

const list = (caster: string, models: Array<[string, number]>) => ({ caster, themeForce: null, tier: null, bonus: 0, models: models.map(([name, cost]) => ({ name, cost })) });

function eventOf(system: SystemId, name: string, points: number, names: readonly string[], lists: (i: number) => unknown[] = () => []): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name,
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null },
    players: names.map((n, i) => makePlayer(i + 1, { name: n, nickname: undefined, faction: undefined, lists: lists(i) as never })),
    rounds: [],
  } as EventFile;
}

interface Case {
  title: string;
  event: EventFile;
  /** on the organizer's tablet, from the paired round to a running clock */
  start: (org: Page) => Promise<void>;
  /** on the phone, from the scanned ticket to the result both players confirm */
  play: (tab: Page, a: string, b: string) => Promise<void>;
  /** what the result code carries */
  expected: (a: string, b: string) => Record<string, unknown>;
}

const NAMES = ['Amélie Lefèvre-Dubois', 'Bérénice Château', 'Côme Ducasse', 'Daphné Œuvray'];
/** Rackham challenge hands (200 PA): every first card has its own cost, so stakes never tie */
const CARDS: Array<Array<[string, number]>> = [
  [
    ['Sessair', 60],
    ['Barde', 40],
    ['Guerrier', 50],
  ],
  [
    ['Croc', 34],
    ['Prédateur', 45],
    ['Traqueur', 70],
  ],
  [
    ['Druide', 41],
    ['Ours', 55],
    ['Kelt', 60],
  ],
  [
    ['Loup', 52],
    ['Chasseur', 38],
    ['Ancien', 65],
  ],
];
const firstCard = (name: string): [string, number] => CARDS[NAMES.indexOf(name)]![0]!;
const taker = (a: string, b: string): string => (firstCard(a)[1] < firstCard(b)[1] ? a : b);
const click = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' }).click();
const radio = (page: Page, group: string, name: string) => page.getByRole('radiogroup', { name: group }).getByRole('radio', { name, exact: true }).click();

/** Every clock but LotR's asks who plays first, then offers "Fin de partie…" -> "Autre fin". */
async function plainClockToResult(tab: Page, a: string): Promise<void> {
  await tab.getByRole('radio', { name: a }).click();
  await click(tab, 'Démarrer la pendule');
  await click(tab, 'Fin de partie…');
  await click(tab, 'Autre fin\u00a0: saisir le résultat');
}

const CASES: Case[] = [
  {
    title: 'Steamroller 2011: hidden length, scenario, CP and APD from the table',
    event: eventOf('sr2011', 'Steamroller de Lyon', 50, NAMES, (i) => [
      list(i % 2 ? 'Sorscha' : 'Stryker', [
        ['Ironclad', 7],
        ['Lancer', 6],
      ]),
    ]),
    start: async (org) => {
      await click(org, 'Choisir');
      await click(org, 'Déborder');
      await click(org, 'Démarrer la ronde');
      await org.getByText('Temps de base restant').waitFor();
    },
    play: async (tab, a, b) => {
      await tab.getByRole('radio', { name: a }).click();
      await click(tab, 'Démarrer la pendule');
      await tab
        .getByTestId('turn')
        .filter({ hasText: `Tour 1 · ${a}` })
        .waitFor();
      await click(tab, 'Fin de partie…');
      await click(tab, `Victoire de scénario\u00a0: ${b} gagne`);
      await click(tab, 'Confirmer');
      await click(tab, 'Saisir le résultat');
      await tab.getByRole('textbox', { name: `Points de contrôle ${deName(b)}` }).fill('2');
      await tab.getByRole('textbox', { name: `Points d’armée détruits par ${b}` }).fill('13');
      await click(tab, 'Enregistrer le résultat');
    },
    expected: () => ({ winner: 'b', how: 'scenario', b: { cp: 2, apd: 13 } }),
  },
  {
    title: 'Confrontation 200-PA challenge knockout: a limit per table, the challenge at the table',
    event: eventOf('confrontation-rackham', 'Défi de Cadwallon', 200, NAMES, (i) => [list('Armée', CARDS[i]!)]),
    start: async (org) => {
      await org.getByText(/la limite de temps se lit à la ligne «\u00a06 − dé\u00a0»/).waitFor();
      await click(org, 'Démarrer la ronde');
      await org.getByLabel('Ligne du tableau').selectOption('2');
      await org.getByLabel('Limite lue (minutes)').fill('45');
      await click(org, 'Lancer la limite');
      await org
        .getByTestId('table-limits')
        .filter({ hasText: /Table 1\u00a0: ligne 2, 45 min · reste 4\d:\d\d/ })
        .waitFor();
    },
    play: async (tab, a, b) => {
      // the organizer noted table 1's row before its ticket: the phone shows it and never rolls again;
      // hands and stakes are revealed before the game
      await tab.getByTestId('challenge-limit').filter({ hasText: 'limite de temps ligne 2, 45 min' }).waitFor();
      expect(await tab.getByRole('button', { name: /Lancer le dé du défi/ }).count()).toBe(0);
      await click(tab, 'Suivant');
      // each stakes the first card of their list; the lower stake takes the challenge and succeeds
      for (const name of [a, b]) {
        const [card, cost] = firstCard(name);
        await tab
          .getByRole('group', { name: `Mise ${deName(name)}` })
          .getByRole('checkbox', { name: new RegExp(`^${card} · ${cost} PA`) })
          .click();
      }
      await click(tab, 'Révéler les mises');
      await tab.getByTestId('challenge-ready').waitFor();
      await plainClockToResult(tab, a);
      await click(tab, `${taker(a, b)} a réussi le défi`);
      await click(tab, 'Enregistrer le résultat');
    },
    expected: (a, b) => ({ winner: taker(a, b) === a ? 'a' : 'b' }),
  },
  {
    title: 'Confrontation CDR: a round length the organizer chooses',
    event: eventOf('confrontation-cdr', 'Coupe du Dragon Rouge', 400, NAMES),
    start: async (org) => {
      await org.getByLabel('Durée de la ronde (minutes)').fill('90');
      await click(org, 'Démarrer la ronde');
      await org.getByText('Temps restant (90 min)').waitFor();
    },
    play: async (tab, a, b) => {
      await plainClockToResult(tab, a);
      // the system's own result form at the table: VP 2-1 decide the winner, losses in PA
      for (const [name, vp, lost] of [
        [a, 2, 120],
        [b, 1, 80],
      ] as const) {
        await tab
          .getByRole('group', { name, exact: true })
          .getByRole('radiogroup', { name: /Points de victoire/ })
          .getByRole('radio', { name: String(vp) })
          .click();
        await tab.getByRole('textbox', { name: `Pertes adverses (valeur stratégique, PA) — ${name}`, exact: true }).fill(String(lost));
      }
      await tab.getByTestId('winner-inferred').waitFor();
      await click(tab, 'Enregistrer le résultat');
    },
    // VP travel as the system's own fields (code v2) and come back as VP: 7 TP to 3
    expected: () => ({ v: 2, winner: 'a', a: { cp: 0, apd: 120 }, b: { cp: 0, apd: 80 } }),
  },
  {
    title: 'Lord of the Rings: the 30/50-minute hall clock, the result wizard at the table',
    event: eventOf('lotr-sbg', 'Tournoi de la Terre du Milieu', 500, NAMES),
    start: async (org) => {
      await click(org, 'Démarrer la ronde');
      await org.getByText('Avant l’annonce des 30 minutes').waitFor();
    },
    play: async (tab, a) => {
      await click(tab, 'Démarrer la pendule');
      await click(tab, 'Condition de victoire atteinte');
      await radio(tab, 'Qui joue le Bien\u202f?', a);
      await click(tab, 'Suivant');
      await radio(tab, 'Comment la partie a-t-elle fini\u202f?', 'Frodon tué');
      await click(tab, 'Suivant');
      // both armies 8 left, 4 lost: Frodo's death decides whatever the numbers
      for (const [label, value] of [
        [/^Figurines survivantes de/, '8'],
        [/^Figurines perdues de/, '4'],
      ] as const) {
        const boxes = tab.getByRole('textbox', { name: label });
        for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).fill(value);
      }
      await click(tab, 'Suivant');
      await click(tab, 'Enregistrer le résultat');
    },
    // Frodo killed: Evil (b) wins 3-0, rebuilt from winner and how on the organizer's side
    expected: () => ({ winner: 'b', how: 'scenario' }),
  },
];

beforeAll(async () => {
  devices = await twoDevicesOffline();
  ({ served, org, tab, organizerCam, phoneCam } = devices);
  await tab.setViewportSize({ width: 390, height: 844 });
});

afterAll(async () => {
  await devices?.close();
});

/** Whether the page scrolls sideways (long French names, three buttons per table). */
const sideways = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function exported(page: Page): Promise<EventFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.toolbar').getByRole('button', { name: 'Exporter' }).click()]);
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as EventFile;
}

describe('a round of every system on the same screens, two devices, no network', () => {
  for (const c of CASES) {
    it(c.title, async () => {
      const id = c.event.system;
      // organizer: import, pair round 1, start it with the system's own clock
      await org.locator('header.topbar').getByRole('link', { name: 'Événements' }).click();
      await org.getByTestId('import-input').setInputFiles({ name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(c.event)) });
      await org.locator('li.card', { hasText: c.event.name }).locator('.card-main').click();
      await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
      await click(org, 'Apparier la ronde 1');
      await org.getByTestId('pairings-table').waitFor();
      // no ticket and no clock before the start, for any system
      expect(await org.getByRole('button', { name: 'Ticket QR de la table 1' }).count()).toBe(0);
      await c.start(org);
      await org.getByRole('link', { name: 'Pendule de la table 1 sur cet appareil' }).waitFor();
      await shot(org, `round-${id}-1024x768.png`);
      expect(await sideways(org)).toBe(false);

      // ticket -> phone camera
      await click(org, 'Ticket QR de la table 1');
      await org.getByTestId('ticket-qr').scrollIntoViewIfNeeded();
      await org.waitForTimeout(300);
      const ticketText = await showToCamera(org, org.getByTestId('ticket-qr'), phoneCam, 'fill');
      const ticket = await readTicket(ticketText);
      expect(ticket.ok && ticket.ticket).toMatchObject({ system: id, round: 1, table: 1 });
      // the QR ticket carries the event's name cut at 24 bytes (qr-ticket.ts)
      expect(ticket.ok && c.event.name.startsWith(ticket.ticket.eventName)).toBe(true);
      const [a, b] = ticket.ok ? [ticket.ticket.a.name, ticket.ticket.b.name] : ['', ''];

      // phone: scan, play, both confirm, result QR -> organizer camera
      await tab.goto(`${served.url}#/table`);
      await tab.waitForSelector('body[data-ready="true"]');
      await click(tab, 'Scanner un ticket');
      await tab.getByRole('heading', { name: 'Avant la partie' }).waitFor({ timeout: 15_000 });
      await c.play(tab, a, b);
      await tab.getByRole('heading', { name: 'Les deux joueurs confirment le résultat' }).waitFor();
      for (const n of [a, b]) await click(tab, `${n} confirme`);
      await tab.getByTestId('result-qr').waitFor();
      await shot(tab, `table-${id}-result-390x844.png`);
      expect(await sideways(tab)).toBe(false);
      const code = await showToCamera(tab, tab.getByTestId('result-qr'), organizerCam, 'fill');
      const decoded = decodeResultCode(code);
      expect(decoded.ok && decoded.payload).toMatchObject({ round: 1, table: 1, ...c.expected(a, b) });

      // organizer: scan the result, close the round, the standings as the domain computes them
      await click(org, 'Bureau des résultats');
      await org.getByTestId('intake-note').filter({ hasText: 'Résultat enregistré\u00a0: table 1 (ronde 1).' }).waitFor({ timeout: 15_000 });
      await org.locator('[data-testid=pairings-table] tr[data-table="1"].done').waitFor();
      await org.locator('.result-intake').getByRole('button', { name: 'Fermer', exact: true }).click();
      await shot(org, `round-${id}-result-1024x768.png`);
      expect(await sideways(org)).toBe(false);
      await click(org, 'Clôturer la ronde');
      // table 2 has no result yet: closing asks first
      await org
        .getByRole('dialog')
        .getByText(/Il manque 1 résultat \(table 2\)/)
        .waitFor();
      await org.getByRole('dialog').getByRole('button', { name: 'Clôturer la ronde' }).click();
      await org.getByText('Ronde clôturée.').first().waitFor();
      const file = await exported(org);
      expect(file.rounds[0]!.startedAt).toEqual(expect.any(Number));
      expect(file.rounds[0]!.finishedAt).toEqual(expect.any(Number));
      const winnerId = decoded.ok && decoded.payload.winner !== null ? (decoded.payload.winner === 'a' ? file.rounds[0]!.pairings[0]!.a : file.rounds[0]!.pairings[0]!.b) : null;
      expect(file.rounds[0]!.pairings[0]!.result?.winner).toBe(winnerId);
      const rows = (systemFor(file.system) as GameSystem).computeStandings(file);
      await org.locator('nav.tabs a', { hasText: 'Classement' }).click();
      const table = org.getByTestId('standings-table');
      await table.waitFor();
      const shown = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('th')?.textContent?.trim() ?? ''));
      expect(shown).toEqual(rows.map((r) => r.name));
      await shot(org, `standings-${id}-1024x768.png`);
    });
  }
});
