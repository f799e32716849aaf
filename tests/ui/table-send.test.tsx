// @vitest-environment jsdom
// Issue 20: a table whose ticket carries the event's intake address sends its signed result there
// once both players confirm; without a network it says so, keeps the QR, and sends again on a tap.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeResultCode, newEventSecret, parseHallState, ticketId } from '../../src/domain/handoff';
import { I18nContext, translator } from '../../src/i18n';
import { openEventDb } from '../../src/store/db';
import { openTableGame } from '../../src/store/table-games';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { TableGameScreen } from '../../src/ui/screens/table/TableScreens';
import { ServicesContext, type Services } from '../../src/ui/services';
import { makeEvent, makePlayer } from '../fixtures/events';
import { directEngine } from './render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const START = Date.UTC(2026, 11, 5, 9, 0);
const INTAKE = 'https://couch.example.org/open-lyon-intake';

async function playToResult(intake: string | null) {
  const event = makeEvent({
    settings: { points: 50, variants: [], rounds: null },
    players: [makePlayer(1, { name: 'Ana Duval' }), makePlayer(2, { name: 'Bruno Martin' })],
    rounds: [{ number: 1, scenario: 'overrun', variableMinutes: 6, startedAt: START, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null }],
  });
  const issued = (await issueTicket(event, 'ev-1', 1, 1, newEventSecret(), START, intake))!;
  const db = await openEventDb({}, `send-${Math.random()}`);
  const id = ticketId(issued.ticket);
  await openTableGame(db, id, issued.ticket, 'ticket', START);
  const clock = { now: START };
  const services: Services = { db, deviceId: 'dev-table', engine: directEngine, now: () => clock.now, notify: () => undefined };
  render(
    <ServicesContext.Provider value={services}>
      <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
        <TableGameScreen id={id} />
      </I18nContext.Provider>
    </ServicesContext.Provider>,
  );
  fireEvent.click(await screen.findByRole('radio', { name: 'Ana Duval' }));
  clock.now = START + 2 * 60_000;
  fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
  await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Ana Duval'));
  fireEvent.click(await screen.findByRole('button', { name: 'Fin de partie…' }));
  fireEvent.click(screen.getByRole('button', { name: 'Assassinat\u00a0: Ana Duval gagne' }));
  fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Saisir le résultat' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le résultat' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Ana Duval confirme' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Bruno Martin confirme' }));
  return (await screen.findByTestId('result-code')).textContent!;
}

describe('a table sends its result to the intake', () => {
  it('once both confirm: one PUT of the signed code, no credentials, « envoyé »', async () => {
    const calls: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body), headers: init.headers as Record<string, string> });
        return new Response('{"ok":true}', { status: 201 });
      }),
    );
    const code = await playToResult(INTAKE);
    await waitFor(() => expect(screen.getByTestId('result-sent').getAttribute('data-state')).toBe('sent'));
    expect(screen.getByTestId('result-sent').textContent).toBe('Résultat envoyé à l’organisateur\u00a0: rien d’autre à faire.');
    // the table's clock states (« La salle ») go to the same intake; the result is one PUT
    const results = calls.filter((c) => JSON.parse(c.body).type === 'result');
    const clocks = calls.filter((c) => JSON.parse(c.body).type === 'clock');
    expect(results.length + clocks.length).toBe(calls.length);
    expect(clocks.length).toBeGreaterThan(0);
    expect(results).toHaveLength(1);
    for (const c of clocks) {
      const doc = JSON.parse(c.body) as { code: string };
      // three fields, one timestamp (when it was taken): the sealed dice-down instant is not in it
      expect(Object.keys(doc).sort()).toEqual(['at', 'code', 'type']);
      const parsed = parseHallState(doc.code);
      expect(parsed?.state).toMatchObject({ round: 1, table: 1, diceDown: false });
      expect(doc.code.split('.').filter((f) => Number(f) > 1e12)).toEqual([String(parsed!.state.at)]);
    }
    const clean = code.replace(/-/g, '');
    expect(results[0]!.url).toBe(`${INTAKE}/${encodeURIComponent(`result:${clean}`)}`);
    expect(JSON.parse(results[0]!.body)).toMatchObject({ type: 'result', code });
    for (const c of calls) expect(c.headers.Authorization).toBeUndefined();
    expect(decodeResultCode(code).ok && decodeResultCode(code)).toMatchObject({ payload: { table: 1, winner: 'a' } });
    expect(screen.getByTestId('result-qr')).toBeTruthy();
  });

  it('without a network: says so, keeps the QR, and « Renvoyer » sends it', async () => {
    let online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response('{"ok":true}', { status: 201 });
      }),
    );
    await playToResult(INTAKE);
    await waitFor(() => expect(screen.getByTestId('result-sent').getAttribute('data-state')).toBe('unreachable'));
    expect(screen.getByTestId('result-sent').textContent).toContain('Pas de réseau\u00a0: montrez ce QR à l’organisateur.');
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer' }));
    await waitFor(() => expect(screen.getByTestId('result-sent').getAttribute('data-state')).toBe('sent'));
  });

  it('a ticket without an intake sends nothing', async () => {
    const f = vi.fn();
    vi.stubGlobal('fetch', f);
    await playToResult(null);
    expect(screen.queryByTestId('result-sent')).toBeNull();
    expect(f).not.toHaveBeenCalled();
  });
});
