// The pairing checks as they were written first (before issue 23 made them fast on large files):
// plain loops over every arrangement and a search on names. Kept as the reference the property
// test holds the fast ones to: the same findings, in the same order, on random events.
import type { EventFile, Pairing, PlayerId, Round } from '../../../src/domain/event-file/types';

export const pairKey = (x: string, y: string): string => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** What the players had before a round: TP (win 1, bye 1), who met whom, byes. */
export interface PairingHistory {
  tp: Map<PlayerId, number>;
  met: Set<string>;
  opponents: Map<PlayerId, PlayerId[]>;
  byes: Map<PlayerId, number>;
}

export const emptyHistory = (): PairingHistory => ({ tp: new Map(), met: new Set(), opponents: new Map(), byes: new Map() });

/** Adds a round to the history (games without a result add their meeting, not TP). */
export function addRound(h: PairingHistory, r: Pick<Round, 'pairings' | 'bye'>): void {
  for (const p of r.pairings) {
    h.met.add(pairKey(p.a, p.b));
    h.opponents.set(p.a, [...(h.opponents.get(p.a) ?? []), p.b]);
    h.opponents.set(p.b, [...(h.opponents.get(p.b) ?? []), p.a]);
    const w = p.result?.winner;
    if (w === p.a || w === p.b) h.tp.set(w, (h.tp.get(w) ?? 0) + 1);
  }
  if (r.bye !== null) {
    h.tp.set(r.bye, (h.tp.get(r.bye) ?? 0) + 1);
    h.byes.set(r.bye, (h.byes.get(r.bye) ?? 0) + 1);
  }
}

/** The history before round `number` (rounds with a smaller number). */
export function historyBefore(event: Pick<EventFile, 'rounds'>, number: number): PairingHistory {
  const h = emptyHistory();
  for (const r of event.rounds) if (r.number < number) addRound(h, r);
  return h;
}

export interface PileSkip {
  table: number;
  /** the player of the higher TP group who was paired outside it */
  a: PlayerId;
  b: PlayerId;
  /** a player `a` never met who could have been `a`'s opponent instead */
  other: PlayerId;
  tpA: number;
  tpB: number;
  tpOther: number;
}

/** the 15 ways of pairing 6 seats (indices into a 6-tuple), the 3 of 4 seats are among them */
const MATCHINGS_6: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = (() => {
  const out: Array<Array<[number, number]>> = [];
  const rec = (left: number[], acc: Array<[number, number]>): void => {
    if (left.length === 0) return void out.push(acc);
    const [x, ...rest] = left;
    rest.forEach((y, i) => rec([...rest.slice(0, i), ...rest.slice(i + 1)], [...acc, [x!, y]]));
  };
  rec([0, 1, 2, 3, 4, 5], []);
  return out;
})();
const MATCHINGS_4: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [
    [0, 2],
    [1, 3],
  ],
  [
    [0, 3],
    [1, 2],
  ],
];

/** Past this many cross-group tables only pairs of them are tried (a file, not a Swiss round). */
const TRIPLE_BUDGET = 2_000_000;
/** Past this many the round was not paired by TP groups at all: nothing to compare it with. */
const MAX_CROSS = 512;

/**
 * Tables paired across TP groups where two or three of the round's tables could have been
 * re-arranged among the same players with no rematch the round did not already have and a
 * smaller squared TP spread: the rules would have kept those players in their group. One finding
 * per table at most; `a` is the higher-TP player, `other` the better opponent found.
 */
export function pileSkips(pairings: readonly Pick<Pairing, 'table' | 'a' | 'b'>[], h: Pick<PairingHistory, 'tp' | 'met'>): PileSkip[] {
  const tp = (id: PlayerId): number => h.tp.get(id) ?? 0;
  const cost = (x: PlayerId, y: PlayerId): number => (tp(x) - tp(y)) ** 2;
  const cross = pairings.filter((p) => tp(p.a) !== tp(p.b));
  if (cross.length === 0 || cross.length > MAX_CROSS) return [];
  const flagged = new Map<number, PileSkip>();
  const tryArrangement = (tables: readonly Pick<Pairing, 'table' | 'a' | 'b'>[], matchings: typeof MATCHINGS_6): void => {
    const seats = tables.flatMap((p) => [p.a, p.b]);
    const before = tables.reduce((s, p) => s + cost(p.a, p.b), 0);
    for (const m of matchings) {
      let after = 0;
      let fresh = true;
      for (const [i, j] of m) {
        const x = seats[i]!;
        const y = seats[j]!;
        // a pair the round already has may stay; any other pair must be a first meeting
        const kept = tables.some((p) => (p.a === x && p.b === y) || (p.a === y && p.b === x));
        if (!kept && h.met.has(pairKey(x, y))) {
          fresh = false;
          break;
        }
        after += cost(x, y);
      }
      if (!fresh || after >= before) continue;
      for (const p of tables) {
        if (tp(p.a) === tp(p.b) || flagged.has(p.table)) continue;
        const [hi, lo] = tp(p.a) > tp(p.b) ? [p.a, p.b] : [p.b, p.a];
        const pair = m.find(([i, j]) => seats[i] === hi || seats[j] === hi)!;
        const other = seats[pair[0]] === hi ? seats[pair[1]]! : seats[pair[0]]!;
        if (other === lo) continue;
        flagged.set(p.table, { table: p.table, a: hi, b: lo, other, tpA: tp(hi), tpB: tp(lo), tpOther: tp(other) });
      }
      return;
    }
  };
  for (let i = 0; i < cross.length; i++) for (let j = i + 1; j < cross.length; j++) tryArrangement([cross[i]!, cross[j]!], MATCHINGS_4);
  // a third table of any kind can close the chain (two floaters whose opponents already met)
  if (cross.length * cross.length * pairings.length <= TRIPLE_BUDGET) {
    for (let i = 0; i < cross.length; i++)
      for (let j = i + 1; j < cross.length; j++)
        for (const third of pairings) {
          if (third === cross[i] || third === cross[j]) continue;
          if (flagged.has(cross[i]!.table) && flagged.has(cross[j]!.table)) break;
          tryArrangement([cross[i]!, cross[j]!, third], MATCHINGS_6);
        }
  }
  return [...flagged.values()].sort((x, y) => x.table - y.table);
}

/** Could these players all be paired with no rematch? Small exact search, Dirac's bound first. */
export function rematchFreePossible(players: readonly string[], met: ReadonlySet<string>, opponents: ReadonlyMap<string, readonly string[]>): boolean {
  const n = players.length;
  if (n % 2 === 1) return false;
  const seated = new Set(players);
  let most = 0;
  for (const x of players) most = Math.max(most, new Set((opponents.get(x) ?? []).filter((y) => seated.has(y))).size);
  // every player still has n/2 fresh opponents: a rematch-free pairing exists at once
  if (most <= n / 2 - 1) return true;
  // dense history, so a small field: depth-first; an exhausted budget answers "no" (no warning)
  const free = new Set(players);
  let steps = 0;
  const solve = (): boolean => {
    if (free.size === 0) return true;
    if (++steps > 200_000) return false;
    const x = [...free][0]!;
    free.delete(x);
    for (const y of [...free]) {
      if (met.has(pairKey(x, y))) continue;
      free.delete(y);
      if (solve()) return true;
      free.add(y);
    }
    free.add(x);
    return false;
  };
  return solve();
}

export interface ByeAboveLowest {
  bye: PlayerId;
  /** a seated player with fewer TP and no more byes who could have sat out instead */
  other: PlayerId;
  tpBye: number;
  tpOther: number;
}

/** Lower-TP players tried as the bye before giving up (each try may search). */
const BYE_TRIES = 16;

/**
 * The bye went above the lowest TP: a seated player with fewer TP, and no more byes than the bye
 * player, could have sat out while everyone else still played a first meeting (the RULES.md
 * decision lets a rematch move the bye up, nothing else). Round 1's bye is random: not judged.
 */
export function byeAboveLowest(round: Pick<Round, 'pairings' | 'bye'>, h: PairingHistory): ByeAboveLowest | null {
  const bye = round.bye;
  if (bye === null) return null;
  const tp = (id: PlayerId): number => h.tp.get(id) ?? 0;
  const byes = (id: PlayerId): number => h.byes.get(id) ?? 0;
  const seated = round.pairings.flatMap((p) => [p.a, p.b]);
  const lower = seated.filter((id) => tp(id) < tp(bye) && byes(id) <= byes(bye)).sort((x, y) => tp(x) - tp(y));
  for (const other of lower.slice(0, BYE_TRIES)) {
    const players = [...seated.filter((id) => id !== other), bye];
    if (rematchFreePossible(players, h.met, h.opponents)) return { bye, other, tpBye: tp(bye), tpOther: tp(other) };
  }
  return null;
}
