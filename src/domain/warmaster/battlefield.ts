// Battlefield generation from the source's terrain table: a column from the hex's terrain (or 2d6
// for a standalone game), then a d6 row per 60x60 cm zone.
import type { Terrain } from './hex-map';
import type { Roller } from './roller';

export type TerrainColumn = 'forest' | 'plain' | 'hill' | 'mountain';
export type PieceType = 'forest' | 'hill' | 'ruin-village';

export interface TableEntry {
  piece: PieceType | null;
  /** how many pieces: one, or 1d3 rolled when the row is used */
  count: 1 | 'd3';
}

const NONE: TableEntry = { piece: null, count: 1 };
const one = (piece: PieceType): TableEntry => ({ piece, count: 1 });
const d3 = (piece: PieceType): TableEntry => ({ piece, count: 'd3' });

/** rows 1..6 of each column, as in the source */
export const TERRAIN_TABLE: Readonly<Record<TerrainColumn, readonly TableEntry[]>> = {
  forest: [NONE, one('ruin-village'), one('forest'), d3('forest'), d3('forest'), one('hill')],
  plain: [NONE, NONE, one('ruin-village'), one('forest'), one('forest'), one('hill')],
  hill: [NONE, one('ruin-village'), one('forest'), one('hill'), one('hill'), d3('hill')],
  mountain: [NONE, one('ruin-village'), one('forest'), one('hill'), d3('hill'), d3('hill')],
};

/** the hex's predominant terrain picks the column; a sea hex never hosts a battle */
export function columnForTerrain(terrain: Terrain): TerrainColumn | null {
  switch (terrain) {
    case 'wood':
      return 'forest';
    case 'plain':
      return 'plain';
    case 'hill':
      return 'hill';
    case 'mountain':
      return 'mountain';
    case 'sea':
      return null;
  }
}

/** standalone game: 2d6, 1-2 forest (so only a double 1), 3-7 plain, 8-10 hill, 11-12 mountain */
export function columnFor2d6(total: number): TerrainColumn {
  if (total <= 2) return 'forest';
  if (total <= 7) return 'plain';
  if (total <= 10) return 'hill';
  return 'mountain';
}

/** the 180x120 cm table of a standard Warmaster game: six 60x60 cm zones */
export const DEFAULT_ZONES = 6;

export interface ZonePieces {
  zone: number;
  /** the d6 rolled for the zone */
  roll: number;
  /** the row used: below the rolled one when the players ran out of a piece type; 7 = nothing left */
  row: number;
  piece: PieceType | null;
  count: number;
  /** the d3 when the row used says 1d3 */
  countRoll: number | null;
}

export interface Battlefield {
  column: TerrainColumn;
  /** the 2d6 of a standalone game; null when the hex gave the column */
  columnRoll: [number, number] | null;
  zones: ZonePieces[];
}

/** pieces the players own; a missing type is unlimited */
export type Inventory = Partial<Record<PieceType, number>>;

/**
 * Rolls every zone. With an inventory, a row naming a type the players have none left of falls to
 * the row below ("prenez le résultat qui se trouve en dessous"), again and again; below row 6 there
 * is nothing. A 1d3 with fewer left than rolled places what is left: the source only moves down
 * when there are none.
 */
export function generateBattlefield(roller: Roller, opts: { terrain?: Terrain; zones?: number; inventory?: Inventory } = {}): Battlefield {
  let column: TerrainColumn;
  let columnRoll: [number, number] | null = null;
  const fromHex = opts.terrain === undefined ? null : columnForTerrain(opts.terrain);
  if (fromHex) column = fromHex;
  else {
    columnRoll = [roller.die(6, 'battlefield-column'), roller.die(6, 'battlefield-column')];
    column = columnFor2d6(columnRoll[0] + columnRoll[1]);
  }
  const stock: Inventory | null = opts.inventory ? { ...opts.inventory } : null;
  const zones: ZonePieces[] = [];
  const n = opts.zones ?? DEFAULT_ZONES;
  for (let z = 0; z < n; z++) {
    const roll = roller.die(6, 'battlefield-zone');
    zones.push(resolveRow(column, roll, z, stock, roller));
  }
  return { column, columnRoll, zones };
}

/** One zone's row with the "row below" rule; exported so the rule is testable on its own. */
export function resolveRow(column: TerrainColumn, roll: number, zone: number, stock: Inventory | null, roller: Roller): ZonePieces {
  const rows = TERRAIN_TABLE[column];
  for (let row = roll; row <= rows.length; row++) {
    const entry = rows[row - 1]!;
    if (entry.piece === null) return { zone, roll, row, piece: null, count: 0, countRoll: null };
    const left = stock ? (stock[entry.piece] ?? Infinity) : Infinity;
    if (left <= 0) continue;
    const countRoll = entry.count === 'd3' ? roller.die(3, 'battlefield-count') : null;
    const count = Math.min(countRoll ?? 1, left);
    if (stock && stock[entry.piece] !== undefined) stock[entry.piece] = left - count;
    return { zone, roll, row, piece: entry.piece, count, countRoll };
  }
  return { zone, roll, row: rows.length + 1, piece: null, count: 0, countRoll: null };
}
