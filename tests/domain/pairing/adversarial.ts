// Adversarial histories for the Swiss engine (issue 23), with an exact optimality check that
// shares no code with the engine. No vitest import: the bench uses it too.
//
// Families (score groups of `size` players, top group first, one point apart):
//   sandwich   groups that have all met each other (exhausted) alternating with groups that never
//              met: an exhausted group must send everyone out, the fresh ones next to it cannot
//              take them all, so players travel two or more groups.
//   nearly     nearly exhausted groups: everyone in a group has met everyone else except the
//              two others of their triangle (the group cut in triangles, plus one pair): the
//              pairs left inside a group are odd cycles, so no group can pair inside and about
//              a third of each group must float, through groups that cannot take them either.
//   ladder     cliques of `size` that straddle two score groups off-centre (the lower
//              size/2 + 1 of one group and the upper size/2 - 1 of the next have all met): a
//              group can pair only across its two cliques, one short, so two of each group float
//              into a group whose top has met them all: a ladder of played round robins.
//   one-out    exhausted groups (every group a played round robin) with one player taken out.
//   odd        an odd sandwich where everybody outside the top group already had a bye, so the
//              bye must go to the top group while its whole group must pair out.
//
// The check: a lower bound from the bipartite double cover (a perfect matching counted once in
// each direction; summed by score group it is a transportation problem between groups whose
// capacities are the largest rematch-free bipartite matchings between two groups, and inside a
// group twice the pairs its components can hold), solved exactly by a min-cost flow. A result with no rematch, the bye at the lowest allowed score and
// a squared spread equal to that bound is optimal: nothing can do better than the bound.
import type { SwissPlayer, SwissResult } from '../../../src/domain/pairing/swiss';

export type AdversarialFamily = 'sandwich' | 'nearly' | 'ladder' | 'one-out' | 'odd';
export const ADVERSARIAL_FAMILIES: readonly AdversarialFamily[] = ['sandwich', 'nearly', 'ladder', 'one-out', 'odd'];

interface Builder {
  players: { id: string; score: number; opponents: string[]; byes: number }[];
}

/** Circle-method round robin of an even `size`: per round, the pairs. */
function roundRobin(size: number): [number, number][][] {
  const idx = Array.from({ length: size }, (_, i) => i);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < size - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < size / 2; i++) pairs.push([idx[i]!, idx[size - 1 - i]!]);
    rounds.push(pairs);
    idx.splice(1, 0, idx.pop()!);
  }
  return rounds;
}

function meet(b: Builder, x: number, y: number): void {
  const a = b.players[x]!;
  const c = b.players[y]!;
  a.opponents.push(c.id);
  c.opponents.push(a.id);
}

/** `members` (player indices) play `rounds` rounds of a round robin among themselves. */
function playRoundRobin(b: Builder, members: number[], rounds: number): void {
  const even = members.length % 2 === 0 ? members.length : members.length + 1;
  const rr = roundRobin(even);
  for (let r = 0; r < Math.min(rounds, rr.length); r++) {
    for (const [i, j] of rr[r]!) {
      if (i < members.length && j < members.length) meet(b, members[i]!, members[j]!);
      else b.players[members[i < members.length ? i : j]!]!.byes++;
    }
  }
}

/** Groups of 64 (a round robin of 63 rounds), or the even size nearest 64 that divides n (10,000:
 * 200 groups of 50), so that no group is left partial. */
export function groupSizeFor(n: number): number {
  if (n % 64 === 0) return 64;
  for (let d = 2; d <= 24; d += 2) {
    if (n % (64 - d) === 0) return 64 - d;
    if (n % (64 + d) === 0) return 64 + d;
  }
  return 64;
}

/**
 * A field of about `n` players of the given family (exactly n, except that one-out and odd
 * take one player out of n). Groups of `size` (even; see groupSizeFor).
 */
export function adversarialField(family: AdversarialFamily, n: number, size = groupSizeFor(n)): SwissPlayer[] {
  const levels = Math.ceil(n / size);
  const b: Builder = { players: [] };
  const groupOf: number[][] = [];
  for (let k = 0; k < levels; k++) {
    const members: number[] = [];
    for (let i = 0; i < size && b.players.length < n; i++) {
      members.push(b.players.length);
      b.players.push({ id: `${family[0]}${k}-${i}`, score: levels - 1 - k, opponents: [], byes: 0 });
    }
    groupOf.push(members);
  }
  if (family === 'sandwich' || family === 'odd') {
    groupOf.forEach((g, k) => {
      if (k % 2 === 0) playRoundRobin(b, g, g.length);
    });
  } else if (family === 'nearly') {
    for (const g of groupOf) {
      // everyone meets everyone except within their triangle (the last one a pair if needed)
      for (let i = 0; i < g.length; i++) {
        for (let j = i + 1; j < g.length; j++) {
          const sameTriangle = Math.floor(i / 3) === Math.floor(j / 3);
          if (!sameTriangle) meet(b, g[i]!, g[j]!);
        }
      }
    }
  } else if (family === 'one-out') {
    for (const g of groupOf) playRoundRobin(b, g, g.length);
  } else {
    // ladder: cliques over the lower size/2 + 1 of group k and the upper size/2 - 1 of k + 1
    const half = (size >> 1) - 1;
    playRoundRobin(b, groupOf[0]!.slice(0, half), half);
    for (let k = 0; k < levels; k++) {
      const clique = groupOf[k]!.slice(half).concat(groupOf[k + 1]?.slice(0, half) ?? []);
      playRoundRobin(b, clique, clique.length);
    }
  }
  let players = b.players;
  if (family === 'one-out' || family === 'odd') {
    // take out a player of the second group, so the field is odd and no group is left alone
    players = players.filter((_, i) => i !== Math.min(players.length - 1, size + 1));
  }
  if (family === 'odd') {
    // everybody outside the top group has had a bye: the bye must go to the top group
    for (const p of players) p.byes = p.score === levels - 1 ? 0 : 1;
  }
  return players;
}

/* --------------------------------- the exact bound ----------------------------------- */

export interface Certificate {
  /** lower bound on the squared spread of any rematch-free pairing with the bye at that score */
  spreadBound: number;
  /** the lowest score the bye may go to in a rematch-free pairing (-Infinity: no bye) */
  byeScore: number;
  /** the result reaches the bound: optimal */
  optimal: boolean;
  /** why not, when not */
  reason: string;
}

/** Largest bipartite matching between a and b using allowed pairs (Kuhn's augmenting paths). */
function bipartiteMatching(a: readonly number[], b: readonly number[], allowed: (x: number, y: number) => boolean): number {
  const matchB = new Map<number, number>();
  let size = 0;
  for (const x of a) {
    const seen = new Set<number>();
    // iterative DFS (no recursion that grows with the field); `via`: the b-vertex matched to x
    const stack: { x: number; i: number; via: number }[] = [{ x, i: 0, via: -1 }];
    let found = -1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= b.length) {
        stack.pop();
        continue;
      }
      const y = b[top.i++]!;
      if (seen.has(y) || !allowed(top.x, y)) continue;
      seen.add(y);
      const m = matchB.get(y);
      if (m === undefined) {
        found = y;
        break;
      }
      stack.push({ x: m, i: 0, via: y });
    }
    if (found < 0) continue;
    matchB.set(found, stack[stack.length - 1]!.x);
    for (let q = stack.length - 1; q > 0; q--) matchB.set(stack[q]!.via, stack[q - 1]!.x);
    size++;
  }
  return size;
}

/** Sum over the connected components C of the allowed pairs among `vs` of floor(|C| / 2). */
function componentPairs(vs: readonly number[], allowed: (x: number, y: number) => boolean): number {
  const parent = vs.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < vs.length; i++) {
    for (let j = i + 1; j < vs.length; j++) if (allowed(vs[i]!, vs[j]!)) parent[find(i)] = find(j);
  }
  const size = new Map<number, number>();
  for (let i = 0; i < vs.length; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  let pairs = 0;
  for (const c of size.values()) pairs += Math.floor(c / 2);
  return pairs;
}

/**
 * Min-cost transportation (successive shortest paths with potentials, Dijkstra on the dense
 * residual graph): supply[i] units at the left node i, demand[j] at the right node j, cost
 * cost[i][j] per unit (Infinity: no arc), capacity cap[i][j]. Returns the total cost or
 * Infinity when the demands cannot be met.
 */
function transport(supply: number[], demand: number[], cost: number[][], cap: number[][]): number {
  const L = supply.length;
  const R = demand.length;
  // nodes: 0 = source, 1..L left, L+1..L+R right, L+R+1 sink
  const V = L + R + 2;
  const s = 0;
  const t = V - 1;
  const capM = Array.from({ length: V }, () => new Float64Array(V));
  const costM = Array.from({ length: V }, () => new Float64Array(V));
  for (let i = 0; i < L; i++) capM[s]![1 + i] = supply[i]!;
  for (let j = 0; j < R; j++) capM[L + 1 + j]![t] = demand[j]!;
  for (let i = 0; i < L; i++) {
    for (let j = 0; j < R; j++) {
      const c = cost[i]![j]!;
      if (!Number.isFinite(c) || cap[i]![j]! <= 0) continue;
      capM[1 + i]![L + 1 + j] = cap[i]![j]!;
      costM[1 + i]![L + 1 + j] = c;
      costM[L + 1 + j]![1 + i] = -c;
    }
  }
  const need = demand.reduce((x, y) => x + y, 0);
  const pot = new Float64Array(V);
  let flow = 0;
  let total = 0;
  const dist = new Float64Array(V);
  const prev = new Int32Array(V);
  const done = new Uint8Array(V);
  while (flow < need) {
    dist.fill(Infinity);
    prev.fill(-1);
    done.fill(0);
    dist[s] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < V; v++) if (!done[v] && dist[v]! < Infinity && (u < 0 || dist[v]! < dist[u]!)) u = v;
      if (u < 0) break;
      done[u] = 1;
      const cu = capM[u]!;
      const ku = costM[u]!;
      for (let v = 0; v < V; v++) {
        if (cu[v]! <= 0 || done[v]) continue;
        const d = dist[u]! + ku[v]! + pot[u]! - pot[v]!;
        if (d < dist[v]!) {
          dist[v] = d;
          prev[v] = u;
        }
      }
    }
    if (dist[t] === Infinity) return Infinity;
    for (let v = 0; v < V; v++) if (dist[v]! < Infinity) pot[v] = pot[v]! + dist[v]!;
    let push = need - flow;
    for (let v = t; v !== s; v = prev[v]!) push = Math.min(push, capM[prev[v]!]![v]!);
    for (let v = t; v !== s; v = prev[v]!) {
      const u = prev[v]!;
      capM[u]![v] = capM[u]![v]! - push;
      capM[v]![u] = capM[v]![u]! + push;
      total += push * costM[u]![v]!;
    }
    flow += push;
  }
  return total;
}

/**
 * Certify a result optimal for the engine's objective (no rematch when avoidable, bye to a
 * player with the fewest byes at the lowest score possible, least squared spread), by a lower
 * bound that does not use the engine. Scores must be integers or halves.
 */
export function certify(players: readonly SwissPlayer[], r: SwissResult): Certificate {
  const index = new Map(players.map((p, i) => [p.id, i]));
  const met = players.map(() => new Set<number>());
  players.forEach((p, i) => {
    for (const o of p.opponents) {
      const j = index.get(o);
      if (j !== undefined && j !== i) {
        met[i]!.add(j);
        met[j]!.add(i);
      }
    }
  });
  const scores = Array.from(new Set(players.map((p) => p.score))).sort((a, b) => b - a);
  const gIndex = new Map(scores.map((s, k) => [s, k]));
  const groups: number[][] = scores.map(() => []);
  players.forEach((p, i) => groups[gIndex.get(p.score)!]!.push(i));
  const m = groups.length;
  // rematch-free capacity between groups: full unless some pair of the two groups has met
  const blocked = new Set<number>();
  players.forEach((p, i) => {
    for (const j of met[i]!) blocked.add(gIndex.get(p.score)! * m + gIndex.get(players[j]!.score)!);
  });
  const cap: number[][] = [];
  for (let g = 0; g < m; g++) {
    const row: number[] = [];
    for (let h = 0; h < m; h++) {
      const full = Math.min(groups[g]!.length, groups[h]!.length);
      let c = blocked.has(g * m + h) ? bipartiteMatching(groups[g]!, groups[h]!, (x, y) => x !== y && !met[x]!.has(y)) : g === h && groups[g]!.length < 2 ? 0 : full;
      // inside a group, an integral pairing holds at most floor(|C| / 2) pairs of each
      // connected component C of the rematch-free pairs (odd cycles: the fractional bound
      // above would pair a triangle with three halves)
      if (g === h) c = Math.min(c, 2 * componentPairs(groups[g]!, (x, y) => !met[x]!.has(y)));
      row.push(c);
    }
    cap.push(row);
  }
  const spreadCost = (g: number, h: number): number => 4 * (scores[g]! - scores[h]!) ** 2; // in quarters: halves stay integers
  const odd = players.length % 2 === 1;
  let byeScore = -Infinity;
  let bound = Infinity;
  const boundWithBye = (byeGroup: number): number => {
    // the phantom is one more group (index m), joined to the bye group only
    const M = odd ? m + 1 : m;
    const supply = groups.map((g) => g.length);
    if (odd) supply.push(1);
    const cost: number[][] = [];
    const capX: number[][] = [];
    for (let g = 0; g < M; g++) {
      const c: number[] = [];
      const k: number[] = [];
      for (let h = 0; h < M; h++) {
        if (g === m || h === m) {
          const other = g === m ? h : g;
          const ok = other === byeGroup;
          c.push(ok ? 0 : Infinity);
          k.push(ok ? 1 : 0);
        } else {
          c.push(spreadCost(g, h));
          k.push(cap[g]![h]!);
        }
      }
      cost.push(c);
      capX.push(k);
    }
    return transport(supply, supply, cost, capX) / 2;
  };
  if (odd) {
    const minByes = Math.min(...players.map((p) => p.byes));
    // lowest score first: the first bye group with a rematch-free (fractional) pairing
    for (let g = m - 1; g >= 0; g--) {
      const cands = groups[g]!.filter((i) => players[i]!.byes === minByes);
      if (cands.length === 0) continue;
      // the bye group's players are interchangeable in the bound only if all are candidates;
      // otherwise the bound is still valid (it lets any of the group sit out), just weaker
      const b = boundWithBye(g);
      if (b < Infinity) {
        bound = b;
        byeScore = scores[g]!;
        break;
      }
    }
  } else bound = boundWithBye(-1);
  const out: Certificate = { spreadBound: bound / 4, byeScore, optimal: false, reason: '' };
  if (bound === Infinity) {
    out.reason = 'no rematch-free pairing even fractionally (the families are built to have one)';
    return out;
  }
  let rematches = 0;
  let spread = 0;
  for (const pr of r.pairings) {
    const a = index.get(pr.a)!;
    const c = index.get(pr.b)!;
    if (met[a]!.has(c)) rematches++;
    spread += (players[a]!.score - players[c]!.score) ** 2;
  }
  const gotBye = r.bye === null ? -Infinity : players[index.get(r.bye)!]!.score;
  if (rematches > 0) out.reason = `${rematches} rematches`;
  else if (gotBye !== byeScore) out.reason = `bye at ${gotBye}, the bound allows ${byeScore}`;
  else if (spread !== out.spreadBound) out.reason = `squared spread ${spread}, bound ${out.spreadBound}`;
  else out.optimal = true;
  return out;
}
