// @vitest-environment jsdom
// The rounds tab for the systems other than SR2011: pairing through the worker's systemFor(),
// every refusal in words, knockout stages and byes, results through the generic form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { swapInRound, type EventFile, type GameResult, type Pairing } from '../../src/domain/event-file';
import { pairingWarningsOf, systemFor } from '../../src/domain/systems';
import { api } from '../../src/worker/api';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeLargeEvent, makePlayer } from '../fixtures/events';
import { renderTab } from './render-app';
import { knockoutEvent, lotrGame, systemEvent } from './systems-fixtures';

afterEach(cleanup);

const pairButton = (n: number) => screen.findByRole('button', { name: `Apparier la ronde ${n}` });
const tableRows = () => within(screen.getByTestId('pairings-table')).getAllByRole('row').slice(1);

describe('rounds: knockout (Rackham 200-PA challenge)', () => {
  it('pairs the quarter-finals of six players with two byes, in words, with the challenge clock and without the SR2011 scenario panel', async () => {
    const event = systemEvent('confrontation-rackham', 200, 6);
    const { notes, current } = await renderTab(Rounds, { ...event, settings: { ...event.settings, seeding: 'organizer' } });
    fireEvent.click(await pairButton(1));
    await screen.findByTestId('pairings-table');
    await waitFor(() => expect(notes).toContain('Ronde 1 (Quart de finale) appariée\u00a0: 2 tables. 2 qualifiés d’office\u00a0: Joueur 1, Joueur 2.'));
    expect(screen.getByRole('button', { name: 'Ronde 1 · Quart de finale' })).toBeTruthy();
    expect(screen.getByTestId('round-stage').textContent).toBe('Ronde 1 · Quart de finale');
    expect(tableRows().map((r) => r.textContent)).toEqual([
      '1Joueur 4 ParisJoueur 5 Lyonen attenteSaisir',
      '2Joueur 3 LyonJoueur 6 Parisen attenteSaisir',
      '—Qualifié d’office\u00a0: Joueur 1',
      '—Qualifié d’office\u00a0: Joueur 2',
    ]);
    // the challenge's own clock, no scenario roll, no swap: the bracket is read back from the file
    expect(screen.getByText(/la limite de temps se lit à la ligne « 6 − dé »/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Démarrer la ronde' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Tirer au sort/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Échanger deux joueurs' })).toBeNull();
    expect((await current()).rounds[0]).toMatchObject({ stage: 'quarter-final', byes: ['p1', 'p2'], seeding: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] });
  });

  it('takes a knockout result through the generic form and shows who goes through', async () => {
    const { current, notes } = await renderTab(Rounds, knockoutEvent(6, 1, true));
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.startsWith('1Joueur 4'))!;
    fireEvent.click(within(row).getByRole('button', { name: 'Saisir' }));
    await screen.findByRole('heading', { name: 'Saisir le résultat' });
    expect(screen.getByText('Ronde 1 · table 1 · Quart de finale')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Joueur 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    await waitFor(() => expect(notes).toContain('Résultat enregistré\u00a0: table 1.'));
    expect((await current()).rounds[0]!.pairings[0]!.result).toEqual({ winner: 'p5', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } });
    expect(tableRows()[0]!.textContent).toContain('Joueur 5 passe');
  });

  it('refuses to pair past a game recorded as a draw', async () => {
    const event = knockoutEvent(4, 1);
    const drawn: GameResult = { winner: null, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } };
    event.rounds[0]!.pairings[1]!.result = drawn;
    const { notes } = await renderTab(Rounds, event);
    fireEvent.click(await pairButton(2));
    await waitFor(() => expect(notes).toContain('Ronde 1\u00a0: une partie à élimination directe doit avoir un vainqueur, or la table 2 est notée nulle. Corrigez le résultat.'));
  });

  it('names the champion when the final is played, before any tap (issue 21, 18)', async () => {
    await renderTab(Rounds, knockoutEvent(6, 3));
    expect((await pairButton(4)).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('pair-blocked').textContent).toBe('La finale est jouée\u00a0: Joueur 1 remporte l’événement.');
    expect(screen.getByTestId('round-guide').getAttribute('data-step')).toBe('finished');
    expect(screen.getByTestId('round-guide').textContent).not.toContain('apparier la ronde 4');
  });

  it('says when the recorded games do not follow the bracket', async () => {
    const event = knockoutEvent(4, 2);
    // the final recorded between the two losers of the semi-finals
    event.rounds[1]!.pairings = [{ table: 1, a: 'p3', b: 'p4', result: { winner: 'p3', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } }];
    const { notes } = await renderTab(Rounds, event);
    fireEvent.click(await pairButton(3));
    await waitFor(() =>
      expect(notes).toContain(
        'Les parties enregistrées ne suivent pas le tableau à élimination directe\u00a0: supprimez ou corrigez la dernière ronde (Exporter puis valider le fichier nomme la partie en cause).',
      ),
    );
  });
});

/** A LotR round robin of `players`, `rounds` rounds paired through the domain, side A winning 2-1. */
function roundRobin(players: number, rounds: number): EventFile {
  let event = systemEvent('lotr-sbg', 500, players);
  event = { ...event, settings: { ...event.settings, pairing: 'round-robin' } };
  for (let r = 1; r <= rounds; r++) {
    const out = systemFor('lotr-sbg').pairNextRound(event, { seed: 3 });
    if (!out.ok) throw new Error(out.reason);
    event = { ...event, rounds: [...event.rounds, { ...out.round, pairings: out.round.pairings.map((p) => lotrGame(p.table, p.a, p.b, [2, 1])) }] };
  }
  return event;
}

describe('rounds: round robin (LotR)', () => {
  it('stops once everyone has met everyone, and says so before any tap', async () => {
    await renderTab(Rounds, roundRobin(4, 3));
    expect((await pairButton(4)).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('pair-blocked').textContent).toBe('Les 3 rondes du toutes-rondes sont jouées\u00a0: l’événement est terminé.');
  });

  it('warns about a player registered after the circle was drawn', async () => {
    const event = roundRobin(4, 1);
    event.players.push(makePlayer(5, { name: 'Joueur 5', lists: [] }));
    const { notes } = await renderTab(Rounds, event);
    fireEvent.click(await pairButton(2));
    await waitFor(() => expect(notes).toContain('Ronde 2 appariée\u00a0: 2 tables. Sans place au calendrier (inscrit après la ronde 1)\u00a0: Joueur 5.'));
  });

  it('shows each table’s result and the players’ points', async () => {
    await renderTab(Rounds, roundRobin(4, 1));
    await screen.findByTestId('pairings-table');
    expect(tableRows()[0]!.textContent).toMatch(/^1Joueur \d 0 pt(Lyon|Paris)Joueur \d 0 pt(Lyon|Paris)Joueur \d gagne · 2–1Corriger$/);
  });
});

describe('rounds: Swiss (CDR)', () => {
  it('pairs five players with a bye worth the narrowest win, then shows VP and TP of a result', async () => {
    const { current } = await renderTab(Rounds, systemEvent('confrontation-cdr', 400, 5));
    fireEvent.click(await pairButton(1));
    await screen.findByTestId('pairings-table');
    const bye = (await current()).rounds[0]!.bye!;
    expect(tableRows()[2]!.textContent).toBe(`—Exempt\u00a0: Joueur ${bye.slice(1)} (6 PT)`);
    fireEvent.click(within(tableRows()[0]!).getByRole('button', { name: 'Saisir' }));
    await screen.findByRole('heading', { name: 'Saisir le résultat' });
    const groups = screen.getAllByRole('group').filter((g) => g.tagName === 'FIELDSET');
    fireEvent.click(within(groups[0]!).getByRole('radio', { name: '2' }));
    fireEvent.click(within(groups[1]!).getByRole('radio', { name: '1' }));
    for (const g of groups) fireEvent.input(within(g).getByRole('textbox', { name: /Pertes adverses/ }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    await waitFor(() => expect(tableRows()[0]!.textContent).toMatch(/gagne · 2–1 PV · 7–3 PT/));
    expect((await current()).rounds[0]!.pairings[0]!.result).toMatchObject({ a: { vp: 2, tp: 7, goalAverage: 0 }, b: { vp: 1, tp: 3, goalAverage: 0 } });
  });
});

/**
 * A LotR Swiss event after three rounds, round 4 paired and not started. Points (3/2/1.5/1/0):
 * p1 2+2+0 = 4 (two wins), p2 1+1+2 = 4, p3 1.5+1.5+1 = 4 (no win), p4 1.5+2+2 = 5.5, p5 2+1+1 = 4,
 * p6 1+1.5+3 = 5.5. Round 4: p4-p6, p1-p2 (met in round 1), p3-p5.
 */
function lotrSwissRound4(): EventFile {
  const event = systemEvent('lotr-sbg', 500, 6);
  const round = (number: number, pairings: EventFile['rounds'][number]['pairings']) => ({ number, bye: null, pairings });
  return {
    ...event,
    rounds: [
      round(1, [lotrGame(1, 'p1', 'p2', [2, 1]), lotrGame(2, 'p3', 'p4', [1.5, 1.5]), lotrGame(3, 'p5', 'p6', [2, 1])]),
      round(2, [lotrGame(1, 'p1', 'p5', [2, 1]), lotrGame(2, 'p3', 'p6', [1.5, 1.5]), lotrGame(3, 'p2', 'p4', [1, 2])]),
      round(3, [lotrGame(1, 'p1', 'p6', [0, 3]), lotrGame(2, 'p3', 'p2', [1, 2]), lotrGame(3, 'p4', 'p5', [2, 1])]),
      round(4, [
        { table: 1, a: 'p4', b: 'p6' },
        { table: 2, a: 'p1', b: 'p2' },
        { table: 3, a: 'p3', b: 'p5' },
      ]),
    ],
  };
}

describe('rounds: a swap warns by the event system’s own rules (issue 22)', () => {
  const swap = async (x: string, y: string) => {
    fireEvent.click(await screen.findByRole('button', { name: 'Échanger deux joueurs' }));
    const cell = (name: string) => within(screen.getByTestId('pairings-table')).getByRole('button', { name: new RegExp(`^${name} `) });
    fireEvent.click(cell(x));
    fireEvent.click(cell(y));
    return (await screen.findByRole('dialog', { hidden: true })).textContent ?? '';
  };

  it('LotR Swiss: two players on 4 points meet with no warning, though SR2011 would count two wins against none', async () => {
    await renderTab(Rounds, lotrSwissRound4());
    // p1-p3 (4 and 4 points), p2-p5 (4 and 4): every table inside its points group, no rematch
    const text = await swap('Joueur 2', 'Joueur 3');
    expect(text).toContain('Aucune revanche ni écart de points.');
    expect(text).not.toMatch(/PT d'écart/);
  });

  it('LotR Swiss: players taken out of their points group are said in LotR points', async () => {
    await renderTab(Rounds, lotrSwissRound4());
    // p4 (5.5) - p1 (4), p6 (5.5) - p2 (4), p3-p5: p4-p6, p1-p3, p2-p5 were first meetings in their groups
    const text = await swap('Joueur 6', 'Joueur 1');
    expect(text).toContain('table 1 : Joueur 4 sort de son groupe de points contre Joueur 1 alors que Joueur 6, jamais rencontré, pouvait le jouer sans revanche');
    expect(text).not.toMatch(/revanche ni|déjà rencontrés/);
  });
});

describe('rounds: a large event’s swap warnings come from the engine worker (issue 23)', () => {
  it('600 players: the worker reads the stored event and words the same warnings the rules give', async () => {
    const event = makeLargeEvent(600, 3);
    // round 3 paired, not started: its results gone
    event.rounds[2] = { ...event.rounds[2]!, pairings: event.rounds[2]!.pairings.map(({ result: _r, ...p }) => p) };
    const [t1, t2] = event.rounds[2]!.pairings as [Pairing, Pairing];
    const expected = pairingWarningsOf(event, swapInRound(event.rounds[2]!, t1.b, t2.a));
    const inWorker = vi.spyOn(api, 'swapWarningsOf');
    const { eventId } = await renderTab(Rounds, event);
    const nameOf = (id: string) => event.players.find((p) => p.id === id)!.name;
    fireEvent.click(await screen.findByRole('button', { name: 'Échanger deux joueurs' }));
    const cell = (name: string) => within(screen.getByTestId('pairings-table')).getByRole('button', { name: new RegExp(`^${name} `) });
    fireEvent.click(await waitFor(() => cell(nameOf(t1.b))));
    fireEvent.click(await waitFor(() => cell(nameOf(t2.a))));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(inWorker).toHaveBeenCalledTimes(1);
    expect(inWorker.mock.calls[0]![0]).toMatchObject({ eventId, round: 3, a: t1.b, b: t2.a });
    expect(await inWorker.mock.results[0]!.value).toEqual(expected);
    // the fixture's rounds are a rotation, not a Swiss draw: the swap breaks its points order somewhere
    const atTable = expected.find((w) => w.table !== null)!;
    expect(dialog.textContent).toMatch(new RegExp(`table ${atTable.table}\\s:`));
    expect(dialog.textContent).not.toContain('Aucune revanche ni écart de points.');
    inWorker.mockRestore();
  });
});
