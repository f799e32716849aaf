// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile, GameResult, Pairing } from '../../src/domain/event-file/types';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { ResultForm } from '../../src/ui/screens/event/results/ResultForm';
import { makeEvent, makePlayer } from '../fixtures/events';

afterEach(cleanup);

const ANA_LIST = {
  caster: 'Stryker',
  themeForce: null,
  tier: null,
  bonus: 6,
  models: [
    { name: 'Ironclad', cost: 7 },
    { name: 'Lancer', cost: 6 },
    { name: 'Stormblades', cost: 7 },
  ],
}; // 20 pts: Bruno can destroy at most 25
const BRUNO_LIST = {
  caster: 'Butcher',
  themeForce: null,
  tier: null,
  bonus: 6,
  models: [
    { name: 'Juggernaut', cost: 9 },
    { name: 'Winter Guard', cost: 8 },
    { name: 'Manhunter', cost: 5 },
    { name: 'Kodiak', cost: 8 },
  ],
}; // 30 pts: Ana can destroy at most 35

function tableEvent(variants: string[] = ['attrition-standings'], scenario: string | null = 'overrun'): { event: EventFile; pairing: Pairing } {
  const pairing: Pairing = { table: 2, a: 'p1', b: 'p2' };
  const event = makeEvent({
    settings: { points: 50, variants, rounds: null },
    players: [
      makePlayer(1, { name: 'Ana Duval', lists: [ANA_LIST] }),
      makePlayer(2, { name: 'Bruno Martin', lists: [BRUNO_LIST] }),
      makePlayer(3, { name: 'Chloé Petit', lists: [] }),
    ],
    rounds: [{ number: 1, scenario, variableMinutes: 6, pairings: [pairing], bye: 'p3' }],
  });
  return { event, pairing };
}

interface Setup {
  variants?: string[];
  scenario?: string | null;
  initial?: GameResult;
  onSubmit?: (r: GameResult) => Promise<void>;
  lang?: Lang;
  edit?: (event: EventFile) => void;
}

function renderForm(s: Setup = {}) {
  const { event, pairing } = tableEvent(s.variants, s.scenario === undefined ? 'overrun' : s.scenario);
  s.edit?.(event);
  const onSubmit = vi.fn(s.onSubmit ?? (async () => undefined));
  const onCancel = vi.fn();
  const lang = s.lang ?? 'fr';
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <ResultForm event={event} round={event.rounds[0]!} pairing={pairing} initial={s.initial} onSubmit={onSubmit} onCancel={onCancel} />
    </I18nContext.Provider>,
  );
  return { onSubmit, onCancel, event, pairing };
}

const radio = (choice: string, group: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice });
const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string): void => void fireEvent.input(field(name), { target: { value } });
const submit = (): void => void fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
/** Ana wins by forfeit (nothing else to fill in), the form is sent: the GameResult it saved. */
async function anaWinsByForfeit(onSubmit: ReturnType<typeof vi.fn>): Promise<GameResult> {
  pick('Vainqueur', 'Ana Duval');
  pick('Comment la partie a été gagnée', 'Forfait / absence');
  submit();
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0]![0] as GameResult;
}
const errors = (): string[] =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('result form: entry', () => {
  it('titles a new result and names the table', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Saisir le résultat');
    expect(screen.getByText('Ronde 1 · table 2 · Déborder')).toBeTruthy();
    // a single registered list is the list played
    expect((screen.getByRole('combobox', { name: 'Liste jouée par Ana Duval' }) as HTMLSelectElement).value).toBe('0');
  });

  it('shows the consequence in tournament points', () => {
    renderForm();
    expect(screen.queryByTestId('result-consequence')).toBeNull();
    pick('Vainqueur', 'Ana Duval');
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval gagne\u00a0: 1 PT\u202f; Bruno Martin\u00a0: 0 PT');
    pick('Vainqueur', 'Bruno Martin');
    expect(screen.getByTestId('result-consequence').textContent).toBe('Bruno Martin gagne\u00a0: 1 PT\u202f; Ana Duval\u00a0: 0 PT');
    pick('Vainqueur', 'Match nul');
    expect(screen.getByTestId('result-consequence').textContent).toBe('Match nul\u00a0: Ana Duval\u00a0: 0 PT\u202f; Bruno Martin\u00a0: 0 PT');
  });

  it('sets CP in one tap on the value, and a plain scenario win costs 4 taps: winner, how, CP, save (issue 20)', async () => {
    const { onSubmit } = renderForm();
    let taps = 0;
    const tap = (el: HTMLElement): void => {
      taps++;
      fireEvent.click(el);
    };
    tap(radio('Ana Duval', 'Vainqueur'));
    tap(radio('Scénario', 'Comment la partie a été gagnée'));
    const cp = within(screen.getByRole('group', { name: 'Points de contrôle d’Ana Duval' }));
    expect(cp.getAllByRole('button').map((b) => b.textContent)).toEqual(['0', '1', '2', '3', '4', '5']);
    tap(cp.getByRole('button', { name: '2' }));
    expect(field('Points de contrôle d’Ana Duval').value).toBe('2');
    expect(cp.getByRole('button', { name: '2' }).getAttribute('aria-pressed')).toBe('true');
    tap(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(taps).toBe(4);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ winner: 'p1', how: 'scenario', a: { cp: 2 }, b: { cp: 0 } });
  });

  it('steps CP with big buttons and never below 0', () => {
    renderForm();
    const plus = screen.getByRole('button', { name: 'Ajouter 1\u00a0: Points de contrôle d’Ana Duval' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(field('Points de contrôle d’Ana Duval').value).toBe('3');
    const minus = screen.getByRole('button', { name: 'Retirer 1\u00a0: Points de contrôle d’Ana Duval' });
    fireEvent.click(minus);
    expect(field('Points de contrôle d’Ana Duval').value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer 1\u00a0: Points de contrôle de Bruno Martin' }));
    expect(field('Points de contrôle de Bruno Martin').value).toBe('0');
  });

  it('calls onSubmit once with the exact GameResult, disabled while saving', async () => {
    let finish!: () => void;
    const { onSubmit, onCancel } = renderForm({ onSubmit: () => new Promise<void>((r) => (finish = r)) });
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Scénario');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter 1\u00a0: Points de contrôle d’Ana Duval' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter 1\u00a0: Points de contrôle d’Ana Duval' }));
    type('Points d’armée détruits par Ana Duval', '31');
    type('Points d’armée détruits par Bruno Martin', '12');
    submit();
    const button = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toStrictEqual({
      winner: 'p1',
      how: 'scenario',
      a: { cp: 2, apd: 31, listIndex: 0 },
      b: { cp: 0, apd: 12, listIndex: 0 },
    });
    finish();
    const again = await screen.findByRole('button', { name: 'Enregistrer le résultat' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('stays open and says why when saving fails', async () => {
    const { onSubmit } = renderForm({ onSubmit: () => Promise.reject(new Error('disque plein')) });
    pick('Vainqueur', 'Bruno Martin');
    pick('Comment la partie a été gagnée', 'Pendule de l’adversaire');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Échec de l’enregistrement, rien n’a été modifié\u00a0: disque plein');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Enregistrer le résultat' }) as HTMLButtonElement).disabled).toBe(false);
    expect(field('Points de contrôle d’Ana Duval').value).toBe('0');
  });

  it('cancel calls onCancel and saves nothing', () => {
    const { onSubmit, onCancel } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('records a draw (no tiebreakers) with how and without a winner', async () => {
    const { onSubmit } = renderForm({ variants: ['no-tiebreakers'] });
    pick('Vainqueur', 'Match nul');
    expect(screen.queryByRole('status')).toBeNull(); // no draw warning under no-tiebreakers
    pick('Comment la partie a fini', 'Départage à la fin du temps');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toStrictEqual({
      winner: null,
      how: 'tiebreak',
      a: { cp: 0, apd: 0, listIndex: 0 },
      b: { cp: 0, apd: 0, listIndex: 0 },
    });
  });

  it('lets the players pick a list, and records null for a player without one', async () => {
    const { onSubmit } = renderForm({
      edit: (ev) => {
        ev.players[0]!.lists.push({ ...ANA_LIST, caster: 'Haley', models: [{ name: 'Ol Rowdy', cost: 9 }] });
        ev.players[1]!.lists = [];
      },
    });
    const select = screen.getByRole('combobox', { name: 'Liste jouée par Ana Duval' }) as HTMLSelectElement;
    expect(select.value).toBe(''); // two lists: nothing chosen for them
    expect([...select.options].map((o) => o.textContent)).toEqual(['— choisir —', 'Liste 1\u00a0: Stryker (20 pts)', 'Liste 2\u00a0: Haley (9 pts)']);
    fireEvent.change(select, { target: { value: '1' } });
    expect(screen.getAllByText('Aucune liste inscrite.')).toHaveLength(1);
    expect(await anaWinsByForfeit(onSubmit)).toStrictEqual({
      winner: 'p1',
      how: 'forfeit',
      a: { cp: 0, apd: 0, listIndex: 1 },
      b: { cp: 0, apd: 0, listIndex: null },
    });
  });
});

describe('result form: the lists still open («\u00a0X listes\u00a0», «\u00a0Diviser pour régner\u00a0»)', () => {
  const HALEY = { ...ANA_LIST, caster: 'Haley', models: [{ name: 'Ol Rowdy', cost: 9 }] };
  /**
   * « 2 listes » in a 2-round event: each list owes one game. Ana played Stryker (list 1) in
   * round 1, so in round 2 only Haley (list 2) is open: she has no choice left.
   */
  function twoListsRound2(initial?: GameResult) {
    const first: Pairing = { table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', how: 'scenario', a: { cp: 2, apd: 10, listIndex: 0 }, b: { cp: 1, apd: 4, listIndex: 0 } } };
    const pairing: Pairing = { table: 1, a: 'p1', b: 'p2' };
    const event = makeEvent({
      settings: { points: 50, variants: ['lists:2'], rounds: 2 },
      players: [
        makePlayer(1, { name: 'Ana Duval', lists: [ANA_LIST, HALEY] }),
        makePlayer(2, { name: 'Bruno Martin', lists: [BRUNO_LIST] }),
        makePlayer(3, { name: 'Chloé Petit', lists: [] }),
      ],
      rounds: [
        { number: 1, scenario: 'overrun', variableMinutes: 6, pairings: [first], bye: 'p3' },
        { number: 2, scenario: 'overrun', variableMinutes: 6, pairings: [pairing], bye: 'p3' },
      ],
    });
    const onSubmit = vi.fn(async () => undefined);
    render(
      <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang() {} }}>
        <ResultForm event={event} round={event.rounds[1]!} pairing={pairing} initial={initial} onSubmit={onSubmit} onCancel={() => undefined} />
      </I18nContext.Provider>,
    );
    return { onSubmit };
  }
  const select = () => screen.getByRole('combobox', { name: 'Liste jouée par Ana Duval' }) as HTMLSelectElement;

  it('offers only the legal list, says why the other is closed, and shows the forced choice', async () => {
    const { onSubmit } = twoListsRound2();
    expect([...select().options].map((o) => o.textContent)).toEqual(['— choisir —', 'Liste 2\u00a0: Haley (9 pts)']);
    expect(select().value).toBe('1');
    expect(screen.getByTestId('list-closed-a-0').textContent).toBe(
      'Liste 1 (Stryker) fermée\u00a0: Jouer encore la liste 1 ne laisserait pas assez de parties pour les autres listes (1 dues, 0 restantes).',
    );
    expect(screen.getByTestId('list-forced-a').textContent).toBe('Ana Duval n’a plus le choix\u00a0: liste 2 (Haley), à annoncer à son adversaire avant la partie.');
    expect(screen.queryByTestId('list-forced-b')).toBeNull();
    expect((await anaWinsByForfeit(onSubmit)).a.listIndex).toBe(1);
  });

  it('keeps a closed list a saved result names, marked closed and warned about, never silently replaced', () => {
    twoListsRound2({ winner: 'p2', how: 'clock', a: { cp: 0, apd: 3, listIndex: 0 }, b: { cp: 1, apd: 4, listIndex: 0 } });
    expect(select().value).toBe('0');
    expect([...select().options].map((o) => o.textContent)).toEqual(['— choisir —', 'Liste 1\u00a0: Stryker (20 pts) — fermée', 'Liste 2\u00a0: Haley (9 pts)']);
    expect(
      within(screen.getByRole('status'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Liste jouée par Ana Duval\u00a0: la liste 1 (Stryker) n’était pas ouverte à cette ronde.');
  });
});

describe('result form: survival standings («\u00a0Classement à la survie\u00a0»)', () => {
  it('asks for the surviving army points only under survival standings', () => {
    renderForm();
    expect(screen.queryByRole('textbox', { name: 'Points d’armée ayant survécu d’Ana Duval' })).toBeNull();
    cleanup();
    renderForm({ variants: ['survival-standings'] });
    expect(field('Points d’armée ayant survécu d’Ana Duval').value).toBe('');
  });

  it("counts a player's own surviving army with the seed's counting, and records it", async () => {
    const { onSubmit } = renderForm({ variants: ['survival-standings'] });
    fireEvent.click(screen.getByRole('button', { name: 'Compter les points survivants d’Ana Duval' }));
    const helper = screen.getByRole('region', { name: 'Points d’armée d’Ana Duval ayant survécu' });
    // Stryker in play 5, Ironclad inert 0, Lancer destroyed 0, Stormblades under half: 7 / 2 rounded up = 4
    pick('Ironclad (7 pts)', 'Inerte / sauvage');
    pick('Lancer (6 pts)', 'Détruit');
    pick('Stormblades (7 pts)', 'Sous la moitié');
    expect(within(helper).getByRole('status').textContent).toBe('Total\u00a0: 9 points d’armée ayant survécu');
    fireEvent.click(within(helper).getByRole('button', { name: 'Utiliser cette valeur' }));
    expect(field('Points d’armée ayant survécu d’Ana Duval').value).toBe('9');
    expect(await anaWinsByForfeit(onSubmit)).toStrictEqual({
      winner: 'p1',
      how: 'forfeit',
      a: { cp: 0, apd: 0, listIndex: 0, survived: 9 },
      b: { cp: 0, apd: 0, listIndex: 0 },
    });
  });

  it('refuses more surviving points than the list holds, and drops a value cleared in a correction', async () => {
    const initial: GameResult = { winner: 'p1', how: 'clock', a: { cp: 0, apd: 3, listIndex: 0, survived: 12 }, b: { cp: 1, apd: 4, listIndex: 0, survived: 20 } };
    const { onSubmit } = renderForm({ variants: ['survival-standings'], initial });
    type('Points d’armée ayant survécu d’Ana Duval', '26');
    submit();
    expect(errors()).toEqual(['Points d’armée ayant survécu d’Ana Duval\u00a0: 26 dépasse le maximum possible, 25 (sa liste\u00a0: 20 pts + 5 pour le warcaster/warlock).']);
    type('Points d’armée ayant survécu d’Ana Duval', '');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toStrictEqual({ ...initial, a: { cp: 0, apd: 3, listIndex: 0 } });
  });
});

describe('result form: refusals name the problem', () => {
  const refused = async (expected: string[], s: Setup = {}, act: () => void = () => undefined) => {
    const { onSubmit } = renderForm(s);
    act();
    submit();
    expect(errors()).toEqual(expected);
    expect(screen.getByRole('alert').textContent).toContain('Le résultat n’est pas enregistré\u00a0:');
    expect(onSubmit).not.toHaveBeenCalled();
  };

  it('no winner chosen', () => refused(['Choisissez le vainqueur ou le match nul.']));

  it('a winner without how', () => refused(['Indiquez comment Ana Duval a gagné.'], {}, () => pick('Vainqueur', 'Ana Duval')));

  it('negative CP', () =>
    refused(['Points de contrôle d’Ana Duval\u00a0: -1 est négatif, il faut 0 ou plus.'], {}, () => {
      pick('Vainqueur', 'Ana Duval');
      pick('Comment la partie a été gagnée', 'Assassinat');
      type('Points de contrôle d’Ana Duval', '-1');
    }));

  it('non-integer CP, with a decimal comma or point', () =>
    refused(['Points de contrôle d’Ana Duval\u00a0: 1.5 n’est pas un nombre entier.', 'Points de contrôle de Bruno Martin\u00a0: 1,5 n’est pas un nombre entier.'], {}, () => {
      pick('Vainqueur', 'Ana Duval');
      pick('Comment la partie a été gagnée', 'Assassinat');
      type('Points de contrôle d’Ana Duval', '1.5');
      type('Points de contrôle de Bruno Martin', '1,5');
    }));

  it('empty CP', () =>
    refused(['Points de contrôle de Bruno Martin\u00a0: entrez un nombre entier.'], {}, () => {
      pick('Vainqueur', 'Ana Duval');
      pick('Comment la partie a été gagnée', 'Assassinat');
      type('Points de contrôle de Bruno Martin', '');
    }));

  it('negative APD', () =>
    refused(['Points d’armée détruits par Bruno Martin\u00a0: -3 est négatif, il faut 0 ou plus.'], {}, () => {
      pick('Vainqueur', 'Ana Duval');
      pick('Comment la partie a été gagnée', 'Assassinat');
      type('Points d’armée détruits par Bruno Martin', '-3');
    }));

  it('a draw by assassination', () =>
    refused(['Un match nul ne peut pas se décider par assassinat\u00a0: un assassinat désigne toujours un vainqueur.'], {}, () => {
      pick('Vainqueur', 'Match nul');
      pick('Comment la partie a fini', 'Assassinat');
    }));

  it('a draw on scenario', () =>
    refused(['Un match nul ne peut pas se décider au scénario\u00a0: une victoire au scénario désigne toujours un vainqueur.'], {}, () => {
      pick('Vainqueur', 'Match nul');
      pick('Comment la partie a fini', 'Scénario');
    }));

  it('CP no game of the scenario can end on (Overrun: first to 2, 1 CP a turn), the same bound as the file', () =>
    refused(
      [
        'Points de contrôle d’Ana Duval\u00a0: 9 est impossible dans Déborder, au plus 2 (la partie s’arrête dès que le scénario est gagné).',
        'Points de contrôle de Bruno Martin\u00a0: 7 est impossible dans Déborder, au plus 2 (la partie s’arrête dès que le scénario est gagné).',
      ],
      {},
      () => {
        pick('Vainqueur', 'Ana Duval');
        pick('Comment la partie a été gagnée', 'Scénario');
        type('Points de contrôle d’Ana Duval', '9');
        type('Points de contrôle de Bruno Martin', '7');
      },
    ));

  it("APD above the opponent's list total + 5", () =>
    refused(
      [
        'Points d’armée détruits par Ana Duval\u00a0: 36 dépasse le maximum possible, 35 (liste de Bruno Martin\u00a0: 30 pts + 5 pour le warcaster/warlock).',
        'Points d’armée détruits par Bruno Martin\u00a0: 26 dépasse le maximum possible, 25 (liste d’Ana Duval\u00a0: 20 pts + 5 pour le warcaster/warlock).',
      ],
      {},
      () => {
        pick('Vainqueur', 'Ana Duval');
        pick('Comment la partie a été gagnée', 'Assassinat');
        type('Points d’armée détruits par Ana Duval', '36');
        type('Points d’armée détruits par Bruno Martin', '26');
      },
    ));

  it('APD up to the list total + 5 is accepted', async () => {
    const { onSubmit } = renderForm();
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Assassinat');
    type('Points d’armée détruits par Ana Duval', '35');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('no APD limit when the opponent registered no list', async () => {
    const { onSubmit } = renderForm({ edit: (ev) => void (ev.players[1]!.lists = []) });
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Assassinat');
    type('Points d’armée détruits par Ana Duval', '80');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('a list index out of range', () =>
    refused(['Liste jouée par Bruno Martin\u00a0: la liste 3 n’existe pas (1 liste inscrite).'], {
      initial: { winner: 'p2', how: 'clock', a: { cp: 0, apd: 3, listIndex: 0 }, b: { cp: 1, apd: 4, listIndex: 2 } },
    }));

  it('assassination is hidden under "no assassination"', () => {
    renderForm({ variants: ['no-assassination'] });
    const how = screen.getByRole('radiogroup', { name: 'Comment la partie a été gagnée' });
    expect(
      within(how)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Scénario', 'Départage à la fin du temps', 'Pendule de l’adversaire', 'Forfait / absence']);
  });

  it('a saved assassination under "no assassination" is shown and refused', () =>
    refused(['Pas de victoire par assassinat dans cet événement (variante «\u00a0Pas d’assassinat\u00a0»)\u00a0: choisissez une autre façon de gagner.'], {
      variants: ['no-assassination'],
      initial: { winner: 'p1', how: 'assassination', a: { cp: 0, apd: 5, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 0 } },
    }));

  it('errors follow the fields once shown', () => {
    renderForm();
    submit();
    expect(errors()).toEqual(['Choisissez le vainqueur ou le match nul.']);
    pick('Vainqueur', 'Ana Duval');
    expect(errors()).toEqual(['Indiquez comment Ana Duval a gagné.']);
    pick('Comment la partie a été gagnée', 'Scénario');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('result form: warnings do not refuse', () => {
  it('a draw without the no-tiebreakers variant', async () => {
    const { onSubmit } = renderForm();
    pick('Vainqueur', 'Match nul');
    expect(screen.getByRole('status').textContent).toBe(
      'À vérifier\u00a0:Un match nul n’arrive qu’avec la variante «\u00a0Pas de conditions de départage\u00a0», absente de cet événement.',
    );
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ winner: null, how: null });
  });

  it("a scenario win below the scenario's target", async () => {
    const { onSubmit } = renderForm(); // Overrun: first to 2 CP
    pick('Vainqueur', 'Bruno Martin');
    pick('Comment la partie a été gagnée', 'Scénario');
    type('Points de contrôle de Bruno Martin', '1');
    expect(within(screen.getByRole('status')).getByRole('listitem').textContent).toBe('Victoire au scénario avec 1 PC\u00a0: Déborder demande au moins 2 PC.');
    type('Points de contrôle de Bruno Martin', '2');
    expect(screen.queryByRole('status')).toBeNull();
    type('Points de contrôle de Bruno Martin', '1');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ winner: 'p2', how: 'scenario', b: { cp: 1 } });
  });

  it('a scenario win without more CP than the opponent where the scenario asks for it', () => {
    renderForm({ scenario: 'close-quarters' });
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Scénario');
    type('Points de contrôle d’Ana Duval', '2');
    type('Points de contrôle de Bruno Martin', '2');
    expect(within(screen.getByRole('status')).getByRole('listitem').textContent).toBe(
      'Victoire au scénario avec 2 PC contre 2\u00a0: Mano a Mano demande plus de PC que l’adversaire.',
    );
  });

  it('a tiebreak win under "no tiebreakers"', () => {
    renderForm({ variants: ['no-tiebreakers'] });
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Départage à la fin du temps');
    expect(within(screen.getByRole('status')).getByRole('listitem').textContent).toBe(
      'Avec la variante «\u00a0Pas de conditions de départage\u00a0», la fin du temps donne un match nul.',
    );
  });

  it('no target warning for Kill Box (decided by casters, not CP)', () => {
    renderForm({ scenario: 'kill-box' });
    pick('Vainqueur', 'Ana Duval');
    pick('Comment la partie a été gagnée', 'Scénario');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('result form: correction', () => {
  const saved: GameResult = {
    winner: 'p2',
    how: 'tiebreak',
    a: { cp: 1, apd: 14, listIndex: 0 },
    b: { cp: 0, apd: 22, listIndex: 0, note: 'from import' },
    judge: 'Marc',
  };

  it('pre-fills every field and says it is a correction', () => {
    renderForm({ initial: saved });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Corriger le résultat');
    expect((radio('Bruno Martin', 'Vainqueur') as HTMLInputElement).checked).toBe(true);
    expect((radio('Départage à la fin du temps', 'Comment la partie a été gagnée') as HTMLInputElement).checked).toBe(true);
    expect(field('Points de contrôle d’Ana Duval').value).toBe('1');
    expect(field('Points de contrôle de Bruno Martin').value).toBe('0');
    expect(field('Points d’armée détruits par Ana Duval').value).toBe('14');
    expect(field('Points d’armée détruits par Bruno Martin').value).toBe('22');
    expect(screen.getByTestId('result-consequence').textContent).toBe('Bruno Martin gagne\u00a0: 1 PT\u202f; Ana Duval\u00a0: 0 PT');
  });

  it('saves the changed result and keeps fields it does not know', async () => {
    const { onSubmit } = renderForm({ initial: saved });
    type('Points d’armée détruits par Ana Duval', '16');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toStrictEqual({
      winner: 'p2',
      how: 'tiebreak',
      a: { cp: 1, apd: 16, listIndex: 0 },
      b: { cp: 0, apd: 22, listIndex: 0, note: 'from import' },
      judge: 'Marc',
    });
  });
});

describe('result form: helpers', () => {
  it("fills APD from the opponent's list", () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Calculer avec la liste de Bruno Martin' }));
    const helper = screen.getByRole('region', { name: 'Points d’armée détruits dans la liste de Bruno Martin' });
    fireEvent.click(within(within(helper).getByRole('radiogroup', { name: 'Juggernaut (9 pts)' })).getByRole('radio', { name: 'Détruit' }));
    fireEvent.click(within(within(helper).getByRole('radiogroup', { name: 'Butcher (warcaster/warlock\u00a0: 5 pts)' })).getByRole('radio', { name: 'Détruit' }));
    fireEvent.click(within(helper).getByRole('button', { name: 'Utiliser cette valeur' }));
    expect(field('Points d’armée détruits par Ana Duval').value).toBe('14');
    expect(screen.queryByRole('region', { name: 'Points d’armée détruits dans la liste de Bruno Martin' })).toBeNull();
  });

  it('asks for the list played before counting when the opponent has several', () => {
    renderForm({ edit: (ev) => void ev.players[1]!.lists.push({ ...BRUNO_LIST, caster: 'Irusk' }) });
    expect(screen.queryByRole('button', { name: 'Calculer avec la liste de Bruno Martin' })).toBeNull();
    expect(screen.getByText('Choisissez la liste jouée par Bruno Martin pour calculer les points d’armée détruits.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Liste jouée par Bruno Martin' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculer avec la liste de Bruno Martin' }));
    expect(screen.getByRole('radiogroup', { name: 'Irusk (warcaster/warlock\u00a0: 5 pts)' })).toBeTruthy();
  });

  it('the time-out wizard fills winner, how, CP and APD', () => {
    renderForm();
    type('Points de contrôle d’Ana Duval', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Fin du temps\u00a0: départage pas à pas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Étape suivante' })); // both casters in play
    expect(field('Points de contrôle d’Ana Duval').value).toBe('1'); // carried from the form
    type('Points de contrôle de Bruno Martin', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Étape suivante' }));
    fireEvent.click(screen.getByRole('button', { name: 'Étape suivante' })); // zone: 0 - 0
    type('Points d’armée détruits par Ana Duval', '12');
    type('Points d’armée détruits par Bruno Martin', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Voir le résultat' }));
    expect(screen.getByRole('status').textContent).toBe('Décidé à l’étape 4\u00a0: moins de points d’armée perdus');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser ce résultat' }));
    expect((radio('Bruno Martin', 'Vainqueur') as HTMLInputElement).checked).toBe(true);
    expect((radio('Départage à la fin du temps', 'Comment la partie a été gagnée') as HTMLInputElement).checked).toBe(true);
    expect(field('Points de contrôle de Bruno Martin').value).toBe('1');
    expect(field('Points d’armée détruits par Ana Duval').value).toBe('12');
    expect(field('Points d’armée détruits par Bruno Martin').value).toBe('20');
  });

  it('cancelling the wizard keeps the form as it was', () => {
    renderForm();
    pick('Vainqueur', 'Ana Duval');
    fireEvent.click(screen.getByRole('button', { name: 'Fin du temps\u00a0: départage pas à pas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect((radio('Ana Duval', 'Vainqueur') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'Comment la partie a été gagnée' })).toBeTruthy();
  });
});

describe('result form: English', () => {
  it('words the consequence and a refusal in English', () => {
    renderForm({ lang: 'en' });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Winner' })).getByRole('radio', { name: 'Ana Duval' }));
    expect(screen.getByTestId('result-consequence').textContent).toBe('Ana Duval wins: 1 TP; Bruno Martin: 0 TP');
    fireEvent.click(screen.getByRole('button', { name: 'Save the result' }));
    expect(errors()).toEqual(['Say how Ana Duval won.']);
  });
});
