// Lord of the Rings (Sabertooth Games) game clock, RULES.md section 4: at 30 minutes the table
// is told that after the turn in progress at most one more turn is played; at 50 minutes the
// game stops even mid-turn. A LotR turn is a whole game turn (both players' phases and combat),
// so 'end-turn' is pressed once per game turn. Same shape as the SR2011 clock: a fold of stored
// `{ type, at }` actions seen at `now`.
import { MINUTE_MS } from '../time';

export const LOTR_ANNOUNCE_MS = 30 * MINUTE_MS;
export const LOTR_STOP_MS = 50 * MINUTE_MS;

export type LotrAction =
  | { type: 'end-turn'; at: number }
  /** the victory conditions (checked at the end of a turn) ended the game */
  | { type: 'game-over'; at: number }
  /** cancels the latest action still in effect */
  | { type: 'undo'; at: number };

export type LotrRefusal = 'game-over' | 'time-over' | 'nothing-to-undo';

/** What the table must hear now. */
export type LotrMessage =
  | 'none'
  /** 30 minutes passed: "after this turn, at most one more turn" */
  | 'announce-one-more-turn'
  /** the turn in progress is the last one */
  | 'last-turn'
  /** 50 minutes: stop now, even mid-turn */
  | 'stop-now'
  /** the last turn was played, or a victory ended the game */
  | 'game-over';

export interface LotrClockView {
  phase: 'playing' | 'over';
  message: LotrMessage;
  /** 1-based turn in progress; after the end, the turns played (a turn cut by time counts) */
  turn: number;
  turnsCompleted: number;
  elapsedMs: number;
  announced: boolean;
  /** the last turn that may be played, once announced */
  lastTurn: number | null;
  overReason: 'last-turn-played' | 'time' | 'result' | null;
  /** when the game ended */
  endedAt: number | null;
  msToAnnounce: number;
  msToStop: number;
  refused: Array<{ index: number; action: LotrAction; reason: LotrRefusal }>;
}

interface LotrState {
  ended: number[];
  endedByResultAt: number | null;
}

export function lotrClockView(startedAt: number, actions: readonly LotrAction[], now: number): LotrClockView {
  const announceAt = startedAt + LOTR_ANNOUNCE_MS;
  const stopAt = startedAt + LOTR_STOP_MS;
  // the turn in progress at announceAt is the one after the turns ended by then; "at the
  // announcement" includes a turn that ended at that very millisecond
  const lastTurnOf = (ended: readonly number[]): number => ended.filter((at) => at <= announceAt).length + 2;
  const overAt = (s: LotrState): { at: number; reason: 'last-turn-played' | 'time' | 'result' } | null => {
    if (s.endedByResultAt !== null) return { at: s.endedByResultAt, reason: 'result' };
    const lastTurn = lastTurnOf(s.ended);
    const lastEnd = s.ended[lastTurn - 1];
    if (lastEnd !== undefined && lastEnd >= announceAt) return { at: lastEnd, reason: 'last-turn-played' };
    return null;
  };

  let state: LotrState = { ended: [], endedByResultAt: null };
  const stack: LotrState[] = [];
  const refused: LotrClockView['refused'] = [];
  let lastAt = startedAt;
  actions.forEach((action, index) => {
    const t = Math.max(action.at, lastAt);
    lastAt = t;
    if (action.type === 'undo') {
      const previous = stack.pop();
      if (previous === undefined) refused.push({ index, action, reason: 'nothing-to-undo' });
      else state = previous;
      return;
    }
    if (overAt(state) !== null) return void refused.push({ index, action, reason: 'game-over' });
    if (t >= stopAt) return void refused.push({ index, action, reason: 'time-over' });
    stack.push(state);
    state = action.type === 'end-turn' ? { ...state, ended: [...state.ended, t] } : { ...state, endedByResultAt: t };
  });

  const t = Math.max(now, lastAt);
  const over = overAt(state) ?? (t >= stopAt ? { at: stopAt, reason: 'time' as const } : null);
  const clockAt = over?.at ?? t;
  const announced = clockAt >= announceAt;
  const lastTurn = announced ? lastTurnOf(state.ended) : null;
  const turnsCompleted = state.ended.length;
  const turn = over === null || over.reason === 'time' ? turnsCompleted + 1 : turnsCompleted;
  let message: LotrMessage = 'none';
  if (over !== null) message = over.reason === 'time' ? 'stop-now' : 'game-over';
  else if (lastTurn !== null) message = turn >= lastTurn ? 'last-turn' : 'announce-one-more-turn';
  return {
    phase: over === null ? 'playing' : 'over',
    message,
    turn,
    turnsCompleted,
    elapsedMs: clockAt - startedAt,
    announced,
    lastTurn,
    overReason: over?.reason ?? null,
    endedAt: over?.at ?? null,
    msToAnnounce: Math.max(0, announceAt - t),
    msToStop: Math.max(0, stopAt - t),
    refused,
  };
}
