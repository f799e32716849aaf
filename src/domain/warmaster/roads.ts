// Roads a player builds: "par le chemin le plus court" to another friendly resource, 5 RP a hex.
import { areAdjacent, hexKey, sameHex } from './hex';
import type { Hex } from './hex';
import { edgeCrossable, getCell, mapNeighbours } from './hex-map';
import type { HexMap } from './hex-map';
import { refuse } from './refusal';
import type { Refusal } from './refusal';
import { ROAD_COST_PER_HEX, TERRAIN_COST } from './rules';
import type { CampaignState, PlayerId } from './types';

/**
 * A shortest road between two hexes, counted in hexes (a road is built, not marched, so terrain
 * cost does not lengthen it); it never goes to sea nor crosses a river but at a bridge or ford.
 * Ties are broken in neighbour order, so the suggestion is stable. Both ends included.
 */
export function shortestRoad(map: HexMap, from: Hex, to: Hex): Hex[] | null {
  const startKey = hexKey(from);
  const goalKey = hexKey(to);
  const prev = new Map<string, { hex: Hex; prev: string | null }>([[startKey, { hex: from, prev: null }]]);
  const queue: Hex[] = [from];
  for (let i = 0; i < queue.length && !prev.has(goalKey); i++) {
    const at = queue[i]!;
    for (const n of mapNeighbours(map, at)) {
      const k = hexKey(n);
      if (prev.has(k)) continue;
      const cell = getCell(map, n);
      if (!cell || TERRAIN_COST[cell.terrain] === null || !edgeCrossable(map, at, n)) continue;
      prev.set(k, { hex: n, prev: hexKey(at) });
      queue.push(n);
    }
  }
  if (!prev.has(goalKey)) return null;
  const path: Hex[] = [];
  let cur: string | null = goalKey;
  while (cur !== null) {
    const node: { hex: Hex; prev: string | null } = prev.get(cur)!;
    path.push(node.hex);
    cur = node.prev;
  }
  return path.reverse();
}

/** The hexes a road would pay for: neither a resource hex (already road) nor an existing road. */
export function roadHexesToBuild(state: CampaignState, path: readonly Hex[]): Hex[] {
  return path.filter((h) => getCell(state.map, h)?.road === undefined && !state.resources.some((r) => sameHex(r.hex, h)));
}

export function roadCost(state: CampaignState, path: readonly Hex[]): number {
  return roadHexesToBuild(state, path).length * ROAD_COST_PER_HEX;
}

/** Why this road cannot be built by this player (bank aside), or null. */
export function roadRefusal(state: CampaignState, player: PlayerId, path: readonly Hex[]): Refusal | null {
  const first = path[0];
  const last = path[path.length - 1];
  if (!first || !last || path.length < 2) return refuse('road-too-short', { length: path.length });
  const ownAt = (h: Hex): boolean => state.resources.some((r) => r.owner === player && sameHex(r.hex, h));
  if (!ownAt(first)) return refuse('road-start-not-friendly-resource', { q: first.q, r: first.r });
  if (!ownAt(last)) return refuse('road-end-not-friendly-resource', { q: last.q, r: last.r });
  const seen = new Set<string>();
  for (let i = 0; i < path.length; i++) {
    const h = path[i]!;
    const cell = getCell(state.map, h);
    if (!cell) return refuse('path-off-map', { index: i, q: h.q, r: h.r });
    if (TERRAIN_COST[cell.terrain] === null) return refuse('path-impassable-terrain', { index: i, q: h.q, r: h.r, terrain: cell.terrain });
    if (seen.has(hexKey(h))) return refuse('road-loops', { index: i });
    seen.add(hexKey(h));
    if (i > 0) {
      const p = path[i - 1]!;
      if (!areAdjacent(p, h)) return refuse('path-not-adjacent', { index: i, q: h.q, r: h.r });
      if (!edgeCrossable(state.map, p, h)) return refuse('path-river', { index: i, q: h.q, r: h.r });
    }
  }
  const best = shortestRoad(state.map, first, last);
  const shortest = best ? best.length - 1 : Infinity;
  if (path.length - 1 > shortest) return refuse('road-not-shortest', { length: path.length - 1, shortest });
  if (roadHexesToBuild(state, path).length === 0) return refuse('road-already-exists', {});
  return null;
}
