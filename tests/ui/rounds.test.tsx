// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_FRAME_ROWS } from '../../src/ui/components/VirtualRows';
import { Rounds } from '../../src/ui/screens/event/Rounds';
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

  it('lists players by name for the hall', async () => {
    await pairRound1();
    fireEvent.click(screen.getByRole('radio', { name: 'Par nom' }));
    const names = within(screen.getByTestId('pairings-by-name'))
      .getAllByRole('row')
      .map((r) => r.firstChild!.textContent);
    expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `Joueur ${String(i + 1).padStart(2, '0')}`));
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
