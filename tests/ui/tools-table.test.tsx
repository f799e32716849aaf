// @vitest-environment jsdom
// The table tools from the table home (opened in place, no route), a friendly challenge game, and
// the LotR result wizard at the end of a LotR table game, through to the hand-over code.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { decodeResultCode, ticketId } from '../../src/domain/handoff';
import { I18nContext, translator } from '../../src/i18n';
import { openEventDb } from '../../src/store/db';
import { getTableGame, openTableGame } from '../../src/store/table-games';
import { TableHome } from '../../src/ui/screens/table/TableHome';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { TableGameScreen } from '../../src/ui/screens/table/TableScreens';
import { ServicesContext, type Services } from '../../src/ui/services';
import { makeEvent, makePlayer } from '../fixtures/events';
import { directEngine } from './render-app';
import { deName } from '../../src/i18n/typography';

afterEach(cleanup);

const MIN = 60_000;
const START = Date.UTC(2026, 11, 5, 9, 0);

async function services(clock = { now: START }): Promise<Services> {
  const db = await openEventDb({}, `tools-${Math.random()}`);
  return { db, deviceId: 'dev-table', engine: directEngine, now: () => clock.now, notify: () => undefined };
}

function mount(s: Services, node: preact.ComponentChild) {
  return render(
    <ServicesContext.Provider value={s}>
      <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>{node}</I18nContext.Provider>
    </ServicesContext.Provider>,
  );
}

const click = (name: string | RegExp): void => void fireEvent.click(screen.getByRole('button', { name }));
const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));

describe('table home: the tools', () => {
  it('opens each tool in place and comes back to the home', async () => {
    mount(await services(), <TableHome />);
    const tools = within(screen.getByRole('region', { name: 'Outils de table' }));
    const names = tools.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual([
      'Calculateur d’objectifs (Confrontation)',
      'Carte de référence (Confrontation)',
      'Défi à 200 PA (Confrontation)',
      'Mise en place (Seigneur des Anneaux)',
    ]);
    const titles = ['Calculateur d’objectifs', 'Carte de référence · Confrontation (tournoi)', 'Défi à 200 PA (Confrontation)', 'Mise en place · Seigneur des Anneaux'];
    for (const [i, name] of names.entries()) {
      click(name!);
      expect(screen.getByRole('heading', { level: 2, name: titles[i] })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Pendule de table' })).toBeNull();
      click('← Outils');
      expect(screen.getByRole('heading', { level: 1, name: 'Pendule de table' })).toBeTruthy();
    }
    expect(location.hash).toBe('');
  });

  it('plays a friendly challenge game with cards typed at the table', async () => {
    mount(await services(), <TableHome />);
    click('Défi à 200 PA (Confrontation)');
    fireEvent.input(screen.getByRole('textbox', { name: 'Nom du joueur 1' }), { target: { value: 'Ana' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Nom du joueur 2' }), { target: { value: 'Bruno' } });
    click('Commencer');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Ou le dé lancé à la table (un 6 se relance)' })).getByRole('radio', { name: '3' }));
    click('Suivant');
    for (const [side, who, cards] of [
      [
        'a',
        'Ana',
        [
          ['Sessair', '60'],
          ['Druide', '35'],
        ],
      ],
      [
        'b',
        'Bruno',
        [
          ['Ragnok', '70'],
          ['Croc', '34'],
        ],
      ],
    ] as const) {
      const hand = within(screen.getByTestId(`hand-${side}`));
      for (const [card, cost] of cards) {
        fireEvent.input(hand.getByRole('textbox', { name: `Carte ${deName(who)}` }), { target: { value: card } });
        fireEvent.input(hand.getByRole('textbox', { name: `PA de la carte ${deName(who)}` }), { target: { value: cost } });
        fireEvent.click(hand.getByRole('button', { name: '+ Ajouter la carte' }));
      }
    }
    click('Suivant');
    fireEvent.click(within(screen.getByRole('group', { name: 'Mise d’Ana' })).getByRole('checkbox', { name: 'Druide · 35 PA' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Mise de Bruno' })).getByRole('checkbox', { name: 'Croc · 34 PA' }));
    click('Révéler les mises');
    // 35 against 34: Bruno stakes less and takes the First Blood
    expect(screen.getByTestId('taker').textContent).toBe('Bruno relève le défi');
    click('Bruno ne peut plus réussir');
    expect(screen.getByTestId('taker').textContent).toBe('Ana relève le défi');
    click('Ana ne peut plus réussir');
    expect(screen.getByTestId('duelist-a').textContent).toBe('Ana\u00a0: Sessair (60 PA)');
    expect(screen.getByTestId('duelist-b').textContent).toBe('Bruno\u00a0: Ragnok (70 PA)');
    pick('Qui a éliminé l’autre en premier\u202f?', 'Bruno (Ragnok)');
    click('Suivant');
    click('Enregistrer le résultat');
    expect((await screen.findByTestId('free-outcome')).textContent).toBe('Bruno gagne le Duel');
  });
});

describe('LotR table: the result wizard at the end of the game', () => {
  function lotrEvent(): EventFile {
    return makeEvent({
      system: 'lotr-sbg',
      settings: { points: 50, variants: [], rounds: null },
      players: [makePlayer(1, { name: 'Ana Duval' }), makePlayer(2, { name: 'Bruno Martin' })],
      rounds: [{ number: 1, startedAt: START, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null }],
    });
  }

  it('a victory condition ends the clock, the wizard records 3-0, both confirm, the code carries winner and how', async () => {
    const clock = { now: START };
    const s = await services(clock);
    const issued = (await issueTicket(lotrEvent(), 'ev-1', 1, 1))!;
    const id = ticketId(issued.ticket);
    await openTableGame(s.db, id, issued.ticket, 'ticket', START);
    mount(s, <TableGameScreen id={id} />);
    clock.now = START + MIN;
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la pendule' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fin du tour 1' }));
    await screen.findByRole('button', { name: 'Fin du tour 2' });
    clock.now = START + 20 * MIN;
    click('Condition de victoire atteinte');
    await screen.findByRole('heading', { name: 'Résultat · Seigneur des Anneaux' });
    pick('Qui joue le Bien\u202f?', 'Ana Duval');
    click('Suivant');
    pick('Comment la partie a-t-elle fini\u202f?', 'Frodon a quitté la carte par le bord adverse');
    click('Suivant');
    fireEvent.input(screen.getByRole('textbox', { name: 'Figurines survivantes d’Ana Duval' }), { target: { value: '9' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Figurines perdues d’Ana Duval' }), { target: { value: '3' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Figurines survivantes de Bruno Martin' }), { target: { value: '8' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Figurines perdues de Bruno Martin' }), { target: { value: '4' } });
    click('Suivant');
    expect(screen.getByTestId('lotr-outcome').textContent).toBe('Ana Duval (Bien) gagne\u00a0: victoire totale 3-0');
    click('Enregistrer le résultat');
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Duval confirme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bruno Martin confirme' }));
    const code = (await screen.findByTestId('result-code')).textContent!;
    const decoded = decodeResultCode(code);
    expect(decoded.ok && decoded.payload).toMatchObject({ winner: 'a', how: 'scenario', a: { cp: 0, apd: 0 } });
    const stored = await getTableGame(s.db, id);
    expect(stored!.outcome!.result).toMatchObject({
      winner: 'p1',
      ending: 'frodo-escaped',
      a: { points: 3, camp: 'good', bodyCount: 6, kills: 4 },
      b: { points: 0, camp: 'evil', bodyCount: 4, kills: 3 },
    });
  });

  it('cancelling the wizard after a victory goes back to the clock', async () => {
    const clock = { now: START };
    const s = await services(clock);
    const issued = (await issueTicket(lotrEvent(), 'ev-1', 1, 1))!;
    const id = ticketId(issued.ticket);
    await openTableGame(s.db, id, issued.ticket, 'ticket', START);
    mount(s, <TableGameScreen id={id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la pendule' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Condition de victoire atteinte' }));
    await screen.findByRole('heading', { name: 'Résultat · Seigneur des Anneaux' });
    click('Annuler');
    await waitFor(() => expect(screen.getByTestId('lotr-time')).toBeTruthy());
  });
});
