// Pixel geometry of the pointy-top hex map (the domain's axial coordinates) and the names the
// organizer reads on paper maps: a column letter and a row number, like "C4".
import { hexToOffset, type Hex, type HexMap } from '../../../domain/warmaster';

/** circumradius in SVG units; everything drawn on a hex is sized from it */
export const HEX_SIZE = 40;
const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export function hexCenter(h: Hex): Point {
  return { x: HEX_SIZE * SQRT3 * (h.q + h.r / 2), y: HEX_SIZE * 1.5 * h.r };
}

export function hexCorners(h: Hex, size = HEX_SIZE): Point[] {
  const c = hexCenter(h);
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return { x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) };
  });
}

export function pointsAttr(points: readonly Point[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

export function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The two corners of the edge `a` shares with its neighbour `b`. */
export function sharedEdge(a: Hex, b: Hex): [Point, Point] {
  const ca = hexCenter(a);
  const cb = hexCenter(b);
  const theta = Math.atan2(cb.y - ca.y, cb.x - ca.x);
  const at = (d: number): Point => ({ x: ca.x + HEX_SIZE * Math.cos(theta + d), y: ca.y + HEX_SIZE * Math.sin(theta + d) });
  return [at(-Math.PI / 6), at(Math.PI / 6)];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function mapBounds(map: HexMap): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of map.cells) {
    const p = hexCenter(c);
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const halfW = (HEX_SIZE * SQRT3) / 2;
  const m = 6;
  return { x: minX - halfW - m, y: minY - HEX_SIZE - m, w: maxX - minX + 2 * halfW + 2 * m, h: maxY - minY + 2 * HEX_SIZE + 2 * m };
}

export function columnName(col: number): string {
  let n = col;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

export function hexLabel(h: Hex): string {
  const { col, row } = hexToOffset(h);
  return `${columnName(col)}${row + 1}`;
}
