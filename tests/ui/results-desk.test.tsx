// @vitest-environment jsdom
// Issue 20: the results desk. A verified code is recorded at once with the table's line, and the
// round's tables move from « En cours » to « Reçus »; a code for another round, a forged one and a
// repeat record nothing and say why.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { encodeResultCode, payloadFromResult, signPayload, tableKey, ticketId } from '../../src/domain/handoff';
import { getLog } from '../../src/store/events';
import { eventSecret } from '../../src/store/secrets';
import { setSyncConfig } from '../../src/store/sync-config';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function twoRounds(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: Date.UTC(2026, 11, 5, 9, 0) };
  e.rounds.push({
    number: 2,
    scenario: 'overrun',
    startedAt: Date.UTC(2026, 11, 5, 11, 0),
    pairings: [
      { table: 1, a: 'p1', b: 'p5' },
      { table: 2, a: 'p2', b: 'p4' },
    ],
    bye: 'p3',
  });
  return e;
}

async function typeCode(text: string) {
  fireEvent.input(screen.getByRole('textbox', { name: 'Code du résultat' }), { target: { value: text } });
  await new Promise((r) => setTimeout(r, 20));
  fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }));
}
const note = () => screen.getByTestId('intake-note').textContent;
const WAIT = { timeout: 5000 };

async function signedCode(db: Parameters<typeof eventSecret>[0], eventId: string, round: number, pairing: { table: number; a: string; b: string }, result: GameResult) {
  const key = await tableKey(await eventSecret(db, eventId), ticketId({ eventId, round, table: pairing.table }));
  return encodeResultCode(await signPayload(payloadFromResult(result, { eventId, round, pairing }), key));
}

describe('results desk', () => {
  it('records a verified code with its line, lists the tables, refuses another round and a forgery', async () => {
    const { eventId, db } = await renderTab(Rounds, twoRounds());
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await screen.findByRole('heading', { name: 'Bureau des résultats — ronde 2' });
    const tables = screen.getByTestId('desk-tables');
    expect(within(tables).getByRole('heading', { name: 'En cours (2)' })).toBeTruthy();
    expect(within(tables).getByRole('heading', { name: 'Reçus (0 sur 2)' })).toBeTruthy();
    const before = (await getLog(db, eventId)).length;
    // the tickets of the tables still playing, for their phones to scan at the desk
    await waitFor(() => expect([...screen.getByTestId('desk-tickets').querySelectorAll('.ticket-slip')].map((li) => li.getAttribute('data-table'))).toEqual(['1', '2']), WAIT);

    // round 1's table 2 is still open, but the desk takes round 2: nothing recorded
    const old = await signedCode(
      db,
      eventId,
      1,
      { table: 2, a: 'p3', b: 'p4' },
      { winner: 'p3', how: 'assassination', a: { cp: 0, apd: 10, listIndex: 0 }, b: { cp: 0, apd: 5, listIndex: 0 } },
    );
    await typeCode(old);
    await waitFor(() => expect(note()).toMatch(/^Ce résultat est pour la ronde 1 \(table 2\)\u202f; le bureau reçoit la ronde 2/), WAIT);

    const win: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };
    const forged = await signPayload(payloadFromResult(win, { eventId, round: 2, pairing: { table: 2, a: 'p2', b: 'p4' } }), 'ab'.repeat(32));
    await typeCode(encodeResultCode(forged));
    await waitFor(() => expect(note()).toMatch(/^Signature invalide pour la table 2 \(ronde 2\)/), WAIT);
    expect((await getLog(db, eventId)).length).toBe(before);

    const code = await signedCode(db, eventId, 2, { table: 2, a: 'p2', b: 'p4' }, win);
    await typeCode(code);
    await waitFor(() => expect(note()).toBe('Résultat enregistré\u00a0: table 2 (ronde 2).'), WAIT);
    const p4 = (await getLog(db, eventId)).length === before + 1;
    expect(p4).toBe(true);
    const line = screen.getByTestId('desk-last').textContent!;
    expect(line).toMatch(/^Table 2\u00a0: .+ gagne \(scénario\) · 1 – 2 PC$/);
    expect(within(tables).getByRole('heading', { name: 'En cours (1)' })).toBeTruthy();
    expect(within(tables).getByRole('heading', { name: 'Reçus (1 sur 2)' })).toBeTruthy();
    expect(screen.getByTestId('desk-received').querySelector('li[data-table="2"]')!.textContent).toBe(line);
    expect(screen.getByTestId('desk-playing').querySelector('li[data-table="1"]')).not.toBeNull();
    await waitFor(() => expect([...screen.getByTestId('desk-tickets').querySelectorAll('.ticket-slip')].map((li) => li.getAttribute('data-table'))).toEqual(['1']), WAIT);

    await typeCode(code);
    await waitFor(() => expect(note()).toBe('Déjà enregistré\u00a0: table 2 (ronde 2).'), WAIT);
    expect((await getLog(db, eventId)).length).toBe(before + 1);
  });

  it('takes the codes the tables dropped in the intake: the genuine one recorded « reçu de la table 2 », a forged one counted, nothing typed', async () => {
    const { eventId, db } = await renderTab(Rounds, twoRounds());
    const win: GameResult = { winner: 'p2', how: 'assassination', a: { cp: 0, apd: 20, listIndex: 0 }, b: { cp: 0, apd: 10, listIndex: 0 } };
    const genuine = await signedCode(db, eventId, 2, { table: 2, a: 'p2', b: 'p4' }, win);
    const forged = encodeResultCode(await signPayload(payloadFromResult(win, { eventId, round: 2, pairing: { table: 1, a: 'p1', b: 'p5' } }), 'cd'.repeat(32)));
    const doc = (code: string) => ({ doc: { _id: `result:${code.replace(/-/g, '')}`, type: 'result', code, at: 1 } });
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        reads.push(url);
        const first = /since=0(&|$)/.test(url);
        return new Response(JSON.stringify({ results: first ? [doc(forged), doc(genuine), { doc: { _id: 'x', type: 'junk' } }] : [], last_seq: '3' }), { status: 200 });
      }),
    );
    await setSyncConfig(db, eventId, { url: 'https://couch.example.org', db: 'open-lyon', user: 'orga', password: 'pw' });
    const before = (await getLog(db, eventId)).length;
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await waitFor(() => expect(note()).toBe('Reçu de la table 2 (ronde 2).'), WAIT);
    expect(screen.getByTestId('desk-last').textContent).toMatch(/^Table 2\u00a0: .+ gagne \(assassinat\) · 0 – 0 PC$/);
    await waitFor(() => expect(screen.getByTestId('desk-network').textContent).toMatch(/1 résultat reçu du réseau refusé/), WAIT);
    expect((await getLog(db, eventId)).length).toBe(before + 1);
    expect(reads.find((u) => u.includes('_changes'))).toMatch(/^https:\/\/couch\.example\.org\/open-lyon-intake\/_changes\?include_docs=true&limit=200&since=0$/);
    // the credentials go in a header, never in the address
    expect(reads.every((u) => !u.includes('orga') && !u.includes('pw'))).toBe(true);
  });
});
