// Confrontation scenarios with the Confédération du Dragon Rouge scoring (seed 003) behind the
// GameSystem interface: each player's VP of the scenario's three conditions give 9..0 TP; the
// standings are TP then goal-average; Swiss pairing on TP.
//
// Result sides: `vp` (0..3, the two adding up to 3 at most), `apd` = the strategic value of the
// opponent's losses, whatever their cause (the format's "army points destroyed"), and an optional
// scenario `bonus` in PA (capped at 100 when scored). A bye is worth the narrowest win (1-0: 6 TP)
// and a goal-average of 0, unless settings.byePoints says otherwise.
import type { EventFile, EventSettings, GameResult, Pairing, Player, PlayerId } from '../event-file/types';
import { byePointsProblems, byesProblems, resultProblems } from '../systems/event-checks';
import { checkDerived, checkResultFields, winnerSide } from '../systems/fields';
import { eventOverByMethod } from '../systems/event-over';
import type { GameSystem, ListProblem, ResultField, StandingRowBase, SystemProblem } from '../systems/game-system';
import { byValue, rankBySteps } from '../systems/ranking';
import { byePointsSetting, playerGames, roundByes, sideNumber } from '../systems/rounds';
import { swissPairingWarnings } from '../systems/swap-warnings';
import { pairSwissRound } from '../systems/swiss-round';
import { commanderCandidates, isChampion } from './army';
import { CDR_CONDITIONS, cdrTournamentPoints, goalAverage } from './cdr-scoring';

export interface CdrRow extends StandingRowBase {
  tp: number;
  goalAverage: number;
  /** victory points summed over the games */
  vp: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  opponents: PlayerId[];
}

/** TP of the narrowest win (1 VP to 0). */
export const CDR_BYE_TP = 6;

const RESULT_FIELDS: readonly ResultField[] = [
  { key: 'vp', scope: 'side', kind: 'integer', min: 0, max: CDR_CONDITIONS, required: true, label: { fr: 'Points de victoire (PV, 0 à 3)', en: 'Victory points (VP, 0 to 3)' } },
  { key: 'apd', scope: 'side', kind: 'number', min: 0, required: true, label: { fr: 'Pertes adverses (valeur stratégique, PA)', en: "Opponent's losses (strategic value, PA)" } },
  {
    key: 'bonus',
    scope: 'side',
    kind: 'number',
    min: 0,
    required: false,
    label: { fr: 'Bonus du scénario (PA ; 100 au plus comptés)', en: 'Scenario bonus (PA; at most 100 counted)' },
  },
  { key: 'tp', scope: 'side', kind: 'integer', min: 0, max: 9, required: false, derived: true, label: { fr: 'Points de tournoi', en: 'Tournament points' } },
  { key: 'goalAverage', scope: 'side', kind: 'number', required: false, derived: true, label: { fr: 'Goal-average', en: 'Goal-average' } },
];

const vpOf = (side: GameResult['a']): number => sideNumber(side, 'vp');

/** A side's goal-average in one game. */
export function gameGoalAverage(own: GameResult['a'], opp: GameResult['a']): number {
  return goalAverage({ enemyLosses: sideNumber(own, 'apd'), ownLosses: sideNumber(opp, 'apd'), bonus: sideNumber(own, 'bonus') });
}

function validateCdrResult(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): SystemProblem[] {
  const out = checkResultFields(result, RESULT_FIELDS);
  const side = winnerSide(result, pairing);
  if (side === null) out.push({ path: 'winner', code: 'winner-not-in-game', params: { id: String(result.winner) } });
  const [a, b] = [result.a.vp, result.b.vp];
  // a VP the field checks refused already says what is wrong
  const valid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= CDR_CONDITIONS;
  if (!valid(a) || !valid(b)) return out;
  if (a + b > CDR_CONDITIONS) {
    out.push({ path: 'b.vp', code: 'vp-over-conditions', params: { a, b, max: CDR_CONDITIONS } });
    return out;
  }
  // "le joueur qui en possède le plus au terme de la partie remporte la bataille"
  const expected = a > b ? 'a' : b > a ? 'b' : 'draw';
  if (side !== null && side !== expected)
    out.push({ path: 'winner', code: 'winner-contradicts-vp', params: { expected: expected === 'draw' ? 'null' : expected === 'a' ? pairing.a : pairing.b } });
  out.push(
    ...checkDerived('a.tp', result.a.tp, cdrTournamentPoints(a, b)!),
    ...checkDerived('b.tp', result.b.tp, cdrTournamentPoints(b, a)!),
    ...checkDerived('a.goalAverage', result.a.goalAverage, gameGoalAverage(result.a, result.b)),
    ...checkDerived('b.goalAverage', result.b.goalAverage, gameGoalAverage(result.b, result.a)),
  );
  return out;
}

type Tally = Omit<CdrRow, 'rank' | 'decidedBy'>;

function cdrStandings(event: EventFile): CdrRow[] {
  const rows = new Map<PlayerId, Tally>();
  for (const p of event.players)
    rows.set(p.id, { id: p.id, name: p.name, number: p.number, points: 0, tp: 0, goalAverage: 0, vp: 0, wins: 0, draws: 0, losses: 0, byes: 0, dropped: p.dropped, opponents: [] });
  const bye = byePointsSetting(event.settings) ?? CDR_BYE_TP;
  for (const round of event.rounds)
    for (const id of roundByes(round)) {
      const row = rows.get(id);
      if (row) (row.tp += bye), (row.byes += 1);
    }
  for (const g of playerGames(event)) {
    const row = rows.get(g.id);
    if (!row) continue;
    const [own, opp] = [vpOf(g.own), vpOf(g.opp)];
    row.opponents.push(g.opponent);
    row.vp += own;
    row.tp += cdrTournamentPoints(own, opp) ?? 0;
    row.goalAverage += gameGoalAverage(g.own, g.opp);
    if (own > opp) row.wins += 1;
    else if (own < opp) row.losses += 1;
    else row.draws += 1;
  }
  const steps = [byValue<Tally>('tp', (r) => r.tp), byValue<Tally>('goalAverage', (r) => r.goalAverage)];
  return rankBySteps([...rows.values()], steps, (x, y) => x.number - y.number).map(({ item, rank, decidedBy }) => ({ ...item, points: item.tp, rank, decidedBy }));
}

/**
 * The source (a scenarios chapter) sets no army size: a list may not pass the event's points.
 * Champions are marked `champion: true`; the commander, the most expensive champion, must be the
 * first line of the army sheet (XX-B-1).
 */
export function validateCdrLists(player: Pick<Player, 'lists'>, settings: Pick<EventSettings, 'points'>): ListProblem[] {
  if (player.lists.length === 0) return [{ code: 'no-list' }];
  const out: ListProblem[] = [];
  player.lists.forEach((list, i) => {
    if (list.models.length === 0) out.push({ code: 'no-model', params: { list: i } });
    list.models.forEach((m, j) => {
      if (!Number.isFinite(m.cost) || m.cost < 0) out.push({ code: 'bad-cost', params: { list: i, model: j } });
    });
    const total = list.models.reduce((s, m) => s + m.cost, 0);
    if (total > settings.points) out.push({ code: 'army-over-cap', params: { list: i, total, max: settings.points } });
    const candidates = commanderCandidates(list.models);
    const first = list.models[0];
    if (candidates.length > 0 && (!first || !isChampion(first) || !candidates.includes(first)))
      out.push({ code: 'commander-not-first', params: { list: i, commander: candidates.map((m) => m.name).join(' / ') } });
  });
  return out;
}

export const CDR_SYSTEM: GameSystem<CdrRow> = {
  id: 'confrontation-cdr',
  names: { fr: 'Confrontation (scénarios, barème CDR)', en: 'Confrontation (scenarios, CDR scoring)' },
  resultFields: () => RESULT_FIELDS,
  validateResult: validateCdrResult,
  scoreGame(result) {
    const [a, b] = [vpOf(result.a), vpOf(result.b)];
    return { a: cdrTournamentPoints(a, b) ?? 0, b: cdrTournamentPoints(b, a) ?? 0 };
  },
  byeScore: (settings) => byePointsSetting(settings) ?? CDR_BYE_TP,
  computeStandings: cdrStandings,
  standingsOrder: () => ['tp', 'goalAverage'],
  standingsJson(row) {
    const { rank, id, name, tp, goalAverage: ga, points: _points, ...rest } = row;
    return { rank, id, name, tp, goalAverage: ga, ...rest };
  },
  pairingMethod: () => ({ kind: 'swiss' }),
  eventOver(event) {
    return eventOverByMethod(event, this.pairingMethod(event.settings));
  },
  pairNextRound: (event, options) => pairSwissRound(event, cdrStandings(event), options),
  // Swiss in the table's 9..0 TP (RULES.md 3)
  pairingWarnings: (event, round) => swissPairingWarnings(event, round, cdrStandings),
  clockProfile: () => 'none',
  validateLists: (player, settings) => validateCdrLists(player, settings),
  validateEvent: (event) => [...byePointsProblems(event.settings), ...byesProblems(event), ...resultProblems(event, validateCdrResult)],
};
