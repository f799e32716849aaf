// @vitest-environment jsdom
// Issue 20: « Inscriptions reçues » in the Players tab. The registrations players sent are read
// from the intake; a namesake is flagged and cannot be accepted; « Tout accepter » logs one
// player-registered each, with the lists; a refusal needs a reason and keeps it; an accepted
// registration is not offered again.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLog } from '../../src/store/events';
import { setSyncConfig } from '../../src/store/sync-config';
import { Players } from '../../src/ui/screens/event/Players';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTabOn } from './render-app';
import { openEventDb } from '../../src/store/db';
import { createEvent } from '../../src/store/events';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST_A = [
  'Stryker (+6)',
  'Ironclad 7',
  'Lancer 6',
  'Stormblade Infantry (max) 9',
  'Arcane Tempest Gun Mage Officer 2',
  'Arcane Tempest Gun Mage Officer 2',
  'Journeyman Warcaster 3',
].join('\n');
const LIST_B = ['Haley2 : bonus 5', 'Defender 9', 'Charger 6', 'Trencher Infantry (max) 10', 'Journeyman Warcaster 3'].join('\n');
const reg = (hex: string, name: string, lists = [LIST_A, LIST_B]) => ({
  doc: { _id: `registration:${hex.repeat(16)}`, type: 'registration', name, club: 'Lyon', faction: 'Cygnar', lists, at: 1 },
});
const WAIT = { timeout: 5000 };

describe('registrations received', () => {
  it('flags a namesake, accepts the others with their lists, refuses with a reason', async () => {
    const event = makeEvent({ settings: { points: 25, variants: [], rounds: null }, players: [makePlayer(1, { name: 'Bruno Martin', nickname: undefined })], rounds: [] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('_changes')) return new Response('{}', { status: 200 });
        return new Response(
          JSON.stringify({
            results: [
              reg('a', 'Zoé Martin'),
              reg('b', 'bruno martin'),
              reg('c', 'Léa Roux'),
              reg('d', 'Ugo Faure', [`${LIST_A}\nJuggernaut 7`, LIST_B]),
              { doc: { _id: 'registration:zz', type: 'registration' } },
            ],
            last_seq: '5',
          }),
          { status: 200 },
        );
      }),
    );
    const store = await openEventDb({}, `reg-${Math.random()}`);
    const { meta } = await createEvent(store, event, { deviceId: 'dev-ui' });
    await setSyncConfig(store, meta.id, { url: 'https://couch.example.org', db: 'open', user: 'orga', password: 'pw' });
    const { eventId, db } = await renderTabOn(Players, store, meta.id);
    const panel = await screen.findByTestId('registrations', {}, WAIT);
    expect(within(panel).getByRole('heading', { name: 'Inscriptions reçues (4)' })).toBeTruthy();
    const item = (name: string) => panel.querySelector(`[data-name="${name}"]`) as HTMLElement;
    expect(within(item('bruno martin')).getByTestId('registration-duplicate').textContent).toContain('Bruno Martin');
    expect((within(item('bruno martin')).getByRole('button', { name: 'Accepter' }) as HTMLButtonElement).disabled).toBe(true);
    expect(item('Ugo Faure').textContent).toMatch(/Liste 1\s: 36 points/);
    const before = (await getLog(db, eventId)).length;
    fireEvent.click(within(panel).getByRole('button', { name: 'Tout accepter (2)' }));
    await waitFor(() => expect(within(screen.getByTestId('registrations')).getByRole('heading', { name: 'Inscriptions reçues (2)' })).toBeTruthy(), WAIT);
    const log = await getLog(db, eventId);
    expect(log.length).toBe(before + 2);
    const added = log.slice(-2).map((e) => (e.action as unknown as { player: { name: string; lists: unknown[]; selfRegistration: string } }).player);
    expect(added.map((p) => [p.name, p.lists.length, p.selfRegistration])).toEqual([
      ['Zoé Martin', 2, `registration:${'a'.repeat(16)}`],
      ['Léa Roux', 2, `registration:${'c'.repeat(16)}`],
    ]);
    // refusing needs a reason
    fireEvent.click(within(item('bruno martin')).getByRole('button', { name: 'Refuser' }));
    fireEvent.click(within(item('bruno martin')).getByRole('button', { name: 'Refuser bruno martin' }));
    expect(within(item('bruno martin')).getByRole('alert').textContent).toBe('Donnez un motif.');
    fireEvent.input(within(item('bruno martin')).getByLabelText('Motif du refus'), { target: { value: 'Déjà inscrit' } });
    fireEvent.click(within(item('bruno martin')).getByRole('button', { name: 'Refuser bruno martin' }));
    await waitFor(() => expect(within(screen.getByTestId('registrations')).getByRole('heading', { name: 'Inscriptions reçues (1)' })).toBeTruthy(), WAIT);
    expect((await getLog(db, eventId)).length).toBe(before + 2);
  });
});
