// Lord of the Rings (Sabertooth Games tournament game, seed 004) behind the GameSystem interface.
//
// Result sides: `points` (3-0, 2-1 or 1.5-1.5), `bodyCount` (survivors - losses) and `kills`;
// optional `camp`, `remainingValue`, `heroPoints`, `survivors`, `losses` and, on the game,
// `ending`, which are checked against the points when given.
// Standings: points; ties -> results between the tied players (only if every pair of them met);
// then body count; then kills; then a recorded duel; then the lowest player number.
// Settings this system reads:
// - `pairing`: 'swiss' (default) or 'round-robin' (the source gives no pairing method);
// - `duels`: [{ "players": [id, id], "winner": id }], the duels the organizer held to split
//   players still tied after kills;
// - `byePoints`: what a bye is worth, default 2 (the narrowest win, a points victory).
import type { EventFile, EventSettings, GameResult, Pairing, PlayerId, SideResult } from '../event-file/types';
import { byePointsProblems, byesProblems, choiceSettingProblems, resultProblems } from '../systems/event-checks';
import { checkDerived, checkResultFields, winnerSide } from '../systems/fields';
import { eventOverByMethod } from '../systems/event-over';
import type { GameSystem, ResultField, StandingRowBase, SystemProblem } from '../systems/game-system';
import { byValue, rankBySteps, type TieStep } from '../systems/ranking';
import { byePointsSetting, playerGames, roundByes, sideNumber, type PlayerGame } from '../systems/rounds';
import { pairRoundRobinRound } from '../systems/round-robin-round';
import { swissPairingWarnings, universalPairingWarnings } from '../systems/swap-warnings';
import { pairSwissRound } from '../systems/swiss-round';
import { LOTR_ENDINGS, pointsVictory, victoryOf, type PointsTally } from './outcome';

export interface LotrRow extends StandingRowBase {
  bodyCount: number;
  kills: number;
  /** total and points victories */
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** recorded duels won (settings.duels) */
  duelWins: number;
  opponents: PlayerId[];
}

export const LOTR_BYE_POINTS = 2;
export const LOTR_PAIRINGS = ['swiss', 'round-robin'] as const;

const RESULT_FIELDS: readonly ResultField[] = [
  { key: 'ending', scope: 'game', kind: 'choice', choices: LOTR_ENDINGS, required: false, label: { fr: 'Fin de partie', en: 'How the game ended' } },
  { key: 'points', scope: 'side', kind: 'number', min: 0, max: 3, required: true, label: { fr: 'Points (3-0, 2-1 ou 1,5-1,5)', en: 'Points (3-0, 2-1 or 1.5-1.5)' } },
  { key: 'bodyCount', scope: 'side', kind: 'integer', required: true, label: { fr: 'Solde de figurines (survivantes − perdues)', en: 'Body count (survivors − losses)' } },
  { key: 'kills', scope: 'side', kind: 'integer', min: 0, required: true, label: { fr: 'Éliminations (figurines adverses éliminées)', en: 'Kills (enemy models eliminated)' } },
  { key: 'camp', scope: 'side', kind: 'choice', choices: ['good', 'evil'], required: false, label: { fr: 'Camp (Bien / Mal)', en: 'Side (Good / Evil)' } },
  { key: 'remainingValue', scope: 'side', kind: 'number', min: 0, required: false, label: { fr: 'Valeur des figurines restantes', en: 'Value of the models left' } },
  { key: 'heroPoints', scope: 'side', kind: 'number', min: 0, required: false, label: { fr: 'Points dépensés en héros', en: 'Points spent on heroes' } },
  { key: 'survivors', scope: 'side', kind: 'integer', min: 0, required: false, label: { fr: 'Figurines survivantes', en: 'Models surviving' } },
  { key: 'losses', scope: 'side', kind: 'integer', min: 0, required: false, label: { fr: 'Figurines perdues', en: 'Models lost' } },
];

const TOTAL_ENDINGS = new Set(['frodo-killed', 'frodo-escaped', 'army-broken']);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function tallyOf(side: SideResult): PointsTally | null {
  const [remainingValue, heroPoints, survivors, losses, kills] = [num(side.remainingValue), num(side.heroPoints), num(side.survivors), num(side.losses), num(side.kills)];
  if (remainingValue === null || heroPoints === null || survivors === null || losses === null || kills === null) return null;
  return { remainingValue, heroPoints, survivors, losses, kills };
}

function validateLotrResult(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): SystemProblem[] {
  const out = checkResultFields(result, RESULT_FIELDS);
  const side = winnerSide(result, pairing);
  if (side === null) out.push({ path: 'winner', code: 'winner-not-in-game', params: { id: String(result.winner) } });
  const idOf = (s: 'a' | 'b' | null): string => (s === null ? 'null' : s === 'a' ? pairing.a : pairing.b);

  for (const s of ['a', 'b'] as const) {
    const [survivors, losses] = [num(result[s].survivors), num(result[s].losses)];
    if (survivors !== null && losses !== null) out.push(...checkDerived(`${s}.bodyCount`, result[s].bodyCount, survivors - losses));
    const [kills, opponentLosses] = [num(result[s].kills), num(result[s === 'a' ? 'b' : 'a'].losses)];
    if (kills !== null && opponentLosses !== null && kills !== opponentLosses)
      out.push({ path: `${s}.kills`, code: 'kills-not-opponent-losses', params: { kills, losses: opponentLosses }, warning: true });
  }
  const [campA, campB] = [result.a.camp, result.b.camp];
  if (typeof campA === 'string' && campA === campB) out.push({ path: 'b.camp', code: 'same-camp' });

  const [pa, pb] = [num(result.a.points), num(result.b.points)];
  if (pa === null || pb === null) return out;
  const kind = victoryOf(pa, pb);
  if (!kind) {
    out.push({ path: 'b.points', code: 'lotr-points-pair', params: { a: pa, b: pb } });
    return out;
  }
  const expected = kind.winner ?? 'draw';
  if (side !== null && side !== expected) out.push({ path: 'winner', code: 'winner-contradicts-points', params: { expected: idOf(kind.winner) } });

  const ending = typeof result.ending === 'string' ? result.ending : null;
  if (ending !== null && (LOTR_ENDINGS as readonly string[]).includes(ending)) {
    if (TOTAL_ENDINGS.has(ending) !== (kind.victory === 'total')) out.push({ path: 'ending', code: 'ending-contradicts-points', params: { ending } });
    const winnerCamp = kind.winner === null ? null : result[kind.winner].camp;
    const needed = ending === 'frodo-killed' ? 'evil' : ending === 'frodo-escaped' ? 'good' : null;
    if (needed !== null && typeof winnerCamp === 'string' && winnerCamp !== needed) out.push({ path: 'ending', code: 'ending-contradicts-camp', params: { ending, camp: needed } });
  }
  if (kind.victory !== 'total') {
    const [ta, tb] = [tallyOf(result.a), tallyOf(result.b)];
    if (ta && tb) {
      const judged = pointsVictory(ta, tb);
      if ((judged.winner ?? 'draw') !== expected)
        out.push({ path: 'winner', code: 'winner-contradicts-tiebreak', params: { step: judged.decidedBy, expected: idOf(judged.winner) } });
    }
  }
  return out;
}

type Tally = Omit<LotrRow, 'rank' | 'decidedBy'>;

/**
 * Head-to-head: only when every two of the tied players met; each one's points from the games
 * between them. The step is applied once to the whole tied group; players it leaves equal go on
 * to body count (the source lists the steps one after the other, without re-applying any).
 */
function headToHead(games: readonly PlayerGame[]): TieStep<Tally> {
  return {
    key: 'headToHead',
    split(group) {
      const ids = new Set(group.map((r) => r.id));
      const met = new Set(games.filter((g) => ids.has(g.id) && ids.has(g.opponent)).map((g) => `${g.id}|${g.opponent}`));
      for (const x of group) for (const y of group) if (x.id !== y.id && !met.has(`${x.id}|${y.id}`)) return [[...group]];
      const h2h = new Map(group.map((r) => [r.id, 0]));
      for (const g of games) if (ids.has(g.id) && ids.has(g.opponent)) h2h.set(g.id, h2h.get(g.id)! + sideNumber(g.own, 'points'));
      return byValue<Tally>('headToHead', (r) => h2h.get(r.id)!).split(group);
    },
  };
}

interface Duel {
  players: PlayerId[];
  winner: PlayerId;
}

export function recordedDuels(settings: EventSettings): Duel[] {
  if (!Array.isArray(settings.duels)) return [];
  return settings.duels.filter(
    (d): d is Duel =>
      typeof d === 'object' &&
      d !== null &&
      Array.isArray(d.players) &&
      d.players.every((p: unknown) => typeof p === 'string') &&
      typeof d.winner === 'string' &&
      d.players.includes(d.winner),
  );
}

/** A duel counts for the players still tied when its winner and at least one other duellist are among them. */
function duelStep(duels: readonly Duel[]): TieStep<Tally> {
  return {
    key: 'duel',
    split(group) {
      const ids = new Set(group.map((r) => r.id));
      const wins = new Map(group.map((r) => [r.id, 0]));
      for (const d of duels) if (ids.has(d.winner) && d.players.some((p) => p !== d.winner && ids.has(p))) wins.set(d.winner, wins.get(d.winner)! + 1);
      return byValue<Tally>('duel', (r) => wins.get(r.id)!).split(group);
    },
  };
}

function lotrStandings(event: EventFile): LotrRow[] {
  const rows = new Map<PlayerId, Tally>();
  for (const p of event.players)
    rows.set(p.id, {
      id: p.id,
      name: p.name,
      number: p.number,
      points: 0,
      bodyCount: 0,
      kills: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      byes: 0,
      duelWins: 0,
      dropped: p.dropped,
      opponents: [],
    });
  const bye = byePointsSetting(event.settings) ?? LOTR_BYE_POINTS;
  for (const round of event.rounds)
    for (const id of roundByes(round)) {
      const row = rows.get(id);
      if (row) (row.points += bye), (row.byes += 1);
    }
  const games = playerGames(event);
  for (const g of games) {
    const row = rows.get(g.id);
    if (!row) continue;
    row.opponents.push(g.opponent);
    row.points += sideNumber(g.own, 'points');
    row.bodyCount += sideNumber(g.own, 'bodyCount');
    row.kills += sideNumber(g.own, 'kills');
    if (g.result.winner === null) row.draws += 1;
    else if (g.result.winner === g.id) row.wins += 1;
    else row.losses += 1;
  }
  const duels = recordedDuels(event.settings);
  for (const d of duels) {
    const row = rows.get(d.winner);
    if (row) row.duelWins += 1;
  }
  const steps: TieStep<Tally>[] = [
    byValue('points', (r) => r.points),
    headToHead(games),
    byValue('bodyCount', (r) => r.bodyCount),
    byValue('kills', (r) => r.kills),
    duelStep(duels),
    byValue('number', (r) => r.number, 'asc'),
  ];
  return rankBySteps([...rows.values()], steps, (x, y) => x.number - y.number).map(({ item, rank, decidedBy }) => ({ ...item, rank, decidedBy }));
}

function duelProblems(event: EventFile): SystemProblem[] {
  const duels = event.settings.duels;
  if (duels === undefined || duels === null) return [];
  if (!Array.isArray(duels)) return [{ path: 'settings.duels', code: 'not-duel-list' }];
  const known = new Set(event.players.map((p) => p.id));
  const out: SystemProblem[] = [];
  duels.forEach((d: unknown, i) => {
    const path = `settings.duels[${i}]`;
    if (typeof d !== 'object' || d === null) return void out.push({ path, code: 'not-duel-list' });
    const { players, winner } = d as { players?: unknown; winner?: unknown };
    if (!Array.isArray(players) || players.length < 2) return void out.push({ path: `${path}.players`, code: 'duel-players' });
    players.forEach((id, k) => {
      if (typeof id !== 'string' || !known.has(id)) out.push({ path: `${path}.players[${k}]`, code: 'unknown-player-ref', params: { id: String(id) } });
    });
    if (typeof winner !== 'string' || !players.includes(winner)) out.push({ path: `${path}.winner`, code: 'duel-winner', params: { id: String(winner) } });
  });
  return out;
}

const usesRoundRobin = (settings: EventSettings): boolean => settings.pairing === 'round-robin';

export const LOTR_SYSTEM: GameSystem<LotrRow> = {
  id: 'lotr-sbg',
  names: { fr: 'Le Seigneur des Anneaux (Sabertooth Games)', en: 'The Lord of the Rings (Sabertooth Games)' },
  resultFields: () => RESULT_FIELDS,
  validateResult: validateLotrResult,
  scoreGame: (result) => ({ a: sideNumber(result.a, 'points'), b: sideNumber(result.b, 'points') }),
  byeScore: (settings) => byePointsSetting(settings) ?? LOTR_BYE_POINTS,
  computeStandings: lotrStandings,
  standingsOrder: () => ['points', 'headToHead', 'bodyCount', 'kills', 'duel', 'number'],
  standingsJson(row) {
    const { rank, id, name, points, bodyCount: bc, kills, ...rest } = row;
    return { rank, id, name, points, bodyCount: bc, kills, ...rest };
  },
  pairingMethod: (settings) => (usesRoundRobin(settings) ? { kind: 'round-robin' } : { kind: 'swiss' }),
  eventOver(event) {
    return eventOverByMethod(event, this.pairingMethod(event.settings));
  },
  pairNextRound: (event, options) => (usesRoundRobin(event.settings) ? pairRoundRobinRound(event, options) : pairSwissRound(event, lotrStandings(event), options)),
  // Swiss in LotR points (3/2/1.5/1/0, RULES.md 4); a round robin's circle is read back from the file, the organizer swaps in none
  pairingWarnings: (event, round) => (usesRoundRobin(event.settings) ? universalPairingWarnings(event, round) : swissPairingWarnings(event, round, lotrStandings)),
  clockProfile: () => 'lotr-30-50',
  // the source sets no army composition rule; only costs are checked
  validateLists: (player) =>
    player.lists.flatMap((list, i) => list.models.flatMap((m, j) => (!Number.isFinite(m.cost) || m.cost < 0 ? [{ code: 'bad-cost', params: { list: i, model: j } }] : []))),
  validateEvent: (event) => [
    ...choiceSettingProblems(event.settings, 'pairing', LOTR_PAIRINGS),
    ...byePointsProblems(event.settings),
    ...duelProblems(event),
    ...byesProblems(event),
    // a result handed back by an old (v1) table code has no body count or kills (no room there):
    // the game happened, so the file stays valid and says which table the desk must complete
    ...resultProblems(event, (result, pairing) =>
      validateLotrResult(result, pairing).map((p) =>
        p.code === 'field-required' && /(^|\.)(bodyCount|kills)$/.test(p.path) ? { ...p, code: 'tiebreak-to-complete', warning: true } : p,
      ),
    ),
  ],
};
