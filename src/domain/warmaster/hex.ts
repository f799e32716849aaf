// Axial hex coordinates (pointy-top). Axial keeps the stored JSON small ({q, r}); cube
// coordinates (s = -q - r) only appear inside the maths where they make it symmetric.

export interface Hex {
  readonly q: number;
  readonly r: number;
}

export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

/** Clockwise from east: the index is also the edge number used by `hexEdgeKey`. */
export const HEX_DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export function hex(q: number, r: number): Hex {
  // `+ 0` turns -0 into 0 so keys and deep equality never see two zeros.
  return { q: q + 0, r: r + 0 };
}

export function hexKey(h: Hex): string {
  return `${h.q},${h.r}`;
}

export function parseHexKey(key: string): Hex {
  const [q, r] = key.split(',').map(Number);
  return hex(q ?? NaN, r ?? NaN);
}

export function sameHex(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}

export function toCube(h: Hex): Cube {
  return { q: h.q, r: h.r, s: -h.q - h.r + 0 };
}

export function hexAdd(a: Hex, b: Hex): Hex {
  return hex(a.q + b.q, a.r + b.r);
}

export function hexNeighbours(h: Hex): Hex[] {
  return HEX_DIRECTIONS.map((d) => hexAdd(h, d));
}

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function areAdjacent(a: Hex, b: Hex): boolean {
  return hexDistance(a, b) === 1;
}

/** An edge is the same whichever side you name first, so the key sorts its two hexes. */
export function hexEdgeKey(a: Hex, b: Hex): string {
  const ka = hexKey(a);
  const kb = hexKey(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
}

export function cubeRound(q: number, r: number, s: number): Hex {
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return hex(rq, rr);
}

/**
 * The hexes a straight line from a to b crosses, both ends included. The tiny nudge keeps a line
 * running exactly along an edge from flipping between its two sides, so the answer is stable.
 */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = hexDistance(a, b);
  if (n === 0) return [hex(a.q, a.r)];
  const eps = 1e-6;
  const aq = a.q + eps;
  const ar = a.r + eps;
  const as = -a.q - a.r - 2 * eps;
  const bq = b.q + eps;
  const br = b.r + eps;
  const bs = -b.q - b.r - 2 * eps;
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t, as + (bs - as) * t));
  }
  return out;
}

/** Every hex at exactly `radius` from the centre (the centre itself for radius 0). */
export function hexRing(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [hex(center.q, center.r)];
  const out: Hex[] = [];
  const start = HEX_DIRECTIONS[4]!;
  let h = hex(center.q + start.q * radius, center.r + start.r * radius);
  for (let side = 0; side < 6; side++) {
    const d = HEX_DIRECTIONS[side]!;
    for (let i = 0; i < radius; i++) {
      out.push(h);
      h = hexAdd(h, d);
    }
  }
  return out;
}

/** Odd-r offset (rows shoved right on odd rows) to axial: how a rectangular paper map is drawn. */
export function offsetToHex(col: number, row: number): Hex {
  return hex(col - (row - (row & 1)) / 2, row);
}

export function hexToOffset(h: Hex): { col: number; row: number } {
  return { col: h.q + (h.r - (h.r & 1)) / 2, row: h.r };
}
