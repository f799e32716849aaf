// Issue 20: the intake database against a real PouchDB Server. Its rules let anyone create small
// result documents and nothing else; what the organizer reads back is checked with the table's
// key like a scanned code: the genuine result is recorded, a forged, a replayed and a
// wrong-table one record nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { encodeResultCode, newEventSecret, payloadFromResult, signPayload, tableKey, ticketId } from '../../src/domain/handoff';
import { translator } from '../../src/i18n';
import { ensureIntake, intakeAddress, intakeAddressProblem, readIntake, sendResultCode } from '../../src/sync/intake';
import { intakeCode } from '../../src/ui/screens/table/accept-result';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { makeEvent } from '../fixtures/events';

let server: PouchServer;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const EVENT_ID = 'ev-intake-1';
const put = (address: string, id: string, doc: object, rev?: string) =>
  fetch(`${address}/${encodeURIComponent(id)}${rev ? `?rev=${rev}` : ''}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });

function started(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: Date.UTC(2026, 11, 5, 9, 0) };
  return e;
}
const WIN: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };

describe('the intake database', () => {
  it('takes a result document from anyone, refuses updates, deletes, other shapes and large documents', async () => {
    const address = intakeAddress(server.url, 'open-lyon');
    expect(address).toBe(`${server.url}/open-lyon-intake`);
    await ensureIntake(address);
    await ensureIntake(address); // twice changes nothing
    const code = 'ABCD-EFGH-JKMN-PQRS-TVWX';
    expect(await sendResultCode(address, code, 1000)).toBe('sent');
    expect(await sendResultCode(address, code.toLowerCase(), 2000)).toBe('already');
    const id = 'result:ABCDEFGHJKMNPQRSTVWX';
    const stored = (await (await fetch(`${address}/${encodeURIComponent(id)}`)).json()) as { _rev: string };
    expect((await put(address, id, { type: 'result', code, at: 5 }, stored._rev)).status).toBe(403);
    expect((await fetch(`${address}/${encodeURIComponent(id)}?rev=${stored._rev}`, { method: 'DELETE' })).status).toBe(403);
    expect((await put(address, 'result:0000000000000000000Z', { type: 'result', code: '0000-0000-0000-0000-000Y', at: 1 })).status).toBe(403); // id is not the code
    expect((await put(address, 'result:00000000000000000000', { type: 'result', code: '0000-0000-0000-0000-0000', at: 1, note: 'x' })).status).toBe(403);
    expect((await put(address, 'hello', { type: 'chat', text: 'x'.repeat(300) })).status).toBe(403);
    expect((await put(address, 'result:00000000000000000000', { type: 'result', code: '0000-0000-0000-0000-0000', at: 1.5 })).status).toBe(403);
    const batch = await readIntake(address, '0');
    expect(batch.codes).toEqual([code]);
    expect((await readIntake(address, batch.last)).codes).toEqual([]);
  });

  it('an address a ticket may carry: http(s), one database, no credentials', () => {
    expect(intakeAddressProblem('https://couch.example.org/open-lyon-intake')).toBeNull();
    expect(intakeAddressProblem('https://orga:secret@couch.example.org/open-lyon-intake')).toBe('credentials');
    expect(intakeAddressProblem('ftp://couch.example.org/x')).toBe('scheme');
    expect(intakeAddressProblem('https://couch.example.org/a/b')).toBe('shape');
    expect(intakeAddressProblem('https://couch.example.org/a?x=1')).toBe('shape');
    expect(intakeAddressProblem('not a url')).toBe('shape');
  });

  it('what the organizer reads is checked with the table key: genuine recorded, forged / replayed / wrong table refused', async () => {
    const address = intakeAddress(server.url, 'open-nantes');
    await ensureIntake(address);
    const secret = newEventSecret();
    const event = started();
    const sign = async (table: number, pairing: { a: string; b: string }, key?: string) =>
      encodeResultCode(
        await signPayload(
          payloadFromResult(WIN, { eventId: EVENT_ID, round: 1, pairing: { table, ...pairing } }),
          key ?? (await tableKey(secret, ticketId({ eventId: EVENT_ID, round: 1, table }))),
        ),
      );
    const genuine = await sign(2, { a: 'p3', b: 'p4' });
    const forged = await sign(2, { a: 'p3', b: 'p4' }, 'ab'.repeat(32));
    // table 1's key on a result claiming table 2
    const wrongTable = encodeResultCode(
      await signPayload(
        payloadFromResult(WIN, { eventId: EVENT_ID, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } }),
        await tableKey(secret, ticketId({ eventId: EVENT_ID, round: 1, table: 1 })),
      ),
    );
    for (const [i, c] of [genuine, forged, wrongTable].entries()) expect(await sendResultCode(address, c, i)).toBe('sent');
    const t = translator('fr');
    let current = event;
    const outcome = { recorded: [] as number[], refused: 0, duplicate: 0 };
    const takeAll = async (since: string): Promise<string> => {
      const batch = await readIntake(address, since);
      for (const code of batch.codes) {
        const r = await intakeCode(current, EVENT_ID, code, t, 'fr', secret, 1);
        if (r.kind === 'record') {
          outcome.recorded.push(r.table);
          current = { ...current, rounds: current.rounds.map((x) => ({ ...x, pairings: x.pairings.map((p) => (p.table === r.table ? { ...p, result: r.result } : p)) })) };
        } else if (r.kind === 'duplicate') outcome.duplicate++;
        else outcome.refused++;
      }
      return batch.last;
    };
    const last = await takeAll('0');
    expect(outcome).toEqual({ recorded: [2], refused: 2, duplicate: 0 });
    // replayed: the same code again, under another id it cannot have (the rules refuse it) or read a second time
    expect((await put(address, 'result:REPLAY', { type: 'result', code: genuine, at: 9 })).status).toBe(403);
    await takeAll('0');
    expect(outcome).toEqual({ recorded: [2], refused: 4, duplicate: 1 });
    expect(await takeAll(last)).toBe(last);
  });
});
