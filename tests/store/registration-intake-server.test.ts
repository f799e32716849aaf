// Issue 20: players' own registrations through the intake, against a real PouchDB Server. The
// rules take one fixed, size-limited shape from anyone, create only; what is read back is
// checked again (shape) before the organizer sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistrationId, readSelfRegistration, SELF_REGISTRATION_LIMITS } from '../../src/domain/registration/self-registration';
import { ensureIntake, intakeAddress, readIntake, sendRegistration } from '../../src/sync/intake';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';

let server: PouchServer;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const put = (address: string, id: string, doc: object) =>
  fetch(`${address}/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });

describe('registrations in the intake', () => {
  it('takes a registration of the fixed shape from anyone, refuses other fields, ids, sizes, updates and deletes', async () => {
    const address = intakeAddress(server.url, 'open-inscriptions');
    await ensureIntake(address);
    const id = newRegistrationId();
    expect(id).toMatch(/^registration:[0-9a-f]{16}$/);
    const reg = { id, name: 'Zoé Martin', club: 'Lyon', faction: 'Cygnar', lists: ['Stryker +6\nIronclad 7'], at: 1000 };
    expect(await sendRegistration(address, reg)).toBe('sent');
    const doc = { type: 'registration', name: 'X', club: '', faction: '', lists: [], at: 1 };
    const other = newRegistrationId();
    expect((await put(address, other, { ...doc, email: 'x@y.z' })).status).toBe(403);
    expect((await put(address, 'registration:nothex', doc)).status).toBe(403);
    expect((await put(address, other, { ...doc, name: '' })).status).toBe(403);
    expect((await put(address, other, { ...doc, name: 'x'.repeat(SELF_REGISTRATION_LIMITS.name + 1) })).status).toBe(403);
    expect((await put(address, other, { ...doc, lists: ['x'.repeat(SELF_REGISTRATION_LIMITS.listChars + 1)] })).status).toBe(403);
    expect((await put(address, other, { ...doc, lists: Array.from({ length: SELF_REGISTRATION_LIMITS.lists + 1 }, () => 'a') })).status).toBe(403);
    expect((await put(address, other, { ...doc, lists: [{ nested: [[[]]] }] })).status).toBe(403);
    expect((await put(address, other, { ...doc, lists: Array.from({ length: 4 }, () => 'y'.repeat(SELF_REGISTRATION_LIMITS.listChars)) })).status).toBe(403); // over 8 KB
    expect(await sendRegistration(address, { ...reg, name: 'Autre' })).not.toBe('sent'); // same id: create only
    const stored = (await (await fetch(`${address}/${encodeURIComponent(id)}`)).json()) as { _rev: string };
    expect((await put(address, id, { ...doc, _rev: stored._rev })).status).toBe(403);
    expect((await fetch(`${address}/${encodeURIComponent(id)}?rev=${stored._rev}`, { method: 'DELETE' })).status).toBe(403);
    const batch = await readIntake(address, '0');
    expect(batch.registrations).toEqual([reg]);
    expect(batch.codes).toEqual([]);
  });

  it('reads back only what is of the shape (a server without the rules is hostile too)', () => {
    const id = 'registration:0123456789abcdef';
    expect(readSelfRegistration({ _id: id, type: 'registration', name: ' Zoé ', club: '', faction: '', lists: [], at: 5 })).toEqual({
      id,
      name: 'Zoé',
      club: '',
      faction: '',
      lists: [],
      at: 5,
    });
    expect(readSelfRegistration({ _id: id, type: 'registration', name: 'Zoé', club: '', faction: '', lists: [3], at: 5 })).toBeNull();
    expect(readSelfRegistration({ _id: id, type: 'registration', name: '   ', club: '', faction: '', lists: [], at: 5 })).toBeNull();
    expect(readSelfRegistration({ _id: 'x', type: 'registration', name: 'Zoé', club: '', faction: '', lists: [], at: 5 })).toBeNull();
    expect(readSelfRegistration(null)).toBeNull();
  });
});
