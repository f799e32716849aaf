// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent, listEvents } from '../../src/store/events';
import { makeEvent } from '../fixtures/events';
import { renderApp } from './render-app';

afterEach(cleanup);

function upload(input: HTMLElement, text: string): void {
  const file = new File([text], 'event.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('home screen', () => {
  it('says there is no event yet, then creates one and opens it', async () => {
    const { db } = await renderApp();
    await screen.findByText(/Aucun événement pour l’instant/);
    fireEvent.click(screen.getByRole('button', { name: /Nouvel événement/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Donnez un nom à l’événement.');
    fireEvent.input(screen.getByLabelText('Nom de l’événement'), { target: { value: 'Open de Lyon' } });
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-12-05');
    fireEvent.click(screen.getByRole('button', { name: 'Créer l’événement' }));
    await waitFor(() => expect(location.hash).toMatch(/^#\/event\/ev-/));
    const [meta] = await listEvents(db);
    expect(meta).toMatchObject({ name: 'Open de Lyon', system: 'sr2011', date: '2026-12-05', playerCount: 0 });
  });

  it('lists the problems of a bad file and stores nothing', async () => {
    const { db } = await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    upload(screen.getByTestId('import-input'), JSON.stringify({ ...makeEvent(), system: 'chess', players: 'none' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/problèmes trouvés/).textContent).toBe('2 problèmes trouvés. Rien n’a été modifié sur cet appareil.');
    expect(alert.textContent).toContain('system\u00a0: système de jeu inconnu «\u00a0chess\u00a0»');
    expect(alert.textContent).toContain('players\u00a0: doit être une liste [ … ]');
    expect(await listEvents(db)).toHaveLength(1);
  });

  it('imports a good file and shows it with its counts', async () => {
    const { db } = await renderApp();
    upload(await screen.findByTestId('import-input'), JSON.stringify(makeEvent()));
    await screen.findByText('« Winter Steamroller » importé (5 joueurs, 1 ronde).');
    await screen.findByText('Winter Steamroller');
    expect(screen.getByText(/5 joueurs · 1 ronde$/)).toBeTruthy();
    expect(await listEvents(db)).toHaveLength(1);
  });

  it("imports a file that breaks a rule, and shows the remark (a scenario win short of the scenario's CP)", async () => {
    const { db } = await renderApp();
    const ev = makeEvent();
    ev.rounds[0]!.pairings[0]!.result!.a.cp = 1;
    upload(await screen.findByTestId('import-input'), JSON.stringify(ev));
    await screen.findByText('« Winter Steamroller » importé (5 joueurs, 1 ronde).');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Importé avec des remarques\u00a0:');
    expect(alert.textContent).toContain('1 remarque sur les règles. L’événement a été importé tel quel.');
    expect(alert.textContent).toContain('ronde 1, table 1\u00a0: victoire au scénario avec 1 PC contre 0, alors que «\u00a0overrun\u00a0» demande 2');
    expect(await listEvents(db)).toHaveLength(1);
  });

  it('deletes only after confirmation', async () => {
    const { db } = await renderApp('#/', (db) => createEvent(db, makeEvent(), { deviceId: 'd' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Supprimer «\u00a0Winter Steamroller\u00a0»\u202f?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler', hidden: true }));
    expect(await listEvents(db)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByRole('button', { name: 'Supprimer', hidden: true }));
    await waitFor(async () => expect(await listEvents(db)).toHaveLength(0));
  });

  it('switches to English and back', async () => {
    await renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'EN — English' }));
    await screen.findByRole('heading', { name: 'Events' });
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: 'FR — Français' }));
    await screen.findByRole('heading', { name: 'Événements' });
  });
});

describe('player registration', () => {
  it('registers players with the next number and flags a duplicate name', async () => {
    const { db } = await renderApp();
    const { meta } = await createEvent(db, { ...makeEvent(), players: [], rounds: [] }, { deviceId: 'd' });
    location.hash = `#/event/${meta.id}/players`;
    const name = await screen.findByLabelText('Nom');
    fireEvent.input(name, { target: { value: 'Ana Duval' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await screen.findByText('Ana Duval inscrit (n° 1).');
    // the form cleared, the cursor is back in « Nom » for the next player
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom')));
    fireEvent.input(screen.getByLabelText('Nom'), { target: { value: '  ana duval ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Un joueur s’appelle déjà «\u00a0Ana Duval\u00a0» (n° 1). Ajoutez un pseudo différent pour les distinguer.');
    fireEvent.input(screen.getByLabelText('Pseudo'), { target: { value: 'la seconde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inscrire' }));
    await screen.findByText(/ana duval inscrit \(n° 2\)/);
    fireEvent.click(screen.getByRole('button', { name: /^(Annuler\s:|Rien à annuler)/ }));
    expect((await screen.findByText(/Action annulée/)).textContent).toBe('Action annulée\u00a0: inscription d’ana duval.');
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});

describe('unreasonable files at the import (issue 14)', () => {
  it('a 20,000-deep unknown field gets a clear message, not silence', async () => {
    const { db } = await renderApp();
    const deep = '{"x":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    upload(await screen.findByTestId('import-input'), JSON.stringify(makeEvent()).replace(/^\{/, `{"extra":${deep},`));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('imbrication trop profonde');
    expect(await listEvents(db)).toHaveLength(0);
  });

  it('a 10,000-character name and a number beyond the rules are refused, naming the field', async () => {
    const { db } = await renderApp();
    const ev = makeEvent();
    ev.players[1]!.name = 'x'.repeat(10_000);
    upload(await screen.findByTestId('import-input'), JSON.stringify(ev).replace('"points":50', '"points":1e308'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('players[1].name\u00a0: nom trop long (10\u202f000 caractères\u202f; au plus 100)');
    expect(alert.textContent).toContain('settings.points\u00a0: nombre trop grand');
    expect(await listEvents(db)).toHaveLength(0);
  });
});
