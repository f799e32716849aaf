// Who won a Lord of the Rings tournament game and what it is worth (seed 004):
// - total victory 3-0: Frodo killed (Evil wins) or Frodo off the opposite edge (Good wins, even
//   in the turn his army broke) - both at once, the Frodo conditions first; otherwise, at the end
//   of a turn only, the first army that has lost half or more of its models loses;
// - points victory 2-1: both armies broken at the end of the same turn, or time out with neither
//   broken: remaining model value, then points spent on heroes (alive or dead), then body count
//   (survivors - losses), then kills;
// - perfect draw 1.5-1.5 when all four are equal.
import type { Camp } from './setup';

export type LotrEnding = 'frodo-killed' | 'frodo-escaped' | 'army-broken' | 'both-broken' | 'time';
export const LOTR_ENDINGS: readonly LotrEnding[] = ['frodo-killed', 'frodo-escaped', 'army-broken', 'both-broken', 'time'];
export type LotrVictory = 'total' | 'points' | 'draw';

/** Winner's and loser's points. */
export const LOTR_POINTS: Readonly<Record<LotrVictory, readonly [number, number]>> = { total: [3, 0], points: [2, 1], draw: [1.5, 1.5] };

export interface ArmyCount {
  /** models at the start */
  models: number;
  /** models lost so far */
  lost: number;
}

/** "a perdu la moitié ou plus de ses figurines" */
export const isBroken = (army: ArmyCount): boolean => army.lost * 2 >= army.models;

export type FrodoState = 'alive' | 'killed' | 'escaped';

/** The Frodo conditions end the game at once, whatever else happened that turn. */
export function frodoVictory(frodo: FrodoState): { ending: 'frodo-killed' | 'frodo-escaped'; winner: Camp } | null {
  if (frodo === 'killed') return { ending: 'frodo-killed', winner: 'evil' };
  if (frodo === 'escaped') return { ending: 'frodo-escaped', winner: 'good' };
  return null;
}

export type TurnEnd =
  | { ending: 'frodo-killed' | 'frodo-escaped' | 'army-broken'; winner: Camp }
  | { ending: 'both-broken' }
  /** play on */
  | null;

/** The check at the end of a turn ("à la fin de chaque tour et uniquement à ce moment là"). */
export function endOfTurn(state: { frodo: FrodoState; good: ArmyCount; evil: ArmyCount }): TurnEnd {
  const frodo = frodoVictory(state.frodo);
  if (frodo) return frodo;
  const [good, evil] = [isBroken(state.good), isBroken(state.evil)];
  if (good && evil) return { ending: 'both-broken' };
  if (good) return { ending: 'army-broken', winner: 'evil' };
  if (evil) return { ending: 'army-broken', winner: 'good' };
  return null;
}

export interface PointsTally {
  /** points value of the models still alive */
  remainingValue: number;
  /** points spent on heroes, alive or dead */
  heroPoints: number;
  survivors: number;
  losses: number;
  /** enemy models eliminated */
  kills: number;
}

export const bodyCount = (t: Pick<PointsTally, 'survivors' | 'losses'>): number => t.survivors - t.losses;

export type PointsStep = 'remaining-value' | 'hero-points' | 'body-count' | 'kills' | 'perfect-draw';

export function pointsVictory(a: PointsTally, b: PointsTally): { winner: 'a' | 'b' | null; decidedBy: PointsStep } {
  const steps: Array<[PointsStep, (t: PointsTally) => number]> = [
    ['remaining-value', (t) => t.remainingValue],
    ['hero-points', (t) => t.heroPoints],
    ['body-count', bodyCount],
    ['kills', (t) => t.kills],
  ];
  for (const [step, value] of steps) {
    const d = value(a) - value(b);
    if (d !== 0) return { winner: d > 0 ? 'a' : 'b', decidedBy: step };
  }
  return { winner: null, decidedBy: 'perfect-draw' };
}

export interface LotrJudgement {
  victory: LotrVictory;
  winner: 'a' | 'b' | null;
  points: { a: number; b: number };
  decidedBy: LotrEnding | PointsStep;
}

export function pointsFor(victory: LotrVictory, winner: 'a' | 'b' | null): { a: number; b: number } {
  const [win, lose] = LOTR_POINTS[victory];
  if (winner === null) return { a: win, b: lose };
  return winner === 'a' ? { a: win, b: lose } : { a: lose, b: win };
}

/**
 * The whole game: how it ended, each player's camp, and (for a points victory) each side's
 * tally. A total victory names the winning camp; the other endings are points victories.
 */
export function judgeLotrGame(
  input:
    | { ending: 'frodo-killed' | 'frodo-escaped' | 'army-broken'; winner: Camp; camps: { a: Camp; b: Camp } }
    | { ending: 'both-broken' | 'time'; tallies: { a: PointsTally; b: PointsTally } },
): LotrJudgement {
  if ('tallies' in input) {
    const r = pointsVictory(input.tallies.a, input.tallies.b);
    const victory: LotrVictory = r.winner === null ? 'draw' : 'points';
    return { victory, winner: r.winner, points: pointsFor(victory, r.winner), decidedBy: r.decidedBy };
  }
  if (input.camps.a === input.camps.b) throw new Error('judgeLotrGame: one player is Good, the other Evil');
  const winner = input.camps.a === input.winner ? 'a' : 'b';
  return { victory: 'total', winner, points: pointsFor('total', winner), decidedBy: input.ending };
}

/** The kind of victory a recorded pair of points is, or null when it is not one of 3-0, 2-1, 1.5-1.5. */
export function victoryOf(a: number, b: number): { victory: LotrVictory; winner: 'a' | 'b' | null } | null {
  for (const victory of ['total', 'points', 'draw'] as const) {
    const [win, lose] = LOTR_POINTS[victory];
    if (a === win && b === lose) return { victory, winner: victory === 'draw' ? null : 'a' };
    if (b === win && a === lose) return { victory, winner: 'b' };
  }
  return null;
}
