// Stale writes (issue 14, item 6): a write based on a state that changed since its form opened is
// refused inside the store's transaction; a second start of a started round and the same result
// twice are no-ops. Two "tabs" here are two callers of the store on one database.
import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { StaleWriteError, staleBecause, type LogEntry } from '../../src/domain/log';
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent, getLog, loadEvent } from '../../src/store/events';
import { makeEvent } from '../fixtures/events';

const ctx = { deviceId: 'tab-a' };
const R1: GameResult = { winner: 'p3', how: 'scenario', a: { cp: 3, apd: 10, listIndex: 0 }, b: { cp: 1, apd: 5, listIndex: 0 } };
const R2: GameResult = { winner: 'p4', how: 'assassination', a: { cp: 0, apd: 2, listIndex: 0 }, b: { cp: 2, apd: 9, listIndex: 0 } };

async function setup(event: EventFile = makeEvent()) {
  const db = await openEventDb({}, `conflict-${Math.random()}`);
  const { meta } = await createEvent(db, event, ctx);
  return { db, id: meta.id };
}

function unplayedRound2(): EventFile {
  const e = makeEvent();
  e.rounds.push({
    number: 2,
    scenario: 'overrun',
    pairings: [
      { table: 1, a: 'p1', b: 'p3' },
      { table: 2, a: 'p2', b: 'p4' },
    ],
    bye: 'p5',
  });
  return e;
}

describe('stale writes in the store', () => {
  it('a result for a table that got another result meanwhile is refused; the same one again is a no-op', async () => {
    const { db, id } = await setup(unplayedRound2());
    const opened = (await loadEvent(db, id)).seq; // both tabs open the form at this seq
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R1, basedOn: opened }], ctx);
    // tab B, still seeing no result, records another one
    const b = appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: { ...R1, winner: 'p1' }, basedOn: opened }], { deviceId: 'tab-b' });
    await expect(b).rejects.toBeInstanceOf(StaleWriteError);
    // nor may it "correct" what it never saw
    await expect(appendActions(db, id, [{ type: 'result-corrected', round: 2, table: 1, result: R2, basedOn: opened }], { deviceId: 'tab-b' })).rejects.toBeInstanceOf(
      StaleWriteError,
    );
    // even without saying when its form opened, a second different result is refused
    await expect(appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R2 }], { deviceId: 'tab-b' })).rejects.toBeInstanceOf(StaleWriteError);
    const seq = (await loadEvent(db, id)).seq;
    // the same result scanned twice: nothing new
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: { ...R1 } }], { deviceId: 'tab-b' });
    expect((await loadEvent(db, id)).seq).toBe(seq);
    expect((await loadEvent(db, id)).event.rounds[1]!.pairings[0]!.result).toEqual(R1);
    // a correction made after seeing the result goes through
    await appendActions(db, id, [{ type: 'result-corrected', round: 2, table: 1, result: R2, basedOn: seq }], { deviceId: 'tab-b' });
    expect((await loadEvent(db, id)).event.rounds[1]!.pairings[0]!.result).toEqual(R2);
    const last = (await getLog(db, id)).at(-1)!;
    expect(last.basedOn).toBe(seq);
    expect(last.action).not.toHaveProperty('basedOn');
  });

  it('a change elsewhere (another table, a player) does not block a result', async () => {
    const { db, id } = await setup(unplayedRound2());
    const opened = (await loadEvent(db, id)).seq;
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 2, result: R2 }], ctx);
    await appendActions(db, id, [{ type: 'player-updated', id: 'p5', patch: { club: 'Nantes' } }], ctx);
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R1, basedOn: opened }], { deviceId: 'tab-b' });
    expect((await loadEvent(db, id)).event.rounds[1]!.pairings.map((p) => p.result)).toEqual([R1, R2]);
  });

  it('two tabs recording the same table at the same instant: exactly one result stands', async () => {
    const { db, id } = await setup(unplayedRound2());
    const opened = (await loadEvent(db, id)).seq;
    const results = await Promise.allSettled([
      appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R1, basedOn: opened }], { deviceId: 'tab-a' }),
      appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: { ...R1, winner: 'p1' }, basedOn: opened }], { deviceId: 'tab-b' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(StaleWriteError);
    expect((await getLog(db, id)).filter((e) => e.action.type === 'result-recorded')).toHaveLength(1);
  });

  it('a second « Démarrer la ronde » is a no-op: the first hidden minutes stand', async () => {
    const { db, id } = await setup(unplayedRound2());
    const start = (at: number, variableMinutes: number, variableSeed: number) =>
      appendActions(db, id, [{ type: 'round-updated', number: 2, patch: { startedAt: at, variableMinutes, variableSeed } }], { deviceId: `tab-${at}` });
    await Promise.all([start(1000, 4, 11), start(1001, 10, 22)]);
    const starts = (await getLog(db, id)).filter((e) => e.action.type === 'round-updated');
    expect(starts).toHaveLength(1);
    const round = (await loadEvent(db, id)).event.rounds[1]!;
    expect([round.variableMinutes, round.variableSeed]).toEqual(
      starts[0]!.action.type === 'round-updated' ? [starts[0]!.action.patch.variableMinutes, starts[0]!.action.patch.variableSeed] : [],
    );
    // closing the round is not a start: it goes through
    await appendActions(db, id, [{ type: 'round-updated', number: 2, patch: { finishedAt: 5000 } }], ctx);
    expect((await loadEvent(db, id)).event.rounds[1]!.finishedAt).toBe(5000);
  });

  it('a pairing computed on an event that changed since is refused; recomputed, it goes through', async () => {
    const { db, id } = await setup(unplayedRound2());
    const { event, seq } = await loadEvent(db, id);
    const round3 = { number: 3, scenario: null, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null };
    // meanwhile a result comes in: standings, hence the pairing, may differ
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R1 }], ctx);
    await expect(appendActions(db, id, [{ type: 'round-paired', round: round3, basedOn: seq }], ctx)).rejects.toBeInstanceOf(StaleWriteError);
    expect(event.rounds).toHaveLength(2);
    const now = (await loadEvent(db, id)).seq;
    // two tabs pairing the same round: the second is stale too (not a raw "duplicate-round" error)
    await appendActions(db, id, [{ type: 'round-paired', round: round3, basedOn: now }], ctx);
    await expect(appendActions(db, id, [{ type: 'round-paired', round: round3, basedOn: now }], { deviceId: 'tab-b' })).rejects.toBeInstanceOf(StaleWriteError);
  });

  it('the rule is a pure function of log entries (what the sync will run on merged logs)', () => {
    const entry = (seq: number, action: LogEntry['action']): LogEntry => ({ eventId: 'e', seq, at: seq, deviceId: 'other', action });
    const result = { type: 'result-corrected' as const, round: 1, table: 2, result: R1 };
    expect(staleBecause(result, [entry(5, { type: 'result-recorded', round: 1, table: 3, result: R2 })])).toBeNull();
    expect(staleBecause(result, [entry(5, { type: 'pairings-swapped', round: 1, a: 'p1', b: 'p3' })])?.seq).toBe(5);
    expect(staleBecause(result, [entry(6, { type: 'action-undone', seq: 4 })])?.seq).toBe(6);
    expect(staleBecause(result, [entry(7, { type: 'organizer-pin-reset' })])).toBeNull();
    expect(staleBecause({ type: 'player-registered', player: makeEvent().players[0]! }, [entry(8, { type: 'player-registered', player: makeEvent().players[1]! })])).toBeNull();
  });
});

describe('undo after another tab wrote', () => {
  it('refuses to take back an action this screen never showed', async () => {
    const { undoLast } = await import('../../src/store/events');
    const { db, id } = await setup(unplayedRound2());
    await appendActions(db, id, [{ type: 'player-updated', id: 'p1', patch: { club: 'Lyon 2' } }], ctx);
    const seen = (await loadEvent(db, id)).seq;
    // another tab of the same device (tabs share the device id; undo takes back this device's own entries)
    await appendActions(db, id, [{ type: 'result-recorded', round: 2, table: 1, result: R1 }], ctx);
    await expect(undoLast(db, id, { ...ctx, basedOn: seen })).rejects.toBeInstanceOf(StaleWriteError);
    expect((await loadEvent(db, id)).event.rounds[1]!.pairings[0]!.result).toEqual(R1);
    const now = (await loadEvent(db, id)).seq;
    const r = await undoLast(db, id, { ...ctx, basedOn: now });
    expect(r!.undone.action.type).toBe('result-recorded');
    expect((await getLog(db, id)).at(-1)!.basedOn).toBe(now);
  });
});
