// @vitest-environment jsdom
// The table clock screen against a real (fake-indexeddb) store and a clock the test moves. The
// repaint tick is real (250 ms), so each step waits for the screen rather than sleeping.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClockAction } from '../../src/domain/clock';
import type { EventFile } from '../../src/domain/event-file';
import { decodeResultCode, ticketId } from '../../src/domain/handoff';
import { I18nContext, translator } from '../../src/i18n';
import { openEventDb, type WargameDb } from '../../src/store/db';
import { getTableGame, openTableGame } from '../../src/store/table-games';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { TableGameScreen } from '../../src/ui/screens/table/TableScreens';
import { ServicesContext, type Services } from '../../src/ui/services';
import { makeEvent, makePlayer } from '../fixtures/events';
import { directEngine } from './render-app';

afterEach(cleanup);

const SEC = 1000;
const MIN = 60 * SEC;
const START = Date.UTC(2026, 11, 5, 9, 0);
/** 50 points: 100 min + the hidden 6 */
const END = START + 106 * MIN;

function eventWith(variants: string[], scenario = 'overrun', system: EventFile['system'] = 'sr2011', strict = false): EventFile {
  return makeEvent({
    system,
    settings: { points: 50, variants, rounds: null, ...(strict && { organizerCallsTime: true }) },
    players: [makePlayer(1, { name: 'Ana Duval' }), makePlayer(2, { name: 'Bruno Martin' })],
    rounds: [{ number: 1, scenario, variableMinutes: 6, startedAt: START, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null }],
  });
}

async function table(variants: string[] = [], db?: WargameDb, clock = { now: START }, scenario = 'overrun', system: EventFile['system'] = 'sr2011', strict = false) {
  db ??= await openEventDb({}, `table-${Math.random()}`);
  const issued = (await issueTicket(eventWith(variants, scenario, system, strict), 'ev-1', 1, 1))!;
  const id = ticketId(issued.ticket);
  await openTableGame(db, id, issued.ticket, 'ticket', START);
  const services: Services = { db, deviceId: 'dev-table', engine: directEngine, now: () => clock.now, notify: () => undefined };
  const mount = () =>
    render(
      <ServicesContext.Provider value={services}>
        <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
          <TableGameScreen id={id} />
        </I18nContext.Provider>
      </ServicesContext.Provider>,
    );
  const utils = mount();
  const stored = async () => ((await getTableGame(db!, id))!.actions as ClockAction[]).map((a) => ({ ...a, at: a.at - START }));
  return { ...utils, db, id, clock, mount, stored };
}

async function startGame(clock: { now: number }, first = 'Ana Duval') {
  fireEvent.click(await screen.findByRole('radio', { name: first }));
  clock.now = START + 2 * MIN;
  fireEvent.click(screen.getByRole('button', { name: 'Démarrer la pendule' }));
  await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe(`Tour 1 · ${first}`));
}

const time = (side: 'a' | 'b') => screen.getByTestId(`time-${side}`).textContent;
const half = (side: 'a' | 'b') => screen.getByTestId(`time-${side}`).closest('section')!;

describe('table clock', () => {
  it('shows the setup with the format, then ends a turn with a tap on your half', async () => {
    const { clock, stored } = await table();
    expect((await screen.findByTestId('timing')).textContent).toBe('Tour de 12 min, une extension de 6 min par joueur');
    await startGame(clock);
    expect(half('a').dataset.state).toBe('active');
    expect(time('a')).toBe('12:00');
    expect(screen.getByRole('button', { name: 'Fin du tour de Bruno Martin' })).toHaveProperty('disabled', true);

    clock.now = START + 9 * MIN;
    await waitFor(() => expect(time('a')).toBe('05:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await waitFor(() => expect(half('b').dataset.state).toBe('active'));
    expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Bruno Martin');
    expect(await stored()).toEqual([
      { type: 'start', at: 2 * MIN },
      { type: 'end-turn', at: 9 * MIN, player: 'a' },
    ]);
    // a second tap on a's half (now waiting) stores nothing
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(await stored()).toHaveLength(2);
  });

  it('signals the end of the turn time and opens the 30-second extension window', async () => {
    const { clock, stored } = await table();
    await startGame(clock);
    clock.now = START + 2 * MIN + 12 * MIN + 5 * SEC;
    await waitFor(() => expect(half('a').dataset.state).toBe('expired'));
    expect(screen.getByTestId('status-a').textContent).toBe('TEMPS DU TOUR ÉCOULÉ');
    expect(screen.getByTestId('window-a').textContent).toBe('Extension encore possible\u00a0: 00:25');
    fireEvent.click(screen.getByRole('button', { name: 'Extension (+6 min)' }));
    await waitFor(() => expect(screen.getByTestId('extension-used-a').textContent).toBe('Extension en cours'));
    expect(half('a').dataset.state).toBe('extension');
    expect(time('a')).toBe('06:00');
    expect((await stored()).at(-1)).toEqual({ type: 'extension', at: 14 * MIN + 5 * SEC, player: 'a' });

    // b lets the window pass: no extension can be declared any more
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await waitFor(() => expect(half('b').dataset.state).toBe('active'));
    clock.now += 12 * MIN + 31 * SEC;
    await waitFor(() => expect(half('b').dataset.state).toBe('expired'));
    expect(screen.queryByTestId('window-b')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Extension (+6 min)' })).toBeNull();
    expect(screen.getByTestId('extension-used-a').textContent).toBe('Extension utilisée');
  });

  it('stops the turn clock while the opponent takes time', async () => {
    const { clock } = await table();
    await startGame(clock);
    clock.now = START + 4 * MIN;
    await waitFor(() => expect(time('a')).toBe('10:00'));
    fireEvent.click(screen.getByRole('button', { name: 'L’adversaire prend du temps' }));
    await screen.findByText('Pendule arrêtée : l’adversaire prend du temps');
    clock.now = START + 7 * MIN;
    await new Promise((r) => setTimeout(r, 300));
    expect(time('a')).toBe('10:00');
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
    clock.now = START + 8 * MIN;
    await waitFor(() => expect(time('a')).toBe('09:00'));
  });

  it('time reserve: the player whose reserve runs out loses, and the result form says so', async () => {
    const { clock } = await table(['time-reserve']);
    expect((await screen.findByTestId('timing')).textContent).toBe('Réserve de temps\u00a0: 59 min par joueur');
    await startGame(clock);
    expect(time('a')).toBe('59:00');
    clock.now = START + 2 * MIN + 59 * MIN + 1;
    await screen.findByText('Ana Duval a perdu au temps : réserve épuisée.');
    expect(screen.getByTestId('over-line').textContent).toBe('Bruno Martin gagne\u00a0: Pendule de l’adversaire');
    fireEvent.click(screen.getByRole('button', { name: 'Saisir le résultat' }));
    const winner = await screen.findByRole('radiogroup', { name: 'Vainqueur' });
    // a first entry, prefilled by the clock: not a correction
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Résultat');
    expect(within(winner).getByRole('radio', { name: 'Bruno Martin' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Pendule de l’adversaire' })).toHaveProperty('checked', true);
  });

  it('resumes mid-turn after a reload from the stored actions alone', async () => {
    const { clock, unmount, mount } = await table();
    await startGame(clock);
    clock.now = START + 5 * MIN;
    fireEvent.click(await screen.findByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await waitFor(() => expect(half('b').dataset.state).toBe('active'));
    unmount();
    // the tablet slept, the page was killed: 2 min 17 s later it opens again
    clock.now = START + 7 * MIN + 17 * SEC;
    mount();
    await waitFor(() => expect(time('b')).toBe('09:43'));
    expect(half('b').dataset.state).toBe('active');
    expect(screen.getByTestId('turn').textContent).toBe('Tour 1 · Bruno Martin');
  });

  it('calls DICE DOWN exactly when the sealed end passes, and nothing in the DOM tells the end before', async () => {
    const { clock, container } = await table(['no-extensions']);
    await startGame(clock);
    const secrets = [String(END), new Date(END).toISOString(), '10:46', '1:46', '106', '6 min'];
    for (const now of [START + 50 * MIN, START + 100 * MIN + 30 * SEC, END - 1]) {
      clock.now = now;
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.queryByText('POSEZ LES DÉS')).toBeNull();
      const html = container.ownerDocument.documentElement.outerHTML;
      for (const s of secrets) expect(html).not.toContain(s);
    }
    clock.now = END;
    await screen.findByText('POSEZ LES DÉS');
    expect(document.querySelector('.table-screen')!.getAttribute('data-phase')).toBe('dice-down');
  });

  it('« fin de partie annoncée par l’organisateur »: the ticket carries no end, the table never calls DICE DOWN', async () => {
    const { clock, id, db } = await table(['no-extensions'], undefined, { now: START }, 'overrun', 'sr2011', true);
    const ticket = (await getTableGame(db, id))!.ticket as { sealedEnd: unknown; sealKey?: unknown; organizerCallsTime?: unknown };
    expect(ticket.sealedEnd).toBeNull();
    expect(ticket.sealKey).toBeUndefined();
    expect(ticket.organizerCallsTime).toBe(true);
    await startGame(clock);
    await screen.findByTestId('organizer-calls-time');
    for (const now of [END, END + 10 * MIN]) {
      clock.now = now;
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.queryByText('POSEZ LES DÉS')).toBeNull();
      expect(document.querySelector('.table-screen')!.getAttribute('data-phase')).not.toBe('dice-down');
    }
  });

  it('ends on a scenario win, takes both confirmations and shows the result code', async () => {
    const { clock, id } = await table();
    await startGame(clock);
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Victoire de scénario\u00a0: Bruno Martin gagne' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await screen.findByText('Partie terminée');
    fireEvent.click(screen.getByRole('button', { name: 'Saisir le résultat' }));
    fireEvent.input(await screen.findByRole('textbox', { name: 'Points de contrôle de Bruno Martin' }), { target: { value: '2' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Points d’armée détruits par Bruno Martin' }), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Duval confirme' }));
    await screen.findByTestId('confirmed-a');
    expect(screen.queryByTestId('result-code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Bruno Martin confirme' }));
    const code = (await screen.findByTestId('result-code')).textContent!;
    expect(screen.getByTestId('result-qr')).toBeTruthy();
    const decoded = decodeResultCode(code);
    expect(decoded.ok && decoded.payload).toMatchObject({ round: 1, table: 1, winner: 'b', how: 'scenario', b: { cp: 2, apd: 11 } });
    expect(id).toBe('ev-1:1:1');
  });

  it('after DICE DOWN: scores the interrupted turn, walks the time-out conditions, and the result follows', async () => {
    const { clock, stored } = await table(['no-extensions']);
    await startGame(clock);
    clock.now = END + 5 * SEC;
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Marquez les PC du tour interrompu, puis terminez le décompte.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fin du décompte' }));
    const bruno = await screen.findByRole('radiogroup', { name: 'Warcasters/warlocks en jeu\u00a0: Bruno Martin' });
    fireEvent.click(within(bruno).getByRole('radio', { name: '0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Étape suivante' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Utiliser ce résultat' }));
    await waitFor(() => expect(screen.getByTestId('over-line').textContent).toBe('Ana Duval gagne\u00a0: Départage à la fin du temps'));
    expect((await stored()).slice(-2)).toEqual([
      { type: 'dice-down-ack', at: END + 5 * SEC - START },
      { type: 'tiebreak', at: END + 5 * SEC - START, winner: 'a' },
    ]);
  });

  it('Overrun: offers 1 CP per player per turn and explains a second tap', async () => {
    const { clock, stored } = await table();
    await startGame(clock);
    for (const who of ['Ana Duval', 'Bruno Martin', 'Ana Duval']) {
      // French elision: « d'Ana », « de Bruno »
      fireEvent.click(screen.getByRole('button', { name: who === 'Ana Duval' ? 'Fin du tour d’Ana Duval' : `Fin du tour de ${who}` }));
      await waitFor(() => expect(screen.getByTestId('turn').textContent).not.toContain(who));
    }
    // the second player's second turn: scoring is open, 1 CP each
    const plus = await screen.findByRole('button', { name: '+1 PC pour Ana Duval' });
    expect(screen.getByTestId('cp-left-a').textContent).toBe('PC restants ce tour\u00a0: 1 sur 1');
    fireEvent.click(plus);
    await waitFor(() => expect(screen.getByTestId('cp-left-a').textContent).toBe('PC restants ce tour\u00a0: 0 sur 1'));
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(plus);
    await screen.findByText('Ce scénario donne au plus 1 PC par joueur et par tour : Ana Duval les a déjà marqués.');
    expect((await stored()).filter((a) => a.type === 'score')).toHaveLength(1);
    expect(screen.getByTestId('cp-a').textContent).toBe('1 / 2 PC');
  });

  it('set-up: offers only the lists a player may pick this round and shows a player with no choice left', async () => {
    // divide and conquer, 2 lists, 2 rounds: Ana played Haley in round 1, so round 2 is Stryker
    const two = [
      { caster: 'Haley', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
      { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
    ];
    const ev = makeEvent({
      settings: { points: 50, variants: ['lists:2', 'divide-and-conquer'], rounds: 2 },
      players: [makePlayer(1, { name: 'Ana Duval', lists: two }), makePlayer(2, { name: 'Bruno Martin', lists: two })],
      rounds: [
        {
          number: 1,
          scenario: 'overrun',
          pairings: [{ table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', how: 'scenario', a: { cp: 2, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 1 } } }],
          bye: null,
        },
        { number: 2, scenario: 'overrun', variableMinutes: 6, startedAt: START, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null },
      ],
    });
    const db = await openEventDb({}, `table-${Math.random()}`);
    const issued = (await issueTicket(ev, 'ev-1', 2, 1))!;
    expect(issued.ticket.listRules).toEqual({
      a: [{ list: 0, code: 'other-list-needed', needed: 1, gamesLeft: 0 }],
      b: [{ list: 1, code: 'other-list-needed', needed: 1, gamesLeft: 0 }],
    });
    const id = ticketId(issued.ticket);
    await openTableGame(db, id, issued.ticket, 'ticket', START);
    const services: Services = { db, deviceId: 'dev-table', engine: directEngine, now: () => START, notify: () => undefined };
    render(
      <ServicesContext.Provider value={services}>
        <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
          <TableGameScreen id={id} />
        </I18nContext.Provider>
      </ServicesContext.Provider>,
    );
    const ana = await screen.findByTestId('lists-a');
    expect(within(ana).queryByRole('radio', { name: /Haley/ })).toBeNull();
    expect((within(ana).getByRole('radio', { name: /Stryker/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('forced-a').textContent).toBe('Ana Duval n’a plus le choix\u00a0: liste Stryker. Il doit l’annoncer à son adversaire avant la partie.');
    expect(screen.getByTestId('refused-list-a-0').textContent).toContain('Liste Haley indisponible');
    expect(screen.getByTestId('forced-b').textContent).toContain('liste Haley');
  });

  it('Demolition (no rules text): says so, and the game ends by time, assassination or concession only', async () => {
    const { clock } = await table([], undefined, { now: START }, 'demolition');
    await startGame(clock);
    expect(screen.getByTestId('scenario-no-rules').textContent).toBe('Démolition\u00a0: texte de règles absent de la source. La partie se termine au temps ou par assassinat.');
    expect(screen.queryByRole('button', { name: '+1 PC pour Ana Duval' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    expect(screen.queryByRole('button', { name: /^Victoire de scénario/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assassinat\u00a0: Ana Duval gagne' })).toBeTruthy();
  });

  it('Destruction: no « Victoire de scénario » in the first game turn, offered from the second', async () => {
    const { clock, stored } = await table([], undefined, { now: START }, 'destruction');
    await startGame(clock);
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    expect(screen.queryByRole('button', { name: /^Victoire de scénario/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assassinat\u00a0: Ana Duval gagne' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await waitFor(() => expect(half('b').dataset.state).toBe('active'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    expect(screen.queryByRole('button', { name: /^Victoire de scénario/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour de Bruno Martin' }));
    await waitFor(() => expect(screen.getByTestId('turn').textContent).toBe('Tour 2 · Ana Duval'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin de partie…' }));
    expect(screen.getByRole('button', { name: 'Victoire de scénario\u00a0: Bruno Martin gagne' })).toBeTruthy();
    expect((await stored()).some((a) => a.type === 'scenario-win')).toBe(false);
  });

  it("reminds Kill Box players from the first player's second turn", async () => {
    const { clock } = await table([], undefined, { now: START }, 'kill-box');
    await startGame(clock);
    expect(screen.queryByText(/^Kill Box/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour d’Ana Duval' }));
    await waitFor(() => expect(half('b').dataset.state).toBe('active'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour de Bruno Martin' }));
    await screen.findByText(/^Kill Box : finir son tour/);
  });

  it('LotR: one game clock, the 30-minute announcement, the 50-minute stop, then a plain result', async () => {
    const { clock } = await table([], undefined, { now: START }, 'overrun', 'lotr-sbg');
    clock.now = START + 1 * MIN;
    fireEvent.click(await screen.findByRole('button', { name: 'Démarrer la pendule' }));
    await waitFor(() => expect(screen.getByTestId('lotr-time').textContent).toBe('01:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Fin du tour 1' }));
    await screen.findByRole('button', { name: 'Fin du tour 2' });
    clock.now = START + 30 * MIN;
    await waitFor(() => expect(screen.getByTestId('lotr-message').textContent).toBe('30 minutes\u00a0: après ce tour, un seul tour de plus au maximum.'));
    clock.now = START + 50 * MIN;
    await screen.findByRole('heading', { name: 'Résultat · Seigneur des Anneaux' });
    fireEvent.click(screen.getByRole('radio', { name: 'Ana Duval' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Temps écoulé, aucune armée n’a perdu la moitié de ses figurines' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Valeur des figurines restantes d’Ana Duval' }), { target: { value: '80' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Valeur des figurines restantes de Bruno Martin' }), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Comparer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le résultat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ana Duval confirme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Bruno Martin confirme' }));
    const code = (await screen.findByTestId('result-code')).textContent!;
    const decoded = decodeResultCode(code);
    expect(decoded.ok && decoded.payload).toMatchObject({ winner: 'b', how: 'tiebreak', a: { cp: 0, apd: 0 } });
  });
});
