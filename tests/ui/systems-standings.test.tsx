// @vitest-environment jsdom
// The standings tab, its projector view and the knockout bracket for the systems other than
// SR2011, on the hand-made events of systems-fixtures.ts (numbers worked out there).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { systemFor, type GameSystem } from '../../src/domain/systems';
import { I18nContext, translator } from '../../src/i18n';
import { Standings } from '../../src/ui/screens/event/Standings';
import { StandingsProjector } from '../../src/ui/screens/event/StandingsProjector';
import { BracketView, GAMES_PER_TURN } from '../../src/ui/systems/shared/BracketView';
import { cdrEvent, knockoutEvent, lotrDuelEvent, lotrHeadToHeadEvent, rackham500Event } from './systems-fixtures';
import { renderTab } from './render-app';

const downloads = vi.hoisted(() => [] as Array<{ filename: string; text: string; type: string | undefined }>);
vi.mock('../../src/ui/files', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/files')>()),
  downloadText: (filename: string, text: string, type?: string) => void downloads.push({ filename, text, type }),
}));

afterEach(() => {
  cleanup();
  downloads.length = 0;
  vi.restoreAllMocks();
});

/** Each row as [rank, name, ...the system's columns, why] (club and faction are tested on their own). */
function rows(): string[][] {
  return within(screen.getByTestId('standings-table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.children].filter((c, i) => i !== 1 && !c.classList.contains('person-col')).map((c) => c.textContent!.trim()));
}

const headers = (): string[] =>
  within(screen.getByTestId('standings-table'))
    .getAllByRole('columnheader')
    .filter((th) => !th.classList.contains('person-col'))
    .map((th) => th.textContent!.trim());

function renderLang(ui: preact.ComponentChildren) {
  return render(<I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>{ui}</I18nContext.Provider>);
}

describe('standings: Confrontation CDR', () => {
  it('ranks on TP then goal-average, with the bonus capped, and says which one decided', async () => {
    await renderTab(Standings, cdrEvent());
    await screen.findByTestId('standings-table');
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT1', 'GA2', 'PV', 'V-N-D', 'Ex.', 'Départage']);
    expect(rows()).toEqual([
      ['1', 'Joueur 1', '11', '50', '2', '1-1-0', '0', 'en tête'],
      ['2', 'Joueur 3', '9', '110', '1', '0-2-0', '0', 'PT'],
      ['3', 'Joueur 2', '9', '−50', '2', '1-0-1', '0', 'goal-average'],
      ['4', 'Joueur 4', '7', '−10', '1', '0-1-1', '0', 'PT'],
    ]);
    expect(screen.getByTestId('order-help').textContent).toBe('PT puis goal-average (pertes ennemies − pertes subies + bonus, bonus plafonné à 100 PA).');
    expect(screen.getByText('2 rondes terminées')).toBeTruthy();
  });

  it('matches the domain row for row and exports the same columns as CSV', async () => {
    const event = cdrEvent();
    await renderTab(Standings, event);
    await screen.findByTestId('standings-table');
    const expected = systemFor('confrontation-cdr').computeStandings(event);
    expect(rows().map((r) => r[1])).toEqual(expected.map((r) => r.name));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.filename).toBe('coupe-des-systemes-2026-12-05-classement-ronde-2.csv');
    const lines = downloads[0]!.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // RFC 4180: a header holding a comma is quoted like any other cell
    expect(lines[0]).toBe(
      'Rang;N°;Joueur;Club;points de tournoi (PT);goal-average (pertes ennemies − pertes subies + bonus ≤ 100);points de victoire cumulés;"victoires, nuls, défaites";exemptions;Départage;Abandon',
    );
    // a negative goal-average goes out as a number, not as text a spreadsheet would take for a formula
    expect(lines[3]).toBe('3;2;Joueur 2;Paris;9;-50;2;1-0-1;0;goal-average;');
  });

  it('shows the standings after an earlier round', async () => {
    await renderTab(Standings, cdrEvent());
    await screen.findByTestId('standings-table');
    fireEvent.change(screen.getByRole('combobox', { name: 'Afficher' }), { target: { value: '1' } });
    await screen.findByText('Classement après la ronde 1');
    expect(rows().map((r) => [r[1], r[2]])).toEqual([
      ['Joueur 1', '7'],
      ['Joueur 3', '5'],
      ['Joueur 4', '5'],
      ['Joueur 2', '3'],
    ]);
  });
});

describe('standings: Lord of the Rings', () => {
  it('puts a player above another level on points by their game ("résultats entre ex aequo")', async () => {
    await renderTab(Standings, lotrHeadToHeadEvent());
    await screen.findByTestId('standings-table');
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'Pts1', 'Solde3', 'Élim.4', 'V-N-D', 'Ex.', 'Départage']);
    expect(rows()).toEqual([
      ['1', 'Joueur 3', '7', '10', '10', '2-0-0', '1', 'en tête'],
      ['2', 'Joueur 1', '4', '−3', '3', '1-0-1', '1', 'points'],
      ['3', 'Joueur 2', '4', '8', '5', '0-0-2', '1', 'résultats entre ex aequo'],
    ]);
    expect(screen.queryByTestId('duel')).toBeNull();
  });

  it('offers a duel for players still level after kills, and records its winner in the settings', async () => {
    const { current } = await renderTab(Standings, lotrDuelEvent());
    await screen.findByTestId('standings-table');
    expect(
      rows()
        .slice(1, 3)
        .map((r) => [r[0], r[1], r[r.length - 1]]),
    ).toEqual([
      ['2', 'Joueur 1', 'points'],
      ['3', 'Joueur 2', 'numéro d’inscription (égalité parfaite)'],
    ]);
    const duel = screen.getByTestId('duel');
    expect(within(duel).getByText('Égalité parfaite à la 2e place : Joueur 1, Joueur 2.')).toBeTruthy();
    fireEvent.click(within(duel).getByRole('button', { name: 'Joueur 2 gagne le duel' }));
    await waitFor(async () => expect((await current()).settings.duels).toEqual([{ players: ['p1', 'p2'], winner: 'p2' }]));
    await waitFor(() =>
      expect(
        rows()
          .slice(1, 3)
          .map((r) => [r[1], r[r.length - 1]]),
      ).toEqual([
        ['Joueur 2', 'points'],
        ['Joueur 1', 'duel'],
      ]),
    );
    expect(headers()).toContain('Duels5');
    expect(screen.queryByTestId('duel')).toBeNull();
    expect(screen.getByTestId('duels-recorded').textContent).toBe('Duels\u00a0: Joueur 2 bat Joueur 1.');
  });

  it('asks for no duel after round 1 of a three-round event: only the final standings need one', async () => {
    await renderTab(Standings, lotrDuelEvent(3));
    await screen.findByTestId('standings-table');
    expect(rows()[2]!.at(-1)).toBe('numéro d’inscription (égalité parfaite)');
    expect(screen.getByTestId('end-check')).toBeTruthy();
    expect(screen.queryByTestId('duel')).toBeNull();
  });
});

describe('standings: Rackham 500 points', () => {
  it('ranks on points then the games’ totals (PA killed + bonuses)', async () => {
    await renderTab(Standings, rackham500Event());
    await screen.findByTestId('standings-table');
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'Pts1', 'Total2', 'V-N-D', 'Ex.', 'Départage']);
    expect(rows()).toEqual([
      ['1', 'Joueur 1', '1', '140', '1-0-0', '0', 'en tête'],
      ['2', 'Joueur 3', '1', '90', '1-0-0', '0', 'total des parties'],
      ['3', 'Joueur 4', '0', '85', '0-0-1', '0', 'points'],
      ['4', 'Joueur 2', '0', '60', '0-0-1', '0', 'total des parties'],
    ]);
  });
});

describe('standings: Rackham 200-PA knockout', () => {
  it('ranks by round reached with the champion first, and shows the whole bracket', async () => {
    const event = knockoutEvent(6, 3);
    const { current } = await renderTab(Standings, event);
    await screen.findByTestId('standings-table');
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'TdS', 'Atteint1', 'Statut2', 'V', 'Q.', 'Départage']);
    expect(rows()).toEqual([
      ['1', 'Joueur 1', '1', 'Champion', 'Champion', '2', '1', 'en tête'],
      ['2', 'Joueur 2', '2', 'Finale', 'Éliminé', '1', '1', 'éliminé dans cette ronde'],
      ['3', 'Joueur 3', '3', 'Demi-finale', 'Éliminé', '1', '0', 'ronde atteinte'],
      ['3', 'Joueur 4', '4', 'Demi-finale', 'Éliminé', '1', '0', 'ex aequo'],
      ['5', 'Joueur 5', '5', 'Quart de finale', 'Éliminé', '0', '0', 'ronde atteinte'],
      ['5', 'Joueur 6', '6', 'Quart de finale', 'Éliminé', '0', '0', 'ex aequo'],
    ]);
    // the bracket is drawn a turn after the table
    expect((await screen.findByTestId('bracket-champion')).textContent).toBe('Joueur 1');
    const end = screen.getByTestId('end-check');
    expect(end.textContent).toContain('Joueur 1 a remporté la finale\u00a0: le tableau est joué.');
    fireEvent.click(within(end).getByRole('button', { name: 'Terminer l’événement' }));
    await waitFor(async () => expect((await current()).settings).toMatchObject({ finished: true, finishedAfterRound: 3 }));
    await screen.findByText('Classement final (après la ronde 3)');
  });

  it('prints the bracket alone on demand', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderTab(Standings, knockoutEvent(6, 2));
    await vi.waitFor(() => screen.getByTestId('bracket'));
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer le tableau' }));
    expect(screen.getByLabelText('Classement').className).toContain('printing-bracket');
    vi.advanceTimersByTime(60);
    expect(print).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('bracket view', () => {
  it('draws the rounds played, the byes and the rounds to come with the players already through', async () => {
    renderLang(<BracketView event={knockoutEvent(6, 1)} />);
    await screen.findByTestId('bracket-champion');
    const rounds = screen.getByTestId('bracket').querySelectorAll('.bracket-round');
    const column = (i: number) => [...rounds[i]!.querySelectorAll('.bracket-match')].map((m) => [...m.querySelectorAll('.bracket-slot')].map((s) => s.textContent!.trim()));
    expect([...rounds].map((r) => r.querySelector('h3')!.textContent)).toEqual(['Quart de finale · Ronde 1', 'Demi-finale · Ronde 2', 'Finale · Ronde 3', 'Champion']);
    expect(column(0)).toEqual([
      ['1Joueur 1✓', 'exempt'],
      ['4Joueur 4✓', '5Joueur 5'],
      ['2Joueur 2✓', 'exempt'],
      ['3Joueur 3✓', '6Joueur 6'],
    ]);
    // the semi-finals are known once the quarter-finals are played
    expect(column(1)).toEqual([
      ['1Joueur 1', '4Joueur 4'],
      ['2Joueur 2', '3Joueur 3'],
    ]);
    expect(column(2)).toEqual([['à venir', 'à venir']]);
    expect(screen.getByTestId('bracket-champion').textContent).toBe('à venir');
  });

  it('marks the loser of a game played and leaves an unplayed game open', async () => {
    renderLang(<BracketView event={knockoutEvent(4, 2, true)} />);
    await screen.findByTestId('bracket-champion');
    const matches = screen.getByTestId('bracket').querySelectorAll('.bracket-match');
    expect(matches[0]!.querySelector('.lost')!.textContent).toContain('Joueur 4');
    expect(matches[2]!.querySelectorAll('.won')).toHaveLength(0);
    expect(matches[2]!.textContent).toContain('table 1');
  });

  it('draws a big bracket a turn after its screen, then GAMES_PER_TURN games a turn, first columns first, until whole', async () => {
    // 64 players, round 1 played: 32 + 16 + 8 + 4 + 2 + 1 games unfolded
    renderLang(<BracketView event={knockoutEvent(64, 1)} />);
    const games = (): number => screen.getByTestId('bracket').querySelectorAll('.bracket-match').length;
    expect(games()).toBe(0);
    const seen: number[] = [];
    await waitFor(() => {
      if (seen.at(-1) !== games()) seen.push(games());
      expect(games()).toBe(63);
    });
    // each step adds at most GAMES_PER_TURN games, and the first column fills first
    expect(seen.every((n, i) => i === 0 || n - seen[i - 1]! <= GAMES_PER_TURN)).toBe(true);
    expect(seen.length).toBeGreaterThanOrEqual(Math.ceil(63 / GAMES_PER_TURN));
    expect(screen.getByTestId('bracket').querySelector('.bracket-round')!.querySelectorAll('.bracket-match')).toHaveLength(32);
  });

  it('is the standings projector of a knockout event', async () => {
    renderLang(<StandingsProjector eventId="ev-1" event={knockoutEvent(6, 3)} />);
    expect(screen.getByTestId('bracket').className).toContain('bracket-projector');
    expect((await screen.findByTestId('bracket-champion')).textContent).toBe('Joueur 1');
    expect(screen.queryByTestId('projector-table')).toBeNull();
  });
});

describe('standings projector for points systems', () => {
  it('shows the system’s own columns after the last completed round', () => {
    const event: EventFile = cdrEvent();
    renderLang(<StandingsProjector eventId="ev-1" event={event} />);
    const table = screen.getByTestId('projector-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Rang', 'Joueur', 'PT', 'GA', 'PV', 'V-N-D', 'Ex.']);
    const expected = (systemFor(event.system) as GameSystem).computeStandings(event);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(expected.map((r) => r.name));
  });
});
