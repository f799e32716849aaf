// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file/types';
import { createEvent, loadEvent } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

async function openPlayers(event: EventFile) {
  const { db } = await renderApp();
  const { meta } = await createEvent(db, event, { deviceId: 'd' });
  location.hash = `#/event/${meta.id}/players`;
  await screen.findByTestId('players-table');
  return { db, id: meta.id, stored: async (id: string) => (await loadEvent(db, meta.id)).event.players.find((p) => p.id === id)! };
}

const noRounds = () => makeEvent({ rounds: [] });

describe('players tab', () => {
  it('edits a player and refuses a name another player already has', async () => {
    const { stored } = await openPlayers(noRounds());
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Player 2' }));
    const name = await screen.findByLabelText('Nom');
    expect((name as HTMLInputElement).value).toBe('Player 2');
    fireEvent.input(name, { target: { value: 'player 1' } });
    fireEvent.input(screen.getByLabelText('Pseudo'), { target: { value: 'nick1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('«\u00a0Player 1\u00a0» (n° 1)');
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: 'Bea Martin' } });
    fireEvent.input(screen.getByLabelText('Pseudo'), { target: { value: 'Bea' } });
    fireEvent.input(screen.getByLabelText('Club / ville'), { target: { value: 'Grenoble' } });
    fireEvent.input(screen.getByLabelText('Faction'), { target: { value: 'Khador' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Bea Martin modifié.');
    const row = screen.getByTestId('player-2');
    expect(row.textContent).toContain('Bea Martin');
    expect(row.textContent).toContain('Grenoble');
    expect(await stored('p2')).toMatchObject({ number: 2, name: 'Bea Martin', nickname: 'Bea', club: 'Grenoble', faction: 'Khador' });
    // the button that opened the editor has the focus back
    await waitFor(() => expect(document.activeElement?.id).toBe('pl-p2-edit'));
  });

  it('lists players by surname as a French organizer files them, or by registration number', async () => {
    const names = ['Pierre-Yves Morel-Delacroix', 'Charles de Gaulle', 'Anne Le Goff', 'Éloïse Aubry', 'DUPONT Marc', 'Zoé Bernard'];
    await openPlayers(makeEvent({ rounds: [], players: names.map((name, i) => makePlayer(i + 1, { name, nickname: undefined })) }));
    const listed = (): string[] => [...screen.getByTestId('players-table').querySelectorAll('tbody .player-name')].map((el) => el.textContent!);
    const order = within(screen.getByRole('radiogroup', { name: 'Ordre de la liste' }));
    expect(order.getByRole('radio', { name: 'Par nom de famille' }).getAttribute('aria-checked')).toBe('true');
    // Aubry, Bernard, DUPONT (capitals first: the surname), de Gaulle under G, Le Goff under L, Morel-Delacroix
    expect(listed()).toEqual(['Éloïse Aubry', 'Zoé Bernard', 'DUPONT Marc', 'Charles de Gaulle', 'Anne Le Goff', 'Pierre-Yves Morel-Delacroix']);
    fireEvent.click(order.getByRole('radio', { name: 'Par n° d’inscription' }));
    await waitFor(() => expect(listed()).toEqual(names));
    // a search keeps the order chosen
    fireEvent.click(order.getByRole('radio', { name: 'Par nom de famille' }));
    fireEvent.input(screen.getByLabelText('Rechercher un joueur'), { target: { value: 'e' } });
    await waitFor(() => expect(listed()).toEqual(['Éloïse Aubry', 'Zoé Bernard', 'Charles de Gaulle', 'Anne Le Goff', 'Pierre-Yves Morel-Delacroix']));
  });

  it('checks players in and counts them', async () => {
    const { stored, db, id } = await openPlayers(noRounds());
    expect(screen.getByTestId('checked-in-count').textContent).toBe('0/5 pointé');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pointage de Player 1' }));
    await waitFor(() => expect(screen.getByTestId('checked-in-count').textContent).toBe('1/5 pointé'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pointage de Player 3' }));
    await waitFor(() => expect(screen.getByTestId('checked-in-count').textContent).toBe('2/5 pointés'));
    expect((await stored('p1')).checkedIn).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pointage de Player 1' }));
    await waitFor(() => expect(screen.getByTestId('checked-in-count').textContent).toBe('1/5 pointé'));
    expect((await stored('p1')).checkedIn).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Pointage de Player 3' }) as HTMLInputElement).checked).toBe(true);
    // a check-in stores its entry, not the whole projection: the engine stores that once the taps pause
    await waitFor(async () => expect((await db.get('projections', id))!.seq).toBe((await db.get('events', id))!.lastSeq));
    const record = (await db.get('projections', id))!.event.players;
    expect(record.filter((p) => p.checkedIn).map((p) => p.id)).toEqual(['p3']);
  });

  it('drops a player only after confirmation, after the rounds paired so far, then reinstates them', async () => {
    const { stored } = await openPlayers(makeEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Abandon de Player 5' }));
    let dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Abandon de Player 5 (n° 5)\u202f? Ce joueur ne sera plus apparié (abandon après la ronde 1).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler', hidden: true }));
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect((await stored('p5')).dropped).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Abandon de Player 5' }));
    dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer l’abandon', hidden: true }));
    await screen.findByText('Player 5 a abandonné (après la ronde 1).');
    expect(await stored('p5')).toMatchObject({ dropped: true, droppedAfterRound: 1 });
    expect(screen.getByTestId('player-5').textContent).toContain('Abandon après la ronde 1');
    expect(screen.getByText('4 inscrits')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Réintégrer Player 5' }));
    await screen.findByText('Player 5 réintégré : sera de nouveau apparié.');
    expect(await stored('p5')).toMatchObject({ dropped: false, droppedAfterRound: null });
    expect(screen.getByRole('button', { name: 'Abandon de Player 5' })).toBeTruthy();
  });

  it('warns when the dropped player still has a game without result', async () => {
    await openPlayers(makeEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Abandon de Player 3' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('sa partie de la ronde 1 (table 2) n’a pas encore de résultat');
  });

  it('registers a late player with a badge of the round they join', async () => {
    const { stored } = await openPlayers(makeEvent());
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: 'Zoé Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await screen.findByText('Zoé Late inscrit (n° 6) : arrive à la ronde 2 avec 0 PT.');
    expect(within(screen.getByTestId('player-6')).getByText('Arrivé ronde 2')).toBeTruthy();
    expect(screen.getByTestId('player-1').textContent).not.toContain('Arrivé');
    expect(await stored('p6')).toMatchObject({ number: 6, joinedRound: 2, checkedIn: true, lists: [] });
  });

  it('says at once when a late player moves the event into another row of the rounds table (issue 21, 17)', async () => {
    // 8 players play 3 rounds; the 9th makes it 4
    await openPlayers(makeEvent({ players: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => makePlayer(n)), rounds: [] }));
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: 'Zoé Neuvième' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    const note = await screen.findByText(/^Zoé Neuvième inscrit/);
    expect(note.textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Zoé Neuvième inscrit (n° 9). Avec 9 joueurs, le règlement prévoit maintenant 4 rondes au lieu de 3 (de 9 à 16 joueurs : 4 rondes).',
    );
    // a 10th stays in the same row: nothing more to say
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: 'Yves Dixième' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    expect((await screen.findByText(/^Yves Dixième inscrit/)).textContent).not.toContain('règlement');
  });

  it('shows the painting check only under a painting variant', async () => {
    await openPlayers(noRounds());
    expect(screen.queryByRole('checkbox', { name: /Peinture validée/ })).toBeNull();
    cleanup();

    const { stored } = await openPlayers(makeEvent({ rounds: [], settings: { points: 50, variants: ['painting:hardcore'], rounds: null } }));
    expect(screen.getByRole('columnheader', { name: 'Peinture (hardcore)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Peinture validée\u00a0: Player 4' }));
    await waitFor(() => expect(screen.getByTestId('painted-count').textContent).toBe('1/5 peinture validée'));
    expect((await stored('p4')).painted).toBe(true);
  });
});
