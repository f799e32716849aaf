// @vitest-environment jsdom
// The settings' storage line: « inconnue » only once the browser cannot tell, never while it is asked.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('storage use in the settings', () => {
  it('says it is reading while the estimate is pending, then the figures', async () => {
    let answer: (e: { usage: number; quota: number }) => void = () => undefined;
    const estimate = new Promise<{ usage: number; quota: number }>((r) => (answer = r));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: { estimate: () => estimate, persisted: async () => true } }));
    await renderApp('#/settings');
    const line = await screen.findByTestId('storage-use');
    expect(line.textContent).toBe('Lecture de l’espace utilisé…');
    expect(line.getAttribute('aria-busy')).toBe('true');
    answer({ usage: 2 * 1024 * 1024, quota: 512 * 1024 * 1024 });
    await waitFor(() => expect(line.textContent).toMatch(/utilisés sur .* disponibles/));
    expect(line.getAttribute('aria-busy')).toBe('false');
  });

  it('says « inconnue » when the browser has no estimate, or it fails', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: { estimate: () => Promise.reject(new Error('denied')) } }));
    await renderApp('#/settings');
    await waitFor(() => expect(screen.getByTestId('storage-use').textContent).toBe('Utilisation inconnue sur ce navigateur.'));
    cleanup();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: undefined }));
    await renderApp('#/settings');
    await waitFor(() => expect(screen.getByTestId('storage-use').textContent).toBe('Utilisation inconnue sur ce navigateur.'));
  });
});
