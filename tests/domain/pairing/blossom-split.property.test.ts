// The blossom matcher split into a state class (issue 22: no function over 100 lines) against the
// one-function version it replaced (blossom.reference.ts), over random graphs: the same mates and
// the same duals, bit for bit, since the pairing engine certifies its rounds with those duals and
// re-uses them as the next solve's warm start. Small weight ranges make many ties, so blossoms
// nest, expand mid-stage (a T-blossom's dual reaching 0) and at the end of a stage; the order in
// which ties are broken is what a careless split would change. Counts work (cases run and
// blossoms seen), never time.
import { describe, expect, it } from 'vitest';
import { type EdgeList, edgeList, type MatchingDuals, maxWeightMatching, minCostPerfectMatchingAt, warmDuals } from '../../../src/domain/pairing/blossom';
import { createRng, type Rng } from '../../../src/domain/random';
import * as reference from './blossom.reference';

type Tri = [number, number, number];

/** A random graph: sparse (about 1-3 edges a vertex) or dense (each pair with a chance of
 * 1/2 to 1), weights from a narrow range (ties everywhere) or a wide one, negatives included;
 * sparse graphs may repeat a pair (parallel edges are allowed by the matcher). */
function randomGraph(rng: Rng, n: number): Tri[] {
  const narrow = rng.int(2) === 0;
  const lo = rng.int(3) === 0 ? -(1 + rng.int(narrow ? 3 : 40)) : 0;
  const hi = narrow ? 1 + rng.int(4) : 10 + rng.int(90);
  const weight = (): number => lo + rng.int(hi - lo + 1);
  const edges: Tri[] = [];
  if (n < 2) return edges;
  if (rng.int(2) === 0) {
    const m = n * (1 + rng.int(3));
    for (let k = 0; k < m; k++) {
      const a = rng.int(n);
      let b = rng.int(n - 1);
      if (b >= a) b++;
      edges.push([a, b, weight()]);
    }
  } else {
    const p = 0.5 + rng.next() / 2;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        if (rng.next() < p) edges.push(rng.int(2) === 0 ? [a, b, weight()] : [b, a, weight()]);
      }
    }
  }
  return edges;
}

const emptyDuals = (): MatchingDuals => ({ dualvar: new Float64Array(0), blossomparent: new Int32Array(0) });

/** Non-trivial blossoms left at the end (a sub-blossom or vertex whose parent is a blossom). */
const blossomsIn = (d: MatchingDuals): number => d.blossomparent.reduce((s, x) => s + (x >= 0 ? 1 : 0), 0);

function expectSame(a: MatchingDuals, b: MatchingDuals): void {
  expect(Array.from(a.dualvar)).toEqual(Array.from(b.dualvar));
  expect(Array.from(a.blossomparent)).toEqual(Array.from(b.blossomparent));
}

/** Both matchers on one graph, the same arguments; throws (a failed expect) on any difference. */
function compareMax(n: number, edges: EdgeList, maxCardinality: boolean, withDuals: boolean): number {
  const d0 = withDuals ? emptyDuals() : undefined;
  const d1 = withDuals ? emptyDuals() : undefined;
  const old = reference.maxWeightMatching(n, edges, maxCardinality, d0);
  const now = maxWeightMatching(n, edges, maxCardinality, d1);
  expect(Array.from(now)).toEqual(Array.from(old));
  if (d0 && d1) {
    expectSame(d1, d0);
    return blossomsIn(d0);
  }
  return 0;
}

describe('blossom split: the same matching and duals as the one-function reference', () => {
  it('maxWeightMatching on random graphs up to 60 vertices, with and without maxCardinality and duals', () => {
    const rng = createRng(20261127);
    let cases = 0;
    let withBlossoms = 0;
    for (let c = 0; c < 1500; c++) {
      const n = c < 40 ? c % 8 : rng.int(61);
      const edges = edgeList(randomGraph(rng, n));
      for (const maxCardinality of [false, true]) {
        const withDuals = rng.int(2) === 0;
        if (compareMax(n, edges, maxCardinality, withDuals) > 0) withBlossoms++;
        cases++;
      }
    }
    expect(cases).toBe(3000);
    // the property is only worth its name if the comparison went through blossoms
    expect(withBlossoms).toBeGreaterThan(100);
  });

  it('minCostPerfectMatchingAt with warm duals (the initialDuals path the pairing engine takes)', () => {
    const rng = createRng(7);
    let perfect = 0;
    let none = 0;
    for (let c = 0; c < 800; c++) {
      const n = 2 * rng.int(31);
      const edges = edgeList(randomGraph(rng, n).map(([a, b, w]): Tri => [a, b, Math.abs(w)]));
      // warm duals from scratch, or from a previous solve's duals (as priced.ts chains them)
      const start = rng.int(3) === 0 ? Float64Array.from({ length: n }, () => rng.int(50)) : undefined;
      const costDuals = rng.int(4) === 0 ? undefined : warmDuals(n, edges, start);
      const top = rng.int(2) === 0 ? undefined : 200;
      const d0 = emptyDuals();
      const d1 = emptyDuals();
      const old = reference.minCostPerfectMatchingAt(n, edges, top, d0, costDuals);
      const now = minCostPerfectMatchingAt(n, edges, top, d1, costDuals);
      if (old === null) {
        expect(now).toBeNull();
        none++;
      } else {
        expect(now && Array.from(now)).toEqual(Array.from(old));
        perfect++;
      }
      expectSame(d1, d0);
    }
    expect(perfect).toBeGreaterThan(200);
    expect(none).toBeGreaterThan(50);
  });

  it('maxWeightMatching with feasible initial duals of its own, perfect matching or not', () => {
    const rng = createRng(11);
    let cases = 0;
    for (let c = 0; c < 600; c++) {
      const n = 2 + rng.int(59);
      const edges = edgeList(randomGraph(rng, n));
      // any even duals at or above every edge's weight are feasible; some edges start tight
      let top = 0;
      for (let k = 0; k < edges.length; k++) top = Math.max(top, edges.w[k]!);
      const init = Float64Array.from({ length: n }, () => 2 * Math.ceil(top / 2) + 2 * rng.int(3));
      const d0 = emptyDuals();
      const d1 = emptyDuals();
      const old = reference.maxWeightMatching(n, edges, true, d0, init);
      const now = maxWeightMatching(n, edges, true, d1, init);
      expect(Array.from(now)).toEqual(Array.from(old));
      expectSame(d1, d0);
      cases++;
    }
    expect(cases).toBe(600);
  });

  it('refuses the same bad input with the same message', () => {
    const bad: Array<[number, EdgeList, boolean, Float64Array | undefined]> = [
      [3, edgeList([[0, 0, 1]]), false, undefined],
      [3, edgeList([[0, 3, 1]]), false, undefined],
      [3, edgeList([[-1, 2, 1]]), true, undefined],
      [2, edgeList([[0, 1, 5]]), false, new Float64Array([5, 5])],
      [2, edgeList([[0, 1, 5]]), true, new Float64Array([4, 5])],
    ];
    for (const [n, edges, maxCardinality, init] of bad) {
      const message = (f: () => unknown): string => {
        try {
          f();
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
        return 'no error';
      };
      const old = message(() => reference.maxWeightMatching(n, edges, maxCardinality, undefined, init));
      expect(old).toMatch(/^RangeError: blossom: /);
      expect(message(() => maxWeightMatching(n, edges, maxCardinality, undefined, init))).toBe(old);
    }
  });
});
