// @vitest-environment jsdom
// The result form generated from a system's resultFields: CDR's TP table and goal-average cap,
// the 500-point total, LotR's points, the knockout's "no draw", and every refusal in words.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CDR_TP_TABLE } from '../../src/domain/confrontation';
import type { EventFile, GameResult, SystemId } from '../../src/domain/event-file';
import { I18nContext, translator } from '../../src/i18n';
import { uiFor } from '../../src/ui/systems';
import { ResultForm } from '../../src/ui/screens/event/results/ResultForm';
import { LOTR_DESK_RESULT } from '../../src/ui/systems/lotr/DeskResult';
import { FIELDS_RESULT } from '../../src/ui/systems/shared/FieldsResult';
import { SR2011_RESULT } from '../../src/ui/systems/sr2011/ResultFields';
import { makePlayer } from '../fixtures/events';

afterEach(cleanup);

function eventOf(system: SystemId, points: number, extra: Partial<EventFile['settings']> = {}): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name: 'Test',
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null, ...extra },
    players: [makePlayer(1, { name: 'Ana Duval', lists: [] }), makePlayer(2, { name: 'Bruno Martin', lists: [] })],
    rounds: [{ number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null, ...(system === 'confrontation-rackham' && points === 200 ? { stage: 'final' } : {}) }],
  };
}

function renderForm(event: EventFile, initial?: GameResult, lang: 'fr' | 'en' = 'fr') {
  const onSubmit = vi.fn(async (_r: GameResult) => undefined);
  const round = event.rounds[0]!;
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang: () => undefined }}>
      <ResultForm event={event} round={round} pairing={round.pairings[0]!} initial={initial} onSubmit={onSubmit} onCancel={() => undefined} parts={FIELDS_RESULT} />
    </I18nContext.Provider>,
  );
  return { onSubmit };
}

const side = (name: string) => within(screen.getByRole('group', { name }));
const pickIn = (name: string, group: RegExp | string, choice: string): void =>
  void fireEvent.click(side(name).getByRole('radiogroup', { name: group }).querySelector(`input[value="${choice}"]`)!);
const type = (label: string, value: string): void => void fireEvent.input(screen.getByRole('textbox', { name: label }), { target: { value } });
const derived = (path: string): string => screen.getByTestId(`derived-${path}`).querySelector('strong')!.textContent!;
const submit = (): void => void fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
const errors = (): string[] =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent!);

const VP = /Points de victoire/;

describe('uiFor(system).result', () => {
  it('plugs SR2011 its own parts, LotR its desk parts and Confrontation the generated ones into the one form', () => {
    expect(uiFor('sr2011').result).toBe(SR2011_RESULT);
    for (const s of ['confrontation-rackham', 'confrontation-cdr'] as const) expect(uiFor(s).result).toBe(FIELDS_RESULT);
    expect(uiFor('lotr-sbg').result).toBe(LOTR_DESK_RESULT);
  });
});

describe('generic result form: Confrontation CDR', () => {
  it('shows all ten rows of the 9..0 table right, for both players', () => {
    renderForm(eventOf('confrontation-cdr', 400));
    for (const row of CDR_TP_TABLE) {
      // clear B first so no intermediate pair goes over three conditions
      pickIn('Bruno Martin', VP, '0');
      pickIn('Ana Duval', VP, String(row.own));
      pickIn('Bruno Martin', VP, String(row.opponent));
      const reverse = CDR_TP_TABLE.find((r) => r.own === row.opponent && r.opponent === row.own)!.tp;
      expect([derived('a.tp'), derived('b.tp')], `${row.own}-${row.opponent}`).toEqual([String(row.tp), String(reverse)]);
    }
  });

  it('caps the scenario bonus at 100 PA in the goal-average, live', () => {
    renderForm(eventOf('confrontation-cdr', 400));
    // the system works the goal-average out once the VP make a valid game
    pickIn('Ana Duval', VP, '1');
    pickIn('Bruno Martin', VP, '0');
    type('Pertes adverses (valeur stratégique, PA) — Ana Duval', '50');
    type('Pertes adverses (valeur stratégique, PA) — Bruno Martin', '30');
    type('Bonus du scénario (PA\u202f; 100 au plus comptés) — Ana Duval', '80');
    expect([derived('a.goalAverage'), derived('b.goalAverage')]).toEqual(['100', '−20']);
    type('Bonus du scénario (PA\u202f; 100 au plus comptés) — Ana Duval', '150');
    expect([derived('a.goalAverage'), derived('b.goalAverage')]).toEqual(['120', '−20']);
  });

  it('works the winner out from the VP and saves TP and goal-average with the result', async () => {
    const { onSubmit } = renderForm(eventOf('confrontation-cdr', 400));
    pickIn('Ana Duval', VP, '2');
    pickIn('Bruno Martin', VP, '1');
    type('Pertes adverses (valeur stratégique, PA) — Ana Duval', '120');
    type('Pertes adverses (valeur stratégique, PA) — Bruno Martin', '45');
    expect(screen.getByTestId('winner-inferred')).toBeTruthy();
    expect((within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Ana Duval' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval\u00a0: 7 PT · Bruno Martin\u00a0: 3 PT');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      winner: 'p1',
      a: { cp: 0, apd: 120, vp: 2, tp: 7, goalAverage: 75 },
      b: { cp: 0, apd: 45, vp: 1, tp: 3, goalAverage: -75 },
    });
  });

  it('refuses an empty form, VP over three conditions and a winner the VP contradict, in words', async () => {
    const { onSubmit } = renderForm(eventOf('confrontation-cdr', 400));
    submit();
    await screen.findByRole('alert');
    expect(errors()).toEqual([
      'Vainqueur\u00a0: choisissez le vainqueur.',
      'Points de victoire (PV, 0 à 3) — Ana Duval\u00a0: champ obligatoire manquant',
      'Points de victoire (PV, 0 à 3) — Bruno Martin\u00a0: champ obligatoire manquant',
      'Pertes adverses (valeur stratégique, PA) — Ana Duval\u00a0: champ obligatoire manquant',
      'Pertes adverses (valeur stratégique, PA) — Bruno Martin\u00a0: champ obligatoire manquant',
    ]);
    type('Pertes adverses (valeur stratégique, PA) — Ana Duval', '10');
    type('Pertes adverses (valeur stratégique, PA) — Bruno Martin', '10');
    pickIn('Ana Duval', VP, '2');
    pickIn('Bruno Martin', VP, '2');
    expect(derived('a.tp')).toBe('—');
    expect(errors()).toContain('Points de victoire (PV, 0 à 3) — Bruno Martin\u00a0: 2 + 2 PV\u00a0: un scénario à 3 conditions en donne 3 au plus');
    pickIn('Bruno Martin', VP, '1');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Bruno Martin' }));
    expect(errors()).toEqual(['Vainqueur\u00a0: d’après les PV le résultat est une victoire de «\u00a0Ana Duval\u00a0»']);
    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    // a new entry that decides the winner overrides the earlier pick
    pickIn('Bruno Martin', VP, '3');
    pickIn('Ana Duval', VP, '0');
    expect((within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Bruno Martin' }) as HTMLInputElement).checked).toBe(true);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].b.tp).toBe(9);
  });

  it('opens a correction with the saved values, and a 1-1 is a draw', () => {
    renderForm(eventOf('confrontation-cdr', 400), { winner: null, a: { cp: 0, apd: 30, vp: 1 }, b: { cp: 0, apd: 30, vp: 1 } });
    expect(screen.getByRole('heading', { name: 'Corriger le résultat' })).toBeTruthy();
    expect(derived('a.tp')).toBe('5');
    expect((within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Match nul' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('generic result form: Rackham 500 points', () => {
  it('adds the +20 bonuses to the total live and names a bonus both players cannot have', async () => {
    const { onSubmit } = renderForm(eventOf('confrontation-rackham', 500));
    type('PA des figurines ennemies tuées — Ana Duval', '100');
    type('PA des figurines ennemies tuées — Bruno Martin', '110');
    fireEvent.click(screen.getByRole('checkbox', { name: '+20\u00a0: a tué la figurine ennemie la plus chère — Ana Duval' }));
    expect([derived('a.score'), derived('b.score')]).toEqual(['120', '110']);
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval\u00a0: 1 pt · Bruno Martin\u00a0: 0 pt');
    fireEvent.click(screen.getByRole('checkbox', { name: '+20\u00a0: une figurine à 5 cm de l’objectif, aucun ennemi — Ana Duval' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '+20\u00a0: une figurine à 5 cm de l’objectif, aucun ennemi — Bruno Martin' }));
    submit();
    await screen.findByRole('alert');
    expect(errors()).toContain(
      '+20\u00a0: une figurine à 5 cm de l’objectif, aucun ennemi — Bruno Martin\u00a0: les deux joueurs ne peuvent pas avoir le bonus +20\u00a0: une figurine à 5 cm de l’objectif, aucun ennemi',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '+20\u00a0: une figurine à 5 cm de l’objectif, aucun ennemi — Bruno Martin' }));
    fireEvent.click(screen.getByRole('radio', { name: '8' }));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const saved = onSubmit.mock.calls[0]![0];
    expect(saved).toMatchObject({
      winner: 'p1',
      turns: 8,
      a: { apd: 100, score: 140, killedMostExpensive: true, objectiveHeld: true },
      b: { apd: 110, score: 110, objectiveHeld: false },
    });
  });

  it('gives the win to the player with models left, whatever the totals', () => {
    renderForm(eventOf('confrontation-rackham', 500));
    type('PA des figurines ennemies tuées — Ana Duval', '300');
    type('PA des figurines ennemies tuées — Bruno Martin', '20');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Plus aucune figurine sur la table — Ana Duval' }));
    expect((within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Bruno Martin' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('generic result form: Rackham 200-PA challenge (knockout)', () => {
  it('offers no draw, shows the time-limit row and crowns the winner of the final', async () => {
    const { onSubmit } = renderForm(eventOf('confrontation-rackham', 200));
    expect(screen.getByText('Ronde 1 · table 1 · Finale')).toBeTruthy();
    const winner = within(screen.getByRole('radiogroup', { name: 'Vainqueur' }));
    expect(winner.getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['Ana Duval', 'Bruno Martin']);
    submit();
    await screen.findByRole('alert');
    expect(errors()).toEqual(['Vainqueur\u00a0: choisissez le vainqueur.']);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Défi tiré (ligne du tableau)' })).getByRole('radio', { name: '2' }));
    expect(derived('timeLimitRow')).toBe('4');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Décidé au' })).getByRole('radio', { name: 'Duel' }));
    fireEvent.click(winner.getByRole('radio', { name: 'Bruno Martin' }));
    expect(screen.getByTestId('result-consequence').textContent).toBe('Bruno Martin remporte la finale et le tournoi.');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ winner: 'p2', stage: 'duel', objective: 2, timeLimitRow: 4, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } });
  });

  it('refuses a winner the stakes rule out at First Blood', async () => {
    renderForm(eventOf('confrontation-rackham', 200));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Décidé au' })).getByRole('radio', { name: 'Premier sang' }));
    type('PA misés — Ana Duval', '40');
    type('PA misés — Bruno Martin', '60');
    // the lower stake takes the challenge: at First Blood only Ana can win
    expect((within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Ana Duval' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Bruno Martin' }));
    submit();
    await screen.findByRole('alert');
    expect(errors()).toEqual(['Vainqueur\u00a0: au Premier sang, d’après les mises, seul «\u00a0Ana Duval\u00a0» peut gagner']);
  });
});

describe('generic result form: Lord of the Rings', () => {
  const POINTS = 'Points (3-0, 2-1 ou 1,5-1,5)';
  it('reads the points, refuses a pair that is not a result and folds the tie-break tallies away', async () => {
    const { onSubmit } = renderForm(eventOf('lotr-sbg', 500));
    type(`${POINTS} — Ana Duval`, '2');
    type(`${POINTS} — Bruno Martin`, '2');
    type('Solde de figurines (survivantes − perdues) — Ana Duval', '4');
    type('Solde de figurines (survivantes − perdues) — Bruno Martin', '-2');
    type('Éliminations (figurines adverses éliminées) — Ana Duval', '9');
    type('Éliminations (figurines adverses éliminées) — Bruno Martin', '3');
    submit();
    await screen.findByRole('alert');
    expect(errors()).toContain('Points (3-0, 2-1 ou 1,5-1,5) — Bruno Martin\u00a0: 2-2 n’est pas un résultat (3-0, 2-1 ou 1,5-1,5)');
    type(`${POINTS} — Bruno Martin`, '1');
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval\u00a0: 2 pts · Bruno Martin\u00a0: 1 pt');
    expect(screen.getAllByText('Plus de détails (facultatif)')).toHaveLength(2);
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ winner: 'p1', a: { cp: 0, apd: 0, points: 2, bodyCount: 4, kills: 9 }, b: { cp: 0, apd: 0, points: 1, bodyCount: -2, kills: 3 } });
  });

  it('takes a perfect draw typed with a French comma', () => {
    renderForm(eventOf('lotr-sbg', 500));
    type(`${POINTS} — Ana Duval`, '1,5');
    type(`${POINTS} — Bruno Martin`, '1,5');
    for (const name of ['Ana Duval', 'Bruno Martin']) {
      type(`Solde de figurines (survivantes − perdues) — ${name}`, '0');
      type(`Éliminations (figurines adverses éliminées) — ${name}`, '5');
    }
    expect(screen.getByTestId('winner-inferred')).toBeTruthy();
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval\u00a0: 1,5 pt · Bruno Martin\u00a0: 1,5 pt');
  });

  it('speaks English too', () => {
    renderForm(eventOf('lotr-sbg', 500), undefined, 'en');
    expect(screen.getByRole('heading', { name: 'Enter the result' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Points (3-0, 2-1 or 1.5-1.5) — Ana Duval' })).toBeTruthy();
  });
});

describe('Lord of the Rings at the desk: the points follow from the winner and the victory (issue 21)', () => {
  function renderDesk(initial?: GameResult) {
    const event = eventOf('lotr-sbg', 500);
    const onSubmit = vi.fn(async (_r: GameResult) => undefined);
    const round = event.rounds[0]!;
    render(
      <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
        <ResultForm event={event} round={round} pairing={round.pairings[0]!} initial={initial} onSubmit={onSubmit} onCancel={() => undefined} />
      </I18nContext.Provider>,
    );
    return { onSubmit };
  }
  const pick = (group: string, name: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name }));

  it('asks the winner, the victory, body count and kills: four numbers, not six', async () => {
    const { onSubmit } = renderDesk();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    submit();
    expect(errors()).toEqual(['Choisissez le vainqueur, ou l’égalité parfaite.']);
    pick('Vainqueur', 'Bruno Martin');
    submit();
    expect(errors()).toEqual(['Choisissez la victoire\u00a0: totale (3-0) ou aux points (2-1).']);
    pick('Quelle victoire\u202f?', 'Victoire aux points (2-1)');
    expect(screen.getByTestId('lotr-points').textContent).toBe('Ana Duval 1 – 2 Bruno Martin');
    type('Solde de figurines (survivantes − perdues) — Ana Duval', '-3');
    type('Solde de figurines (survivantes − perdues) — Bruno Martin', '4');
    type('Éliminations (figurines adverses éliminées) — Ana Duval', '5');
    type('Éliminations (figurines adverses éliminées) — Bruno Martin', '11');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      winner: 'p2',
      how: 'tiebreak',
      a: { cp: 0, apd: 0, listIndex: null, points: 1, bodyCount: -3, kills: 5 },
      b: { cp: 0, apd: 0, listIndex: null, points: 2, bodyCount: 4, kills: 11 },
    });
  });

  it('gives a perfect draw 1,5 each and a total victory 3-0', async () => {
    renderDesk();
    pick('Vainqueur', 'Égalité parfaite (1,5-1,5)');
    expect(screen.queryByRole('radiogroup', { name: 'Quelle victoire\u202f?' })).toBeNull();
    expect(screen.getByTestId('lotr-points').textContent).toBe('Ana Duval 1,5 – 1,5 Bruno Martin');
    pick('Vainqueur', 'Ana Duval');
    pick('Quelle victoire\u202f?', 'Victoire totale (3-0)');
    expect(screen.getByTestId('lotr-points').textContent).toBe('Ana Duval 3 – 0 Bruno Martin');
  });

  it('corrects a result from the table without losing what it does not show', async () => {
    const initial: GameResult = {
      winner: 'p1',
      how: 'scenario',
      ending: 'frodo-killed',
      a: { cp: 0, apd: 0, listIndex: null, camp: 'evil', points: 3, bodyCount: 3, kills: 4, survivors: 12, losses: 9 },
      b: { cp: 0, apd: 0, listIndex: null, camp: 'good', points: 0, bodyCount: 1, kills: 9, survivors: 5, losses: 4 },
    };
    const { onSubmit } = renderDesk(initial);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Corriger le résultat');
    expect(screen.getByTestId('lotr-points').textContent).toBe('Ana Duval 3 – 0 Bruno Martin');
    type('Éliminations (figurines adverses éliminées) — Ana Duval', '4');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual(initial);
  });
});
