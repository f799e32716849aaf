// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile } from '../../src/domain/event-file/types';
import { createEvent } from '../../src/store/events';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openPlayers(event: EventFile) {
  const { db } = await renderApp();
  const { meta } = await createEvent(db, event, { deviceId: 'd' });
  location.hash = `#/event/${meta.id}/players`;
  await screen.findByTestId('players-table');
}

const cells = (row: HTMLElement) => [...row.children].map((c) => c.textContent);

describe('tournament sheet', () => {
  it('prints the played round of a player: opponent, result, TP, CP, APD and totals', async () => {
    // round 1 of makeEvent: p1 beat p2 (2 CP, 31 APD against 0 CP, 12 APD), p3 v p4 unplayed, p5 bye
    await openPlayers(makeEvent());
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Fiche de Player 1' }));
    const sheet = await screen.findByTestId('sheet-1');
    expect(within(sheet).getByRole('heading', { name: 'Fiche de tournoi — Player 1' })).toBeTruthy();
    expect(sheet.textContent).toContain('nick1');
    expect(cells(within(sheet).getByTestId('sheet-round-1'))).toEqual(['1', '2', 'V', '1', '2', '31']);
    // 5 players: 3 rounds planned, the later lines are left to fill by hand
    expect(cells(within(sheet).getByTestId('sheet-round-3'))).toEqual(['3', '', '', '', '', '']);
    expect(cells(within(sheet).getByTestId('sheet-totals'))).toEqual(['Total', '1', '2', '31']);
    // list 1 with its costs; the event asks for one list
    expect(sheet.textContent).toContain('Liste 1 — Stryker (bonus +6)');
    expect(sheet.textContent).toContain('Ironclad7');
    expect(sheet.textContent).toContain('Stormblades48');
    expect(sheet.textContent).toContain('55 / 54–56');
    expect(sheet.textContent).not.toContain('Liste 2');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    await screen.findByTestId('players-table');
  });

  it('prints one sheet per active player, with loss, bye and unplayed game', async () => {
    await openPlayers(makeEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer toutes les fiches' }));
    await screen.findByText('5 fiches');
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(cells(within(screen.getByTestId('sheet-2')).getByTestId('sheet-round-1'))).toEqual(['1', '1', 'D', '0', '0', '12']);
    expect(cells(within(screen.getByTestId('sheet-3')).getByTestId('sheet-round-1'))).toEqual(['1', '4', '', '', '', '']);
    expect(cells(within(screen.getByTestId('sheet-5')).getByTestId('sheet-round-1'))).toEqual(['1', '—', 'Exempt', '1', '0', '0']);
  });

  it('words the result W/L/D in English', async () => {
    await openPlayers(makeEvent());
    fireEvent.click(screen.getByRole('button', { name: 'EN — English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sheet of Player 2' }));
    const sheet = await screen.findByTestId('sheet-2');
    expect(cells(within(sheet).getByTestId('sheet-round-1'))).toEqual(['1', '1', 'L', '0', '0', '12']);
    expect(sheet.textContent).toContain('W = win, L = loss, D = draw');
  });

  it('offers no sheet where the system prints none (LotR): no sheet button, no print-all, the players listed', async () => {
    const base = makeEvent();
    await openPlayers(
      makeEvent({ system: 'lotr-sbg', settings: { points: 500, variants: [], rounds: null }, rounds: [], players: base.players.map((p) => ({ ...p, lists: [] })) }),
    );
    expect(within(screen.getByTestId('player-1')).getByText('Player 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Imprimer toutes les fiches' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Fiche de / })).toBeNull();
  });
});
