// @vitest-environment jsdom
// The standings tab and its projector view, on hand-built events whose numbers are worked out in
// the comments so every expectation can be checked by hand.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile, Pairing, Round, WinHow } from '../../src/domain/event-file/types';
import type { Action } from '../../src/domain/log';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { createEvent, loadEvent } from '../../src/store/events';
import { Standings } from '../../src/ui/screens/event/Standings';
import { StandingsProjector } from '../../src/ui/screens/event/StandingsProjector';
import { standingsCsv } from '../../src/ui/systems/sr2011/standings-model';
import { ServicesContext, type Services } from '../../src/ui/services';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderApp } from './render-app';

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

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const NAMES = ['Ana', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Gaëlle', 'Hugo "H"; Lyon'];

const win = (table: number, a: string, b: string, [cpA, apdA]: [number, number], [cpB, apdB]: [number, number], how: WinHow = 'scenario'): Pairing => ({
  table,
  a,
  b,
  result: { winner: a, how, a: { cp: cpA, apd: apdA }, b: { cp: cpB, apd: apdB } },
});
const draw = (table: number, a: string, b: string, [cpA, apdA]: [number, number], [cpB, apdB]: [number, number]): Pairing => ({
  table,
  a,
  b,
  result: { winner: null, how: 'tiebreak', a: { cp: cpA, apd: apdA }, b: { cp: cpB, apd: apdB } },
});
const round = (number: number, pairings: Pairing[], extra: Partial<Round> = {}): Round => ({ number, scenario: null, pairings, bye: null, ...extra });

/**
 * Eight players, two rounds; Gaëlle (7) and Hugo (8) draw in round 1 and both drop.
 *   R1: Ana beats Bruno (CP 3/1, APD 30/10), Chloé beats David (2/0, 20/15),
 *       Emma beats Farid (2/0, 20/15), Gaëlle draws Hugo (1/1, 10/10)
 *   R2: Ana beats Chloé (4/2, 25/10), Emma beats David (1/1, 12/20), Bruno beats Farid (1/1, 8/30)
 * Totals          TP  SoS               CP  APD
 *   Ana   (1)     2   Bruno 1 + Chloé 1 = 2   7   55
 *   Emma  (5)     2   Farid 0 + David 0 = 0   3   32   below Ana by SoS
 *   Chloé (3)     1   David 0 + Ana 2   = 2   4   30   below Emma by TP
 *   Bruno (2)     1   Ana 2 + Farid 0   = 2   2   18   below Chloé by CP
 *   Farid (6)     0   Emma 2 + Bruno 1  = 3   1   45   below Bruno by TP
 *   David (4)     0   Chloé 1 + Emma 2  = 3   1   35   below Farid by APD
 *   Gaëlle (7)    0   Hugo 0            = 0   1   10   below David by SoS
 *   Hugo  (8)     0   Gaëlle 0          = 0   1   10   perfect tie with Gaëlle: rank 7 too
 * Scenario wins: Ana 1 (R1; R2 by assassination), Emma 2, Bruno 1, Chloé 0 (R1 by assassination).
 */
function hallEvent(overrides: Partial<EventFile> = {}): EventFile {
  return makeEvent({
    settings: { points: 50, variants: [], rounds: null },
    players: NAMES.map((name, i) => makePlayer(i + 1, { name, ...(i >= 6 ? { dropped: true, droppedAfterRound: 1 } : {}) })),
    rounds: [
      round(1, [
        win(1, 'p1', 'p2', [3, 30], [1, 10], 'scenario'),
        win(2, 'p3', 'p4', [2, 20], [0, 15], 'assassination'),
        win(3, 'p5', 'p6', [2, 20], [0, 15], 'scenario'),
        draw(4, 'p7', 'p8', [1, 10], [1, 10]),
      ]),
      round(2, [win(1, 'p1', 'p3', [4, 25], [2, 10], 'assassination'), win(2, 'p5', 'p4', [1, 12], [1, 20], 'scenario'), win(3, 'p2', 'p6', [1, 8], [1, 30], 'scenario')]),
    ],
    ...overrides,
  });
}

const withVariants = (ev: EventFile, variants: string[], rounds: number | null = null): EventFile => ({ ...ev, settings: { ...ev.settings, variants, rounds } });

/**
 * Four players (3 rounds planned for 8 or fewer):
 *   R1: 1 beats 2, 3 beats 4; R2: 1 beats 3, 2 beats 4  -> Player 1 alone on 2 TP
 *   R3: 3 beats 1, 4 beats 2                            -> Players 1 and 3 on 2 TP, nobody alone
 */
function fourPlayers(roundCount: 2 | 3, settings: Partial<EventFile['settings']> = {}): EventFile {
  const rounds = [
    round(1, [win(1, 'p1', 'p2', [2, 20], [0, 10]), win(2, 'p3', 'p4', [2, 20], [0, 10])]),
    round(2, [win(1, 'p1', 'p3', [2, 20], [0, 10]), win(2, 'p2', 'p4', [2, 20], [0, 10])]),
    round(3, [win(1, 'p3', 'p1', [2, 20], [0, 10]), win(2, 'p4', 'p2', [2, 20], [0, 10])]),
  ];
  return makeEvent({
    settings: { points: 50, variants: [], rounds: null, ...settings },
    players: [1, 2, 3, 4].map((n) => makePlayer(n)),
    rounds: rounds.slice(0, roundCount),
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering helpers
// ---------------------------------------------------------------------------------------------

function providers(lang: Lang, notify: Services['notify'], children: ComponentChildren) {
  const services = { db: {} as Services['db'], deviceId: 'dev', engine: {} as Services['engine'], now: () => 0, notify };
  return (
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang: () => undefined }}>
      <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
    </I18nContext.Provider>
  );
}

function renderTab(event: EventFile, lang: Lang = 'fr') {
  const notify = vi.fn();
  const dispatched: Action[] = [];
  const dispatch = vi.fn(async (...actions: Action[]) => {
    dispatched.push(...actions);
    return event;
  });
  const tree = (ev: EventFile) => providers(lang, notify, <Standings eventId="ev-1" meta={{} as never} event={ev} dispatch={dispatch} />);
  const utils = render(tree(event));
  return { ...utils, notify, dispatch, dispatched, update: (ev: EventFile) => utils.rerender(tree(ev)) };
}

/** Each body row as its cells' trimmed text. */
function bodyRows(table: HTMLElement = screen.getByTestId('standings-table')): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => [...tr.children].filter((c) => !c.classList.contains('person-col')).map((c) => (c.textContent ?? '').trim()));
}
// club and faction have their own test: these read the system's columns
const headers = (table: HTMLElement = screen.getByTestId('standings-table')): string[] =>
  [...table.querySelectorAll('thead th:not(.person-col)')].map((th) => (th.querySelector('abbr')?.textContent ?? th.textContent ?? '').trim());
const column = (rows: string[][], i: number): string[] => rows.map((r) => r[i]!);
/** French typography puts a no-break space before ':' and '?'; compare with plain spaces. */
const nb = (s: string | null | undefined): string => s ?? '';

// ---------------------------------------------------------------------------------------------

describe('standings tab: club and faction', () => {
  const peopleHeads = (): string[] => [...screen.getByTestId('standings-table').querySelectorAll('thead th.person-col')].map((th) => th.textContent!.trim());
  const peopleOf = (id: string): (string | null)[][] =>
    [...screen.getByTestId('standings-table').querySelectorAll(`tr[data-id="${id}"] td.person-col`)].map((td) => [td.textContent, td.getAttribute('title')]);

  it("shows each player's club and faction next to the name, whole in the tooltip", () => {
    const ev = hallEvent();
    ev.players[0] = { ...ev.players[0]!, club: 'Club de jeux de Saint-Quentin-en-Yvelines', faction: 'Protectorate of Menoth' };
    renderTab(ev);
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT', 'SoS', 'PC', 'PAD', 'V-N-D', 'Départage']);
    expect(peopleHeads()).toEqual(['Club', 'Faction']);
    // the people columns sit between the name and the system's columns
    const heads = [...screen.getByTestId('standings-table').querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    expect(heads.slice(2, 6)).toEqual(['Joueur', 'Club', 'Faction', 'PT1']);
    expect(peopleOf('p1')).toEqual([
      ['Club de jeux de Saint-Quentin-en-Yvelines', 'Club de jeux de Saint-Quentin-en-Yvelines'],
      ['Protectorate of Menoth', 'Protectorate of Menoth'],
    ]);
    expect(peopleOf('p2')).toEqual([
      ['Paris', 'Paris'],
      ['Cygnar', 'Cygnar'],
    ]);
  });

  it('leaves out a column nobody has, and keeps a blank cell for a player without one', () => {
    const ev = hallEvent();
    ev.players = ev.players.map((p, i) => ({ ...p, club: i === 0 ? 'Lyon' : undefined, faction: '  ' }));
    renderTab(ev);
    expect(peopleHeads()).toEqual(['Club']);
    expect(peopleOf('p1')).toEqual([['Lyon', 'Lyon']]);
    expect(peopleOf('p2')).toEqual([['', null]]);
  });
});

describe('standings tab: order and why', () => {
  it('ranks by TP, SoS, CP, APD and says in plain words what separated each player', () => {
    renderTab(hallEvent());
    expect(screen.getByRole('heading', { name: 'Classement après la ronde 2' })).toBeTruthy();
    expect(nb(screen.getByText(/^Ordre :/).textContent)).toBe(
      'Ordre\u00a0: points de tournoi (PT), puis puissance des adversaires (SoS), puis points de contrôle (PC), puis points d’armée détruits (PAD).',
    );
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT', 'SoS', 'PC', 'PAD', 'V-N-D', 'Départage']);
    expect(bodyRows()).toEqual([
      ['1', '1', 'Ana', '2', '2', '7', '55', '2-0-0', 'en tête'],
      ['2', '5', 'Emma', '2', '0', '3', '32', '2-0-0', 'départagé par la puissance des adversaires (SoS)'],
      ['3', '3', 'Chloé', '1', '2', '4', '30', '1-0-1', 'moins de points de tournoi'],
      ['4', '2', 'Bruno', '1', '2', '2', '18', '1-0-1', 'départagé par les points de contrôle (PC)'],
      ['5', '6', 'Farid', '0', '3', '1', '45', '0-0-2', 'moins de points de tournoi'],
      ['6', '4', 'David', '0', '3', '1', '35', '0-0-2', 'départagé par les points d’armée détruits (PAD)'],
      ['7', '7', 'Gaëlle Abandon', '0', '0', '1', '10', '0-1-0', 'départagé par la puissance des adversaires (SoS)'],
      ['7', '8', 'Hugo "H"; Lyon Abandon', '0', '0', '1', '10', '0-1-0', 'à égalité parfaite (même rang)'],
    ]);
  });

  it('highlights the ordering keys, numbers them, and names the player above in the tooltip', () => {
    renderTab(hallEvent());
    const table = screen.getByTestId('standings-table');
    const keyHeads = [...table.querySelectorAll('thead th.key')].map((th) => th.textContent);
    expect(keyHeads).toEqual(['PT1', 'SoS2', 'PC3', 'PAD4']);
    const emma = table.querySelector('tr[data-id="p5"]')!;
    expect(emma.querySelector('td.decisive')?.textContent).toBe('0');
    expect(nb(emma.querySelector('td.why')?.getAttribute('title'))).toBe('Par rapport à Ana, juste au-dessus\u00a0: départagé par la puissance des adversaires (SoS)');
  });

  it('speaks English too', () => {
    renderTab(hallEvent(), 'en');
    expect(nb(screen.getByText(/^Order:/).textContent)).toBe(
      'Order: tournament points (TP), then strength of schedule (SoS), then control points (CP), then army points destroyed (APD).',
    );
    expect(headers()).toEqual(['Rank', 'No.', 'Player', 'TP', 'SoS', 'CP', 'APD', 'W-D-L', 'Tiebreak']);
    expect(column(bodyRows(), 8)).toEqual([
      'leader',
      'separated by strength of schedule (SoS)',
      'fewer tournament points',
      'separated by control points (CP)',
      'fewer tournament points',
      'separated by army points destroyed (APD)',
      'separated by strength of schedule (SoS)',
      'perfect tie (same rank)',
    ]);
  });
});

describe('standings tab: annex standings variants', () => {
  it('attrition: APD right after TP, in the columns and in the order', () => {
    // TP 2: Ana 55 APD, Emma 32; TP 1: Chloé 30, Bruno 18; TP 0: Farid 45, David 35, Gaëlle 10 = Hugo 10
    renderTab(withVariants(hallEvent(), ['attrition-standings']));
    expect(nb(screen.getByText(/ordre :/).textContent)).toBe(
      'Classement à l’attrition — ordre\u00a0: points de tournoi (PT), puis points d’armée détruits (PAD), puis puissance des adversaires (SoS), puis points de contrôle (PC).',
    );
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT', 'PAD', 'SoS', 'PC', 'V-N-D', 'Départage']);
    const rows = bodyRows();
    expect(column(rows, 2)).toEqual(['Ana', 'Emma', 'Chloé', 'Bruno', 'Farid', 'David', 'Gaëlle Abandon', 'Hugo "H"; Lyon Abandon']);
    expect(column(rows, 4)).toEqual(['55', '32', '30', '18', '45', '35', '10', '10']);
    expect(column(rows, 8)).toEqual([
      'en tête',
      'départagé par les points d’armée détruits (PAD)',
      'moins de points de tournoi',
      'départagé par les points d’armée détruits (PAD)',
      'moins de points de tournoi',
      'départagé par les points d’armée détruits (PAD)',
      'départagé par les points d’armée détruits (PAD)',
      'à égalité parfaite (même rang)',
    ]);
    expect(column(rows, 0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '7']);
  });

  it('scenario: a scenario-wins column after TP decides the TP ties', () => {
    // scenario wins: Emma 2, Ana 1 (her round 2 win was an assassination), Bruno 1, Chloé 0
    renderTab(withVariants(hallEvent(), ['scenario-standings']));
    expect(nb(screen.getByText(/ordre :/).textContent)).toBe(
      'Classement au scénario — ordre\u00a0: points de tournoi (PT), puis victoires au scénario, puis puissance des adversaires (SoS), puis points de contrôle (PC).',
    );
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT', 'Vict. scénario', 'SoS', 'PC', 'PAD', 'V-N-D', 'Départage']);
    const rows = bodyRows();
    expect(rows.slice(0, 4).map((r) => [r[2], r[3], r[4], r[9]])).toEqual([
      ['Emma', '2', '2', 'en tête'],
      ['Ana', '2', '1', 'départagé par les victoires au scénario'],
      ['Bruno', '1', '1', 'moins de points de tournoi'],
      ['Chloé', '1', '0', 'départagé par les victoires au scénario'],
    ]);
    // APD is shown but is not an ordering key in this variant
    const table = screen.getByTestId('standings-table');
    expect([...table.querySelectorAll('thead th.key')].map((th) => th.textContent)).toEqual(['PT1', 'Vict. scénario2', 'SoS3', 'PC4']);
  });

  it('survival: a surviving-army-points column', () => {
    renderTab(withVariants(hallEvent(), ['survival-standings']));
    expect(headers()).toEqual(['Rang', 'N°', 'Joueur', 'PT', 'PA survivants', 'SoS', 'PC', 'PAD', 'V-N-D', 'Départage']);
  });

  it('survival: says whose surviving points are estimated because the result form left them blank', () => {
    // every game recorded with survived except Ana's round 2 and both sides of Gaëlle v Hugo
    const ev = withVariants(hallEvent(), ['survival-standings']);
    ev.rounds.forEach((r) =>
      r.pairings.forEach((p) => {
        const keep = (id: string): boolean => (id === 'p1' && r.number === 2) || id === 'p7' || id === 'p8';
        if (p.result && !keep(p.a)) p.result.a.survived = 20;
        if (p.result && !keep(p.b)) p.result.b.survived = 20;
      }),
    );
    renderTab(ev);
    expect(nb(screen.getByTestId('order-help').textContent)).toMatch(
      / Points d’armée ayant survécu estimés \(coût de la liste \+ 5 − points détruits par l’adversaire\) pour les parties sans valeur saisie\u00a0: Ana \(1\), Gaëlle \(1\), Hugo "H"; Lyon \(1\)\.$/,
    );
    cleanup();
    renderTab(withVariants(ev, ['attrition-standings']));
    expect(screen.getByTestId('order-help').textContent).not.toMatch(/estimés/);
  });

  it('final tables: the last round places the top 3, and the event ends with it', () => {
    // after R2 Player 1 leads alone, but the planned last round (3) is the final tables: no proposal yet
    const before = fourPlayers(2, { variants: ['final-tables'] });
    const { unmount } = renderTab(before);
    expect(screen.getByText(/tables de finale \(1er contre 2e/)).toBeTruthy();
    expect(screen.queryByTestId('end-check')).toBeNull();
    unmount();
    // R3 as final tables: table 1 Player 2 beats Player 1, table 2 Player 3 beats Player 4
    const ev = { ...before, rounds: [...before.rounds, round(3, [win(1, 'p2', 'p1', [1, 5], [0, 5]), win(2, 'p3', 'p4', [1, 5], [0, 5])], { finalTables: true })] };
    renderTab(ev);
    expect(column(bodyRows(), 2)).toEqual(['Player 2', 'Player 1', 'Player 3', 'Player 4']);
    expect(column(bodyRows(), 8)).toEqual(['en tête', 'placé par les tables de finale', 'placé par les tables de finale', 'placé par les tables de finale']);
    expect(nb(screen.getByText(/^Ordre :/).textContent)).toBe(
      'Ordre\u00a0: tables de finale pour les 3 premières places, puis points de tournoi (PT), puis puissance des adversaires (SoS), puis points de contrôle (PC).',
    );
    expect(within(screen.getByTestId('end-check')).getByText('Les tables de finale sont jouées : événement terminé.')).toBeTruthy();
  });
});

describe('standings tab: end of the event', () => {
  it('proposes to end when one player leads alone, and records the decision', async () => {
    const { dispatched, notify } = renderTab(fourPlayers(2));
    const panel = screen.getByTestId('end-check');
    expect(within(panel).getByText('Player 1 mène seul avec 2 PT après la ronde 2 : terminer l’événement ?')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Terminer l’événement' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Événement terminé.'));
    expect(dispatched).toEqual([{ type: 'event-updated', patch: { settings: { finished: true, finishedAfterRound: 2 } } }]);
  });

  it('« 2 listes » with no fixed rounds: the proposal names who never played a list (issue 21, 9)', () => {
    const ev = fourPlayers(2, { variants: ['lists:2'] });
    ev.players = ev.players.map((p) => ({ ...p, lists: [p.lists[0]!, { ...p.lists[0]!, caster: 'Haley' }] }));
    ev.rounds = ev.rounds.map((r) => ({
      ...r,
      pairings: r.pairings.map((p) => ({ ...p, result: { ...p.result!, a: { ...p.result!.a, listIndex: 0 }, b: { ...p.result!.b, listIndex: p.b === 'p4' ? 1 : 0 } } })),
    }));
    renderTab(ev);
    const items = within(screen.getByTestId('unused-lists'))
      .getAllByRole('listitem')
      .map((li) => li.textContent!.replace(/[\u00a0\u202f]/g, ' '));
    expect(items).toEqual([
      'Player 1 n’a jamais joué Haley : « 2 listes » demande chaque liste au moins une fois, et le tournoi s’arrête avant.',
      'Player 2 n’a jamais joué Haley : « 2 listes » demande chaque liste au moins une fois, et le tournoi s’arrête avant.',
      'Player 3 n’a jamais joué Haley : « 2 listes » demande chaque liste au moins une fois, et le tournoi s’arrête avant.',
      'Player 4 n’a jamais joué Stryker : « 2 listes » demande chaque liste au moins une fois, et le tournoi s’arrête avant.',
    ]);
  });

  it('proposes an extra round when the planned rounds are played with a tie on top', async () => {
    const ev = fourPlayers(3);
    const { dispatched, update } = renderTab(ev);
    const panel = screen.getByTestId('end-check');
    expect(within(panel).getByText('Les 3 rondes prévues sont jouées et personne ne mène seul (Player 1, Player 3 à 2 PT) : proposer une ronde supplémentaire ?')).toBeTruthy();
    expect(screen.getByText('3 rondes terminées sur 3 prévues')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Ajouter une ronde supplémentaire' }));
    await waitFor(() => expect(dispatched).toEqual([{ type: 'event-updated', patch: { settings: { extraRounds: 1 } } }]));
    // once recorded, the tab says what to do next and counts the extra round in the plan
    update({ ...ev, settings: { ...ev.settings, extraRounds: 1 } });
    expect(screen.getByText('Ronde supplémentaire décidée : appariez la ronde 4 dans l’onglet Rondes.')).toBeTruthy();
    expect(screen.getByText('3 rondes terminées sur 4 prévues')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller aux rondes' }).getAttribute('href')).toBe('#/event/ev-1/rounds');
  });

  it('says the event is over when the X rounds of the variant are played', () => {
    renderTab(fourPlayers(2, { rounds: 2 }));
    const panel = screen.getByTestId('end-check');
    expect(within(panel).getByText('Les 2 rondes du tournoi en 2 rondes sont jouées : événement terminé.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Clore l’événement' })).toBeTruthy();
  });

  it('proposes nothing while a round is running', () => {
    const ev = fourPlayers(2);
    renderTab({ ...ev, rounds: [...ev.rounds, round(3, [{ table: 1, a: 'p1', b: 'p3' }, win(2, 'p4', 'p2', [1, 1], [0, 1])])] });
    expect(screen.queryByTestId('end-check')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Classement provisoire\u00a0: ronde 3 en cours' })).toBeTruthy();
  });

  it('shows a finished event with its winner and reopens it', async () => {
    const ev = fourPlayers(2, { finished: true, finishedAfterRound: 2 });
    const { dispatched } = renderTab(ev);
    const panel = screen.getByTestId('end-check');
    expect(within(panel).getByRole('heading', { name: 'Événement terminé' })).toBeTruthy();
    expect(within(panel).getByText(/Événement terminé après la ronde 2\. Vainqueur : Player 1\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Classement final (après la ronde 2)' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Rouvrir l’événement' }));
    await waitFor(() => expect(dispatched).toEqual([{ type: 'event-updated', patch: { settings: { finished: false, finishedAfterRound: null } } }]));
  });

  it('does not propose to end on a leader who has dropped (the same end as the command line)', () => {
    // Player 1 leads alone on 2 TP but dropped after round 2: Players 2 and 3 share the lead on 1 TP
    // among those still in, and round 3 of 3 is still to play
    const ev = fourPlayers(2);
    renderTab({ ...ev, players: ev.players.map((p) => (p.id === 'p1' ? { ...p, dropped: true, droppedAfterRound: 2 } : p)) });
    expect(screen.queryByTestId('end-check')).toBeNull();
    expect(screen.getByText('2 rondes terminées sur 3 prévues')).toBeTruthy();
  });

  it('reports a failed save instead of pretending', async () => {
    const { notify, dispatch } = renderTab(fourPlayers(2));
    dispatch.mockRejectedValueOnce(new Error('disk on fire'));
    fireEvent.click(screen.getByRole('button', { name: 'Terminer l’événement' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Échec de l’enregistrement, rien n’a été modifié\u00a0: disk on fire', 'error'));
  });
});

describe('standings tab: rounds, files, print, projector link', () => {
  it('shows the standings as they stood after an earlier round', () => {
    renderTab(hallEvent());
    const select = screen.getByLabelText('Afficher') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['après la ronde 1', 'après la ronde 2']);
    expect(select.value).toBe('2');
    fireEvent.change(select, { target: { value: '1' } });
    expect(screen.getByRole('heading', { name: 'Classement après la ronde 1' })).toBeTruthy();
    // after R1: Ana 1 TP (CP 3) ahead of Chloé and Emma (1 TP, SoS 0, CP 2, APD 20: a perfect tie);
    // Bruno (SoS 1, CP 1) ahead of David and Farid (SoS 1, CP 0, APD 15: tied); Gaëlle = Hugo (SoS 0)
    expect(bodyRows().map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      ['1', 'Ana', '1', '0', '3', '30'],
      ['2', 'Chloé', '1', '0', '2', '20'],
      ['2', 'Emma', '1', '0', '2', '20'],
      ['4', 'Bruno', '0', '1', '1', '10'],
      ['5', 'David', '0', '1', '0', '15'],
      ['5', 'Farid', '0', '1', '0', '15'],
      ['7', 'Gaëlle Abandon', '0', '0', '1', '10'],
      ['7', 'Hugo "H"; Lyon Abandon', '0', '0', '1', '10'],
    ]);
  });

  it('offers the running round as provisional standings next to the completed ones', () => {
    const ev = hallEvent();
    renderTab({ ...ev, rounds: [...ev.rounds, round(3, [win(1, 'p5', 'p1', [2, 2], [0, 2]), { table: 2, a: 'p2', b: 'p3' }, { table: 3, a: 'p4', b: 'p6' }])] });
    const select = screen.getByLabelText('Afficher') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['après la ronde 1', 'après la ronde 2', 'provisoire (ronde 3 en cours)']);
    expect(select.value).toBe('3');
    expect(column(bodyRows(), 2).slice(0, 2)).toEqual(['Emma', 'Ana']);
    fireEvent.change(select, { target: { value: '2' } });
    expect(column(bodyRows(), 2).slice(0, 2)).toEqual(['Ana', 'Emma']);
  });

  it('exports the standings shown as a French-Excel CSV', () => {
    const { notify } = renderTab(hallEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads).toHaveLength(1);
    const [file] = downloads;
    expect(file!.filename).toBe('winter-steamroller-2026-12-05-classement-ronde-2.csv');
    expect(file!.type).toBe('text/csv;charset=utf-8');
    expect(file!.text).toBe(
      '\uFEFF' +
        [
          'Rang;N°;Joueur;Club;Faction;PT;SoS;PC;PAD;Victoires;Nuls;Défaites;Abandon',
          '1;1;Ana;Lyon;Cygnar;2;2;7;55;2;0;0;',
          '2;5;Emma;Lyon;Cygnar;2;0;3;32;2;0;0;',
          '3;3;Chloé;Lyon;Cygnar;1;2;4;30;1;0;1;',
          '4;2;Bruno;Paris;Cygnar;1;2;2;18;1;0;1;',
          '5;6;Farid;Paris;Cygnar;0;3;1;45;0;0;2;',
          '6;4;David;Paris;Cygnar;0;3;1;35;0;0;2;',
          '7;7;Gaëlle;Lyon;Cygnar;0;0;1;10;0;1;0;oui',
          '7;8;"Hugo ""H""; Lyon";Paris;Cygnar;0;0;1;10;0;1;0;oui',
        ].join('\r\n') +
        '\r\n',
    );
    expect(notify).toHaveBeenCalledWith('Fichier «\u00a0winter-steamroller-2026-12-05-classement-ronde-2.csv\u00a0» enregistré.');
  });

  it('exports the round selected, with the variant columns, in English', () => {
    renderTab(withVariants(hallEvent(), ['attrition-standings']), 'en');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'CSV export' }));
    const lines = downloads[0]!.text.replace('\uFEFF', '').split('\r\n');
    expect(downloads[0]!.filename).toBe('winter-steamroller-2026-12-05-standings-round-1.csv');
    expect(lines[0]).toBe('Rank;No.;Player;Club;Faction;TP;APD;SoS;CP;Wins;Draws;Losses;Dropped');
    // after R1 by attrition: Ana 30 APD, then Chloé = Emma (20 APD, SoS 0, CP 2)
    expect(lines.slice(1, 4)).toEqual(['1;1;Ana;Lyon;Cygnar;1;30;0;3;1;0;0;', '2;3;Chloé;Lyon;Cygnar;1;20;0;2;1;0;0;', '2;5;Emma;Lyon;Cygnar;1;20;0;2;1;0;0;']);
    expect(lines).toHaveLength(10); // header, 8 players, and the final line break
  });

  it('keeps a name a spreadsheet would read as a formula as text', () => {
    const ev = makeEvent({
      settings: { points: 50, variants: [], rounds: null },
      players: [makePlayer(1, { name: '=HYPERLINK("x")' }), makePlayer(2)],
      rounds: [round(1, [win(1, 'p1', 'p2', [1, 1], [0, 0])])],
    });
    const rows = [
      {
        rank: 1,
        id: 'p1',
        name: '=HYPERLINK("x")',
        number: 1,
        tp: 1,
        sos: 0,
        cp: 1,
        apd: 1,
        wins: 1,
        draws: 0,
        losses: 0,
        scenarioWins: 1,
        assassinationWins: 0,
        byes: 0,
        dropped: false,
        opponents: ['p2'],
        decidedBy: null,
      },
    ];
    expect(standingsCsv(ev, rows, translator('fr')).split('\r\n')[1]).toBe(`1;1;"'=HYPERLINK(""x"")";1;0;1;1;1;0;0;`);
  });

  it('prints and links the projector view', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderTab(hallEvent());
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Projecteur' }).getAttribute('href')).toBe('#/event/ev-1/projector/standings');
    // the controls are screen-only; the heading, order line and table print
    expect(screen.getByRole('button', { name: 'Imprimer' }).closest('.no-print')).toBeTruthy();
    expect(screen.getByTestId('standings-table').closest('.no-print')).toBeNull();
  });

  it('has an empty state before any result', () => {
    const ev = hallEvent();
    const { unmount } = renderTab({ ...ev, rounds: [] });
    expect(screen.getByText('Aucune ronde jouée pour l’instant : le classement apparaîtra dès les premiers résultats.')).toBeTruthy();
    expect(screen.queryByTestId('standings-table')).toBeNull();
    unmount();
    renderTab({ ...ev, rounds: [round(1, [{ table: 1, a: 'p1', b: 'p2' }])] });
    expect(screen.getByText(/Aucune ronde jouée/)).toBeTruthy();
  });
});

describe('standings projector', () => {
  const renderProjector = (event: EventFile, lang: Lang = 'fr') => render(providers(lang, vi.fn(), <StandingsProjector eventId="ev-1" event={event} />));

  it('shows the event, the round and the rows in order with the top columns', () => {
    renderProjector(hallEvent());
    expect(screen.getByRole('heading', { name: 'Winter Steamroller' })).toBeTruthy();
    expect(screen.getByText('Classement après la ronde 2')).toBeTruthy();
    const table = screen.getByTestId('projector-table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Rang', 'Joueur', 'PT', 'SoS', 'PC', 'PAD', 'V-N-D']);
    expect(bodyRows(table)).toEqual([
      ['1', 'Ana', '2', '2', '7', '55', '2-0-0'],
      ['2', 'Emma', '2', '0', '3', '32', '2-0-0'],
      ['3', 'Chloé', '1', '2', '4', '30', '1-0-1'],
      ['4', 'Bruno', '1', '2', '2', '18', '1-0-1'],
      ['5', 'Farid', '0', '3', '1', '45', '0-0-2'],
      ['6', 'David', '0', '3', '1', '35', '0-0-2'],
      ['7', 'Gaëlle Abandon', '0', '0', '1', '10', '0-1-0'],
      ['7', 'Hugo "H"; Lyon Abandon', '0', '0', '1', '10', '0-1-0'],
    ]);
  });

  it('keeps the last completed round on screen while the next one is played', () => {
    const ev = hallEvent();
    renderProjector({ ...ev, rounds: [...ev.rounds, round(3, [win(1, 'p5', 'p1', [2, 2], [0, 2]), { table: 2, a: 'p2', b: 'p3' }])] });
    expect(screen.getByText('Classement après la ronde 2')).toBeTruthy();
    expect(screen.getByText('Ronde 3 en cours')).toBeTruthy();
    expect(column(bodyRows(screen.getByTestId('projector-table')), 1).slice(0, 2)).toEqual(['Ana', 'Emma']);
  });

  it('titles the final standings and follows the variant columns', () => {
    renderProjector(withVariants({ ...hallEvent(), settings: { ...hallEvent().settings, finished: true } }, ['attrition-standings']), 'en');
    expect(screen.getByText('Final standings')).toBeTruthy();
    const table = screen.getByTestId('projector-table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Rank', 'Player', 'TP', 'APD', 'SoS', 'CP', 'W-D-L']);
  });

  it('waits for the first round', () => {
    renderProjector({ ...hallEvent(), rounds: [] });
    expect(screen.getByText('Le classement sera affiché après la première ronde.')).toBeTruthy();
  });
});

describe('standings in the app', () => {
  it('ends the event for real, then reopens it', async () => {
    const { db } = await renderApp();
    const { meta } = await createEvent(db, fourPlayers(2), { deviceId: 'd' });
    location.hash = `#/event/${meta.id}/standings`;
    // the whole app loads the event from IndexedDB first: a loaded machine must not fail the test
    fireEvent.click(await screen.findByRole('button', { name: 'Terminer l’événement' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: 'Événement terminé' }, { timeout: 10_000 });
    expect((await loadEvent(db, meta.id)).event.settings).toMatchObject({ finished: true, finishedAfterRound: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Rouvrir l’événement' }));
    await screen.findByText('Player 1 mène seul avec 2 PT après la ronde 2 : terminer l’événement ?');
    expect((await loadEvent(db, meta.id)).event.settings).toMatchObject({ finished: false });
  });
});
