// Standings as successive tie-break steps. Each step splits a group of players who are equal so
// far into ordered subgroups; the next step only looks inside a subgroup. This is how the rules
// read ("if still tied, then ..."), and it lets a step depend on the whole tied group (LotR's
// head-to-head only applies when all the tied players met each other), which a plain sort key
// cannot express.

export interface TieStep<T> {
  key: string;
  /** ordered subgroups, best first; return [group] when this step separates nobody */
  split(group: readonly T[]): T[][];
}

/** A step on one number per player. */
export function byValue<T>(key: string, value: (item: T) => number, order: 'desc' | 'asc' = 'desc'): TieStep<T> {
  return {
    key,
    split(group) {
      const sorted = [...group].sort((x, y) => (order === 'desc' ? value(y) - value(x) : value(x) - value(y)));
      const out: T[][] = [];
      for (const item of sorted) {
        const last = out[out.length - 1];
        if (last && value(last[0]!) === value(item)) last.push(item);
        else out.push([item]);
      }
      return out;
    },
  };
}

export interface Ranked<T> {
  item: T;
  rank: number;
  /** the step that put this item below the one above; 'tied' when nothing did; null on top */
  decidedBy: string | null;
}

/**
 * Ranks items through the steps. Items no step separates share a rank and are listed in
 * `display` order (e.g. player number), marked 'tied'.
 */
export function rankBySteps<T>(items: readonly T[], steps: readonly TieStep<T>[], display: (x: T, y: T) => number): Ranked<T>[] {
  const blocks: Array<{ items: T[]; decidedBy: string | null }> = [];
  const refine = (group: T[], from: number, decidedBy: string | null): void => {
    for (let i = from; i < steps.length && group.length > 1; i++) {
      const parts = steps[i]!.split(group);
      if (parts.length <= 1) continue;
      parts.forEach((part, j) => refine(part, i + 1, j === 0 ? decidedBy : steps[i]!.key));
      return;
    }
    blocks.push({ items: [...group].sort(display), decidedBy });
  };
  if (items.length > 0) refine([...items], 0, null);
  const out: Ranked<T>[] = [];
  for (const block of blocks) {
    const rank = out.length + 1;
    block.items.forEach((item, i) => out.push({ item, rank, decidedBy: i === 0 ? block.decidedBy : 'tied' }));
  }
  return out;
}
