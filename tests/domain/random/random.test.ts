import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/domain/random';

describe('createRng', () => {
  it('replays the same sequence from the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const xs = Array.from({ length: 20 }, () => a.die(6));
    expect(Array.from({ length: 20 }, () => b.die(6))).toEqual(xs);
  });
  it('rolls every face of a d6 and nothing else, roughly uniformly', () => {
    const rng = createRng(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 60000; i++) {
      const d = rng.die(6);
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const c of counts.values()) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });
  it('shuffles into a permutation without touching the input', () => {
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);
    const out = createRng(3).shuffle(input);
    expect([...out].sort()).toEqual([...input]);
    expect(createRng(4).shuffle(input)).not.toEqual(out);
  });
  it('resumes a sequence from its saved state', () => {
    const a = createRng(99);
    a.next();
    const resumed = createRng(a.state());
    expect(resumed.next()).toBe(a.next());
  });
});
