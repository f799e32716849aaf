// What the shared turn clock (table-clock.ts) knows of a scenario: the state it folds, the view it
// shows, and the tracker a system hands it in the clock's config (ClockConfig.tracker). The rules
// themselves (which elements score, when scoring starts, what wins) are the system's: SR2011's
// tracker is sr2011/scenario-tracker.ts. The clock only calls the tracker at the right moments.
import type { ScoreRefusal } from './actions';
import type { Side } from './clock-side';

export interface ScenarioScore {
  player: Side;
  /** 1-based zone/flag/objective number; required where a per-element cap applies */
  element?: number;
  cp: number;
}

export interface ScenarioState {
  id: string;
  cp: Record<Side, number>;
  /** the current target after reopenings */
  target: number | null;
  /** CP entered for the turn whose scoring is still open */
  turnCp: Record<Side, number>;
  /** elements each player scored in the open turn (a zone or flag scores once a turn) */
  turnElements: Record<Side, number[]>;
  /** CP per element (index = element - 1) since the caps last reset */
  elementCp: Record<Side, number[]>;
  /** player-turn index in which each element first scored (either player), index = element - 1 */
  firstScoredTurn: Array<number | null>;
  reopened: number;
  winner: Side | null;
  /** both reached the target at once on a rule without "more than": the table decides */
  simultaneous: boolean;
}

export interface ScenarioView {
  id: string;
  cp: Record<Side, number>;
  target: number | null;
  turnCp: Record<Side, number>;
  /** the most one player may score in one turn under this scenario (null: no CP) */
  turnCap: number | null;
  /** what each player may still score in the open turn */
  turnCpLeft: Record<Side, number>;
  /** elements each player already scored in the open turn */
  turnElements: Record<Side, number[]>;
  elementCp: Record<Side, number[]>;
  /** elements that cannot score this turn yet (Revelation's flag 2) */
  lockedElements: number[];
  reopened: number;
  winner: Side | null;
  /** who would win if the open turn's scoring closed now */
  provisionalWinner: Side | null;
  simultaneous: boolean;
  /** scores for the current turn are accepted */
  scoringOpen: boolean;
  /** Kill Box: ending this turn with a caster outside the box destroys them */
  killBoxActive: boolean;
  /** a scenario victory may be declared in this turn (not while Destruction's objectives are protected) */
  scenarioWinOpen: boolean;
}

/**
 * One scenario's rules as the turn clock asks them. Turn indices count player turns: 0 = first
 * player's turn 1, 1 = second player's turn 1, 2 = first player's turn 2...
 */
export interface ScenarioTracker {
  id: string;
  /** the scenario's win condition is missing from the source: no scenario win can be declared */
  noRules: boolean;
  initial(): ScenarioState;
  /** Why this score cannot be entered in player turn `turnIndex`, or null when it can. */
  scoreRefusal(s: ScenarioState, score: ScenarioScore, turnIndex: number): ScoreRefusal | null;
  /** Applies a score scoreRefusal accepted. */
  applyScore(s: ScenarioState, score: ScenarioScore, turnIndex: number): ScenarioState;
  /** Closes the open turn's scoring: judges the win. */
  closeScoring(s: ScenarioState): ScenarioState;
  /** Why a scenario victory cannot be declared in player turn `turnIndex`, or null when it can. */
  winRefusal(turnIndex: number): ScoreRefusal | null;
  /** `scoringOpen`: scores are accepted now; `playing`: the turn is being played (not dice down, not over). */
  view(s: ScenarioState, turnIndex: number, flags: { scoringOpen: boolean; playing: boolean }): ScenarioView;
}
