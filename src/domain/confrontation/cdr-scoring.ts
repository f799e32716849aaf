// Confédération du Dragon Rouge tournament scoring (seed 003, XX-A-4 and XX-A-5): a 3-condition
// scenario's victory points become 9..0 tournament points; the goal-average breaks ties.

/** The source's table, all ten rows: a scenario has three conditions, so own + opponent <= 3. */
export const CDR_TP_TABLE: ReadonlyArray<{ own: number; opponent: number; tp: number }> = [
  { own: 3, opponent: 0, tp: 9 },
  { own: 2, opponent: 0, tp: 8 },
  { own: 2, opponent: 1, tp: 7 },
  { own: 1, opponent: 0, tp: 6 },
  { own: 1, opponent: 1, tp: 5 },
  { own: 0, opponent: 0, tp: 4 },
  { own: 1, opponent: 2, tp: 3 },
  { own: 0, opponent: 1, tp: 2 },
  { own: 0, opponent: 2, tp: 1 },
  { own: 0, opponent: 3, tp: 0 },
];

export const CDR_CONDITIONS = 3;

/** Tournament points for a VP score, or null when the score is not a row of the table. */
export function cdrTournamentPoints(own: number, opponent: number): number | null {
  return CDR_TP_TABLE.find((r) => r.own === own && r.opponent === opponent)?.tp ?? null;
}

/** "Le bonus maximal est de 100PA": more may be claimed, no more is scored. */
export const GOAL_AVERAGE_BONUS_CAP = 100;

export interface GoalAverageInput {
  /** strategic value of the opponent's losses, whatever their cause */
  enemyLosses: number;
  /** strategic value of this player's own losses */
  ownLosses: number;
  /** scenario bonus claimed, in PA */
  bonus?: number;
}

/**
 * Goal-average = enemy losses - own losses + bonus (capped at 100). The source literally says
 * "la différence entre ses propres pertes et les pertes adverses"; RULES.md's decision takes the
 * sign that makes a higher goal-average better, which is the only reading where adding a bonus
 * helps.
 */
export function goalAverage({ enemyLosses, ownLosses, bonus = 0 }: GoalAverageInput): number {
  return enemyLosses - ownLosses + Math.min(Math.max(0, bonus), GOAL_AVERAGE_BONUS_CAP);
}
