import { describe, expect, it } from 'vitest';
import { newEvent } from '../../../src/domain/event-file';
import type { GameResult } from '../../../src/domain/event-file/types';
import { entryKey, foldDetailed, knows, lastUndoable, type Action, type LogEntry } from '../../../src/domain/log';
import { createRng, type Rng } from '../../../src/domain/random';
import { systemFor } from '../../../src/domain/systems';
import { makePlayer } from '../../fixtures/events';

const created: Action = { type: 'event-created', event: newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }) };
const result = (winner: string, cp = 3): GameResult => ({ winner, how: 'scenario', a: { cp, apd: 20 }, b: { cp: 1, apd: 10 } });

/** A device as the store keeps it: its entries, stamped as appendActions stamps them. */
class Device {
  entries: LogEntry[] = [];
  constructor(readonly id: string) {}
  write(action: Action): LogEntry {
    const lamport = Math.max(0, ...this.entries.map((e) => e.lamport!)) + 1;
    const seen: Record<string, number> = {};
    for (const e of this.entries) if (e.deviceId !== this.id) seen[e.deviceId] = Math.max(seen[e.deviceId] ?? 0, e.origin!);
    const origin = this.entries.filter((e) => e.deviceId === this.id).length + 1;
    const entry: LogEntry = { eventId: 'e', seq: this.entries.length + 1, at: 0, deviceId: this.id, action, lamport, origin, ...(Object.keys(seen).length ? { seen } : {}) };
    this.entries.push(entry);
    return entry;
  }
  /** a pull: the other device's entries this one lacks, appended in arrival order */
  pull(from: Device): void {
    const have = new Set(this.entries.map(entryKey));
    for (const e of from.entries) if (!have.has(entryKey(e))) this.entries.push({ ...e, seq: this.entries.length + 1 });
  }
}

const state = (entries: LogEntry[]): string => {
  const f = foldDetailed(entries);
  return JSON.stringify([f.event, f.conflicts, f.unapplied, f.setAside]);
};

function randomHistory(rng: Rng): Device[] {
  const devices = ['dev-a', 'dev-b', 'dev-c'].map((id) => new Device(id));
  devices[0]!.write(created);
  for (const k of [1, 2, 3, 4, 5, 6]) devices[0]!.write({ type: 'player-registered', player: makePlayer(k) });
  devices[0]!.write({ type: 'round-paired', round: { number: 1, pairings: [1, 2, 3].map((t) => ({ table: t, a: `p${2 * t - 1}`, b: `p${2 * t}` })), bye: null } });
  for (const d of devices.slice(1)) d.pull(devices[0]!);
  for (let step = 0; step < 30; step++) {
    const d = devices[rng.int(3)]!;
    const roll = rng.int(10);
    const table = 1 + rng.int(3);
    if (roll < 4) d.write({ type: 'result-recorded', round: 1, table, result: result(`p${2 * table - rng.int(2)}`, rng.int(3)) });
    else if (roll === 4) d.write({ type: 'player-dropped', id: `p${1 + rng.int(6)}`, afterRound: 1 });
    else if (roll === 8 && rng.int(2)) {
      // a late registration at this desk: the next number as this device sees it
      const players = foldDetailed(d.entries).event!.players;
      const k = Math.max(...players.map((p) => p.number)) + 1;
      d.write({ type: 'player-registered', player: makePlayer(k, { name: `${d.id} ${step}` }) });
      d.write({ type: 'player-updated', id: `p${k}`, patch: { club: d.id } });
    } else if (roll === 5)
      d.write({
        type: 'round-paired',
        round: {
          number: 2,
          pairings: [
            { table: 1, a: 'p1', b: 'p3' },
            { table: 2, a: 'p2', b: 'p5' },
            { table: 3, a: 'p4', b: 'p6' },
          ],
          bye: null,
        },
      });
    else if (roll === 6) {
      const target = lastUndoable(d.entries);
      if (target) d.write({ type: 'action-undone', seq: target.origin!, target: entryKey(target) });
    } else if (roll === 7) {
      const conflict = foldDetailed(d.entries).conflicts.find((c) => !c.resolvedBy);
      if (conflict) {
        const keep = conflict.entries[rng.int(conflict.entries.length)]!;
        d.write({ type: 'conflict-resolved', conflict: conflict.id, keep, setAside: conflict.entries.filter((k) => k !== keep) });
      }
    } else d.pull(devices[rng.int(3)]!);
  }
  return devices;
}

describe('merge order', () => {
  it('any permutation of the same entries folds to the same event, conflicts and set-aside list (300 random histories)', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rng = createRng(seed);
      const devices = randomHistory(rng);
      const union = new Map<string, LogEntry>();
      for (const d of devices) for (const e of d.entries) union.set(entryKey(e), e);
      const all = [...union.values()];
      const expected = state(all);
      for (let k = 0; k < 5; k++) expect(state(rng.shuffle(all)), `seed ${seed}`).toBe(expected);
      // full sync in a random order of pulls: every device ends with the same state
      for (let round = 0; round < 2; round++) for (const d of devices) for (const o of rng.shuffle(devices)) if (o !== d) d.pull(o);
      for (const d of devices) expect(state(d.entries), `seed ${seed} ${d.id}`).toBe(expected);
    }
  });

  it('two desks registering a late player under the same number keep both players, each with what its desk did', () => {
    const a = new Device('dev-a');
    a.write(created);
    for (const k of [1, 2, 3, 4]) a.write({ type: 'player-registered', player: makePlayer(k) });
    const b = new Device('dev-b');
    b.pull(a);
    a.write({ type: 'player-registered', player: makePlayer(5, { name: 'Élodie' }) });
    a.write({ type: 'player-updated', id: 'p5', patch: { faction: 'Khador' } });
    b.write({ type: 'player-registered', player: makePlayer(5, { name: 'Jérôme' }) });
    b.write({ type: 'player-dropped', id: 'p5', afterRound: 0 });
    a.pull(b);
    b.pull(a);
    const f = foldDetailed(a.entries);
    expect(JSON.stringify(foldDetailed(b.entries))).toBe(JSON.stringify(f));
    expect(f.unapplied).toEqual([]);
    const byName = Object.fromEntries(f.event!.players.map((p) => [p.name, p]));
    expect(byName.Élodie).toMatchObject({ id: 'p5', number: 5, faction: 'Khador', dropped: false });
    expect(byName.Jérôme).toMatchObject({ id: 'p6', number: 6, faction: 'Cygnar', dropped: true });
    // a later entry written after the merge means the ids as merged
    a.write({ type: 'player-updated', id: 'p6', patch: { club: 'Nantes' } });
    expect(foldDetailed(a.entries).event!.players.find((p) => p.id === 'p6')!.club).toBe('Nantes');
  });

  it('orders by Lamport value, then device id, whatever the arrival order', () => {
    const a = new Device('dev-a');
    a.write(created);
    const b = new Device('dev-b');
    b.pull(a);
    const ra = a.write({ type: 'event-updated', patch: { name: 'A' } });
    const rb = b.write({ type: 'event-updated', patch: { name: 'B' } });
    expect(ra.lamport).toBe(rb.lamport);
    expect(foldDetailed([rb, ...a.entries]).event!.name).toBe('B');
    expect(foldDetailed([...a.entries, rb]).event!.name).toBe('B');
    expect(knows(ra, rb) || knows(rb, ra)).toBe(false);
  });

  it("a result recorded after seeing the other device's is a correction, not a conflict", () => {
    const a = new Device('dev-a');
    a.write(created);
    for (const k of [1, 2]) a.write({ type: 'player-registered', player: makePlayer(k) });
    a.write({ type: 'round-paired', round: { number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null } });
    const b = new Device('dev-b');
    b.pull(a);
    a.write({ type: 'result-recorded', round: 1, table: 1, result: result('p1') });
    b.pull(a);
    b.write({ type: 'result-corrected', round: 1, table: 1, result: result('p2') });
    a.pull(b);
    const f = foldDetailed(a.entries);
    expect(f.conflicts).toEqual([]);
    expect(f.event!.rounds[0]!.pairings[0]!.result?.winner).toBe('p2');
    // the same two results written without seeing each other: listed, not resolved
    const c = new Device('dev-c');
    c.pull(a);
    const x = new Device('dev-x');
    x.pull(a);
    c.write({ type: 'result-corrected', round: 1, table: 1, result: result('p1', 5) });
    x.write({ type: 'result-corrected', round: 1, table: 1, result: result('p1', 4) });
    c.pull(x);
    expect(foldDetailed(c.entries).conflicts).toMatchObject([{ kind: 'result', id: 'result:1:1', resolvedBy: null }]);
  });

  it("two pairings of one round: the first in merge order is shown, the other's results wait, the choice swaps them", () => {
    const a = new Device('dev-a');
    a.write(created);
    for (const k of [1, 2, 3, 4]) a.write({ type: 'player-registered', player: makePlayer(k) });
    const b = new Device('dev-b');
    b.pull(a);
    const pa = a.write({
      type: 'round-paired',
      round: {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
        bye: null,
      },
    });
    const pb = b.write({
      type: 'round-paired',
      round: {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p3' },
          { table: 2, a: 'p2', b: 'p4' },
        ],
        bye: null,
      },
    });
    const rb = b.write({ type: 'result-recorded', round: 1, table: 1, result: result('p3') });
    a.pull(b);
    let f = foldDetailed(a.entries);
    expect(f.event!.rounds[0]!.pairings[0]).toEqual({ table: 1, a: 'p1', b: 'p2' });
    expect(f.conflicts).toEqual([{ kind: 'pairing', id: 'pairing:1', round: 1, entries: [entryKey(pa), entryKey(pb)], held: [entryKey(rb)], resolvedBy: null }]);
    a.write({ type: 'conflict-resolved', conflict: 'pairing:1', keep: entryKey(pb), setAside: [entryKey(pa)] });
    f = foldDetailed(a.entries);
    expect(f.event!.rounds[0]!.pairings[0]).toMatchObject({ table: 1, a: 'p1', b: 'p3', result: { winner: 'p3' } });
    expect(f.conflicts[0]!.resolvedBy).not.toBeNull();
    expect(f.setAside).toEqual([entryKey(pa)]);
  });

  it('a drop on one device while another paired the player in a later round is listed', () => {
    const a = new Device('dev-a');
    a.write(created);
    for (const k of [1, 2, 3, 4]) a.write({ type: 'player-registered', player: makePlayer(k) });
    const b = new Device('dev-b');
    b.pull(a);
    const drop = a.write({ type: 'player-dropped', id: 'p2', afterRound: 0 });
    const paired = b.write({
      type: 'round-paired',
      round: {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
        bye: null,
      },
    });
    b.pull(a);
    const f = foldDetailed(b.entries);
    expect(f.conflicts).toEqual([{ kind: 'drop', id: 'drop:p2:1', round: 1, player: 'p2', entries: [entryKey(drop), entryKey(paired)], resolvedBy: null }]);
    // keeping the drop keeps the round as paired: settled, the player out after it
    const kept = foldDetailed([
      ...b.entries,
      {
        ...b.entries[0]!,
        deviceId: 'dev-b',
        origin: 99,
        seq: 99,
        lamport: 99,
        seen: { 'dev-a': 99 },
        action: { type: 'conflict-resolved', conflict: 'drop:p2:1', keep: entryKey(drop), setAside: [] },
      },
    ]);
    expect(kept.conflicts).toMatchObject([{ id: 'drop:p2:1', resolvedBy: 'dev-b:99' }]);
    expect(kept.event!.players.find((p) => p.id === 'p2')!.dropped).toBe(true);
    expect(kept.event!.rounds).toHaveLength(1);
    // keeping the pairing sets the drop aside: the player is back in
    b.write({ type: 'conflict-resolved', conflict: 'drop:p2:1', keep: entryKey(paired), setAside: [entryKey(drop)] });
    const g = foldDetailed(b.entries);
    expect(g.event!.players.find((p) => p.id === 'p2')!.dropped).toBe(false);
    expect(g.conflicts).toMatchObject([{ id: 'drop:p2:1', resolvedBy: expect.any(String) }]);
  });
});

describe('a table with two results not yet settled', () => {
  it("counts in neither the round's progress nor the standings until the organizer picks one", () => {
    const a = new Device('dev-a');
    a.write(created);
    for (const k of [1, 2, 3, 4]) a.write({ type: 'player-registered', player: makePlayer(k) });
    a.write({
      type: 'round-paired',
      round: {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
        bye: null,
      },
    });
    const b = new Device('dev-b');
    b.pull(a);
    const mine = a.write({ type: 'result-recorded', round: 1, table: 1, result: result('p1') });
    b.write({ type: 'result-recorded', round: 1, table: 1, result: result('p2') });
    b.write({ type: 'result-recorded', round: 1, table: 2, result: result('p3') });
    a.pull(b);
    const f = foldDetailed(a.entries);
    expect(f.conflicts).toMatchObject([{ kind: 'result', round: 1, table: 1, resolvedBy: null }]);
    const [t1, t2] = f.event!.rounds[0]!.pairings;
    expect(t1!.result).toBeUndefined();
    expect(t2!.result).toMatchObject({ winner: 'p3' });
    const points = (ev: typeof f.event) =>
      Object.fromEntries(
        systemFor('sr2011')
          .computeStandings(ev!)
          .map((r) => [r.name, r.points]),
      );
    // p1 and p2 have no win between them while the two results disagree
    expect(points(f.event)).toMatchObject({ 'Player 1': 0, 'Player 2': 0, 'Player 3': 1 });
    // the pick: a logged resolution; then the table counts, with the kept result
    a.write({ type: 'conflict-resolved', conflict: 'result:1:1', keep: entryKey(mine), setAside: f.conflicts[0]!.entries.filter((k) => k !== entryKey(mine)) });
    const settled = foldDetailed(a.entries);
    expect(settled.conflicts[0]!.resolvedBy).not.toBeNull();
    expect(settled.event!.rounds[0]!.pairings[0]!.result).toMatchObject({ winner: 'p1' });
    expect(points(settled.event)).toMatchObject({ 'Player 1': 1, 'Player 2': 0 });
  });
});
