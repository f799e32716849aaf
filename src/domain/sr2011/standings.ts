// SR2011 standings from an event file: the base order (TP, strength of schedule, CP, army points
// destroyed) and the annex standings variants. A pairing without a result does not count yet:
// no TP, no CP, and its opponent is not "faced" for the strength of schedule.
import type { EventFile, Pairing, Player, PlayerId, Round, SideResult } from '../event-file/types';
import { CASTER_VALUE } from './apd';
import { listTotal } from './lists';
import { standingsVariant, type StandingsVariant } from './variants';

export type StandingKey = 'tp' | 'sos' | 'cp' | 'apd' | 'scenarioWins' | 'assassinationWins' | 'survived';
export type DecidedBy = StandingKey | 'finalTable' | 'tied';

export interface StandingRow {
  rank: number;
  id: PlayerId;
  name: string;
  number: number;
  tp: number;
  /** strength of schedule: the current TP of every opponent faced, summed */
  sos: number;
  cp: number;
  apd: number;
  wins: number;
  draws: number;
  losses: number;
  scenarioWins: number;
  assassinationWins: number;
  /** survival standings only: friendly army points that survived, over all games */
  survived?: number;
  /**
   * survival standings only: games whose `survived` was not recorded, so the figure for them is
   * the estimate (list + 5 - opponent's APD), not the seed's count
   */
  survivedEstimated?: number;
  byes: number;
  dropped: boolean;
  /** opponents faced in counted games, in round order (a rematch appears twice) */
  opponents: PlayerId[];
  /** the key that put this row below the one above; null on the first row */
  decidedBy: DecidedBy | null;
}

export const BASE_ORDER: readonly StandingKey[] = ['tp', 'sos', 'cp', 'apd'];

/**
 * Each annex variant's order, exactly the keys the annex names after TP ("s'il n'est pas possible
 * de déterminer de vainqueur" = a TP tie). Final tables: the base order until the final tables are
 * played, then 1st-3rd by those games and "the rest by SoS then CP".
 */
export const STANDINGS_ORDERS: Record<StandingsVariant | 'base', readonly StandingKey[]> = {
  base: BASE_ORDER,
  'control-points-standings': ['tp', 'cp', 'sos'],
  'scenario-standings': ['tp', 'scenarioWins', 'sos', 'cp'],
  'assassination-standings': ['tp', 'assassinationWins', 'sos', 'cp'],
  'attrition-standings': ['tp', 'apd', 'sos', 'cp'],
  'survival-standings': ['tp', 'survived', 'sos', 'cp'],
  'final-tables': BASE_ORDER,
};
export const FINAL_TABLES_REST_ORDER: readonly StandingKey[] = ['tp', 'sos', 'cp'];

export function standingsOrder(variants: readonly string[]): readonly StandingKey[] {
  return STANDINGS_ORDERS[standingsVariant(variants) ?? 'base'];
}

type Tally = Omit<StandingRow, 'rank' | 'decidedBy' | 'sos'> & { survived: number; survivedEstimated: number };

/**
 * Survival: the side's recorded `survived` (counted at the table with armyPointsSurvived, the
 * seed's « Victoire et conditions de départage » counting). A game recorded without it falls
 * back to an estimate: the played list's model costs + 5 for the caster - the army points the
 * opponent destroyed, never below 0 (first list when no listIndex); the row counts such games.
 */
function survivedInGame(player: Player, own: SideResult, opponent: SideResult): number {
  if (typeof own.survived === 'number') return own.survived;
  const index = typeof own.listIndex === 'number' ? own.listIndex : 0;
  const list = player.lists[index] ?? player.lists[0];
  const total = list ? listTotal(list) + CASTER_VALUE : 0;
  return Math.max(0, total - opponent.apd);
}

/**
 * `survival`: whether the survival figures are wanted (only the survival standings read or show
 * them); the estimate reads every played list's models, a third of a 4,096-player tally.
 */
function tally(event: EventFile, survival: boolean): Map<PlayerId, Tally> {
  const rows = new Map<PlayerId, Tally>();
  const players = new Map(event.players.map((p) => [p.id, p]));
  for (const p of event.players) {
    rows.set(p.id, {
      id: p.id,
      name: p.name,
      number: p.number,
      tp: 0,
      cp: 0,
      apd: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      scenarioWins: 0,
      assassinationWins: 0,
      survived: 0,
      survivedEstimated: 0,
      byes: 0,
      dropped: p.dropped,
      opponents: [],
    });
  }
  const side = (r: Tally | undefined, id: PlayerId, own: SideResult, oppId: PlayerId, opp: SideResult, result: NonNullable<Pairing['result']>): void => {
    if (!r) return;
    r.cp += own.cp;
    r.apd += own.apd;
    r.opponents.push(oppId);
    if (survival) {
      r.survived += survivedInGame(players.get(id)!, own, opp);
      if (typeof own.survived !== 'number') r.survivedEstimated += 1;
    }
    if (result.winner === null) r.draws += 1;
    else if (result.winner === id) {
      r.tp += 1;
      r.wins += 1;
      if (result.how === 'scenario') r.scenarioWins += 1;
      if (result.how === 'assassination') r.assassinationWins += 1;
    } else r.losses += 1;
  };
  for (const round of event.rounds) {
    if (round.bye !== null) {
      const r = rows.get(round.bye);
      // a bye: 1 TP, 0 CP, 0 APD, no opponent
      if (r) {
        r.tp += 1;
        r.byes += 1;
      }
    }
    for (const pairing of round.pairings) {
      const result = pairing.result;
      if (!result) continue;
      side(rows.get(pairing.a), pairing.a, result.a, pairing.b, result.b, result);
      side(rows.get(pairing.b), pairing.b, result.b, pairing.a, result.a, result);
    }
  }
  return rows;
}

type Scored = Tally & { sos: number };

const compareBy =
  (keys: readonly StandingKey[]) =>
  (x: Scored, y: Scored): number => {
    for (const k of keys) {
      const d = (y[k] ?? 0) - (x[k] ?? 0);
      if (d !== 0) return d;
    }
    return x.number - y.number || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  };

/**
 * The rows in compareBy(keys)'s order, the keys read once per row into a typed array: the
 * comparator's key-by-name reads were most of a 4,096-player sort. The order is total (number,
 * then id, last), so it is the same order whatever the sort visits.
 */
function sortedBy(keys: readonly StandingKey[], rows: readonly Scored[]): Scored[] {
  const k = keys.length;
  const values = new Float64Array(rows.length * k);
  rows.forEach((r, i) => {
    for (let j = 0; j < k; j++) values[i * k + j] = r[keys[j]!] ?? 0;
  });
  const order = rows.map((_, i) => i);
  order.sort((x, y) => {
    for (let j = 0; j < k; j++) {
      const d = values[y * k + j]! - values[x * k + j]!;
      if (d !== 0) return d;
    }
    const rx = rows[x]!;
    const ry = rows[y]!;
    return rx.number - ry.number || (rx.id < ry.id ? -1 : rx.id > ry.id ? 1 : 0);
  });
  return order.map((i) => rows[i]!);
}

/**
 * A standings row from its tally, the fields in the order the JSON output has always had (the
 * tally's, then sos, rank, decidedBy), survival's two added by the caller when wanted; spelled
 * out instead of a rest-and-spread copy, a tenth of the standings at 4,096 players.
 */
const rowOf = (s: Scored, rank: number, decidedBy: DecidedBy | null): StandingRow => ({
  id: s.id,
  name: s.name,
  number: s.number,
  tp: s.tp,
  cp: s.cp,
  apd: s.apd,
  wins: s.wins,
  draws: s.draws,
  losses: s.losses,
  scenarioWins: s.scenarioWins,
  assassinationWins: s.assassinationWins,
  byes: s.byes,
  dropped: s.dropped,
  opponents: s.opponents,
  sos: s.sos,
  rank,
  decidedBy,
});

const firstDifference = (keys: readonly StandingKey[], above: Scored, row: Scored): StandingKey | null => keys.find((k) => (above[k] ?? 0) !== (row[k] ?? 0)) ?? null;

/** The round played as final tables: marked `finalTables: true` by the organizer when pairing it. */
export function finalTablesRound(event: Pick<EventFile, 'rounds'>): Round | null {
  for (let i = event.rounds.length - 1; i >= 0; i--) {
    const r = event.rounds[i]!;
    if (r.finalTables === true) return r;
  }
  return null;
}

const tablePairing = (round: Round, table: number): Pairing | undefined => round.pairings.find((p) => p.table === table);

/**
 * Final tables: table 1's winner is 1st and loser 2nd, table 2's winner 3rd; the source ranks
 * everything "beyond third place" by SoS then CP, so table 2's loser is not pinned to 4th. A
 * drawn final table (possible under "no tiebreakers") pins its two players in that table's
 * places, ordered between them by TP, SoS, CP; a drawn table 2 pins only the better one at 3rd.
 * Only played tables pin anything, table 1 first.
 */
function finalTablesPins(event: EventFile, byId: Map<PlayerId, Scored>): Scored[] {
  const round = finalTablesRound(event);
  if (!round) return [];
  const order = compareBy(FINAL_TABLES_REST_ORDER);
  const pins: Scored[] = [];
  const t1 = tablePairing(round, 1);
  if (!t1?.result) return pins;
  const [a1, b1] = [byId.get(t1.a), byId.get(t1.b)];
  if (!a1 || !b1) return pins;
  if (t1.result.winner === null) pins.push(...[a1, b1].sort(order));
  else pins.push(...(t1.result.winner === a1.id ? [a1, b1] : [b1, a1]));
  const t2 = tablePairing(round, 2);
  if (!t2?.result) return pins;
  const [a2, b2] = [byId.get(t2.a), byId.get(t2.b)];
  if (!a2 || !b2) return pins;
  if (t2.result.winner === null) pins.push([a2, b2].sort(order)[0]!);
  else pins.push(t2.result.winner === a2.id ? a2 : b2);
  return pins;
}

export function computeStandings(event: EventFile): StandingRow[] {
  const variant = standingsVariant(event.settings.variants);
  const tallies = tally(event, variant === 'survival-standings');
  // sos set on each tally in place (a copy per player was a fifth of the standings at 4,096);
  // the field lands last, where the copy put it
  const scored = [...tallies.values()] as Scored[];
  for (const t of scored) {
    let sos = 0;
    for (const o of t.opponents) sos += tallies.get(o)?.tp ?? 0;
    t.sos = sos;
  }
  let pins: Scored[] = [];
  let keys = standingsOrder(event.settings.variants);
  if (variant === 'final-tables') {
    pins = finalTablesPins(event, new Map(scored.map((s) => [s.id, s])));
    if (pins.length > 0) keys = FINAL_TABLES_REST_ORDER;
  }
  const pinned = new Set(pins.map((p) => p.id));
  const rest = sortedBy(
    keys,
    scored.filter((s) => !pinned.has(s.id)),
  );

  const rows: StandingRow[] = [];
  const push = (s: Scored, rank: number, decidedBy: DecidedBy | null): void => {
    const row = rowOf(s, rank, decidedBy);
    if (variant === 'survival-standings') {
      row.survived = s.survived;
      row.survivedEstimated = s.survivedEstimated;
    }
    rows.push(row);
  };
  pins.forEach((s, i) => push(s, i + 1, i === 0 ? null : 'finalTable'));
  rest.forEach((s, i) => {
    const position = pins.length + i + 1;
    if (i === 0) {
      push(s, position, pins.length > 0 ? 'finalTable' : null);
      return;
    }
    const above = rest[i - 1]!;
    const diff = firstDifference(keys, above, s);
    // a shared rank only when every key of the order is equal
    push(s, diff === null ? rows[rows.length - 1]!.rank : position, diff ?? 'tied');
  });
  return rows;
}

export type FinalTablesPairing = { ok: true; tables: Pairing[]; rest: PlayerId[] } | { ok: false; reason: 'fewer-than-four-players' };

/**
 * The last round under "final tables": 1st v 2nd on table 1, 3rd v 4th on table 2, from the
 * standings before that round (dropped players skipped). The rest are paired as usual from
 * table 3; the organizer marks the round `finalTables: true` so the standings know it.
 */
export function finalTablesPairing(standings: readonly Pick<StandingRow, 'id' | 'dropped'>[]): FinalTablesPairing {
  const active = standings.filter((r) => !r.dropped).map((r) => r.id);
  if (active.length < 4) return { ok: false, reason: 'fewer-than-four-players' };
  const [p1, p2, p3, p4, ...rest] = active as [PlayerId, PlayerId, PlayerId, PlayerId, ...PlayerId[]];
  return {
    ok: true,
    tables: [
      { table: 1, a: p1, b: p2 },
      { table: 2, a: p3, b: p4 },
    ],
    rest,
  };
}
