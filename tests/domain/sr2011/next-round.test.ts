import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult, Round } from '../../../src/domain/event-file';
import { createRng } from '../../../src/domain/random';
import { computeStandings, pairNextRound, pairingWarnings, type NextRoundResult } from '../../../src/domain/sr2011';
import { makeEvent, makePlayer } from '../../fixtures/events';

const played = (round: Round, rng: ReturnType<typeof createRng>, draws = false): Round => ({
  ...round,
  pairings: round.pairings.map((p) => {
    const roll = rng.int(draws ? 3 : 2);
    const winner = roll === 2 ? null : roll === 0 ? p.a : p.b;
    const result: GameResult = { winner, how: winner ? 'scenario' : 'tiebreak', a: { cp: rng.int(5), apd: rng.int(50) }, b: { cp: rng.int(5), apd: rng.int(50) } };
    return { ...p, result };
  }),
});

function ok(r: NextRoundResult): Extract<NextRoundResult, { ok: true }> {
  if (!r.ok) throw new Error(`pairing refused: ${JSON.stringify(r)}`);
  return r;
}

function emptyEvent(n: number): EventFile {
  return makeEvent({ players: Array.from({ length: n }, (_, i) => makePlayer(i + 1)), rounds: [] });
}

describe('pairNextRound', () => {
  it('pairs round 1 at random with one bye for an odd field, the same for the same seed', () => {
    const ev = emptyEvent(7);
    const a = ok(pairNextRound(ev, { seed: 11 }));
    expect(a.round.number).toBe(1);
    expect(a.round.pairings).toHaveLength(3);
    expect(a.round.bye).not.toBeNull();
    expect(a.round.pairings.map((p) => p.table)).toEqual([1, 2, 3]);
    expect(ok(pairNextRound(ev, { seed: 11 })).round).toEqual(a.round);
    expect(ok(pairNextRound(ev, { seed: 12 })).round).not.toEqual(a.round);
  });

  it('refuses to pair while a table of the last round has no result, naming the tables', () => {
    const ev = makeEvent();
    expect(pairNextRound(ev, { seed: 1 })).toEqual({ ok: false, reason: 'round-unfinished', round: 1, tables: [2] });
  });

  it('refuses when an earlier round still has an unplayed table, even if the last one is complete', () => {
    const ev = emptyEvent(4);
    const win = (w: string) => ({ winner: w, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } });
    ev.rounds = [
      {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4', result: win('p3') },
        ],
        bye: null,
      },
      {
        number: 2,
        pairings: [
          { table: 1, a: 'p1', b: 'p3', result: win('p1') },
          { table: 2, a: 'p2', b: 'p4', result: win('p2') },
        ],
        bye: null,
      },
    ];
    expect(pairNextRound(ev, { seed: 1 })).toEqual({ ok: false, reason: 'round-unfinished', round: 1, tables: [1] });
  });

  it('refuses with fewer than two active players', () => {
    const ev = emptyEvent(2);
    ev.players[1] = { ...ev.players[1]!, dropped: true, droppedAfterRound: 0 };
    expect(pairNextRound(ev, { seed: 1 })).toEqual({ ok: false, reason: 'too-few-players', active: 1 });
  });

  it('pairs winners with winners after round 1 and never a dropped player', () => {
    const ev = emptyEvent(8);
    const rng = createRng(5);
    ev.rounds.push(played(ok(pairNextRound(ev, { seed: 1 })).round, rng));
    const winners = new Set(ev.rounds[0]!.pairings.map((p) => p.result!.winner));
    const dropped = [...winners][0]!;
    ev.players = ev.players.map((p) => (p.id === dropped ? { ...p, dropped: true, droppedAfterRound: 1 } : p));
    const r2 = ok(pairNextRound(ev, { seed: 2 })).round;
    const ids = r2.pairings.flatMap((p) => [p.a, p.b]).concat(r2.bye ? [r2.bye] : []);
    expect(ids).not.toContain(dropped);
    expect(ids.sort()).toEqual(
      ev.players
        .filter((p) => !p.dropped)
        .map((p) => p.id)
        .sort(),
    );
    // 3 winners left (odd group): the bye goes to a player on 0 TP, and two winners meet
    const tp = new Map(computeStandings(ev).map((s) => [s.id, s.tp]));
    expect(tp.get(r2.bye!)).toBe(0);
    expect(r2.pairings.filter((p) => tp.get(p.a) === 1 && tp.get(p.b) === 1)).toHaveLength(1);
  });

  it('over hundreds of random events: everyone active once, one bye iff odd, no second bye while avoidable, no rematch', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rng = createRng(seed);
      const n = 4 + rng.int(21);
      const ev = emptyEvent(n);
      const rounds = n <= 8 ? 3 : n <= 16 ? 4 : 5;
      for (let r = 1; r <= rounds; r++) {
        if (r > 1 && rng.int(4) === 0) {
          const victim = ev.players.filter((p) => !p.dropped)[rng.int(ev.players.filter((p) => !p.dropped).length)]!;
          if (ev.players.filter((p) => !p.dropped).length > 4) (victim.dropped = true), (victim.droppedAfterRound = r - 1);
        }
        if (r > 1 && rng.int(5) === 0) ev.players.push(makePlayer(ev.players.length + 1)); // late arrival, 0 TP
        const res = ok(pairNextRound(ev, { seed: seed * 100 + r }));
        const active = ev.players.filter((p) => !p.dropped).map((p) => p.id);
        const seen = res.round.pairings.flatMap((p) => [p.a, p.b]).concat(res.round.bye ? [res.round.bye] : []);
        expect(seen.sort()).toEqual([...active].sort());
        expect(res.round.bye !== null).toBe(active.length % 2 === 1);
        const before = new Map(computeStandings(ev).map((s) => [s.id, s]));
        if (res.round.bye) {
          const byes = before.get(res.round.bye)?.byes ?? 0;
          const someoneWithout = active.some((id) => (before.get(id)?.byes ?? 0) < byes);
          expect(someoneWithout).toBe(false);
        }
        // With at most 5 rounds and 4+ players a rematch-free pairing exists in these fields;
        // the engine's own tests prove the general "only when unavoidable" against brute force.
        if (active.length >= 2 * rounds) expect(res.rematches).toBe(0);
        ev.rounds.push(played(res.round, rng, true));
      }
    }
  });

  it('plays the final tables on the planned last round: 1st v 2nd on table 1, 3rd v 4th on table 2', () => {
    const ev = emptyEvent(8);
    ev.settings = { ...ev.settings, variants: ['final-tables'], rounds: 3 };
    const rng = createRng(9);
    for (let r = 1; r <= 2; r++) ev.rounds.push(played(ok(pairNextRound(ev, { seed: r })).round, rng));
    const order = computeStandings(ev).map((s) => s.id);
    const last = ok(pairNextRound(ev, { seed: 3 })).round;
    expect(last.finalTables).toBe(true);
    expect(last.pairings.slice(0, 2)).toEqual([
      { table: 1, a: order[0], b: order[1] },
      { table: 2, a: order[2], b: order[3] },
    ]);
    expect(last.pairings.slice(2).map((p) => p.table)).toEqual([3, 4]);
  });

  it('warns about a hand swap that makes a rematch, a score gap or a second bye', () => {
    const ev = emptyEvent(5);
    ev.rounds = [
      {
        number: 1,
        pairings: [
          { table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } },
          { table: 2, a: 'p3', b: 'p4', result: { winner: 'p3', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } },
        ],
        bye: 'p5',
      },
      {
        number: 2,
        pairings: [
          { table: 1, a: 'p1', b: 'p2' },
          { table: 2, a: 'p3', b: 'p4' },
        ],
        bye: 'p5',
      },
    ];
    expect(pairingWarnings(ev, ev.rounds[1]!)).toEqual([
      { table: 1, kind: 'rematch', a: 'p1', b: 'p2' },
      { table: 2, kind: 'rematch', a: 'p3', b: 'p4' },
      { table: null, kind: 'second-bye', a: 'p5' },
      // the winners p1 and p3 could have met, and the losers p2 and p4, with no rematch
      { table: 1, kind: 'pile-skip', a: 'p1', b: 'p2', other: 'p3' },
      { table: 2, kind: 'pile-skip', a: 'p3', b: 'p4', other: 'p1' },
      // p2 or p4 (0 TP, no bye) could have sat out instead of p5 (1 TP)
      { table: null, kind: 'bye-above-lowest', a: 'p5', other: 'p2' },
    ]);
  });
});
