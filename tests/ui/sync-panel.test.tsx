// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameResult } from '../../src/domain/event-file';
import { announceChange } from '../../src/store/channel';
import { appendActions, getLog, loadEvent } from '../../src/store/events';
import { mergeEntries } from '../../src/store/replica';
import { getSyncConfig } from '../../src/store/sync-config';
import type { TabProps } from '../../src/ui/screens/event/types';
import { SyncLine, SyncPanel } from '../../src/ui/sync/SyncPanel';
import { render } from '@testing-library/preact';
import { makeEvent } from '../fixtures/events';
import { renderTab } from './render-app';

afterEach(cleanup);

const SyncTab = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} />;
const result = (winner: string, cp: number): GameResult => ({ winner, how: 'scenario', a: { cp, apd: 10 }, b: { cp: 0, apd: 5 } });

describe('sync panel', () => {
  it('says sync is off, refuses a bad address in words, and keeps the settings on the device only', async () => {
    const { db, eventId } = await renderTab(SyncTab, makeEvent({ name: 'Open de Lyon' }));
    await screen.findByText('Synchronisation : désactivée (cet appareil seulement)');
    fireEvent.click(screen.getByRole('button', { name: 'Synchroniser avec un serveur' }));
    expect((screen.getByLabelText('Base du tournoi') as HTMLInputElement).value).toBe('open-de-lyon');
    expect((screen.getByLabelText('Base publique (vue des joueurs, facultatif)') as HTMLInputElement).value).toBe('open-de-lyon-public');
    fireEvent.input(screen.getByLabelText('Adresse du serveur'), { target: { value: 'couch.local' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Synchronisation (CouchDB)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('L’adresse du serveur doit commencer par http:// ou https://.');
    expect(await getSyncConfig(db, eventId)).toBeNull();
    const { event } = await loadEvent(db, eventId);
    expect(JSON.stringify(event)).not.toContain('couch');
  });

  it('behind the organizer PIN shows the sync line only: no settings, no choices', async () => {
    const Locked = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} locked />;
    await renderTab(Locked, makeEvent());
    await screen.findByText(/Synchronisation : désactivée/);
    expect(screen.queryByRole('button', { name: 'Synchroniser avec un serveur' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("lists a result conflict from another device and records the organizer's pick as an action", async () => {
    const { db, eventId } = await renderTab(SyncTab, makeEvent());
    await screen.findByText(/Synchronisation : désactivée/);
    await appendActions(db, eventId, [{ type: 'result-recorded', round: 1, table: 2, result: result('p3', 2) }], { deviceId: 'dev-ui' });
    // written on another tablet that had not seen this result
    const created = (await getLog(db, eventId))[0]!;
    await mergeEntries(
      db,
      eventId,
      [
        {
          eventId,
          deviceId: 'dev-b',
          origin: 1,
          lamport: 2,
          seen: { 'dev-ui': created.origin! },
          at: new Date(2026, 11, 5, 10, 0).getTime(),
          action: { type: 'result-recorded', round: 1, table: 2, result: result('p4', 3) },
        },
      ],
      'dev-ui',
    );
    announceChange({ eventId, seq: 3, kind: 'appended' });
    const panel = await screen.findByTestId('conflicts');
    expect(within(panel).getByText('Ronde 1, table 2 : deux résultats différents')).toBeTruthy();
    const sides = within(panel).getAllByRole('listitem');
    expect(sides).toHaveLength(2);
    // same Lamport value: the device id orders them, on every device
    expect(sides.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^victoire de Player 4 \(cp 3, apd 10 \/ cp 0, apd 5\) — saisi sur dev-b à 10:00/),
      expect.stringMatching(/^victoire de Player 3 .*saisi sur dev-ui/),
    ]);
    fireEvent.click(within(sides[0]!).getByRole('button', { name: 'Garder celui-ci' }));
    await screen.findByText('1 conflit réglé');
    const log = await getLog(db, eventId);
    expect(log.at(-1)!.action).toEqual({ type: 'conflict-resolved', conflict: 'result:1:2', keep: 'dev-b:1', setAside: ['dev-ui:2'] });
    expect(log).toHaveLength(4);
    await waitFor(async () => expect((await loadEvent(db, eventId)).event.rounds[0]!.pairings[1]!.result?.winner).toBe('p4'));
  });

  it('refuses an address with a user name or password inside, in words, and saves nothing', async () => {
    const { db, eventId } = await renderTab(SyncTab, makeEvent({ name: 'Open de Lyon' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Synchroniser avec un serveur' }));
    for (const url of ['http://orga:s3cret@192.168.1.20:5984', 'https://orga@couch.example.org']) {
      fireEvent.input(screen.getByLabelText('Adresse du serveur'), { target: { value: url } });
      fireEvent.submit(screen.getByRole('form', { name: 'Synchronisation (CouchDB)' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Ne mettez ni utilisateur ni mot de passe dans l’adresse/));
    }
    expect(await getSyncConfig(db, eventId)).toBeNull();
    expect(document.body.innerHTML).not.toMatch(/href="[^"]*s3cret/);
  });

  it('says in words why a pass is retrying, how much a long pull has received, and why it stopped', () => {
    const base = { syncing: true, lastSyncAt: null, waiting: 2, error: null };
    const { container, rerender } = render(<SyncLine status={{ ...base, retrying: { code: 'timeout', attempt: 2, attempts: 3 } }} />);
    // French typography in every sync message: a narrow no-break space before « ; », a no-break one before « : »
    expect(container.textContent).toBe('Synchronisation… · 2 entrées en attente · le serveur ne répond pas (aucune réponse en 10 s)\u202f; nouvel essai (2/3)');
    rerender(<SyncLine status={{ ...base, receiving: { done: 42_000, total: 100_000 } }} />);
    expect(container.textContent!.replace(/\u202f/g, ' ')).toBe('Synchronisation… · 2 entrées en attente · Réception\u00a0: 42 000 / 100 000');
    rerender(<SyncLine status={{ ...base, syncing: false, error: 'stuck' }} />);
    expect(container.textContent).toBe(
      'Jamais synchronisé · 2 entrées en attente · Erreur\u00a0: le serveur renvoie toujours la même position de son journal (_changes)\u202f; lecture arrêtée',
    );
  });
});
