// Exact minimum-cost perfect matching of a large field without handing the blossom solver
// every pair: solve on a sparse candidate graph, then prove the answer optimal for the whole
// graph with the solver's dual solution (LP duality for Edmonds' perfect-matching polytope).
//
// The duals (y, z) of the sparse optimum are feasible for the sparse edges. If every other
// allowed pair (u, v) also satisfies y_u + y_v + sum_{blossoms B holding u, v} z_B >= weight,
// the same duals are feasible for the whole graph and, with complementary slackness (matched
// edges tight, positive-z blossoms full), the sparse matching is a whole-graph optimum. Pairs
// that violate the constraint are added and the sparse problem is solved again: it ends at the
// latest when every pair is in, so the answer is always exact; only the time depends on how
// good the first candidate graph is.
//
// Pricing is cheap because costs grow with the score gap: vertices come in score groups, and
// `gapCost(g, h)` bounds from below the cost of any pair between groups g and h (growing as h
// moves away from g). A whole group is skipped as soon as even its lowest dual cannot make a
// violation; a direction stops once no further group can.
//
// Each solve starts from good duals (blossom.ts warmDuals; the next solve from the previous
// one's duals, made feasible for the added pairs) and a greedy matching on their tight pairs, so
// the blossom only has the few players those leave (see the BOUND note in swiss.ts).

import { EdgeBuilder, minCostPerfectMatchingAt, warmDuals } from './blossom';
import type { MatchingDuals } from './blossom';

export interface PricedProblem {
  /** number of vertices (phantoms included) */
  n: number;
  /** score groups, best first; every non-phantom vertex is in exactly one */
  groups: readonly (readonly number[])[];
  /** lower bound on cost(a, b) for a in group g, b in group h; non-decreasing in |g - h| */
  gapCost(g: number, h: number): number;
  /** exact cost of the pair, or -1 when the pair may not be played */
  cost(a: number, b: number): number;
  /** pairs the first candidate graph should prefer (e.g. no rematch); others still count */
  preferred?(a: number, b: number): boolean;
  /** every edge of the phantom vertices (not in any group), always in the graph */
  fixed?: ReadonlyArray<readonly [number, number, number]>;
  /** vertices that stand for no player (the bye), wherever they are; only a hint for the
   * starting duals (vertices in no group are phantoms too) */
  phantoms?: readonly number[];
  /** allowed partners per side in the first candidate graph (default 12; tests use fewer) */
  perSide?: number;
}

export interface PricedStats {
  /** sparse solves run (1 = the first candidate graph was already optimal) */
  solves: number;
  /** edges of the last sparse graph */
  edges: number;
}

/** Allowed partners per side in the first candidate graph. */
const PER_SIDE = 12;

/** Minimum-cost perfect matching of the whole allowed graph, or null when it has none. */
export function pricedMinCostPerfectMatching(pb: PricedProblem, stats?: PricedStats): Int32Array | null {
  const n = pb.n;
  if (n % 2 !== 0) return null;
  const pairs = new CandidatePairs(n);
  const keyOf = (a: number, b: number): number => (a < b ? a * n + b : b * n + a);
  const fixedCost = new Map<number, number>();
  for (const [a, b, c] of pb.fixed ?? []) {
    fixedCost.set(keyOf(a, b), c);
    pairs.push(a, b);
  }
  let perSide = pb.perSide ?? PER_SIDE;
  let prefer = pb.preferred !== undefined;
  const build = (): void => addCandidates(pb, pairs, perSide, prefer);
  build();
  let solves = 0;
  // cost duals (doubled) of the previous solve: the next one starts from them
  let prevDuals: Float64Array | undefined;
  const phantom = new Uint8Array(n).fill(1);
  for (const g of pb.groups) for (const v of g) phantom[v] = 0;
  for (const v of pb.phantoms ?? []) phantom[v] = 1;
  for (;;) {
    solves++;
    pairs.dedupe();
    const { lo, hi, count: nk } = pairs;
    const eb = new EdgeBuilder(nk);
    let maxc = 0;
    for (let q = 0; q < nk; q++) {
      const a = lo[q]!;
      const b = hi[q]!;
      const c = (fixedCost.size > 0 ? fixedCost.get(keyOf(a, b)) : undefined) ?? pb.cost(a, b);
      if (c > maxc) maxc = c;
      eb.add(a, b, c);
    }
    const C = maxc + 1;
    const duals: MatchingDuals = { dualvar: new Float64Array(0), blossomparent: new Int32Array(0) };
    const edges = eb.build();
    const mate = minCostPerfectMatchingAt(n, edges, C, duals, warmDuals(n, edges, prevDuals, phantom));
    if (mate === null) {
      // the candidate graph may lack a perfect matching the whole graph has: widen it
      if (perSide >= n && !prefer) {
        if (stats) (stats.solves = solves), (stats.edges = nk);
        return null;
      }
      perSide *= 4;
      if (perSide >= n) {
        // last resort: every allowed pair
        perSide = n;
        prefer = false;
      }
      build();
      continue;
    }
    prevDuals = new Float64Array(n);
    for (let v = 0; v < n; v++) prevDuals[v] = C - duals.dualvar[v]!;
    const extra = price(pb, duals, C);
    if (extra.length === 0) {
      if (stats) (stats.solves = solves), (stats.edges = nk);
      return mate;
    }
    for (let q = 0; q < extra.length; q += 2) pairs.push(extra[q]!, extra[q + 1]!);
  }
}

/**
 * The first candidate graph (or a wider one): each player's own group, then each side outwards;
 * preferred partners first, one other if a side has no preferred one.
 */
function addCandidates(pb: PricedProblem, pairs: CandidatePairs, perSide: number, prefer: boolean): void {
  const m = pb.groups.length;
  for (let k = 0; k < m; k++) {
    const g = pb.groups[k]!;
    for (let p = 0; p < g.length; p++) {
      const a = g[p]!;
      // own group, then each side outwards; preferred partners first, one other if a side
      // has no preferred one
      for (const dir of [0, -1, 1]) {
        let got = 0;
        let fallback = -1;
        // a side also looks one group past the one that filled it: optima that must skip a
        // group (odd fields of exhausted groups) need those pairs, and pricing them in one
        // by one costs more solves
        let extraGroups = dir === 0 ? 0 : 1;
        for (let h = k + dir; h >= 0 && h < m; h += dir === 0 ? m : dir) {
          if (got >= perSide) {
            if (extraGroups === 0) break;
            extraGroups--;
          }
          const gh = pb.groups[h]!;
          const len = gh.length;
          // start at the same position so partners spread over the group
          const start = len > 0 ? p % len : 0;
          const want = got >= perSide ? got + (perSide >> 2) : perSide;
          for (let t = 0; t < len && got < want; t++) {
            const b = gh[(start + t) % len]!;
            if (b === a || pb.cost(a, b) < 0) continue;
            if (prefer && !pb.preferred!(a, b)) {
              if (fallback < 0) fallback = b;
              continue;
            }
            pairs.push(a, b);
            got++;
          }
        }
        if (got === 0 && fallback >= 0) pairs.push(a, fallback);
      }
    }
  }
}

/**
 * Candidate pairs (lo < hi), deduplicated by bucketing on lo (linear; a Set or a typed-array
 * sort of 10^5..10^6 numbers costs more than the matching itself).
 */
class CandidatePairs {
  lo: Int32Array;
  hi: Int32Array;
  count = 0;
  private readonly stamp: Int32Array;
  constructor(private readonly n: number) {
    this.lo = new Int32Array(Math.max(64, n * PER_SIDE * 3));
    this.hi = new Int32Array(this.lo.length);
    this.stamp = new Int32Array(n).fill(-1);
  }

  push(a: number, b: number): void {
    if (this.count === this.lo.length) {
      const l2 = new Int32Array(this.lo.length * 2);
      l2.set(this.lo);
      this.lo = l2;
      const h2 = new Int32Array(this.hi.length * 2);
      h2.set(this.hi);
      this.hi = h2;
    }
    this.lo[this.count] = Math.min(a, b);
    this.hi[this.count++] = Math.max(a, b);
  }

  dedupe(): void {
    const { n, lo, hi, stamp } = this;
    const nk = this.count;
    const start = new Int32Array(n + 1);
    for (let q = 0; q < nk; q++) start[lo[q]! + 1] = start[lo[q]! + 1]! + 1;
    for (let v = 0; v < n; v++) start[v + 1] = start[v + 1]! + start[v]!;
    const fill = start.slice(0, n);
    const his = new Int32Array(nk);
    for (let q = 0; q < nk; q++) his[fill[lo[q]!]!++] = hi[q]!;
    let u = 0;
    for (let a = 0; a < n; a++) {
      for (let q = start[a]!; q < start[a + 1]!; q++) {
        const b = his[q]!;
        if (stamp[b] === a) continue;
        stamp[b] = a;
        lo[u] = a;
        hi[u++] = b;
      }
    }
    this.count = u;
    stamp.fill(-1);
  }
}

/** Every allowed pair whose dual constraint fails, flat (a0, b0, a1, b1, ...). */
function price(pb: PricedProblem, duals: MatchingDuals, C: number): number[] {
  const n = pb.n;
  const y = duals.dualvar;
  const parent = duals.blossomparent;
  const m = pb.groups.length;
  let yMin = Infinity;
  const groupMin = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    let lo = Infinity;
    for (const v of pb.groups[k]!) if (y[v]! < lo) lo = y[v]!;
    groupMin[k] = lo;
    if (lo < yMin) yMin = lo;
  }
  const mark = new Int32Array(2 * n).fill(-1);
  const blossomTerm = (a: number, b: number): number => {
    if (parent[a] === -1 || parent[b] === -1) return 0;
    for (let x = parent[a]!; x !== -1; x = parent[x]!) mark[x] = a;
    let z = 0;
    for (let x = parent[b]!; x !== -1; x = parent[x]!) if (mark[x] === a) z += y[x]!;
    for (let x = parent[a]!; x !== -1; x = parent[x]!) mark[x] = -1;
    return 2 * z;
  };
  const found = new Set<number>();
  const out: number[] = [];
  for (let k = 0; k < m; k++) {
    for (const a of pb.groups[k]!) {
      const ya = y[a]!;
      for (const dir of [0, -1, 1]) {
        for (let h = k + dir; h >= 0 && h < m; h += dir === 0 ? m : dir) {
          const gap = pb.gapCost(k, h);
          // s = ya + yb - 2 (C - cost) >= ya + yMin - 2C + 2 gap: nothing further this side
          if (dir !== 0 && ya + yMin - 2 * C + 2 * gap >= 0) break;
          if (ya + groupMin[h]! - 2 * C + 2 * gap >= 0) continue;
          for (const b of pb.groups[h]!) {
            if (b === a || (dir === 0 && b < a)) continue;
            if (ya + y[b]! - 2 * C + 2 * gap >= 0) continue;
            const c = pb.cost(a, b);
            if (c < 0) continue;
            const s = ya + y[b]! - 2 * (C - c);
            if (s >= 0 || s + blossomTerm(a, b) >= 0) continue;
            const key = a < b ? a * n + b : b * n + a;
            if (found.has(key)) continue;
            found.add(key);
            out.push(a, b);
          }
        }
      }
    }
  }
  return out;
}
