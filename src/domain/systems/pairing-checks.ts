// Checks that read a Swiss round already made (a file's, or one the organizer changed by hand)
// against the Swiss pairing order: players meet inside their score group, one player floats
// down from an odd group, and the bye goes to the lowest score (RULES.md 1, "Pairing"; the other
// Swiss systems pair by the same engine on their own points). They never pair: they look for one
// concrete better arrangement of the same players, and warn only when it exists, so an event the
// engine paired (it minimises rematches, then the bye's score, then the squared score spread,
// exactly) is never flagged. They read only a history of scores, meetings and byes, so they sit
// below the systems: `addRound` fills it with SR2011's TP, another system with its own points.
import type { EventFile, Pairing, PlayerId, Round } from '../event-file/types';

/** What the players had before a round: their score (`tp`: SR2011's TP, or a system's points), who met whom, byes. */
export interface PairingHistory {
  tp: Map<PlayerId, number>;
  /** each player's opponents so far, in the order played (a rematch appears twice) */
  opponents: Map<PlayerId, PlayerId[]>;
  byes: Map<PlayerId, number>;
}

export const emptyHistory = (): PairingHistory => ({ tp: new Map(), opponents: new Map(), byes: new Map() });

/**
 * Did x and y meet? Read from x's opponents, at most one per round played (the format's 100):
 * a key string per game in a set (`x|y`) cost a string built and hashed per game at every
 * validation, a sixth of `pair` on a 4,096-player file, and could take "a|b" v "c" for "a" v "b|c".
 */
export function haveMet(h: Pick<PairingHistory, 'opponents'>, x: PlayerId, y: PlayerId): boolean {
  const list = h.opponents.get(x);
  if (list === undefined) return false;
  for (let k = 0; k < list.length; k++) if (list[k] === y) return true;
  return false;
}

/** Records one meeting of x and y (both ways), as a game of a round does. */
export function recordMeeting(h: Pick<PairingHistory, 'opponents'>, x: PlayerId, y: PlayerId): void {
  meets(h.opponents, x, y);
  meets(h.opponents, y, x);
}

function meets(opponents: Map<PlayerId, PlayerId[]>, x: PlayerId, y: PlayerId): void {
  const list = opponents.get(x);
  if (list) list.push(y);
  else opponents.set(x, [y]);
}

/** Adds a round to the history in SR2011's TP, win 1, bye 1 (games without a result add their meeting, not TP). */
export function addRound(h: PairingHistory, r: Pick<Round, 'pairings' | 'bye'>): void {
  for (const p of r.pairings) {
    // appended in place: a copy per game made a long event's history quadratic in its rounds
    recordMeeting(h, p.a, p.b);
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
 * Can an arrangement of these seats (two tables, or three: a third re-seated with the floaters')
 * lower the squared TP spread while re-pairing a table not flagged yet? TP alone decide it, so
 * arrangements that cannot are skipped unread.
 */
function canFlag(seatTp: readonly number[], matchings: typeof MATCHINGS_6, flaggable: readonly boolean[]): boolean {
  let before = 0;
  for (let t = 0; t < seatTp.length; t += 2) before += (seatTp[t]! - seatTp[t + 1]!) ** 2;
  if (matchings === MATCHINGS_6) {
    // a third table kept whole leaves a two-table arrangement, which the pairs above already
    // tried: it flagged both tables or was not fresh and better. So the third's players are
    // re-seated with the floaters' tables, each at a cost of at least its squared TP distance
    // to the nearest of their players.
    const near = (x: number): number => Math.min((x - seatTp[0]!) ** 2, (x - seatTp[1]!) ** 2, (x - seatTp[2]!) ** 2, (x - seatTp[3]!) ** 2);
    if (near(seatTp[4]!) >= before || near(seatTp[5]!) >= before) return false;
  }
  for (const m of matchings) {
    if (matchings === MATCHINGS_6 && m.some(([i, j]) => i === 4 && j === 5)) continue;
    let after = 0;
    for (const [i, j] of m) after += (seatTp[i]! - seatTp[j]!) ** 2;
    if (after >= before) continue;
    // table t keeps its two players when the matching pairs seats 2t and 2t + 1
    for (let t = 0; t < flaggable.length; t++) if (flaggable[t] && !m.some(([i, j]) => i === 2 * t && j === 2 * t + 1)) return true;
  }
  return false;
}

/**
 * Tables paired across TP groups where two or three of the round's tables could have been
 * re-arranged among the same players with no rematch the round did not already have and a
 * smaller squared TP spread: the rules would have kept those players in their group. One finding
 * per table at most; `a` is the higher-TP player, `other` the better opponent found.
 */
export function pileSkips(pairings: readonly Pick<Pairing, 'table' | 'a' | 'b'>[], h: Pick<PairingHistory, 'tp' | 'opponents'>): PileSkip[] {
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
        if (!kept && haveMet(h, x, y)) {
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
  // An arrangement changes something only when one of its matchings lowers the squared spread
  // (TP alone decide that) while re-pairing a table not flagged yet: the others are skipped
  // unread, and the rest tried in the order the whole loops would try them, so the findings
  // are the same and a long event's file costs what its few candidate arrangements cost.
  const tps = (tables: readonly Pick<Pairing, 'a' | 'b'>[]): number[] => tables.flatMap((p) => [tp(p.a), tp(p.b)]);
  const crossTp = cross.map((p) => tps([p]));
  for (let i = 0; i < cross.length; i++)
    for (let j = i + 1; j < cross.length; j++) {
      const flaggable = [!flagged.has(cross[i]!.table), !flagged.has(cross[j]!.table)];
      if (canFlag([...crossTp[i]!, ...crossTp[j]!], MATCHINGS_4, flaggable)) tryArrangement([cross[i]!, cross[j]!], MATCHINGS_4);
    }
  // a third table of any kind can close the chain (two floaters whose opponents already met)
  if (cross.length * cross.length * pairings.length <= TRIPLE_BUDGET) {
    // the third tables by their players' TP (lower first): the spread an arrangement reaches
    // depends on nothing else
    const byTp = new Map<string, { lo: number; hi: number; at: number[] }>();
    pairings.forEach((p, at) => {
      const [lo, hi] = tp(p.a) <= tp(p.b) ? [tp(p.a), tp(p.b)] : [tp(p.b), tp(p.a)];
      const key = `${lo}|${hi}`;
      const group = byTp.get(key);
      if (group) group.at.push(at);
      else byTp.set(key, { lo, hi, at: [at] });
    });
    for (let i = 0; i < cross.length; i++)
      for (let j = i + 1; j < cross.length; j++) {
        const flaggable = [!flagged.has(cross[i]!.table), !flagged.has(cross[j]!.table), true];
        if (!flaggable[0] && !flaggable[1]) continue;
        const seatTp = [...crossTp[i]!, ...crossTp[j]!, 0, 0];
        // flags only grow: a group that cannot flag anything now never will for this pair
        const thirds: number[] = [];
        for (const g of byTp.values()) {
          seatTp[4] = g.lo;
          seatTp[5] = g.hi;
          flaggable[2] = g.lo !== g.hi;
          if (canFlag(seatTp, MATCHINGS_6, flaggable)) for (const at of g.at) thirds.push(at);
        }
        thirds.sort((x, y) => x - y);
        for (const at of thirds) {
          const third = pairings[at]!;
          if (third === cross[i] || third === cross[j]) continue;
          if (flagged.has(cross[i]!.table) && flagged.has(cross[j]!.table)) break;
          tryArrangement([cross[i]!, cross[j]!, third], MATCHINGS_6);
        }
      }
  }
  return [...flagged.values()].sort((x, y) => x.table - y.table);
}

/**
 * Could these players all be paired with no rematch? Small exact search, Dirac's bound first.
 * `opponents`: each player's opponents so far (PairingHistory's), a rematch appearing twice.
 */
export function rematchFreePossible(players: readonly string[], opponents: ReadonlyMap<string, readonly string[]>): boolean {
  const n = players.length;
  if (n % 2 === 1) return false;
  // nobody played n/2 games: nobody can have met n/2 of these players (the whole count below
  // is only needed in small fields, and it is a set per player)
  let longest = 0;
  for (const x of players) longest = Math.max(longest, opponents.get(x)?.length ?? 0);
  if (longest <= n / 2 - 1) return true;
  const seated = new Set(players);
  let most = 0;
  for (const x of players) {
    const games = opponents.get(x);
    if (games && games.length > most) most = Math.max(most, new Set(games.filter((y) => seated.has(y))).size);
  }
  // every player still has n/2 fresh opponents: a rematch-free pairing exists at once
  if (most <= n / 2 - 1) return true;
  // dense history, so a small field (at most twice the rounds): depth-first over indices, in
  // the order and with the step budget of the search on names it replaced, so the answers are
  // the same; an exhausted budget answers "no" (no warning)
  const ids = [...seated];
  const index = new Map(ids.map((id, i) => [id, i]));
  const m = ids.length;
  const metAt = new Uint8Array(m * m);
  ids.forEach((x, i) => {
    for (const y of opponents.get(x) ?? []) {
      const j = index.get(y);
      if (j !== undefined && j !== i) metAt[i * m + j] = metAt[j * m + i] = 1;
    }
  });
  // no perfect pairing at all (an odd group who met everyone else, say): the search below could
  // only spend its whole budget before saying so; Edmonds' matching says it in O(n^3)
  if (m === n && !perfectMatchingExists(m, metAt)) return false;
  const free = new Set(players.map((id) => index.get(id)!));
  let steps = 0;
  const solve = (): boolean => {
    if (free.size === 0) return true;
    if (++steps > 200_000) return false;
    const x = free.values().next().value!;
    free.delete(x);
    for (const y of [...free]) {
      if (metAt[x * m + y] === 1) continue;
      free.delete(y);
      if (solve()) return true;
      free.add(y);
    }
    free.add(x);
    return false;
  };
  return solve();
}

/**
 * Whether the players 0..n-1 can all be paired with no pair whose `met[i * n + j]` is 1: Edmonds'
 * blossom algorithm for a maximum matching (augmenting paths found breadth-first, odd cycles
 * shrunk), iterative, O(n^3) on these at most a few hundred players.
 */
function perfectMatchingExists(n: number, met: Uint8Array): boolean {
  if (n % 2 === 1) return false;
  const match = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const used = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const onPath = new Uint8Array(n);
  const queue = new Int32Array(n);
  const free = (v: number, u: number): boolean => v !== u && met[v * n + u] === 0;
  const lca = (a: number, b: number): number => {
    onPath.fill(0);
    for (;;) {
      a = base[a]!;
      onPath[a] = 1;
      if (match[a] === -1) break;
      a = parent[match[a]!]!;
    }
    for (;;) {
      b = base[b]!;
      if (onPath[b]) return b;
      b = parent[match[b]!]!;
    }
  };
  const markPath = (v: number, b: number, child: number): void => {
    while (base[v] !== b) {
      inBlossom[base[v]!] = inBlossom[base[match[v]!]!] = 1;
      parent[v] = child;
      child = match[v]!;
      v = parent[match[v]!]!;
    }
  };
  const augmentFrom = (root: number): number => {
    used.fill(0);
    parent.fill(-1);
    for (let i = 0; i < n; i++) base[i] = i;
    used[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (let to = 0; to < n; to++) {
        if (!free(v, to) || base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]!] !== -1)) {
          const b = lca(v, to);
          inBlossom.fill(0);
          markPath(v, b, to);
          markPath(to, b, v);
          for (let i = 0; i < n; i++) {
            if (!inBlossom[base[i]!]) continue;
            base[i] = b;
            if (!used[i]) {
              used[i] = 1;
              queue[tail++] = i;
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          used[match[to]!] = 1;
          queue[tail++] = match[to]!;
        }
      }
    }
    return -1;
  };
  // a greedy start, then one augmenting path per player still alone
  for (let v = 0; v < n; v++)
    for (let u = v + 1; u < n && match[v] === -1; u++)
      if (match[u] === -1 && free(v, u)) {
        match[v] = u;
        match[u] = v;
      }
  for (let root = 0; root < n; root++) {
    if (match[root] !== -1) continue;
    let v = augmentFrom(root);
    if (v === -1) return false;
    while (v !== -1) {
      const pv = parent[v]!;
      const next = match[pv]!;
      match[v] = pv;
      match[pv] = v;
      v = next;
    }
  }
  return true;
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
    if (rematchFreePossible(players, h.opponents)) return { bye, other, tpBye: tp(bye), tpOther: tp(other) };
  }
  return null;
}
