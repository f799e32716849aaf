// @vitest-environment jsdom
// The SR2011 scenario panel of the rounds tab: Demolition (no rules text in the source) kept out
// of the hand pick and re-rolled unless the organizer confirmed they have its rules, the re-roll
// said on screen, and the « Scénarios (X) » variant's announced list ruling, repeats included.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile, Pairing, Round } from '../../src/domain/event-file';
import { ScenarioPanel } from '../../src/ui/systems/sr2011/ScenarioPanel';
import type { TabProps } from '../../src/ui/screens/event/types';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTab } from './render-app';

// Seed 41 rolls 4-3 (Demolition) first, then 3-3 (Destruction) on an empty history.
vi.mock('../../src/platform/seed', () => ({ randomSeed: () => 41 }));

afterEach(cleanup);

const game = (table: number, a: string, b: string, played: boolean): Pairing => ({
  table,
  a,
  b,
  ...(played && { result: { winner: a, how: 'scenario' as const, a: { cp: 5, apd: 20 }, b: { cp: 1, apd: 10 } } }),
});
const round = (number: number, scenario: string | null, played: boolean, extra: Partial<Round> = {}): Round => ({
  number,
  scenario,
  bye: null,
  pairings: [game(1, 'p1', `p${number + 1}`, played), game(2, number === 1 ? 'p3' : 'p2', 'p4', played)],
  ...extra,
});

function sr2011(settings: Partial<EventFile['settings']>, rounds: Round[]): EventFile {
  return makeEvent({ settings: { points: 50, variants: [], rounds: null, ...settings }, players: [1, 2, 3, 4].map((n) => makePlayer(n, { lists: [] })), rounds });
}

/** The panel for the event's last round, on the real store. */
const Panel = ({ event, dispatch }: TabProps) => <ScenarioPanel event={event} round={event.rounds[event.rounds.length - 1]!} dispatch={dispatch} />;

const choices = (): string[] =>
  within(screen.getByRole('group'))
    .getAllByRole('button')
    .map((b) => b.textContent!);

describe('scenario panel: Demolition has no rules text in the source', () => {
  it('rolls again when the dice give Demolition, and says so on screen', async () => {
    const { current } = await renderTab(Panel, sr2011({}, [round(1, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: /Tirer au sort/ }));
    await waitFor(async () => expect((await current()).rounds[0]!.scenario).toBe('destruction'));
    expect((await current()).rounds[0]!.scenarioRolls).toEqual([
      [4, 3],
      [3, 3],
    ]);
    expect(await screen.findByText('Les dés ont donné Démolition (n° 15) : son texte de règles manque dans la source, les dés ont été relancés.')).toBeTruthy();
    expect(screen.getByText('Dés : 4-3, 3-3 → Destruction')).toBeTruthy();
  });

  it('keeps Demolition out of the hand pick', async () => {
    await renderTab(Panel, sr2011({}, [round(1, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    expect(choices()).toHaveLength(15);
    expect(choices()).not.toContain('Démolition');
  });

  it('offers and rolls Demolition once the organizer confirmed they have its rules', async () => {
    const { current } = await renderTab(Panel, sr2011({ demolitionRulesProvided: true }, [round(1, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    expect(choices()).toHaveLength(16);
    expect(choices()).toContain('Démolition');
    fireEvent.click(screen.getByRole('button', { name: /Tirer au sort/ }));
    await waitFor(async () => expect((await current()).rounds[0]!.scenario).toBe('demolition'));
    expect(await screen.findByText('Dés : 4-3 → Démolition')).toBeTruthy();
    expect(screen.queryByText(/les dés ont été relancés/)).toBeNull();
  });
});

describe('scenario panel: radial scenarios are made for 35 points and up (issue 21, 11)', () => {
  it('leaves them out of the hand pick of a 25-point event and says why', async () => {
    await renderTab(Panel, sr2011({ points: 25 }, [round(1, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    // 16 less Demolition (no rules text) less Command and Control, Diversion and Sacrifice
    expect(choices()).toHaveLength(12);
    expect(choices()).not.toContain('Sacrifice');
    expect(screen.getByTestId('scenario-radial-left-out').textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Scénarios radiaux écartés : ils sont prévus pour des parties d’au moins 35 points, ce tournoi se joue à 25 points.',
    );
  });

  it('offers them from 35 points', async () => {
    await renderTab(Panel, sr2011({ points: 35 }, [round(1, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    expect(choices()).toContain('Sacrifice');
    expect(screen.queryByTestId('scenario-radial-left-out')).toBeNull();
  });
});

describe('scenario panel: « Scénarios (X) », the announced scenarios', () => {
  it('plays the one announced scenario every round (« Scénario (La Cage) »)', async () => {
    await renderTab(Panel, sr2011({ variants: ['scenario:kill-box'] }, [round(1, 'kill-box', true), round(2, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    expect(screen.queryByRole('button', { name: /Tirer au sort/ })).toBeNull();
    expect(screen.getByRole('group', { name: 'Scénarios annoncés' })).toBeTruthy();
    expect(choices()).toEqual(['La Cage']);
  });

  it('offers the announced list in turn, repeats included', async () => {
    const variants = ['scenario:kill-box,the-gauntlet,kill-box'];
    await renderTab(Panel, sr2011({ variants }, [round(1, 'kill-box', true), round(2, null, false)]));
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir' }));
    // the next one in the announced order first
    expect(choices()).toEqual(['Gantelet', 'La Cage']);
  });
});
