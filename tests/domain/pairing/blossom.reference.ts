// The blossom matcher as one 592-line function with its state in closures, copied verbatim from
// src/domain/pairing/blossom.ts before issue 22 split it into a state class with one method per
// phase. Kept as the oracle of tests/domain/pairing/blossom-split.property.test.ts: the split must
// give the same mates and the same duals (callers certify matchings with the duals) on every
// graph, so any later change to the split that alters a tie-break or a dual step shows there.
// Not used by the product; do not "fix" it, fix the product and let this tell what changed.
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

  // endpoint p: edge p>>1, side p&1 (0 -> u, 1 -> v)
  const endpoint = (p: number): number => ((p & 1) === 0 ? eu[p >> 1]! : ev[p >> 1]!);

  // neighbend[v]: remote endpoints of edges incident to v (CSR)
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

  const n2 = 2 * nvertex;
  const mate = new Int32Array(nvertex).fill(-1); // remote endpoint index, or -1
  const label = new Int32Array(n2);
  const labelend = new Int32Array(n2).fill(-1);
  const inblossom = new Int32Array(nvertex);
  for (let v = 0; v < nvertex; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(n2).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const blossombase = new Int32Array(n2).fill(-1);
  for (let v = 0; v < nvertex; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const bestedge = new Int32Array(n2).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array<number[] | null>(n2).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = nvertex; b < n2; b++) unusedblossoms.push(b);
  const dualvar = new Float64Array(n2);
  for (let v = 0; v < nvertex; v++) dualvar[v] = maxweight;
  if (initialDuals) {
    // Feasible vertex duals from the caller (only with maxCardinality: for a perfect matching
    // any feasible duals will do; a maximum-weight matching also needs equal duals on the
    // free vertices, which the uniform start gives)
    if (!maxCardinality) throw new RangeError('blossom: initial duals need maxCardinality');
    for (let v = 0; v < nvertex; v++) dualvar[v] = initialDuals[v]!;
    for (let k = 0; k < nedge; k++) {
      if (dualvar[eu[k]!]! + dualvar[ev[k]!]! - 2 * ew[k]! < 0) throw new RangeError(`blossom: initial duals infeasible on edge ${k}`);
    }
  }
  const allowedge = new Uint8Array(nedge);
  // addBlossom's scratch (all -1 between calls: it resets the entries it touched)
  const bestedgeto = new Int32Array(n2).fill(-1);
  // edges allowed in the current stage, so a stage resets only those (not all m)
  const allowed: number[] = [];
  const allow = (k: number): void => {
    if (allowedge[k] === 0) {
      allowedge[k] = 1;
      allowed.push(k);
    }
  };
  const queue: number[] = [];

  const slack = (k: number): number => dualvar[eu[k]!]! + dualvar[ev[k]!]! - 2 * ew[k]!;

  const leavesBuf: number[] = [];
  const blossomLeaves = (b: number, out: number[]): number[] => {
    // (setting length on an empty array is a slow runtime call in V8)
    if (out.length !== 0) out.length = 0;
    if (b < nvertex) {
      out.push(b);
      return out;
    }
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
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w]!;
    label[w] = t;
    label[b] = t;
    labelend[w] = p;
    labelend[b] = p;
    bestedge[w] = -1;
    bestedge[b] = -1;
    if (t === 1) {
      if (b < nvertex) queue.push(b);
      else for (const x of blossomLeaves(b, [])) queue.push(x);
    } else if (t === 2) {
      const base = blossombase[b]!;
      const mb = mate[base]!;
      assignLabel(endpoint(mb), 1, mb ^ 1);
    }
  };

  const scanBlossom = (v0: number, w0: number): number => {
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
        v = endpoint(labelend[b]!);
        b = inblossom[v]!;
        v = endpoint(labelend[b]!);
      }
      if (w !== -1) {
        const tmp = v;
        v = w;
        w = tmp;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = eu[k]!;
    let w = ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint(labelend[bv]!);
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
      w = endpoint(labelend[bw]!);
      bw = inblossom[w]!;
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0;
    for (const x of blossomLeaves(b, leavesBuf)) {
      if (label[inblossom[x]!] === 2) queue.push(x);
      inblossom[x] = b;
    }
    const touched: number[] = [];
    for (const sub of path) {
      const consider = (kk: number): void => {
        // the endpoint outside the new blossom
        const j = inblossom[ev[kk]!] === b ? eu[kk]! : ev[kk]!;
        const bj = inblossom[j]!;
        if (bj !== b && label[bj] === 1) {
          const cur = bestedgeto[bj]!;
          if (cur === -1) {
            bestedgeto[bj] = kk;
            touched.push(bj);
          } else if (slack(kk) < slack(cur)) {
            bestedgeto[bj] = kk;
          }
        }
      };
      const lists = blossombestedges[sub];
      if (lists === null || lists === undefined) {
        const leaves = blossomLeaves(sub, []);
        for (const x of leaves) {
          for (let q = nbStart[x]!; q < nbStart[x + 1]!; q++) consider(nbList[q]! >> 1);
        }
      } else {
        for (const kk of lists) consider(kk);
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    touched.sort((x, y) => x - y);
    const be: number[] = [];
    for (const bj of touched) {
      be.push(bestedgeto[bj]!);
      bestedgeto[bj] = -1;
    }
    blossombestedges[b] = be;
    let best = -1;
    let bestSlack = 0;
    for (const kk of be) {
      const s = slack(kk);
      if (best === -1 || s < bestSlack) {
        best = kk;
        bestSlack = s;
      }
    }
    bestedge[b] = best;
  };

  // Iterative: nested blossoms can be as deep as the field is large (odd fields of exhausted
  // groups nest thousands), and a recursion that deep overflows the stack.
  const expandStack: number[] = [];
  const expandBlossom = (b0: number, endstage: boolean): void => {
    expandStack.push(b0);
    while (expandStack.length > 0) expandOne(expandStack.pop()!, endstage);
  };
  const expandOne = (b: number, endstage: boolean): void => {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < nvertex) {
        inblossom[s] = s;
      } else if (endstage && dualvar[s] === 0) {
        // expanded after this one (only at the end of a stage, where order does not matter:
        // the sub-blossoms are disjoint and this one no longer refers to them)
        expandStack.push(s);
      } else {
        for (const x of blossomLeaves(s, [])) inblossom[x] = s;
      }
    }
    if (!endstage && label[b] === 2) {
      const endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint(labelend[b]! ^ 1)]!;
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
        label[endpoint(p ^ 1)] = 0;
        label[endpoint(at(endps, j - endptrick) ^ endptrick ^ 1)] = 0;
        assignLabel(endpoint(p ^ 1), 2, p);
        allow(at(endps, j - endptrick) >> 1);
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allow(p >> 1);
        j += jstep;
      }
      const bv0 = at(childs, j);
      label[endpoint(p ^ 1)] = 2;
      label[bv0] = 2;
      labelend[endpoint(p ^ 1)] = p;
      labelend[bv0] = p;
      bestedge[bv0] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const x of blossomLeaves(bv, [])) {
          if (label[x] !== 0) {
            found = x;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint(mate[blossombase[bv]!]!)] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  // Iterative for the same reason as expandBlossom. augmentBlossom(b, v) makes v the base of b:
  // it swaps the matching along the even path from v's child to the base and rotates b's child
  // list. The swaps inside sub-blossoms touch disjoint vertices and read only their own
  // blossom's lists, so they can run in any order; a blossom's rotation needs its first child's
  // new base, so rotations run children first (reverse order of discovery).
  const augStack: number[] = [];
  const augRotate: number[] = [];
  const augmentBlossom = (b0: number, v0: number): void => {
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
        if (t >= nvertex) augStack.push(t, endpoint(p));
        j += jstep;
        t = at(childs, j);
        if (t >= nvertex) augStack.push(t, endpoint(p ^ 1));
        mate[endpoint(p)] = p ^ 1;
        mate[endpoint(p ^ 1)] = p;
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
      blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
    }
  };

  const augmentMatching = (k: number): void => {
    const pairs: [number, number][] = [
      [eu[k]!, 2 * k + 1],
      [ev[k]!, 2 * k],
    ];
    for (const [s0, p0] of pairs) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint(labelend[bs]!);
        const bt = inblossom[t]!;
        s = endpoint(labelend[bt]!);
        const j = endpoint(labelend[bt]! ^ 1);
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  };

  if (initialDuals) {
    // Warm start on the tight edges (slack 0; matching along them keeps every invariant of the
    // primal-dual method): vertices with the fewest tight edges first, each to its free tight
    // neighbour with the fewest tight edges (Karp-Sipser order), so that few vertices are left
    // for the stages, each of which costs O(n + m).
    const tdeg = new Int32Array(nvertex);
    for (let k = 0; k < nedge; k++) {
      if (slack(k) === 0) {
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
        const w = endpoint(p);
        if (mate[w] !== -1 || slack(p >> 1) !== 0) continue;
        if (best === -1 || tdeg[w]! < bestDeg) {
          best = p;
          bestDeg = tdeg[w]!;
        }
      }
      if (best === -1) continue;
      mate[v] = best;
      mate[endpoint(best)] = best ^ 1;
    }
  } else {
    // Warm start: match greedily along edges of maximum weight. With every vertex dual at
    // maxweight these edges are tight, so this is exactly what the first stages would do (each
    // augmenting along one tight edge between two free vertices), without a stage per edge; on
    // large fields most vertices are matched here.
    for (let k = 0; k < nedge; k++) {
      if (ew[k] !== maxweight) continue;
      const a = eu[k]!;
      const b = ev[k]!;
      if (mate[a] === -1 && mate[b] === -1) {
        mate[a] = 2 * k + 1;
        mate[b] = 2 * k;
      }
    }
  }

  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < n2; b++) blossombestedges[b] = null;
    for (const k of allowed) allowedge[k] = 0;
    if (allowed.length !== 0) allowed.length = 0;
    queue.length = 0;
    for (let v = 0; v < nvertex; v++) {
      if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (let q = nbStart[v]!; q < nbStart[v + 1]!; q++) {
          const p = nbList[q]!;
          const k = p >> 1;
          const w = endpoint(p);
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (allowedge[k] === 0) {
            kslack = slack(k);
            if (kslack <= 0) allow(k);
          }
          if (allowedge[k] !== 0) {
            const lw = label[inblossom[w]!]!;
            if (lw === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (lw === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) {
                addBlossom(base, k);
              } else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      }
      for (let v = 0; v < nvertex; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < n2; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]!) / 2;
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
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < nvertex; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
        if (delta < 0) delta = 0;
      }
      for (let v = 0; v < nvertex; v++) {
        const l = label[inblossom[v]!];
        if (l === 1) dualvar[v] = dualvar[v]! - delta;
        else if (l === 2) dualvar[v] = dualvar[v]! + delta;
      }
      for (let b = nvertex; b < n2; b++) {
        if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
          else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
        }
      }
      if (deltatype === 1) {
        break;
      } else if (deltatype === 2) {
        allow(deltaedge);
        let i = eu[deltaedge]!;
        if (label[inblossom[i]!] === 0) i = ev[deltaedge]!;
        queue.push(i);
      } else if (deltatype === 3) {
        allow(deltaedge);
        queue.push(eu[deltaedge]!);
      } else {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    for (let b = nvertex; b < n2; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0) {
        expandBlossom(b, true);
      }
    }
  }

  for (let v = 0; v < nvertex; v++) {
    if (mate[v]! >= 0) result[v] = endpoint(mate[v]!);
  }
  if (duals) {
    duals.dualvar = dualvar;
    duals.blossomparent = blossomparent;
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
