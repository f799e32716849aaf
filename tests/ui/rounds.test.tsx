// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendActions } from '../../src/store/events';
import { FIRST_FRAME_ROWS } from '../../src/ui/components/VirtualRows';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { api } from '../../src/worker/api';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

const MIN = 60_000;
const T0 = Date.UTC(2026, 11, 5, 8, 30);
const twelve = () =>
  makeEvent({
    settings: { points: 50, variants: [], rounds: null },
    players: Array.from({ length: 12 }, (_, i) => makePlayer(i + 1, { name: `Joueur ${String(i + 1).padStart(2, '0')}`, lists: [] })),
    rounds: [],
  });

const drawnTables = (): number => screen.getByTestId('pairings-table').querySelectorAll('tbody tr:not(.vspacer)').length;

/** Round 1 paired; its six tables drawn, unless `drawn` is false (they come a few a frame after the screen). */
async function pairRound1({ drawn = true } = {}) {
  const clock = { now: T0 };
  const r = await renderTab(Rounds, twelve(), { now: () => clock.now });
  fireEvent.click(await screen.findByRole('button', { name: 'Apparier la ronde 1' }));
  await screen.findByTestId('pairings-table');
  if (drawn) await waitFor(() => expect(drawnTables()).toBe(6));
  return { ...r, clock };
}

const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));

describe('rounds tab', () => {
  it('pairs round 1 in the engine: six tables, everyone once, stored as one log entry', async () => {
    const { current } = await pairRound1({ drawn: false });
    // the tables come FIRST_FRAME_ROWS a frame: all six end up drawn, in order
    const table = screen.getByTestId('pairings-table');
    const seen = [drawnTables()];
    await waitFor(() => {
      if (seen.at(-1) !== drawnTables()) seen.push(drawnTables());
      expect(drawnTables()).toBe(6);
    });
    expect(seen[0]).toBe(FIRST_FRAME_ROWS);
    expect(seen.every((n, i) => i === 0 || (n > seen[i - 1]! && n - seen[i - 1]! <= FIRST_FRAME_ROWS))).toBe(true);
    expect(table.querySelectorAll('tr.vspacer')).toHaveLength(0);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.dataset.table),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    const round = (await current()).rounds[0]!;
    expect(round.pairings.flatMap((p) => [p.a, p.b]).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `p${i + 1}`).sort());
    expect(typeof round.pairingSeed).toBe('number');
  });

  it('has the worker read the stored event: the page posts its id, not the players', async () => {
    const byId = vi.spyOn(api, 'pairNextOf');
    const byValue = vi.spyOn(api, 'pairNextRound');
    try {
      const { current, eventId } = await pairRound1();
      expect(byValue).not.toHaveBeenCalled();
      expect(byId).toHaveBeenCalledTimes(1);
      const [query] = byId.mock.calls[0]!;
      expect(query).toEqual({ db: expect.any(String), eventId, options: { seed: expect.any(Number) } });
      expect((await current()).rounds[0]!.pairingSeed).toBe(query.options.seed);
    } finally {
      byId.mockRestore();
      byValue.mockRestore();
    }
  });

  it('refuses a pairing when the stored event changed since the screen showed it (« revoir »), storing nothing', async () => {
    const { db, eventId, current, notes } = await renderTab(Rounds, twelve());
    const pair = await screen.findByRole('button', { name: 'Apparier la ronde 1' });
    // another tab drops a player; this screen has not heard of it yet
    await appendActions(db, eventId, [{ type: 'player-dropped', id: 'p3', afterRound: 0 }], { deviceId: 'other-tab' });
    fireEvent.click(pair);
    await waitFor(() => expect(notes.at(-1)).toMatch(/^Modifié entre-temps\u00a0: revoir/));
    expect((await current()).rounds).toEqual([]);
  });

  it('refuses a pairing when the event changes while the worker pairs it', async () => {
    const { db, eventId, current, notes } = await renderTab(Rounds, twelve());
    const pair = await screen.findByRole('button', { name: 'Apparier la ronde 1' });
    // the worker read the state this screen shows; another tab writes before the round is stored
    const real = api.pairNextOf;
    const spy = vi.spyOn(api, 'pairNextOf').mockImplementation(async (q) => {
      const r = await real(q);
      await appendActions(db, eventId, [{ type: 'player-updated', id: 'p4', patch: { name: 'Joueur 04 bis' } }], { deviceId: 'other-tab' });
      return r;
    });
    try {
      fireEvent.click(pair);
      await waitFor(() => expect(notes.at(-1)).toMatch(/^Modifié entre-temps\u00a0: revoir/));
      expect((await current()).rounds).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('lists players by name for the hall', async () => {
    await pairRound1();
    fireEvent.click(screen.getByRole('radio', { name: 'Par nom' }));
    const names = within(screen.getByTestId('pairings-by-name'))
      .getAllByRole('row')
      .map((r) => r.firstChild!.textContent);
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Joueur ${String(i + 1).padStart(2, '0')}`));
  });

  it('lists a big field by name once its surname order is worked out, a turn after the list', async () => {
    // past a club's evening the first sort gets a turn of its own: the list comes, then its rows
    const surnames = ['Zola', 'Abel', 'Morel', 'de Gaulle', 'Le Goff', 'Durand'];
    const players = Array.from({ length: 60 }, (_, i) => makePlayer(i + 1, { name: `Jean ${surnames[i % surnames.length]} ${String(i + 1).padStart(2, '0')}`, lists: [] }));
    await renderTab(Rounds, makeEvent({ settings: { points: 50, variants: [], rounds: null }, players, rounds: [] }), { now: () => T0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Apparier la ronde 1' }));
    await screen.findByTestId('pairings-table');
    fireEvent.click(screen.getByRole('radio', { name: 'Par nom' }));
    await waitFor(() => expect(within(screen.getByTestId('pairings-by-name')).getAllByRole('row').length).toBeGreaterThan(0));
    const first = within(screen.getByTestId('pairings-by-name')).getAllByRole('row')[0]!.firstChild!.textContent;
    expect(first).toBe('Jean Abel 02');
  });

  it('rolls the scenario on 2d4 and stores the dice', async () => {
    const { current } = await pairRound1();
    fireEvent.click(screen.getByRole('button', { name: /Tirer au sort/ }));
    await screen.findByText(/^Dés : /);
    const round = (await current()).rounds[0]!;
    expect(round.scenario).toMatch(/^[a-z-]+$/);
    expect((round.scenarioRolls as number[][]).at(-1)!.every((d) => d >= 1 && d <= 4)).toBe(true);
  });

  it('runs the round timer from timestamps, hides the variable minutes, then calls DICE DOWN', async () => {
    const { current, clock } = await pairRound1();
    fireEvent.click(screen.getByRole('button', { name: 'Choisir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Déborder' }));
    await waitFor(async () => expect((await current()).rounds[0]!.scenario).toBe('overrun'));
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la ronde' }));
    await screen.findByText('Temps de base restant');
    expect(screen.getByRole('timer').textContent).toBe('1:40:00');
    const { variableMinutes } = (await current()).rounds[0]!;
    expect([2, 4, 6, 8, 10, 12]).toContain(variableMinutes);

    clock.now = T0 + 100 * MIN + 1000; // base over, hidden minutes running
    await screen.findByText('Temps additionnel secret en cours');
    expect(document.body.textContent).not.toMatch(/Audit/);
    expect(screen.queryByTestId('timer-audit')).toBeNull();

    clock.now = T0 + (100 + variableMinutes!) * MIN;
    await screen.findByText('POSEZ LES DÉS', {}, { timeout: 2000 });
    expect(screen.getByTestId('timer-audit').textContent).toBe(`Audit\u00a0: durée variable tirée ${variableMinutes} min (partie de ${100 + variableMinutes!} min).`);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clôturer la ronde' }));
    await waitFor(async () => expect((await current()).rounds[0]!.finishedAt).toBe(T0 + (100 + variableMinutes!) * MIN));
  });

  it('says before any tap that the round cannot start without a scenario', async () => {
    await pairRound1();
    expect((screen.getByRole('button', { name: 'Démarrer la ronde' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('start-blocked').textContent).toBe('Choisissez le scénario avant de démarrer la ronde.');
    expect(screen.getByTestId('round-guide').dataset.step).toBe('prestart');
  });

  it('takes a result through the form, then refuses the next pairing while tables are missing', async () => {
    const { current, notes } = await pairRound1();
    const table1 = (await current()).rounds[0]!.pairings[0]!;
    fireEvent.click(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: 'Saisir' }));
    await screen.findByRole('heading', { name: 'Saisir le résultat' });
    pick('Vainqueur', `Joueur ${table1.a.slice(1).padStart(2, '0')}`);
    pick('Comment la partie a été gagnée', 'Assassinat');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    await waitFor(() => expect(notes).toContain('Résultat enregistré\u00a0: table 1.'));
    expect((await current()).rounds[0]!.pairings[0]!.result).toMatchObject({ winner: table1.a, how: 'assassination' });
    // the refusal is on screen before the tap, and the button is no longer the big one
    const pairNext = screen.getByRole('button', { name: 'Apparier la ronde 2' }) as HTMLButtonElement;
    expect(pairNext.disabled).toBe(true);
    expect(pairNext.className).not.toContain('primary');
    expect(screen.getByTestId('pair-blocked').textContent).toBe('La ronde 1 n’est pas terminée\u00a0: résultats manquants aux tables 2, 3, 4, 5, 6.');
    expect(screen.getByTestId('results-progress').textContent).toBe('1/6 résultats');
    // the list kept the organizer's place: focus is back on the row just saved
    await waitFor(() => expect(document.activeElement?.closest('tr')?.dataset.table).toBe('1'));
  });

  it('swaps two players by hand, warns before confirming, and logs it', async () => {
    const { current } = await pairRound1();
    const before = (await current()).rounds[0]!;
    fireEvent.click(screen.getByRole('button', { name: 'Échanger deux joueurs' }));
    const rows = within(screen.getByTestId('pairings-table')).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0]!).getAllByRole('button')[0]!);
    fireEvent.click(within(rows[1]!).getAllByRole('button')[0]!);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Aucune revanche ni écart de points.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer', hidden: true }));
    await waitFor(async () => {
      const after = (await current()).rounds[0]!;
      expect(after.pairings[0]!.a).toBe(before.pairings[1]!.a);
      expect(after.pairings[1]!.a).toBe(before.pairings[0]!.a);
    });
  });
});
