// @vitest-environment jsdom
// The players' view names the round's scenario through the view's system (GameSystem.scenarioName):
// SR2011's own name for one of its scenarios; nothing for a name it does not know, for a system
// whose rounds carry no scenario, or for a system id the app does not know (the server is anyone's),
// and the pairings still show in every case.
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scenarioName } from '../../src/domain/sr2011';
import { renderApp } from './render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view = (system: string, scenario: string | null) => ({
  format: 'wargame-public-view',
  name: 'Tournoi de la Saint-Éloi',
  date: '2026-12-05',
  system,
  updatedAt: Date.UTC(2026, 11, 5, 9, 0),
  round: {
    number: 2,
    startedAt: Date.UTC(2026, 11, 5, 9, 30),
    finished: false,
    baseMinutes: null,
    scenario,
    tables: [{ table: 1, a: 'Éloïse Dupont-Largeau', b: 'Jean Martin', aNumber: 1, bNumber: 2 }],
    bye: [],
  },
  standings: [],
  standingsAfter: 0,
});

async function openPublic(doc: unknown): Promise<HTMLElement> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(doc), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  await renderApp(`#/public/${encodeURIComponent('http://localhost:5984/pub')}`);
  return screen.findByTestId('public-pairings');
}

describe("players' view: the scenario", () => {
  it("names SR2011's scenario in the app's words", async () => {
    const pairings = await openPublic(view('sr2011', 'incursion'));
    expect(within(pairings).getByText('Éloïse Dupont-Largeau')).toBeTruthy();
    expect(screen.getByTestId('public-scenario').textContent?.replace(/\s/g, ' ')).toBe(`Scénario : ${scenarioName('incursion', 'fr')}`);
  });

  it('shows no scenario for a name SR2011 does not know', async () => {
    await openPublic(view('sr2011', '<img src=x onerror=alert(1)>'));
    expect(screen.queryByTestId('public-scenario')).toBeNull();
  });

  it('shows no scenario for a system without scenarios, even with a known name in the document', async () => {
    const pairings = await openPublic(view('lotr-sbg', 'incursion'));
    expect(within(pairings).getByText('Jean Martin')).toBeTruthy();
    expect(screen.queryByTestId('public-scenario')).toBeNull();
  });

  it('still shows the pairings for a system id the app does not know', async () => {
    const pairings = await openPublic(view('necromunda', 'incursion'));
    expect(within(pairings).getByText('Jean Martin')).toBeTruthy();
    expect(screen.queryByTestId('public-scenario')).toBeNull();
  });
});
