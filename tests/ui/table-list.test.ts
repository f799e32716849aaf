// A sentence naming the tables still waiting for a result names the first twelve and counts the
// rest: a 4,096-player round's 2,048 tables, one by one, filled a tablet's screen.
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { tableList } from '../../src/ui/systems/shared/model';

describe('tableList', () => {
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
  it('lists up to twelve tables whole', () => {
    expect(tableList([], translator('fr'))).toBe('');
    expect(tableList([7], translator('fr'))).toBe('7');
    expect(tableList(range(12), translator('fr'))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12');
  });
  it('names the first twelve and counts the others, in each language', () => {
    expect(tableList(range(13), translator('fr'))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 et 1 autre');
    expect(tableList(range(2048), translator('fr'))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 et 2036 autres');
    expect(tableList(range(2048), translator('en'))).toBe('1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 2036 more');
  });
});
