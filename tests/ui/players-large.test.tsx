// @vitest-environment jsdom
// A 4,096-player event on the players tab: the table renders a window of rows, not 4,096; the
// search finds a player wherever they are in the list; « Tout pointer » checks everyone in as one
// log entry, which one undo takes back.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { getLog, undoLast } from '../../src/store/events';
import { GROW_BY, rowWindow, VirtualRows, WHOLE_LIST } from '../../src/ui/components/VirtualRows';
import { Players } from '../../src/ui/screens/event/Players';
import { makeLargeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

const bodyRows = (table: HTMLElement): HTMLElement[] => [...table.querySelectorAll<HTMLElement>('tbody tr:not(.vspacer)')];

describe('virtual rows', () => {
  it('computes the window of rows in view, with a margin, clamped to the list', () => {
    expect(rowWindow(4096, 0, 600, 60, 5)).toEqual({ start: 0, end: 15 });
    expect(rowWindow(4096, 6000, 600, 60, 5)).toEqual({ start: 95, end: 115 });
    expect(rowWindow(4096, 4096 * 60, 600, 60, 5)).toEqual({ start: 4091, end: 4096 });
    expect(rowWindow(3, 0, 600, 60, 5)).toEqual({ start: 0, end: 3 });
  });

  it("renders a list of a hall's size whole, with no spacer, GROW_BY rows a turn after the rows in view", async () => {
    const items = Array.from({ length: WHOLE_LIST }, (_, i) => i);
    render(
      <VirtualRows
        items={items}
        rowHeight={50}
        tableClass="t"
        testId="v"
        row={(n) => (
          <tr key={n}>
            <td>row {n}</td>
          </tr>
        )}
      />,
    );
    const table = screen.getByTestId('v');
    // jsdom's 768 px window: 16 rows of 50 px in view, the rest under a spacer
    expect(bodyRows(table)).toHaveLength(16);
    const seen = [16];
    await waitFor(() => {
      if (seen.at(-1) !== bodyRows(table).length) seen.push(bodyRows(table).length);
      expect(bodyRows(table)).toHaveLength(WHOLE_LIST);
    });
    expect(seen.every((n, i) => i === 0 || n - seen[i - 1]! <= GROW_BY)).toBe(true);
    expect(table.querySelectorAll('tr.vspacer')).toHaveLength(0);
  });

  it('renders the rows of the scroll position, and every row when printing', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    render(
      <VirtualRows
        items={items}
        rowHeight={50}
        tableClass="t"
        testId="v"
        row={(n) => (
          <tr key={n}>
            <td>row {n}</td>
          </tr>
        )}
      />,
    );
    const table = screen.getByTestId('v');
    expect(bodyRows(table).length).toBeLessThan(40);
    expect(table.textContent).toContain('row 0');
    const box = table.parentElement!;
    box.scrollTop = 25_000;
    fireEvent.scroll(box);
    await waitFor(() => expect(table.textContent).toContain('row 500'));
    expect(bodyRows(table)[0]!.textContent).not.toBe('row 0');
    expect(bodyRows(table).length).toBeLessThan(40);
    // synchronously: window.print() lays the page out as soon as the event's listeners return
    window.dispatchEvent(new Event('beforeprint'));
    expect(bodyRows(table).length).toBe(1000);
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(bodyRows(table).length).toBeLessThan(40));
  });
});

describe('virtual rows that grow', () => {
  it('draws a new list a few rows a frame, then the whole window; a new list starts over', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    const list = (key: string) => (
      <VirtualRows
        items={key === 'all' ? items : items.filter((n) => n % 2 === 0)}
        rowHeight={50}
        tableClass="t"
        testId="v"
        resetKey={key}
        growBy={3}
        row={(n) => (
          <tr key={n}>
            <td>row {n}</td>
          </tr>
        )}
      />
    );
    const { rerender } = render(list('all'));
    const table = screen.getByTestId('v');
    // the first render: one step, the rest of the list in the spacer below
    expect(bodyRows(table)).toHaveLength(3);
    expect(table.querySelector<HTMLElement>('tr.vspacer')!.style.height).toBe(`${997 * 50}px`);
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(12));
    const whole = bodyRows(table).length;
    rerender(list('even'));
    expect(bodyRows(table).map((r) => r.textContent)).toEqual(['row 0', 'row 2', 'row 4']);
    await waitFor(() => expect(bodyRows(table).length).toBe(whole));
  });
});

describe('rows after the first frame', () => {
  it("draws a short list's head first, then its rows a few a frame until it is whole, in order; printing draws them all at once", async () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    const list = () => (
      <VirtualRows
        items={items}
        rowHeight={50}
        tableClass="t"
        testId="v"
        growBy={4}
        rowsAfterFirstFrame
        head={
          <thead>
            <tr>
              <th>n</th>
            </tr>
          </thead>
        }
        row={(n) => (
          <tr key={n}>
            <td>row {n}</td>
          </tr>
        )}
      />
    );
    render(list());
    const table = screen.getByTestId('v');
    // the head and a spacer standing for every row: the scrollbar is true from the first frame
    expect(table.querySelector('thead')).not.toBeNull();
    expect(bodyRows(table)).toHaveLength(0);
    expect(table.querySelector<HTMLElement>('tr.vspacer')!.style.height).toBe(`${11 * 50}px`);
    const seen = [0];
    await waitFor(() => {
      if (seen.at(-1) !== bodyRows(table).length) seen.push(bodyRows(table).length);
      expect(bodyRows(table)).toHaveLength(11);
    });
    expect(seen).toEqual([0, 4, 8, 11]);
    expect(bodyRows(table).map((r) => r.textContent)).toEqual(items.map((n) => `row ${n}`));
    expect(table.querySelectorAll('tr.vspacer')).toHaveLength(0);
    cleanup();

    render(list());
    expect(bodyRows(screen.getByTestId('v'))).toHaveLength(0);
    window.dispatchEvent(new Event('beforeprint'));
    expect(bodyRows(screen.getByTestId('v'))).toHaveLength(11);
    window.dispatchEvent(new Event('afterprint'));
  });
});

describe('players tab, 4,096 players', () => {
  it('renders only a window of the table and finds a searched player', async () => {
    const event = makeLargeEvent(4096, 0);
    event.players[3000] = { ...event.players[3000]!, name: 'Pierre-Yves Morel-Delacroix', club: 'Saint-Étienne' };
    await renderTab(Players, event);
    const table = await screen.findByTestId('players-table');
    // the first sort of 4,096 names comes a turn after the tab itself
    await waitFor(() => expect(bodyRows(table).length).toBeGreaterThan(5));
    expect(bodyRows(table).length).toBeLessThan(60);
    expect(table.getAttribute('aria-rowcount')).toBe('4096');
    expect(screen.queryByTestId('player-3001')).toBeNull();

    // accents and case do not matter; every word must match
    fireEvent.input(screen.getByLabelText('Rechercher un joueur'), { target: { value: 'morel etienne' } });
    await waitFor(() => expect(bodyRows(table).length).toBe(1));
    expect(within(screen.getByTestId('player-3001')).getByText('Pierre-Yves Morel-Delacroix')).toBeTruthy();
    expect(screen.getByTestId('search-count').textContent).toBe('1 joueur trouvé');
    // its actions are all there
    for (const name of ['Modifier', 'Listes de', 'Fiche de', 'Abandon de', 'Pointage de'])
      expect(within(screen.getByTestId('player-3001')).getByLabelText(new RegExp(`${name}.*Pierre-Yves`))).toBeTruthy();

    // keys typed in a row change the box at once, the list once the typing pauses
    const box = screen.getByLabelText('Rechercher un joueur') as HTMLInputElement;
    for (const typed of ['p', 'pl', 'pla']) fireEvent.input(box, { target: { value: typed } });
    expect(box.value).toBe('pla');
    expect(bodyRows(table).length).toBe(1);
    await waitFor(() => expect(screen.getByTestId('search-count').textContent).not.toBe('1 joueur trouvé'));
    expect(Number(table.getAttribute('aria-rowcount'))).toBeGreaterThan(1);
    expect(screen.getByTestId('search-count').textContent).toBe(`${table.getAttribute('aria-rowcount')} joueurs trouvés`);

    // a number finds that player first
    fireEvent.input(screen.getByLabelText('Rechercher un joueur'), { target: { value: '4096' } });
    await waitFor(() => expect(bodyRows(table)[0]?.dataset.testid).toBe('player-4096'));

    fireEvent.input(screen.getByLabelText('Rechercher un joueur'), { target: { value: 'personne ici' } });
    // the list and its count follow the box once the typing pauses
    await waitFor(() => expect(screen.getByTestId('search-count').textContent).toBe('Aucun joueur ne correspond à «\u00a0personne ici\u00a0».'));
    expect(bodyRows(table).length).toBe(0);
  });

  it('gives the focus back to a row far down the list once its editor is closed', async () => {
    await renderTab(Players, makeLargeEvent(4096, 0));
    const table = await screen.findByTestId('players-table');
    const box = table.parentElement!;
    box.scrollTop = 3000 * 58;
    fireEvent.scroll(box);
    await waitFor(() => expect(bodyRows(table).map((r) => r.dataset.testid)).toContain('player-3001'));
    const edit = screen.getByRole('button', { name: 'Modifier Player 3001' });
    fireEvent.click(edit);
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('pl-p3001-edit'));
  });

  it('gives the focus back to its row when the list draws it a few frames after the editor closed', async () => {
    await renderTab(Players, makeLargeEvent(4096, 0));
    const table = await screen.findByTestId('players-table');
    const box = table.parentElement!;
    // the row is the 7th of the window: the list comes back 4 rows a frame
    box.scrollTop = 2994 * 58;
    fireEvent.scroll(box);
    await waitFor(() => expect(bodyRows(table).map((r) => r.dataset.testid)).toContain('player-3001'));
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Player 3001' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    const back = screen.getByTestId('players-table');
    expect(bodyRows(back)[0]!.dataset.testid).toBe('player-2995');
    expect(bodyRows(back).map((r) => r.dataset.testid)).not.toContain('player-3001');
    await waitFor(() => expect(document.activeElement?.id).toBe('pl-p3001-edit'));
  });

  it('keeps the search and its list once an editor opened from it is closed', async () => {
    const event = makeLargeEvent(4096, 0);
    event.players[3000] = { ...event.players[3000]!, name: 'Éloïse Lefèvre-Pontalis' };
    await renderTab(Players, event);
    const table = await screen.findByTestId('players-table');
    // a part of a French name, typed without its accents
    fireEvent.input(screen.getByLabelText('Rechercher un joueur'), { target: { value: 'lefevre-pont' } });
    await waitFor(() => expect(screen.getByTestId('search-count').textContent).toBe('1 joueur trouvé'));
    fireEvent.click(within(screen.getByTestId('player-3001')).getByRole('button', { name: /^Modifier/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('pl-p3001-edit'));
    expect((screen.getByLabelText('Rechercher un joueur') as HTMLInputElement).value).toBe('lefevre-pont');
    expect(bodyRows(screen.getByTestId('players-table')).map((r) => r.dataset.testid)).toEqual(['player-3001']);
    expect(table.isConnected).toBe(false);
  });

  it('checks everyone in as one log entry, undone at once', async () => {
    const event = makeLargeEvent(300, 0);
    event.players[0] = { ...event.players[0]!, checkedIn: true };
    event.players[1] = { ...event.players[1]!, dropped: true };
    const { db, eventId, notes, current } = await renderTab(Players, event);
    await screen.findByTestId('players-table');
    expect(screen.getByTestId('checked-in-count').textContent).toBe('1/299 pointé');
    const before = (await getLog(db, eventId)).length;
    fireEvent.click(screen.getByRole('button', { name: /Tout pointer/ }));
    await waitFor(() => expect(screen.getByTestId('checked-in-count').textContent).toBe('299/299 pointés'));
    expect(notes).toContain('298 joueurs pointés.');
    const log = await getLog(db, eventId);
    expect(log.length).toBe(before + 1);
    expect(log[log.length - 1]!.action).toMatchObject({ type: 'players-checked-in' });
    const after = await current();
    expect(after.players.filter((p) => p.checkedIn).length).toBe(299);
    // the dropped player is not checked in
    expect(after.players[1]!.checkedIn).toBeUndefined();
    expect((screen.getByRole('button', { name: /Tout pointer/ }) as HTMLButtonElement).disabled).toBe(true);

    // undo takes back what this device did: the tab wrote as 'dev-ui'
    await undoLast(db, eventId, { deviceId: 'dev-ui' });
    expect((await current()).players.filter((p) => p.checkedIn).length).toBe(1);
  });
});
