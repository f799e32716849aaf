import { describe, expect, it } from 'vitest';
import { byValue, rankBySteps, type TieStep } from '../../../src/domain/systems/ranking';

interface Item {
  id: string;
  n: number;
  x: number;
  y: number;
}

const items: Item[] = [
  { id: 'a', n: 1, x: 5, y: 1 },
  { id: 'b', n: 2, x: 7, y: 0 },
  { id: 'c', n: 3, x: 5, y: 3 },
  { id: 'd', n: 4, x: 5, y: 3 },
  { id: 'e', n: 5, x: 1, y: 9 },
];
const byNumber = (p: Item, q: Item): number => p.n - q.n;

describe('rankBySteps', () => {
  it('orders by the steps in turn, sharing a rank only where every step is equal', () => {
    const ranked = rankBySteps(items, [byValue('x', (i: Item) => i.x), byValue('y', (i: Item) => i.y)], byNumber);
    expect(ranked.map((r) => [r.item.id, r.rank, r.decidedBy])).toEqual([
      ['b', 1, null],
      ['c', 2, 'x'],
      ['d', 2, 'tied'],
      ['a', 4, 'y'],
      ['e', 5, 'x'],
    ]);
  });

  it('lets a step see the whole tied group (and only it)', () => {
    const seen: string[][] = [];
    const spy: TieStep<Item> = {
      key: 'spy',
      split: (group) => {
        seen.push(group.map((g) => g.id).sort());
        return [[...group]];
      },
    };
    rankBySteps(items, [byValue('x', (i: Item) => i.x), spy], byNumber);
    expect(seen).toEqual([['a', 'c', 'd']]);
  });

  it('sorts ascending when asked and handles no items', () => {
    expect(rankBySteps(items, [byValue('n', (i: Item) => i.n, 'asc')], byNumber).map((r) => r.item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rankBySteps([], [byValue('x', (i: Item) => i.x)], byNumber)).toEqual([]);
  });
});
