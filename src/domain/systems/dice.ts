// Table dice shared by the systems' setup steps. Every roll comes from a seeded Rng and is
// returned, so the table can show it and the log can replay it.
import type { Rng } from '../random';

export interface RollOff {
  /** each throw as [a, b]; ties are thrown again */
  rolls: Array<[number, number]>;
  winner: 'a' | 'b';
}

/** "Chaque joueur lance un dé, le résultat le plus haut l'emporte, on relance en cas d'égalité." */
export function rollOff(rng: Rng): RollOff {
  const rolls: Array<[number, number]> = [];
  for (;;) {
    const a = rng.die(6);
    const b = rng.die(6);
    rolls.push([a, b]);
    if (a !== b) return { rolls, winner: a > b ? 'a' : 'b' };
  }
}

export const otherSide = (side: 'a' | 'b'): 'a' | 'b' => (side === 'a' ? 'b' : 'a');
