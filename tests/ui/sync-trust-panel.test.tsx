// @vitest-environment jsdom
// The sync panel says in words what the trust rules set aside, names devices as the organizer
// named them, and admits only behind the PIN; a mistyped code is said, nothing is written.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/store/events';
import { openEventDb } from '../../src/store/db';
import { setSyncConfig } from '../../src/store/sync-config';
import type { TrustState } from '../../src/sync/trust';
import type { TabProps } from '../../src/ui/screens/event/types';
import { SyncPanel } from '../../src/ui/sync/SyncPanel';
import { makeEvent } from '../fixtures/events';
import { renderTabOn } from './render-app';

afterEach(cleanup);

const junk = (id: string) => ({ doc: { _id: id } as TrustState['outbox'][number], why: 'not-admitted' as const });

async function eventWithTrust() {
  const db = await openEventDb({}, `trust-ui-${Math.random()}`);
  const { meta } = await createEvent(db, makeEvent({ name: 'Open de Lyon' }), { deviceId: 'dev-ui' });
  // a server that never answers here: the panel shows what the device already holds
  await setSyncConfig(db, meta.id, { url: 'http://127.0.0.1:9', db: 'open' });
  const trust: Omit<TrustState, 'eventKey'> = {
    genesis: 'k1',
    members: {
      k1: { kid: 'k1', pub: '', writer: 'dev-ui', name: 'Tablette de Léa', by: null },
      k2: { kid: 'k2', pub: '', writer: 'dev-b', name: 'Tablette de Marc', by: 'k1' },
    },
    hashes: {},
    origins: {},
    outbox: [],
    builtSeq: 0,
    forks: [{ kid: 'k2', n: 4, hashes: ['x', 'y'], at: 1 }],
    refused: [{ id: 'k9:1:abc', reason: 'bad-signature', kid: 'k9', n: 1, at: 1 }],
    refusedCount: { 'bad-signature': 1, 'unknown-action': 2 },
    pending: [junk('a'), junk('b'), junk('c')],
  };
  await db.put('settings', trust, `trust:${meta.id}`);
  await db.put('settings', { kid: 'k1' }, 'device-keys');
  return { db, eventId: meta.id };
}

describe('sync panel: trust', () => {
  it('counts refused documents by reason in words, shows forks by device name, lists devices, and refuses a mistyped code', async () => {
    const { db, eventId } = await eventWithTrust();
    const Tab = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} />;
    await renderTabOn(Tab, db, eventId);
    const refusals = await screen.findByTestId('sync-refusals');
    const text = refusals.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('3 entrées refusées : appareil non admis');
    expect(text).toContain("2 entrées refusées : type d'action inconnu");
    expect(text).toContain('1 entrée refusée : signature invalide');
    expect(within(refusals).getByTestId('sync-fork').textContent!.replace(/[\u00a0\u202f]/g, ' ')).toContain('Fourche : « Tablette de Marc » a écrit deux entrées n° 4 différentes');
    const rows = screen.getAllByTestId('device-row').map((r) => r.textContent);
    expect(rows[0]).toContain('Tablette de Léa');
    expect(rows[0]).toContain('cet appareil');
    expect(rows[1]).toContain('Tablette de Marc');
    expect(screen.getByRole('button', { name: 'Retirer Tablette de Marc' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Admettre un appareil' });
    fireEvent.input(within(form).getByLabelText("Code de l'appareil"), { target: { value: 'ABC' } });
    fireEvent.input(within(form).getByLabelText("Nom de l'appareil"), { target: { value: 'Tablette de Zoé' } });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getByRole('alert').textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe('Un code a 12 lettres ou chiffres, par exemple ABCD-EFGH-JKLM.'));
    const stored = (await db.get('settings', `trust:${eventId}`)) as TrustState;
    expect(Object.keys(stored.members)).toEqual(['k1', 'k2']);
  });

  it('behind the organizer PIN: the refusals are said, no device list, no admission', async () => {
    const { db, eventId } = await eventWithTrust();
    const Locked = (p: TabProps) => <SyncPanel eventId={p.eventId} event={p.event} seq={p.meta.lastSeq} dispatch={p.dispatch} locked />;
    await renderTabOn(Locked, db, eventId);
    await screen.findByTestId('sync-refusals');
    expect(screen.queryByRole('form', { name: 'Admettre un appareil' })).toBeNull();
    expect(screen.queryByTestId('device-row')).toBeNull();
  });
});
