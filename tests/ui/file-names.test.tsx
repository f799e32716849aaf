// @vitest-environment jsdom
// Export and backup files carry the event, its date, the last round and the local time taken.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEvent } from '../../src/store/events';
import { eventFileName, lastRound } from '../../src/ui/files';
import { TrustPanel } from '../../src/ui/screens/event/TrustPanel';
import { makeEvent } from '../fixtures/events';
import { renderApp, renderTab } from './render-app';

const downloads = vi.hoisted(() => [] as string[]);
vi.mock('../../src/ui/files', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/files')>()),
  downloadText: (filename: string) => void downloads.push(filename),
}));

afterEach(() => {
  cleanup();
  downloads.length = 0;
});

// render-app's clock: 2026-12-05 09:00 UTC, shown in the machine's local time
const at = Date.UTC(2026, 11, 5, 9, 0);
const hhmm = (t: number) => `${String(new Date(t).getHours()).padStart(2, '0')}${String(new Date(t).getMinutes()).padStart(2, '0')}`;

describe('file names', () => {
  it('name, date, round and local time; no round part before the first pairing', () => {
    const t = new Date(2026, 11, 5, 14, 32).getTime();
    expect(eventFileName({ name: 'Open de Lyon — Été', date: '2026-12-05' }, 3, t)).toBe('open-de-lyon-ete-2026-12-05-ronde-3-1432.json');
    expect(eventFileName({ name: 'Open', date: '2026-12-05' }, 3, t, 'round')).toBe('open-2026-12-05-round-3-1432.json');
    expect(eventFileName({ name: '!!!', date: '2026-12-05' }, 0, new Date(2026, 11, 5, 9, 5).getTime())).toBe('evenement-2026-12-05-0905.json');
    expect(lastRound({ rounds: [{ number: 2 }, { number: 1 }] })).toBe(2);
    expect(lastRound({ rounds: [] })).toBe(0);
  });

  it('the home screen export is named for the last round and the time', async () => {
    await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads).toEqual([`winter-steamroller-2026-12-05-ronde-1-${hhmm(at)}.json`]));
  });

  it('a backup downloads under the round and time it was taken', async () => {
    const taken = Date.UTC(2026, 11, 5, 13, 47);
    await renderTab(TrustPanel, makeEvent(), { now: () => taken });
    fireEvent.click(await screen.findByRole('button', { name: 'Sauvegarder maintenant' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(downloads).toEqual([`winter-steamroller-2026-12-05-ronde-1-${hhmm(taken)}.json`]));
  });
});
