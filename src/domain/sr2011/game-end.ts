// Who won a game: the immediate victories and, at dice down, the four time-out conditions of the
// SR2011 scenario reference sheet, walked in order so the table can show which one decided.
import { hasVariant } from './variants';
import { scenarioById, type Tiebreak3Kind } from './scenarios';

export interface TimeOutSide {
  /** warcasters/warlocks the player still has in play */
  castersInPlay: number;
  cp: number;
  /** army points inside the scenario's zone(s) (see armyPointsInZone) */
  zonePoints: number;
  /** army points this player destroyed, i.e. the opponent's losses */
  apd: number;
  /** Grind only: objectives completely inside this player's own half (fewer wins) */
  objectivesInOwnHalf?: number;
}

export type TimeOutStep = 'casters' | 'control-points' | 'army-points-in-zone' | 'objectives-in-own-half' | 'army-points-lost';

export interface TimeOutDecision {
  /** null: a draw */
  winner: 'a' | 'b' | null;
  /** 1..4, the condition that decided; null for a draw */
  step: 1 | 2 | 3 | 4 | null;
  decidedBy: TimeOutStep | 'no-tiebreakers' | 'all-equal';
}

export interface TimeOutOptions {
  /** annex "no tiebreakers": a time-out is a draw */
  noTiebreakers?: boolean;
  /** what the 3rd condition counts; Grind counts objectives instead of army points */
  tiebreak3?: Tiebreak3Kind;
}

export function timeOutOptions(variants: readonly string[], scenarioId?: string | null): TimeOutOptions {
  const card = scenarioId ? scenarioById(scenarioId) : undefined;
  return { noTiebreakers: hasVariant(variants, 'no-tiebreakers'), tiebreak3: card?.tiebreak3 ?? 'army-points' };
}

const higher = (a: number, b: number): 'a' | 'b' | null => (a > b ? 'a' : b > a ? 'b' : null);

/**
 * Time ran out with no winner: 1) more casters in play, 2) more CP, 3) more army points in the
 * zone(s) (Grind: fewer objectives in your own half), 4) the player who lost more army points
 * loses, i.e. the one who destroyed more wins.
 */
export function decideAtTime(a: TimeOutSide, b: TimeOutSide, options: TimeOutOptions = {}): TimeOutDecision {
  if (options.noTiebreakers) return { winner: null, step: null, decidedBy: 'no-tiebreakers' };
  let w = higher(a.castersInPlay, b.castersInPlay);
  if (w) return { winner: w, step: 1, decidedBy: 'casters' };
  w = higher(a.cp, b.cp);
  if (w) return { winner: w, step: 2, decidedBy: 'control-points' };
  if (options.tiebreak3 === 'objectives-in-own-half') {
    w = higher(b.objectivesInOwnHalf ?? 0, a.objectivesInOwnHalf ?? 0);
    if (w) return { winner: w, step: 3, decidedBy: 'objectives-in-own-half' };
  } else {
    w = higher(a.zonePoints, b.zonePoints);
    if (w) return { winner: w, step: 3, decidedBy: 'army-points-in-zone' };
  }
  w = higher(a.apd, b.apd);
  if (w) return { winner: w, step: 4, decidedBy: 'army-points-lost' };
  return { winner: null, step: null, decidedBy: 'all-equal' };
}

/**
 * Assassination: only one player still has a warcaster/warlock. Under "no assassination" the game
 * goes on (until a scenario win or a player has no model left), so nobody wins this way.
 */
export function assassinationWinner(castersA: number, castersB: number, variants: readonly string[] = []): 'a' | 'b' | null {
  if (hasVariant(variants, 'no-assassination')) return null;
  if (castersA > 0 && castersB === 0) return 'a';
  if (castersB > 0 && castersA === 0) return 'b';
  return null;
}
