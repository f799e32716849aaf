// The two official formats of the Rackham tournament rules (seed 001): the 200-PA challenge
// (a knockout event) and the 500-point game (a points event). An event's format is its size:
// settings.points 500 is the 500-point variant, anything else the 200-PA challenge.
import type { ArmyList, EventSettings, ListModel, Player } from '../event-file/types';
import type { ListProblem } from '../systems/game-system';
import { CHALLENGE_PA, POINTS_500 } from './reference';

export type RackhamFormat = 'challenge' | 'points-500';

export const rackhamFormat = (settings: Pick<EventSettings, 'points'>): RackhamFormat => (settings.points === POINTS_500.armyCap ? 'points-500' : 'challenge');

export interface ChallengeArmy {
  total: number;
  /** the cheapest model in the player's hand, null for an empty hand */
  cheapest: number | null;
  /** how far one model may take the army over 200 PA: half the cheapest model's PA */
  allowance: number;
  ok: boolean;
}

/**
 * 200 PA, or over it by at most half the PA of the cheapest model in hand, and "one model only"
 * may cause it. The second condition follows from the first: an overage below half the cheapest
 * model is smaller than any single model, so removing any one model brings the army under 200.
 */
export function challengeArmy(models: readonly Pick<ListModel, 'cost'>[]): ChallengeArmy {
  const total = models.reduce((s, m) => s + m.cost, 0);
  const cheapest = models.length > 0 ? Math.min(...models.map((m) => m.cost)) : null;
  const allowance = cheapest === null ? 0 : cheapest / 2;
  return { total, cheapest, allowance, ok: total - CHALLENGE_PA <= allowance };
}

function listProblems(list: ArmyList, index: number, format: RackhamFormat): ListProblem[] {
  const out: ListProblem[] = [];
  if (list.models.length === 0) out.push({ code: 'no-model', params: { list: index } });
  list.models.forEach((m, j) => {
    if (!Number.isFinite(m.cost) || m.cost < 0) out.push({ code: 'bad-cost', params: { list: index, model: j } });
  });
  if (format === 'points-500') {
    const total = list.models.reduce((s, m) => s + m.cost, 0);
    if (total > POINTS_500.armyCap) out.push({ code: 'army-over-cap', params: { list: index, total, max: POINTS_500.armyCap } });
    return out;
  }
  const army = challengeArmy(list.models);
  if (!army.ok) out.push({ code: 'challenge-over', params: { list: index, total: army.total, max: CHALLENGE_PA + army.allowance, cheapest: army.cheapest ?? 0 } });
  return out;
}

export function validateRackhamLists(player: Pick<Player, 'lists'>, settings: Pick<EventSettings, 'points'>): ListProblem[] {
  if (player.lists.length === 0) return [{ code: 'no-list' }];
  const format = rackhamFormat(settings);
  return player.lists.flatMap((list, i) => listProblems(list, i, format));
}

/** One side of a 500-point game as recorded. `apd`: PA of the enemy models this player killed. */
export interface Side500 {
  apd: number;
  /** +20: killed the enemy's most expensive model */
  killedMostExpensive?: boolean;
  /** +20: eliminated 50% or more of the enemy force without suffering any damage */
  halfWithoutDamage?: boolean;
  /** +20: at the end, a model within 5 cm of the objective and no enemy there */
  objectiveHeld?: boolean;
  /** this player has no model left on the table: they lose */
  noModelLeft?: boolean;
}

export function score500(side: Side500): number {
  const bonuses = [side.killedMostExpensive, side.halfWithoutDamage, side.objectiveHeld].filter((b) => b === true).length;
  return side.apd + POINTS_500.bonus * bonuses;
}

export type Decided500 = { winner: 'a' | 'b' | null; by: 'no-model-left' | 'score' | 'equal' };

/**
 * "Si un des joueurs n'a plus aucune figurine sur table, son adversaire est victorieux", else the
 * higher total. The source has no rule for equal totals (or both wiped out): a draw.
 */
export function decide500(a: Side500, b: Side500): Decided500 {
  if (a.noModelLeft === true && b.noModelLeft !== true) return { winner: 'b', by: 'no-model-left' };
  if (b.noModelLeft === true && a.noModelLeft !== true) return { winner: 'a', by: 'no-model-left' };
  const [sa, sb] = [score500(a), score500(b)];
  if (sa === sb) return { winner: null, by: 'equal' };
  return { winner: sa > sb ? 'a' : 'b', by: 'score' };
}
