// @vitest-environment jsdom
// Names typed into the app are held to the limits an import applies (issue 14, item 11): the
// store refuses, the screen says which field and how long, nothing is stored.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, loadEvent, appendActions } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderApp } from './render-app';
import { openEventDb } from '../../src/store/db';
import { InvalidActionError } from '../../src/domain/log';

afterEach(cleanup);

describe('name limits in the app', () => {
  it('registering a 10,000-character name says why and stores nothing', async () => {
    const { db } = await renderApp();
    const { meta } = await createEvent(db, makeEvent({ rounds: [] }), { deviceId: 'd' });
    location.hash = `#/event/${meta.id}/players`;
    await screen.findByTestId('players-table');
    fireEvent.input(screen.getByLabelText('Nom', { exact: true }), { target: { value: 'N'.repeat(10_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await waitFor(() => expect(document.querySelector('.status.error')?.textContent).toContain('nom trop long (10\u202f000 caractères\u202f; au plus 100)'));
    expect((await loadEvent(db, meta.id)).event.players).toHaveLength(5);
  });

  it('the store refuses too-long names, event names and out-of-range results before writing', async () => {
    const db = await openEventDb({}, `limits-${Math.random()}`);
    const { meta, seq } = await createEvent(db, makeEvent(), { deviceId: 'd' });
    const bad = [
      { type: 'player-registered' as const, player: makePlayer(9, { club: 'c'.repeat(101) }) },
      { type: 'player-updated' as const, id: 'p1', patch: { name: 'n'.repeat(101) } },
      { type: 'event-updated' as const, patch: { name: 'e'.repeat(121) } },
      {
        type: 'result-corrected' as const,
        round: 1,
        table: 1,
        // biome-ignore lint/correctness/noPrecisionLoss: a number JSON cannot give back exactly, on purpose
        result: { winner: 'p1', how: 'scenario' as const, a: { cp: 9007199254740993, apd: 1 }, b: { cp: 0, apd: 1.7e308 } },
      },
    ];
    for (const action of bad) await expect(appendActions(db, meta.id, [action], { deviceId: 'd' })).rejects.toBeInstanceOf(InvalidActionError);
    expect((await loadEvent(db, meta.id)).seq).toBe(seq);
    await appendActions(db, meta.id, [{ type: 'player-updated', id: 'p1', patch: { name: "Marie-Geneviève de La Tour d'Auvergne" } }], { deviceId: 'd' });
  });
});

describe('a QR that cannot be made says why', () => {
  it('shows the reason instead of an empty frame', async () => {
    const { render } = await import('@testing-library/preact');
    const { QrCode } = await import('../../src/ui/screens/table/QrCode');
    render(<QrCode text={'é'.repeat(4000)} label="ticket" testId="ticket-qr" ecc="L" />);
    const msg = await screen.findByTestId('ticket-qr-error');
    expect(msg.textContent).toMatch(/^QR impossible\u00a0: 4000 caractères/);
    expect(screen.queryByTestId('ticket-qr')).toBeNull();
    cleanup();
    render(<QrCode text="WT1:short" label="ticket" testId="ticket-qr" />);
    expect(screen.getByTestId('ticket-qr').tagName.toLowerCase()).toBe('svg');
  });
});

describe('stale player edit (issue 14, item 6)', () => {
  it('a player edited in another tab meanwhile: the save is refused with « modifié entre-temps : revoir »', async () => {
    const { db } = await renderApp();
    const { meta } = await createEvent(db, makeEvent({ rounds: [] }), { deviceId: 'd' });
    location.hash = `#/event/${meta.id}/players`;
    await screen.findByTestId('players-table');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Player 2' }));
    const club = await screen.findByLabelText('Club / ville');
    // another tab changes the same player's club
    await appendActions(db, meta.id, [{ type: 'player-updated', id: 'p2', patch: { club: 'Grenoble' } }], { deviceId: 'other-tab' });
    fireEvent.input(screen.getByLabelText('Faction'), { target: { value: 'Khador' } });
    fireEvent.input(club, { target: { value: 'Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.querySelector('.status.error')?.textContent).toMatch(/^Modifié entre-temps\u00a0: revoir/));
    expect((await loadEvent(db, meta.id)).event.players[1]).toMatchObject({ club: 'Grenoble', faction: 'Cygnar' });
  });
});
