// @vitest-environment jsdom
// The result's way back to the organizer: a code typed (or scanned) on the rounds tab, and the
// organizer's own tablet used as a table clock. Both end in one `result-recorded` action after
// the same checks as the result form; a second copy records nothing.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { encodeResultCode, payloadFromResult, signPayload, tableKey, ticketId } from '../../src/domain/handoff';
import type { WargameDb } from '../../src/store/db';
import { eventSecret } from '../../src/store/secrets';
import { setPin } from '../../src/store/pin';
import { setUnlocked } from '../../src/ui/pin-session';
import { createEvent, getLog, loadEvent } from '../../src/store/events';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeEvent } from '../fixtures/events';
import { renderApp, renderTab } from './render-app';

afterEach(cleanup);

const START = Date.UTC(2026, 11, 5, 9, 0);

function started(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START };
  return e;
}

const TABLE2: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };
/** A code as the table's clock makes it: signed with the key of the ticket this event issued. */
let secretOf: (eventId: string) => string = () => {
  throw new Error('no event secret yet');
};
async function withSecret(db: WargameDb, eventId: string): Promise<void> {
  const secret = await eventSecret(db, eventId);
  secretOf = () => secret;
}
const code = async (eventId: string, result = TABLE2, table = 2, pairing = { table: 2, a: 'p3', b: 'p4' }) => {
  const payload = payloadFromResult(result, { eventId, round: 1, pairing: { ...pairing, table } });
  const secret = eventId.startsWith('ev-someone') ? 'cd'.repeat(16) : secretOf(eventId);
  return encodeResultCode(await signPayload(payload, await tableKey(secret, ticketId({ eventId, round: 1, table }))));
};

async function typeCode(text: string) {
  fireEvent.input(screen.getByRole('textbox', { name: 'Code du résultat' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }));
}

describe('result hand-off on the organizer tablet', () => {
  it('offers the clock and the ticket per table once the round has started', async () => {
    const { eventId } = await renderTab(Rounds, started());
    const row = (await screen.findByTestId('pairings-table')).querySelector('tr[data-table="2"]') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Pendule de la table 2 sur cet appareil' }).getAttribute('href')).toBe(`#/event/${eventId}/table/1/2`);
    fireEvent.click(within(row).getByRole('button', { name: 'Ticket QR de la table 2' }));
    const qr = await screen.findByTestId('ticket-qr');
    expect(qr.getAttribute('aria-label')).toBe('Ticket de la table 2');
    const text = (screen.getByTestId('ticket-text') as HTMLTextAreaElement).value;
    expect(text.startsWith('WT1:')).toBe(true);
    // the sealed end, never the end itself
    expect(text).not.toContain(String(START + 106 * 60_000));
    // the played table has no ticket any more
    const done = screen.getByTestId('pairings-table').querySelector('tr[data-table="1"]') as HTMLElement;
    expect(within(done).queryByRole('button', { name: /Ticket/ })).toBeNull();
  });

  it('hides clock and tickets before the round starts (the scenario is still secret)', async () => {
    await renderTab(Rounds, makeEvent());
    await screen.findByTestId('pairings-table');
    expect(screen.queryByRole('button', { name: /Ticket QR/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Pendule de la table/ })).toBeNull();
  });

  it('records a typed code once; the same code again is "déjà enregistré"', async () => {
    const { eventId, current, db } = await renderTab(Rounds, started());
    await withSecret(db, eventId);
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await screen.findByText('Pas de caméra sur cet appareil : saisissez le code.');
    await typeCode((await code(eventId)).toLowerCase());
    await waitFor(() => expect(screen.getByTestId('intake-note').textContent).toBe('Résultat enregistré\u00a0: table 2 (ronde 1).'));
    expect((await current()).rounds[0]!.pairings[1]!.result).toEqual(TABLE2);
    const entries = (await getLog(db, eventId)).length;

    await typeCode(await code(eventId));
    await waitFor(() => expect(screen.getByTestId('intake-note').textContent).toBe('Déjà enregistré\u00a0: table 2 (ronde 1).'));
    expect((await getLog(db, eventId)).length).toBe(entries);
    await waitFor(() => expect(screen.getByTestId('pairings-table').querySelector('tr[data-table="2"]')!.className).toBe('done'));
  });

  it('refuses typos, other events, other tables, other players and impossible results with clear messages', async () => {
    const { eventId, current, db } = await renderTab(Rounds, started());
    await withSecret(db, eventId);
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    const note = () => screen.getByTestId('intake-note').textContent;
    const good = await code(eventId);
    const typo = good.slice(0, 6) + (good[6] === 'Z' ? 'Y' : 'Z') + good.slice(7);
    await typeCode(typo);
    await waitFor(() => expect(note()).toBe('Code incorrect\u00a0: une faute de frappe\u202f? Vérifiez chaque groupe.'));
    await typeCode(await code('ev-someone-else'));
    await waitFor(() => expect(note()).toBe('Ce résultat vient d’un autre événement.'));
    await typeCode(await code(eventId, TABLE2, 7));
    await waitFor(() => expect(note()).toBe('La ronde 1 n’a pas de table 7.'));
    await typeCode(await code(eventId, { ...TABLE2, winner: 'p2' }, 2, { table: 2, a: 'p1', b: 'p2' }));
    await waitFor(() => expect(note()).toBe('Les joueurs de la table 2 (ronde 1) ne sont pas ceux de ce résultat.'));
    // table 1 already has another result
    await typeCode(
      await code(eventId, { winner: 'p2', how: 'assassination', a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 5, listIndex: 0 } }, 1, { table: 1, a: 'p1', b: 'p2' }),
    );
    await waitFor(() => expect(note()).toMatch(/^Un autre résultat est déjà enregistré pour la table 1/));
    // the same checks as the result form: APD above what the list holds
    await typeCode(await code(eventId, { ...TABLE2, b: { cp: 2, apd: 400, listIndex: 0 } }));
    await waitFor(() => expect(note()).toMatch(/400 dépasse le maximum possible/));
    await typeCode('ABCD-EFGH');
    await waitFor(() => expect(note()).toBe('Code incomplet\u00a0: tapez tous les groupes de 4 caractères que montre la table.'));
    expect((await current()).rounds[0]!.pairings[1]!.result).toBeUndefined();
  });
});

describe('the organizer tablet as a table clock', () => {
  it('plays the table and records the confirmed result straight into the event', async () => {
    let eventId = '';
    const { db } = await renderApp('#/', async (db) => {
      eventId = (await createEvent(db, started(), { deviceId: 'dev-ui' })).meta.id;
      location.hash = `#/event/${eventId}/table/1/2`;
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Player 3' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
    await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Player 3'));
    expect(document.querySelector('.topbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assassinat\u00a0: Player 4 gagne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Saisir le résultat' }));
    fireEvent.input(await screen.findByRole('textbox', { name: 'Points d’armée détruits par Player 4' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Player 3 confirme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Player 4 confirme' }));
    await screen.findByText('Résultat enregistré dans l’événement.');
    const { event } = await loadEvent(db, eventId);
    expect(event.rounds[0]!.pairings[1]!.result).toEqual({ winner: 'p4', how: 'assassination', a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 12, listIndex: 0 } });
    const last = (await getLog(db, eventId)).at(-1)!;
    expect(last.action).toMatchObject({ type: 'result-recorded', round: 1, table: 2 });
  });
});

describe('the table clock on a locked organizer tablet (issue 14, item 2)', () => {
  it('does not write into the event: the result leaves as a signed code the organizer takes once unlocked', async () => {
    let eventId = '';
    const { db } = await renderApp('#/', async (db) => {
      eventId = (await createEvent(db, started(), { deviceId: 'dev-ui' })).meta.id;
      await setPin(db, eventId, '4821');
      location.hash = `#/event/${eventId}/table/1/2`;
    });
    setUnlocked(eventId, false);
    const before = (await getLog(db, eventId)).length;
    fireEvent.click(await screen.findByRole('radio', { name: 'Player 3' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
    await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Player 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assassinat\u00a0: Player 4 gagne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Saisir le résultat' }));
    fireEvent.input(await screen.findByRole('textbox', { name: 'Points d’armée détruits par Player 4' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    // the same person taps both buttons: that alone must not record anything
    fireEvent.click(await screen.findByRole('button', { name: 'Player 3 confirme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Player 4 confirme' }));
    await screen.findByTestId('locked-as-code');
    const code = (await screen.findByTestId('result-code')).textContent!;
    expect((await getLog(db, eventId)).length).toBe(before);
    expect((await loadEvent(db, eventId)).event.rounds[0]!.pairings[1]!.result).toBeUndefined();
    expect(screen.queryByText('Résultat enregistré dans l’événement.')).toBeNull();

    // the organizer, unlocked, takes the code: it is signed with the table's key, so it records
    cleanup();
    setUnlocked(eventId, true);
    location.hash = `#/event/${eventId}/rounds`;
    const { App } = await import('../../src/ui/App');
    const { render } = await import('@testing-library/preact');
    const { directEngine } = await import('./render-app');
    render(<App services={{ db, deviceId: 'dev-ui', engine: directEngine, now: () => START }} initialLang="fr" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await typeCode(code);
    await waitFor(() => expect(screen.getByTestId('intake-note').textContent).toBe('Résultat enregistré\u00a0: table 2 (ronde 1).'));
    expect((await loadEvent(db, eventId)).event.rounds[0]!.pairings[1]!.result).toMatchObject({ winner: 'p4', how: 'assassination' });
  });
});

describe('the table clock on a locked tablet, with the PIN', () => {
  it('the organizer types the PIN on the code screen and the result goes in', async () => {
    let eventId = '';
    const { db } = await renderApp('#/', async (db) => {
      eventId = (await createEvent(db, started(), { deviceId: 'dev-ui' })).meta.id;
      await setPin(db, eventId, '4821');
      location.hash = `#/event/${eventId}/table/1/2`;
    });
    setUnlocked(eventId, false);
    fireEvent.click(await screen.findByRole('radio', { name: 'Player 3' }, { timeout: 3000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
    await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Player 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assassinat\u00a0: Player 4 gagne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Saisir le résultat' }));
    fireEvent.input(await screen.findByRole('textbox', { name: 'Points d’armée détruits par Player 4' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Player 3 confirme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Player 4 confirme' }));
    await screen.findByTestId('locked-as-code');
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    await screen.findByText('Code incorrect.');
    expect((await loadEvent(db, eventId)).event.rounds[0]!.pairings[1]!.result).toBeUndefined();
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    await screen.findByText('Résultat enregistré dans l’événement.');
    expect((await loadEvent(db, eventId)).event.rounds[0]!.pairings[1]!.result).toMatchObject({ winner: 'p4', how: 'assassination' });
  });
});

describe('LotR results handed over by code', () => {
  it('rebuilds 3-0, 2-1 and 1.5-1.5 from winner and how', async () => {
    const { withSystemFields } = await import('../../src/ui/screens/table/accept-result');
    const ev = { ...makeEvent(), system: 'lotr-sbg' as const };
    const base = { a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } };
    const pairing = { a: 'p1', b: 'p2' };
    expect(withSystemFields(ev, { ...base, winner: 'p2', how: 'scenario' }, pairing)).toMatchObject({ a: { points: 0 }, b: { points: 3 } });
    expect(withSystemFields(ev, { ...base, winner: 'p1', how: 'tiebreak' }, pairing)).toMatchObject({ a: { points: 2 }, b: { points: 1 } });
    expect(withSystemFields(ev, { ...base, winner: null, how: 'tiebreak' }, pairing)).toMatchObject({ a: { points: 1.5 }, b: { points: 1.5 } });
    expect(withSystemFields(makeEvent(), { ...base, winner: 'p1', how: 'scenario' }, pairing)).not.toHaveProperty('a.points');
  });
});
