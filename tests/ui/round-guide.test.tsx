// @vitest-environment jsdom
// The guided round (issue 12): check-in that counts, one primary action per state, the progress
// of results, a result that breaks a rule marked in its row, a half-filled form kept for the tab.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);
beforeEach(() => sessionStorage.clear());

const sixteen = (checkedIn: number): EventFile =>
  makeEvent({
    settings: { points: 50, variants: [], rounds: null },
    players: Array.from({ length: 16 }, (_, i) =>
      makePlayer(i + 1, { name: `Joueur ${String(i + 1).padStart(2, '0')}`, lists: [], ...(i < checkedIn ? { checkedIn: true } : {}) }),
    ),
    rounds: [],
  });

const dialog = () => screen.findByRole('dialog', { hidden: true });
const inDialog = (d: HTMLElement, name: string) => within(d).getByRole('button', { name, hidden: true });

describe('check-in that counts', () => {
  it('asks before pairing players not checked in; marking them absent pairs only the others, in one undoable entry', async () => {
    const { current } = await renderTab(Rounds, sixteen(13));
    fireEvent.click(await screen.findByRole('button', { name: 'Apparier la ronde 1' }));
    const ask = await dialog();
    expect(ask.textContent).toContain('3 joueurs non pointés\u00a0: Joueur 14, Joueur 15, Joueur 16.');
    expect((await current()).rounds).toHaveLength(0);
    fireEvent.click(inDialog(ask, 'Les marquer absents'));
    await screen.findByTestId('pairings-table');
    const ev = await current();
    const seated = ev.rounds[0]!.pairings.flatMap((p) => [p.a, p.b]).concat(ev.rounds[0]!.bye ?? []);
    expect(seated.sort()).toEqual(Array.from({ length: 13 }, (_, i) => `p${i + 1}`).sort());
    expect(ev.players.filter((p) => p.dropped).map((p) => [p.id, p.droppedAfterRound])).toEqual([
      ['p14', 0],
      ['p15', 0],
      ['p16', 0],
    ]);
  });

  it('pairs them anyway when the organizer says so', async () => {
    const { current } = await renderTab(Rounds, sixteen(15));
    fireEvent.click(await screen.findByRole('button', { name: 'Apparier la ronde 1' }));
    const ask = await dialog();
    expect(ask.textContent).toContain('1 joueur non pointé\u00a0: Joueur 16.');
    fireEvent.click(inDialog(ask, 'L’apparier quand même'));
    await screen.findByTestId('pairings-table');
    expect((await current()).rounds[0]!.pairings).toHaveLength(8);
  });

  it('never asks when nobody uses check-in', async () => {
    const { current } = await renderTab(Rounds, sixteen(0));
    fireEvent.click(await screen.findByRole('button', { name: 'Apparier la ronde 1' }));
    await screen.findByTestId('pairings-table');
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect((await current()).rounds[0]!.pairings).toHaveLength(8);
  });
});

describe('a guided round', () => {
  const withRound = (results: boolean[], patch: Record<string, unknown> = {}): EventFile => {
    const ev = sixteen(0);
    const pairings = Array.from({ length: 8 }, (_, i) => ({
      table: i + 1,
      a: `p${2 * i + 1}`,
      b: `p${2 * i + 2}`,
      ...(results[i] ? { result: { winner: `p${2 * i + 1}`, how: 'assassination' as const, a: { cp: 1, apd: 20 }, b: { cp: 0, apd: 10 } } } : {}),
    }));
    return { ...ev, rounds: [{ number: 1, scenario: 'overrun', variableMinutes: 6, bye: null, pairings, ...patch }] };
  };

  it('counts the results, names the tables still playing, and shows who won and how', async () => {
    const T0 = Date.UTC(2026, 11, 5, 9, 0);
    await renderTab(Rounds, withRound([true, true, true, true, true, true, false, false], { startedAt: T0 }), { now: () => T0 + 10 * 60_000 });
    expect((await screen.findByTestId('results-progress')).textContent).toBe('6/8 résultats');
    expect(screen.getByTestId('round-guide').textContent).toContain('Résultats attendus aux tables 7, 8.');
    const row1 = screen.getByTestId('pairings-table').querySelector('tr[data-table="1"]')!;
    expect(row1.textContent).toContain('Joueur 01 gagne (assassinat) · 1 – 0 PC');
  });

  it('asks before closing a round with results missing while the timer runs', async () => {
    const T0 = Date.UTC(2026, 11, 5, 9, 0);
    const { current } = await renderTab(Rounds, withRound([true, true, true, true, true, true, true, false], { startedAt: T0 }), { now: () => T0 + 10 * 60_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Clôturer la ronde' }));
    const ask = await dialog();
    expect(ask.textContent).toContain('Il manque 1 résultat (table 8). Le chrono tourne encore. Clôturer la ronde 1 quand même\u202f?');
    fireEvent.click(inDialog(ask, 'Annuler'));
    expect((await current()).rounds[0]!.finishedAt).toBeUndefined();
  });

  it('makes closing the big button once every result is in', async () => {
    const T0 = Date.UTC(2026, 11, 5, 9, 0);
    await renderTab(Rounds, withRound(Array(8).fill(true), { startedAt: T0 }), { now: () => T0 + 80 * 60_000 });
    const close = await screen.findByRole('button', { name: 'Clôturer la ronde' });
    expect(close.className).toContain('primary');
    expect(screen.getByTestId('round-guide').dataset.step).toBe('close');
    expect((screen.getByRole('button', { name: 'Apparier la ronde 2' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('pair-blocked').textContent).toBe('Pour apparier la ronde suivante, clôturez d’abord la ronde 1.');
  });

  it('marks in its row a scenario win short of the scenario target', async () => {
    const ev = withRound(Array(8).fill(false));
    ev.rounds[0]!.pairings[2]!.result = { winner: 'p5', how: 'scenario', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } };
    await renderTab(Rounds, ev);
    const row = (await screen.findByTestId('pairings-table')).querySelector('tr[data-table="3"]')!;
    expect(within(row as HTMLElement).getByTestId('result-flag').textContent).toMatch(/^⚠ À vérifier\u00a0: .*0 PC.*/);
    expect(screen.getByTestId('pairings-table').querySelectorAll('[data-testid=result-flag]')).toHaveLength(1);
  });

  it('keeps a half-filled result form for the tab: it comes back after a reload', async () => {
    const ev = withRound(Array(8).fill(false));
    const first = await renderTab(Rounds, ev);
    fireEvent.click(within((await screen.findByTestId('pairings-table')).querySelector('tr[data-table="2"]') as HTMLElement).getByRole('button', { name: 'Saisir' }));
    await screen.findByRole('heading', { name: 'Saisir le résultat' });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Joueur 04' }));
    cleanup();
    // same tab session (sessionStorage kept), same stored event: the form and its choice are back
    const { renderTabOn } = await import('./render-app');
    await renderTabOn(Rounds, first.db, first.eventId);
    await screen.findByRole('heading', { name: 'Saisir le résultat' });
    const picked = within(screen.getByRole('radiogroup', { name: 'Vainqueur' })).getByRole('radio', { name: 'Joueur 04' }) as HTMLInputElement;
    expect(picked.checked).toBe(true);
  });
});

describe('the event screen during a round', () => {
  it('shows the hall timer read-only behind the PIN, and the unlock lasts for the tab', async () => {
    const { renderApp } = await import('./render-app');
    const { createEvent } = await import('../../src/store/events');
    const { setPin } = await import('../../src/store/pin');
    const { isUnlocked, setUnlocked } = await import('../../src/ui/pin-session');
    const T0 = Date.UTC(2026, 11, 5, 9, 0) - 10 * 60_000;
    const ev = makeEvent({ rounds: [{ number: 1, scenario: 'overrun', variableMinutes: 6, startedAt: T0, bye: null, pairings: [{ table: 1, a: 'p1', b: 'p2' }] }] });
    let id = '';
    await renderApp('#/', async (db) => {
      id = (await createEvent(db, ev, { deviceId: 'd' })).meta.id;
      await setPin(db, id, '4821');
    });
    location.hash = `#/event/${id}/rounds`;
    const hall = await screen.findByTestId('hall-timer');
    expect(hall.textContent).toContain('Temps de base restant');
    expect(screen.getByRole('timer').textContent).toMatch(/^(\d:)?\d\d:\d\d$/);
    // no organizer control and nothing secret on the locked screen
    expect(screen.queryByRole('button', { name: 'Clôturer la ronde' })).toBeNull();
    expect(document.body.textContent).not.toContain('6 min');
    setUnlocked(id, true);
    expect(JSON.parse(sessionStorage.getItem('pin-unlocked')!)).toContain(id);
    setUnlocked(id, false);
    expect(isUnlocked(id)).toBe(false);
  });

  it('names on the undo button what it would undo', async () => {
    const { renderApp } = await import('./render-app');
    const { createEvent, appendActions } = await import('../../src/store/events');
    let id = '';
    await renderApp('#/', async (db) => {
      id = (await createEvent(db, sixteen(0), { deviceId: 'd' })).meta.id;
      await appendActions(db, id, [{ type: 'player-dropped', id: 'p3', afterRound: 0 }], { deviceId: 'dev-ui' });
    });
    location.hash = `#/event/${id}/players`;
    await waitFor(() => expect(screen.getByTestId('undo').textContent).toBe('↶ Annuler\u00a0: abandon de Joueur 03'));
  });
});
