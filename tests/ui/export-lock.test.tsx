// @vitest-environment jsdom
// Issue 14, items 3 and 4: what an exported file carries depends on who exports it. Without the
// PIN, a running round's hidden length stays out (the PIN-unlocked export and the automatic
// backups keep it); a locked event's file carries its lock, so an imported copy stays locked and
// opens only with the organizer's recovery code. The CLI reads such files.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { parseEventFile } from '../../src/domain/event-file';
import { roundEndsAt, eventTiming } from '../../src/domain/sr2011';
import { snapshotEvent } from '../../src/store/backups';
import { createEvent, getLog, listEvents, loadEvent } from '../../src/store/events';
import { getPin, setImportedLock, setPin } from '../../src/store/pin';
import { setUnlocked } from '../../src/ui/pin-session';
import { cli } from '../cli/helpers';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

const downloads = vi.hoisted(() => [] as Array<{ filename: string; text: string }>);
vi.mock('../../src/ui/files', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/ui/files')>()),
  downloadText: (filename: string, text: string) => void downloads.push({ filename, text }),
}));

afterEach(() => {
  cleanup();
  downloads.length = 0;
});

const START = Date.UTC(2026, 11, 5, 9, 0);

/** Round 1 played, round 2 running with its hidden d6 x 2. */
function running(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0]!.finishedAt = START - 3_600_000;
  e.rounds[0]!.startedAt = START - 3 * 3_600_000;
  e.rounds.push({
    number: 2,
    scenario: 'overrun',
    startedAt: START,
    variableMinutes: 8,
    variableSeed: 987654,
    pairings: [
      { table: 1, a: 'p1', b: 'p3' },
      { table: 2, a: 'p2', b: 'p4' },
    ],
    bye: 'p5',
  });
  return e;
}

function upload(input: HTMLElement, text: string): void {
  const file = new File([text], 'event.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

async function exportFromToolbar(): Promise<string> {
  const before = downloads.length;
  fireEvent.click(await screen.findByRole('button', { name: 'Exporter' }));
  await waitFor(() => expect(downloads.length).toBe(before + 1));
  return downloads.at(-1)!.text;
}

describe('export during a round', () => {
  it('leaves the hidden length out without the PIN, keeps it with the PIN and in backups', async () => {
    let id = '';
    let code = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, running(), { deviceId: 'd' })).meta.id;
      code = (await setPin(db, id, '4821'))!;
    });
    setUnlocked(id, false);
    location.hash = `#/event/${id}/players`;
    await screen.findByText('Mode organisateur verrouillé', { exact: false });

    const locked = await exportFromToolbar();
    expect(locked).not.toMatch(/variableMinutes"?: 8|987654/);
    const file = JSON.parse(locked) as EventFile;
    expect(file.rounds[1]).not.toHaveProperty('variableMinutes');
    expect(file.rounds[1]).not.toHaveProperty('variableSeed');
    expect(file.rounds[1]!.hiddenLengthWithheld).toBe(true);
    // the finished round's length is no secret any more
    expect(file.rounds[0]!.variableMinutes).toBe(6);
    // the copy does not invent a dice down at the base time
    expect(roundEndsAt(file.rounds[1]!, eventTiming(file.settings))).toBeNull();
    await screen.findByText(/sans la durée cachée de la ronde en cours/);
    // the lock travels as the recovery code's hash, never the PIN's
    const pin = (await getPin(db, id))!;
    expect(file.lock).toEqual({ v: 1, recovery: pin.recovery });
    expect(locked).not.toContain(pin.hash);
    expect(locked).not.toContain(code);

    // the same from the home screen's list
    location.hash = '#/';
    const before = downloads.length;
    fireEvent.click(await screen.findByRole('button', { name: 'Exporter' }));
    await waitFor(() => expect(downloads.length).toBe(before + 1));
    expect(downloads.at(-1)!.text).not.toContain('987654');

    // the CLI reads the file without the hidden length
    const v = await cli(['validate', 'copy.json'], { 'copy.json': locked });
    expect(v.code).toBe(0);
    const st = await cli(['standings', 'copy.json'], { 'copy.json': locked });
    expect(st.code).toBe(0);

    // unlocked with the PIN, the organizer's export keeps everything
    location.hash = `#/event/${id}/players`;
    fireEvent.input(await screen.findByLabelText('Code'), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Déverrouiller' }));
    await screen.findByRole('link', { name: 'Joueurs' });
    const full = JSON.parse(await exportFromToolbar()) as EventFile;
    expect(full.rounds[1]).toMatchObject({ variableMinutes: 8, variableSeed: 987654 });
    expect(full.rounds[1]).not.toHaveProperty('hiddenLengthWithheld');

    // automatic backups keep it too
    const backup = await snapshotEvent(db, id, 'interval');
    expect(backup!.file).toContain('987654');
  });

  it('leaves it out too when the event has no PIN at all', async () => {
    let id = '';
    await renderApp('#/', async (db) => {
      id = (await createEvent(db, running(), { deviceId: 'd' })).meta.id;
    });
    location.hash = `#/event/${id}/players`;
    const text = await exportFromToolbar();
    expect(text).not.toContain('987654');
    expect(JSON.parse(text)).not.toHaveProperty('lock');
  });
});

describe('an imported copy of a locked event', () => {
  it('stays locked; the PIN of the original is not in the file; the recovery code opens it, logged', async () => {
    let id = '';
    let code = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, running(), { deviceId: 'd' })).meta.id;
      code = (await setPin(db, id, '4821'))!;
    });
    setUnlocked(id, false);
    location.hash = `#/event/${id}/players`;
    const text = await exportFromToolbar();
    expect(parseEventFile(text).ok).toBe(true);

    location.hash = '#/';
    upload(await screen.findByTestId('import-input'), text);
    // the same event is on this device: import it as a copy
    fireEvent.click(await screen.findByRole('button', { name: 'Importer comme copie', hidden: true }));
    await screen.findByText(/importé/);
    const copy = (await listEvents(db)).find((m) => m.id !== id)!;
    const stored = (await loadEvent(db, copy.id)).event;
    expect(stored).not.toHaveProperty('lock'); // the lock lives in the device's settings
    expect((await getPin(db, copy.id))!.imported).toBe(true);

    location.hash = `#/event/${copy.id}/players`;
    await screen.findByText(/est la copie d’un événement verrouillé/);
    expect(screen.queryByRole('link', { name: 'Joueurs' })).toBeNull();
    // the original's PIN is not known to the copy: there is no PIN box, only the recovery code
    expect(screen.queryByLabelText('Code')).toBeNull();
    fireEvent.input(screen.getByLabelText('Code de secours'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le code' }));
    await screen.findByRole('link', { name: 'Joueurs' });
    expect((await getLog(db, copy.id)).at(-1)!.action).toEqual({ type: 'organizer-pin-reset', how: 'recovery-code' });
  });

  it('deleting an imported locked copy from the home screen asks for the recovery code', async () => {
    let code = '';
    const { db } = await renderApp('#/', async (db) => {
      const original = (await createEvent(db, makeEvent({ name: 'Original' }), { deviceId: 'd' })).meta.id;
      code = (await setPin(db, original, '4821'))!;
      const copy = (await createEvent(db, makeEvent({ name: 'Copie importée' }), { deviceId: 'd' })).meta.id;
      await setImportedLock(db, copy, (await getPin(db, original))!.recovery!);
    });
    const card = (await screen.findByText('Copie importée')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await waitFor(() => expect(within(dialog).getByLabelText('Code de secours')).toBeTruthy());
    expect(within(dialog).queryByLabelText('Code')).toBeNull();
    fireEvent.input(within(dialog).getByLabelText('Code de secours'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le code', hidden: true }));
    await screen.findByText(/Supprimer « Copie importée » \?/);
    expect(await listEvents(db)).toHaveLength(2);
  });

  it('a hostile lock (huge iteration count, garbage) gives a locked copy that can still be deleted', async () => {
    const { db } = await renderApp();
    const file = { ...makeEvent({ name: 'Piège' }), lock: { v: 1, recovery: { salt: 'zz', hash: 'x', iterations: 1e9 } } };
    upload(await screen.findByTestId('import-input'), JSON.stringify(file));
    await screen.findByText(/importé/);
    const [meta] = await listEvents(db);
    const record = (await getPin(db, meta!.id))!;
    expect(record.imported).toBe(true);
    expect(record.recovery).toBeUndefined();
    const card = (await screen.findByText('Piège')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Supprimer' }));
    await screen.findByText(/Supprimer « Piège » \?/);
  });

  it('a duplicate made on the device keeps the lock', async () => {
    let id = '';
    const { db } = await renderApp('#/', async (db) => {
      id = (await createEvent(db, makeEvent(), { deviceId: 'd' })).meta.id;
      await setPin(db, id, '4821');
    });
    setUnlocked(id, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Dupliquer' }));
    await waitFor(async () => expect(await listEvents(db)).toHaveLength(2));
    const copy = (await listEvents(db)).find((m) => m.id !== id)!;
    await waitFor(async () => expect(await getPin(db, copy.id)).not.toBeNull());
  });
});
