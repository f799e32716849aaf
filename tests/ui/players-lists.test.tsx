// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
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
  return { stored: async (id: string) => (await loadEvent(db, meta.id)).event.players.find((p) => p.id === id)! };
}

/** 50 points, no list variant: up to 2 lists. */
const event50 = (players = [makePlayer(1, { lists: [] }), makePlayer(2)], variants: string[] = []) =>
  makeEvent({ rounds: [], players, settings: { points: 50, variants, rounds: null } });

const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });
const list = (n: number) => screen.getByRole('group', { name: `Liste ${n}` });

describe('army lists editor', () => {
  it('takes the points window from the rules: 50 points, bonus 7 -> 55..57', async () => {
    const { stored } = await openPlayers(event50());
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Player 1' }));
    await screen.findByRole('heading', { name: 'Listes de Player 1 (n° 1)' });
    const l1 = within(list(1));
    type(l1.getByLabelText('Warcaster / warlock'), 'Haley');
    type(l1.getByLabelText('Points bonus'), '7');
    type(l1.getByLabelText('Figurine 1'), 'Stormwall');
    type(l1.getByLabelText('Coût 1'), '54');
    expect(screen.getByTestId('points-1').textContent).toContain('54 / 55–57');
    expect(list(1).textContent).toContain('54 points\u00a0: il manque 1 point (minimum 55).');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Listes non enregistrées\u00a0: corrigez les problèmes signalés.');

    type(l1.getByLabelText('Coût 1'), '58');
    expect(list(1).textContent).toContain('58 points\u00a0: 1 point de trop (maximum 57).');
    type(l1.getByLabelText('Coût 1'), '50');
    // a new empty row is always there for the next model
    type(l1.getByLabelText('Figurine 2'), 'Squire');
    type(l1.getByLabelText('Coût 2'), '5');
    expect(screen.getByTestId('points-1').textContent).toContain('55 / 55–57');
    expect(list(1).querySelector('.list-problems')).toBeNull();
    type(l1.getByLabelText('Coût 2'), '7');
    expect(screen.getByTestId('points-1').textContent).toContain('57 / 55–57');
    expect(list(1).querySelector('.list-problems')).toBeNull();
    expect((await stored('p1')).lists).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Listes de Player 1 enregistrées.');
    expect((await stored('p1')).lists).toEqual([
      {
        caster: 'Haley',
        themeForce: null,
        tier: null,
        bonus: 7,
        models: [
          { name: 'Stormwall', cost: 50 },
          { name: 'Squire', cost: 7 },
        ],
      },
    ]);
    expect(screen.getByTestId('player-1').textContent).toContain('Haley');
  });

  it('refuses two lists with the same caster and keeps what it does not edit', async () => {
    const first = { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Stormclad', cost: 56, character: false }], note: 'kept' };
    const { stored } = await openPlayers(event50([makePlayer(1, { lists: [first] })]));
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Player 1' }));
    fireEvent.click(await screen.findByRole('button', { name: '+ Liste' }));
    expect(screen.queryByRole('button', { name: '+ Liste' })).toBeNull();
    const l2 = within(list(2));
    type(l2.getByLabelText('Warcaster / warlock'), ' stryker');
    type(l2.getByLabelText('Points bonus'), '6');
    type(l2.getByLabelText('Figurine 1'), 'Lancer');
    type(l2.getByLabelText('Coût 1'), '55');
    expect(list(2).textContent).toContain('Même warcaster / warlock que la liste 1 («\u00a0Stryker\u00a0»)\u00a0: chaque liste doit en avoir un différent.');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Listes non enregistrées : corrigez les problèmes signalés.');
    expect((await stored('p1')).lists).toEqual([first]);

    type(l2.getByLabelText('Warcaster / warlock'), 'Haley');
    type(l2.getByLabelText('Force thématique'), 'Heavy Metal');
    fireEvent.change(l2.getByLabelText('Palier'), { target: { value: '2' } });
    type(l2.getByLabelText('Contrat mercenaire / pacte minion'), 'Highborn Covenant');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Listes de Player 1 enregistrées.');
    expect((await stored('p1')).lists).toEqual([
      first,
      { caster: 'Haley', themeForce: 'Heavy Metal', tier: 2, bonus: 6, models: [{ name: 'Lancer', cost: 55 }], contract: 'Highborn Covenant' },
    ]);
  });

  it("asks for exactly X lists under 'lists:X'", async () => {
    const valid = { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Stormclad', cost: 56 }] };
    await openPlayers(event50([makePlayer(1, { lists: [] })], ['lists:2']));
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Player 1' }));
    expect((await screen.findByText(/exactement 2 listes/)).textContent).toContain('Ce tournoi demande exactement 2 listes');
    const l1 = within(list(1));
    type(l1.getByLabelText('Warcaster / warlock'), valid.caster);
    type(l1.getByLabelText('Points bonus'), '6');
    type(l1.getByLabelText('Figurine 1'), 'Stormclad');
    type(l1.getByLabelText('Coût 1'), '56');
    expect(screen.getByText('Ce tournoi demande exactement 2 listes : il y en a 1.')).toBeTruthy();
    // an untouched editor saves nothing: a player may stay without a list
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la liste 1' }));
    expect(screen.getByText(/Aucune liste : un joueur peut être inscrit sans liste/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByTestId('players-table');
  });
});
