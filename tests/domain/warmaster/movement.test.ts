import { describe, expect, it } from 'vitest';
import { cheapestPath, createHexMap, enterCost, hex, hexKey, pathCost, reachableHexes, withRiver, withRoad, withTerrain } from '../../../src/domain/warmaster';
import type { HexMap, Terrain } from '../../../src/domain/warmaster';

const a = hex(0, 0);
const b = hex(1, 0);

function single(terrain: Terrain, extra: (m: HexMap) => HexMap = (m) => m): HexMap {
  return extra(withTerrain(createHexMap({ width: 6, height: 3 }), [b], terrain));
}

describe('entering a hex', () => {
  it.each([
    ['plain', 1, 0.5],
    ['hill', 2, 1],
    ['wood', 2, 1],
    ['mountain', 3, 1.5],
  ] as const)('%s costs %d, %d on a road or path or resource hex', (terrain, cost, halved) => {
    expect(enterCost(single(terrain), a, b)).toBe(cost);
    expect(
      enterCost(
        single(terrain, (m) => withRoad(m, [b], 'road')),
        a,
        b,
      ),
    ).toBe(halved);
    expect(
      enterCost(
        single(terrain, (m) => withRoad(m, [b], 'path')),
        a,
        b,
      ),
    ).toBe(halved);
    expect(enterCost(single(terrain), a, b, { resourceHexes: new Set([hexKey(b)]) })).toBe(halved);
  });

  it('halves on the hex entered, whatever the hex left', () => {
    const m = withRoad(single('hill'), [a], 'road');
    expect(enterCost(m, a, b)).toBe(2);
    expect(enterCost(m, b, a)).toBe(0.5);
  });

  it('bad weather adds 1 after halving', () => {
    expect(enterCost(single('plain'), a, b, { weather: new Set([hexKey(b)]) })).toBe(2);
    expect(
      enterCost(
        single('mountain', (m) => withRoad(m, [b], 'road')),
        a,
        b,
        { weather: new Set([hexKey(b)]) },
      ),
    ).toBe(2.5);
  });

  it('sea is impassable, even on a road', () => {
    expect(enterCost(single('sea'), a, b)).toBeNull();
    expect(
      enterCost(
        single('sea', (m) => withRoad(m, [b], 'road')),
        a,
        b,
      ),
    ).toBeNull();
  });

  it('a river edge is impassable but at a bridge or a ford', () => {
    expect(
      enterCost(
        single('plain', (m) => withRiver(m, a, b)),
        a,
        b,
      ),
    ).toBeNull();
    expect(
      enterCost(
        single('plain', (m) => withRiver(m, a, b, 'bridge')),
        a,
        b,
      ),
    ).toBe(1);
    expect(
      enterCost(
        single('hill', (m) => withRiver(m, b, a, 'ford')),
        a,
        b,
      ),
    ).toBe(2);
    // the river is on that edge only: the hex is still entered from elsewhere
    expect(
      enterCost(
        single('plain', (m) => withRiver(m, a, b)),
        hex(2, 0),
        b,
      ),
    ).toBe(1);
  });

  it('is null off the map or for a hex not adjacent', () => {
    expect(enterCost(single('plain'), a, hex(-1, 0))).toBeNull();
    expect(enterCost(single('plain'), a, hex(2, 0))).toBeNull();
  });
});

describe('path cost and preview', () => {
  const m = withRoad(withTerrain(createHexMap({ width: 8, height: 3 }), [hex(2, 0)], 'wood'), [hex(3, 0)], 'road');
  it('lists each step with its cost and the running total', () => {
    const r = pathCost(m, a, [hex(1, 0), hex(2, 0), hex(3, 0)]);
    expect(r).toEqual({
      ok: true,
      cost: 3.5,
      steps: [
        { hex: hex(1, 0), cost: 1, total: 1 },
        { hex: hex(2, 0), cost: 2, total: 3 },
        { hex: hex(3, 0), cost: 0.5, total: 3.5 },
      ],
    });
  });
  it('says which step cannot be walked and why', () => {
    const r = pathCost(withRiver(m, hex(1, 0), hex(2, 0)), a, [hex(1, 0), hex(2, 0)]);
    expect(r).toEqual({ ok: false, refusal: { code: 'path-river', params: { index: 1, q: 2, r: 0 } } });
    const r2 = pathCost(m, a, [hex(2, 0)]);
    expect(r2.ok === false && r2.refusal.code).toBe('path-not-adjacent');
  });
});

describe('cheapest path (Dijkstra) within 3 movement points', () => {
  it('reaches 3 plain hexes, not 4', () => {
    const m = createHexMap({ width: 10, height: 1 });
    expect(cheapestPath(m, a, hex(3, 0))?.cost).toBe(3);
    expect(cheapestPath(m, a, hex(4, 0))).toBeNull();
  });

  it('a mountain takes the whole allowance; a hill then a plain fit, a hill then a hill do not', () => {
    const m = withTerrain(createHexMap({ width: 10, height: 1 }), [hex(1, 0)], 'mountain');
    expect(cheapestPath(m, a, hex(1, 0))?.cost).toBe(3);
    expect(cheapestPath(m, a, hex(2, 0))).toBeNull();
    const h = withTerrain(createHexMap({ width: 10, height: 1 }), [hex(1, 0), hex(2, 0)], 'hill');
    expect(cheapestPath(h, a, hex(1, 0))?.cost).toBe(2);
    expect(cheapestPath(h, a, hex(2, 0))).toBeNull();
  });

  it('a road runs six plain hexes in 3 points, and points do not carry: 3.5 is out of reach', () => {
    const line = [1, 2, 3, 4, 5, 6, 7].map((q) => hex(q, 0));
    const m = withRoad(createHexMap({ width: 10, height: 1 }), line, 'road');
    expect(cheapestPath(m, a, hex(6, 0))).toEqual({ hex: hex(6, 0), cost: 3, path: line.slice(0, 6) });
    expect(cheapestPath(m, a, hex(7, 0))).toBeNull();
  });

  it('goes around a wood by a road when that is cheaper, through it when not', () => {
    // row 0: plain, wood, plain; row 1 below, with a road bend
    let m = withTerrain(createHexMap({ width: 5, height: 2 }), [hex(1, 0)], 'wood');
    // through the wood (2 + 1) or around it by three plains: 3 either way
    expect(cheapestPath(m, a, hex(2, 0))?.cost).toBe(3);
    m = withRoad(m, [hex(0, 1), hex(1, 1)], 'road');
    const p = cheapestPath(m, a, hex(2, 0));
    expect(p?.cost).toBe(2);
    expect(p?.path).toEqual([hex(0, 1), hex(1, 1), hex(2, 0)]);
  });

  it('crosses a river only at its bridge or ford', () => {
    // a river along the whole edge between rows 0 and 1 of a 3-wide map
    let m = createHexMap({ width: 3, height: 2 });
    for (const [x, y] of [
      [hex(0, 0), hex(0, 1)],
      [hex(1, 0), hex(0, 1)],
      [hex(1, 0), hex(1, 1)],
      [hex(2, 0), hex(1, 1)],
      [hex(2, 0), hex(2, 1)],
    ] as const)
      m = withRiver(m, x, y);
    expect(cheapestPath(m, a, hex(1, 1))).toBeNull();
    const bridged = withRiver(m, hex(2, 0), hex(1, 1), 'bridge');
    expect(cheapestPath(bridged, a, hex(1, 1))).toEqual({ hex: hex(1, 1), cost: 3, path: [hex(1, 0), hex(2, 0), hex(1, 1)] });
  });

  it('stops at a hex that ends movement and never enters a forbidden one', () => {
    const m = createHexMap({ width: 10, height: 1 });
    const stop = hexKey(hex(1, 0));
    expect(cheapestPath(m, a, hex(2, 0), { stopsAt: (h) => hexKey(h) === stop })).toBeNull();
    expect(cheapestPath(m, a, hex(1, 0), { stopsAt: (h) => hexKey(h) === stop })?.cost).toBe(1);
    expect(cheapestPath(m, a, hex(2, 0), { canEnter: (h) => hexKey(h) !== stop })).toBeNull();
    expect(reachableHexes(m, a, { canEnd: (h) => hexKey(h) !== stop }).has(stop)).toBe(false);
    expect(reachableHexes(m, a, { canEnd: (h) => hexKey(h) !== stop }).has(hexKey(hex(2, 0)))).toBe(true);
  });

  it('previews with a free budget', () => {
    const m = createHexMap({ width: 12, height: 1 });
    expect(cheapestPath(m, a, hex(9, 0), { budget: Infinity })?.cost).toBe(9);
  });
});
