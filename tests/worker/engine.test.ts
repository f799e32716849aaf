import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { serializeEventFile, type Round } from '../../src/domain/event-file';
import { AbortedError, createEngineClient } from '../../src/platform/engine';
import { api } from '../../src/worker/api';
import { makeEvent, makeLargeEvent } from '../fixtures/events';
import { systemFor } from '../../src/domain/systems';
const computeStandings = (e: Parameters<ReturnType<typeof systemFor<'sr2011'>>['computeStandings']>[0]) => systemFor('sr2011').computeStandings(e);
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent } from '../../src/store/events';
import { listBackups } from '../../src/store/backups';

/** A Worker stand-in: the real api exposed over a MessageChannel in this thread. */
function fakeWorker(impl: object = api) {
  const { port1, port2 } = new MessageChannel();
  expose(impl, port2);
  let terminated = false;
  const worker = Object.assign(port1, {
    terminate() {
      terminated = true;
      port1.close();
      port2.close();
    },
  });
  return { worker: worker as unknown as Worker, isTerminated: () => terminated };
}

describe('engine api (called directly)', () => {
  it('parses a valid event file and reports problems of a bad one as plain data', () => {
    const ok = api.parseEventFile(serializeEventFile(makeEvent()));
    expect(ok.ok).toBe(true);
    const bad = api.parseEventFile('{"format":"nope"}');
    expect(bad.ok).toBe(false);
    expect(structuredClone(bad)).toEqual(bad);
  });
});

describe('standings read from IndexedDB by the worker', () => {
  it('ranks the stored event, whole or sliced, at the sequence it read', async () => {
    const db = await openEventDb({}, `worker-${Math.random()}`);
    const event = makeLargeEvent(40, 3);
    const { meta } = await createEvent(db, event, { deviceId: 'd' });
    const whole = await api.standingsOf({ db: db.name, eventId: meta.id });
    expect(whole).toEqual({ seq: 1, rows: computeStandings(event) });
    const afterOne = await api.standingsOf({ db: db.name, eventId: meta.id, rounds: 1 });
    expect(afterOne!.rows).toEqual(computeStandings({ ...event, rounds: event.rounds.slice(0, 1) }));
    const beforeThree = await api.standingsOf({ db: db.name, eventId: meta.id, before: 3 });
    expect(beforeThree!.rows).toEqual(computeStandings({ ...event, rounds: event.rounds.slice(0, 2) }));
    // a write is seen at once: the worker keys what it keeps on the projection's sequence
    await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p1', afterRound: 3 }], { deviceId: 'd' });
    const later = await api.standingsOf({ db: db.name, eventId: meta.id });
    expect(later!.seq).toBe(2);
    expect(later!.rows.find((r) => r.id === 'p1')!.dropped).toBe(true);
    expect(await api.standingsOf({ db: db.name, eventId: 'nope' })).toBeNull();
    db.close();
  });
});

describe('the next round paired by the worker from IndexedDB', () => {
  it('pairs the stored event as the system does, at the sequence it read, and sees a write at once', async () => {
    const db = await openEventDb({}, `worker-pair-${Math.random()}`);
    const event = makeLargeEvent(40, 3);
    const { meta } = await createEvent(db, event, { deviceId: 'd' });
    const first = await api.pairNextOf({ db: db.name, eventId: meta.id, options: { seed: 11 } });
    expect(first).toEqual({ seq: 1, outcome: systemFor('sr2011').pairNextRound(event, { seed: 11 }) });
    expect(first!.outcome.ok && first!.outcome.round.number).toBe(4);
    // a drop written since: the next read pairs without the dropped player, at the new sequence
    await appendActions(db, meta.id, [{ type: 'player-dropped', id: 'p1', afterRound: 3 }], { deviceId: 'd' });
    const later = await api.pairNextOf({ db: db.name, eventId: meta.id, options: { seed: 11 } });
    expect(later!.seq).toBe(2);
    const players = later!.outcome.ok ? later!.outcome.round.pairings.flatMap((p) => [p.a, p.b]) : [];
    expect(players).toHaveLength(38);
    expect(players).not.toContain('p1');
    // a refusal is plain data too: round 4 paired and not played
    await appendActions(db, meta.id, [{ type: 'round-paired', round: (first!.outcome as { round: Round }).round }], { deviceId: 'd' });
    const refused = await api.pairNextOf({ db: db.name, eventId: meta.id, options: { seed: 11 } });
    expect(refused).toMatchObject({ seq: 3, outcome: { ok: false, reason: 'round-unfinished', round: 4 } });
    expect(await api.pairNextOf({ db: db.name, eventId: 'nope', options: { seed: 1 } })).toBeNull();
    db.close();
  });
});

describe('automatic backups taken by the worker', () => {
  it('stores the event file read from IndexedDB and keeps the newest `kept`', async () => {
    const db = await openEventDb({}, `worker-backup-${Math.random()}`);
    const event = makeLargeEvent(10, 1);
    const { meta } = await createEvent(db, event, { deviceId: 'd' });
    for (let i = 0; i < 4; i++) expect(await api.snapshotEvent(db.name, meta.id, 'interval', 1000 + i, 3)).toEqual(expect.any(Number));
    const kept = await listBackups(db, meta.id);
    expect(kept.map((b) => b.at)).toEqual([1003, 1002, 1001]);
    expect(JSON.parse(kept[0]!.file).players).toHaveLength(10);
    expect(kept[0]).toMatchObject({ eventId: meta.id, round: 1, reason: 'interval' });
    expect(await api.snapshotEvent(db.name, 'nope', 'manual', 1, 3)).toBeNull();
    db.close();
  });
});

describe('engine client', () => {
  it('calls the worker through Comlink with typed plain data', async () => {
    const fw = fakeWorker();
    const client = createEngineClient(() => fw.worker);
    const r = await client.call('parseEventFile', [serializeEventFile(makeEvent())]);
    expect(r.ok && r.event.players).toHaveLength(5);
    client.dispose();
  });

  it('aborts a long job by terminating the worker, then starts a fresh one for the next call', async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const slow = { ...api, spin: (ms: number) => new Promise((r) => setTimeout(() => r(ms), ms)) };
    const client = createEngineClient(() => {
      const fw = fakeWorker(slow);
      made.push(fw);
      return fw.worker;
    });
    const controller = new AbortController();
    const job = client.call('spin', [10_000], controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(job).rejects.toBeInstanceOf(AbortedError);
    expect(made[0]!.isTerminated()).toBe(true);
    await expect(client.call('spin', [1])).resolves.toBe(1);
    expect(made).toHaveLength(2);
    await expect(client.call('spin', [1], AbortSignal.abort())).rejects.toBeInstanceOf(AbortedError);
    client.dispose();
  });
});
