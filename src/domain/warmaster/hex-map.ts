// The campaign map: plain JSON (cells and river edges as lists) so it is saved, exported and
// diffed as-is; lookups go through an index built once per map object.
import { hex, hexEdgeKey, hexKey, hexNeighbours, offsetToHex } from './hex';
import type { Hex } from './hex';
import type { Refusal } from './refusal';

export type Terrain = 'plain' | 'hill' | 'wood' | 'mountain' | 'sea';
export const TERRAINS: readonly Terrain[] = ['plain', 'hill', 'wood', 'mountain', 'sea'];

/** A path is a lesser road: same halving, kept apart because maps draw them differently. */
export type RoadKind = 'road' | 'path';
export type RiverCrossing = 'bridge' | 'ford';

export interface HexCell {
  q: number;
  r: number;
  terrain: Terrain;
  road?: RoadKind;
  /** who built it; none for the roads drawn on the map at the start */
  roadOwner?: string;
}

export interface RiverEdge {
  a: Hex;
  b: Hex;
  crossing?: RiverCrossing;
}

export interface HexMap {
  width: number;
  height: number;
  /** km a hex; only shown to players, the rules count hexes */
  scaleKm: number;
  cells: HexCell[];
  rivers: RiverEdge[];
}

export const DEFAULT_SCALE_KM = 10;

interface MapIndex {
  cells: Map<string, HexCell>;
  rivers: Map<string, RiverEdge>;
}

// Maps are never mutated (every change returns a new object), so caching by identity is safe
// and keeps path searches from rebuilding the index at every step.
const INDEX = new WeakMap<HexMap, MapIndex>();

function indexOf(map: HexMap): MapIndex {
  let idx = INDEX.get(map);
  if (!idx) {
    idx = {
      cells: new Map(map.cells.map((c) => [hexKey(c), c])),
      rivers: new Map(map.rivers.map((e) => [hexEdgeKey(e.a, e.b), e])),
    };
    INDEX.set(map, idx);
  }
  return idx;
}

/** A rectangle in odd-r offset layout, all one terrain: the blank sheet an organizer paints on. */
export function createHexMap(opts: { width: number; height: number; scaleKm?: number; terrain?: Terrain }): HexMap {
  const cells: HexCell[] = [];
  for (let row = 0; row < opts.height; row++) {
    for (let col = 0; col < opts.width; col++) {
      const h = offsetToHex(col, row);
      cells.push({ q: h.q, r: h.r, terrain: opts.terrain ?? 'plain' });
    }
  }
  return { width: opts.width, height: opts.height, scaleKm: opts.scaleKm ?? DEFAULT_SCALE_KM, cells, rivers: [] };
}

export function getCell(map: HexMap, h: Hex): HexCell | undefined {
  return indexOf(map).cells.get(hexKey(h));
}

export function isOnMap(map: HexMap, h: Hex): boolean {
  return indexOf(map).cells.has(hexKey(h));
}

export function riverBetween(map: HexMap, a: Hex, b: Hex): RiverEdge | undefined {
  return indexOf(map).rivers.get(hexEdgeKey(a, b));
}

/** Can anything walk from a to b across their shared edge (no river, or a bridge or ford)? */
export function edgeCrossable(map: HexMap, a: Hex, b: Hex): boolean {
  const river = riverBetween(map, a, b);
  return !river || river.crossing !== undefined;
}

export function mapNeighbours(map: HexMap, h: Hex): Hex[] {
  const cells = indexOf(map).cells;
  return hexNeighbours(h).filter((n) => cells.has(hexKey(n)));
}

export function hasRoad(map: HexMap, h: Hex): boolean {
  return getCell(map, h)?.road !== undefined;
}

function mapCells(map: HexMap, hexes: readonly Hex[], f: (c: HexCell) => HexCell): HexMap {
  const keys = new Set(hexes.map(hexKey));
  return { ...map, cells: map.cells.map((c) => (keys.has(hexKey(c)) ? f(c) : c)) };
}

export function withTerrain(map: HexMap, hexes: readonly Hex[], terrain: Terrain): HexMap {
  return mapCells(map, hexes, (c) => ({ ...c, terrain }));
}

export function withRoad(map: HexMap, hexes: readonly Hex[], kind: RoadKind, owner?: string): HexMap {
  return mapCells(map, hexes, (c) => {
    const { roadOwner: _old, ...rest } = c;
    return owner === undefined ? { ...rest, road: kind } : { ...rest, road: kind, roadOwner: owner };
  });
}

export function withoutRoad(map: HexMap, hexes: readonly Hex[]): HexMap {
  return mapCells(map, hexes, (c) => {
    const { road: _r, roadOwner: _o, ...rest } = c;
    return rest;
  });
}

/** A river on the edge between two adjacent hexes; adding one where one exists replaces it. */
export function withRiver(map: HexMap, a: Hex, b: Hex, crossing?: RiverCrossing): HexMap {
  const key = hexEdgeKey(a, b);
  const edge: RiverEdge = crossing ? { a: hex(a.q, a.r), b: hex(b.q, b.r), crossing } : { a: hex(a.q, a.r), b: hex(b.q, b.r) };
  return { ...map, rivers: [...map.rivers.filter((e) => hexEdgeKey(e.a, e.b) !== key), edge] };
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

function isHexLike(v: unknown): v is Hex {
  return typeof v === 'object' && v !== null && isInt((v as Hex).q) && isInt((v as Hex).r);
}

/**
 * Reads a map from untrusted JSON (an imported file): the only place map data is checked, since
 * the rest of the domain trusts its typed inputs. Unknown fields are kept.
 */
export function parseHexMap(value: unknown): { ok: true; map: HexMap } | { ok: false; refusal: Refusal } {
  const bad = (field: string, index = -1): { ok: false; refusal: Refusal } => ({ ok: false, refusal: { code: 'map-invalid', params: { field, index } } });
  if (typeof value !== 'object' || value === null) return bad('map');
  const m = value as Record<string, unknown>;
  if (!isInt(m.width) || !isInt(m.height) || (m.width as number) < 1 || (m.height as number) < 1) return bad('size');
  const scaleKm = m.scaleKm === undefined ? DEFAULT_SCALE_KM : m.scaleKm;
  if (typeof scaleKm !== 'number' || !(scaleKm > 0)) return bad('scaleKm');
  if (!Array.isArray(m.cells) || m.cells.length === 0) return bad('cells');
  const seen = new Set<string>();
  for (let i = 0; i < m.cells.length; i++) {
    const c = m.cells[i] as Partial<HexCell> | null;
    if (c === null || typeof c !== 'object' || !isInt(c.q) || !isInt(c.r)) return bad('cell', i);
    if (!TERRAINS.includes(c.terrain as Terrain)) return bad('terrain', i);
    if (c.road !== undefined && c.road !== 'road' && c.road !== 'path') return bad('road', i);
    if (c.roadOwner !== undefined && typeof c.roadOwner !== 'string') return bad('roadOwner', i);
    const k = hexKey({ q: c.q, r: c.r });
    if (seen.has(k)) return bad('duplicate-cell', i);
    seen.add(k);
  }
  const rivers = m.rivers === undefined ? [] : m.rivers;
  if (!Array.isArray(rivers)) return bad('rivers');
  for (let i = 0; i < rivers.length; i++) {
    const e = rivers[i] as Partial<RiverEdge> | null;
    if (e === null || typeof e !== 'object' || !isHexLike(e.a) || !isHexLike(e.b)) return bad('river', i);
    if (hexNeighbours(e.a).every((n) => hexKey(n) !== hexKey(e.b as Hex))) return bad('river-not-adjacent', i);
    if (e.crossing !== undefined && e.crossing !== 'bridge' && e.crossing !== 'ford') return bad('crossing', i);
  }
  return { ok: true, map: { ...(m as object), width: m.width as number, height: m.height as number, scaleKm, cells: m.cells as HexCell[], rivers: rivers as RiverEdge[] } };
}
