// Movement costs and path search on the map alone; the campaign layer (movement-rules.ts) adds
// who stands where. Costs are multiples of 0.5 (a halved odd cost), exact in floating point.
import { areAdjacent, hexKey } from './hex';
import type { Hex } from './hex';
import { edgeCrossable, getCell, mapNeighbours } from './hex-map';
import type { HexMap } from './hex-map';
import { refuse } from './refusal';
import type { Refusal } from './refusal';
import { BAD_WEATHER_EXTRA, MOVEMENT_POINTS, TERRAIN_COST } from './rules';

export interface MoveContext {
  /** keys of hexes holding a resource, whoever owns it: such a hex counts as road */
  resourceHexes?: ReadonlySet<string>;
  /** keys of hexes under bad weather this turn */
  weather?: ReadonlySet<string>;
}

/**
 * What it costs to enter `to` from the adjacent `from`, or null when it cannot be entered (off the
 * map, sea, a river edge without bridge or ford). The halving looks at the hex entered only, as
 * the source lists "road, path or resource hex" among hex costs; bad weather is added after it.
 */
export function enterCost(map: HexMap, from: Hex, to: Hex, ctx: MoveContext = {}): number | null {
  const cell = getCell(map, to);
  if (!cell || !areAdjacent(from, to)) return null;
  const base = TERRAIN_COST[cell.terrain];
  if (base === null) return null;
  if (!edgeCrossable(map, from, to)) return null;
  const key = hexKey(to);
  const halved = cell.road !== undefined || (ctx.resourceHexes?.has(key) ?? false);
  return (halved ? base / 2 : base) + (ctx.weather?.has(key) ? BAD_WEATHER_EXTRA : 0);
}

/** Why a step cannot be taken, for a refusal the UI can point at. */
export function stepRefusal(map: HexMap, from: Hex, to: Hex, index: number): Refusal {
  const cell = getCell(map, to);
  if (!cell) return refuse('path-off-map', { index, q: to.q, r: to.r });
  if (!areAdjacent(from, to)) return refuse('path-not-adjacent', { index, q: to.q, r: to.r });
  if (TERRAIN_COST[cell.terrain] === null) return refuse('path-impassable-terrain', { index, q: to.q, r: to.r, terrain: cell.terrain });
  return refuse('path-river', { index, q: to.q, r: to.r });
}

export interface PathStep {
  hex: Hex;
  cost: number;
  /** spent so far, this step included */
  total: number;
}

/** The preview of a chosen path: each step's cost, or why it cannot be walked at all. */
export function pathCost(map: HexMap, start: Hex, path: readonly Hex[], ctx: MoveContext = {}): { ok: true; cost: number; steps: PathStep[] } | { ok: false; refusal: Refusal } {
  let at = start;
  let total = 0;
  const steps: PathStep[] = [];
  for (let i = 0; i < path.length; i++) {
    const to = path[i]!;
    const c = enterCost(map, at, to, ctx);
    if (c === null) return { ok: false, refusal: stepRefusal(map, at, to, i) };
    total += c;
    steps.push({ hex: to, cost: c, total });
    at = to;
  }
  return { ok: true, cost: total, steps };
}

export interface SearchRules extends MoveContext {
  /** movement points available; MOVEMENT_POINTS unless told (Infinity for a free preview) */
  budget?: number;
  /** may the hex be entered at all (e.g. an under-MP detachment never enters an enemy's hex) */
  canEnter?: (h: Hex) => boolean;
  /** entering it ends the move (an enemy detachment: contact) */
  stopsAt?: (h: Hex) => boolean;
  /** may the move end there (e.g. not on an enemy resource for an under-MP detachment) */
  canEnd?: (h: Hex) => boolean;
}

export interface Reach {
  hex: Hex;
  cost: number;
  /** from the first step to the hex itself, the start excluded */
  path: Hex[];
}

interface Node {
  cost: number;
  seq: number;
  hex: Hex;
}

// A binary heap ordered by cost, then by insertion, so equal-cost ties resolve the same way on
// every device and a replay previews the same path.
class Heap {
  private items: Node[] = [];
  get size(): number {
    return this.items.length;
  }
  private less(a: Node, b: Node): boolean {
    return a.cost < b.cost || (a.cost === b.cost && a.seq < b.seq);
  }
  push(n: Node): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): Node | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l]!, a[m]!)) m = l;
        if (r < a.length && this.less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** Dijkstra from `start`: every hex where a move may end, with its cheapest cost and path. */
export function reachableHexes(map: HexMap, start: Hex, rules: SearchRules = {}): Map<string, Reach> {
  const budget = rules.budget ?? MOVEMENT_POINTS;
  const best = new Map<string, { cost: number; prev: string | null; hex: Hex }>();
  const startKey = hexKey(start);
  best.set(startKey, { cost: 0, prev: null, hex: start });
  const heap = new Heap();
  let seq = 0;
  heap.push({ cost: 0, seq: seq++, hex: start });
  const done = new Set<string>();
  while (heap.size > 0) {
    const n = heap.pop()!;
    const k = hexKey(n.hex);
    if (done.has(k)) continue;
    done.add(k);
    if (k !== startKey && rules.stopsAt?.(n.hex)) continue;
    for (const to of mapNeighbours(map, n.hex)) {
      const tk = hexKey(to);
      if (done.has(tk)) continue;
      if (rules.canEnter && !rules.canEnter(to)) continue;
      const c = enterCost(map, n.hex, to, rules);
      if (c === null) continue;
      const total = n.cost + c;
      if (total > budget) continue;
      const known = best.get(tk);
      if (known && known.cost <= total) continue;
      best.set(tk, { cost: total, prev: k, hex: to });
      heap.push({ cost: total, seq: seq++, hex: to });
    }
  }
  const out = new Map<string, Reach>();
  for (const [k, b] of best) {
    if (k === startKey) continue;
    if (rules.canEnd && !rules.canEnd(b.hex)) continue;
    const path: Hex[] = [];
    let cur: string | null = k;
    while (cur !== null && cur !== startKey) {
      const node: { cost: number; prev: string | null; hex: Hex } = best.get(cur)!;
      path.push(node.hex);
      cur = node.prev;
    }
    out.set(k, { hex: b.hex, cost: b.cost, path: path.reverse() });
  }
  return out;
}

/** The cheapest path to `goal` within the budget, or null when it is out of reach. */
export function cheapestPath(map: HexMap, start: Hex, goal: Hex, rules: SearchRules = {}): Reach | null {
  return reachableHexes(map, start, rules).get(hexKey(goal)) ?? null;
}
