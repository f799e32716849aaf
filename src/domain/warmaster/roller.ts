// Every die of the campaign goes through a Roller so it is both reproducible (seeded from the
// action that asked for it) and written down with what it was for.
import { createRng } from '../random';

export interface RollRecord {
  /** index of the action in the log that made the roll */
  action: number;
  purpose: string;
  sides: number;
  value: number;
  player?: string;
}

export interface Roller {
  die(sides: number, purpose: string, player?: string): number;
  /** a uniform pick, logged as a die with as many sides as there are items */
  pick<T>(items: readonly T[], purpose: string): T;
  shuffle<T>(items: readonly T[], purpose: string): T[];
  readonly rolls: readonly RollRecord[];
}

export function createRoller(seed: number, action = -1): Roller {
  const rng = createRng(seed);
  const rolls: RollRecord[] = [];
  const die = (sides: number, purpose: string, player?: string): number => {
    const value = rng.die(sides);
    rolls.push(player === undefined ? { action, purpose, sides, value } : { action, purpose, sides, value, player });
    return value;
  };
  return {
    die,
    pick<T>(items: readonly T[], purpose: string): T {
      return items[die(items.length, purpose) - 1]!;
    },
    shuffle<T>(items: readonly T[], purpose: string): T[] {
      // Fisher-Yates through die() so each draw is in the log like any other roll.
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = die(i + 1, purpose) - 1;
        const tmp = out[i]!;
        out[i] = out[j]!;
        out[j] = tmp;
      }
      return out;
    },
    rolls,
  };
}
