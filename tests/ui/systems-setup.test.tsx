// @vitest-environment jsdom
// Setting up an event of the systems other than SR2011: the size each system starts with, the
// format tab (Rackham seeding and its order, LotR pairing, bye points, the standings order in
// words) and the players' lists checked by the system's own rules (or no lists at all, LotR).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { createEvent, listEvents, loadEvent } from '../../src/store/events';
import { EventSettings } from '../../src/ui/screens/event/EventSettings';
import { renderApp, renderTab } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

describe('creating an event of each system', () => {
  async function openCreate() {
    const r = await renderApp();
    await screen.findByText(/Aucun événement pour l’instant/);
    fireEvent.click(screen.getByRole('button', { name: /Nouvel événement/ }));
    type(screen.getByLabelText('Nom de l’événement'), 'Coupe');
    return r;
  }
  const pickSystem = (value: string) => fireEvent.change(screen.getByLabelText('Système de jeu'), { target: { value } });

  it('starts a Rackham event at the 200-PA challenge, with 500 points as the other choice', async () => {
    const { db } = await openCreate();
    pickSystem('confrontation-rackham');
    const format = screen.getByRole('radiogroup', { name: 'Format du tournoi' });
    expect((within(format).getByRole('radio', { name: 'Défi à 200 PA (élimination directe)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(format).getByRole('radio', { name: 'Parties à 500 points (classement aux points)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/event\/ev-/));
    const [meta] = await listEvents(db);
    expect((await loadEvent(db, meta!.id)).event).toMatchObject({ system: 'confrontation-rackham', settings: { points: 500 } });
  });

  it('asks the size of a CDR or LotR event: the rules give none', async () => {
    const { db } = await openCreate();
    pickSystem('confrontation-cdr');
    const size = screen.getByLabelText(/Taille des armées \(points\)/) as HTMLInputElement;
    expect(size.value).toBe('');
    expect(screen.getByText('Pas de taille par défaut pour ce jeu : indiquez celle de votre événement.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Indiquez la taille des armées (en points).');
    pickSystem('lotr-sbg');
    type(screen.getByLabelText(/Taille des armées \(points\)/), '600');
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/event\/ev-/));
    const [meta] = await listEvents(db);
    expect((await loadEvent(db, meta!.id)).event).toMatchObject({ system: 'lotr-sbg', settings: { points: 600 } });
  });

  it('keeps SR2011 at 50 points', async () => {
    const { db } = await openCreate();
    expect((screen.getByLabelText('Format (points)') as HTMLInputElement).value).toBe('50');
    pickSystem('lotr-sbg');
    pickSystem('sr2011');
    expect((screen.getByLabelText('Format (points)') as HTMLInputElement).value).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/event\/ev-/));
    expect((await listEvents(db))[0]).toMatchObject({ system: 'sr2011' });
  });
});

describe('format tab per system', () => {
  it('Rackham challenge: the organizer seeds the bracket with the order editor', async () => {
    const { current, notes } = await renderTab(EventSettings, systemEvent('confrontation-rackham', 200, 4));
    expect((await screen.findByTestId('order-help')).textContent).toBe(
      'Élimination directe\u00a0: le vainqueur de la finale est champion\u202f; les autres sont classés par ronde atteinte.',
    );
    expect(screen.getByTestId('rounds-line').textContent).toBe('2 rondes pour 4 joueurs (tableau à élimination directe).');
    expect(screen.queryByText('Valeur d’une exemption')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Ordre choisi par l’organisateur' }));
    const order = () =>
      within(screen.getByTestId('seed-order'))
        .getAllByText(/^Joueur/)
        .map((e) => e.textContent);
    expect(order()).toEqual(['Joueur 1', 'Joueur 2', 'Joueur 3', 'Joueur 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Monter Joueur 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Monter Joueur 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Descendre Joueur 1' }));
    expect(order()).toEqual(['Joueur 4', 'Joueur 1', 'Joueur 2', 'Joueur 3']);
    expect((screen.getByRole('button', { name: 'Monter Joueur 4' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Descendre Joueur 3' }) as HTMLButtonElement).disabled).toBe(true);
    // the moved player keeps the focus, so a second tap moves them again
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Descendre Joueur 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(() => expect(notes).toContain('Format enregistré.'));
    expect((await current()).settings).toMatchObject({ seeding: 'organizer', seedOrder: ['p4', 'p1', 'p2', 'p3'] });
  });

  it('Rackham: switching to 500 points turns the event into a Swiss points event with bye points', async () => {
    const { current } = await renderTab(EventSettings, systemEvent('confrontation-rackham', 200, 4));
    fireEvent.click(await screen.findByRole('radio', { name: 'Parties à 500 points (classement aux points)' }));
    expect((await screen.findByTestId('order-help')).textContent).toBe(
      'Points (victoire 1, nul ½, défaite 0), puis total des parties (PA des figurines ennemies tuées + bonus de 20).',
    );
    expect(screen.getByText('Laissez vide pour la valeur des règles : 1 pt.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.points).toBe(500));
  });

  it('LotR: Swiss or round robin, and a bye value that must be a number', async () => {
    const { current, notes } = await renderTab(EventSettings, systemEvent('lotr-sbg', 500, 5));
    expect((await screen.findByTestId('order-help')).textContent).toBe(
      'Points (victoire totale 3-0, victoire aux points 2-1, nul parfait 1,5-1,5), puis résultats entre ex aequo (seulement si tous se sont rencontrés), puis solde de figurines cumulé, puis éliminations cumulées, puis duel (vainqueur noté par l’organisateur), puis numéro d’inscription.',
    );
    expect((screen.getByRole('radio', { name: 'Ronde suisse aux points (par défaut)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Toutes rondes\u00a0: chacun rencontre chacun (petits groupes)' }));
    expect(screen.getByTestId('rounds-line').textContent).toBe('5 rondes pour 5 joueurs (toutes rondes).');
    const bye = screen.getByLabelText('Valeur d’une exemption') as HTMLInputElement;
    expect(bye.placeholder).toBe('2');
    type(bye, 'deux');
    expect(within(screen.getByRole('alert', { name: 'Problèmes du format' })).getByText('settings.byePoints : doit être un nombre positif ou nul')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(() => expect(notes).toContain('Corrigez les problèmes signalés avant d’enregistrer.'));
    type(bye, '1,5');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings).toMatchObject({ pairing: 'round-robin', byePoints: 1.5 }));
  });

  it('CDR: the order of the standings in words, a size and a number of rounds', async () => {
    const { current } = await renderTab(EventSettings, systemEvent('confrontation-cdr', 400, 6));
    expect((await screen.findByTestId('order-help')).textContent).toBe('PT puis goal-average (pertes ennemies − pertes subies + bonus, bonus plafonné à 100 PA).');
    type(screen.getByLabelText('Taille des armées (points)'), '300');
    fireEvent.click(screen.getByRole('radio', { name: 'Nombre fixé à l’avance' }));
    type(screen.getByLabelText('Rondes'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings).toMatchObject({ points: 300, rounds: 3 }));
  });

  it('gives SR2011 its timing, variants and description on the same format tab, no bye value', async () => {
    await renderTab(EventSettings, systemEvent('sr2011', 50, 2));
    expect(await screen.findByTestId('description-line')).toBeTruthy();
    expect(screen.getByTestId('timing-line')).toBeTruthy();
    expect((await screen.findByTestId('order-help')).textContent).toBe(
      'Ordre\u00a0: points de tournoi (PT), puis puissance des adversaires (SoS), puis points de contrôle (PC), puis points d’armée détruits (PAD).',
    );
    expect(screen.queryByLabelText('Valeur d’une exemption')).toBeNull();
    // the other systems get none of SR2011's parts
    cleanup();
    await renderTab(EventSettings, systemEvent('lotr-sbg', 500, 2));
    await screen.findByTestId('order-help');
    expect(screen.queryByTestId('description-line')).toBeNull();
    expect(screen.queryByTestId('timing-line')).toBeNull();
  });
});

describe('players and lists per system', () => {
  async function openPlayers(event: EventFile) {
    const { db } = await renderApp();
    const { meta } = await createEvent(db, event, { deviceId: 'd' });
    location.hash = `#/event/${meta.id}/players`;
    await screen.findByTestId('players-table');
    return { stored: async (id: string) => (await loadEvent(db, meta.id)).event.players.find((p) => p.id === id)! };
  }
  const list = (n: number) => within(screen.getByRole('group', { name: `Liste ${n}` }));
  const model = (n: number, name: string, cost: string, champion = false) => {
    type(list(1).getAllByLabelText(`Figurine ${n}`)[0]!, name);
    type(list(1).getByLabelText(`PA de la figurine ${n}`), cost);
    if (champion) fireEvent.click(list(1).getByRole('checkbox', { name: `Figurine ${n}\u00a0: champion` }));
  };

  it('LotR has no list rules: no lists column and no lists editor', async () => {
    await openPlayers(systemEvent('lotr-sbg', 500, 2));
    expect(within(screen.getByTestId('players-table')).queryByRole('columnheader', { name: 'Listes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Listes de Joueur 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Imprimer toutes les feuilles|feuilles/ })).toBeNull();
  });

  it('Rackham challenge: models with PA and champions, the overage rule in words, saved once it fits', async () => {
    const { stored } = await openPlayers(systemEvent('confrontation-rackham', 200, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Joueur 1' }));
    await screen.findByRole('heading', { name: 'Listes de Joueur 1 (n° 1)' });
    expect(screen.getByTestId('list-rule').textContent).toBe(
      '200 PA par partie\u202f; une seule figurine peut faire dépasser, d’au plus la moitié des PA de la figurine la moins chère.',
    );
    type(list(1).getByLabelText('Peuple / nom de la liste'), 'Griffons');
    model(1, 'Inquisiteur', '150', true);
    model(2, 'Fusilier', '40');
    model(3, 'Arbalétrier', '30');
    expect(screen.getByTestId('points-1').textContent).toBe('Total\u00a0: 220 PA · au plus 215 PA (200 + la moitié des 30 PA de la figurine la moins chère)');
    expect(screen.getByText('liste 1 : 220 PA ; au plus 215 (200 + la moitié des 30 PA de la figurine la moins chère)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Listes non enregistrées\u00a0: corrigez les problèmes signalés.');
    type(list(1).getByLabelText('PA de la figurine 3'), '20');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByTestId('players-table');
    expect((await stored('p1')).lists).toEqual([
      {
        caster: 'Griffons',
        themeForce: null,
        tier: null,
        bonus: 0,
        models: [
          { name: 'Inquisiteur', cost: 150, champion: true },
          { name: 'Fusilier', cost: 40 },
          { name: 'Arbalétrier', cost: 20 },
        ],
      },
    ]);
    expect(within(screen.getByTestId('player-1')).getByText('Griffons')).toBeTruthy();
  });

  it('Rackham 500: the 500-point cap', async () => {
    await openPlayers(systemEvent('confrontation-rackham', 500, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Joueur 1' }));
    await screen.findByRole('heading', { name: 'Listes de Joueur 1 (n° 1)' });
    model(1, 'Dragon', '380');
    model(2, 'Garde', '130');
    expect(screen.getByTestId('points-1').textContent).toBe('Total\u00a0: 510 / 500 PA');
    expect(screen.getByText('liste 1 : 510 points, plafond 500')).toBeTruthy();
  });

  it('CDR: the commander, the most expensive champion, must be on the first line', async () => {
    const { stored } = await openPlayers(systemEvent('confrontation-cdr', 300, 2));
    fireEvent.click(screen.getByRole('button', { name: 'Listes de Joueur 1' }));
    await screen.findByRole('heading', { name: 'Listes de Joueur 1 (n° 1)' });
    model(1, 'Sergent', '40', true);
    model(2, 'Capitaine', '90', true);
    expect(screen.getByTestId('points-1').textContent).toBe('Total\u00a0: 130 / 300 PA · Commandeur\u00a0: Capitaine');
    expect(screen.getByText('liste 1 : le commandeur (Capitaine) doit être en première ligne')).toBeTruthy();
    // move the captain up: remove the sergeant and type him again after
    fireEvent.click(list(1).getByRole('button', { name: 'Retirer la figurine 1' }));
    model(2, 'Sergent', '40', true);
    expect(screen.queryByText(/doit être en première ligne/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByTestId('players-table');
    // no list name typed: the format wants one, the list is named after its number
    expect((await stored('p1')).lists[0]).toMatchObject({
      caster: 'Liste 1',
      models: [
        { name: 'Capitaine', champion: true },
        { name: 'Sergent', champion: true },
      ],
    });
  });
});
