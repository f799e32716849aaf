// @vitest-environment jsdom
// The Rounds tab of a 512-player knockout (Rackham's challenge, round 4: 32 tables): past a
// hall's size the screen is drawn first, with the table's head and a spacer standing for its
// rows, then the tables a few a frame until every one is there, in order, as a list this short
// always was (the browser's search and a screen reader read it whole).
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_FRAME_ROWS } from '../../src/ui/components/VirtualRows';
import { Rounds } from '../../src/ui/screens/event/Rounds';
import { bigEvent } from '../fixtures/big-events';
import { renderTab } from './render-app';

afterEach(cleanup);

describe('rounds tab, 512-player knockout', () => {
  it('draws the screen, then its 32 tables a few a frame, all of them in order', async () => {
    const event = bigEvent('confrontation-rackham', 200, 512, 3);
    const last = event.rounds.at(-1)!;
    expect(last.pairings).toHaveLength(32);
    await renderTab(Rounds, event);
    const table = await screen.findByTestId('pairings-table');
    const drawn = (): HTMLElement[] => [...table.querySelectorAll<HTMLElement>('tbody tr:not(.vspacer)')];
    // the screen around the tables is there with their head, the rows not yet
    expect(screen.getByTestId('round-stage').textContent).toBe('Ronde 4 · Trente-deuxième de finale');
    expect(table.querySelectorAll('thead th')).toHaveLength(5);
    expect(table.getAttribute('aria-rowcount')).toBe('32');
    const seen = [drawn().length];
    expect(seen[0]).toBe(0);
    expect(table.querySelector('tr.vspacer')).not.toBeNull();
    await waitFor(
      () => {
        if (seen.at(-1) !== drawn().length) seen.push(drawn().length);
        expect(drawn()).toHaveLength(32);
      },
      { timeout: 10_000 },
    );
    expect(seen.every((n, i) => i === 0 || (n > seen[i - 1]! && n - seen[i - 1]! <= FIRST_FRAME_ROWS))).toBe(true);
    expect(drawn().map((r) => r.dataset.table)).toEqual(last.pairings.map((p) => String(p.table)));
    expect(drawn().map((r) => r.dataset.table)).toEqual(Array.from({ length: 32 }, (_, i) => String(i + 1)));
    expect(table.querySelectorAll('tr.vspacer')).toHaveLength(0);
  });
});
