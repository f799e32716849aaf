import { describe, expect, it } from 'vitest';
import { eventClockBehind, latestOfOtherDevices } from '../../src/store/clock-skew';
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';

const MIN = 60_000;
const T = Date.UTC(2026, 11, 5, 9, 0);

async function threeDevices() {
  const db = await openEventDb({}, `skew-${Math.random()}`);
  const { meta } = await createEvent(db, makeEvent({ players: [1, 2, 3, 4].map((n) => makePlayer(n)) }), { deviceId: 'me', now: () => T });
  await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p1', afterRound: 0 }], { deviceId: 'a', now: () => T + 60 * MIN });
  await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p2', afterRound: 0 }], { deviceId: 'a', now: () => T + 90 * MIN });
  await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p3', afterRound: 0 }], { deviceId: 'b', now: () => T + 30 * MIN });
  await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p4', afterRound: 0 }], { deviceId: 'me', now: () => T + 500 * MIN });
  return { db, id: meta.id };
}

describe('the log read for clockBehindMs', () => {
  it("takes each other device's newest entry, never this device's", async () => {
    const { db, id } = await threeDevices();
    const latest = await latestOfOtherDevices(db, id, 'me');
    expect(latest.map((e) => [e.deviceId, e.at - T]).sort()).toEqual([
      ['a', 90 * MIN],
      ['b', 30 * MIN],
    ]);
    expect(await eventClockBehind(db, id, 'me', () => T + 10 * MIN)).toBe(80 * MIN);
    // seen from device a, the entry « me » stamped at T + 500 min puts a 410 min behind
    expect(await eventClockBehind(db, id, 'a', () => T + 90 * MIN)).toBe(410 * MIN);
  });

  it('reads the whole log when the meta predates sync (no clock), and an unknown event gives nothing', async () => {
    const { db, id } = await threeDevices();
    const meta = (await db.get('events', id))!;
    delete meta.clock;
    await db.put('events', meta);
    expect((await latestOfOtherDevices(db, id, 'me')).map((e) => e.deviceId).sort()).toEqual(['a', 'a', 'b']);
    expect(await eventClockBehind(db, id, 'me', () => T)).toBe(90 * MIN);
    expect(await latestOfOtherDevices(db, 'missing', 'me')).toEqual([]);
  });
});
