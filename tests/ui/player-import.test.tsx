// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { getLog } from '../../src/store/events';
import { PlayerImport } from '../../src/ui/screens/event/players/PlayerImport';
import type { TabProps } from '../../src/ui/screens/event/types';
import { makeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

const Tab = ({ event, dispatch }: TabProps) => <PlayerImport event={event} dispatch={dispatch} />;
const fresh = () => makeEvent({ rounds: [] });

describe('player list import', () => {
  it('previews the numbers, names every line left out, then registers the rest in one batch', async () => {
    const { db, eventId, current, notes } = await renderTab(Tab, fresh());
    const before = (await getLog(db, eventId)).length;
    fireEvent.input(await screen.findByLabelText('Liste à coller'), {
      target: { value: 'Émile Zola ; Paris ; Khador\nPlayer 2 ; Lyon\nÉmile  zola ; Marseille\n ; Lyon\nInès Roux' },
    });
    expect((await screen.findByTestId('player-import-summary')).textContent).toBe('2 joueurs à inscrire. 3 lignes écartées\u00a0:');
    expect(screen.getByTestId('player-import-problems').textContent).toContain('Ligne 2\u00a0: Player 2 figure déjà parmi les inscrits (n° 2), ligne écartée.');
    expect(screen.getByTestId('player-import-problems').textContent).toContain('Ligne 3\u00a0: Émile zola figure déjà ligne 1, ligne écartée.');
    expect(screen.getByTestId('player-import-problems').textContent).toContain('Ligne 4\u00a0: pas de nom, ligne écartée.');
    const rows = [...screen.getByTestId('player-import-preview').querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['6Émile ZolaParisKhador', '7Inès Roux']);
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire 2 joueurs' }));
    await waitFor(() => expect(notes).toContain('2 joueurs inscrits (n° 6 à 7).'));
    const log = await getLog(db, eventId);
    expect(log.slice(before).map((e) => e.action.type)).toEqual(['player-registered', 'player-registered']);
    expect(new Set(log.slice(before).map((e) => e.at)).size).toBe(1);
    const players = (await current()).players;
    expect(players.slice(-2)).toMatchObject([
      { number: 6, name: 'Émile Zola', club: 'Paris', faction: 'Khador', dropped: false, lists: [] },
      { number: 7, name: 'Inès Roux' },
    ]);
    expect((screen.getByLabelText('Liste à coller') as HTMLTextAreaElement).value).toBe('');
  });

  it('reads a CSV file with a header row', async () => {
    const { current } = await renderTab(Tab, fresh());
    const input = await screen.findByTestId('player-import-file');
    const file = new File(['Nom;Pseudo;Club\r\n"Morel-Delacroix, Pierre-Yves";pym;Nantes\r\n'], 'joueurs.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
    fireEvent.click(await screen.findByRole('button', { name: 'Inscrire 1 joueur' }));
    await waitFor(async () => expect((await current()).players.at(-1)).toMatchObject({ name: 'Morel-Delacroix, Pierre-Yves', nickname: 'pym', club: 'Nantes', number: 6 }));
  });

  it('offers nothing to register when every line is left out', async () => {
    await renderTab(Tab, fresh());
    fireEvent.input(await screen.findByLabelText('Liste à coller'), { target: { value: 'Player 1\nplayer 1' } });
    expect(((await screen.findByRole('button', { name: 'Inscrire 0 joueur' })) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('player list import on the Players screen', () => {
  it('opens from one button, registers the list and closes', async () => {
    const { Players } = await import('../../src/ui/screens/event/Players');
    const { current } = await renderTab(Players, fresh());
    fireEvent.click(await screen.findByRole('button', { name: 'Importer une liste…' }));
    fireEvent.input(await screen.findByLabelText('Liste à coller'), { target: { value: 'Aurélien Faure ; Nantes ; Cryx' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Inscrire 1 joueur' }));
    await waitFor(async () => expect((await current()).players.at(-1)).toMatchObject({ name: 'Aurélien Faure', number: 6, club: 'Nantes', faction: 'Cryx' }));
    await waitFor(() => expect(screen.queryByLabelText('Liste à coller')).toBeNull());
    await screen.findByText('Aurélien Faure');
  });
});
