// @vitest-environment jsdom
// The Lord of the Rings result wizard: each ending, each step of the points-victory tie chain, and
// a GameResult the LotR system accepts as it is.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile, GameResult, Pairing } from '../../src/domain/event-file/types';
import { systemFor } from '../../src/domain/systems';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { LotrResultWizard } from '../../src/ui/systems/lotr/LotrResultWizard';
import { makeEvent, makePlayer } from '../fixtures/events';

afterEach(cleanup);

const pairing: Pairing = { table: 3, a: 'p1', b: 'p2' };

function lotrEvent(): EventFile {
  return makeEvent({
    system: 'lotr-sbg',
    settings: { points: 200, variants: [], rounds: null },
    players: [makePlayer(1, { name: 'Ana Duval', lists: [] }), makePlayer(2, { name: 'Bruno Martin', lists: [] })],
    rounds: [{ number: 2, pairings: [pairing], bye: null }],
  });
}

function renderWizard(opts: { initial?: GameResult; lang?: Lang; onSubmit?: (r: GameResult) => Promise<void> } = {}) {
  const event = lotrEvent();
  const onSubmit = vi.fn(opts.onSubmit ?? (async () => undefined));
  const onCancel = vi.fn();
  const lang = opts.lang ?? 'fr';
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <LotrResultWizard event={event} round={event.rounds[0]!} pairing={pairing} initial={opts.initial} onSubmit={onSubmit} onCancel={onCancel} />
    </I18nContext.Provider>,
  );
  return { event, onSubmit, onCancel };
}

const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));
const type = (name: string, value: string): void => void fireEvent.input(screen.getByRole('textbox', { name }), { target: { value } });
const click = (name: string | RegExp): void => void fireEvent.click(screen.getByRole('button', { name }));

/** Ana plays `anaCamp`; the game ended with `ending`. */
function throughEnding(anaCamp: 'Bien' | 'Mal', ending: string): void {
  pick('Qui joue le Bien\u202f?', anaCamp === 'Bien' ? 'Ana Duval' : 'Bruno Martin');
  click('Suivant');
  pick('Comment la partie a-t-elle fini\u202f?', ending);
}

function counts(a: { s: number; l: number }, b: { s: number; l: number }): void {
  type('Figurines survivantes d’Ana Duval', String(a.s));
  type('Figurines perdues d’Ana Duval', String(a.l));
  type('Figurines survivantes de Bruno Martin', String(b.s));
  type('Figurines perdues de Bruno Martin', String(b.l));
}

async function saved(onSubmit: ReturnType<typeof vi.fn>, event: EventFile): Promise<GameResult> {
  click('Enregistrer le résultat');
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  const result = onSubmit.mock.calls[0]![0] as GameResult;
  // everything the wizard produces passes the system's own checks, warnings included
  expect(systemFor('lotr-sbg').validateResult(result, pairing, event.settings)).toEqual([]);
  return result;
}

const TIE = 'Valeur des figurines restantes';
const HEROES = 'Points dépensés en héros (vivants ou morts)';

describe('LotR result wizard: total victories 3-0', () => {
  it('Frodo killed: Evil wins 3-0 whatever the armies, kills follow the losses', async () => {
    const { event, onSubmit } = renderWizard();
    throughEnding('Bien', 'Frodon tué');
    expect(screen.getByText(/Les conditions de Frodon priment/)).toBeTruthy();
    click('Suivant');
    counts({ s: 8, l: 4 }, { s: 10, l: 2 });
    expect(screen.getByTestId('body-count-a').textContent).toBe('Solde de figurines\u00a0: 4');
    expect(screen.getByTestId('body-count-b').textContent).toBe('Solde de figurines\u00a0: 8');
    expect((screen.getByRole('textbox', { name: 'Éliminations d’Ana Duval' }) as HTMLInputElement).value).toBe('2');
    click('Suivant');
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: Frodon tué (le Mal gagne)');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Bruno Martin (Mal) gagne\u00a0: victoire totale 3-0');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({
      winner: 'p2',
      how: 'scenario',
      ending: 'frodo-killed',
      a: { camp: 'good', points: 0, survivors: 8, losses: 4, bodyCount: 4, kills: 2 },
      b: { camp: 'evil', points: 3, survivors: 10, losses: 2, bodyCount: 8, kills: 4 },
    });
    expect(r.a.remainingValue).toBeUndefined();
    expect(r.a.heroPoints).toBeUndefined();
  });

  it('Frodo escaped: Good wins 3-0, even with its army broken', async () => {
    const { event, onSubmit } = renderWizard();
    throughEnding('Mal', 'Frodon a quitté la carte par le bord adverse');
    click('Suivant');
    counts({ s: 9, l: 3 }, { s: 4, l: 8 });
    // no broken-army warning: Frodo's conditions come first
    expect(screen.queryByText(/vérifiez la fin de partie/)).toBeNull();
    click('Suivant');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Bruno Martin (Bien) gagne\u00a0: victoire totale 3-0');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p2', ending: 'frodo-escaped', a: { camp: 'evil', points: 0 }, b: { camp: 'good', points: 3 } });
  });

  it('an army broken at the end of a turn: the other player wins 3-0; the numbers are checked against it', async () => {
    const { event, onSubmit } = renderWizard();
    throughEnding('Bien', 'Une armée a perdu la moitié de ses figurines (fin de tour)');
    click('Suivant');
    expect(screen.getByRole('alert').textContent).toContain('Quelle armée a perdu la moitié ou plus de ses figurines en premier\u202f?');
    pick('Quelle armée a perdu la moitié ou plus de ses figurines en premier\u202f?', 'L’armée d’Ana Duval (Bien)');
    click('Suivant');
    counts({ s: 7, l: 5 }, { s: 9, l: 3 });
    expect(screen.getByText(/l’armée d’Ana Duval n’a pas perdu la moitié/)).toBeTruthy();
    counts({ s: 6, l: 6 }, { s: 9, l: 3 });
    expect(screen.queryByText(/vérifiez la fin de partie/)).toBeNull();
    click('Suivant');
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: la première armée à perdre la moitié de ses figurines');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Bruno Martin (Mal) gagne\u00a0: victoire totale 3-0');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p2', ending: 'army-broken', a: { points: 0, bodyCount: 0, kills: 3 }, b: { points: 3, bodyCount: 6, kills: 6 } });
  });
});

describe('LotR result wizard: the points-victory tie chain, one criterion at a time', () => {
  function toTie(ending = 'Temps écoulé, aucune armée n’a perdu la moitié de ses figurines', a = { s: 8, l: 4 }, b = { s: 9, l: 3 }): void {
    throughEnding('Bien', ending);
    click('Suivant');
    counts(a, b);
    click('Suivant');
  }

  it('1. the remaining model value decides: 2-1, hero points never asked', async () => {
    const { event, onSubmit } = renderWizard();
    toTie();
    expect(screen.getByText('Victoire aux points · critère 1 sur 4')).toBeTruthy();
    type(`${TIE} d’Ana Duval`, '120');
    type(`${TIE} de Bruno Martin`, '95');
    click('Comparer');
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: la valeur des figurines restantes');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Ana Duval (Bien) gagne\u00a0: victoire aux points 2-1');
    expect(screen.queryAllByTestId('tie-equal')).toHaveLength(0);
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p1', how: 'tiebreak', ending: 'time', a: { points: 2, remainingValue: 120 }, b: { points: 1, remainingValue: 95 } });
    expect(r.a.heroPoints).toBeUndefined();
  });

  it('2. equal value: the points spent on heroes decide', async () => {
    const { event, onSubmit } = renderWizard();
    toTie('Les deux armées ont perdu la moitié de leurs figurines (fin de tour)', { s: 4, l: 6 }, { s: 5, l: 5 });
    type(`${TIE} d’Ana Duval`, '80');
    type(`${TIE} de Bruno Martin`, '80');
    click('Comparer');
    expect(screen.getByTestId('tie-passed').textContent).toBe(`${TIE}\u00a0: égalité (80 – 80), critère suivant.`);
    expect(screen.getByText('Victoire aux points · critère 2 sur 4')).toBeTruthy();
    type(`${HEROES} d’Ana Duval`, '50');
    type(`${HEROES} de Bruno Martin`, '75');
    click('Comparer');
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: les points dépensés en héros');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Bruno Martin (Mal) gagne\u00a0: victoire aux points 2-1');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p2', ending: 'both-broken', a: { points: 1, remainingValue: 80, heroPoints: 50 }, b: { points: 2, remainingValue: 80, heroPoints: 75 } });
  });

  it('3. equal heroes too: the body count (survivors − losses) decides', async () => {
    const { event, onSubmit } = renderWizard();
    toTie(undefined, { s: 9, l: 3 }, { s: 8, l: 4 });
    type(`${TIE} d’Ana Duval`, '100');
    type(`${TIE} de Bruno Martin`, '100');
    click('Comparer');
    type(`${HEROES} d’Ana Duval`, '60');
    type(`${HEROES} de Bruno Martin`, '60');
    click('Comparer');
    expect(screen.getAllByTestId('tie-equal').map((p) => p.textContent)).toEqual([
      `${TIE}\u00a0: égalité (100 – 100), critère suivant.`,
      `${HEROES}\u00a0: égalité (60 – 60), critère suivant.`,
    ]);
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: le solde de figurines');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Ana Duval (Bien) gagne\u00a0: victoire aux points 2-1');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p1', a: { bodyCount: 6, points: 2 }, b: { bodyCount: 4, points: 1 } });
  });

  it('4. equal body count: the kills decide', async () => {
    const { event, onSubmit } = renderWizard();
    // body count 2 each; kills follow the opponent's losses: Ana 4, Bruno 3
    toTie(undefined, { s: 5, l: 3 }, { s: 6, l: 4 });
    type(`${TIE} d’Ana Duval`, '70');
    type(`${TIE} de Bruno Martin`, '70');
    click('Comparer');
    type(`${HEROES} d’Ana Duval`, '40');
    type(`${HEROES} de Bruno Martin`, '40');
    click('Comparer');
    expect(screen.getAllByTestId('tie-equal')).toHaveLength(3);
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: les éliminations');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Ana Duval (Bien) gagne\u00a0: victoire aux points 2-1');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p1', a: { kills: 4, bodyCount: 2 }, b: { kills: 3, bodyCount: 2 } });
  });

  it('all four equal: a perfect draw 1.5-1.5', async () => {
    const { event, onSubmit } = renderWizard();
    toTie(undefined, { s: 6, l: 4 }, { s: 6, l: 4 });
    type(`${TIE} d’Ana Duval`, '90');
    type(`${TIE} de Bruno Martin`, '90');
    click('Comparer');
    type(`${HEROES} d’Ana Duval`, '55');
    type(`${HEROES} de Bruno Martin`, '55');
    click('Comparer');
    expect(screen.getAllByTestId('tie-equal')).toHaveLength(4);
    expect(screen.getByTestId('decided-by').textContent).toBe('Décidé par\u00a0: égalité sur les quatre critères');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Nul parfait\u00a0: 1,5-1,5');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: null, how: 'tiebreak', a: { points: 1.5 }, b: { points: 1.5 } });
  });

  it('a typed kill count is kept over the opponent’s losses', async () => {
    const { event, onSubmit } = renderWizard();
    throughEnding('Bien', 'Frodon tué');
    click('Suivant');
    counts({ s: 8, l: 4 }, { s: 10, l: 2 });
    type('Éliminations de Bruno Martin', '3');
    type('Figurines perdues d’Ana Duval', '5');
    expect((screen.getByRole('textbox', { name: 'Éliminations de Bruno Martin' }) as HTMLInputElement).value).toBe('3');
    click('Suivant');
    click('Enregistrer le résultat');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const r = onSubmit.mock.calls[0]![0] as GameResult;
    expect(r.b.kills).toBe(3);
    // the system only warns when kills and the opponent's losses differ
    expect(
      systemFor('lotr-sbg')
        .validateResult(r, pairing, event.settings)
        .every((p) => p.warning === true),
    ).toBe(true);
  });
});

describe('LotR result wizard: checks and saving', () => {
  it('refuses missing or negative numbers, naming the player', () => {
    renderWizard();
    throughEnding('Bien', 'Frodon tué');
    click('Suivant');
    type('Figurines survivantes d’Ana Duval', '');
    type('Figurines perdues de Bruno Martin', '-2');
    click('Suivant');
    const items = within(screen.getByRole('alert'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Figurines survivantes d’Ana Duval\u00a0: un nombre entier, 0 ou plus.',
      'Figurines perdues de Bruno Martin\u00a0: un nombre entier, 0 ou plus.',
      'Éliminations d’Ana Duval\u00a0: un nombre entier, 0 ou plus.',
    ]);
  });

  it('asks the camps first, and can go back a step', () => {
    renderWizard();
    click('Suivant');
    expect(screen.getByRole('alert').textContent).toContain('Qui joue le Bien\u202f?');
    pick('Qui joue le Bien\u202f?', 'Bruno Martin');
    expect(screen.getByText('Bruno Martin joue le Bien, Ana Duval le Mal.')).toBeTruthy();
    click('Suivant');
    click('Précédent');
    expect(screen.getByRole('radio', { name: 'Bruno Martin' })).toHaveProperty('checked', true);
  });

  it('stays open and says why when the save fails', async () => {
    const { onSubmit } = renderWizard({ onSubmit: async () => Promise.reject(new Error('disque plein')) });
    throughEnding('Bien', 'Frodon tué');
    click('Suivant');
    click('Suivant');
    click('Enregistrer le résultat');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((await screen.findByRole('alert')).textContent).toContain('disque plein');
    expect(screen.getByTestId('lotr-outcome')).toBeTruthy();
  });

  it('a correction starts from the saved result and replaces the old tie-chain numbers', async () => {
    const initial: GameResult = {
      winner: 'p1',
      how: 'tiebreak',
      ending: 'time',
      a: { cp: 0, apd: 0, camp: 'evil', points: 2, bodyCount: 3, kills: 5, survivors: 7, losses: 4, remainingValue: 90, heroPoints: 40, note: 'gardé' },
      b: { cp: 0, apd: 0, camp: 'good', points: 1, bodyCount: 1, kills: 4, survivors: 6, losses: 5, remainingValue: 90, heroPoints: 30 },
    };
    const { event, onSubmit } = renderWizard({ initial });
    expect(screen.getByRole('radio', { name: 'Bruno Martin' })).toHaveProperty('checked', true);
    click('Suivant');
    expect(screen.getByRole('radio', { name: 'Temps écoulé, aucune armée n’a perdu la moitié de ses figurines' })).toHaveProperty('checked', true);
    pick('Comment la partie a-t-elle fini\u202f?', 'Frodon tué');
    click('Suivant');
    expect((screen.getByRole('textbox', { name: 'Figurines survivantes d’Ana Duval' }) as HTMLInputElement).value).toBe('7');
    click('Suivant');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Ana Duval (Mal) gagne\u00a0: victoire totale 3-0');
    const r = await saved(onSubmit, event);
    expect(r.a).toMatchObject({ points: 3, note: 'gardé' });
    expect(r.a.remainingValue).toBeUndefined();
    expect(r.b.heroPoints).toBeUndefined();
  });

  it('speaks English', () => {
    renderWizard({ lang: 'en' });
    pick('Who plays Good?', 'Ana Duval');
    click('Next');
    pick('How did the game end?', 'Time out, no army lost half its models');
    click('Next');
    click('Next');
    expect(screen.getByText('Points victory · criterion 1 of 4')).toBeTruthy();
    type('Value of the models left (Ana Duval)', '10');
    type('Value of the models left (Bruno Martin)', '12');
    click('Compare');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Bruno Martin (Evil) wins: points victory 2-1');
  });
});
