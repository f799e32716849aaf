// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventDb } from '../../src/store/db';
import { App } from '../../src/ui/App';
import { createOfflineState } from '../../src/ui/offline';
import { directEngine } from './render-app';

afterEach(cleanup);

async function renderWith(offline: ReturnType<typeof createOfflineState>) {
  location.hash = '#/';
  const db = await openEventDb({}, `offline-${Math.random()}`);
  render(<App services={{ db, deviceId: 'd', engine: directEngine, now: () => 0 }} initialLang="fr" offline={offline} />);
  await screen.findByRole('heading', { name: 'Événements' });
}

describe('offline readiness', () => {
  it('says it is preparing, then announces once when the first precache completes', async () => {
    const offline = createOfflineState('preparing');
    await renderWith(offline);
    expect(screen.getByTestId('offline-status').textContent).toContain('Préparation du mode hors ligne');
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    act(() => offline.set('ready', { announce: true }));
    expect(screen.getByTestId('offline-ready').textContent).toContain('L’application fonctionne maintenant hors ligne.');
    expect(screen.getByTestId('offline-status').textContent).toBe('✓ Prête hors ligne\u00a0: vous pouvez couper le réseau.');
    fireEvent.click(screen.getByRole('button', { name: 'Compris' }));
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    expect(screen.getByTestId('offline-status').dataset.status).toBe('ready');
  });

  it('a worker already installed is ready without a message; a later failed update does not undo it', async () => {
    const offline = createOfflineState('preparing');
    await renderWith(offline);
    act(() => offline.set('ready'));
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    act(() => offline.set('failed'));
    expect(screen.getByTestId('offline-status').dataset.status).toBe('ready');
  });

  it('tells the organizer when offline mode cannot be prepared', async () => {
    const offline = createOfflineState('preparing');
    await renderWith(offline);
    act(() => offline.set('failed'));
    expect(screen.getByTestId('offline-status').textContent).toContain('n’a pas pu être préparé');
    cleanup();
    await renderWith(createOfflineState('unsupported'));
    expect(screen.getByTestId('offline-status').textContent).toBe('Ce navigateur ne peut pas garder l’application hors ligne.');
  });
});
