// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the
// primal-dual method (Galil's O(n^3) formulation, same structure as the classic
// "mwmatching" description: S/T labelling, blossom shrinking/expansion, dual updates of
// four kinds, best-edge bookkeeping per vertex and per blossom).
//
// Exactness: with integer weights every dual variable stays an integer (weights are
// used doubled in `slack`), so as long as |weights| < 2^50 all arithmetic is exact in
// IEEE doubles. Callers in this folder only ever pass integers.
//
// Determinism: the result depends only on the vertex count and the edge list order.
//
// Structure: one solve's state is a `Matcher` object (typed arrays as fields), each phase of the
// algorithm one of its methods, so each can be read alone; blossom nesting is walked with
// explicit stacks, never recursion, since it can be as deep as the field (10,000 players).

/** Edges as parallel arrays (fast, allocation-light). `u[k] != v[k]` is required. */
export interface EdgeList {
  readonly u: Int32Array;
  readonly v: Int32Array;
  readonly w: Float64Array;
  readonly length: number;
}

export function edgeList(triples: ReadonlyArray<readonly [number, number, number]>): EdgeList {
  const n = triples.length;
  const u = new Int32Array(n);
  const v = new Int32Array(n);
  const w = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const t = triples[k]!;
    u[k] = t[0];
    v[k] = t[1];
    w[k] = t[2];
  }
  return { u, v, w, length: n };
}

/** Growable edge list builder (used by the pairing engine). */
export class EdgeBuilder {
  private uu: Int32Array;
  private vv: Int32Array;
  private ww: Float64Array;
  length = 0;
  constructor(capacity = 64) {
    const c = Math.max(4, capacity);
    this.uu = new Int32Array(c);
    this.vv = new Int32Array(c);
    this.ww = new Float64Array(c);
  }
  add(u: number, v: number, w: number): void {
    if (this.length === this.uu.length) {
      const c = this.uu.length * 2;
      const nu = new Int32Array(c);
      nu.set(this.uu);
      const nv = new Int32Array(c);
      nv.set(this.vv);
      const nw = new Float64Array(c);
      nw.set(this.ww);
      this.uu = nu;
      this.vv = nv;
      this.ww = nw;
    }
    this.uu[this.length] = u;
    this.vv[this.length] = v;
    this.ww[this.length] = w;
    this.length++;
  }
  build(): EdgeList {
    return {
      u: this.uu.subarray(0, this.length),
      v: this.vv.subarray(0, this.length),
      w: this.ww.subarray(0, this.length),
      length: this.length,
    };
  }
}

/**
 * The optimal dual solution, for callers that certify a matching on a larger edge set than the
 * one solved. dualvar[v] (v < n) is twice the vertex dual; dualvar[b] (b >= n) is the dual of
 * blossom b, whose vertices are those with b among their blossomparent ancestors. An edge (u, v)
 * of weight w satisfies the dual constraint when
 *   dualvar[u] + dualvar[v] - 2w + 2 * sum(dualvar[b], b a blossom holding both u and v) >= 0.
 */
export interface MatchingDuals {
  dualvar: Float64Array;
  blossomparent: Int32Array;
}

const at = <T>(arr: readonly T[], i: number): T => arr[i < 0 ? i + arr.length : i]!;

/**
 * One solve's state and its phases. The state lives in fields (typed arrays where the value is a
 * number) rather than in closures so that each phase can be its own method of under 100 lines;
 * the methods keep the one-function version's order of work exactly (tests/domain/pairing/
 * blossom-split.property.test.ts holds them to it), since tie-breaks decide which optimal
 * matching and which duals come out. One class, so every property access stays monomorphic;
 * hot loops copy the fields they read into locals, read once instead of at each use.
 */
class Matcher {
  readonly nvertex: number;
  readonly nedge: number;
  readonly eu: Int32Array;
  readonly ev: Int32Array;
  readonly ew: Float64Array;
  readonly maxCardinality: boolean;
  /** neighbend: nbList[nbStart[v] .. nbStart[v + 1]) are the remote endpoints of v's edges (CSR) */
  readonly nbStart: Int32Array;
  readonly nbList: Int32Array;
  /** mate[v]: the remote endpoint of v's matched edge, or -1 */
  readonly mate: Int32Array;
  /** per vertex and blossom: 0 free, 1 S, 2 T (5 while scanBlossom marks its path) */
  readonly label: Int32Array;
  readonly labelend: Int32Array;
  readonly inblossom: Int32Array;
  readonly blossomparent: Int32Array;
  readonly blossomchilds: (number[] | null)[];
  readonly blossombase: Int32Array;
  readonly blossomendps: (number[] | null)[];
  readonly bestedge: Int32Array;
  readonly blossombestedges: (number[] | null)[];
  readonly unusedblossoms: number[] = [];
  readonly dualvar: Float64Array;
  readonly allowedge: Uint8Array;
  /** addBlossom's scratch (all -1 between calls: it resets the entries it touched) */
  readonly bestedgeto: Int32Array;
  /** edges allowed in the current stage, so a stage resets only those (not all m) */
  readonly allowed: number[] = [];
  readonly queue: number[] = [];
  readonly leavesBuf: number[] = [];
  // Explicit stacks: nested blossoms can be as deep as the field is large (odd fields of
  // exhausted groups nest thousands), and a recursion that deep overflows the call stack.
  readonly expandStack: number[] = [];
  readonly augStack: number[] = [];
  readonly augRotate: number[] = [];
  // The dual step chooseDelta picked, in fields so that a step allocates nothing.
  deltatype = -1;
  delta = 0;
  deltaedge = -1;
  deltablossom = -1;

  constructor(nvertex: number, edges: EdgeList, maxCardinality: boolean, maxweight: number) {
    const nedge = edges.length;
    const eu = edges.u;
    const ev = edges.v;
    this.nvertex = nvertex;
    this.nedge = nedge;
    this.eu = eu;
    this.ev = ev;
    this.ew = edges.w;
    this.maxCardinality = maxCardinality;
    const deg = new Int32Array(nvertex + 1);
    for (let k = 0; k < nedge; k++) {
      deg[eu[k]!]!++;
      deg[ev[k]!]!++;
    }
    const nbStart = new Int32Array(nvertex + 1);
    for (let v = 0; v < nvertex; v++) nbStart[v + 1] = nbStart[v]! + deg[v]!;
    const nbFill = nbStart.slice(0, nvertex);
    const nbList = new Int32Array(2 * nedge);
    for (let k = 0; k < nedge; k++) {
      nbList[nbFill[eu[k]!]!++] = 2 * k + 1;
      nbList[nbFill[ev[k]!]!++] = 2 * k;
    }
    this.nbStart = nbStart;
    this.nbList = nbList;
    const n2 = 2 * nvertex;
    this.mate = new Int32Array(nvertex).fill(-1);
    this.label = new Int32Array(n2);
    this.labelend = new Int32Array(n2).fill(-1);
    this.inblossom = new Int32Array(nvertex);
    for (let v = 0; v < nvertex; v++) this.inblossom[v] = v;
    this.blossomparent = new Int32Array(n2).fill(-1);
    this.blossomchilds = new Array<number[] | null>(n2).fill(null);
    this.blossombase = new Int32Array(n2).fill(-1);
    for (let v = 0; v < nvertex; v++) this.blossombase[v] = v;
    this.blossomendps = new Array<number[] | null>(n2).fill(null);
    this.bestedge = new Int32Array(n2).fill(-1);
    this.blossombestedges = new Array<number[] | null>(n2).fill(null);
    for (let b = nvertex; b < n2; b++) this.unusedblossoms.push(b);
    this.dualvar = new Float64Array(n2);
    for (let v = 0; v < nvertex; v++) this.dualvar[v] = maxweight;
    this.allowedge = new Uint8Array(nedge);
    this.bestedgeto = new Int32Array(n2).fill(-1);
  }

  /** endpoint p: edge p >> 1, side p & 1 (0 -> u, 1 -> v) */
  endpoint(p: number): number {
    return (p & 1) === 0 ? this.eu[p >> 1]! : this.ev[p >> 1]!;
  }

  slack(k: number): number {
    return this.dualvar[this.eu[k]!]! + this.dualvar[this.ev[k]!]! - 2 * this.ew[k]!;
  }

  allow(k: number): void {
    if (this.allowedge[k] === 0) {
      this.allowedge[k] = 1;
      this.allowed.push(k);
    }
  }

  /** Feasible vertex duals from the caller (only with maxCardinality: for a perfect matching
   * any feasible duals will do; a maximum-weight matching also needs equal duals on the free
   * vertices, which the uniform start gives). */
  setInitialDuals(initialDuals: Float64Array): void {
    if (!this.maxCardinality) throw new RangeError('blossom: initial duals need maxCardinality');
    const { dualvar, eu, ev, ew } = this;
    for (let v = 0; v < this.nvertex; v++) dualvar[v] = initialDuals[v]!;
    for (let k = 0; k < this.nedge; k++) {
      if (dualvar[eu[k]!]! + dualvar[ev[k]!]! - 2 * ew[k]! < 0) throw new RangeError(`blossom: initial duals infeasible on edge ${k}`);
    }
  }

  blossomLeaves(b: number, out: number[]): number[] {
    // (setting length on an empty array is a slow runtime call in V8)
    if (out.length !== 0) out.length = 0;
    const nvertex = this.nvertex;
    if (b < nvertex) {
      out.push(b);
      return out;
    }
    const blossomchilds = this.blossomchilds;
    const stack = [b];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (x < nvertex) {
        out.push(x);
      } else {
        const ch = blossomchilds[x]!;
        for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
      }
    }
    return out;
  }

  /** Labels w's top blossom t (1 S, 2 T) reached through endpoint p; a T's mate becomes an S
   * (one level of recursion only). */
  assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelend[w] = p;
    this.labelend[b] = p;
    this.bestedge[w] = -1;
    this.bestedge[b] = -1;
    if (t === 1) {
      if (b < this.nvertex) this.queue.push(b);
      else for (const x of this.blossomLeaves(b, [])) this.queue.push(x);
    } else if (t === 2) {
      const base = this.blossombase[b]!;
      const mb = this.mate[base]!;
      this.assignLabel(this.endpoint(mb), 1, mb ^ 1);
    }
  }

  /** Traces back from v and w alternately: the base of a new blossom, or -1 for an augmenting
   * path. */
  scanBlossom(v0: number, w0: number): number {
    const { inblossom, label, labelend, blossombase } = this;
    let v = v0;
    let w = w0;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if ((label[b]! & 4) !== 0) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint(labelend[b]!);
        b = inblossom[v]!;
        v = this.endpoint(labelend[b]!);
      }
      if (w !== -1) {
        const tmp = v;
        v = w;
        w = tmp;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  }

  /** Shrinks the cycle closed by edge k through base into a new S-blossom. */
  addBlossom(base: number, k: number): void {
    const { inblossom, blossomparent, labelend } = this;
    let v = this.eu[k]!;
    let w = this.ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = this.unusedblossoms.pop()!;
    this.blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = this.endpoint(labelend[bv]!);
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = this.endpoint(labelend[bw]!);
      bw = inblossom[w]!;
    }
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    this.label[b] = 1;
    labelend[b] = labelend[bb]!;
    this.dualvar[b] = 0;
    for (const x of this.blossomLeaves(b, this.leavesBuf)) {
      if (this.label[inblossom[x]!] === 2) this.queue.push(x);
      inblossom[x] = b;
    }
    this.mergeBestEdges(b, path);
  }

  /** The new blossom b's least-slack edge to each other S-blossom, from its sub-blossoms' lists
   * (or their vertices' edges where a sub-blossom has none), in order of that S-blossom. */
  mergeBestEdges(b: number, path: readonly number[]): void {
    const { nbStart, nbList, bestedgeto } = this;
    const touched: number[] = [];
    for (const sub of path) {
      const lists = this.blossombestedges[sub];
      if (lists === null || lists === undefined) {
        const leaves = this.blossomLeaves(sub, []);
        for (const x of leaves) {
          for (let q = nbStart[x]!; q < nbStart[x + 1]!; q++) this.considerEdge(b, nbList[q]! >> 1, touched);
        }
      } else {
        for (const kk of lists) this.considerEdge(b, kk, touched);
      }
      this.blossombestedges[sub] = null;
      this.bestedge[sub] = -1;
    }
    touched.sort((x, y) => x - y);
    const be: number[] = [];
    for (const bj of touched) {
      be.push(bestedgeto[bj]!);
      bestedgeto[bj] = -1;
    }
    this.blossombestedges[b] = be;
    let best = -1;
    let bestSlack = 0;
    for (const kk of be) {
      const s = this.slack(kk);
      if (best === -1 || s < bestSlack) {
        best = kk;
        bestSlack = s;
      }
    }
    this.bestedge[b] = best;
  }

  considerEdge(b: number, kk: number, touched: number[]): void {
    const inblossom = this.inblossom;
    // the endpoint outside the new blossom
    const j = inblossom[this.ev[kk]!] === b ? this.eu[kk]! : this.ev[kk]!;
    const bj = inblossom[j]!;
    if (bj !== b && this.label[bj] === 1) {
      const cur = this.bestedgeto[bj]!;
      if (cur === -1) {
        this.bestedgeto[bj] = kk;
        touched.push(bj);
      } else if (this.slack(kk) < this.slack(cur)) {
        this.bestedgeto[bj] = kk;
      }
    }
  }

  expandBlossom(b0: number, endstage: boolean): void {
    const expandStack = this.expandStack;
    expandStack.push(b0);
    while (expandStack.length > 0) this.expandOne(expandStack.pop()!, endstage);
  }

  expandOne(b: number, endstage: boolean): void {
    const childs = this.blossomchilds[b]!;
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < this.nvertex) {
        this.inblossom[s] = s;
      } else if (endstage && this.dualvar[s] === 0) {
        // expanded after this one (only at the end of a stage, where order does not matter:
        // the sub-blossoms are disjoint and this one no longer refers to them)
        this.expandStack.push(s);
      } else {
        for (const x of this.blossomLeaves(s, [])) this.inblossom[x] = s;
      }
    }
    if (!endstage && this.label[b] === 2) this.relabelExpanded(b, childs);
    this.label[b] = -1;
    this.labelend[b] = -1;
    this.blossomchilds[b] = null;
    this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.unusedblossoms.push(b);
  }

  /** A T-blossom expanded mid-stage: its children on the even path from the entry child to
   * the base become T and S in turn; the others go back to free, or T if a vertex of theirs
   * was reached. */
  relabelExpanded(b: number, childs: readonly number[]): void {
    const { label, labelend } = this;
    const endps = this.blossomendps[b]!;
    const entrychild = this.inblossom[this.endpoint(labelend[b]! ^ 1)]!;
    let j = childs.indexOf(entrychild);
    let jstep: number;
    let endptrick: number;
    if ((j & 1) !== 0) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    let p = labelend[b]!;
    while (j !== 0) {
      label[this.endpoint(p ^ 1)] = 0;
      label[this.endpoint(at(endps, j - endptrick) ^ endptrick ^ 1)] = 0;
      this.assignLabel(this.endpoint(p ^ 1), 2, p);
      this.allow(at(endps, j - endptrick) >> 1);
      j += jstep;
      p = at(endps, j - endptrick) ^ endptrick;
      this.allow(p >> 1);
      j += jstep;
    }
    const bv0 = at(childs, j);
    label[this.endpoint(p ^ 1)] = 2;
    label[bv0] = 2;
    labelend[this.endpoint(p ^ 1)] = p;
    labelend[bv0] = p;
    this.bestedge[bv0] = -1;
    j += jstep;
    while (at(childs, j) !== entrychild) {
      const bv = at(childs, j);
      if (label[bv] === 1) {
        j += jstep;
        continue;
      }
      let found = -1;
      for (const x of this.blossomLeaves(bv, [])) {
        if (label[x] !== 0) {
          found = x;
          break;
        }
      }
      if (found !== -1) {
        label[found] = 0;
        label[this.endpoint(this.mate[this.blossombase[bv]!]!)] = 0;
        this.assignLabel(found, 2, labelend[found]!);
      }
      j += jstep;
    }
  }

  /**
   * Makes v the base of b: swaps the matching along the even path from v's child to the base
   * and rotates b's child list. The swaps inside sub-blossoms touch disjoint vertices and read
   * only their own blossom's lists, so they can run in any order; a blossom's rotation needs
   * its first child's new base, so rotations run children first (reverse order of discovery).
   */
  augmentBlossom(b0: number, v0: number): void {
    const { nvertex, blossomparent, blossomchilds, blossomendps, mate, augStack, augRotate } = this;
    augStack.push(b0, v0);
    while (augStack.length > 0) {
      const v = augStack.pop()!;
      const b = augStack.pop()!;
      let t = v;
      while (blossomparent[t] !== b) t = blossomparent[t]!;
      if (t >= nvertex) augStack.push(t, v);
      const childs = blossomchilds[b]!;
      const endps = blossomendps[b]!;
      const i = childs.indexOf(t);
      let j = i;
      let jstep: number;
      let endptrick: number;
      if ((i & 1) !== 0) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      while (j !== 0) {
        j += jstep;
        t = at(childs, j);
        const p = at(endps, j - endptrick) ^ endptrick;
        if (t >= nvertex) augStack.push(t, this.endpoint(p));
        j += jstep;
        t = at(childs, j);
        if (t >= nvertex) augStack.push(t, this.endpoint(p ^ 1));
        mate[this.endpoint(p)] = p ^ 1;
        mate[this.endpoint(p ^ 1)] = p;
      }
      augRotate.push(b, i);
    }
    while (augRotate.length > 0) {
      const i = augRotate.pop()!;
      const b = augRotate.pop()!;
      const childs = blossomchilds[b]!;
      const endps = blossomendps[b]!;
      blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
      blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
      this.blossombase[b] = this.blossombase[blossomchilds[b]![0]!]!;
    }
  }

  /** Flips the matching along the augmenting path through edge k, both ways to the roots. */
  augmentMatching(k: number): void {
    const { nvertex, inblossom, labelend, mate } = this;
    const pairs: [number, number][] = [
      [this.eu[k]!, 2 * k + 1],
      [this.ev[k]!, 2 * k],
    ];
    for (const [s0, p0] of pairs) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= nvertex) this.augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = this.endpoint(labelend[bs]!);
        const bt = inblossom[t]!;
        s = this.endpoint(labelend[bt]!);
        const j = this.endpoint(labelend[bt]! ^ 1);
        if (bt >= nvertex) this.augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  }

  /**
   * Warm start on the tight edges (slack 0; matching along them keeps every invariant of the
   * primal-dual method): vertices with the fewest tight edges first, each to its free tight
   * neighbour with the fewest tight edges (Karp-Sipser order), so that few vertices are left
   * for the stages, each of which costs O(n + m).
   */
  warmStartTight(): void {
    const { nvertex, nedge, eu, ev, nbStart, nbList, mate } = this;
    const tdeg = new Int32Array(nvertex);
    for (let k = 0; k < nedge; k++) {
      if (this.slack(k) === 0) {
        tdeg[eu[k]!]!++;
        tdeg[ev[k]!]!++;
      }
    }
    let maxDeg = 0;
    for (let v = 0; v < nvertex; v++) if (tdeg[v]! > maxDeg) maxDeg = tdeg[v]!;
    const bucket = new Int32Array(maxDeg + 2);
    for (let v = 0; v < nvertex; v++) bucket[tdeg[v]! + 1]!++;
    for (let d = 0; d <= maxDeg; d++) bucket[d + 1] = bucket[d + 1]! + bucket[d]!;
    const order = new Int32Array(nvertex);
    for (let v = 0; v < nvertex; v++) order[bucket[tdeg[v]!]!++] = v;
    for (let o = 0; o < nvertex; o++) {
      const v = order[o]!;
      if (mate[v] !== -1 || tdeg[v] === 0) continue;
      let best = -1;
      let bestDeg = 0;
      for (let q = nbStart[v]!; q < nbStart[v + 1]!; q++) {
        const p = nbList[q]!;
        const w = this.endpoint(p);
        if (mate[w] !== -1 || this.slack(p >> 1) !== 0) continue;
        if (best === -1 || tdeg[w]! < bestDeg) {
          best = p;
          bestDeg = tdeg[w]!;
        }
      }
      if (best === -1) continue;
      mate[v] = best;
      mate[this.endpoint(best)] = best ^ 1;
    }
  }

  /**
   * Warm start: match greedily along edges of maximum weight. With every vertex dual at
   * maxweight these edges are tight, so this is exactly what the first stages would do (each
   * augmenting along one tight edge between two free vertices), without a stage per edge; on
   * large fields most vertices are matched here.
   */
  warmStartGreedy(maxweight: number): void {
    const { eu, ev, ew, mate } = this;
    for (let k = 0; k < this.nedge; k++) {
      if (ew[k] !== maxweight) continue;
      const a = eu[k]!;
      const b = ev[k]!;
      if (mate[a] === -1 && mate[b] === -1) {
        mate[a] = 2 * k + 1;
        mate[b] = 2 * k;
      }
    }
  }

  /** One stage: grows alternating trees from every free vertex, changing the duals when no
   * tight edge is left, until an augmentation (true) or proof that none exists (false). */
  stage(): boolean {
    const { nvertex, label, inblossom, allowedge, allowed } = this;
    const n2 = 2 * nvertex;
    label.fill(0);
    this.bestedge.fill(-1);
    for (let b = nvertex; b < n2; b++) this.blossombestedges[b] = null;
    for (const k of allowed) allowedge[k] = 0;
    if (allowed.length !== 0) allowed.length = 0;
    this.queue.length = 0;
    for (let v = 0; v < nvertex; v++) {
      if (this.mate[v] === -1 && label[inblossom[v]!] === 0) this.assignLabel(v, 1, -1);
    }
    for (;;) {
      if (this.scanQueue()) return true;
      this.chooseDelta();
      this.applyDelta();
      const deltaedge = this.deltaedge;
      if (this.deltatype === 1) {
        return false;
      } else if (this.deltatype === 2) {
        this.allow(deltaedge);
        let i = this.eu[deltaedge]!;
        if (label[inblossom[i]!] === 0) i = this.ev[deltaedge]!;
        this.queue.push(i);
      } else if (this.deltatype === 3) {
        this.allow(deltaedge);
        this.queue.push(this.eu[deltaedge]!);
      } else {
        this.expandBlossom(this.deltablossom, false);
      }
    }
  }

  /** Scans the S-vertices in the queue along their edges: labels, new blossoms, and true at
   * the first augmentation. Records each vertex's and blossom's least-slack edge on the way. */
  scanQueue(): boolean {
    const { queue, nbStart, nbList, inblossom, allowedge, label, labelend, bestedge } = this;
    while (queue.length > 0) {
      const v = queue.pop()!;
      for (let q = nbStart[v]!; q < nbStart[v + 1]!; q++) {
        const p = nbList[q]!;
        const k = p >> 1;
        const w = this.endpoint(p);
        if (inblossom[v] === inblossom[w]) continue;
        let kslack = 0;
        if (allowedge[k] === 0) {
          kslack = this.slack(k);
          if (kslack <= 0) this.allow(k);
        }
        if (allowedge[k] !== 0) {
          const lw = label[inblossom[w]!]!;
          if (lw === 0) {
            this.assignLabel(w, 2, p ^ 1);
          } else if (lw === 1) {
            const base = this.scanBlossom(v, w);
            if (base >= 0) {
              this.addBlossom(base, k);
            } else {
              this.augmentMatching(k);
              return true;
            }
          } else if (label[w] === 0) {
            label[w] = 2;
            labelend[w] = p ^ 1;
          }
        } else if (label[inblossom[w]!] === 1) {
          const b = inblossom[v]!;
          if (bestedge[b] === -1 || kslack < this.slack(bestedge[b]!)) bestedge[b] = k;
        } else if (label[w] === 0) {
          if (bestedge[w] === -1 || kslack < this.slack(bestedge[w]!)) bestedge[w] = k;
        }
      }
    }
    return false;
  }

  /** The largest dual change that keeps every constraint, and what limits it: 1 a vertex dual
   * reaching 0 (the end), 2 an edge from S to a free vertex, 3 an edge between S-blossoms,
   * 4 a T-blossom's dual reaching 0. The first of equal candidates in that order wins. */
  chooseDelta(): void {
    const { nvertex, label, inblossom, bestedge, dualvar, blossomparent, blossombase } = this;
    const n2 = 2 * nvertex;
    let deltatype = -1;
    let delta = 0;
    let deltaedge = -1;
    let deltablossom = -1;
    if (!this.maxCardinality) {
      deltatype = 1;
      delta = Infinity;
      for (let v = 0; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
    }
    for (let v = 0; v < nvertex; v++) {
      if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
        const d = this.slack(bestedge[v]!);
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 2;
          deltaedge = bestedge[v]!;
        }
      }
    }
    for (let b = 0; b < n2; b++) {
      if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
        const d = this.slack(bestedge[b]!) / 2;
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 3;
          deltaedge = bestedge[b]!;
        }
      }
    }
    for (let b = nvertex; b < n2; b++) {
      if (blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b]! < delta)) {
        delta = dualvar[b]!;
        deltatype = 4;
        deltablossom = b;
      }
    }
    if (deltatype === -1) {
      // no constraint left (maxCardinality): the end, with the duals kept non-negative
      deltatype = 1;
      delta = Infinity;
      for (let v = 0; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      if (delta < 0) delta = 0;
    }
    this.deltatype = deltatype;
    this.delta = delta;
    this.deltaedge = deltaedge;
    this.deltablossom = deltablossom;
  }

  applyDelta(): void {
    const { nvertex, label, inblossom, dualvar, blossomparent, blossombase, delta } = this;
    for (let v = 0; v < nvertex; v++) {
      const l = label[inblossom[v]!];
      if (l === 1) dualvar[v] = dualvar[v]! - delta;
      else if (l === 2) dualvar[v] = dualvar[v]! + delta;
    }
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
        if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
        else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
      }
    }
  }

  /** After an augmentation: top-level S-blossoms whose dual is 0 are no longer needed. */
  expandSpentBlossoms(): void {
    const { nvertex, blossomparent, blossombase, label, dualvar } = this;
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0) {
        this.expandBlossom(b, true);
      }
    }
  }
}

/**
 * Maximum-weight matching. Returns `mate`: mate[v] is the vertex matched to v, or -1.
 * With `maxCardinality`, only maximum-cardinality matchings are considered (and among
 * them one of maximum weight is returned).
 */
export function maxWeightMatching(nvertex: number, edges: EdgeList, maxCardinality = false, duals?: MatchingDuals, initialDuals?: Float64Array): Int32Array {
  const nedge = edges.length;
  const result = new Int32Array(nvertex).fill(-1);
  if (duals) {
    duals.dualvar = new Float64Array(2 * nvertex);
    duals.blossomparent = new Int32Array(2 * nvertex).fill(-1);
  }
  if (nedge === 0 || nvertex === 0) return result;
  const eu = edges.u;
  const ev = edges.v;
  const ew = edges.w;
  let maxweight = 0;
  for (let k = 0; k < nedge; k++) {
    const a = eu[k]!;
    const b = ev[k]!;
    if (a === b || a < 0 || b < 0 || a >= nvertex || b >= nvertex) {
      throw new RangeError(`blossom: bad edge ${k} (${a}, ${b})`);
    }
    if (ew[k]! > maxweight) maxweight = ew[k]!;
  }
  const m = new Matcher(nvertex, edges, maxCardinality, maxweight);
  if (initialDuals) {
    m.setInitialDuals(initialDuals);
    m.warmStartTight();
  } else {
    m.warmStartGreedy(maxweight);
  }
  for (let stage = 0; stage < nvertex; stage++) {
    if (!m.stage()) break;
    m.expandSpentBlossoms();
  }
  for (let v = 0; v < nvertex; v++) {
    if (m.mate[v]! >= 0) result[v] = m.endpoint(m.mate[v]!);
  }
  if (duals) {
    duals.dualvar = m.dualvar;
    duals.blossomparent = m.blossomparent;
  }
  return result;
}

/**
 * Minimum-cost perfect matching on integer costs (costs may be any safe integers).
 * Returns mate, or null when the graph has no perfect matching.
 */
export function minCostPerfectMatching(nvertex: number, edges: EdgeList): Int32Array | null {
  return minCostPerfectMatchingAt(nvertex, edges);
}

/**
 * minCostPerfectMatching solved as a maximum-weight matching with weight c - cost (c = the
 * largest cost + 1 unless given); with `duals`, the optimal duals of that weighted problem.
 */
export function minCostPerfectMatchingAt(
  nvertex: number,
  edges: EdgeList,
  c?: number,
  duals?: MatchingDuals,
  /** doubled cost duals P with P[u] + P[v] <= 2 cost(u, v) on every edge (see warmDuals) */
  costDuals?: Float64Array,
): Int32Array | null {
  if (nvertex % 2 !== 0) return null;
  if (nvertex === 0) return new Int32Array(0);
  let maxc = -Infinity;
  for (let k = 0; k < edges.length; k++) if (edges.w[k]! > maxc) maxc = edges.w[k]!;
  const top = c ?? maxc + 1;
  // weight = (maxc + 1) - cost > 0: among maximum-cardinality matchings, maximum weight
  // is minimum cost when the matching is perfect (all perfect matchings have n/2 edges).
  const w = new Float64Array(edges.length);
  for (let k = 0; k < edges.length; k++) w[k] = top - edges.w[k]!;
  // cost duals P (doubled) are weight duals top - P: slack = 2 (cost - (P_u + P_v) / 2) >= 0
  let init: Float64Array | undefined;
  if (costDuals) {
    init = new Float64Array(nvertex);
    for (let v = 0; v < nvertex; v++) {
      init[v] = top - costDuals[v]!;
      // keep every dual well inside the exact integers of a double (the uniform start does)
      if (!(Math.abs(init[v]!) < 2 ** 50)) {
        init = undefined;
        break;
      }
    }
  }
  const mate = maxWeightMatching(nvertex, { u: edges.u, v: edges.v, w, length: edges.length }, true, duals, init);
  for (let v = 0; v < nvertex; v++) if (mate[v] === -1) return null;
  return mate;
}

/**
 * Good feasible duals for a minimum-cost perfect matching, cheaply (O(sweeps * m)): doubled
 * vertex duals P with P[u] + P[v] <= 2 cost(u, v) on every edge. Starts from `start` (e.g. the
 * duals of a previous solve on fewer edges) made feasible by lowering, or from each vertex's
 * cheapest edge; then raises each vertex in turn as far as its edges allow (coordinate ascent
 * of the dual objective). Edges left tight are where the warm start matches; on score-group
 * fields a couple of sweeps reach or nearly reach the optimal duals, so the blossom is left
 * with a handful of stages instead of one per unmatched pair.
 */
/** Duals are kept even so that every vertex dual of the weighted problem has the parity of the
 * uniform start, which is what keeps the blossom's dual steps integral (see the file header). */
const even = (x: number): number => 2 * Math.floor(x / 2);

export function warmDuals(nvertex: number, edges: EdgeList, start?: Float64Array, phantom?: Uint8Array, sweeps = 3): Float64Array {
  const m = edges.length;
  const eu = edges.u;
  const ev = edges.v;
  const ew = edges.w;
  const deg = new Int32Array(nvertex + 1);
  for (let k = 0; k < m; k++) {
    deg[eu[k]! + 1]!++;
    deg[ev[k]! + 1]!++;
  }
  for (let v = 0; v < nvertex; v++) deg[v + 1] = deg[v + 1]! + deg[v]!;
  const fill = deg.slice(0, nvertex);
  const other = new Int32Array(2 * m);
  const cost2 = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const a = eu[k]!;
    const b = ev[k]!;
    const qa = fill[a]!++;
    other[qa] = b;
    cost2[qa] = 2 * ew[k]!;
    const qb = fill[b]!++;
    other[qb] = a;
    cost2[qb] = 2 * ew[k]!;
  }
  const P = new Float64Array(nvertex);
  if (start) {
    // lower each vertex just enough for its edges to the vertices already set (one pass makes
    // every edge feasible: an edge is checked when its second end is set, and lowering never
    // breaks an edge)
    for (let v = 0; v < nvertex; v++) P[v] = even(start[v]!);
    for (let v = 0; v < nvertex; v++) {
      let lim = P[v]!;
      for (let q = deg[v]!; q < deg[v + 1]!; q++) {
        const u = other[q]!;
        if (u < v && cost2[q]! - P[u]! < lim) lim = cost2[q]! - P[u]!;
      }
      P[v] = even(lim);
    }
  } else {
    // every vertex at its cheapest edge (too high: an edge may now be short), then lowered, in
    // order of that value, highest first, until every edge to an earlier vertex fits. A vertex
    // whose every option is expensive (a player who has met their whole group) keeps a high
    // dual; the cheap ends give way. Phantoms (a bye) come last and do not count as anyone's
    // cheapest edge: one of many candidates takes the bye, the others must pay to play.
    for (let v = 0; v < nvertex; v++) {
      let lo = Infinity;
      let loAny = Infinity;
      for (let q = deg[v]!; q < deg[v + 1]!; q++) {
        if (cost2[q]! < loAny) loAny = cost2[q]!;
        if (!phantom?.[other[q]!] && cost2[q]! < lo) lo = cost2[q]!;
      }
      if (lo === Infinity) lo = loAny;
      P[v] = lo === Infinity ? 0 : even(lo);
    }
    const ph = (v: number): number => (phantom?.[v] ? 1 : 0);
    const order = Array.from({ length: nvertex }, (_, v) => v).sort((a, b) => ph(a) - ph(b) || P[b]! - P[a]! || a - b);
    const done = new Uint8Array(nvertex);
    for (const v of order) {
      let lim = P[v]!;
      for (let q = deg[v]!; q < deg[v + 1]!; q++) {
        const u = other[q]!;
        if (done[u] && cost2[q]! - P[u]! < lim) lim = cost2[q]! - P[u]!;
      }
      P[v] = even(lim);
      done[v] = 1;
    }
  }
  for (let s = 0; s < sweeps; s++) {
    for (let t = 0; t < nvertex; t++) {
      const v = s % 2 === 0 ? t : nvertex - 1 - t;
      let lim = Infinity;
      for (let q = deg[v]!; q < deg[v + 1]!; q++) {
        const x = cost2[q]! - P[other[q]!]!;
        if (x < lim) lim = x;
      }
      if (lim !== Infinity && even(lim) > P[v]!) P[v] = even(lim);
    }
  }
  return P;
}
