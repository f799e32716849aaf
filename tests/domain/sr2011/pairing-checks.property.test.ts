// The fast pairing checks (issue 23: candidate arrangements only, the rematch search on indices,
// the history appended in place) against the plain ones they replaced, over random events: the
// same pile skips in the same order with the same "other", the same byes judged, the same answer
// to "could this round have had no rematch". Rounds are paired by TP then disturbed, or shuffled,
// so cross-group tables, rematches and dense histories (the depth-first search) all occur.
import { describe, expect, it } from 'vitest';
import type { Pairing, Round } from '../../../src/domain/event-file/types';
import { createRng, type Rng } from '../../../src/domain/random';
import { addRound, byeAboveLowest, emptyHistory, haveMet, pileSkips, recordMeeting, rematchFreePossible } from '../../../src/domain/systems/pairing-checks';
import * as reference from './pairing-checks.reference';

function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** One round: by TP with a few players swapped (floaters, skips), or shuffled. */
function nextRound(rng: Rng, ids: readonly string[], tp: ReadonlyMap<string, number>, number: number): Pick<Round, 'pairings' | 'bye'> {
  let order = [...ids];
  if (rng.int(3) === 0) shuffle(rng, order);
  else {
    order = shuffle(rng, order).sort((x, y) => (tp.get(y) ?? 0) - (tp.get(x) ?? 0));
    for (let k = rng.int(1 + Math.ceil(order.length / 6)); k > 0; k--) {
      const i = rng.int(order.length);
      const j = rng.int(order.length);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  // the bye: the last of the order (lowest TP when sorted), or anyone
  let bye: string | null = null;
  if (order.length % 2 === 1) bye = order.splice(rng.int(2) === 0 ? order.length - 1 : rng.int(order.length), 1)[0]!;
  const pairings: Pairing[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const a = order[i]!;
    const b = order[i + 1]!;
    const w = rng.int(7);
    pairings.push({ table: i / 2 + 1, a, b, result: { winner: w === 0 ? null : w % 2 ? a : b, how: 'scenario', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } });
  }
  void number;
  return { pairings, bye };
}

function compareEvent(seed: number, players: number, rounds: number): number {
  const rng = createRng(seed);
  const ids = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  const fast = emptyHistory();
  const plain = reference.emptyHistory();
  let findings = 0;
  for (let number = 1; number <= rounds; number++) {
    const round = nextRound(rng, ids, plain.tp, number);
    const seated = round.pairings.flatMap((p) => [p.a, p.b]);
    const skips = pileSkips(round.pairings, fast);
    expect(skips).toEqual(reference.pileSkips(round.pairings, plain));
    expect(byeAboveLowest(round, fast)).toEqual(reference.byeAboveLowest(round, plain));
    const free = rematchFreePossible(seated, fast.opponents);
    expect(free).toBe(reference.rematchFreePossible(seated, plain.met, plain.opponents));
    findings += skips.length + (free ? 1 : 0);
    addRound(fast, round);
    reference.addRound(plain, round);
    expect(fast.opponents).toEqual(plain.opponents);
    // who met whom, read from the opponents, is the plain set of keys
    for (const x of ids) for (const y of ids) expect(haveMet(fast, x, y)).toBe(plain.met.has(reference.pairKey(x, y)));
  }
  return findings;
}

describe('the fast pairing checks find exactly what the plain ones found', () => {
  it('small dense fields: many rounds among few players (the depth-first search decides)', () => {
    let findings = 0;
    for (let seed = 1; seed <= 120; seed++) findings += compareEvent(seed, 4 + (seed % 11), 3 + (seed % 10));
    // the events are not all quiet: the comparison ran over real findings
    expect(findings).toBeGreaterThan(100);
  });

  it('larger fields: cross-group tables, the three-table arrangements and byes above the lowest', () => {
    let findings = 0;
    for (let seed = 1000; seed < 1030; seed++) findings += compareEvent(seed, 30 + (seed % 47), 4 + (seed % 5));
    expect(findings).toBeGreaterThan(30);
  });
});

describe('pile skips over arbitrary histories (TP and meetings drawn at random, not played out)', () => {
  it('the same findings as the plain loops, floaters blocked by meetings included', () => {
    let findings = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const rng = createRng(7000 + seed);
      const n = 2 * (6 + rng.int(30));
      const ids = Array.from({ length: n }, (_, i) => `p${i + 1}`);
      const fast = emptyHistory();
      const plain = reference.emptyHistory();
      for (const id of ids) {
        const tp = rng.int(2 + rng.int(6));
        fast.tp.set(id, tp);
        plain.tp.set(id, tp);
      }
      const density = rng.int(60);
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          if (rng.int(100) < density) {
            recordMeeting(fast, ids[i]!, ids[j]!);
            plain.met.add(reference.pairKey(ids[i]!, ids[j]!));
          }
      // sorted by TP with some players swapped: floaters, and tables of the same group
      const order = shuffle(rng, [...ids]).sort((x, y) => plain.tp.get(y)! - plain.tp.get(x)!);
      for (let k = rng.int(n / 3); k > 0; k--) {
        const i = rng.int(n);
        const j = rng.int(n);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      const pairings: Pairing[] = [];
      for (let i = 0; i < n; i += 2) pairings.push({ table: i / 2 + 1, a: order[i]!, b: order[i + 1]! });
      const skips = pileSkips(pairings, fast);
      expect(skips).toEqual(reference.pileSkips(pairings, plain));
      findings += skips.length;
    }
    expect(findings).toBeGreaterThan(50);
  });
});

/**
 * Two odd groups of 21 where everyone met everyone of the other group (rounds 1-21), then paired
 * across again: no rematch-free pairing exists (each group would have to pair within itself), and
 * the depth-first search alone spends its whole budget on every such round to say so.
 */
function twoOddGroups(rounds: number): Pick<Round, 'pairings' | 'bye'>[] {
  const out: Pick<Round, 'pairings' | 'bye'>[] = [];
  for (let r = 0; r < rounds; r++) {
    const pairings: Pairing[] = [];
    for (let i = 0; i < 21; i++) {
      const a = `a${i + 1}`;
      const b = `b${((i + r) % 21) + 1}`;
      pairings.push({ table: i + 1, a, b, result: { winner: r % 2 ? a : b, how: 'scenario', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } });
    }
    out.push({ pairings, bye: null });
  }
  return out;
}

describe('a history with no rematch-free pairing left', () => {
  it('answers "no" as the plain search did (which spent its whole budget on it)', () => {
    const fast = emptyHistory();
    const plain = reference.emptyHistory();
    for (const round of twoOddGroups(21)) {
      addRound(fast, round);
      reference.addRound(plain, round);
    }
    const seated = twoOddGroups(22)[21]!.pairings.flatMap((p) => [p.a, p.b]);
    expect(rematchFreePossible(seated, fast.opponents)).toBe(false);
    expect(reference.rematchFreePossible(seated, plain.met, plain.opponents)).toBe(false);
    // one player less on each side: each group is even, and pairs within itself
    const even = seated.filter((id) => id !== 'a21' && id !== 'b21');
    expect(rematchFreePossible(even, fast.opponents)).toBe(true);
    expect(reference.rematchFreePossible(even, plain.met, plain.opponents)).toBe(true);
  });
});
