// Control points per player per turn under the round's scenario, as part of the table clock's
// fold. Scores for a turn are entered at its end, before 'end-turn'; 'end-turn' (or, after dice
// down, 'dice-down-ack') closes that turn's scoring, and only then is the win judged. Judging on
// each entry would crown player A before player B's score of the same turn is typed in, and the
// rules compare both players' totals at the same moment ("if both reach 2 CP in the same turn").
// SR2011's rules, handed to the shared turn clock as a ScenarioTracker (scenarioTracker below,
// through clockConfig in turn-clock.ts).
import type { ScoreRefusal } from '../clock/actions';
import type { Side } from '../clock/clock-side';
import type { ScenarioScore, ScenarioState, ScenarioTracker, ScenarioView } from '../clock/scenario';
import { isScenarioId, nextScenarioTarget, scenarioById, scenarioWinner, type ScenarioCard, type ScenarioId } from './scenarios';

/** Player-turn indices: 0 = first player's turn 1, 1 = second player's turn 1, 2 = first player's turn 2... */
export const SECOND_PLAYER_SECOND_TURN = 3;
export const FIRST_PLAYER_SECOND_TURN = 2;

/**
 * Elements that score only after another has: Revelation's flag 2 "only from the turn after flag
 * 1 was first scored (by either player)". WinRule has no field for it, so it lives here.
 */
const UNLOCKED_BY: Partial<Record<string, { element: number; after: number }>> = {
  revelation: { element: 2, after: 1 },
};

function cardOf(id: string): ScenarioCard {
  // a state's id comes from scenarioTracker, which checks it with isScenarioId, so the card exists
  return scenarioById(id)!;
}

function elementCount(card: ScenarioCard): number {
  return card.elements.reduce((n, e) => n + e.count, 0);
}

export function initialScenarioState(id: ScenarioId): ScenarioState {
  const card = cardOf(id);
  const n = elementCount(card);
  return {
    id,
    cp: { a: 0, b: 0 },
    target: card.winRule.targetCp,
    turnCp: { a: 0, b: 0 },
    turnElements: { a: [], b: [] },
    elementCp: { a: new Array<number>(n).fill(0), b: new Array<number>(n).fill(0) },
    firstScoredTurn: new Array<number | null>(n).fill(null),
    reopened: 0,
    winner: null,
    simultaneous: false,
  };
}

/** Is the scenario's scoring under way in player turn `turnIndex` (ignoring game over)? */
export function scoringStarted(id: string, turnIndex: number): boolean {
  switch (cardOf(id).winRule.scoringStarts) {
    case 'second-player-second-turn':
      return turnIndex >= SECOND_PLAYER_SECOND_TURN;
    case 'first-player-second-turn':
      return turnIndex >= FIRST_PLAYER_SECOND_TURN;
    default:
      return true;
  }
}

/**
 * Why a scenario victory cannot be declared in player turn `turnIndex`, or null when it can. A
 * scenario won by destroying objectives (Destruction) cannot be won while its objectives cannot be
 * damaged: « ne peuvent ni être ciblés par des attaques ni endommagés dans le premier tour ».
 */
export function scenarioWinRefusal(id: string, turnIndex: number): ScoreRefusal | null {
  const rule = cardOf(id).winRule;
  if (rule.scoring === 'objective-destroyed' && !scoringStarted(id, turnIndex)) return 'objectives-protected';
  return null;
}

export function killBoxActive(id: string, turnIndex: number): boolean {
  return cardOf(id).winRule.killBox !== null && turnIndex >= FIRST_PLAYER_SECOND_TURN;
}

function elementLocked(s: ScenarioState, element: number, turnIndex: number): boolean {
  const lock = UNLOCKED_BY[s.id];
  if (!lock || lock.element !== element) return false;
  const first = s.firstScoredTurn[lock.after - 1] ?? null;
  return first === null || first >= turnIndex;
}

/** Why this score cannot be entered in player turn `turnIndex`, or null when it can. */
export function scoreRefusal(s: ScenarioState, score: ScenarioScore, turnIndex: number): ScoreRefusal | null {
  const card = cardOf(s.id);
  const rule = card.winRule;
  if (rule.kind !== 'control-points') return 'no-control-points';
  if (!Number.isInteger(score.cp) || score.cp < 1) return 'bad-cp';
  if (!scoringStarted(s.id, turnIndex)) return rule.scoring === 'objective-destroyed' ? 'objectives-protected' : 'scoring-not-started';
  const n = elementCount(card);
  const el = score.element;
  if (el === undefined) {
    if (rule.cpPerElementCap !== null) return 'element-required';
  } else if (!Number.isInteger(el) || el < 1 || (n > 0 && el > n)) {
    return 'bad-element';
  }
  if (el !== undefined && elementLocked(s, el, turnIndex)) return 'element-locked';
  if (rule.cpPerTurnCap !== null && s.turnCp[score.player] + score.cp > rule.cpPerTurnCap) return 'turn-cap';
  // "1 point de contrôle par zone / par drapeau": a named element gives 1 CP in a turn
  if (el !== undefined && (score.cp > 1 || s.turnElements[score.player].includes(el))) return 'element-turn-cap';
  if (el !== undefined && rule.cpPerElementCap !== null) {
    if ((s.elementCp[score.player][el - 1] ?? 0) + score.cp > rule.cpPerElementCap) return 'element-cap';
  }
  return null;
}

/** Applies a score scoreRefusal accepted. */
export function applyScore(s: ScenarioState, score: ScenarioScore, turnIndex: number): ScenarioState {
  const p = score.player;
  const next: ScenarioState = {
    ...s,
    cp: { ...s.cp, [p]: s.cp[p] + score.cp },
    turnCp: { ...s.turnCp, [p]: s.turnCp[p] + score.cp },
  };
  const el = score.element;
  if (el !== undefined) next.turnElements = { ...s.turnElements, [p]: [...s.turnElements[p], el] };
  if (el !== undefined && el - 1 < s.elementCp[p].length) {
    const counts = s.elementCp[p].slice();
    counts[el - 1] = (counts[el - 1] ?? 0) + score.cp;
    next.elementCp = { ...s.elementCp, [p]: counts };
    if (s.firstScoredTurn[el - 1] === null) {
      const first = s.firstScoredTurn.slice();
      first[el - 1] = turnIndex;
      next.firstScoredTurn = first;
    }
  }
  // a "destroyed objective" scores on the spot, not at the end of a turn; what the player scored
  // in this turn still counts against the turn's cap until the turn ends
  if (cardOf(s.id).winRule.scoring !== 'objective-destroyed') return next;
  const judged = closeScoring(next);
  return { ...judged, turnCp: next.turnCp, turnElements: next.turnElements };
}

/** Closes the open turn's scoring: judges the win, then reopens caps when both reached the target. */
export function closeScoring(s: ScenarioState): ScenarioState {
  const rule = cardOf(s.id).winRule;
  const base = { ...s, turnCp: { a: 0, b: 0 }, turnElements: { a: [], b: [] } };
  // totals only move when someone scored, and a tie carried over from an earlier turn is not
  // "both reached the target in the same turn": re-judging it would reopen the caps every turn
  if (s.winner !== null || s.turnCp.a + s.turnCp.b === 0) return base;
  const winner = scenarioWinner(rule, s.cp.a, s.cp.b, s.target);
  if (winner !== null) return { ...base, winner, simultaneous: false };
  const both = s.target !== null && s.cp.a >= s.target && s.cp.b >= s.target;
  const { target, capsReset } = nextScenarioTarget(rule, s.cp.a, s.cp.b, s.target);
  if (!capsReset) return { ...base, simultaneous: both && rule.kind === 'control-points' && !rule.moreThanOpponent };
  const zeros = (): number[] => new Array<number>(s.elementCp.a.length).fill(0);
  return { ...base, target, elementCp: { a: zeros(), b: zeros() }, reopened: s.reopened + 1, simultaneous: false };
}

/** `scoringOpen`: scores are accepted now; `playing`: the turn is being played (not dice down, not over). */
export function scenarioView(s: ScenarioState, turnIndex: number, flags: { scoringOpen: boolean; playing: boolean }): ScenarioView {
  const n = s.elementCp.a.length;
  const locked: number[] = [];
  for (let el = 1; el <= n; el++) if (elementLocked(s, el, turnIndex)) locked.push(el);
  const rule = cardOf(s.id).winRule;
  const cap = rule.kind === 'control-points' ? rule.cpPerTurnCap : null;
  const left = (p: Side): number => (cap === null ? 0 : Math.max(0, cap - s.turnCp[p]));
  return {
    id: s.id,
    cp: { ...s.cp },
    target: s.target,
    turnCp: { ...s.turnCp },
    turnCap: cap,
    turnCpLeft: { a: left('a'), b: left('b') },
    turnElements: { a: s.turnElements.a.slice(), b: s.turnElements.b.slice() },
    elementCp: { a: s.elementCp.a.slice(), b: s.elementCp.b.slice() },
    lockedElements: locked,
    reopened: s.reopened,
    winner: s.winner,
    provisionalWinner: s.winner ?? scenarioWinner(rule, s.cp.a, s.cp.b, s.target),
    simultaneous: s.simultaneous,
    scoringOpen: flags.scoringOpen && rule.kind === 'control-points' && scoringStarted(s.id, turnIndex),
    killBoxActive: flags.playing && killBoxActive(s.id, turnIndex),
    scenarioWinOpen: scenarioWinRefusal(s.id, turnIndex) === null,
  };
}

/** The tracker of a scenario id for the turn clock (ClockConfig.tracker); null for an id no card has. */
export function scenarioTracker(id: string): ScenarioTracker | null {
  if (!isScenarioId(id)) return null;
  return {
    id,
    noRules: cardOf(id).winRule.kind === 'not-provided',
    initial: () => initialScenarioState(id),
    scoreRefusal,
    applyScore,
    closeScoring,
    winRefusal: (turnIndex) => scenarioWinRefusal(id, turnIndex),
    view: scenarioView,
  };
}
