// What a table device stores, one IndexedDB record per tap: `{ type, at }` with at = Date.now().
// The clock on screen is a fold of these records at `now`, so they are the whole truth.
import type { Side } from './clock-side';

export type ClockAction =
  /** the first player's turn 1 begins */
  | { type: 'start'; at: number }
  /** the active player ends their turn; `player` (optional) guards against a double tap */
  | { type: 'end-turn'; at: number; player?: Side }
  /** the non-active player is taking time during the active player's turn */
  | { type: 'pause'; at: number }
  | { type: 'resume'; at: number }
  | { type: 'extension'; at: number; player: Side }
  /** the table has entered the interrupted turn's scoring after dice down: scoring closes */
  | { type: 'dice-down-ack'; at: number }
  /** cancels the latest action still in effect */
  | { type: 'undo'; at: number }
  /** `player` concedes: the opponent wins (recorded as 'forfeit') */
  | { type: 'concede'; at: number; player: Side }
  | { type: 'assassination'; at: number; winner: Side }
  /** a scenario win the CP tracker cannot judge (Kill Box, a simultaneous "first to" target) */
  | { type: 'scenario-win'; at: number; winner: Side }
  /** time reserve only: `player` is ruled out of time (the fold also finds it by itself) */
  | { type: 'clock-loss'; at: number; player: Side }
  /** after dice down: the time-out wizard's decision (game-end.ts decideAtTime); null = draw */
  | { type: 'tiebreak'; at: number; winner: Side | null }
  /** CP scored at the end of the current turn (before its 'end-turn'); element is 1-based */
  | { type: 'score'; at: number; player: Side; element?: number; cp: number };

export type ClockActionType = ClockAction['type'];

/** Why the fold ignored an action. The UI words these; the domain only names them. */
export type ClockRefusal =
  | 'not-started'
  | 'already-started'
  | 'game-over'
  | 'dice-down'
  | 'not-dice-down'
  | 'already-acknowledged'
  | 'not-your-turn'
  | 'untimed'
  | 'paused'
  | 'not-paused'
  | 'turn-expired'
  | 'no-extensions'
  | 'extension-used'
  | 'extension-window-closed'
  | 'not-reserve-mode'
  | 'assassination-disabled'
  | 'no-tiebreakers'
  | 'nothing-to-undo'
  | 'no-scenario'
  | 'no-scenario-rules'
  | ScoreRefusal;

export type ScoreRefusal =
  | 'no-control-points'
  | 'bad-cp'
  | 'scoring-not-started'
  /** Destruction: objectives cannot be damaged in the first game turn */
  | 'objectives-protected'
  | 'scoring-closed'
  | 'element-required'
  | 'bad-element'
  | 'element-locked'
  | 'turn-cap'
  | 'element-turn-cap'
  | 'element-cap';
