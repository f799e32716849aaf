// What the organizer does the same way in many end-to-end tests: bring an event file in, turn
// sync on, pair and start round 1 with the results desk open, count taps; and what a test reads
// back (the event as stored, the standings shown).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { decodeQrTicket, decodeTicket, type TableTicket } from '../../src/domain/handoff';
import { makePlayer } from '../fixtures/events';

/** A generous wait for one step on a busy machine (no test depends on the machine's speed). */
export const WAIT = { timeout: 30_000 };

export const button = (p: Page | Locator, name: string | RegExp): Locator => p.getByRole('button', { name, exact: typeof name === 'string' }).first();

/** The organizer's taps (a click, or a field filled), counted as they are done. */
export class Taps {
  n = 0;
  tap = async (target: Locator): Promise<void> => {
    this.n += 1;
    await target.click();
  };
  type = async (target: Locator, value: string): Promise<void> => {
    this.n += 1;
    await target.fill(value);
  };
}

/** A Steamroller 2011 event without rounds, its players named (no nicknames: the names alone show). */
export function plainEvent(name: string, names: readonly string[], points = 50): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system: 'sr2011',
    name,
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null },
    players: names.map((n, i) => makePlayer(i + 1, { name: n, nickname: undefined })),
    rounds: [],
  };
}

/** Imports `event` from the home screen and opens it; the event's id in this browser. */
export async function importEvent(org: Page, event: EventFile, file: string): Promise<string> {
  await org.getByTestId('import-input').setInputFiles({ name: file, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(event)) });
  await org.locator('li.card', { hasText: event.name }).first().locator('.card-main').click();
  await org.waitForURL(/#\/event\//);
  return decodeURIComponent(/#\/event\/([^/]+)/.exec(org.url())![1]!);
}

/** The open event synced with `db` on the server (and the players' view with `publicDb`), once everything is sent. */
export async function enableSync(org: Page, server: string, db: string, publicDb: string): Promise<void> {
  await org.getByRole('button', { name: 'Synchroniser avec un serveur' }).click();
  await org.getByLabel('Adresse du serveur').fill(server);
  await org.getByLabel('Base du tournoi').fill(db);
  await org.getByLabel('Base publique (vue des joueurs, facultatif)').fill(publicDb);
  await org.getByRole('button', { name: 'Activer' }).click();
  await org
    .getByTestId('sync-status')
    .filter({ hasText: /tout est envoyé/ })
    .waitFor(WAIT);
}

/** Round 1 paired (tables drawn), started, and the results desk opened. */
export async function startRoundOneAtDesk(org: Page): Promise<void> {
  await org.locator('nav.tabs a', { hasText: 'Rondes' }).click();
  await org.getByRole('button', { name: 'Apparier la ronde 1' }).click();
  await org.getByTestId('pairings-table').waitFor(WAIT);
  await org.getByRole('button', { name: /Tirer au sort/ }).click();
  await org.getByRole('button', { name: 'Démarrer la ronde' }).click();
  await org.getByText('Temps de base restant').waitFor(WAIT);
  await org.getByRole('button', { name: 'Bureau des résultats' }).click();
}

/** A ticket's QR text as the table reads it: since issue 20 its short code and the names, else the JSON ticket. */
export const readTicket = async (text: string): Promise<{ ok: true; ticket: TableTicket } | { ok: false }> =>
  (await decodeQrTicket(text, Date.now(), { event: 'Événement', player: (n) => `Joueur n° ${n}`, list: (i) => `Liste ${i + 1}` })) ?? decodeTicket(text);

/**
 * The event as the tablet stores it (its projection in IndexedDB): what an export writes. A plain
 * append leaves the stored projection behind the log until the engine worker stores it (a
 * fraction of a second later, src/worker/projection-tail.ts): read once it has caught up.
 */
export async function storedEvent(page: Page, eventId: string): Promise<EventFile> {
  return page.evaluate(
    (id) =>
      new Promise<EventFile>((resolve, reject) => {
        const req = indexedDB.open('wargame-tournament');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const deadline = Date.now() + 60_000;
          const read = (): void => {
            const tx = db.transaction(['events', 'projections']);
            const meta = tx.objectStore('events').get(id);
            const projection = tx.objectStore('projections').get(id);
            tx.oncomplete = () => {
              const p = projection.result as { seq: number; event: EventFile };
              if (p.seq === (meta.result as { lastSeq: number }).lastSeq || Date.now() > deadline) {
                db.close();
                resolve(p.event);
              } else setTimeout(read, 100);
            };
          };
          read();
        };
      }),
    eventId,
  );
}

/** The names of the Standings tab's rows, read once all `count` are there (the worker ranks the field first). */
export async function shownStandings(org: Page, count: number): Promise<string[]> {
  const rowNames = () =>
    org
      .getByTestId('standings-table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.querySelector('th')?.textContent?.trim() ?? ''));
  await expect.poll(async () => (await rowNames()).length, WAIT).toBe(count);
  return rowNames();
}
