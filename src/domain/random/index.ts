// Seeded randomness: every shuffle and die roll in the app must be reproducible from a seed
// ("same seed, same pairing") and loggable, so nothing here touches Math.random.

export interface Rng {
  /** uniform float in [0, 1) */
  next(): number;
  /** integer in [0, n) */
  int(n: number): number;
  /** one die with `sides` faces: 1..sides */
  die(sides: number): number;
  /** Fisher-Yates, returns a new array */
  shuffle<T>(items: readonly T[]): T[];
  /** the state, to resume a sequence after a reload */
  state(): number;
}

/** mulberry32: tiny, fast, 32-bit state, good enough distribution for dice and shuffles. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    die: (sides) => 1 + int(sides),
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = out[i]!;
        out[i] = out[j]!;
        out[j] = tmp;
      }
      return out;
    },
    state: () => s,
  };
}
