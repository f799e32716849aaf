// @vitest-environment jsdom
// Issue 12, item 5: a table without a camera gets its ticket by typing a short code; the organizer
// shows it on the ticket panel and on a printable sheet; the result comes back signed with the
// short key; the result code's field shows its 7 groups; « Arrêter la caméra » only with a camera.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { decodeShortTicket, encodeResultCode, payloadFromResult, shortTableKey, signPayload, tableKey, ticketEvent, ticketId, withTicketTags } from '../../src/domain/handoff';
import { listTableGames } from '../../src/store/table-games';
import { eventSecret } from '../../src/store/secrets';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderApp, renderTab } from './render-app';

afterEach(cleanup);

const START = Date.UTC(2026, 11, 5, 9, 0);
const labels = { event: 'E', player: (n: number) => `J${n}`, list: (i: number) => `L${i}` };

function started(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.players[2] = makePlayer(3, { name: 'Pierre-Yves Morel-Delacroix' });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START };
  return e;
}

const shortCodeText = () => screen.getByTestId('ticket-short-code').textContent!;

describe('short ticket code, organizer side', () => {
  it('the ticket panel shows the short code in twelve groups, and it decodes to this table', async () => {
    const { eventId, db } = await renderTab(Rounds, started());
    const row = (await screen.findByTestId('pairings-table')).querySelector('tr[data-table="2"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Ticket QR de la table 2' }));
    await screen.findByTestId('ticket-short-code');
    expect(shortCodeText()).toMatch(/^([0-9A-Z]{4}-){11}[0-9A-Z]{4}$/);
    expect(screen.getByText(/tapez ces 48 caractères/)).toBeTruthy();
    const back = await decodeShortTicket(shortCodeText(), START, labels);
    expect(back.ok && back.ticket).toMatchObject({ round: 1, table: 2, a: { number: 3 }, b: { number: 4 } });
    const key = await tableKey(await eventSecret(db, eventId), ticketId({ eventId, round: 1, table: 2 }));
    expect(back.ok && back.ticket.key).toBe(shortTableKey(key));
  });

  it('prints every table of the round on one sheet: table, players, QR and short code', async () => {
    await renderTab(Rounds, started());
    fireEvent.click(await screen.findByRole('button', { name: /Imprimer les tickets des tables/ }));
    const sheet = await screen.findByTestId('ticket-sheet');
    await waitFor(() => expect(sheet.querySelectorAll('.ticket-slip')).toHaveLength(2));
    const slip2 = sheet.querySelector('[data-table="2"]') as HTMLElement;
    expect(slip2.textContent).toContain('Table 2');
    expect(slip2.textContent).toContain('Pierre-Yves Morel-Delacroix – Player 4');
    expect(slip2.querySelector('svg.qr')).not.toBeNull();
    expect(within(slip2).getByText(/Code du ticket/)).toBeTruthy();
    expect(document.body.classList.contains('printing-tickets')).toBe(true);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('ticket-sheet')).toBeNull());
    expect(document.body.classList.contains('printing-tickets')).toBe(false);
  });

  it('the sheet button says why it cannot be used before the round starts', async () => {
    await renderTab(Rounds, makeEvent());
    const button = await screen.findByRole('button', { name: /Imprimer les tickets des tables/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toMatch(/^Démarrez la ronde/);
  });

  it("accepts a result signed with the short key, refuses one signed with another table's", async () => {
    const { eventId, db } = await renderTab(Rounds, started());
    const secret = await eventSecret(db, eventId);
    const result: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };
    const payload = payloadFromResult(result, { eventId, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } });
    const other = shortTableKey(await tableKey(secret, ticketId({ eventId, round: 1, table: 1 })));
    const own = shortTableKey(await tableKey(secret, ticketId({ eventId, round: 1, table: 2 })));
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    const field = await screen.findByRole('textbox', { name: 'Code du résultat' });
    expect(field.getAttribute('placeholder')).toBe('XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX');
    const type = async (code: string) => {
      fireEvent.input(field, { target: { value: code } });
      await new Promise((r) => setTimeout(r, 20));
      fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }));
    };
    await type(encodeResultCode(await signPayload(payload, other)));
    await waitFor(() => expect(screen.getByTestId('intake-note').textContent).toMatch(/^Signature invalide/));
    await type(encodeResultCode(await signPayload(payload, own)));
    await waitFor(() => expect(screen.getByTestId('intake-note').textContent).toBe('Résultat enregistré\u00a0: table 2 (ronde 1).'));
  });

  it('offers « Arrêter la caméra » only while a camera runs; without one, a retry', async () => {
    await renderTab(Rounds, started());
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await screen.findByText('Pas de caméra sur cet appareil : saisissez le code.');
    expect(screen.queryByRole('button', { name: 'Arrêter la caméra' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer la caméra' }));
    await screen.findByRole('button', { name: 'Réessayer la caméra' });
    expect(screen.getByText('Pas de caméra sur cet appareil : saisissez le code.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arrêter la caméra' })).toBeNull();
  });
});

describe('short ticket code, table side', () => {
  it("typing the code opens the game with the players' numbers; a typo is named", async () => {
    let code = '';
    let key = '';
    const { db } = await renderApp('#/table', async (db) => {
      const { createEvent } = await import('../../src/store/events');
      const { meta } = await createEvent(db, started(), { deviceId: 'd' });
      const { issueTicket, shortTicketCode } = await import('../../src/ui/screens/table/ticket-for');
      const secret = await eventSecret(db, meta.id);
      const issued = (await issueTicket(started(), meta.id, 1, 2, secret))!;
      code = (await shortTicketCode(issued))!;
      key = issued.ticket.key!;
    });
    const entry = await screen.findByTestId('ticket-entry');
    expect(entry.getAttribute('placeholder')).toBe('XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX');
    expect(screen.queryByRole('button', { name: 'Arrêter la caméra' })).toBeNull();
    const typo = code.slice(0, 3) + (code[3] === 'Z' ? 'Y' : 'Z') + code.slice(4);
    fireEvent.input(entry, { target: { value: typo } });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la partie' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code mal recopié\u00a0: vérifiez chaque groupe.');
    fireEvent.input(entry, { target: { value: code.toLowerCase().replace(/-/g, ' ') } });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la partie' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/table\/game\//));
    const [game] = await listTableGames(db);
    expect(game!.ticket).toMatchObject({ round: 1, table: 2, a: { number: 3, name: 'Joueur n° 3' }, b: { number: 4, name: 'Joueur n° 4' }, key: shortTableKey(key) });
    // the result it will hand back carries the organizer's fingerprints
    const t = game!.ticket as Parameters<typeof withTicketTags>[1];
    const { pairing } = ticketEvent(t);
    const p = withTicketTags(payloadFromResult({ winner: null, how: null, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } }, { eventId: t.eventId, round: 1, pairing }), t);
    expect(p.playersTag).toBe(
      payloadFromResult({ winner: null, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } }, { eventId: 'x', round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } }).playersTag,
    );
  });

  it("the QR ticket (short code and names, issue 20) opens the game with the players' names", async () => {
    let qr = '';
    const { db } = await renderApp('#/table', async (db) => {
      const { createEvent } = await import('../../src/store/events');
      const { meta } = await createEvent(db, started(), { deviceId: 'd' });
      const { issueTicket, shortTicketCode, qrTicketText } = await import('../../src/ui/screens/table/ticket-for');
      const issued = (await issueTicket(started(), meta.id, 1, 2, await eventSecret(db, meta.id)))!;
      qr = qrTicketText(issued.ticket, await shortTicketCode(issued));
    });
    expect(qr).toMatch(/^[0-9A-Z/]+$/);
    fireEvent.input(await screen.findByTestId('ticket-entry'), { target: { value: qr } });
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la partie' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/table\/game\//));
    const [game] = await listTableGames(db);
    expect(game!.ticket).toMatchObject({
      eventName: 'Winter Steamroller',
      round: 1,
      table: 2,
      a: { number: 3, name: 'Pierre-Yves Morel-Delacroix' },
      b: { number: 4, name: 'Player 4' },
    });
  });
});
