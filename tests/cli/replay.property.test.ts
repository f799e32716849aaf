// An independent referee replays random SR2011 events through the command line only: `pair` for
// every round, results filled in here, `standings` checked after every round. It imports nothing
// from the domain's pairing or standings code (nor its RNG): every expectation below is computed
// from RULES.md section 1 by this file alone.
//
// The pairing objective it holds the engine to, in order: (1) nobody gets a second bye while an
// active player with fewer byes exists; (2) as few rematches as possible; (3) among the byes that
// reach (1) and (2), one at the lowest TP. (2) before (3) is RULES.md's "backtrack rather than
// accept a rematch" read as stronger than "random player among those with the lowest TP".
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { fakeIo } from './helpers';

type Id = string;

interface Side {
  cp: number;
  apd: number;
}
interface Result {
  winner: Id | null;
  how: string | null;
  a: Side;
  b: Side;
}
interface Pairing {
  table: number;
  a: Id;
  b: Id;
  result?: Result;
}
interface Round {
  number: number;
  scenario: string | null;
  variableMinutes: number | null;
  pairings: Pairing[];
  bye: Id | null;
  [extra: string]: unknown;
}
interface Player {
  id: Id;
  number: number;
  name: string;
  club?: string;
  dropped: boolean;
  droppedAfterRound: number | null;
  lists: unknown[];
}
interface Event {
  format: 'wargame-event';
  version: 1;
  system: 'sr2011';
  name: string;
  date: string;
  settings: { points: number; variants: string[]; rounds: number | null };
  players: Player[];
  rounds: Round[];
}
interface Row {
  rank: number;
  id: Id;
  name: string;
  tp: number;
  sos: number;
  cp: number;
  apd: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  dropped: boolean;
}

/** mulberry32, written out again so the referee shares no code with the engine */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return { int, chance: (p: number): boolean => next() < p, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}
type Prng = ReturnType<typeof prng>;

const SCENARIOS = [
  'overrun',
  'kill-box',
  'close-quarters',
  'gaining-ground',
  'process-of-elimination',
  'revelation',
  'incursion',
  'outflank-outfight-outlast',
  'capture-the-flag',
  'grind',
  'destruction',
  'the-gauntlet',
  'command-and-control',
  'diversion',
  'demolition',
  'sacrifice',
];
const VARIANT_SETS: string[][] = [[], [], ['lists:1'], ['accelerated-timing'], ['no-tiebreakers'], ['no-assassination', 'relaxed-timing']];
const CLUBS = ['Lyon', 'Paris', 'Nantes', undefined];

/** RULES.md: 8 or fewer 3, 9-16 4, 17-32 5, 33-64 6 */
const roundsFor = (players: number): number => (players <= 8 ? 3 : players <= 16 ? 4 : players <= 32 ? 5 : 6);

interface Tally {
  tp: number;
  cp: number;
  apd: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  opponents: Id[];
}

function tally(ev: Event): Map<Id, Tally> {
  const t = new Map<Id, Tally>(ev.players.map((p) => [p.id, { tp: 0, cp: 0, apd: 0, wins: 0, draws: 0, losses: 0, byes: 0, opponents: [] }]));
  for (const r of ev.rounds) {
    if (r.bye) {
      t.get(r.bye)!.tp += 1;
      t.get(r.bye)!.byes += 1;
    }
    for (const p of r.pairings) {
      if (!p.result) continue;
      for (const [me, side, other] of [
        [p.a, p.result.a, p.b],
        [p.b, p.result.b, p.a],
      ] as const) {
        const x = t.get(me)!;
        x.cp += side.cp;
        x.apd += side.apd;
        x.opponents.push(other);
        if (p.result.winner === null) x.draws += 1;
        else if (p.result.winner === me) (x.wins += 1), (x.tp += 1);
        else x.losses += 1;
      }
    }
  }
  return t;
}

const keyOf = (r: Pick<Row, 'tp' | 'sos' | 'cp' | 'apd'>): number[] => [r.tp, r.sos, r.cp, r.apd];
const compareKeys = (x: number[], y: number[]): number => {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
};

/** Fewest rematches over every perfect matching of `ids` (exact, bitmask DP; small fields only). */
function minRematches(ids: readonly Id[], met: (a: Id, b: Id) => boolean): number {
  const n = ids.length;
  const memo = new Int32Array(1 << n).fill(-1);
  const full = (1 << n) - 1;
  const f = (mask: number): number => {
    if (mask === full) return 0;
    if (memo[mask] !== -1) return memo[mask]!;
    let i = 0;
    while (mask & (1 << i)) i++;
    let best = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (mask & (1 << j)) continue;
      best = Math.min(best, (met(ids[i]!, ids[j]!) ? 1 : 0) + f(mask | (1 << i) | (1 << j)));
    }
    memo[mask] = best;
    return best;
  };
  return f(0);
}

const EXACT_LIMIT = 12;

/** Checks a new round against the event before it; returns the first broken rule, or null. */
function judgePairing(before: Event, round: Round): string | null {
  const t = tally(before);
  const active = before.players.filter((p) => !p.dropped).map((p) => p.id);
  const activeSet = new Set(active);
  if (round.number !== before.rounds.length + 1) return `round number ${round.number}`;
  const placed = [...round.pairings.flatMap((p) => [p.a, p.b]), ...(round.bye ? [round.bye] : [])];
  if (new Set(placed).size !== placed.length) return `a player is placed twice: ${placed.join(' ')}`;
  for (const id of placed) if (!activeSet.has(id)) return `${id} is paired but dropped or unknown`;
  if (placed.length !== active.length) return `not every active player is placed (${placed.length}/${active.length})`;
  if ((round.bye !== null) !== (active.length % 2 === 1)) return `bye ${round.bye} with ${active.length} active players`;
  if (round.pairings.some((p) => p.result !== undefined)) return 'a new pairing already has a result';
  const tables = round.pairings.map((p) => p.table).sort((a, b) => a - b);
  if (tables.some((x, i) => x !== i + 1)) return `tables ${tables.join(',')}`;

  const met = (a: Id, b: Id): boolean => t.get(a)!.opponents.includes(b);
  const rematches = round.pairings.filter((p) => met(p.a, p.b)).length;
  const minByes = Math.min(...active.map((id) => t.get(id)!.byes));
  const candidates = active.filter((id) => t.get(id)!.byes === minByes);
  const played = before.rounds.length;

  let bestRematches: number;
  let bestByeTp: number | null = null;
  if (active.length <= EXACT_LIMIT) {
    if (round.bye === null) bestRematches = minRematches(active, met);
    else {
      const options = candidates.map((c) => ({
        tp: t.get(c)!.tp,
        m: minRematches(
          active.filter((id) => id !== c),
          met,
        ),
      }));
      bestRematches = Math.min(...options.map((o) => o.m));
      bestByeTp = Math.min(...options.filter((o) => o.m === bestRematches).map((o) => o.tp));
    }
  } else {
    // Dirac: with n >= 2 x rounds + 2 every player still has at least half the field (the bye
    // aside) left to meet, so a rematch-free pairing exists around any bye
    if (active.length < 2 * played + 2) return null;
    bestRematches = 0;
    bestByeTp = round.bye === null ? null : Math.min(...candidates.map((c) => t.get(c)!.tp));
  }
  if (active.length >= 2 * played + 2 && rematches > 0) return `${rematches} rematch(es) in a field of ${active.length} after ${played} rounds`;
  if (rematches !== bestRematches) return `${rematches} rematch(es) where ${bestRematches} was possible`;
  if (round.bye !== null) {
    const bye = t.get(round.bye)!;
    if (bye.byes !== minByes) return `second bye for ${round.bye} while a player with ${minByes} byes exists`;
    if (bye.tp !== bestByeTp) return `bye for ${round.bye} on ${bye.tp} TP where ${bestByeTp} TP was possible`;
  }
  return null;
}

function judgeStandings(ev: Event, rows: Row[]): string | null {
  const t = tally(ev);
  if (rows.length !== ev.players.length) return `${rows.length} rows for ${ev.players.length} players`;
  const byId = new Map(ev.players.map((p) => [p.id, p]));
  const seen = new Set<Id>();
  for (const row of rows) {
    const p = byId.get(row.id);
    if (!p || seen.has(row.id)) return `row ${row.id} unknown or twice`;
    seen.add(row.id);
    const x = t.get(row.id)!;
    const want = {
      name: p.name,
      tp: x.wins + x.byes,
      sos: x.opponents.reduce((s, o) => s + t.get(o)!.tp, 0),
      cp: x.cp,
      apd: x.apd,
      wins: x.wins,
      draws: x.draws,
      losses: x.losses,
      byes: x.byes,
      dropped: p.dropped,
    };
    for (const [k, v] of Object.entries(want)) {
      if (row[k as keyof Row] !== v) return `${row.id}.${k} = ${String(row[k as keyof Row])}, expected ${String(v)}`;
    }
  }
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (i === 0) {
      if (row.rank !== 1) return `first rank ${row.rank}`;
      continue;
    }
    const prev = rows[i - 1]!;
    const c = compareKeys(keyOf(prev), keyOf(row));
    if (c < 0) return `${row.id} ranked below ${prev.id} with a better TP/SoS/CP/APD`;
    const rank = c === 0 ? prev.rank : i + 1;
    if (row.rank !== rank) return `${row.id} rank ${row.rank}, expected ${rank}`;
  }
  return null;
}

function playRound(round: Round, ev: Event, rng: Prng, usedScenarios: Set<string>): Round {
  const noTiebreakers = ev.settings.variants.includes('no-tiebreakers');
  const ways = ['scenario', 'clock', 'forfeit', ...(ev.settings.variants.includes('no-assassination') ? [] : ['assassination']), ...(noTiebreakers ? [] : ['tiebreak'])];
  const scenario = rng.pick(SCENARIOS.filter((s) => !usedScenarios.has(s)));
  usedScenarios.add(scenario);
  return {
    ...round,
    scenario,
    variableMinutes: 2 * (1 + rng.int(6)),
    pairings: round.pairings.map((p) => {
      const roll = rng.int(20);
      const winner = roll < 2 ? null : roll < 11 ? p.a : p.b;
      const how = winner === null ? rng.pick([null, 'tiebreak']) : rng.pick(ways);
      // 0 or 1 CP: below every scenario's end, so no score line is impossible (score-lines.ts)
      return { ...p, result: { winner, how, a: { cp: rng.int(2), apd: rng.int(76) }, b: { cp: rng.int(2), apd: rng.int(76) } } };
    }),
  };
}

async function cliRun(argv: string[], ev: Event): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, out } = fakeIo({ 'event.json': JSON.stringify(ev) });
  const code = await runCli(argv, io);
  return { code, ...out };
}

interface Totals {
  events: number;
  rounds: number;
  byes: number;
  drops: number;
  lateArrivals: number;
  refusals: number;
  exactChecks: number;
}

/** Plays one event; returns a description of the first broken rule, or null. */
async function replay(eventSeed: number, totals: Totals): Promise<string | null> {
  const rng = prng(eventSeed);
  const initial = 4 + rng.int(27);
  let nextNumber = 1;
  const newPlayer = (late: boolean): Player => {
    const n = nextNumber++;
    const club = rng.pick(CLUBS);
    return { id: `p${n}`, number: n, name: `${late ? 'Late' : 'Player'} ${n}`, ...(club ? { club } : {}), dropped: false, droppedAfterRound: null, lists: [] };
  };
  let ev: Event = {
    format: 'wargame-event',
    version: 1,
    system: 'sr2011',
    name: `Replay ${eventSeed}`,
    date: '2026-12-05',
    settings: { points: 50, variants: rng.pick(VARIANT_SETS), rounds: null },
    players: Array.from({ length: initial }, () => newPlayer(false)),
    rounds: [],
  };
  const usedScenarios = new Set<string>();
  const planned = roundsFor(initial);
  for (let number = 1; number <= planned; number++) {
    const where = `event seed ${eventSeed}, ${initial} players, round ${number}`;
    if (number > 1) {
      ev.players = ev.players.map((p) => {
        if (p.dropped || !rng.chance(0.05)) return p;
        totals.drops++;
        return { ...p, dropped: true, droppedAfterRound: number - 1 };
      });
      if (rng.chance(0.2)) {
        const late = 1 + rng.int(2);
        for (let i = 0; i < late; i++) ev.players.push(newPlayer(true));
        totals.lateArrivals += late;
      }
    }
    const active = ev.players.filter((p) => !p.dropped).length;
    const flags = [...(rng.chance(0.2) ? ['--avoid-same-club'] : []), ...(rng.chance(0.1) ? ['--avoid-same-table'] : [])];
    const seed = String(rng.int(2 ** 32));
    // --force: the referee plays the planned rounds whoever leads (the end of the event is event-end's test)
    const paired = await cliRun(['pair', 'event.json', '--seed', seed, '--force', ...flags], ev);
    if (active < 2) {
      totals.refusals++;
      if (paired.code !== 1 || !paired.stderr.startsWith('cannot pair:')) return `${where}: ${active} active players, exit ${paired.code}`;
      return null;
    }
    if (paired.code !== 0) return `${where}: pair exit ${paired.code}: ${paired.stderr}`;
    if (rng.chance(0.25)) {
      const again = await cliRun(['pair', 'event.json', '--seed', seed, '--force', ...flags], ev);
      if (again.stdout !== paired.stdout) return `${where}: seed ${seed} gave two different outputs`;
    }
    const out = JSON.parse(paired.stdout) as Event;
    const round = out.rounds[out.rounds.length - 1]!;
    if (JSON.stringify({ ...out, rounds: out.rounds.slice(0, -1) }) !== JSON.stringify(ev)) return `${where}: pair changed the event it was given`;
    if (active <= EXACT_LIMIT) totals.exactChecks++;
    const broken = judgePairing(ev, round);
    if (broken) return `${where} (seed ${seed} ${flags.join(' ')}): ${broken}`;
    if (round.bye) totals.byes++;
    ev = { ...ev, rounds: [...ev.rounds, playRound(round, ev, rng, usedScenarios)] };
    totals.rounds++;

    const standings = await cliRun(['standings', 'event.json'], ev);
    if (standings.code !== 0) return `${where}: standings exit ${standings.code}: ${standings.stderr}`;
    const wrong = judgeStandings(ev, JSON.parse(standings.stdout) as Row[]);
    if (wrong) return `${where}: standings: ${wrong}`;
  }
  totals.events++;
  return null;
}

describe('independent replay of random SR2011 events through the command line', () => {
  it('pairs and ranks every round by the rules', { timeout: 60_000 }, async () => {
    const totals: Totals = { events: 0, rounds: 0, byes: 0, drops: 0, lateArrivals: 0, refusals: 0, exactChecks: 0 };
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const failure = await replay(0x5eed0000 + i, totals);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    // the random events really reach the cases the rules talk about
    expect(totals.rounds).toBeGreaterThan(1000);
    expect(totals.byes).toBeGreaterThan(300);
    expect(totals.drops).toBeGreaterThan(50);
    expect(totals.lateArrivals).toBeGreaterThan(50);
    expect(totals.exactChecks).toBeGreaterThan(100);
  });
});

describe('the referee itself', () => {
  const player = (n: number, dropped = false): Player => ({ id: `p${n}`, number: n, name: `P${n}`, dropped, droppedAfterRound: dropped ? 1 : null, lists: [] });
  const win = (a: Id, b: Id, winner: Id | null, cp = 0, apd = 0): Pairing => ({
    table: 0,
    a,
    b,
    result: { winner, how: winner ? 'scenario' : null, a: { cp, apd }, b: { cp: 0, apd: 0 } },
  });
  const round = (number: number, pairs: Array<[Id, Id]>, bye: Id | null, results: Pairing[] = []): Round => ({
    number,
    scenario: null,
    variableMinutes: null,
    pairings: results.length > 0 ? results.map((p, i) => ({ ...p, table: i + 1 })) : pairs.map(([a, b], i) => ({ table: i + 1, a, b })),
    bye,
  });
  const event = (players: Player[], rounds: Round[]): Event => ({
    format: 'wargame-event',
    version: 1,
    system: 'sr2011',
    name: 'x',
    date: '2026-01-01',
    settings: { points: 50, variants: [], rounds: null },
    players,
    rounds,
  });
  // round 1 of five players: p1 beat p2, p3 beat p4, p5 had the bye
  const five = event(
    [1, 2, 3, 4, 5].map((n) => player(n)),
    [round(1, [], 'p5', [win('p1', 'p2', 'p1'), win('p3', 'p4', 'p3')])],
  );

  it('accepts a pairing that follows the rules', () => {
    expect(
      judgePairing(
        five,
        round(
          2,
          [
            ['p1', 'p3'],
            ['p5', 'p4'],
          ],
          'p2',
        ),
      ),
    ).toBeNull();
  });

  it.each([
    [
      'a second bye',
      round(
        2,
        [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ],
        'p5',
      ),
      /second bye for p5/,
    ],
    [
      'a bye above the lowest TP',
      round(
        2,
        [
          ['p5', 'p3'],
          ['p2', 'p4'],
        ],
        'p1',
      ),
      /bye for p1 on 1 TP where 0 TP was possible/,
    ],
    [
      'an avoidable rematch',
      round(
        2,
        [
          ['p1', 'p2'],
          ['p5', 'p3'],
        ],
        'p4',
      ),
      /rematch/,
    ],
    ['a player left out', round(2, [['p1', 'p3']], 'p2'), /not every active player/],
    [
      'a player placed twice',
      round(
        2,
        [
          ['p1', 'p3'],
          ['p3', 'p4'],
        ],
        'p2',
      ),
      /placed twice/,
    ],
    [
      'no bye in an odd field',
      round(
        2,
        [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ],
        null,
      ),
      /not every active player|bye null/,
    ],
  ])('catches %s', (_label, r, message) => {
    expect(judgePairing(five, r)).toMatch(message);
  });

  it('catches a dropped player paired', () => {
    const ev = { ...five, players: five.players.map((p) => (p.id === 'p5' ? player(5, true) : p)) };
    expect(
      judgePairing(
        ev,
        round(
          2,
          [
            ['p1', 'p3'],
            ['p5', 'p4'],
          ],
          'p2',
        ),
      ),
    ).toMatch(/p5 is paired but dropped/);
  });

  it('checks every standings field, the order and shared ranks', () => {
    const ev = event(
      [1, 2, 3, 4].map((n) => player(n)),
      [round(1, [], null, [win('p1', 'p2', 'p1', 3, 20), win('p3', 'p4', 'p3', 3, 20)])],
    );
    const row = (rank: number, n: number, tp: number, sos: number, cp: number, apd: number): Row => ({
      rank,
      id: `p${n}`,
      name: `P${n}`,
      tp,
      sos,
      cp,
      apd,
      wins: tp,
      draws: 0,
      losses: 1 - tp,
      byes: 0,
      dropped: false,
    });
    const good = [row(1, 1, 1, 0, 3, 20), row(1, 3, 1, 0, 3, 20), row(3, 2, 0, 1, 0, 0), row(3, 4, 0, 1, 0, 0)];
    expect(judgeStandings(ev, good)).toBeNull();
    expect(
      judgeStandings(
        ev,
        [good[2]!, good[1]!, good[0]!, good[3]!].map((r, i) => ({ ...r, rank: i + 1 })),
      ),
    ).toMatch(/ranked below|first rank|rank/);
    expect(judgeStandings(ev, [good[0]!, { ...good[1]!, rank: 2 }, good[2]!, good[3]!])).toMatch(/p3 rank 2, expected 1/);
    expect(judgeStandings(ev, [good[0]!, good[1]!, { ...good[2]!, sos: 0 }, good[3]!])).toMatch(/p2.sos = 0, expected 1/);
    expect(judgeStandings(ev, good.slice(0, 3))).toMatch(/3 rows for 4 players/);
  });
});
