// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
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
    fireEvent.input(screen.getByLabelText("Nom de l'événement"), { target: { value: 'Open' } });
    fireEvent.input(screen.getByLabelText(/Code organisateur/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: "Créer l'événement" }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code organisateur doit faire 4 à 8 chiffres.');
    fireEvent.input(screen.getByLabelText(/Code organisateur/), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: "Créer l'événement" }));
    await screen.findByRole('link', { name: 'Joueurs' });
    const [meta] = await listEvents(db);
    expect(await getPin(db, meta!.id)).not.toBeNull();
    expect(screen.getByRole('button', { name: /Verrouiller/ })).toBeTruthy();
  });

  it('keeps organizer mode closed without the PIN, refuses a wrong one, opens with the right one', async () => {
    const { id } = await lockedEvent();
    location.hash = `#/event/${id}/players`;
    await screen.findByText('Mode organisateur verrouillé', { exact: false });
    expect(screen.queryByRole('link', { name: 'Joueurs' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Annuler la dernière action/ })).toBeNull();
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

  it('removes a forgotten PIN only with the exact event name, and logs it', async () => {
    const { db, id } = await lockedEvent();
    location.hash = `#/event/${id}/players`;
    fireEvent.click(await screen.findByRole('button', { name: 'Code oublié ?' }));
    fireEvent.input(screen.getByLabelText("Nom de l'événement"), { target: { value: 'Winter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le code' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Ce n'est pas le nom de l'événement.");
    fireEvent.input(screen.getByLabelText("Nom de l'événement"), { target: { value: 'Winter Steamroller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le code' }));
    await screen.findByRole('link', { name: 'Joueurs' });
    expect(await getPin(db, id)).toBeNull();
    expect((await getLog(db, id)).at(-1)!.action.type).toBe('organizer-pin-reset');
  });

  it('asks for the PIN before deleting a guarded event from the home screen', async () => {
    const { db } = await lockedEvent();
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Code organisateur demandé pour « Winter Steamroller ».');
    fireEvent.input(within(dialog).getByLabelText('Code'), { target: { value: '4821' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déverrouiller', hidden: true }));
    const confirm = await screen.findByText(/Supprimer « Winter Steamroller » \?/);
    fireEvent.click(within(confirm.closest('dialog')!).getByRole('button', { name: 'Supprimer', hidden: true }));
    await waitFor(async () => expect(await listEvents(db)).toHaveLength(0));
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
    expect(banner.textContent).toContain('Ronde 1 terminée : téléchargez une sauvegarde');
  });
});
