// Swiss pairing for Steamroller 2011 (and other systems scoring with any finite numbers).
//
// OBJECTIVE (lexicographic; a later criterion only breaks ties of all earlier ones)
//   (1) bye fairness (hard): with an odd field the bye goes to a player with the fewest byes
//       so far ("candidates"); nobody gets a second bye while a candidate with fewer exists.
//   (2) rematches: minimise the number of pairs that have met before (0 whenever any
//       rematch-free pairing, with any allowed bye, exists).
//   (3) bye at the lowest TP: among the allowed byes, the bye player's score is minimal.
//   (4) squared spread: minimise sum over pairs of (score_a - score_b)^2. With distinct score
//       groups this is exactly "pair inside score groups, one player floats down from each
//       odd group into the next lower group" (the cost is strictly convex, so the sorted
//       adjacent pairing is the unique optimum pattern when no rematch interferes).
//   (5) optional organizer criteria, only after (1)-(4):
//       (5a) avoidSameClub: minimise the number of same-club pairs;
//       (5b) avoidSameTable: table numbers are assigned after pairing (table 1 = highest
//            score-sum; equal sums by higher top score) and permuted among pairs of equal
//            score-sum to minimise the number of players seated at a table number they had
//            before (exact minimum per block).
//   (6) seeded random tie-break: every score group is shuffled with the seed (top group
//       first); the greedy pairs in that order, the bye goes to the first candidate of the
//       shuffled lowest group, and the exact solver sees vertices in that shuffled order.
//       Same input + same seed => same output.
//
// METHOD
//   The criteria (3)-(5a) for a fixed lowest bye group are folded into one integer cost per
//   pair: K*(Sa-Sb)^2 + [same club] (scores scaled to integers; K = pairs+1 when clubs count,
//   so one unit of spread outweighs every club clash). The bye is a phantom vertex BETA placed
//   in the lowest score group that holds a candidate, joined (cost 0) to those candidates only.
//
//   a) Greedy: score groups from the top, each shuffled; carried floaters first, then pair in
//      order, the odd player floats to the next group; depth-first backtracking (with a step
//      budget) around rematches (and same-club pairs when that option is on).
//   b) Proof: any perfect matching M crosses the boundary below group k x_k times with
//      x_k = parity of the players above (mod 2), and cost(M) >= sum_k x_k*g_k^2 (g_k = gap
//      between the group scores), so LB = K*sum_k c_k*g_k^2 (c_k = that parity) bounds every
//      pairing. With avoidSameClub, each group adds its forced clubmate pairs (see clubQuota):
//      the greedy may use exactly that many. A greedy pairing reaching LB is optimal.
//   c) Windows: when the greedy fails at a group, that group becomes a "window" solved
//      exactly (blossom) as a relaxation: the window's players may also be paired "up"
//      (cost K*(L_above - s)^2, L_above = score of the group just above the window), "down"
//      (K*(s - L_below)^2), or let a pair pass over the window (K*(L_above - L_below)^2),
//      with the parities of the two boundaries kept. Splitting every pair's cost at the
//      window boundaries ((x+y)^2 >= x^2+y^2) shows that for ANY pairing M,
//      cost(M) >= K*sum_{boundaries outside windows} c_k g_k^2 + sum_windows relaxedOpt.
//      The greedy then realises the rest of the field around the fixed window solutions
//      (up-goers paired in the group above, down-goers and passes in the group below); when it
//      succeeds the cost equals that bound, so the result is optimal. When it fails, the
//      window grows (or another one is added) and we retry; after a few passes, or once the
//      windows hold about a hundred players, the window is the whole field, i.e. a plain exact
//      matching. (Exhausted groups - everyone in a group has met everyone - make each pass
//      expose one more group: growing one group per pass re-solved ever larger relaxations,
//      11 minutes at 4096 players; one whole-field matching is exact and takes about a second.)
//   d) If no rematch-free pairing exists with the bye in the lowest candidate group, a
//      whole-field matching runs with the full lexicographic cost
//      (rematch, bye score rank, spread, club as big-M tiers).
//   Whole-field matchings are "priced" (priced.ts): solved on a sparse candidate graph (a
//   dozen partners per side, nearest score groups first) and proven optimal for every pair
//   with the blossom's dual solution; pairs the duals reject are added and it is solved again.
//   Exactness never depends on the candidate graph, only the time does.
//
// BOUND (issue 23). What is proven, whatever the history:
//   - the answer is exact (the lower bound of (b)-(c), or the duals of the priced matching,
//     certify it; nothing here is a heuristic that could return a worse pairing);
//   - the work outside the whole-field matching is bounded: at most MAX_WINDOW_PASSES greedy
//     passes of at most 4000 + 16n steps each, and windows of at most WINDOW_MAX players;
//   - no recursion grows with the field (blossom.ts expands and augments nested blossoms with
//     explicit stacks; the greedy keeps its own frames), so 10,000 players cannot overflow the
//     call stack.
//   The whole-field matching itself is Edmonds' blossom algorithm: O(n) stages of O(n + m) work
//   each at worst (m = candidate pairs, about 40 per player), times the pricing rounds. That
//   worst case is not what bounds the time in practice, and no better worst case is proven
//   here. What keeps it small: a pair's cost depends only on the two score groups (plus small
//   extras), so per-player duals of the kind a score group "deserves" (blossom.ts warmDuals:
//   each player at the price of their cheapest partner, lowered until feasible, the bye phantom
//   last, then raised while every pair allows) are at or next to the optimal ones, and the
//   greedy start on their tight pairs leaves a handful of players to the stages (0 for the
//   sandwich, 2 for exhausted groups with one out, against one stage per unmatched pair before).
//   Measured bound, `npx tsx scripts/bench-pairing.ts --adversarial` (exhausted groups, one
//   out, nearly exhausted, ladders of cliques, sandwiches, the bye forced into an exhausted top
//   group; each round proven optimal by an independent bound): at most about 0.5 s of CPU at
//   1,024 players, 0.6 s at 4,096 and 2.1 s at 10,000 on the 2-core bench machine, measured
//   with it heavily shared (targets: 1 s at 1,024, 2 s at 4,096).

import { createRng } from '../random';
import { EdgeBuilder, minCostPerfectMatchingAt, warmDuals } from './blossom';
import { pricedMinCostPerfectMatching } from './priced';
import { minCostAssignment } from './tables';

export interface SwissPlayer {
  id: string;
  score: number;
  opponents: readonly string[];
  byes: number;
  club?: string | null;
  tables?: readonly number[];
}

export interface SwissOptions {
  seed: number;
  avoidSameClub?: boolean;
  avoidSameTable?: boolean;
}

export interface SwissPairing {
  table: number;
  a: string;
  b: string;
}

export interface SwissResult {
  /** table 1 = highest scores; a = the higher-scored (or first) player */
  pairings: SwissPairing[];
  bye: string | null;
  /** 0 whenever avoidable */
  rematches: number;
  /** sum of (score_a - score_b)^2 */
  squaredSpread: number;
  /** how it was found (for the bench/audit) */
  method: 'greedy' | 'greedy+matching' | 'matching';
}

/** Diagnostics of one pairing run (tests, bench, audit). */
export interface SwissStats {
  /** score-group windows solved exactly, as [first, last] group indices (0 = top group) */
  windows: [number, number][];
  /** greedy realisation attempts */
  greedyRuns: number;
  /** total vertices handed to the blossom solver */
  matchingVertices: number;
  /** 'whole-field': the window grew to the whole field; 'min-rematch': no rematch-free pairing
   * with the bye in the lowest candidate group, full lexicographic matching used */
  fallback: 'none' | 'whole-field' | 'min-rematch';
  /** realised solutions that missed their lower bound (a bug indicator: must stay 0) */
  boundMisses: number;
}

/* ------------------------------------------------------------------------------------ */

const MAX_EXACT = 2 ** 52;

interface Core {
  n: number;
  raw: number[];
  /** scores scaled to integers */
  S: number[];
  opp: Set<number>[];
  club: (string | null)[];
  byes: number[];
  avoidClub: boolean;
  /** spread multiplier (pairs+1 when clubs count, else 1) */
  K: number;
}

/** The restricted problem: bye (if any) fixed to the lowest candidate group. */
interface Prob {
  core: Core;
  /** phantom bye vertex id (= n) or -1 */
  beta: number;
  betaCand: Uint8Array;
  /** score groups, top first; members shuffled; BETA first in its group */
  levels: number[][];
  /** scaled score of each group */
  L: number[];
  /** c[k]: parity of the number of vertices in groups 0..k */
  c: Uint8Array;
  /** prefix[k]: number of vertices in groups 0..k */
  prefix: Int32Array;
  ownPos: Int32Array;
  total: number;
  /** per group: size of its largest club (real players) and its real player count */
  clubMax: Int32Array;
  realCount: Int32Array;
}

interface WinSol {
  i: number;
  j: number;
  /** flat pairs u0,v0,u1,v1,... inside the window */
  internal: number[];
  up: number[];
  down: number[];
  pass: number;
  cost: number;
}

function scaleOf(scores: readonly number[]): number {
  for (const d of [1, 2, 4, 3, 5, 6, 8, 10, 12, 16, 20, 24, 25, 50, 100, 1000, 10000]) {
    let ok = true;
    for (const s of scores) {
      const x = s * d;
      if (Math.abs(x - Math.round(x)) > 1e-9 * Math.max(1, Math.abs(x))) {
        ok = false;
        break;
      }
    }
    if (ok) return d;
  }
  // Not a multiple of any simple fraction: micro-units (spread comparisons are then exact
  // for the rounded scores).
  return 1e6;
}

const normClub = (c: string | null | undefined): string | null => {
  if (c === null || c === undefined) return null;
  const t = c.trim().toLowerCase();
  return t === '' ? null : t;
};

function hardOk(P: Prob, u: number, v: number): boolean {
  if (u === P.beta) return P.betaCand[v] === 1;
  if (v === P.beta) return P.betaCand[u] === 1;
  return !P.core.opp[u]!.has(v);
}

function sameClub(core: Core, u: number, v: number): boolean {
  const a = core.club[u];
  return a !== null && a !== undefined && a === core.club[v];
}

function greedyOk(P: Prob, u: number, v: number): boolean {
  if (!hardOk(P, u, v)) return false;
  if (u === P.beta || v === P.beta) return true;
  return !(P.core.avoidClub && sameClub(P.core, u, v));
}

function pairCost(P: Prob, u: number, v: number): number {
  if (u === P.beta || v === P.beta) return 0;
  const core = P.core;
  const d = core.S[u]! - core.S[v]!;
  return core.K * d * d + (core.avoidClub && sameClub(core, u, v) ? 1 : 0);
}

/* ---------------------------------- exact windows ----------------------------------- */

/** The restricted problem over the whole field: a plain exact matching, priced (see priced.ts). */
function solveWhole(P: Prob, stats: SwissStats): WinSol | null {
  const W: number[] = [];
  for (const lv of P.levels) for (const x of lv) W.push(x);
  const local = new Int32Array(P.core.n + 1);
  W.forEach((x, a) => (local[x] = a));
  const K = P.core.K;
  const mate = pricedMinCostPerfectMatching({
    n: W.length,
    groups: P.levels.map((lv) => lv.map((x) => local[x]!)),
    gapCost: (g, h) => K * (P.L[g]! - P.L[h]!) ** 2,
    cost: (a, b) => (hardOk(P, W[a]!, W[b]!) ? pairCost(P, W[a]!, W[b]!) : -1),
    phantoms: P.beta >= 0 ? [local[P.beta]!] : [],
  });
  stats.matchingVertices += W.length;
  if (mate === null) return null;
  const sol: WinSol = { i: 0, j: P.levels.length - 1, internal: [], up: [], down: [], pass: 0, cost: 0 };
  for (let a = 0; a < W.length; a++) {
    const b = mate[a]!;
    if (b < a) continue;
    sol.internal.push(W[a]!, W[b]!);
    sol.cost += pairCost(P, W[a]!, W[b]!);
  }
  return sol;
}

function solveWindow(P: Prob, i: number, j: number, stats: SwissStats): WinSol | null {
  const m = P.levels.length;
  if (i === 0 && j === m - 1) return solveWhole(P, stats);
  const K = P.core.K;
  const S = P.core.S;
  const W: number[] = [];
  for (let k = i; k <= j; k++) for (const x of P.levels[k]!) W.push(x);
  const nW = W.length;
  const real = nW - (P.beta >= 0 && W.includes(P.beta) ? 1 : 0);
  const above = i > 0 ? P.prefix[i - 1]! : 0;
  const below = P.total - P.prefix[j]!;
  const fit = (x: number, parity: number): number => (x % 2 === parity ? x : x + 1);
  const vUp = i > 0 ? fit(Math.min(real + 1, above), P.c[i - 1]!) : 0;
  const vDown = j < m - 1 ? fit(Math.min(real + 1, below), P.c[j]!) : 0;
  const N = nW + vUp + vDown;
  const sol: WinSol = { i, j, internal: [], up: [], down: [], pass: 0, cost: 0 };
  if (N === 0) return sol;
  const Lu = i > 0 ? P.L[i - 1]! : 0;
  const Ld = j < m - 1 ? P.L[j + 1]! : 0;
  const upCost = (x: number): number => K * (Lu - S[x]!) ** 2;
  const downCost = (x: number): number => K * (S[x]! - Ld) ** 2;
  const passCost = K * (Lu - Ld) ** 2;

  const eb = new EdgeBuilder(Math.min(1 << 22, (N * (N - 1)) / 2 + 4));
  for (let a = 0; a < nW; a++) {
    const x = W[a]!;
    for (let b = a + 1; b < nW; b++) {
      const y = W[b]!;
      if (hardOk(P, x, y)) eb.add(a, b, pairCost(P, x, y));
    }
    if (x === P.beta) continue;
    if (vUp > 0) {
      const c = upCost(x);
      for (let t = 0; t < vUp; t++) eb.add(a, nW + t, c);
    }
    if (vDown > 0) {
      const c = downCost(x);
      for (let t = 0; t < vDown; t++) eb.add(a, nW + vUp + t, c);
    }
  }
  for (let t = 0; t < vUp; t++) {
    for (let t2 = t + 1; t2 < vUp; t2++) eb.add(nW + t, nW + t2, 0);
    for (let t2 = 0; t2 < vDown; t2++) eb.add(nW + t, nW + vUp + t2, passCost);
  }
  for (let t = 0; t < vDown; t++) {
    for (let t2 = t + 1; t2 < vDown; t2++) eb.add(nW + vUp + t, nW + vUp + t2, 0);
  }
  stats.matchingVertices += N;
  const edges = eb.build();
  const isVirtual = new Uint8Array(N);
  // the up/down vertices and the bye stand for no player: last in the warm start (priced.ts)
  for (let t = nW; t < N; t++) isVirtual[t] = 1;
  for (let a = 0; a < nW; a++) if (W[a] === P.beta) isVirtual[a] = 1;
  const mate = minCostPerfectMatchingAt(N, edges, undefined, undefined, warmDuals(N, edges, undefined, isVirtual));
  if (mate === null) return null;
  for (let a = 0; a < N; a++) {
    const b = mate[a]!;
    if (b < a) continue;
    if (b < nW) {
      sol.internal.push(W[a]!, W[b]!);
      sol.cost += pairCost(P, W[a]!, W[b]!);
    } else if (a < nW) {
      if (b < nW + vUp) {
        sol.up.push(W[a]!);
        sol.cost += upCost(W[a]!);
      } else {
        sol.down.push(W[a]!);
        sol.cost += downCost(W[a]!);
      }
    } else if (a < nW + vUp && b >= nW + vUp) {
      sol.pass++;
      sol.cost += passCost;
    }
  }
  return sol;
}

/* --------------------------- greedy realisation (with windows) ---------------------- */

type Realized = { ok: true; pairs: number[] } | { ok: false; dead: number };

/**
 * The greedy search's state, shared by its steps: the windows' roles, the partial matching, each
 * group's sequence, and the stack of choice frames (one typed array per field).
 */
interface Search {
  P: Prob;
  wins: readonly WinSol[];
  quota: Int32Array;
  m: number;
  role: Int32Array;
  mate: Int32Array;
  clashUsed: Int32Array;
  outCount: Int32Array;
  upIn: number[][];
  outList: number[][];
  seqs: number[][];
  ownStart: Int32Array;
  /** findNext's answer: the group and position of the next player to seat */
  nk: number;
  npos: number;
  top: number;
  fx: Int32Array;
  fk: Int32Array;
  fpos: Int32Array;
  fkind: Uint8Array;
  fscan: Int32Array;
  fchoice: Int32Array;
  fprev: Int32Array;
  fout: Uint8Array;
  fpass: Uint8Array;
  fclash: Uint8Array;
}

function newSearch(P: Prob, wins: readonly WinSol[], quota: Int32Array): Search {
  const m = P.levels.length;
  const role = new Int32Array(m).fill(-1);
  wins.forEach((w, idx) => {
    for (let k = w.i; k <= w.j; k++) role[k] = idx;
  });
  const outCount = new Int32Array(m);
  const upIn: number[][] = [];
  for (let k = 0; k < m; k++) {
    upIn.push([]);
    if (role[k] !== -1) continue;
    if (k === m - 1) outCount[k] = 0;
    else if (role[k + 1] === -1) outCount[k] = P.c[k]!;
    else {
      const w = wins[role[k + 1]!]!;
      outCount[k] = w.pass;
      upIn[k] = w.up;
    }
  }
  const cap = P.total + 4;
  return {
    P,
    wins,
    quota,
    m,
    role,
    mate: new Int32Array(P.core.n + 1).fill(-1),
    clashUsed: new Int32Array(m),
    outCount,
    upIn,
    outList: P.levels.map(() => []),
    seqs: P.levels.map(() => []),
    ownStart: new Int32Array(m),
    nk: 0,
    npos: 0,
    top: -1,
    fx: new Int32Array(cap),
    fk: new Int32Array(cap),
    fpos: new Int32Array(cap),
    fkind: new Uint8Array(cap),
    fscan: new Int32Array(cap),
    fchoice: new Int32Array(cap),
    fprev: new Int32Array(cap),
    fout: new Uint8Array(cap),
    fpass: new Uint8Array(cap),
    fclash: new Uint8Array(cap),
  };
}

/** The next group after k that no window covers. */
function nextGreedy(st: Search, k: number): number {
  let x = k + 1;
  while (x < st.m && st.role[x] !== -1) x++;
  return x;
}

/** Group k's sequence: what comes down to it (the group above's leftovers or a window's), what comes up, then its own. */
function enter(st: Search, k: number): void {
  const { role, outList, wins } = st;
  const seq: number[] = [];
  if (k > 0) {
    if (role[k - 1] === -1) {
      for (const x of outList[k - 1]!) seq.push(x);
    } else {
      const w = wins[role[k - 1]!]!;
      for (const x of w.down) seq.push(x);
      if (w.i > 0) for (const x of outList[w.i - 1]!) seq.push(x);
    }
  }
  for (const x of st.upIn[k]!) seq.push(x);
  st.ownStart[k] = seq.length;
  for (const x of st.P.levels[k]!) seq.push(x);
  st.seqs[k] = seq;
}

/** The next player to seat from (k0, pos0): 0 with it in nk/npos; -1 = done; -2 = dead end at nk. */
function findNext(st: Search, k0: number, pos0: number): number {
  const { seqs, ownStart, mate, outList, outCount } = st;
  let k = k0;
  let pos = pos0;
  for (;;) {
    const seq = seqs[k]!;
    const os = ownStart[k]!;
    while (pos < seq.length) {
      const x = seq[pos]!;
      if (pos < os ? mate[x]! < 0 : mate[x] === -1) {
        st.nk = k;
        st.npos = pos;
        return 0;
      }
      pos++;
    }
    if (outList[k]!.length !== outCount[k]) {
      st.nk = k;
      return -2;
    }
    const g = nextGreedy(st, k);
    if (g >= st.m) return -1;
    enter(st, g);
    k = g;
    pos = 0;
  }
}

function collect(st: Search): Realized {
  const { role, seqs, mate } = st;
  const pairs: number[] = [];
  for (const w of st.wins) for (const x of w.internal) pairs.push(x);
  const done = new Uint8Array(st.P.core.n + 1);
  for (let k = 0; k < st.m; k++) {
    if (role[k] !== -1) continue;
    for (const x of seqs[k]!) {
      const y = mate[x]!;
      if (y >= 0 && !done[x]) {
        done[x] = 1;
        done[y] = 1;
        pairs.push(x, y);
      }
    }
  }
  return { ok: true, pairs };
}

/** A new choice frame for the player at (k, pos). */
function pushFrame(st: Search, k: number, pos: number): void {
  const top = ++st.top;
  const x = st.seqs[k]![pos]!;
  st.fx[top] = x;
  st.fk[top] = k;
  st.fpos[top] = pos;
  const own = pos >= st.ownStart[k]!;
  st.fkind[top] = own ? 1 : 0;
  st.fscan[top] = own ? st.P.ownPos[x]! + 1 : 0;
  st.fchoice[top] = -1;
  st.fprev[top] = -1;
  st.fout[top] = 0;
  st.fpass[top] = 0;
  st.fclash[top] = 0;
}

/**
 * Frame t's next choice, after undoing its last one: a partner that clashes with nothing (pass 0),
 * a same-club partner within the group's forced-clash quota (pass 1), or going down to the next
 * group. False when it has none left.
 */
function tryNext(st: Search, t: number): boolean {
  const { P, mate, clashUsed, outList, outCount, quota, fx, fk, fchoice, fprev, fclash, fscan, fpass, fkind, fout } = st;
  const beta = P.beta;
  const x = fx[t]!;
  const k = fk[t]!;
  const ch = fchoice[t]!;
  if (ch >= 0) {
    mate[x] = fprev[t]!;
    mate[ch] = -1;
    if (fclash[t]) {
      clashUsed[k] = clashUsed[k]! - 1;
      fclash[t] = 0;
    }
  } else if (ch === -2) {
    mate[x] = -1;
    outList[k]!.pop();
  }
  fchoice[t] = -1;
  const own = P.levels[k]!;
  let s = fscan[t]!;
  if (fpass[t] === 0) {
    // pass 0: partners that clash with nothing
    for (; s < own.length; s++) {
      const v = own[s]!;
      if (mate[v] !== -1 || v === x) continue;
      if (!greedyOk(P, x, v)) continue;
      fprev[t] = mate[x]!;
      mate[x] = v;
      mate[v] = x;
      fchoice[t] = v;
      fscan[t] = s + 1;
      return true;
    }
    fscan[t] = s;
    if (fkind[t] === 1 && quota[k]! > 0 && x !== beta) {
      fpass[t] = 1;
      s = P.ownPos[x]! + 1;
      fscan[t] = s;
    }
  }
  if (fpass[t] === 1) {
    // pass 1: same-club partners inside the group, within the group's forced-clash quota
    for (; s < own.length; s++) {
      if (clashUsed[k]! >= quota[k]!) {
        s = own.length;
        break;
      }
      const v = own[s]!;
      if (mate[v] !== -1 || v === x || v === beta) continue;
      if (!sameClub(P.core, x, v) || !hardOk(P, x, v)) continue;
      fprev[t] = mate[x]!;
      mate[x] = v;
      mate[v] = x;
      fchoice[t] = v;
      fclash[t] = 1;
      clashUsed[k] = clashUsed[k]! + 1;
      fscan[t] = s + 1;
      return true;
    }
    fscan[t] = s;
    fpass[t] = 2;
  }
  if (fkind[t] === 1 && fout[t] === 0) {
    fout[t] = 1;
    if (x !== beta && outList[k]!.length < outCount[k]!) {
      mate[x] = -2;
      outList[k]!.push(x);
      fchoice[t] = -2;
      return true;
    }
  }
  return false;
}

function realize(P: Prob, wins: readonly WinSol[], quota: Int32Array, budget: number): Realized {
  const st = newSearch(P, wins, quota);
  const first = st.role[0] === -1 ? 0 : nextGreedy(st, 0);
  if (first >= st.m) return { ok: false, dead: -1 };
  enter(st, first);
  let r = findNext(st, first, 0);
  if (r === -1) return collect(st);
  if (r === -2) return { ok: false, dead: st.nk };

  pushFrame(st, st.nk, st.npos);
  const fk = st.fk;
  let steps = 0;
  let dead = -1;
  while (st.top >= 0) {
    const top = st.top;
    if (tryNext(st, top)) {
      if (++steps > budget) return { ok: false, dead: Math.max(dead, fk[top]!) };
      r = findNext(st, fk[top]!, st.fpos[top]! + 1);
      if (r === -1) return collect(st);
      if (r === -2) {
        if (st.nk > dead) dead = st.nk;
        continue;
      }
      pushFrame(st, st.nk, st.npos);
    } else {
      if (fk[top]! > dead) dead = fk[top]!;
      st.top--;
    }
  }
  return { ok: false, dead };
}

/* ------------------------------- restricted solver ---------------------------------- */

function addWindow(wins: [number, number][], i0: number, j0: number): [number, number][] {
  let i = i0;
  let j = j0;
  const keep: [number, number][] = [];
  let changed = true;
  let pool = wins.slice();
  while (changed) {
    changed = false;
    const rest: [number, number][] = [];
    for (const w of pool) {
      if (w[0] <= j + 1 && w[1] >= i - 1) {
        i = Math.min(i, w[0]);
        j = Math.max(j, w[1]);
        changed = true;
      } else rest.push(w);
    }
    pool = rest;
  }
  for (const w of pool) keep.push(w);
  keep.push([i, j]);
  keep.sort((a, b) => a[0] - b[0]);
  return keep;
}

/**
 * Forced same-club pairs per score group (0 when clubs do not count). Only for groups whose
 * two boundaries are outside every window ("interior" groups): in any pairing that keeps the
 * minimal float pattern at those boundaries, exactly r = c[k-1] + c[k] (+1 for the bye
 * phantom's partner) members of group k are paired outside the group, so with a = the size
 * of its largest club and g its player count, at least (2a - g - r) / 2 pairs inside the
 * group join two clubmates. A pairing that breaks the pattern at a boundary between two
 * non-window groups pays >= 2K more spread, more than all club clashes together, so adding
 * these quotas to the bound keeps it valid.
 */
function clubQuota(P: Prob, wins: readonly [number, number][]): Int32Array {
  const m = P.levels.length;
  const q = new Int32Array(m);
  if (!P.core.avoidClub) return q;
  const inWin = new Uint8Array(m);
  for (const w of wins) for (let k = w[0]; k <= w[1]; k++) inWin[k] = 1;
  for (let k = 0; k < m; k++) {
    if (inWin[k] || (k > 0 && inWin[k - 1]) || (k < m - 1 && inWin[k + 1])) continue;
    const hasBeta = P.beta >= 0 && P.levels[k]![0] === P.beta ? 1 : 0;
    const r = (k > 0 ? P.c[k - 1]! : 0) + P.c[k]! + hasBeta;
    const excess = 2 * P.clubMax[k]! - P.realCount[k]! - r;
    if (excess > 0) q[k] = excess >> 1;
  }
  return q;
}

function solveRestricted(P: Prob, stats: SwissStats): { pairs: number[]; method: SwissResult['method'] } | null {
  const m = P.levels.length;
  if (P.total === 0) return { pairs: [], method: 'greedy' };
  const budget = 4000 + 16 * P.total;
  const cache = new Map<string, WinSol | null>();
  const getSol = (i: number, j: number): WinSol | null => {
    const key = `${i},${j}`;
    if (!cache.has(key)) cache.set(key, solveWindow(P, i, j, stats));
    return cache.get(key)!;
  };
  let wins: [number, number][] = [];
  for (;;) {
    stats.windows = wins.map((w) => [w[0], w[1]]);
    if (wins.length === 1 && wins[0]![0] === 0 && wins[0]![1] === m - 1) {
      stats.fallback = 'whole-field';
      const sol = getSol(0, m - 1);
      if (sol === null) return null;
      return { pairs: sol.internal, method: 'matching' };
    }
    const sols: WinSol[] = [];
    let grown = false;
    for (const w of wins) {
      const sol = getSol(w[0], w[1]);
      if (sol === null) {
        // the relaxation itself is infeasible: widen both ways
        wins = addWindow(wins, Math.max(0, w[0] - 1), Math.min(m - 1, w[1] + 1));
        grown = true;
        break;
      }
      sols.push(sol);
    }
    if (grown) continue;
    stats.greedyRuns++;
    const quota = clubQuota(P, wins);
    const res = realize(P, sols, quota, budget);
    if (res.ok) {
      // certify: realised cost must equal the lower bound
      let cost = 0;
      for (let q = 0; q < res.pairs.length; q += 2) cost += pairCost(P, res.pairs[q]!, res.pairs[q + 1]!);
      const inWin = new Uint8Array(m);
      let lb = 0;
      for (const s of sols) {
        lb += s.cost;
        for (let k = s.i; k <= s.j; k++) inWin[k] = 1;
      }
      for (let k = 0; k + 1 < m; k++) {
        if (!inWin[k] && !inWin[k + 1] && P.c[k]) lb += P.core.K * (P.L[k]! - P.L[k + 1]!) ** 2;
      }
      for (let k = 0; k < m; k++) lb += quota[k]!;
      if (cost === lb) return { pairs: res.pairs, method: wins.length === 0 ? 'greedy' : 'greedy+matching' };
      stats.boundMisses++;
      wins = [[0, m - 1]];
      continue;
    }
    if (res.dead < 0) {
      wins = [[0, m - 1]];
      continue;
    }
    wins = addWindow(wins, res.dead, res.dead);
    // Windows that keep growing (e.g. every score group a clique of players who have all met:
    // each pass exposes the next group) would re-solve ever larger relaxations, each with its
    // virtual up/down vertices. Past a few passes or a hundred vertices, one priced whole-field
    // matching is both exact and cheaper.
    let covered = 0;
    for (const w of wins) covered += P.prefix[w[1]]! - (w[0] > 0 ? P.prefix[w[0] - 1]! : 0);
    if (stats.greedyRuns >= MAX_WINDOW_PASSES || covered > WINDOW_MAX) wins = [[0, m - 1]];
  }
}

/** Greedy passes with windows before the whole-field matching takes over. */
const MAX_WINDOW_PASSES = 4;
/** Largest windows (vertices) worth a relaxation: with its virtual up/down vertices a window of
 * w players is a dense problem of about 3w vertices, which costs more than the priced
 * whole-field matching once w is a few hundred (32 groups of 128: 4-6 s with windows up to an
 * eighth of the field, 0.3 s straight to the whole field). */
const WINDOW_MAX = 96;

/* --------------------------- full lexicographic fallback ---------------------------- */

function solveGeneral(core: Core, order: readonly number[], stats: SwissStats): { pairs: number[]; bye: number } {
  const n = core.n;
  const S = core.S;
  const odd = n % 2 === 1;
  const beta = n;
  let minByes = Infinity;
  for (let v = 0; v < n; v++) if (core.byes[v]! < minByes) minByes = core.byes[v]!;
  const candLevels = odd ? Array.from(new Set(order.filter((v) => core.byes[v] === minByes).map((v) => S[v]!))).sort((a, b) => a - b) : [];
  const rank = new Map<number, number>();
  candLevels.forEach((s, r) => rank.set(s, r));
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 0; v < n; v++) {
    lo = Math.min(lo, S[v]!);
    hi = Math.max(hi, S[v]!);
  }
  const pairsCount = Math.floor(n / 2);
  const spreadMax = core.K * pairsCount * (hi - lo) ** 2 + pairsCount + 1;
  const byeUnit = spreadMax;
  const rematchUnit = byeUnit * Math.max(1, candLevels.length);
  if (rematchUnit * (pairsCount + 2) >= MAX_EXACT) {
    throw new RangeError('pairSwiss: field too large / score range too wide for an exact minimum-rematch pairing');
  }
  const verts = order.slice();
  if (odd) verts.push(beta);
  const N = verts.length;
  // score groups of the (already group-ordered) vertices, for pricing
  const groups: number[][] = [];
  const groupScore: number[] = [];
  for (let a = 0; a < order.length; a++) {
    const s = S[order[a]!]!;
    if (groupScore.length === 0 || groupScore[groupScore.length - 1] !== s) {
      groups.push([]);
      groupScore.push(s);
    }
    groups[groups.length - 1]!.push(a);
  }
  const fixed: [number, number, number][] = [];
  if (odd) {
    for (let a = 0; a < order.length; a++) {
      const p = order[a]!;
      if (core.byes[p] === minByes) fixed.push([a, N - 1, byeUnit * rank.get(S[p]!)!]);
    }
  }
  const met = (a: number, b: number): boolean => core.opp[verts[a]!]!.has(verts[b]!);
  stats.matchingVertices += N;
  const mate = pricedMinCostPerfectMatching({
    n: N,
    groups,
    gapCost: (g, h) => core.K * (groupScore[g]! - groupScore[h]!) ** 2,
    cost: (a, b) => {
      const x = verts[a]!;
      const y = verts[b]!;
      const d = S[x]! - S[y]!;
      return (met(a, b) ? rematchUnit : 0) + core.K * d * d + (core.avoidClub && sameClub(core, x, y) ? 1 : 0);
    },
    preferred: (a, b) => !met(a, b),
    fixed,
  });
  if (mate === null) throw new Error('pairSwiss: internal error (no perfect matching in the complete graph)');
  const pairs: number[] = [];
  let bye = -1;
  for (let a = 0; a < N; a++) {
    const b = mate[a]!;
    if (b < a) continue;
    const x = verts[a]!;
    const y = verts[b]!;
    if (x === beta) bye = y;
    else if (y === beta) bye = x;
    else pairs.push(x, y);
  }
  return { pairs, bye };
}

/* ------------------------------------ API ------------------------------------------- */

function emptyStats(): SwissStats {
  return { windows: [], greedyRuns: 0, matchingVertices: 0, fallback: 'none', boundMisses: 0 };
}

/** The field as the solvers read it: scores scaled to integers, who met whom (both ways), clubs and byes. */
function buildCore(players: readonly SwissPlayer[], index: Map<string, number>, avoidClub: boolean): Core {
  const n = players.length;
  const raw = players.map((p) => p.score);
  const d = scaleOf(raw);
  const S = raw.map((s) => Math.round(s * d));
  const opp: Set<number>[] = players.map(() => new Set<number>());
  players.forEach((p, i) => {
    for (const o of p.opponents) {
      const j = index.get(o);
      if (j !== undefined && j !== i) {
        opp[i]!.add(j);
        opp[j]!.add(i);
      }
    }
  });
  return {
    n,
    raw,
    S,
    opp,
    club: players.map((p) => normClub(p.club)),
    byes: players.map((p) => (Number.isFinite(p.byes) ? p.byes : 0)),
    avoidClub,
    K: avoidClub ? Math.floor((n + 1) / 2) + 1 : 1,
  };
}

/**
 * With club avoidance, a group's largest club (first reached in the shuffled order on ties);
 * near a majority its members go first, so they meet the other clubs first.
 */
function clubFirst(shuffled: number[], core: Core): { order: number[]; topCount: number } {
  let order = shuffled;
  let top: string | null = null;
  let topCount = 0;
  if (!core.avoidClub) return { order, topCount };
  const counts = new Map<string, number>();
  for (const v of order) {
    const cl = core.club[v];
    if (cl === null || cl === undefined) continue;
    const cnt = (counts.get(cl) ?? 0) + 1;
    counts.set(cl, cnt);
    if (cnt > topCount) {
      topCount = cnt;
      top = cl;
    }
  }
  if (top !== null && 2 * topCount >= order.length - 3) {
    order = order.filter((v) => core.club[v] === top).concat(order.filter((v) => core.club[v] !== top));
  }
  return { order, topCount };
}

/**
 * The bye of an odd field: the lowest group holding a player with the fewest byes. Alone in that
 * group, that player has it (forced); otherwise the group gets a virtual player and the solver
 * picks among the candidates.
 */
function chooseBye(core: Core, members: number[][], levelIndex: Map<number, number>): { forcedBye: number; betaLevel: number; betaCand: Uint8Array } {
  const n = core.n;
  const S = core.S;
  let forcedBye = -1;
  let betaLevel = -1;
  const betaCand = new Uint8Array(n);
  if (n % 2 === 1) {
    let minByes = Infinity;
    for (let v = 0; v < n; v++) if (core.byes[v]! < minByes) minByes = core.byes[v]!;
    let s = -1;
    for (let v = 0; v < n; v++) if (core.byes[v] === minByes) s = Math.max(s, levelIndex.get(S[v]!)!);
    if (members[s]!.length === 1) forcedBye = members[s]![0]!;
    else {
      betaLevel = s;
      for (const v of members[s]!) if (core.byes[v] === minByes) betaCand[v] = 1;
    }
  }
  return { forcedBye, betaLevel, betaCand };
}

/** No restricted solution: the general minimum-rematch matching over the whole field, in group order. */
function solveFallback(core: Core, levels: number[][], forcedBye: number, stats: SwissStats): { pairs: number[]; bye: number; method: SwissResult['method'] } {
  const n = core.n;
  const S = core.S;
  stats.fallback = 'min-rematch';
  const order: number[] = [];
  for (const lv of levels) for (const x of lv) if (x !== n) order.push(x);
  if (forcedBye >= 0) {
    // put it back where its group was
    let at = order.length;
    for (let q = 0; q < order.length; q++) {
      if (S[order[q]!]! < S[forcedBye]!) {
        at = q;
        break;
      }
    }
    order.splice(at, 0, forcedBye);
  }
  const g = solveGeneral(core, order, stats);
  return { pairs: g.pairs, bye: g.bye, method: 'matching' };
}

/** pairSwiss plus diagnostics (which windows were solved exactly, fallbacks). */
export function pairSwissWithStats(players: readonly SwissPlayer[], options: SwissOptions): { result: SwissResult; stats: SwissStats } {
  const stats = emptyStats();
  const n = players.length;
  const rng = createRng(options.seed);
  const index = new Map<string, number>();
  players.forEach((p, i) => {
    if (index.has(p.id)) throw new Error(`pairSwiss: duplicate player id ${p.id}`);
    if (!Number.isFinite(p.score)) throw new RangeError(`pairSwiss: score of ${p.id} is not a finite number`);
    index.set(p.id, i);
  });
  if (n === 0) {
    return { result: { pairings: [], bye: null, rematches: 0, squaredSpread: 0, method: 'greedy' }, stats };
  }
  const avoidClub = options.avoidSameClub === true;
  const core = buildCore(players, index, avoidClub);
  const S = core.S;

  // score groups, top first, members in input order
  const distinct = Array.from(new Set(S)).sort((a, b) => b - a);
  const levelIndex = new Map<number, number>();
  distinct.forEach((s, k) => levelIndex.set(s, k));
  const members: number[][] = distinct.map(() => []);
  for (let v = 0; v < n; v++) members[levelIndex.get(S[v]!)!]!.push(v);

  // bye: lowest group holding a candidate (fewest byes)
  const { forcedBye, betaLevel, betaCand } = chooseBye(core, members, levelIndex);
  const L: number[] = [];
  const levels: number[][] = [];
  const clubMaxList: number[] = [];
  const realCountList: number[] = [];
  for (let k = 0; k < distinct.length; k++) {
    if (forcedBye >= 0 && members[k]!.length === 1 && members[k]![0] === forcedBye) continue;
    const { order: shuffled, topCount } = clubFirst(rng.shuffle(members[k]!), core);
    clubMaxList.push(topCount);
    realCountList.push(shuffled.length);
    if (k === betaLevel) shuffled.unshift(n);
    levels.push(shuffled);
    L.push(distinct[k]!);
  }
  const m = levels.length;
  const ownPos = new Int32Array(n + 1).fill(-1);
  const prefix = new Int32Array(m);
  const c = new Uint8Array(m);
  let total = 0;
  for (let k = 0; k < m; k++) {
    levels[k]!.forEach((x, p) => (ownPos[x] = p));
    total += levels[k]!.length;
    prefix[k] = total;
    c[k] = total % 2;
  }
  const maxDiff = m > 0 ? L[0]! - L[m - 1]! : 0;
  if ((n / 2 + 2) * (core.K * maxDiff * maxDiff + 2) >= MAX_EXACT) {
    throw new RangeError('pairSwiss: score range too wide for exact pairing');
  }
  const P: Prob = {
    core,
    beta: betaLevel >= 0 ? n : -1,
    betaCand,
    levels,
    L,
    c,
    prefix,
    ownPos,
    total,
    clubMax: Int32Array.from(clubMaxList),
    realCount: Int32Array.from(realCountList),
  };

  let pairs: number[];
  let bye = forcedBye;
  let method: SwissResult['method'];
  const restricted = solveRestricted(P, stats);
  if (restricted !== null) {
    method = restricted.method;
    pairs = [];
    for (let q = 0; q < restricted.pairs.length; q += 2) {
      const x = restricted.pairs[q]!;
      const y = restricted.pairs[q + 1]!;
      if (x === n) bye = y;
      else if (y === n) bye = x;
      else pairs.push(x, y);
    }
  } else {
    ({ pairs, bye, method } = solveFallback(core, levels, forcedBye, stats));
  }

  const result = buildResult(players, core, pairs, bye, method, options.avoidSameTable === true);
  return { result, stats };
}

function buildResult(players: readonly SwissPlayer[], core: Core, flat: number[], bye: number, method: SwissResult['method'], avoidTable: boolean): SwissResult {
  const S = core.S;
  const P = flat.length / 2;
  const A: number[] = [];
  const B: number[] = [];
  let rematches = 0;
  let spread = 0;
  for (let q = 0; q < P; q++) {
    let x = flat[2 * q]!;
    let y = flat[2 * q + 1]!;
    if (S[y]! > S[x]!) {
      const t = x;
      x = y;
      y = t;
    }
    A.push(x);
    B.push(y);
    if (core.opp[x]!.has(y)) rematches++;
    spread += (core.raw[x]! - core.raw[y]!) ** 2;
  }
  const sum = (q: number): number => S[A[q]!]! + S[B[q]!]!;
  const order = Array.from({ length: P }, (_, q) => q).sort((p, q) => sum(q) - sum(p) || S[A[q]!]! - S[A[p]!]! || p - q);
  const table = new Int32Array(P);
  order.forEach((q, t) => (table[q] = t + 1));
  if (avoidTable) {
    const seat = players.map((p) => new Set(p.tables ?? []));
    let start = 0;
    while (start < P) {
      let end = start + 1;
      while (end < P && sum(order[end]!) === sum(order[start]!)) end++;
      const size = end - start;
      if (size > 1) {
        const t0 = start + 1;
        const cost = (r: number, col: number): number => {
          const q = order[start + r]!;
          const t = t0 + col;
          return (seat[A[q]!]!.has(t) ? 1 : 0) + (seat[B[q]!]!.has(t) ? 1 : 0);
        };
        const colOfRow = minCostAssignment(size, cost);
        for (let r = 0; r < size; r++) table[order[start + r]!] = t0 + colOfRow[r]!;
      }
      start = end;
    }
  }
  const pairings: SwissPairing[] = [];
  for (let q = 0; q < P; q++) pairings.push({ table: table[q]!, a: players[A[q]!]!.id, b: players[B[q]!]!.id });
  pairings.sort((x, y) => x.table - y.table);
  return {
    pairings,
    bye: bye >= 0 ? players[bye]!.id : null,
    rematches,
    squaredSpread: spread,
    method,
  };
}

/**
 * Swiss pairing for a round after the first (see the objective at the top of this file).
 * Dropped players are simply not passed in. Pure and deterministic for a given seed.
 */
export function pairSwiss(players: readonly SwissPlayer[], options: SwissOptions): SwissResult {
  return pairSwissWithStats(players, options).result;
}

/** Round 1: shuffle everybody with the seed and pair in order; odd count: the last one of
 * the shuffled order (a random player) gets the bye. */
export function pairFirstRound(ids: readonly string[], seed: number): SwissResult {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`pairFirstRound: duplicate player id ${id}`);
    seen.add(id);
  }
  const order = createRng(seed).shuffle(ids);
  const bye = order.length % 2 === 1 ? order.pop()! : null;
  const pairings: SwissPairing[] = [];
  for (let q = 0; q + 1 < order.length; q += 2) pairings.push({ table: q / 2 + 1, a: order[q]!, b: order[q + 1]! });
  return { pairings, bye, rematches: 0, squaredSpread: 0, method: 'greedy' };
}
