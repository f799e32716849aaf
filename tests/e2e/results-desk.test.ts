// Issue 20, « done when », offline: a 16-player, 4-round Steamroller 2011 event where every table
// reports from a phone through the results desk. The organizer's tablet (1024x768) has a fake
// camera fed from a Y4M file this test rewrites with each result QR the phone shows; the phone
// (a second context, 390x844, its own storage) takes each table's ticket from the desk's QR
// (decoded here with jsQR from a screenshot) and plays the table to a confirmed result. Counts the
// organizer's taps per round and prints them (at most 6 for 8 tables); the standings the tablet
// shows are the domain's.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { decodeResultCode } from '../../src/domain/handoff';
import { computeStandings } from '../../src/domain/sr2011';
import { blankFrame, cameraFlags, readQr, showToCamera } from './camera';
import { SHOTS, tempProfile, type Served } from './harness';
import { button, importEvent, readTicket, shownStandings, storedEvent, Taps, WAIT } from './organizer';
import { expectNoSideways, longEvent } from './screens';
import { offlineTabletAndPhone, type TabletAndPhone } from './setups';
import { assassinationConfirmed, openTicket, startClock } from './table-phone';

let day: TabletAndPhone;
let served: Served;
const profile = tempProfile();
let org: Page;
let phone: Page;
let eventId = '';
let camera = '';

const taps = new Taps();
const { tap } = taps;

const EVENT: EventFile = longEvent('sr2011', 'Open du Bureau des résultats', 50, true);

const blank = (): void => blankFrame(camera);

const projection = (): Promise<EventFile> => storedEvent(org, eventId);

/** One table on the phone: its ticket from the desk's QR, a game to an assassination, both confirm; then its result QR held up to the desk's camera. */
async function tableFromPhone(round: number, table: number, winnerSide: 'a' | 'b'): Promise<void> {
  const slip = org.getByTestId('desk-tickets').locator(`.ticket-slip[data-table="${table}"]`);
  await slip.locator('svg.qr').scrollIntoViewIfNeeded();
  const text = await readQr(org, slip.locator('svg.qr'));
  const ticket = await readTicket(text);
  expect(ticket.ok && ticket.ticket).toMatchObject({ round, table });
  if (!ticket.ok) return;
  const [a, b] = [ticket.ticket.a.name, ticket.ticket.b.name];
  const winner = winnerSide === 'a' ? a : b;

  await openTicket(phone, served.url, text);
  await startClock(phone, a);
  await assassinationConfirmed(phone, winner, a, b);
  const qr = phone.getByTestId('result-qr');
  await qr.waitFor(WAIT);
  // held up to the desk: recorded with the table's line, no tap
  const code = await showToCamera(phone, qr, camera, 'half');
  const decoded = decodeResultCode(code);
  expect(decoded.ok && decoded.payload).toMatchObject({ round, table, winner: winnerSide, how: 'assassination' });
  try {
    await org.getByTestId('desk-received').locator(`li[data-table="${table}"]`).waitFor(WAIT);
  } catch (err) {
    await org.screenshot({ path: join(SHOTS, `results-desk-failed-${round}-${table}.png`) });
    console.log(
      'desk note:',
      await org
        .getByTestId('intake-note')
        .textContent()
        .catch(() => null),
      'received:',
      await org.getByTestId('desk-received').textContent(),
    );
    throw err;
  }
  expect(await org.getByTestId('desk-last').textContent()).toMatch(new RegExp(`^Table ${table}\u00a0: .+ gagne \\(assassinat\\) · 0 – 0 PC$`));
  blank();
}

beforeAll(async () => {
  camera = join(profile.dir, 'camera.y4m');
  blank();
  day = await offlineTabletAndPhone(profile.dir, cameraFlags(camera));
  ({ served, org, phone } = day);
});

afterAll(async () => {
  await day?.close();
  profile.remove();
});

describe('results desk: every table of a 16-player, 4-round event reports from a phone, offline', () => {
  it('records each result the camera sees with no tap per table; at most 6 organizer taps a round', { timeout: 900_000 }, async () => {
    eventId = await importEvent(org, EVENT, 'desk.json');
    await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();

    const perRound: number[] = [];
    for (let round = 1; round <= 4; round++) {
      taps.n = 0;
      await tap(button(org, `Apparier la ronde ${round}`));
      await org.getByTestId('pairings-table').waitFor(WAIT);
      await tap(button(org, /Tirer au sort/));
      await tap(button(org, 'Démarrer la ronde'));
      await org.getByText('Temps de base restant').waitFor(WAIT);
      // the desk stays open from one round to the next: opened once
      if ((await org.locator('.results-desk').count()) === 0) await tap(button(org, 'Bureau des résultats'));
      await org.getByRole('heading', { name: `Bureau des résultats — ronde ${round}` }).waitFor(WAIT);
      await org.locator('.results-desk .scanner[data-state=on]').waitFor(WAIT);
      await org.getByTestId('desk-tickets').locator('.ticket-slip').first().waitFor(WAIT);
      if (round === 1) {
        await org.screenshot({ path: join(SHOTS, 'results-desk-1024x768.png') });
        // the organizer's tablet both ways (the Rounds screen around the desk is not laid out for a phone)
        for (const [width, height] of [
          [1024, 768],
          [768, 1024],
        ] as const) {
          await org.setViewportSize({ width, height });
          await org.waitForTimeout(100);
          await expectNoSideways(org, `results desk ${width}x${height}`);
        }
        await org.setViewportSize({ width: 1024, height: 768 });
      }

      const tables = (await projection()).rounds[round - 1]!.pairings.map((p) => p.table);
      expect(tables).toHaveLength(8);
      for (const table of tables) await tableFromPhone(round, table, (table + round) % 2 ? 'a' : 'b');
      await org.getByRole('heading', { name: 'Reçus (8 sur 8)' }).waitFor(WAIT);
      if (round === 1) await org.screenshot({ path: join(SHOTS, 'results-desk-all-in-1024x768.png') });

      await tap(button(org, 'Clôturer la ronde'));
      // every result is in but the time is not up: the close asks first
      const ask = org.getByRole('dialog');
      await ask.getByText('Le chrono tourne encore.', { exact: false }).waitFor(WAIT);
      await tap(button(ask, 'Clôturer la ronde'));
      await org.getByText('Ronde clôturée.').first().waitFor(WAIT);
      perRound.push(taps.n);
      console.log(`organizer taps, round ${round} (8 tables, every result from a phone through the desk): ${taps.n}`);
    }
    console.log(`organizer taps per round: ${perRound.join(', ')}`);
    expect(perRound.every((n) => n <= 6)).toBe(true);

    const final = await projection();
    expect(final.rounds).toHaveLength(4);
    expect(final.rounds.every((r) => r.pairings.length === 8 && r.pairings.every((p) => p.result?.how === 'assassination'))).toBe(true);
    await org.locator('nav.tabs a', { hasText: 'Classement' }).click();
    const shown = await shownStandings(org, computeStandings(final).length);
    expect(shown).toEqual(computeStandings(final).map((r) => r.name));
  });
});
