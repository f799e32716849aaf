// @vitest-environment jsdom
// The UI companions (src/ui/systems): one per system, consistent with what its GameSystem
// declares, and what registration offers per system (peoples for Confrontation, not Warmachine
// factions; Good/Evil for LotR).
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEMS, type SystemId } from '../../src/domain/event-file/types';
import { systemFor } from '../../src/domain/systems';
import { Players } from '../../src/ui/screens/event/Players';
import { uiFor } from '../../src/ui/systems';
import { SIZES } from '../../src/ui/systems/sizes';
import { renderTab } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const settings = (id: SystemId) => ({ points: SIZES[id].default ?? 400, variants: [], rounds: null });

describe('system companions', () => {
  it('exist for every system, with a list editor exactly where the system has list rules', () => {
    for (const id of SYSTEMS) {
      const ui = uiFor(id);
      expect(ui, id).toBeTruthy();
      const hasRules = systemFor(id).validateLists({ lists: [] }, settings(id)).length > 0;
      expect(ui.lists !== null, id).toBe(hasRules);
      expect(ui.standings.columns(systemEvent(id, settings(id).points, 2)).length, id).toBeGreaterThan(0);
    }
  });

  it('gives each system a size the create form can ask', () => {
    for (const id of SYSTEMS) expect(SIZES[id].label !== null || (SIZES[id].choices?.length ?? 0) > 0, id).toBe(true);
  });
});

describe('registration per system', () => {
  const suggestions = () => [...document.querySelectorAll('#players-factions option')].map((o) => (o as HTMLOptionElement).value);

  it('suggests Confrontation peoples, not Warmachine factions, under "Peuple"', async () => {
    await renderTab(Players, systemEvent('confrontation-cdr', 400, 2));
    expect(await screen.findByLabelText('Peuple')).toBeTruthy();
    expect(suggestions()).toContain("Wolfen d'Yllia");
    expect(suggestions()).toContain("Lions d'Alahan");
    expect(suggestions()).not.toContain('Cygnar');
  });

  it('suggests Good and Evil for LotR, under "Camp"', async () => {
    await renderTab(Players, systemEvent('lotr-sbg', 500, 2));
    expect(await screen.findByLabelText('Camp')).toBeTruthy();
    expect(suggestions()).toEqual(['Bien', 'Mal']);
  });

  it('keeps the Warmachine / Hordes factions for SR2011', async () => {
    await renderTab(Players, systemEvent('sr2011', 50, 2));
    expect(await screen.findByLabelText('Faction')).toBeTruthy();
    expect(suggestions()).toContain('Cygnar');
  });
});
