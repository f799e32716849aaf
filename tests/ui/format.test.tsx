// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'preact/hooks';
import { systemFor } from '../../src/domain/systems';
import type { TabProps } from '../../src/ui/screens/event/types';
import { announceChange } from '../../src/store/channel';
import { appendActions } from '../../src/store/events';
import { EventSettings } from '../../src/ui/screens/event/EventSettings';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

const fresh = () => makeEvent({ settings: { points: 50, variants: [], rounds: null }, players: Array.from({ length: 12 }, (_, i) => makePlayer(i + 1)), rounds: [] });

describe('format tab', () => {
  it('shows the timing of the size (50 pts: 100 min, turn 12, extension 6) and the day plan', async () => {
    await renderTab(EventSettings, fresh());
    expect((await screen.findByTestId('timing-line')).textContent).toBe('Partie\u00a0: 100 min + 1d6 x 2 minutes cachées · tour\u00a0: 12 min · extension\u00a0: 6 min');
    // 12 players -> 4 rounds, slots of 100 + 30 min from 09:30
    expect(screen.getByText(/^Ronde 1 : 09:30 – dés posés au plus tard 11:22 – ronde suivante 11:40$/)).toBeTruthy();
    expect(screen.getByText(/^Ronde 4 : 16:00/)).toBeTruthy();
  });

  it('saves annex variants as keywords, updates the description line and the timing', async () => {
    const { current } = await renderTab(EventSettings, fresh());
    fireEvent.click(await screen.findByLabelText(/Attrition/i));
    fireEvent.click(screen.getByLabelText(/Accéléré/i));
    expect(screen.getByTestId('timing-line').textContent).toMatch(/^Partie\u00a0: 80 min .* tour\u00a0: 10 min · extension\u00a0: 5 min$/);
    expect(screen.getByTestId('description-line').textContent).toMatch(/^Tournoi SR2011 en 50 points\. Règles annexes SR2011\u00a0: /);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.variants.sort()).toEqual(['accelerated-timing', 'attrition-standings']));
  });

  it('reads a pasted English description into the draft', async () => {
    const { current } = await renderTab(EventSettings, fresh());
    fireEvent.input(await screen.findByLabelText('Description de l’événement'), {
      target: { value: 'SR2011 35 points. Annex rules: attrition standings, accelerated timing, 1 list, scenario (The Gauntlet)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Lire cette description' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () =>
      expect((await current()).settings).toMatchObject({ points: 35, variants: ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet'] }),
    );
  });

  it('refuses incompatible variants with a clear message and saves nothing', async () => {
    const { current } = await renderTab(EventSettings, fresh());
    fireEvent.click(await screen.findByLabelText(/Diviser pour mieux régner/));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('«\u00a0divide-and-conquer\u00a0» exige un nombre de rondes fixé');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    expect((await current()).settings.variants).toEqual([]);
  });

  it('fixes the number of rounds (X rounds variant)', async () => {
    const { current } = await renderTab(EventSettings, fresh());
    expect(await screen.findByText(/Selon le nombre de joueurs \(4 pour 12 joueurs\)/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Nombre fixe/));
    fireEvent.input(screen.getByLabelText('Rondes'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.rounds).toBe(5));
  });

  it('lets the organizer confirm they have the rules of Demolition, which the source lacks', async () => {
    const { current } = await renderTab(EventSettings, fresh());
    const box = (await screen.findByLabelText(/J’ai les règles de Démolition/)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.demolitionRulesProvided).toBe(true));
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.demolitionRulesProvided).toBe(false));
  });

  it('keeps the announced scenarios in their order, repeats included (« Scénarios (X) »)', async () => {
    const ev = fresh();
    ev.settings = { ...ev.settings, variants: ['scenario:kill-box,the-gauntlet,kill-box'] };
    const { current } = await renderTab(EventSettings, ev);
    const announced = await screen.findByRole('list', { name: 'Scénarios annoncés, dans leur ordre' });
    const entries = () =>
      within(announced)
        .queryAllByRole('listitem')
        .map((li) => li.firstChild!.textContent);
    expect(entries()).toEqual(['La Cage', 'Gantelet', 'La Cage']);
    fireEvent.change(screen.getByLabelText('Scénario à ajouter'), { target: { value: 'kill-box' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter à la liste' }));
    fireEvent.click(within(announced).getAllByRole('button', { name: /^Retirer/ })[1]!);
    expect(entries()).toEqual(['La Cage', 'La Cage', 'La Cage']);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.variants).toEqual(['scenario:kill-box,kill-box,kill-box']));
    for (const b of within(announced)
      .getAllByRole('button', { name: /^Retirer/ })
      .reverse())
      fireEvent.click(b);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.variants).toEqual([]));
  });

  it('saves only the fields it changed: an event reopened from the standings stays open', async () => {
    const ended = fresh();
    ended.settings = { ...ended.settings, finished: true };
    const { db, eventId, current } = await renderTab(EventSettings, ended);
    await screen.findByTestId('timing-line');
    // the standings screen reopens the event while this form (drafted when it was ended) is open
    const r = await appendActions(db, eventId, [{ type: 'event-updated', patch: { settings: { finished: false } } }], { deviceId: 'other' });
    announceChange({ eventId, seq: r.seq, kind: 'appended' });
    fireEvent.click(await screen.findByLabelText(/attrition/i));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings).toMatchObject({ finished: false, variants: ['attrition-standings'] }));
  });
});

describe('format tab, while the event changes elsewhere', () => {
  it('writes only what the organizer changed: a name another device gave meanwhile is not written back, and the untouched form shows it', async () => {
    const { db, eventId, current } = await renderTab(EventSettings, fresh());
    await screen.findByTestId('timing-line');
    const r = await appendActions(db, eventId, [{ type: 'event-updated', patch: { name: 'Open de Nantes — renommé' } }], { deviceId: 'other' });
    announceChange({ eventId, seq: r.seq, kind: 'appended' });
    // the untouched form follows the event
    await waitFor(() => expect((screen.getByDisplayValue(/Open de Nantes/) as HTMLInputElement).value).toBe('Open de Nantes — renommé'));
    fireEvent.click(await screen.findByLabelText(/attrition/i));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.variants).toEqual(['attrition-standings']));
    expect((await current()).name).toBe('Open de Nantes — renommé');
  });

  it('keeps what the organizer typed when the event changes before the save, and writes only that', async () => {
    const { db, eventId, current } = await renderTab(EventSettings, fresh());
    await screen.findByTestId('timing-line');
    fireEvent.click(await screen.findByLabelText(/attrition/i));
    const r = await appendActions(db, eventId, [{ type: 'event-updated', patch: { name: 'Renommé ailleurs' } }], { deviceId: 'other' });
    announceChange({ eventId, seq: r.seq, kind: 'appended' });
    await waitFor(async () => expect((await current()).name).toBe('Renommé ailleurs'));
    expect((screen.getByLabelText(/attrition/i) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le format' }));
    await waitFor(async () => expect((await current()).settings.variants).toEqual(['attrition-standings']));
    expect((await current()).name).toBe('Renommé ailleurs');
  });
});

describe('format tab, reopened', () => {
  it('checks the settings against the players once per change of the event, not at every opening (issue 23)', async () => {
    const sr2011 = systemFor('sr2011');
    const checks = vi.spyOn(sr2011, 'validateEvent');
    function Reopen(props: TabProps) {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle
          </button>
          {open && <EventSettings {...props} />}
        </>
      );
    }
    await renderTab(Reopen, fresh());
    await screen.findByTestId('timing-line');
    const first = checks.mock.calls.length;
    expect(first).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await screen.findByTestId('timing-line');
    expect(checks.mock.calls.length).toBe(first);
    // a change in the draft is checked at once, as before
    fireEvent.click(await screen.findByLabelText(/Diviser pour mieux régner/));
    expect((await screen.findByRole('alert')).textContent).toContain('divide-and-conquer');
    expect(checks.mock.calls.length).toBeGreaterThan(first);
    checks.mockRestore();
  });
});
