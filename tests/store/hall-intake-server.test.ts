// Issue 20, « La salle »: table devices' signed clock states through the intake, against a real
// PouchDB Server. The rules take a clock state of the fixed shape from anyone and nothing
// else; the organizer keeps what its table's key signed and refuses (and counts) the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkHallState,
  encodeHallState,
  eventTag,
  hallLeftAt,
  hallUrgency,
  newEventSecret,
  parseHallState,
  shortTableKey,
  tableKey,
  ticketId,
  type HallState,
} from '../../src/domain/handoff';
import { ensureIntake, intakeAddress, readIntake, sendClockState } from '../../src/sync/intake';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';

let server: PouchServer;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const EVENT_ID = 'ev-hall-1';
const state = (table: number, over: Partial<HallState> = {}): HallState => ({
  eventTag: eventTag(EVENT_ID),
  round: 2,
  table,
  at: 1_800_000_000_000,
  turn: 3,
  active: 'b',
  phase: 'running',
  leftMs: 245_000,
  extensionUsed: { a: true, b: false },
  cp: { a: 2, b: 1 },
  diceDown: false,
  timeOut: false,
  resultIn: false,
  dispute: false,
  ...over,
});
const put = (address: string, id: string, doc: object) =>
  fetch(`${address}/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(doc) });

describe('clock states in the intake', () => {
  it('round-trips every field, signed with the table key; the text never carries more than it says', async () => {
    const secret = newEventSecret();
    const key = await tableKey(secret, ticketId({ eventId: EVENT_ID, round: 2, table: 4 }));
    for (const s of [
      state(4),
      state(4, { active: null, leftMs: null, cp: null, phase: 'waiting', turn: 0 }),
      state(4, { diceDown: true, timeOut: true, resultIn: true, dispute: true, leftMs: -12_000, extensionUsed: { a: true, b: true } }),
    ]) {
      const code = await encodeHallState(s, key);
      expect(code.length).toBeLessThan(90);
      expect(await checkHallState(code, EVENT_ID, secret)).toEqual({ ok: true, state: s });
    }
    // a table that took its ticket from the QR holds the short form of the key
    expect(await checkHallState(await encodeHallState(state(4), shortTableKey(key)), EVENT_ID, secret)).toEqual({ ok: true, state: state(4) });
    const code = await encodeHallState(state(4), key);
    // one field changed (CP 2 → 3): the signature no longer matches
    expect(await checkHallState(code.replace('.2.1.', '.3.1.'), EVENT_ID, secret)).toEqual({ ok: false, reason: 'signature' });
    // table 4's key on a state claiming table 5
    expect(await checkHallState(await encodeHallState(state(5), key), EVENT_ID, secret)).toEqual({ ok: false, reason: 'signature' });
    expect(await checkHallState(code, 'another-event', secret)).toEqual({ ok: false, reason: 'wrong-event' });
    expect(await checkHallState('H1.' + 'x'.repeat(200), EVENT_ID, secret)).toEqual({ ok: false, reason: 'shape' });
    expect(parseHallState(code)?.state.leftMs).toBe(245_000);
  });

  it('time left counts from when the state was taken; time out, dice down and a dispute come first', () => {
    const s = state(1);
    expect(hallLeftAt(s, s.at + 5_000)).toBe(240_000);
    expect(hallLeftAt({ ...s, phase: 'paused' }, s.at + 5_000)).toBe(245_000);
    const order = [state(1, { resultIn: true }), state(2), state(3, { diceDown: true }), state(4, { timeOut: true }), state(5, { phase: 'waiting' }), state(6, { dispute: true })]
      .sort((x, y) => hallUrgency(x) - hallUrgency(y))
      .map((x) => x.table);
    expect(order).toEqual([4, 3, 6, 2, 5, 1]);
  });

  it('the server takes a clock state from anyone and refuses other shapes; the organizer refuses and counts a forged one', async () => {
    const address = intakeAddress(server.url, 'open-salle');
    await ensureIntake(address);
    const secret = newEventSecret();
    const key = await tableKey(secret, ticketId({ eventId: EVENT_ID, round: 2, table: 1 }));
    const genuine = await encodeHallState(state(1), key);
    const forged = await encodeHallState(state(2, { timeOut: true }), 'cd'.repeat(32));
    expect(await sendClockState(address, genuine, 1)).toBe('sent');
    expect(await sendClockState(address, forged, 2)).toBe('sent');
    // not of the shape: extra field, wrong id, a free text, too long, an update
    expect((await put(address, `clock:${genuine.slice(-16)}x`, { type: 'clock', code: genuine, at: 1 })).status).toBe(403);
    expect((await put(address, `clock:${'0'.repeat(16)}`, { type: 'clock', code: `H1.dice-down-at-1800000000000.${'0'.repeat(16)}`, at: 1 })).status).toBe(403);
    const other = await encodeHallState(state(3), key);
    expect((await put(address, `clock:${other.slice(-16)}`, { type: 'clock', code: other, at: 1, diceDownAt: 1_800_000_000_000 })).status).toBe(403);
    const stored = (await (await fetch(`${address}/${encodeURIComponent(`clock:${genuine.slice(-16)}`)}`)).json()) as { _rev: string };
    expect((await fetch(`${address}/${encodeURIComponent(`clock:${genuine.slice(-16)}`)}?rev=${stored._rev}`, { method: 'DELETE' })).status).toBe(403);
    const batch = await readIntake(address, '0');
    expect(batch.more).toBe(false);
    // a screen opened late reads on at once while the server has more than one page
    const page = await readIntake(address, '0', undefined, 2);
    expect(page.more).toBe(true);
    const rest = await readIntake(address, page.last, undefined, 2);
    expect([...page.clocks, ...rest.clocks]).toEqual([genuine, forged]);
    expect(batch.codes).toEqual([]);
    expect(batch.clocks).toEqual([genuine, forged]);
    const checked = await Promise.all(batch.clocks.map((c) => checkHallState(c, EVENT_ID, secret)));
    expect(checked.filter((c) => c.ok)).toHaveLength(1);
    expect(checked.filter((c) => !c.ok)).toEqual([{ ok: false, reason: 'signature' }]);
  });
});
