// Issue 12, « done when »: a whole 16-player, 4-round Steamroller 2011 event on a 1024x768
// tablet, offline from the start, as a French organizer runs it: check-in (one player absent,
// marked absent when pairing), a late player after round 1, a drop after round 2, reloads in
// the middle of rounds (one with a half-filled result form), one table each round played on a
// phone (390x844, its own storage) through the short typed ticket code and the typed result code.
// Counts the organizer's taps per round (a tap = a click, or a field filled) and prints them;
// asserts no sideways scroll on every screen visited at the three sizes (the organizer's too, issue 21).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { computeStandings } from '../../src/domain/sr2011';
import { SHOTS, tempProfile, type Served } from './harness';
import { button, importEvent, shownStandings, storedEvent, Taps, WAIT } from './organizer';
import { expectNoSideways, longEvent } from './screens';
import { offlineTabletAndPhone, type TabletAndPhone } from './setups';
import { assassinationConfirmed, openTicket, startClock } from './table-phone';

let day: TabletAndPhone;
let served: Served;
const profile = tempProfile();
let org: Page;
let phone: Page;
let eventId = '';

const taps = new Taps();
const { tap, type } = taps;
const perRound: number[] = [];

/** « Pointage de Bruno », « Pointage d’Anne »: the French elision the labels apply, with the typographic apostrophe. */
const of = (prefix: string, name: string): RegExp => new RegExp(`^${prefix} (de |d’)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const EVENT: EventFile = longEvent('sr2011', 'Steamroller 2011 — Open de Lyon-Villeurbanne', 50, true);

const exported = (): Promise<EventFile> => storedEvent(org, eventId);

async function allSizes(p: Page, where: string, sizes: Array<[number, number]>): Promise<void> {
  const before = p.viewportSize()!;
  for (const [width, height] of sizes) {
    await p.setViewportSize({ width, height });
    await p.waitForTimeout(100);
    await expectNoSideways(p, `${where} ${width}x${height}`);
  }
  await p.setViewportSize(before);
}
// the organizer's screens on both tablet sizes and on a second organizer's phone (issue 21)
const ORGANIZER_SIZES: Array<[number, number]> = [
  [1024, 768],
  [768, 1024],
  [390, 844],
];

async function goTab(name: string): Promise<void> {
  await org.locator('nav.tabs a', { hasText: name }).click();
}

/** One table through the result form: winner, « Assassinat », save. */
async function enterResult(table: number, winnerName: string): Promise<void> {
  const row = org.getByTestId('pairings-table').locator(`tr[data-table="${table}"]`);
  await tap(row.locator('button.result-btn'));
  await org.locator('form.result-form').waitFor(WAIT);
  await tap(org.getByRole('radiogroup', { name: 'Vainqueur' }).getByRole('radio', { name: winnerName, exact: true }));
  await tap(org.getByRole('radiogroup', { name: 'Comment la partie a été gagnée' }).getByRole('radio', { name: 'Assassinat' }));
  await tap(button(org.locator('form.result-form'), 'Enregistrer le résultat'));
  await org.locator(`[data-testid=pairings-table] tr[data-table="${table}"].done`).waitFor(WAIT);
}

async function reloadOrganizer(): Promise<void> {
  await org.reload();
  await org.waitForSelector('body[data-ready="true"]', WAIT);
  await org.getByTestId('pairings-table').waitFor(WAIT);
}

/** The phone plays table `table` of round `round` to a result: the short ticket code typed on the phone, the result code typed on the tablet. */
async function phoneTable(round: number, table: number, a: string, b: string): Promise<void> {
  await tap(org.getByRole('button', { name: `Ticket QR de la table ${table}` }));
  const short = (await org.getByTestId('ticket-short-code').textContent())!.replace(/\s+/g, '');
  expect(short.length).toBeLessThan(80);
  await tap(org.locator('.ticket-panel').getByRole('button', { name: 'Fermer', exact: true }));

  await openTicket(phone, served.url, short);
  await expectNoSideways(phone, `phone setup round ${round}`);
  await startClock(phone, a);
  await expectNoSideways(phone, `phone clock round ${round}`);
  if (round === 1) await phone.screenshot({ path: `${SHOTS}/event-day-phone-clock-390x844.png` });
  await assassinationConfirmed(phone, a, a, b);
  const code = (await phone.getByTestId('result-code').textContent())!.trim();
  await expectNoSideways(phone, `phone result code round ${round}`);

  await tap(button(org, 'Bureau des résultats'));
  await type(org.locator('.result-intake input.code-input'), code);
  await tap(button(org.locator('.result-intake'), 'Valider le code'));
  await org
    .getByTestId('intake-note')
    .filter({ hasText: `Résultat enregistré\u00a0: table ${table} (ronde ${round}).` })
    .waitFor(WAIT);
  await tap(org.locator('.result-intake').getByRole('button', { name: 'Fermer', exact: true }));
}

beforeAll(async () => {
  day = await offlineTabletAndPhone(profile.dir);
  ({ served, org, phone } = day);
});

afterAll(async () => {
  await day?.close();
  profile.remove();
});

describe('a 16-player, 4-round Steamroller event on a tablet, offline, with a phone at one table', () => {
  it('runs the whole event and counts the taps of each round', async () => {
    // before the event: the file with the sixteen registered players, check-in of fifteen
    eventId = await importEvent(org, EVENT, 'open.json');
    await goTab('Joueurs');
    const absent = EVENT.players[15]!.name;
    for (const p of EVENT.players.slice(0, 15)) {
      // the box follows the stored state: it ticks once the check-in is in IndexedDB
      const box = org.getByRole('checkbox', { name: of('Pointage', p.name) });
      await box.click();
      await expect.poll(() => box.isChecked(), WAIT).toBe(true);
    }
    await org.getByTestId('checked-in-count').filter({ hasText: '15/16' }).waitFor(WAIT);
    await allSizes(org, 'players after check-in', ORGANIZER_SIZES);

    for (let round = 1; round <= 4; round++) {
      await goTab('Rondes');
      taps.n = 0;
      // a message appearing never moves the page under the organizer's finger
      const tabsTop = () => org.locator('nav.tabs').evaluate((n) => n.getBoundingClientRect().top + scrollY);
      const before = await tabsTop();
      await tap(button(org, `Apparier la ronde ${round}`));
      if (round === 1) {
        // check-in counts: the one player not checked in is named, and marked absent
        const ask = org.getByRole('dialog');
        await ask.getByText(`1 joueur non pointé\u00a0: ${absent}.`).waitFor(WAIT);
        await tap(button(ask, 'Le marquer absent'));
      }
      await org.getByTestId('pairings-table').waitFor(WAIT);
      await org.locator('header.topbar .status', { hasText: `Ronde ${round} appariée` }).waitFor(WAIT);
      expect(await tabsTop()).toBe(before);
      await org.getByTestId('round-guide').and(org.locator('[data-step=prestart]')).waitFor(WAIT);
      await tap(button(org, /Tirer au sort/));
      await org.getByTestId('round-guide').and(org.locator('[data-step=start]')).waitFor(WAIT);
      await tap(button(org, 'Démarrer la ronde'));
      await org.getByText('Temps de base restant').waitFor(WAIT);

      const file = await exported();
      const current = file.rounds[round - 1]!;
      expect(current.pairings.flatMap((p) => [p.a, p.b])).not.toContain(EVENT.players[15]!.id);
      const nameOf = (id: string) => file.players.find((p) => p.id === id)!.name;
      const tables = current.pairings.map((p) => p.table);
      const phoneAt = tables[tables.length - 1]!;

      // the hall's tables, one by one; a reload after the third, one with a half-filled form
      for (const [i, p] of current.pairings.entries()) {
        if (p.table === phoneAt) continue;
        if (i === 3) {
          const row = org.getByTestId('pairings-table').locator(`tr[data-table="${p.table}"]`);
          await tap(row.locator('button.result-btn'));
          await tap(org.getByRole('radiogroup', { name: 'Vainqueur' }).getByRole('radio', { name: nameOf(p.a), exact: true }));
          await reloadOrganizer();
          // the form came back with its choice: only « how » and « save » are left
          await org.locator('form.result-form').waitFor(WAIT);
          expect(
            await org
              .getByRole('radiogroup', { name: 'Vainqueur' })
              .getByRole('radio', { name: nameOf(p.a), exact: true })
              .isChecked(),
          ).toBe(true);
          await tap(org.getByRole('radiogroup', { name: 'Comment la partie a été gagnée' }).getByRole('radio', { name: 'Assassinat' }));
          await tap(button(org.locator('form.result-form'), 'Enregistrer le résultat'));
          await org.locator(`[data-testid=pairings-table] tr[data-table="${p.table}"].done`).waitFor(WAIT);
          continue;
        }
        await enterResult(p.table, nameOf(p.a));
        if (i === 1) await reloadOrganizer();
      }
      const progress = await org.getByTestId('results-progress').textContent();
      expect(progress).toBe(`${tables.length - 1}/${tables.length} résultats`);
      const atPhone = current.pairings.find((p) => p.table === phoneAt)!;
      // the short code carries registration numbers, not names: the phone says « Joueur n° 7 »
      const numberOf = (id: string) => file.players.find((p) => p.id === id)!.number;
      await phoneTable(round, phoneAt, `Joueur n° ${numberOf(atPhone.a)}`, `Joueur n° ${numberOf(atPhone.b)}`);
      await org.getByTestId('round-guide').and(org.locator('[data-step=close]')).waitFor(WAIT);
      await allSizes(org, `round ${round} all results in`, ORGANIZER_SIZES);
      await tap(button(org, 'Clôturer la ronde'));
      // every result is in but the time is not up: the close asks first
      const ask = org.getByRole('dialog');
      await ask.getByText('Le chrono tourne encore.', { exact: false }).waitFor(WAIT);
      await tap(button(ask, 'Clôturer la ronde'));
      await org.getByText('Ronde clôturée.').first().waitFor(WAIT);
      perRound.push(taps.n);
      console.log(`organizer taps, round ${round} (${tables.length} tables${current.bye ? ' and a bye' : ''}): ${taps.n}`);

      if (round === 1) {
        // a late player at the desk: registered, checked in, paired from round 2
        await goTab('Joueurs');
        await org.getByLabel('Nom', { exact: true }).first().fill('Gwendoline Kerguelen-Trémarec');
        await button(org, 'Inscrire').click();
        await org
          .getByText(/Gwendoline Kerguelen-Trémarec inscrit/)
          .first()
          .waitFor(WAIT);
      }
      if (round === 2) {
        // a drop after round 2
        const quitter = file.players.find((p) => p.id === current.pairings[0]!.b)!.name;
        await goTab('Joueurs');
        await button(org, of('Abandon', quitter)).click();
        await button(org.getByRole('dialog'), 'Confirmer l’abandon').click();
        await org.getByText(`${quitter} a abandonné (après la ronde 2).`).first().waitFor(WAIT);
      }
    }

    const final = await exported();
    expect(final.rounds).toHaveLength(4);
    expect(final.rounds.every((r) => r.pairings.every((p) => p.result) && typeof r.finishedAt === 'number')).toBe(true);
    const late = final.players.find((p) => p.name === 'Gwendoline Kerguelen-Trémarec')!;
    expect(final.rounds[0]!.pairings.flatMap((p) => [p.a, p.b])).not.toContain(late.id);
    expect(final.rounds[1]!.pairings.flatMap((p) => [p.a, p.b]).concat(final.rounds[1]!.bye ?? [])).toContain(late.id);
    expect(final.players.filter((p) => p.dropped)).toHaveLength(2);
    // the standings the tablet shows are the domain's
    await goTab('Classement');
    const shown = await shownStandings(org, computeStandings(final).length);
    // a dropped (or absent) player's row carries an « Abandon » badge after the name
    expect(shown.map((s) => s.replace(/\s*Abandon$/, ''))).toEqual(computeStandings(final).map((r) => r.name));
    for (const tab of ['Format', 'Joueurs', 'Rondes', 'Classement']) {
      await goTab(tab);
      await allSizes(org, `end ${tab}`, ORGANIZER_SIZES);
    }
    await allSizes(phone, 'phone table home', [[390, 844]]);
    console.log(`organizer taps per round: ${perRound.join(', ')}`);
    expect(perRound).toHaveLength(4);
  });
});
