// @vitest-environment jsdom
// Every screen has its own document title, and a route change takes the focus to the new
// screen's heading (a screen reader then reads where the user arrived); the first screen leaves
// the focus where the browser put it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/store/events';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

const go = (hash: string): void => {
  location.hash = hash;
};

describe('screen titles and focus on navigation', () => {
  it('names each screen in the title and moves the focus to its heading', async () => {
    let id = '';
    await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent({ name: 'Open de Lyon' }), { deviceId: 'd' })).meta.id;
    });
    await screen.findByRole('heading', { level: 1, name: 'Événements' });
    await waitFor(() => expect(document.title).toBe('Événements · Tournoi'));
    expect(document.activeElement).toBe(document.body);

    go('#/settings');
    const settings = await screen.findByRole('heading', { level: 1, name: 'Réglages' });
    await waitFor(() => expect(document.title).toBe('Réglages · Tournoi'));
    await waitFor(() => expect(document.activeElement).toBe(settings));

    const titles = new Set<string>(['Événements · Tournoi', 'Réglages · Tournoi']);
    for (const [tab, label] of [
      ['players', 'Joueurs'],
      ['rounds', 'Rondes'],
      ['standings', 'Classement'],
      ['settings', 'Format'],
    ] as const) {
      go(`#/event/${id}/${tab}`);
      const title = `${label} — Open de Lyon · Tournoi`;
      await waitFor(() => expect(document.title).toBe(title), { timeout: 10_000 });
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Open de Lyon' })));
      // the tab's own chunk loaded too: on a busy machine its modules were still loading when the
      // test ended, and the test environment's teardown failed them
      await waitFor(() => expect(screen.queryByText('Chargement…')).toBeNull(), { timeout: 30_000 });
      titles.add(title);
    }

    go('#/campaigns');
    await waitFor(() => expect(document.title).toBe('Campagnes — Campagnes Warmaster · Tournoi'), { timeout: 10_000 });
    // the heading as it stands once loaded (a lazy screen may replace its first one)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Campagnes Warmaster' })));
    await waitFor(() => expect(screen.queryByText('Chargement…')).toBeNull(), { timeout: 30_000 });
    titles.add(document.title);
    expect(titles.size).toBe(7);
  });

  it('names the language button by what it shows', async () => {
    await renderApp('#/');
    const lang = await screen.findByRole('button', { name: /^EN\b/ });
    expect(lang.textContent).toBe('EN');
    fireEvent.click(lang);
    const back = await screen.findByRole('button', { name: /^FR\b/ });
    expect(back.textContent).toBe('FR');
    await waitFor(() => expect(document.title).toBe('Events · Tournament'));
  });
});
