import { describe, expect, it } from 'vitest';
import { columnFor2d6, columnForTerrain, createRoller, generateBattlefield, resolveRow, TERRAIN_TABLE } from '../../../src/domain/warmaster';
import type { Inventory, PieceType, Roller, TerrainColumn } from '../../../src/domain/warmaster';

/** a roller that answers the given values in order, and says which dice were asked for */
function fixed(values: number[]): Roller & { asked: string[] } {
  const asked: string[] = [];
  const die = (sides: number, purpose: string): number => {
    asked.push(`${purpose}:d${sides}`);
    const v = values.shift();
    if (v === undefined) throw new Error('out of dice');
    return v;
  };
  return { die, pick: (items, p) => items[die(items.length, p) - 1]!, shuffle: (items) => items.slice(), rolls: [], asked };
}

type Row = [PieceType | null, number | 'd3'];
// The source's table, column by column, row 1 to 6.
const SOURCE: Record<TerrainColumn, Row[]> = {
  forest: [
    [null, 0],
    ['ruin-village', 1],
    ['forest', 1],
    ['forest', 'd3'],
    ['forest', 'd3'],
    ['hill', 1],
  ],
  plain: [
    [null, 0],
    [null, 0],
    ['ruin-village', 1],
    ['forest', 1],
    ['forest', 1],
    ['hill', 1],
  ],
  hill: [
    [null, 0],
    ['ruin-village', 1],
    ['forest', 1],
    ['hill', 1],
    ['hill', 1],
    ['hill', 'd3'],
  ],
  mountain: [
    [null, 0],
    ['ruin-village', 1],
    ['forest', 1],
    ['hill', 1],
    ['hill', 'd3'],
    ['hill', 'd3'],
  ],
};

describe('terrain table', () => {
  const cases = (Object.keys(SOURCE) as TerrainColumn[]).flatMap((col) => SOURCE[col].map((row, i) => [col, i + 1, row[0], row[1]] as const));
  it.each(cases)('%s, d6 = %i: %s x %s', (column, roll, piece, count) => {
    // a d3 of 2 whenever the row asks for one
    const r = resolveRow(column, roll, 0, null, fixed([2]));
    expect(r.piece).toBe(piece);
    expect(r.row).toBe(roll);
    if (count === 'd3') expect([r.count, r.countRoll]).toEqual([2, 2]);
    else expect([r.count, r.countRoll]).toEqual([count, null]);
  });

  it('matches the exported table exactly', () => {
    for (const col of Object.keys(SOURCE) as TerrainColumn[]) {
      expect(TERRAIN_TABLE[col].map((e) => [e.piece, e.piece === null ? 0 : e.count])).toEqual(SOURCE[col]);
    }
  });

  it.each([
    ['wood', 'forest'],
    ['plain', 'plain'],
    ['hill', 'hill'],
    ['mountain', 'mountain'],
    ['sea', null],
  ] as const)('a %s hex uses the %s column', (terrain, column) => {
    expect(columnForTerrain(terrain)).toBe(column);
  });

  it.each([
    [2, 'forest'],
    [3, 'plain'],
    [7, 'plain'],
    [8, 'hill'],
    [10, 'hill'],
    [11, 'mountain'],
    [12, 'mountain'],
  ] as const)('standalone 2d6 = %i: %s', (total, column) => {
    expect(columnFor2d6(total)).toBe(column);
  });
});

describe('out of a piece type: the row below', () => {
  it('falls one row when none of the type is left', () => {
    // plain column, rolled 4 (forest): no forest left -> row 5 (forest) -> row 6 (hill)
    const stock: Inventory = { forest: 0, hill: 3 };
    const r = resolveRow('plain', 4, 0, stock, fixed([]));
    expect(r).toMatchObject({ roll: 4, row: 6, piece: 'hill', count: 1 });
    expect(stock.hill).toBe(2);
  });

  it('falls onto a d3 row and only then rolls the d3', () => {
    const roller = fixed([3]);
    const r = resolveRow('hill', 4, 0, { hill: 0, forest: 5 }, roller);
    // hill column rows 4, 5 need hills (none), row 6 is 1d3 hills: still none -> nothing below
    expect(r).toMatchObject({ row: 7, piece: null, count: 0 });
    expect(roller.asked).toEqual([]);
    const r2 = resolveRow('forest', 3, 0, { forest: 0 }, fixed([]));
    expect(r2).toMatchObject({ row: 6, piece: 'hill', count: 1 });
  });

  it('a 1d3 with fewer left places what is left', () => {
    const stock: Inventory = { forest: 1 };
    expect(resolveRow('forest', 4, 0, stock, fixed([3]))).toMatchObject({ row: 4, piece: 'forest', count: 1, countRoll: 3 });
    expect(stock.forest).toBe(0);
  });

  it('"none" is never out of stock', () => {
    expect(resolveRow('plain', 2, 0, { forest: 0, hill: 0, 'ruin-village': 0 }, fixed([]))).toMatchObject({ row: 2, piece: null });
  });

  it('draws the stock down across zones', () => {
    // six zones of plain, each rolled 6 (hill): two hills, then nothing below row 6
    const bf = generateBattlefield(fixed([6, 6, 6, 6, 6, 6]), { terrain: 'plain', inventory: { hill: 2 } });
    expect(bf.zones.map((z) => [z.piece, z.row])).toEqual([
      ['hill', 6],
      ['hill', 6],
      [null, 7],
      [null, 7],
      [null, 7],
      [null, 7],
    ]);
  });
});

describe('generating a battlefield', () => {
  it('takes the column from the hex and rolls a d6 per zone (6 zones by default)', () => {
    const roller = fixed([1, 2, 3, 4, 5, 2, 6, 3]);
    const bf = generateBattlefield(roller, { terrain: 'mountain' });
    expect(bf.column).toBe('mountain');
    expect(bf.columnRoll).toBeNull();
    expect(bf.zones.map((z) => z.piece)).toEqual([null, 'ruin-village', 'forest', 'hill', 'hill', 'hill']);
    expect(bf.zones.map((z) => z.count)).toEqual([0, 1, 1, 1, 2, 3]);
    expect(roller.asked).toEqual([
      'battlefield-zone:d6',
      'battlefield-zone:d6',
      'battlefield-zone:d6',
      'battlefield-zone:d6',
      'battlefield-zone:d6',
      'battlefield-count:d3',
      'battlefield-zone:d6',
      'battlefield-count:d3',
    ]);
  });

  it('rolls 2d6 for the column in a standalone game', () => {
    const bf = generateBattlefield(fixed([5, 6, 1, 1]), { zones: 2 });
    expect(bf.columnRoll).toEqual([5, 6]);
    expect(bf.column).toBe('mountain');
    expect(bf.zones).toHaveLength(2);
  });

  it('is reproducible from a seed, and logs each die', () => {
    const a = createRoller(1234, 7);
    const b = createRoller(1234, 7);
    expect(generateBattlefield(a, { zones: 4 })).toEqual(generateBattlefield(b, { zones: 4 }));
    expect(a.rolls.length).toBeGreaterThanOrEqual(6);
    expect(a.rolls.every((r) => r.action === 7)).toBe(true);
  });
});
