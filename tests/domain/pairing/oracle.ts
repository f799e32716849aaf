// Test helpers (no vitest import, so scripts can use them too): an independent brute-force oracle (bitmask DP over all perfect matchings and
// all allowed byes), a whole-field exact reference built directly on the blossom solver, and
// a whole-event simulator.
import { createRng } from '../../../src/domain/random';
import type { Rng } from '../../../src/domain/random';
import { edgeList, minCostPerfectMatching } from '../../../src/domain/pairing/blossom';
import { pairFirstRound, pairSwissWithStats } from '../../../src/domain/pairing/swiss';
import type { SwissPlayer, SwissOptions, SwissResult, SwissStats } from '../../../src/domain/pairing/swiss';

/** The objective tuple, compared lexicographically (bye fairness is checked separately). */
export interface Tuple {
  rematches: number;
  byeScore: number; // -Infinity when no bye
  spread: number;
  clubs: number;
}

export const cmpTuple = (a: Tuple, b: Tuple): number => a.rematches - b.rematches || a.byeScore - b.byeScore || a.spread - b.spread || a.clubs - b.clubs;

const clubKey = (c: string | null | undefined): string | null => {
  const t = (c ?? '').trim().toLowerCase();
  return t === '' ? null : t;
};

function met(a: SwissPlayer, b: SwissPlayer): boolean {
  return a.opponents.includes(b.id) || b.opponents.includes(a.id);
}

/** Objective tuple of a result. */
export function tupleOf(players: readonly SwissPlayer[], r: SwissResult, countClubs: boolean): Tuple {
  const byId = new Map(players.map((p) => [p.id, p]));
  let rematches = 0;
  let spread = 0;
  let clubs = 0;
  for (const pr of r.pairings) {
    const a = byId.get(pr.a)!;
    const b = byId.get(pr.b)!;
    if (met(a, b)) rematches++;
    spread += (a.score - b.score) ** 2;
    const ca = clubKey(a.club);
    if (countClubs && ca !== null && ca === clubKey(b.club)) clubs++;
  }
  return { rematches, byeScore: r.bye === null ? -Infinity : byId.get(r.bye)!.score, spread, clubs };
}

/** Brute force: the lexicographically best tuple over every allowed bye and perfect matching. */
export function bruteForceBest(players: readonly SwissPlayer[], countClubs: boolean): Tuple {
  const n = players.length;
  if (n > 14) throw new Error('brute force is for small fields');
  const minByes = Math.min(...players.map((p) => p.byes));
  const byes = n % 2 === 1 ? players.map((_, i) => i).filter((i) => players[i]!.byes === minByes) : [-1];
  // spread can be fractional (halves): keep the DP in a tuple with exact small numbers
  const memo = new Map<number, [number, number, number]>();
  const go = (mask: number): [number, number, number] => {
    if (mask === 0) return [0, 0, 0];
    const hit = memo.get(mask);
    if (hit) return hit;
    let i = 0;
    while (((mask >> i) & 1) === 0) i++;
    const rest = mask & ~(1 << i);
    let best: [number, number, number] | null = null;
    for (let j = i + 1; j < n; j++) {
      if (((rest >> j) & 1) === 0) continue;
      const sub = go(rest & ~(1 << j));
      const a = players[i]!;
      const b = players[j]!;
      const ca = clubKey(a.club);
      const cand: [number, number, number] = [
        sub[0] + (met(a, b) ? 1 : 0),
        sub[1] + (a.score - b.score) ** 2,
        sub[2] + (countClubs && ca !== null && ca === clubKey(b.club) ? 1 : 0),
      ];
      if (best === null || (cand[0] - best[0] || cand[1] - best[1] || cand[2] - best[2]) < 0) best = cand;
    }
    memo.set(mask, best!);
    return best!;
  };
  let out: Tuple | null = null;
  const full = (1 << n) - 1;
  for (const b of byes) {
    const sub = go(b < 0 ? full : full & ~(1 << b));
    const t: Tuple = { rematches: sub[0], byeScore: b < 0 ? -Infinity : players[b]!.score, spread: sub[1], clubs: sub[2] };
    if (out === null || cmpTuple(t, out) < 0) out = t;
  }
  return out!;
}

/** Independent exact reference for any size: one blossom run over the whole field with the
 * full lexicographic cost as big-M tiers (scores must be multiples of 1/2 here). */
export function referenceBest(players: readonly SwissPlayer[], countClubs: boolean): Tuple {
  const n = players.length;
  const odd = n % 2 === 1;
  const S = players.map((p) => Math.round(p.score * 2));
  const minByes = Math.min(...players.map((p) => p.byes));
  const candScores = Array.from(new Set(players.filter((p) => p.byes === minByes).map((p) => Math.round(p.score * 2)))).sort((a, b) => a - b);
  const lo = Math.min(...S);
  const hi = Math.max(...S);
  const pairs = Math.floor(n / 2);
  const clubUnit = 1;
  const spreadUnit = pairs + 1; // > max club count
  const byeUnit = spreadUnit * (pairs * (hi - lo) ** 2 + 1) + 1;
  const remUnit = byeUnit * (candScores.length + 1);
  const tri: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = players[i]!;
      const b = players[j]!;
      const ca = clubKey(a.club);
      const same = countClubs && ca !== null && ca === clubKey(b.club);
      tri.push([i, j, (met(a, b) ? remUnit : 0) + spreadUnit * (S[i]! - S[j]!) ** 2 + (same ? clubUnit : 0)]);
    }
    if (odd && players[i]!.byes === minByes) tri.push([i, n, byeUnit * candScores.indexOf(S[i]!)]);
  }
  const N = odd ? n + 1 : n;
  const mate = minCostPerfectMatching(N, edgeList(tri))!;
  let rematches = 0;
  let spread = 0;
  let clubs = 0;
  let byeScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const j = mate[i]!;
    if (j === n) {
      byeScore = players[i]!.score;
      continue;
    }
    if (j < i) continue;
    const a = players[i]!;
    const b = players[j]!;
    if (met(a, b)) rematches++;
    spread += (a.score - b.score) ** 2;
    const ca = clubKey(a.club);
    if (countClubs && ca !== null && ca === clubKey(b.club)) clubs++;
  }
  return { rematches, byeScore, spread, clubs };
}

export type Scoring = 'sr' | 'halves' | 'scale9';

interface SimPlayer {
  id: string;
  score: number;
  opponents: string[];
  byes: number;
  club: string | null;
  tables: number[];
}

export interface RoundRecord {
  round: number;
  players: SwissPlayer[];
  options: SwissOptions;
  result: SwissResult;
  stats: SwissStats;
}

/** Simulate a whole event; `onRound` sees every round after the first. */
export function simulateEvent(
  rng: Rng,
  opts: {
    players: number;
    rounds: number;
    scoring?: Scoring;
    dropRate?: number;
    clubs?: number; // 0 = no clubs
    avoidSameClub?: boolean;
    avoidSameTable?: boolean;
  },
  onRound: (rec: RoundRecord) => void,
): void {
  const scoring = opts.scoring ?? 'sr';
  let field: SimPlayer[] = Array.from({ length: opts.players }, (_, i) => ({
    id: `p${i}`,
    score: 0,
    opponents: [],
    byes: 0,
    club: opts.clubs ? (rng.next() < 0.7 ? `club${rng.int(opts.clubs)}` : null) : null,
    tables: [],
  }));
  const award = (p: SimPlayer, o: SimPlayer | null): void => {
    if (o === null) {
      p.score += scoring === 'scale9' ? 9 : 1;
      p.byes++;
      return;
    }
    if (scoring === 'sr') {
      if (rng.next() < 0.5) p.score += 1;
      else o.score += 1;
    } else if (scoring === 'halves') {
      const x = rng.next();
      if (x < 0.15) {
        p.score += 0.5;
        o.score += 0.5;
      } else if (x < 0.575) p.score += 1;
      else o.score += 1;
    } else {
      const x = rng.int(10);
      p.score += x;
      o.score += 9 - x;
    }
  };
  for (let round = 1; round <= opts.rounds; round++) {
    if (field.length === 0) return;
    let result: SwissResult;
    const options: SwissOptions = {
      seed: rng.int(2 ** 31),
      avoidSameClub: opts.avoidSameClub,
      avoidSameTable: opts.avoidSameTable,
    };
    if (round === 1) {
      result = pairFirstRound(
        field.map((p) => p.id),
        options.seed,
      );
    } else {
      const players: SwissPlayer[] = field.map((p) => ({
        id: p.id,
        score: p.score,
        opponents: p.opponents.slice(),
        byes: p.byes,
        club: p.club,
        tables: p.tables.slice(),
      }));
      const out = pairSwissWithStats(players, options);
      result = out.result;
      onRound({ round, players, options, result, stats: out.stats });
    }
    const byId = new Map(field.map((p) => [p.id, p]));
    for (const pr of result.pairings) {
      const a = byId.get(pr.a)!;
      const b = byId.get(pr.b)!;
      a.opponents.push(b.id);
      b.opponents.push(a.id);
      a.tables.push(pr.table);
      b.tables.push(pr.table);
      award(a, b);
    }
    if (result.bye !== null) award(byId.get(result.bye)!, null);
    const drop = opts.dropRate ?? 0;
    if (drop > 0) field = field.filter(() => rng.next() >= drop);
  }
}

export { createRng };
