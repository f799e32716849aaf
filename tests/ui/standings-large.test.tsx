// @vitest-environment jsdom
// A large event's standings come from the engine worker, which reads the stored event itself; the
// table renders a window of its rows. A result recorded meanwhile gives new standings.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { systemFor } from '../../src/domain/systems';
import { Standings } from '../../src/ui/screens/event/Standings';
import { makeLargeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

describe('standings tab, 2,048 players', () => {
  it('shows the worker’s standings in a window of rows', async () => {
    const event = makeLargeEvent(2048, 2);
    // two rounds announced, two played: the end-of-event panel has something to say
    event.settings = { ...event.settings, rounds: 2 };
    const expected = systemFor('sr2011').computeStandings(event);
    await renderTab(Standings, event);
    const table = await screen.findByTestId('standings-table', {}, { timeout: 10_000 });
    expect(table.getAttribute('aria-rowcount')).toBe('2048');
    // a long list's rows come a few a frame (FIRST_FRAME_ROWS), the rest of the window after
    const drawn = (): HTMLElement[] => [...table.querySelectorAll<HTMLElement>('tbody tr:not(.vspacer)')];
    await waitFor(() => expect(drawn().length).toBeGreaterThanOrEqual(5));
    const rows = drawn();
    expect(rows.length).toBeLessThan(60);
    expect(rows.slice(0, 5).map((r) => r.dataset.id)).toEqual(expected.slice(0, 5).map((r) => r.id));
    await waitFor(() => expect(screen.queryByTestId('standings-pending')).toBeNull());
    // the end-of-event panel comes with the standings of the event as it stands
    expect(await screen.findByTestId('end-check')).toBeTruthy();
  });
});
