// @vitest-environment jsdom
// The pairings projector names the round's scenario through the event's system (GameSystem.
// scenarioName): SR2011's name once the round has started, « announced when the round starts »
// before; a system whose rounds carry no scenario shows its name instead of a scenario line.
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventFile } from '../../src/domain/event-file/types';
import { scenarioName } from '../../src/domain/sr2011';
import { createEvent } from '../../src/store/events';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

async function openProjector(event: EventFile): Promise<string> {
  const { db } = await renderApp();
  const { meta } = await createEvent(db, event, { deviceId: 'd' });
  location.hash = `#/event/${meta.id}/projector/pairings`;
  const heading = await screen.findByRole('heading', { name: 'Appariements — ronde 1' });
  // one kind of space: the line's colon sits after a no-break space
  return (heading.parentElement!.textContent ?? '').replace(/\s/g, ' ');
}

const unplayed = (event: EventFile, extra: Record<string, unknown>): EventFile => ({
  ...event,
  rounds: [{ ...event.rounds[0]!, ...extra, pairings: event.rounds[0]!.pairings.map(({ table, a, b }) => ({ table, a, b })) }],
});

describe('pairings projector: the scenario', () => {
  it("names SR2011's scenario once the round has started", async () => {
    const text = await openProjector(unplayed(makeEvent(), { scenario: 'incursion', startedAt: Date.now() }));
    expect(text).toContain(`Scénario : ${scenarioName('incursion', 'fr')}`);
  });

  it('keeps it secret before the start', async () => {
    const text = await openProjector(unplayed(makeEvent(), { scenario: 'incursion' }));
    expect(text).toContain('annoncé au début de la ronde');
    expect(text).not.toContain(scenarioName('incursion', 'fr'));
  });

  it('shows no scenario line for a system without scenarios, whatever name the file carries', async () => {
    const base = makeEvent();
    const lotr = unplayed(
      { ...base, system: 'lotr-sbg', settings: { points: 500, variants: [], rounds: null }, players: base.players.map((p) => ({ ...p, lists: [] })) },
      { scenario: 'incursion', startedAt: Date.now() },
    );
    delete (lotr.rounds[0] as { variableMinutes?: unknown }).variableMinutes;
    const text = await openProjector(lotr);
    expect(text).not.toContain('Scénario');
    expect(text).not.toContain(scenarioName('incursion', 'fr'));
  });
});
