import { describe, expect, it } from 'vitest';
import type { EventFile } from '../../../src/domain/event-file/types';
import { roundRobinRound, roundRobinRoundCount, roundRobinSchedule } from '../../../src/domain/pairing';
import { systemFor } from '../../../src/domain/systems';
import { placed, playRound, side, systemEvent } from './helpers';

const lotr = systemFor('lotr-sbg');
const lotrWin = (winner: 'a' | 'b') => ({ points: winner === 'a' ? 3 : 0, bodyCount: 0, kills: 0 });

describe('circle method', () => {
  it.each(Array.from({ length: 15 }, (_, i) => i + 2))('%i players: every pair exactly once, one game per player per round', (n) => {
    const ids = Array.from({ length: n }, (_, i) => i);
    const schedule = roundRobinSchedule(ids);
    expect(schedule).toHaveLength(n % 2 === 0 ? n - 1 : n);
    expect(roundRobinRoundCount(n)).toBe(schedule.length);
    const met = new Map<string, number>();
    const byes = new Map<number, number>();
    for (const round of schedule) {
      const seated = [...round.pairs.flat(), ...(round.bye === null ? [] : [round.bye])];
      expect([...seated].sort((x, y) => x - y)).toEqual(ids);
      expect(round.bye === null).toBe(n % 2 === 0);
      if (round.bye !== null) byes.set(round.bye, (byes.get(round.bye) ?? 0) + 1);
      for (const [x, y] of round.pairs) {
        const key = [x, y].sort((p, q) => p - q).join('-');
        met.set(key, (met.get(key) ?? 0) + 1);
      }
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
    expect([...met.values()].every((c) => c === 1)).toBe(true);
    // an odd field: each player sits out exactly once
    if (n % 2 === 1) expect([...byes.values()]).toEqual(ids.map(() => 1));
  });

  it('keeps round 0 in the given order and refuses a round past the end', () => {
    expect(roundRobinRound(['a', 'b', 'c', 'd'], 0)).toEqual({
      pairs: [
        ['a', 'd'],
        ['b', 'c'],
      ],
      bye: null,
    });
    expect(() => roundRobinRound(['a', 'b', 'c', 'd'], 3)).toThrow();
    expect(roundRobinRoundCount(1)).toBe(0);
  });
});

describe('a LotR round robin (settings.pairing "round-robin")', () => {
  function play(n: number, seed: number): { event: EventFile; byes: string[][] } {
    let event = systemEvent('lotr-sbg', n, { pairing: 'round-robin' });
    const byes: string[][] = [];
    for (;;) {
      const outcome = lotr.pairNextRound(event, { seed });
      if (!outcome.ok) {
        expect(outcome).toEqual({ ok: false, reason: 'event-complete', champion: null });
        return { event, byes };
      }
      expect(placed(outcome).sort()).toEqual(event.players.map((p) => p.id).sort());
      byes.push(outcome.byes);
      event = playRound(lotr, event, seed, () => ({ winner: null, a: side({ points: 1.5, bodyCount: 0, kills: 0 }), b: side({ points: 1.5, bodyCount: 0, kills: 0 }) })).event;
    }
  }

  it.each([2, 3, 4, 5, 6, 7, 8])('%i players: n-1 (even) or n (odd) rounds, every pair once, then complete', (n) => {
    const { event, byes } = play(n, n);
    expect(event.rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
    const pairs = event.rounds.flatMap((r) => r.pairings.map((p) => [p.a, p.b].sort().join('-')));
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength((n * (n - 1)) / 2);
    // an odd field: one bye a round, each player once
    expect(byes.flat().sort()).toEqual(n % 2 ? event.players.map((p) => p.id).sort() : []);
    expect(lotr.validateEvent(event)).toEqual([]);
  });

  it('stores the circle on round 1 and reads it back for later rounds', () => {
    const event = systemEvent('lotr-sbg', 4, { pairing: 'round-robin' });
    const first = playRound(lotr, event, 11, (p) => ({ winner: p.a, a: side(lotrWin('a')), b: side(lotrWin('b')) }));
    const order = first.outcome.round.roundRobinOrder as string[];
    expect([...order].sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    const second = lotr.pairNextRound(first.event, { seed: 999 });
    expect(second).toMatchObject({ ok: true, round: { pairings: roundRobinRound(order, 1).pairs.map(([a, b], i) => ({ table: i + 1, a, b })) } });
    expect(lotr.pairingMethod(event.settings)).toEqual({ kind: 'round-robin' });
  });

  it("gives a dropped player's scheduled opponent a bye and leaves late players out of the schedule", () => {
    let event = systemEvent('lotr-sbg', 4, { pairing: 'round-robin' });
    event = playRound(lotr, event, 2, (p) => ({ winner: p.a, a: side(lotrWin('a')), b: side(lotrWin('b')) })).event;
    const order = event.rounds[0]!.roundRobinOrder as string[];
    const dropped = order[0]!;
    event.players = event.players.map((p) => (p.id === dropped ? { ...p, dropped: true, droppedAfterRound: 1 } : p));
    event.players.push({ id: 'p9', number: 9, name: 'Late', dropped: false, droppedAfterRound: null, lists: [] });
    const next = lotr.pairNextRound(event, { seed: 2 });
    if (!next.ok) throw new Error('refused');
    const opponent = roundRobinRound(order, 1)
      .pairs.find((pair) => pair.includes(dropped))!
      .find((id) => id !== dropped)!;
    expect(next.byes).toEqual([opponent]);
    expect(next.round.pairings).toHaveLength(1);
    expect(next.unscheduled).toEqual(['p9']);
  });
});
