import { describe, expect, it } from 'vitest';
import {
  createHexMap,
  getCell,
  hex,
  hexDistance,
  hexLine,
  hexNeighbours,
  hexRing,
  hexToOffset,
  isOnMap,
  mapNeighbours,
  offsetToHex,
  parseHexMap,
  riverBetween,
  withRiver,
  withRoad,
  withTerrain,
  DEFAULT_SCALE_KM,
} from '../../../src/domain/warmaster';

describe('axial hex coordinates', () => {
  it('has six neighbours, each at distance 1', () => {
    const n = hexNeighbours(hex(2, -1));
    expect(n).toHaveLength(6);
    expect(new Set(n.map((h) => `${h.q},${h.r}`)).size).toBe(6);
    for (const h of n) expect(hexDistance(h, hex(2, -1))).toBe(1);
  });

  it.each([
    [hex(0, 0), hex(0, 0), 0],
    [hex(0, 0), hex(3, 0), 3],
    [hex(0, 0), hex(0, -4), 4],
    [hex(0, 0), hex(2, -5), 5],
    [hex(-2, 3), hex(3, -1), 5],
    [hex(1, 1), hex(-1, -1), 4],
  ])('distance %o -> %o = %i', (a, b, d) => {
    expect(hexDistance(a, b)).toBe(d);
    expect(hexDistance(b, a)).toBe(d);
  });

  it('draws a line of distance + 1 adjacent hexes, ends included', () => {
    const a = hex(-2, 1);
    const b = hex(3, -3);
    const line = hexLine(a, b);
    expect(line).toHaveLength(hexDistance(a, b) + 1);
    expect(line[0]).toEqual(a);
    expect(line[line.length - 1]).toEqual(b);
    for (let i = 1; i < line.length; i++) expect(hexDistance(line[i - 1]!, line[i]!)).toBe(1);
    expect(hexLine(a, a)).toEqual([a]);
  });

  it('a ring of radius n has 6n hexes all at distance n', () => {
    for (const n of [1, 2, 3]) {
      const ring = hexRing(hex(1, 1), n);
      expect(ring).toHaveLength(6 * n);
      for (const h of ring) expect(hexDistance(h, hex(1, 1))).toBe(n);
    }
  });

  it('converts odd-r offset to axial and back', () => {
    for (let row = 0; row < 5; row++) for (let col = 0; col < 5; col++) expect(hexToOffset(offsetToHex(col, row))).toEqual({ col, row });
  });
});

describe('hex map', () => {
  it('is a rectangle of plain hexes at 10 km by default', () => {
    const m = createHexMap({ width: 6, height: 4 });
    expect(m.cells).toHaveLength(24);
    expect(m.scaleKm).toBe(DEFAULT_SCALE_KM);
    expect(DEFAULT_SCALE_KM).toBe(10);
    expect(isOnMap(m, offsetToHex(5, 3))).toBe(true);
    expect(isOnMap(m, offsetToHex(6, 3))).toBe(false);
    // a corner has fewer neighbours on the map
    expect(mapNeighbours(m, hex(0, 0))).toHaveLength(2);
  });

  it('sets terrain, roads and rivers without touching the original', () => {
    const m0 = createHexMap({ width: 4, height: 4, scaleKm: 5 });
    const m = withRiver(withRoad(withTerrain(m0, [hex(1, 0)], 'mountain'), [hex(2, 0)], 'path'), hex(1, 0), hex(2, 0), 'ford');
    expect(getCell(m, hex(1, 0))?.terrain).toBe('mountain');
    expect(getCell(m, hex(2, 0))?.road).toBe('path');
    expect(riverBetween(m, hex(2, 0), hex(1, 0))?.crossing).toBe('ford');
    expect(getCell(m0, hex(1, 0))?.terrain).toBe('plain');
    expect(m0.rivers).toEqual([]);
  });

  it('round-trips through JSON', () => {
    const m = withRiver(withTerrain(createHexMap({ width: 5, height: 3 }), [hex(0, 1)], 'sea'), hex(1, 1), hex(2, 1), 'bridge');
    const parsed = parseHexMap(JSON.parse(JSON.stringify(m)));
    expect(parsed.ok && parsed.map).toEqual(m);
  });

  it.each([
    [{ width: 0, height: 2, cells: [] }, 'size'],
    [{ width: 2, height: 2, cells: [{ q: 0, r: 0, terrain: 'lava' }] }, 'terrain'],
    [
      {
        width: 2,
        height: 2,
        cells: [
          { q: 0, r: 0, terrain: 'sea' },
          { q: 0, r: 0, terrain: 'plain' },
        ],
      },
      'duplicate-cell',
    ],
    [{ width: 2, height: 2, cells: [{ q: 0, r: 0, terrain: 'sea' }], rivers: [{ a: { q: 0, r: 0 }, b: { q: 5, r: 0 } }] }, 'river-not-adjacent'],
  ])('refuses a broken map %#', (value, field) => {
    const r = parseHexMap(value);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'map-invalid', params: { field } });
  });
});
