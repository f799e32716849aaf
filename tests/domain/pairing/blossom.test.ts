import { describe, it, expect } from 'vitest';
import { edgeList, maxWeightMatching, minCostPerfectMatching, minCostPerfectMatchingAt, warmDuals } from '../../../src/domain/pairing/blossom';
import type { MatchingDuals } from '../../../src/domain/pairing/blossom';
import { createRng } from '../../../src/domain/random';

type Tri = [number, number, number];

/** Brute force over subsets: best (cardinality?, weight) of any matching. */
function bruteForce(n: number, edges: Tri[], maxCard: boolean): { card: number; weight: number } {
  const w: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(null));
  for (const [a, b, x] of edges) {
    // parallel edges: keep the best one (the matcher may pick either)
    const cur = w[a]![b];
    if (cur === null || cur === undefined || x > cur) {
      w[a]![b] = x;
      w[b]![a] = x;
    }
  }
  const memo = new Map<number, { card: number; weight: number }>();
  const better = (p: { card: number; weight: number }, q: { card: number; weight: number }): boolean =>
    maxCard ? p.card > q.card || (p.card === q.card && p.weight > q.weight) : p.weight > q.weight;
  const go = (mask: number): { card: number; weight: number } => {
    if (mask === 0) return { card: 0, weight: 0 };
    const hit = memo.get(mask);
    if (hit) return hit;
    let i = 0;
    while (((mask >> i) & 1) === 0) i++;
    const rest = mask & ~(1 << i);
    let best = go(rest); // i unmatched
    for (let j = i + 1; j < n; j++) {
      if (((rest >> j) & 1) === 0) continue;
      const x = w[i]![j];
      if (x === null || x === undefined) continue;
      const sub = go(rest & ~(1 << j));
      const cand = { card: sub.card + 1, weight: sub.weight + x };
      if (better(cand, best)) best = cand;
    }
    memo.set(mask, best);
    return best;
  };
  return go((1 << n) - 1);
}

function evaluate(n: number, edges: Tri[], mate: Int32Array): { card: number; weight: number } {
  let card = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const m = mate[v]!;
    if (m === -1) continue;
    expect(mate[m]).toBe(v);
    if (m > v) {
      card++;
      let best = -Infinity;
      for (const [a, b, x] of edges) if ((a === v && b === m) || (a === m && b === v)) best = Math.max(best, x);
      expect(best).not.toBe(-Infinity); // matched along an existing edge
      weight += best;
    }
  }
  return { card, weight };
}

function randomGraph(rng: ReturnType<typeof createRng>, n: number, density: number, lo: number, hi: number): Tri[] {
  const edges: Tri[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (rng.next() < density) {
        const w = lo + rng.int(hi - lo + 1);
        edges.push(rng.next() < 0.5 ? [i, j, w] : [j, i, w]);
      }
    }
  }
  return rng.shuffle(edges);
}

describe('blossom: maximum-weight matching', () => {
  it('handles trivial graphs', () => {
    expect(Array.from(maxWeightMatching(0, edgeList([])))).toEqual([]);
    expect(Array.from(maxWeightMatching(3, edgeList([])))).toEqual([-1, -1, -1]);
    expect(Array.from(maxWeightMatching(2, edgeList([[0, 1, 1]])))).toEqual([1, 0]);
    // a triangle with a pendant: classic blossom case
    expect(
      Array.from(
        maxWeightMatching(
          4,
          edgeList([
            [0, 1, 6],
            [0, 2, 10],
            [1, 2, 5],
            [2, 3, 4],
          ]),
        ),
      ),
    ).toEqual([2, -1, 0, -1]);
    expect(
      Array.from(
        maxWeightMatching(
          4,
          edgeList([
            [0, 1, 6],
            [0, 2, 10],
            [1, 2, 5],
            [2, 3, 4],
          ]),
          true,
        ),
      ),
    ).toEqual([1, 0, 3, 2]);
  });

  it('handles known hard cases (nested blossoms, expansions)', () => {
    // cases from the classic test-suite of the algorithm (S-blossom relabel, nested, T-expand)
    const cases: { n: number; e: Tri[]; card?: boolean }[] = [
      {
        n: 5,
        e: [
          [1, 2, 8],
          [1, 3, 9],
          [2, 3, 10],
          [3, 4, 7],
        ],
      },
      {
        n: 7,
        e: [
          [1, 2, 8],
          [1, 3, 9],
          [2, 3, 10],
          [3, 4, 7],
          [1, 6, 5],
          [4, 5, 6],
        ],
      },
      {
        n: 7,
        e: [
          [1, 2, 9],
          [1, 3, 8],
          [2, 3, 10],
          [1, 4, 5],
          [4, 5, 4],
          [1, 6, 3],
        ],
      },
      {
        n: 7,
        e: [
          [1, 2, 9],
          [1, 3, 8],
          [2, 3, 10],
          [1, 4, 5],
          [4, 5, 3],
          [1, 6, 4],
        ],
      },
      {
        n: 7,
        e: [
          [1, 2, 9],
          [1, 3, 8],
          [2, 3, 10],
          [1, 4, 5],
          [4, 5, 3],
          [3, 6, 4],
        ],
      },
      {
        n: 7,
        e: [
          [1, 2, 9],
          [1, 3, 9],
          [2, 3, 10],
          [2, 4, 8],
          [3, 5, 8],
          [4, 5, 10],
          [5, 6, 6],
        ],
      },
      {
        n: 9,
        e: [
          [1, 2, 10],
          [1, 7, 10],
          [2, 3, 12],
          [3, 4, 20],
          [3, 5, 20],
          [4, 5, 25],
          [5, 6, 10],
          [6, 7, 10],
          [7, 8, 8],
        ],
      },
      {
        n: 9,
        e: [
          [1, 2, 8],
          [1, 3, 8],
          [2, 3, 10],
          [2, 4, 12],
          [3, 5, 12],
          [4, 5, 14],
          [4, 6, 12],
          [5, 7, 12],
          [6, 7, 14],
          [7, 8, 12],
        ],
      },
      {
        n: 9,
        e: [
          [1, 2, 23],
          [1, 5, 22],
          [1, 6, 15],
          [2, 3, 25],
          [3, 4, 22],
          [4, 5, 25],
          [4, 8, 14],
          [5, 7, 13],
        ],
      },
      {
        n: 9,
        e: [
          [1, 2, 19],
          [1, 3, 20],
          [1, 8, 8],
          [2, 3, 25],
          [2, 4, 18],
          [3, 5, 18],
          [4, 5, 13],
          [4, 7, 7],
          [5, 6, 7],
        ],
      },
      {
        n: 11,
        e: [
          [1, 2, 45],
          [1, 5, 45],
          [2, 3, 50],
          [3, 4, 45],
          [4, 5, 50],
          [1, 6, 30],
          [3, 9, 35],
          [4, 8, 35],
          [5, 7, 26],
          [9, 10, 5],
        ],
      },
      {
        n: 11,
        e: [
          [1, 2, 45],
          [1, 5, 45],
          [2, 3, 50],
          [3, 4, 45],
          [4, 5, 50],
          [1, 6, 30],
          [3, 9, 35],
          [4, 8, 26],
          [5, 7, 40],
          [9, 10, 5],
        ],
      },
      {
        n: 11,
        e: [
          [1, 2, 45],
          [1, 5, 45],
          [2, 3, 50],
          [3, 4, 45],
          [4, 5, 50],
          [1, 6, 30],
          [3, 9, 35],
          [4, 8, 28],
          [5, 7, 26],
          [9, 10, 5],
        ],
      },
      {
        n: 9,
        e: [
          [1, 2, 40],
          [1, 3, 40],
          [2, 3, 60],
          [2, 4, 55],
          [3, 5, 55],
          [4, 5, 50],
          [1, 8, 15],
          [5, 7, 30],
          [7, 6, 10],
          [8, 6, 10],
          [4, 6, 30],
        ],
      },
      {
        n: 11,
        e: [
          [1, 2, 60],
          [1, 3, 55],
          [2, 3, 55],
          [2, 4, 60],
          [3, 5, 60],
          [4, 6, 65],
          [5, 7, 65],
          [6, 8, 50],
          [7, 9, 50],
          [8, 10, 40],
          [9, 10, 40],
          [1, 10, 20],
        ],
      },
    ];
    for (const c of cases) {
      for (const card of [false, true]) {
        const mate = maxWeightMatching(c.n, edgeList(c.e), card);
        const got = evaluate(c.n, c.e, mate);
        const want = bruteForce(c.n, c.e, card);
        if (card) expect(got).toEqual(want);
        else expect(got.weight).toBe(want.weight);
      }
    }
  });

  it('matches brute force on thousands of random small graphs', { timeout: 120_000 }, () => {
    const rng = createRng(20110101);
    let checked = 0;
    for (let t = 0; t < 4000; t++) {
      const n = 1 + rng.int(12);
      const density = [0.2, 0.4, 0.7, 1][rng.int(4)]!;
      const range = rng.int(3);
      const [lo, hi] = range === 0 ? [0, 3] : range === 1 ? [1, 30] : [-20, 40];
      const e = randomGraph(rng, n, density, lo, hi);
      const card = rng.next() < 0.5;
      const mate = maxWeightMatching(n, edgeList(e), card);
      const got = evaluate(n, e, mate);
      const want = bruteForce(n, e, card);
      // without maxCardinality, zero-weight edges make the cardinality a free tie
      if (card) expect(got, `case ${t}`).toEqual(want);
      else expect(got.weight, `case ${t}`).toBe(want.weight);
      checked++;
    }
    expect(checked).toBe(4000);
  });

  it('minCostPerfectMatching finds the cheapest perfect matching or reports none', { timeout: 120_000 }, () => {
    const rng = createRng(7);
    for (let t = 0; t < 1500; t++) {
      const n = 2 * (1 + rng.int(6));
      const e = randomGraph(rng, n, [0.3, 0.6, 1][rng.int(3)]!, 0, 50);
      // brute force: negate costs, max-cardinality max-weight
      const neg: Tri[] = e.map(([a, b, w]) => [a, b, -w]);
      const bf = bruteForce(n, neg, true);
      const mate = minCostPerfectMatching(n, edgeList(e));
      if (bf.card < n / 2) {
        expect(mate).toBeNull();
      } else {
        expect(mate).not.toBeNull();
        const got = evaluate(n, neg, mate!);
        expect(got).toEqual(bf);
      }
    }
  });

  // (Its speed is measured by `npm run bench`, never by a test: no test depends on the machine.)
  it('proves its answer on dense graphs: the duals it returns are feasible and the matching tight', () => {
    for (const seed of [99, 100, 101]) {
      const rng = createRng(seed);
      const n = 120 + 2 * rng.int(40);
      const e = randomGraph(rng, n, 1, 0, 1000);
      const duals: MatchingDuals = { dualvar: new Float64Array(0), blossomparent: new Int32Array(0) };
      const mate = maxWeightMatching(n, edgeList(e), true, duals);
      expect(Array.from(mate).every((m) => m >= 0)).toBe(true);
      const { dualvar: y, blossomparent: parent } = duals;
      const common = (a: number, b: number): number => {
        const up = new Set<number>();
        for (let x = parent[a]!; x !== -1; x = parent[x]!) up.add(x);
        let z = 0;
        for (let x = parent[b]!; x !== -1; x = parent[x]!) if (up.has(x)) z += y[x]!;
        return z;
      };
      for (let b = n; b < 2 * n; b++) expect(y[b]!).toBeGreaterThanOrEqual(0);
      for (const [a, b, w] of e) {
        const slack = y[a]! + y[b]! - 2 * w + 2 * common(a, b);
        expect(slack).toBeGreaterThanOrEqual(0);
        if (mate[a] === b) expect(slack).toBe(0);
      }
    }
  });

  it('started from warm duals (fresh, from any start, with phantoms) finds the same cheapest perfect matching', { timeout: 120_000 }, () => {
    const rng = createRng(2323);
    for (let t = 0; t < 1500; t++) {
      const n = 2 * (1 + rng.int(6));
      const e = randomGraph(rng, n, [0.3, 0.6, 1][rng.int(3)]!, 0, 50);
      const neg: Tri[] = e.map(([a, b, w]) => [a, b, -w]);
      const bf = bruteForce(n, neg, true);
      const edges = edgeList(e);
      // a start the solver has never seen (e.g. duals of a smaller graph): made feasible first
      const start = rng.next() < 0.5 ? Float64Array.from({ length: n }, () => rng.int(120) - 20) : undefined;
      const phantom = rng.next() < 0.5 ? Uint8Array.from({ length: n }, () => (rng.next() < 0.2 ? 1 : 0)) : undefined;
      const P = warmDuals(n, edges, start, phantom);
      for (const [a, b, w] of e) expect(P[a]! + P[b]!, `case ${t}`).toBeLessThanOrEqual(2 * w);
      for (const x of P) expect(Math.abs(x % 2), `case ${t}: even duals`).toBe(0);
      const mate = minCostPerfectMatchingAt(n, edges, undefined, undefined, P);
      if (bf.card < n / 2) expect(mate).toBeNull();
      else expect(evaluate(n, neg, mate!), `case ${t}`).toEqual(bf);
    }
  });

  it('refuses infeasible starting duals instead of returning a wrong matching', () => {
    const e = edgeList([
      [0, 1, 5],
      [2, 3, 5],
    ]);
    expect(() => minCostPerfectMatchingAt(4, e, undefined, undefined, Float64Array.from([10, 10, 0, 0]))).toThrow(RangeError);
  });
});
