// Issue 21, « Done when »: for every system, a phone (390x844, no camera, no network) gets its
// ticket by typing the short code, counts the table's time limit and calls it when its clock
// passes it (a fake clock in the phone's page: nothing waits for real minutes), ends the game
// with every result field the system has, and the organizer types the result code back. The
// exported event then holds exactly the result the phone recorded.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, GameResult, SystemId } from '../../src/domain/event-file';
import { decodeResultCode } from '../../src/domain/handoff';
import { deName } from '../../src/i18n/typography';
import { makePlayer } from '../fixtures/events';
import { openApp, serveDist, SHOTS, startChromium, tempProfile, waitForServiceWorker, type RunningChromium, type Served } from './harness';

let served: Served;
const profiles: Array<ReturnType<typeof tempProfile>> = [];
let organizer: RunningChromium;
let phone: RunningChromium;
let org: Page;
let tab: Page;

const MIN = 60_000;
const click = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' }).click();
const sideways = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const list = (caster: string, models: Array<[string, number]>) => ({ caster, themeForce: null, tier: null, bonus: 0, models: models.map(([name, cost]) => ({ name, cost })) });

function eventOf(system: SystemId, name: string, points: number, lists: (i: number) => unknown[] = () => []): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name,
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null },
    players: ['Amélie Lefèvre-Dubois', 'Bérénice Château', 'Côme Ducasse', 'Daphné Œuvray'].map((n, i) =>
      makePlayer(i + 1, { name: n, nickname: undefined, faction: undefined, lists: lists(i) as never }),
    ),
    rounds: [],
  } as EventFile;
}

/** The phone's own record of the game whose result code it shows: the result it handed over, as stored on the phone. */
async function phoneResult(page: Page, code: string): Promise<GameResult> {
  return page.evaluate(
    (code) =>
      new Promise<GameResult>((resolve, reject) => {
        const open = indexedDB.open('wargame-tournament');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('tableGames').objectStore('tableGames').getAll();
          req.onsuccess = () => {
            const game = (req.result as Array<{ outcome: { result: GameResult; delivered: { code?: string } | null } | null }>).find(
              (g) => g.outcome?.delivered?.code?.replace(/[^0-9A-Z]/gi, '') === code.replace(/[^0-9A-Z]/gi, ''),
            );
            if (game) resolve(game.outcome!.result);
            else reject(new Error(`no game handed over ${code}`));
          };
        };
      }),
    code,
  );
}

async function exported(page: Page): Promise<EventFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.toolbar').getByRole('button', { name: 'Exporter' }).click()]);
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as EventFile;
}

/** From « Fin de partie… » to the system's result form. */
async function otherEnd(tab: Page): Promise<void> {
  await click(tab, 'Fin de partie…');
  await click(tab, 'Autre fin\u00a0: saisir le résultat');
}

/** The full-screen call at the limit, once the phone's clock passes it (and not before). */
async function limitCalled(tab: Page, toJustBefore: number): Promise<void> {
  // the limit's last minutes: warned, not yet called
  await tab.clock.fastForward(toJustBefore);
  await tab.getByTestId('table-limit-warning').waitFor();
  expect(await tab.getByRole('alertdialog').count()).toBe(0);
  await tab.clock.fastForward(6 * MIN);
  await tab.getByRole('alertdialog').filter({ hasText: 'TEMPS ÉCOULÉ' }).waitFor();
  await tab.screenshot({ path: join(SHOTS, `table-limit-called-${tab.url().length % 2}-390x844.png`) });
  await click(tab, 'Continuer');
}

interface Case {
  title: string;
  event: EventFile;
  start: (org: Page) => Promise<void>;
  /** on the phone, from the typed ticket's setup to the result saved (before the confirmations) */
  play: (tab: Page, a: string, b: string) => Promise<void>;
  /** fields the result must hold, checked on the phone's own record */
  recorded: (a: string, b: string) => Record<string, unknown>;
  /** a system whose limit is not called during `play` shows it on another table's game */
  timeCall?: (org: Page, tab: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    title: 'Steamroller 2011: the list chosen at the table, CP, APD and the way it was won; DICE DOWN at the sealed end',
    event: eventOf('sr2011', 'Steamroller de Lyon', 50, (i) => [list('Stryker', [['Ironclad', 7]]), list(i % 2 ? 'Sorscha' : 'Haley', [['Lancer', 6]])]),
    start: async (org) => {
      await click(org, 'Choisir');
      await click(org, 'Déborder');
      await click(org, 'Démarrer la ronde');
      await org.getByText('Temps de base restant').waitFor();
    },
    play: async (tab, a, b) => {
      for (const [name, n] of [
        [a, 2],
        [b, 1],
      ] as const)
        await tab
          .getByTestId(`lists-${name === a ? 'a' : 'b'}`)
          .getByRole('radio', { name: new RegExp(`^Liste ${n} `) })
          .click();
      await tab.getByRole('radio', { name: a, exact: true }).click();
      await click(tab, 'Démarrer la pendule');
      await tab
        .getByTestId('turn')
        .filter({ hasText: `Tour 1 · ${a}` })
        .waitFor();
      await click(tab, 'Fin de partie…');
      await click(tab, `Victoire de scénario\u00a0: ${b} gagne`);
      await click(tab, 'Confirmer');
      await click(tab, 'Saisir le résultat');
      await tab.getByRole('heading', { name: 'Résultat', exact: true }).waitFor();
      await tab.getByRole('textbox', { name: `Points de contrôle ${deName(b)}` }).fill('2');
      await tab.getByRole('textbox', { name: `Points d’armée détruits par ${b}` }).fill('5');
      await tab.getByRole('textbox', { name: `Points d’armée détruits par ${a}` }).fill('3');
      await click(tab, 'Enregistrer le résultat');
    },
    recorded: (_a, b) => ({ winner: b, how: 'scenario', a: { cp: 0, apd: 3, listIndex: 1 }, b: { cp: 2, apd: 5, listIndex: 0 } }),
    // SR2011's end stays sealed in the ticket: table 2's phone calls DICE DOWN once its clock passes it
    timeCall: async (org, tab) => {
      await click(org, 'Ticket QR de la table 2');
      const code = org.getByTestId('ticket-short-code');
      await org.locator('.ticket-panel', { hasText: 'table 2' }).waitFor();
      await tab.goto(`${served.url}#/table`);
      await tab.waitForSelector('body[data-ready="true"]');
      await tab.getByTestId('ticket-entry').fill((await code.textContent())!);
      await click(tab, 'Ouvrir la partie');
      await tab.getByRole('heading', { name: 'Avant la partie' }).waitFor();
      await tab.getByTestId('lists-a').getByRole('radio').first().click();
      await tab.getByTestId('lists-b').getByRole('radio').first().click();
      const first = (await tab.locator('.setup-players').textContent())!.split(' · ')[0]!;
      await tab.getByRole('radio', { name: first, exact: true }).click();
      await click(tab, 'Démarrer la pendule');
      await tab
        .getByTestId('turn')
        .filter({ hasText: `Tour 1 · ${first}` })
        .waitFor();
      expect(await tab.getByText('POSEZ LES DÉS').count()).toBe(0);
      await tab.clock.fastForward(115 * MIN);
      await tab.getByText('POSEZ LES DÉS').waitFor();
    },
  },
  {
    title: "Confrontation CDR: the round's 90 minutes called on the phone; VP, losses and the scenario bonus travel whole",
    event: eventOf('confrontation-cdr', 'Coupe du Dragon Rouge', 400),
    start: async (org) => {
      await org.getByLabel('Durée de la ronde (minutes)').fill('90');
      await click(org, 'Démarrer la ronde');
      await org.getByText('Temps restant (90 min)').waitFor();
    },
    play: async (tab, a, b) => {
      await tab.getByTestId('timing').filter({ hasText: 'Limite 90 min' }).waitFor();
      await tab.getByRole('radio', { name: a, exact: true }).click();
      await click(tab, 'Démarrer la pendule');
      await tab
        .getByTestId('table-limit')
        .filter({ hasText: /^Limite 90 min · reste 1:(29|30):\d\d$/ })
        .waitFor();
      await limitCalled(tab, 86 * MIN);
      await otherEnd(tab);
      for (const [name, vp, lost, bonus] of [
        [a, 2, 120, '35'],
        [b, 1, 80, '0'],
      ] as const) {
        const side = tab.getByRole('group', { name, exact: true });
        await side
          .getByRole('radiogroup', { name: /Points de victoire/ })
          .getByRole('radio', { name: String(vp) })
          .click();
        await tab.getByRole('textbox', { name: `Pertes adverses (valeur stratégique, PA) — ${name}`, exact: true }).fill(String(lost));
        await tab.getByRole('textbox', { name: new RegExp(`^Bonus du scénario.* — ${name}$`) }).fill(bonus);
      }
      await tab.getByTestId('winner-inferred').waitFor();
      await click(tab, 'Enregistrer le résultat');
    },
    recorded: (a) => ({ winner: a, a: { vp: 2, apd: 120, bonus: 35 }, b: { vp: 1, apd: 80, bonus: 0 } }),
    // a phone whose clock is 3 hours behind types table 2's code: it says so and counts the
    // organizer's time (without that it would show 4 h 30 left, or 00:00 on an elapsed clock)
    timeCall: async (org, tab) => {
      await click(org, 'Ticket QR de la table 2');
      await org.locator('.ticket-panel', { hasText: 'table 2' }).waitFor();
      const code = (await org.getByTestId('ticket-short-code').textContent())!;
      await tab.clock.setSystemTime(Date.now() - 3 * 60 * MIN);
      await tab.goto(`${served.url}#/table`);
      await tab.waitForSelector('body[data-ready="true"]');
      await tab.getByTestId('ticket-entry').fill(code);
      await click(tab, 'Ouvrir la partie');
      await tab
        .getByTestId('clock-skew')
        .filter({ hasText: /^L’horloge de cet appareil retarde de (2:59|3:00):\d\d sur celle de l’organisateur/ })
        .waitFor();
      const first = (await tab.locator('.setup-players').textContent())!.split(' · ')[0]!;
      await tab.getByRole('radio', { name: first, exact: true }).click();
      await click(tab, 'Démarrer la pendule');
      await tab
        .getByTestId('table-limit')
        .filter({ hasText: /^Limite 90 min · reste 1:[0-2]\d:\d\d$/ })
        .waitFor();
      await tab.screenshot({ path: join(SHOTS, 'table-clock-behind-390x844.png') });
      expect(await sideways(tab)).toBe(false);
    },
  },
  {
    title: "Confrontation 200-PA challenge: the organizer's row reaches the phone, stakes before the game, its limit called there, the end asks the stages only",
    event: eventOf('confrontation-rackham', 'Défi de Cadwallon', 200, () => [
      list('Armée', [
        ['Sessair', 60],
        ['Barde', 40],
      ]),
    ]),
    start: async (org) => {
      await click(org, 'Démarrer la ronde');
      await org.getByLabel('Ligne du tableau').selectOption('2');
      await org.getByLabel('Limite lue (minutes)').fill('45');
      await click(org, 'Lancer la limite');
      await org
        .getByTestId('table-limits')
        .filter({ hasText: /Table 1\u00a0: ligne 2, 45 min/ })
        .waitFor();
    },
    play: async (tab, a, b) => {
      await tab.getByTestId('challenge-limit').filter({ hasText: 'limite de temps ligne 2, 45 min' }).waitFor();
      await tab.getByRole('radio', { name: a, exact: true }).click();
      // the die was rolled at the organizer's table: hands and stakes before the game, on the phone
      expect(await tab.getByRole('button', { name: /Lancer le dé du défi/ }).count()).toBe(0);
      // a typed ticket carries no list contents: the cards are entered at the table
      const cards: Record<string, Array<[string, number]>> = {
        [a]: [
          ['Sessair', 60],
          ['Barde', 40],
        ],
        [b]: [
          ['Croc', 34],
          ['Traqueur', 70],
        ],
      };
      for (const [s, name] of [
        ['a', a],
        ['b', b],
      ] as const) {
        const hand = tab.getByTestId(`hand-${s}`);
        await hand.getByRole('radio', { name: 'Saisir à la table' }).click();
        for (const [card, cost] of cards[name]!) {
          await hand.getByRole('textbox', { name: `Carte ${deName(name)}`, exact: true }).fill(card);
          await hand.getByRole('textbox', { name: `PA de la carte ${deName(name)}`, exact: true }).fill(String(cost));
          await hand.getByRole('button', { name: 'Ajouter la carte' }).click();
        }
      }
      await click(tab, 'Suivant');
      for (const name of [a, b])
        await tab
          .getByRole('group', { name: `Mise ${deName(name)}` })
          .getByRole('checkbox')
          .first()
          .click();
      await click(tab, 'Révéler les mises');
      await tab.getByTestId('challenge-ready').waitFor();
      expect(await sideways(tab)).toBe(false);
      await tab.screenshot({ path: join(SHOTS, 'table-challenge-stakes-390x844.png'), fullPage: true });
      await click(tab, 'Démarrer la pendule');
      await limitCalled(tab, 41 * MIN);
      await otherEnd(tab);
      // the end asks the stages only: 34 PA against 60, b took the challenge and fails it; the Revenge goes to a
      await tab
        .getByTestId('taker')
        .filter({ hasText: `${b} relève le défi` })
        .waitFor();
      expect(await tab.getByTestId('hand-a').count()).toBe(0);
      await click(tab, `${b} ne peut plus réussir`);
      await click(tab, `${a} a réussi le défi`);
      await click(tab, 'Enregistrer le résultat');
    },
    recorded: (a) => ({ winner: a, stage: 'revenge', objective: 4, a: { stake: 60, listIndex: null }, b: { stake: 34, listIndex: null } }),
  },
  {
    title: 'Lord of the Rings: the 30-minute call on the phone; body count and kills reach the desk',
    event: eventOf('lotr-sbg', 'Tournoi de la Terre du Milieu', 500),
    start: async (org) => {
      await click(org, 'Démarrer la ronde');
      await org.getByText('Avant l’annonce des 30 minutes').waitFor();
    },
    play: async (tab, a) => {
      await click(tab, 'Démarrer la pendule');
      await tab.clock.fastForward(31 * MIN);
      await tab.getByTestId('lotr-message').filter({ hasText: '30 minutes' }).waitFor();
      await click(tab, 'Condition de victoire atteinte');
      await tab.getByRole('radiogroup', { name: 'Qui joue le Bien\u202f?' }).getByRole('radio', { name: a, exact: true }).click();
      await click(tab, 'Suivant');
      await tab.getByRole('radiogroup', { name: 'Comment la partie a-t-elle fini\u202f?' }).getByRole('radio', { name: 'Frodon tué', exact: true }).click();
      await click(tab, 'Suivant');
      const survivors = tab.getByRole('textbox', { name: /^Figurines survivantes de/ });
      const lost = tab.getByRole('textbox', { name: /^Figurines perdues de/ });
      await survivors.nth(0).fill('12');
      await lost.nth(0).fill('9');
      await survivors.nth(1).fill('5');
      await lost.nth(1).fill('4');
      await click(tab, 'Suivant');
      await click(tab, 'Enregistrer le résultat');
    },
    // Frodo killed: Evil (b) wins 3-0; 12 - 9 = 3 and 5 - 4 = 1 body count, kills = the other's losses
    recorded: (_a, b) => ({
      winner: b,
      how: 'scenario',
      ending: 'frodo-killed',
      a: { points: 0, bodyCount: 3, kills: 4, camp: 'good' },
      b: { points: 3, bodyCount: 1, kills: 9, camp: 'evil' },
    }),
  },
];

beforeAll(async () => {
  served = await serveDist();
  const dirs = [tempProfile(), tempProfile()];
  profiles.push(...dirs);
  [organizer, phone] = await Promise.all([startChromium(dirs[0]!.dir), startChromium(dirs[1]!.dir)]);
  [org, tab] = await Promise.all([openApp(organizer.context, served.url), openApp(phone.context, served.url)]);
  await Promise.all([waitForServiceWorker(org), waitForServiceWorker(tab)]);
  await served.stop();
  await Promise.all([organizer.context.setOffline(true), phone.context.setOffline(true)]);
  await tab.setViewportSize({ width: 390, height: 844 });
  // the phone's time is the test's from here: its minutes pass with fastForward, never by waiting
  await tab.clock.install({ time: Date.now() });
});

afterAll(async () => {
  await Promise.all([organizer?.close(), phone?.close()]);
  await served?.stop();
  profiles.forEach((p) => p.remove());
});

describe('typed ticket to a phone, the limit called there, every result field back by typed code', () => {
  for (const c of CASES) {
    it(c.title, async () => {
      const id = c.event.system;
      await org.locator('header.topbar').getByRole('link', { name: 'Événements' }).click();
      await org.getByTestId('import-input').setInputFiles({ name: `${id}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(c.event)) });
      await org.locator('li.card', { hasText: c.event.name }).locator('.card-main').click();
      await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
      await click(org, 'Apparier la ronde 1');
      await org.getByTestId('pairings-table').waitFor();
      await c.start(org);
      await click(org, 'Ticket QR de la table 1');
      const shortCode = org.getByTestId('ticket-short-code');
      await shortCode.waitFor();
      const typed = (await shortCode.textContent())!;

      // the phone in step with the organizer's tablet for this game (an earlier case moved it on)
      await tab.clock.setSystemTime(Date.now());
      await tab.goto(`${served.url}#/table`);
      await tab.waitForSelector('body[data-ready="true"]');
      await tab.getByTestId('ticket-entry').fill(typed);
      await click(tab, 'Ouvrir la partie');
      await tab.getByRole('heading', { name: 'Avant la partie' }).waitFor();
      expect(await tab.getByTestId('clock-skew').count()).toBe(0);
      const [a, b] = (await tab.locator('.setup-players').textContent())!.split(' · ') as [string, string];
      await c.play(tab, a, b);
      await tab.getByRole('heading', { name: 'Les deux joueurs confirment le résultat' }).waitFor();
      for (const n of [a, b]) await click(tab, `${n} confirme`);
      await tab.getByTestId('result-code').waitFor();
      const resultCode = (await tab.getByTestId('result-code').textContent())!;
      expect(await sideways(tab)).toBe(false);
      await tab.screenshot({ path: join(SHOTS, `table-typed-${id}-result-390x844.png`) });
      const recorded = await phoneResult(tab, resultCode);
      const ids = (name: string): string => `p${name.replace(/\D/g, '')}`;
      const expected = c.recorded(ids(a), ids(b));
      expect(recorded).toMatchObject(expected);
      expect(decodeResultCode(resultCode).ok).toBe(true);

      await click(org, 'Bureau des résultats');
      await org.getByRole('textbox', { name: 'Code du résultat' }).fill(resultCode);
      await click(org, 'Valider le code');
      await org.getByTestId('intake-note').filter({ hasText: 'Résultat enregistré\u00a0: table 1 (ronde 1).' }).waitFor({ timeout: 15_000 });
      await org.locator('.result-intake').getByRole('button', { name: 'Fermer', exact: true }).click();
      const file = await exported(org);
      const pairing = file.rounds[0]!.pairings.find((p) => p.table === 1)!;
      // a typed ticket names players by number: the phone's ids are the organizer's p<number>
      expect([pairing.a, pairing.b]).toEqual([ids(a), ids(b)]);
      // exactly what the phone recorded, but the dice record the challenge keeps on the table
      const { dice: _dice, ...kept } = recorded;
      expect(pairing.result).toEqual(kept);
      await c.timeCall?.(org, tab);
    });
  }
});
