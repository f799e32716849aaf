// Exhausted score groups: the worst case of the windowed pairing (no vitest import, so the
// bench uses it too).
//
// `levels` score groups of `size` players, each group a completed round robin: everyone in it
// has met everyone else in it, so no pair may be played inside a group and every player must
// be paired across groups. With q groups of q players (n = q^2) that is what an event with
// the « X rounds » setting can reach after R = q - 1 rounds (R = q with odd groups, where the
// round robin gives everyone one bye). Before the fix, each greedy pass exposed one more
// exhausted group and the exact windows grew by one group per pass.
import type { SwissPlayer } from '../../../src/domain/pairing/swiss';
import type { Rng } from '../../../src/domain/random';

export interface CliqueOptions {
  levels: number;
  size: number;
  /** score gap between neighbouring groups (default 1) */
  step?: number;
  /** players taken out after the history is built (an odd field, broken cliques) */
  drop?: number;
  /** clubs to spread over the players (0 = none) */
  clubs?: number;
  /** random changes to the history: extra cross-group games, forgotten in-group games */
  noise?: { rng: Rng; extra: number; forget: number };
}

/** Circle-method round robin of `size` players: per round, the pairs (indices); odd sizes get
 * a bye (-1) each round. */
function roundRobin(size: number): [number, number][][] {
  const n = size % 2 === 0 ? size : size + 1;
  const idx = Array.from({ length: n }, (_, i) => i);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = idx[i]!;
      const b = idx[n - 1 - i]!;
      pairs.push([a < size ? a : -1, b < size ? b : -1]);
    }
    rounds.push(pairs);
    idx.splice(1, 0, idx.pop()!);
  }
  return rounds;
}

export function cliqueField(o: CliqueOptions): SwissPlayer[] {
  const step = o.step ?? 1;
  const id = (k: number, i: number): string => `g${k}p${i}`;
  const players: (SwissPlayer & { opponents: string[]; tables: number[] })[] = [];
  const rr = roundRobin(o.size);
  for (let k = 0; k < o.levels; k++) {
    const group: (SwissPlayer & { opponents: string[]; tables: number[] })[] = [];
    for (let i = 0; i < o.size; i++) {
      group.push({
        id: id(k, i),
        score: (o.levels - 1 - k) * step,
        opponents: [],
        byes: 0,
        club: o.clubs ? `club${(k * 7 + i) % o.clubs}` : null,
        tables: [],
      });
    }
    rr.forEach((pairs, r) => {
      pairs.forEach(([a, b], t) => {
        if (a < 0 || b < 0) {
          const p = group[a < 0 ? b : a];
          if (p) (p as { byes: number }).byes++;
          return;
        }
        group[a]!.opponents.push(id(k, b));
        group[b]!.opponents.push(id(k, a));
        const table = 1 + k * Math.ceil(o.size / 2) + ((t + r) % Math.ceil(o.size / 2));
        group[a]!.tables.push(table);
        group[b]!.tables.push(table);
      });
    });
    players.push(...group);
  }
  if (o.noise) {
    const { rng, extra, forget } = o.noise;
    const byId = new Map(players.map((p) => [p.id, p]));
    for (let e = 0; e < extra; e++) {
      const a = players[rng.int(players.length)]!;
      const b = players[rng.int(players.length)]!;
      if (a === b || a.opponents.includes(b.id)) continue;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
    }
    for (let e = 0; e < forget; e++) {
      const a = players[rng.int(players.length)]!;
      if (a.opponents.length === 0) continue;
      const bId = a.opponents[rng.int(a.opponents.length)]!;
      const b = byId.get(bId)!;
      a.opponents.splice(a.opponents.indexOf(bId), 1);
      b.opponents.splice(b.opponents.indexOf(a.id), 1);
    }
  }
  return players.slice(0, players.length - (o.drop ?? 0));
}

/** The bench's constructions: q groups of q players, even and odd (one player out). */
export const cliqueBenchCases: { name: string; options: CliqueOptions }[] = [32, 45, 64].flatMap((q) => [
  { name: `${q * q} players, ${q} exhausted groups of ${q}`, options: { levels: q, size: q } },
  { name: `${q * q - 1} players (one out), ${q} exhausted groups`, options: { levels: q, size: q, drop: 1 } },
]);
