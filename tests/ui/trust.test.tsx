// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listBackups } from '../../src/store/backups';
import { createEvent, getLog, listEvents, loadEvent } from '../../src/store/events';
import { getPin, setPin } from '../../src/store/pin';
import { setUnlocked } from '../../src/ui/pin-session';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

async function lockedEvent() {
  let id = '';
  const r = await renderApp('#/', async (db) => {
    id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
    await setPin(db, id, '4821');
  });
  setUnlocked(id, false);
  return { ...r, id };
}

describe('organizer PIN', () => {
  it('sets a PIN at creation and opens the new event unlocked', async () => {
    const { db } = await renderApp();
    fireEvent.click(await screen.findByRole('button', { name: /Nouvel événement/ }));
    fireEvent.input(screen.getByLabelText('Nom de l’événement'), { target: { value: 'Open' } });
    fireEvent.input(screen.getByLabelText(/Code organisateur/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code organisateur doit faire 4 à 8 chiffres.');
    fireEvent.input(screen.getByLabelText(/Code organisateur/), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    // the event screen is a lazy chunk: on a loaded machine it takes more than the default second
    await screen.findByRole('link', { name: 'Joueurs' }, { timeout: 5000 });
    const [meta] = await listEvents(db);
    // the recovery code of the PIN just set, shown once
    expect((await screen.findByTestId('recovery-code')).textContent).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(await getPin(db, meta!.id)).not.toBeNull();
    expect(screen.getByRole('button', { name: /Verrouiller/ })).toBeTruthy();
  });

  it('keeps organizer mode closed without the PIN, refuses a wrong one, opens with the right one', async () => {
    const { id } = await lockedEvent();
    location.hash = `#/event/${id}/players`;
    await screen.findByText('Mode organisateur verrouillé', { exact: false });
    expect(screen.queryByRole('link', { name: 'Joueurs' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Annuler\s:|Rien à annuler)/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeTruthy(); // recovery stays possible
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code incorrect.');
    fireEvent.input(screen.getByLabelText('Code'), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    await screen.findByRole('link', { name: 'Joueurs' });
    fireEvent.click(screen.getByRole('button', { name: /Verrouiller/ }));
    await screen.findByText('Mode organisateur verrouillé', { exact: false });
  });

  it('« Code oublié ? » needs the recovery code (the event name no longer works), counts wrong codes, waits, and logs the removal', async () => {
    let code = '';
    let id = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
      code = (await setPin(db, id, '4821'))!;
    });
    setUnlocked(id, false);
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    location.hash = `#/event/${id}/players`;
    fireEvent.click(await screen.findByRole('button', { name: 'Code oublié\u202f?' }));
    const field = () => screen.getByLabelText('Code de secours');
    const remove = () => fireEvent.click(screen.getByRole('button', { name: 'Supprimer le code' }));
    // what a player at the tablet has: the event's name, printed above the box
    const failures = async () => (await getPin(db, id))?.failures;
    for (const [i, guess] of ['Winter Steamroller', 'WINTER-STEAMROLLER-0000'].entries()) {
      fireEvent.input(field(), { target: { value: guess } });
      await new Promise((r) => setTimeout(r, 10));
      remove();
      await waitFor(async () => expect(await failures()).toBe(i + 1));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Ce n’est pas le code de secours.'));
    }
    // a third wrong try starts the wait, and then even the right code waits
    fireEvent.input(field(), { target: { value: '0000-0000-0000-0000' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Supprimer le code' }).hasAttribute('disabled')).toBe(false));
    remove();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Trop d’essais\u00a0: réessayez dans 30 s\./));
    fireEvent.input(field(), { target: { value: code } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Supprimer le code' }).hasAttribute('disabled')).toBe(false));
    remove();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Trop d’essais\u00a0: réessayez dans \d+ s/));
    expect(await getPin(db, id)).not.toBeNull();
    expect((await getLog(db, id)).some((e) => e.action.type === 'organizer-pin-reset')).toBe(false);
    // the wait over (as after 30 s), the written-down code, typed loosely, removes the PIN
    await db.put('settings', { ...(await getPin(db, id))!, lockedUntil: 0 }, `pin:${id}`);
    fireEvent.input(field(), { target: { value: code.toLowerCase().replace(/-/g, ' ') } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Supprimer le code' }).hasAttribute('disabled')).toBe(false));
    remove();
    await screen.findByRole('link', { name: 'Joueurs' });
    expect(await getPin(db, id)).toBeNull();
    expect((await getLog(db, id)).at(-1)!.action).toEqual({ type: 'organizer-pin-reset', how: 'recovery-code' });
  });

  it('shows the recovery code once when the PIN is set, and « Verrouiller » at once', async () => {
    let id = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
    });
    location.hash = `#/event/${id}/settings`;
    const input = await screen.findByLabelText('Définir un code organisateur');
    expect(screen.queryByRole('button', { name: /Verrouiller/ })).toBeNull();
    fireEvent.input(input, { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    const shown = await screen.findByTestId('recovery-code');
    const code = shown.textContent!;
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    // no reload, no tab change: the lock button is there
    await screen.findByRole('button', { name: /Verrouiller/ });
    fireEvent.click(screen.getByRole('button', { name: 'C’est noté', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('recovery-code')).toBeNull());
    // changing the PIN keeps the code already written down: nothing new to show
    fireEvent.input(await screen.findByLabelText('Changer le code organisateur'), { target: { value: '1357' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await screen.findByText('Code organisateur enregistré.');
    expect(screen.queryByTestId('recovery-code')).toBeNull();
    // the code is only in memory until shown: never stored in clear
    const record = await getPin(db, id);
    expect(JSON.stringify(record)).not.toContain(code);
    fireEvent.click(screen.getByRole('button', { name: /Verrouiller/ }));
    await screen.findByText('Mode organisateur verrouillé', { exact: false });
  });

  it('locks by itself after the chosen minutes without a touch', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let clock = Date.UTC(2026, 11, 5, 9, 0);
      let id = '';
      await renderApp(
        '#/',
        async (db) => {
          id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
          await setPin(db, id, '4821');
        },
        { now: () => clock },
      );
      setUnlocked(id, true);
      location.hash = `#/event/${id}/settings`;
      const select = await screen.findByLabelText(/^Verrouiller après inactivité/);
      fireEvent.change(select, { target: { value: '2' } });
      await new Promise((r) => setTimeout(r, 20));
      clock += 90_000;
      fireEvent.pointerDown(document.body); // activity at 1 min 30
      clock += 90_000;
      vi.advanceTimersByTime(5_000);
      await new Promise((r) => setTimeout(r, 20));
      vi.advanceTimersByTime(5_000);
      expect(screen.queryByText('Mode organisateur verrouillé', { exact: false })).toBeNull();
      clock += 31_000; // 2 min 1 s since the last touch
      vi.advanceTimersByTime(5_000);
      await screen.findByText('Mode organisateur verrouillé', { exact: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not lock by itself while a round runs (the hall timer stays on screen)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let clock = Date.UTC(2026, 11, 5, 9, 0);
      let id = '';
      const ev = makeEvent();
      ev.rounds[0] = { ...ev.rounds[0]!, startedAt: clock };
      await renderApp(
        '#/',
        async (db) => {
          id = (await createEvent(db, ev, { deviceId: 'd' })).meta.id;
          await setPin(db, id, '4821');
        },
        { now: () => clock },
      );
      setUnlocked(id, true);
      location.hash = `#/event/${id}/settings`;
      await screen.findByLabelText(/^Verrouiller après inactivité/, {}, { timeout: 5000 });
      clock += 60 * 60_000;
      vi.advanceTimersByTime(5_000);
      await new Promise((r) => setTimeout(r, 50));
      vi.advanceTimersByTime(5_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByText('Mode organisateur verrouillé', { exact: false })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the PIN before deleting a guarded event from the home screen', async () => {
    const { db } = await lockedEvent();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Code organisateur demandé pour «\u00a0Winter Steamroller\u00a0».');
    fireEvent.input(within(dialog).getByLabelText('Code'), { target: { value: '4821' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déverrouiller', hidden: true }));
    const confirm = await screen.findByText(/Supprimer « Winter Steamroller » \?/);
    fireEvent.click(within(confirm.closest('dialog')!).getByRole('button', { name: 'Supprimer', hidden: true }));
    await waitFor(async () => expect(await listEvents(db)).toHaveLength(0));
  });
});

describe('the strict end of game', () => {
  it('is an event setting in the settings tab, stored in the event', async () => {
    let id = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
    });
    location.hash = `#/event/${id}/settings`;
    const box = (await screen.findByLabelText('Fin de partie annoncée par l’organisateur')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(async () => expect((await loadEvent(db, id)).event.settings.organizerCallsTime).toBe(true));
    await waitFor(() => expect((screen.getByLabelText('Fin de partie annoncée par l’organisateur') as HTMLInputElement).checked).toBe(true));
  });
});

describe('backups', () => {
  it('backs up by hand, lists it, and restores it as a logged, undoable action', async () => {
    let id = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
    });
    location.hash = `#/event/${id}/settings`;
    fireEvent.click(await screen.findByRole('button', { name: 'Sauvegarder maintenant' }));
    await waitFor(() => expect(screen.getByTestId('backups-table')).toBeTruthy());
    // change something, then go back
    location.hash = `#/event/${id}/players`;
    await screen.findByRole('button', { name: 'Inscrire' });
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: 'Nouveau Joueur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await screen.findByText(/Nouveau Joueur inscrit/);
    location.hash = `#/event/${id}/settings`;
    fireEvent.click((await screen.findAllByRole('button', { name: 'Restaurer' })).at(-1)!);
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Restaurer', hidden: true }));
    await waitFor(async () => expect((await loadEvent(db, id)).event.players).toHaveLength(5));
    expect((await getLog(db, id)).at(-1)!.action.type).toBe('backup-restored');
    expect((await listBackups(db, id)).map((b) => b.reason)).toContain('before-restore');
  });

  it('reminds to download a backup once a round is complete', async () => {
    let id = '';
    const ev = makeEvent();
    ev.rounds[0]!.pairings[1]!.result = { winner: 'p3', how: 'scenario', a: { cp: 2, apd: 0 }, b: { cp: 0, apd: 0 } };
    await renderApp('#/', async (db) => {
      id = (await createEvent(db, ev, { deviceId: 'd' })).meta.id;
    });
    location.hash = `#/event/${id}/standings`;
    const banner = await screen.findByTestId('backup-reminder');
    expect(banner.textContent).toContain('Ronde 1 terminée\u00a0: téléchargez une sauvegarde');
  });
});
