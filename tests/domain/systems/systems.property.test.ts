// Random events through every system's GameSystem: pair, fill in legal random results, drop a
// player now and then, and check after every round that each active player was placed exactly
// once, that the file stays valid for its system, and that the standings are in their order.
import { describe, expect, it } from 'vitest';
import { decide500 } from '../../../src/domain/confrontation';
import type { EventFile, EventSettings, GameResult, Pairing, SystemId } from '../../../src/domain/event-file/types';
import { createRng, type Rng } from '../../../src/domain/random';
import { roundByes, systemFor, type GameSystem, type StandingRowBase } from '../../../src/domain/systems';
import { side, systemEvent } from './helpers';

interface Case {
  name: string;
  system: SystemId;
  settings: Partial<EventSettings>;
  result: (rng: Rng, p: Pairing) => GameResult;
  /** keys compared plainly, best first (null: a key the generic check cannot read) */
  plainKeys: string[] | null;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

const CASES: Case[] = [
  {
    name: 'sr2011',
    system: 'sr2011',
    settings: { points: 50 },
    result: (rng, p) => {
      const w = pick(rng, [p.a, p.b, null]);
      return { winner: w, how: w === null ? 'tiebreak' : 'scenario', a: side({ cp: rng.int(5), apd: rng.int(50) }), b: side({ cp: rng.int(5), apd: rng.int(50) }) };
    },
    plainKeys: ['tp', 'sos', 'cp', 'apd'],
  },
  {
    name: 'confrontation-rackham challenge',
    system: 'confrontation-rackham',
    settings: { points: 200 },
    result: (rng, p) => ({ winner: pick(rng, [p.a, p.b]), a: side(), b: side() }),
    plainKeys: null,
  },
  {
    name: 'confrontation-rackham 500 points',
    system: 'confrontation-rackham',
    settings: { points: 500 },
    result: (rng, p) => {
      const a = { apd: rng.int(300), killedMostExpensive: rng.int(2) === 0, objectiveHeld: rng.int(3) === 0 };
      const b = { apd: rng.int(300), killedMostExpensive: rng.int(2) === 0, objectiveHeld: !a.objectiveHeld && rng.int(3) === 0 };
      const w = decide500(a, b).winner;
      return { winner: w === null ? null : w === 'a' ? p.a : p.b, a: side(a), b: side(b) };
    },
    plainKeys: ['points', 'score'],
  },
  {
    name: 'confrontation-cdr',
    system: 'confrontation-cdr',
    settings: { points: 400 },
    result: (rng, p) => {
      const va = rng.int(4);
      const vb = rng.int(4 - va);
      return { winner: va > vb ? p.a : vb > va ? p.b : null, a: side({ vp: va, apd: rng.int(200), bonus: rng.int(150) }), b: side({ vp: vb, apd: rng.int(200) }) };
    },
    plainKeys: ['tp', 'goalAverage'],
  },
  ...(['swiss', 'round-robin'] as const).map(
    (pairing): Case => ({
      name: `lotr-sbg ${pairing}`,
      system: 'lotr-sbg',
      settings: { pairing },
      result: (rng, p) => {
        const [pa, pb] = pick(rng, [
          [3, 0],
          [0, 3],
          [2, 1],
          [1, 2],
          [1.5, 1.5],
        ] as const);
        return {
          winner: pa > pb ? p.a : pb > pa ? p.b : null,
          a: side({ points: pa, bodyCount: rng.int(21) - 10, kills: rng.int(10) }),
          b: side({ points: pb, bodyCount: rng.int(21) - 10, kills: rng.int(10) }),
        };
      },
      plainKeys: null,
    }),
  ),
];

function checkStandings(system: GameSystem, event: EventFile, plainKeys: string[] | null): void {
  const rows = system.computeStandings(event) as Array<StandingRowBase & Record<string, unknown>>;
  expect(rows.map((r) => r.id).sort()).toEqual(event.players.map((p) => p.id).sort());
  const order = system.standingsOrder(event.settings);
  rows.forEach((row, i) => {
    if (i === 0) return expect([row.rank, row.decidedBy]).toEqual([1, null]);
    const above = rows[i - 1]!;
    if (row.decidedBy === 'tied') expect(row.rank).toBe(above.rank);
    else {
      expect(row.rank).toBe(i + 1);
      expect(order).toContain(row.decidedBy);
    }
    const first = order[0]!;
    if (first in row) expect(Number(above[first]) >= Number(row[first]) || first === 'eliminated').toBe(true);
    if (plainKeys) {
      // the first key where the two rows differ must favour the row above
      const diff = plainKeys.find((k) => above[k] !== row[k]);
      if (diff) expect(Number(above[diff])).toBeGreaterThan(Number(row[diff]));
      if (row.decidedBy !== 'tied') expect(diff).toBe(row.decidedBy);
    }
  });
}

/** Points recomputed from scoreGame and byeScore, for the systems whose standings start from them. */
function checkPoints(system: GameSystem, event: EventFile): void {
  const expected = new Map(event.players.map((p) => [p.id, 0]));
  for (const round of event.rounds) {
    for (const id of roundByes(round)) expected.set(id, expected.get(id)! + system.byeScore(event.settings));
    for (const p of round.pairings) {
      const s = system.scoreGame(p.result!, p, event.settings);
      expected.set(p.a, expected.get(p.a)! + s.a);
      expected.set(p.b, expected.get(p.b)! + s.b);
    }
  }
  for (const row of system.computeStandings(event)) expect(row.points).toBeCloseTo(expected.get(row.id)!, 9);
}

describe.each(CASES)('$name: random events', ({ system: id, settings, result, plainKeys }) => {
  const system = systemFor(id);
  it.each(Array.from({ length: 12 }, (_, i) => i))('event %i', (k) => {
    const rng = createRng(1000 + k * 31);
    const n = 2 + rng.int(15);
    let event = systemEvent(id, n, settings);
    const knockout = system.pairingMethod(event.settings).kind === 'knockout';
    const maxRounds = knockout || system.pairingMethod(event.settings).kind === 'round-robin' ? 40 : 2 + rng.int(5);
    for (let r = 0; r < maxRounds; r++) {
      const seed = rng.int(2 ** 31);
      const outcome = system.pairNextRound(event, { seed });
      if (!outcome.ok) {
        expect(['event-complete', 'too-few-players']).toContain(outcome.reason);
        break;
      }
      expect(system.pairNextRound(event, { seed })).toEqual(outcome);
      const seated = [...outcome.round.pairings.flatMap((p) => [p.a, p.b]), ...outcome.byes];
      expect(new Set(seated).size).toBe(seated.length);
      const active = event.players.filter((p) => !p.dropped).map((p) => p.id);
      for (const id of seated) expect(active).toContain(id);
      if (knockout) {
        // everyone still in the bracket and active, nobody else
        const standings = system.computeStandings(event) as Array<StandingRowBase & { eliminated?: boolean }>;
        const inPlay = r === 0 ? active : standings.filter((row) => row.eliminated === false).map((row) => row.id);
        expect(seated.sort()).toEqual(inPlay.filter((id) => active.includes(id)).sort());
      } else expect(seated.sort()).toEqual([...active].sort());
      const round = { ...outcome.round, pairings: outcome.round.pairings.map((p) => ({ ...p, result: result(rng, p) })) };
      event = { ...event, rounds: [...event.rounds, round] };
      // now and then a player drops after the round
      if (rng.int(6) === 0) {
        const i = rng.int(event.players.length);
        event.players = event.players.map((p, j) => (j === i && !p.dropped ? { ...p, dropped: true, droppedAfterRound: round.number } : p));
      }
      expect(system.validateEvent(event).filter((p) => !p.warning)).toEqual([]);
      checkStandings(system, event, plainKeys);
      checkPoints(system, event);
    }
  });
});
