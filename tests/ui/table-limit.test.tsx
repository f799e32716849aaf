// @vitest-environment jsdom
// Issue 21: the phone knows the table's time limit (CDR's round length, a Rackham challenge's
// row) and calls it as the tablet does; a challenge is set up once, at the start; a device whose
// clock is behind the ticket's issuer counts from the issuer's time. The clock is a fake the test
// moves; the repaint tick is real, so each step waits for the screen.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile, Round } from '../../src/domain/event-file';
import { ticketId } from '../../src/domain/handoff';
import { I18nContext, translator } from '../../src/i18n';
import { openEventDb } from '../../src/store/db';
import { getTableGame, openTableGame } from '../../src/store/table-games';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { TableGameScreen } from '../../src/ui/screens/table/TableScreens';
import { clockBehindBy } from '../../src/ui/screens/table/time-limit';
import { ServicesContext, type Services } from '../../src/ui/services';
import { makeEvent, makePlayer } from '../fixtures/events';
import { directEngine } from './render-app';

afterEach(cleanup);

const MIN = 60_000;
const START = Date.UTC(2026, 11, 5, 9, 0);

function eventOf(system: EventFile['system'], points: number, round: Partial<Round>): EventFile {
  return makeEvent({
    system,
    settings: { points, variants: [], rounds: null },
    players: [makePlayer(1, { name: 'Ana Duval' }), makePlayer(2, { name: 'Bruno Martin' })],
    rounds: [{ number: 1, startedAt: START, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null, ...round }],
  });
}

async function table(event: EventFile, clock: { now: number }, opts: { issuedAt?: number; readAt?: number } = {}) {
  const db = await openEventDb({}, `limit-${Math.random()}`);
  const issued = (await issueTicket(event, 'ev-1', 1, 1, null, opts.issuedAt))!;
  const id = ticketId(issued.ticket);
  const readAt = opts.readAt ?? clock.now;
  await openTableGame(db, id, issued.ticket, 'ticket', readAt, clockBehindBy(issued.ticket, readAt));
  const services: Services = { db, deviceId: 'dev-phone', engine: directEngine, now: () => clock.now, notify: () => undefined };
  render(
    <ServicesContext.Provider value={services}>
      <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
        <TableGameScreen id={id} />
      </I18nContext.Provider>
    </ServicesContext.Provider>,
  );
  return { db, id, ticket: issued.ticket };
}

const limitLine = () => screen.getByTestId('table-limit').textContent;

/** Hands from the registered lists (Ironclad 7, Stormblades 48), stakes 7 against 48: Ana takes the challenge. */
async function revealStakes(): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
  const boxes = (who: RegExp) => within(screen.getByRole('group', { name: who })).getAllByRole('checkbox');
  fireEvent.click(boxes(/^Mise d.*Ana Duval$/)[0]!);
  fireEvent.click(boxes(/^Mise d.*Bruno Martin$/)[1]!);
  fireEvent.click(screen.getByRole('button', { name: 'Révéler les mises' }));
  await screen.findByTestId('challenge-ready');
}

/** The end asks only the stages: Ana, who took the challenge at the start, succeeds. */
async function playStages(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Autre fin\u00a0: saisir le résultat' }));
  expect((await screen.findByTestId('taker')).textContent).toBe('Ana Duval relève le défi');
  expect(screen.queryByTestId('hand-a')).toBeNull();
  expect(screen.queryByRole('button', { name: /Lancer le dé du défi/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Ana Duval a réussi le défi' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le résultat' }));
  await screen.findByRole('heading', { name: 'Les deux joueurs confirment le résultat' });
}

describe('the phone calls the time limit', () => {
  it("CDR: counts the round's 90 minutes down from the round's start, warns at 5 minutes, calls the end full screen", async () => {
    const clock = { now: START + 10 * MIN };
    await table(eventOf('confrontation-cdr', 400, { timeLimitMinutes: 90 }), clock);
    expect((await screen.findByTestId('timing')).textContent).toBe('Limite 90 min');
    fireEvent.click(screen.getByRole('radio', { name: 'Ana Duval' }));
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
    await waitFor(() => expect(limitLine()).toBe('Limite 90 min · reste 1:20:00'));
    expect(screen.queryByTestId('table-limit-warning')).toBeNull();
    clock.now = START + 86 * MIN;
    await waitFor(() => expect(screen.getByTestId('table-limit-warning').textContent).toBe('Plus que 4 minutes avant la fin du temps.'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    clock.now = START + 91 * MIN + 3_000;
    const call = await screen.findByRole('alertdialog');
    expect(call.textContent).toContain('TEMPS ÉCOULÉ');
    expect(limitLine()).toBe('Limite 90 min · TEMPS ÉCOULÉ');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("Rackham: the organizer's challenge row travels on the ticket; the phone counts that table's limit, stakes before the game, and the end asks the stages only", async () => {
    const clock = { now: START + 20 * MIN };
    const { db, id } = await table(eventOf('confrontation-rackham', 200, { tableLimits: [{ table: 1, row: 2, minutes: 45, startedAt: START + 5 * MIN }] }), clock);
    expect((await screen.findByTestId('challenge-limit')).textContent).toBe('Défi noté par l’organisateur\u00a0: objectif ligne 4, limite de temps ligne 2, 45 min.');
    expect(screen.queryByRole('button', { name: /Lancer le dé du défi/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Ana Duval' }));
    const start = screen.getByRole('button', { name: 'Démarrer la pendule' });
    // hands and stakes are revealed before the game: no start without them
    expect(start).toHaveProperty('disabled', true);
    await revealStakes();
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    fireEvent.click(start);
    await waitFor(() => expect(limitLine()).toBe('Limite 45 min (ligne 2) · reste 30:00'));
    clock.now = START + 50 * MIN + 1_000;
    expect((await screen.findByRole('alertdialog')).textContent).toContain('TEMPS ÉCOULÉ');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await playStages();
    const game = (await getTableGame(db, id))!;
    expect(game.setup!.challenge).toBeUndefined();
    expect(game.setup!.hands).toMatchObject({ source: { a: 0, b: 0 } });
    expect(game.outcome!.result).toMatchObject({ winner: 'p1', stage: 'first-blood', objective: 4, a: { stake: 7 }, b: { stake: 48 } });
  });

  it("Rackham without a row on the ticket: the challenge is rolled once at the start, its limit counted from the table's start", async () => {
    const clock = { now: START + 3 * MIN };
    const { db, id } = await table(eventOf('confrontation-rackham', 200, {}), clock);
    await screen.findByTestId('challenge-setup');
    fireEvent.click(screen.getByRole('radio', { name: 'Ana Duval' }));
    const start = screen.getByRole('button', { name: 'Démarrer la pendule' });
    expect(start).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: '2' }));
    expect(screen.getByTestId('challenge-roll').textContent).toContain('Limite de temps\u00a0: ligne 4 (6 − 2)');
    fireEvent.input(screen.getByRole('spinbutton', { name: /Limite de temps lue dans le livret/ }), { target: { value: '30' } });
    await revealStakes();
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    fireEvent.click(start);
    await waitFor(() => expect(limitLine()).toBe('Limite 30 min (ligne 4) · reste 30:00'));
    expect((await getTableGame(db, id))!.setup!.challenge).toMatchObject({ rolls: [2], atTable: true, minutes: 30 });
    clock.now = START + 33 * MIN;
    expect((await screen.findByRole('alertdialog')).textContent).toContain('TEMPS ÉCOULÉ');
    fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    await playStages();
    expect((await getTableGame(db, id))!.outcome!.result).toMatchObject({ winner: 'p1', objective: 2, dice: { challenge: [2], challengeAtTable: true } });
  });
});

describe("a device whose clock is behind the issuer's", () => {
  it("counts from the issuer's time and says so; a device in step says nothing", async () => {
    // the phone reads 3 h 10 min earlier than the tablet that made the ticket at 09:40
    const behind = 3 * 60 * MIN + 10 * MIN;
    const clock = { now: START + 40 * MIN - behind };
    await table(eventOf('confrontation-cdr', 400, { timeLimitMinutes: 90 }), clock, { issuedAt: START + 40 * MIN });
    expect((await screen.findByTestId('clock-skew')).textContent).toBe(
      'L’horloge de cet appareil retarde de 3:10:00 sur celle de l’organisateur\u00a0: la pendule compte à l’heure de l’organisateur.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Ana Duval' }));
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
    // 50 minutes left at 09:40 organizer time, not "00:00" nor hours
    await waitFor(() => expect(limitLine()).toBe('Limite 90 min · reste 50:00'));
    expect(screen.getByTestId('clock-skew')).toBeTruthy();
  });

  it('tells behind from in step: a ticket read before it was made, or before its round started', () => {
    expect(clockBehindBy({ issuedAt: START + 40 * MIN, startedAt: START }, START + 40 * MIN + 5_000)).toBe(0);
    expect(clockBehindBy({ issuedAt: START + 40 * MIN, startedAt: START }, START + 39 * MIN + 30_000)).toBe(0);
    expect(clockBehindBy({ issuedAt: START + 40 * MIN, startedAt: START }, START + 30 * MIN)).toBe(10 * MIN);
    // an old ticket without its issue time: its round's start still tells
    expect(clockBehindBy({ startedAt: START }, START - 2 * 60 * MIN)).toBe(2 * 60 * MIN);
    // read hours later (a printed sheet) is not a fast clock: nothing said
    expect(clockBehindBy({ issuedAt: START, startedAt: START }, START + 5 * 60 * MIN)).toBe(0);
  });
});
