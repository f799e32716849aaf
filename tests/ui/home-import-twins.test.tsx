// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeEventFile } from '../../src/domain/event-file';
import { listBackups } from '../../src/store/backups';
import { createEvent, getLog, listEvents, loadEvent } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

function upload(input: HTMLElement, text: string): void {
  const file = new File([text], 'winter.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const larger = () => makeEvent({ players: [...makeEvent().players, makePlayer(6)] });

describe('importing an event already on the device', () => {
  it('asks, and "replace" keeps one card, logs the replacement and backs up the old state', async () => {
    const { db } = await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    upload(await screen.findByTestId('import-input'), serializeEventFile(larger()));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('«\u00a0Winter Steamroller\u00a0» du 5 décembre 2026 existe déjà ici (5 joueurs, 1 ronde). Le fichier contient 6 joueurs et 1 ronde.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remplacer celui de l’appareil', hidden: true }));
    await screen.findByText('« Winter Steamroller » remplacé par le fichier (sauvegarde gardée).');
    const metas = await listEvents(db);
    expect(metas).toHaveLength(1);
    expect((await loadEvent(db, metas[0]!.id)).event.players).toHaveLength(6);
    expect((await getLog(db, metas[0]!.id)).at(-1)!.action.type).toBe('event-replaced');
    expect((await listBackups(db, metas[0]!.id))[0]!.reason).toBe('before-import');
    await screen.findByText(/^6 joueurs · 1 ronde/);
  });

  it('"import as a copy" adds « … (copie) » with its own id and leaves the original alone', async () => {
    const { db } = await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    upload(await screen.findByTestId('import-input'), serializeEventFile(larger()));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Crée un second événement nommé «\u00a0Winter Steamroller (copie)\u00a0».');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer comme copie', hidden: true }));
    await screen.findByText('Winter Steamroller (copie)');
    const metas = await listEvents(db);
    expect(metas.map((m) => m.name).sort()).toEqual(['Winter Steamroller', 'Winter Steamroller (copie)']);
    expect(new Set(metas.map((m) => m.id)).size).toBe(2);
    const original = metas.find((m) => m.name === 'Winter Steamroller')!;
    expect((await loadEvent(db, original.id)).event.players).toHaveLength(5);
  });

  it("a re-imported file's remarks come after the choice, in the organizer's words (issue 21)", async () => {
    await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    // a game recorded as gone to time while player 1's 2 CP already won the scenario
    const file = larger();
    file.rounds[0]!.pairings[0]!.result = { winner: 'p1', how: 'tiebreak', a: { cp: 2, apd: 31, listIndex: 0 }, b: { cp: 0, apd: 12, listIndex: 0 } };
    upload(await screen.findByTestId('import-input'), serializeEventFile(file));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    // nothing is imported yet: no remark behind the question
    expect(screen.queryByText(/remarque/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importer comme copie', hidden: true }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 remarque sur les règles. L’événement a été importé tel quel.');
    const remark = within(alert).getAllByRole('listitem')[0]!.textContent!;
    expect(remark).toBe('ronde 1, table 1\u00a0: partie notée allée au temps, alors que les 2 PC de Player 1 gagnent déjà «\u00a0overrun\u00a0»');
    expect(remark).not.toMatch(/rounds\[|\bp1\b/);
  });

  it('a cancelled re-import shows no remark', async () => {
    await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    const file = larger();
    file.rounds[0]!.pairings[0]!.result = { winner: 'p1', how: 'tiebreak', a: { cp: 2, apd: 31, listIndex: 0 }, b: { cp: 0, apd: 12, listIndex: 0 } };
    upload(await screen.findByTestId('import-input'), serializeEventFile(file));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    expect(screen.queryByText(/remarque/)).toBeNull();
  });

  it('"cancel" stores nothing', async () => {
    const { db } = await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    upload(await screen.findByTestId('import-input'), serializeEventFile(makeEvent()));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    const metas = await listEvents(db);
    expect(metas).toHaveLength(1);
    expect(await getLog(db, metas[0]!.id)).toHaveLength(1);
  });

  it('shows the finished state and counts dropped players on the card', async () => {
    const base = makeEvent();
    const event = { ...base, settings: { ...base.settings, finished: true }, players: base.players.map((p, i) => (i < 2 ? { ...p, dropped: true, droppedAfterRound: 1 } : p)) };
    await renderApp('#/', (db) => createEvent(db, event, { deviceId: 'd' }));
    const card = (await screen.findByText('Winter Steamroller')).closest('li')!;
    expect(card.textContent).toContain('5 joueurs (2 abandons) · 1 ronde');
    expect(within(card).getByText('Terminé')).toBeTruthy();
  });
});
