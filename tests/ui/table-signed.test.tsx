// @vitest-environment jsdom
// Issue 7: once the event has issued tickets (it has a signing secret), a result code must carry
// its table's signature: forged, altered and unsigned codes are refused, a genuine one is recorded
// once however often it is scanned.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { decodeResultCode, encodeResultCode, payloadFromResult, signPayload, tableKey, ticketId, type ResultPayload } from '../../src/domain/handoff';
import { getLog } from '../../src/store/events';
import { eventSecret } from '../../src/store/secrets';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

function started(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: Date.UTC(2026, 11, 5, 9, 0) };
  return e;
}
const TABLE2: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };
const payload = (eventId: string, result = TABLE2): ResultPayload => payloadFromResult(result, { eventId, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } });

async function typeCode(text: string) {
  fireEvent.input(screen.getByRole('textbox', { name: 'Code du résultat' }), { target: { value: text } });
  // let the form re-render with the typed code before the tap, as a person's tap would
  await new Promise((r) => setTimeout(r, 20));
  fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }));
}
const note = () => screen.getByTestId('intake-note').textContent;

describe('signed results on the organizer tablet', () => {
  it('refuses unsigned, forged and altered codes, records a genuine one once', async () => {
    const { eventId, db } = await renderTab(Rounds, started());
    const secret = await eventSecret(db, eventId);
    const key = await tableKey(secret, ticketId({ eventId, round: 1, table: 2 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await screen.findByRole('textbox', { name: 'Code du résultat' });
    const before = (await getLog(db, eventId)).length;

    await typeCode(encodeResultCode(payload(eventId)));
    await waitFor(() => expect(note()).toMatch(/^Code sans signature pour la table 2 \(ronde 1\)/));

    await typeCode(encodeResultCode({ ...payload(eventId), sig: '0123456789' }));
    await waitFor(() => expect(note()).toMatch(/^Signature invalide pour la table 2 \(ronde 1\)/));

    const genuine = await signPayload(payload(eventId), key);
    // altered: the winner's CP raised, the code rebuilt (valid checksum) with the old signature
    const altered = { ...genuine, b: { ...genuine.b, cp: 5 } };
    await typeCode(encodeResultCode(altered));
    await waitFor(() => expect(note()).toMatch(/^Signature invalide/));
    expect((await getLog(db, eventId)).length).toBe(before);

    const code = encodeResultCode(genuine);
    expect(decodeResultCode(code).ok).toBe(true);
    await typeCode(code);
    await waitFor(() => expect(note()).toBe('Résultat enregistré\u00a0: table 2 (ronde 1).'));
    await typeCode(code); // replayed
    await waitFor(() => expect(note()).toBe('Déjà enregistré\u00a0: table 2 (ronde 1).'));
    expect((await getLog(db, eventId)).length).toBe(before + 1);
  });
});

describe('an event that never issued a ticket (issue 14, item 5)', () => {
  it('refuses a made-up code, signed or not: nothing can verify it', async () => {
    // round not started: no ticket yet (the results desk shows the tickets of a started round, which issues them)
    const { eventId, db } = await renderTab(Rounds, makeEvent({ settings: { points: 50, variants: [], rounds: null } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bureau des résultats' }));
    await screen.findByRole('textbox', { name: 'Code du résultat' });
    const before = (await getLog(db, eventId)).length;
    await typeCode(encodeResultCode(payload(eventId)));
    await waitFor(() => expect(note()).toMatch(/^Aucun ticket n’a été émis par cet appareil/));
    // a key made up by the forger: still nothing to check it against
    const forged = await signPayload(payload(eventId), 'ab'.repeat(32));
    await typeCode(encodeResultCode(forged));
    await waitFor(() => expect(note()).toMatch(/^Aucun ticket n’a été émis/));
    expect((await getLog(db, eventId)).length).toBe(before);
    expect((await getLog(db, eventId)).some((e) => e.action.type === 'result-recorded')).toBe(false);
  });
});
