// The per-table SR2011 chess clock as a pure fold: state = foldClock(config, actions) seen at
// `now`. Only actions move the state; time passing is derived (settleClock) from what the last
// action left running, so a reload, a sleeping tablet or a killed browser resumes exactly.
//
// Time is kept as integer ms in three buckets: player a, player b and 'idle' (the turn clock
// stopped while the non-active player takes time). Exactly one bucket runs while the game runs,
// so a + b + idle == elapsed game time, always, to the millisecond. The turn clock and the
// reserves are views on those buckets, never separate counters that could drift apart.
//
// Decisions (RULES.md section 1, "Game length, turns, extensions"):
// - Turn time running out does not lose the game (only a time reserve does): the turn is over,
//   the view says turnExpired with a negative turnRemainingMs, the extension window opens for
//   30 s (inclusive) and the player must still press 'end-turn'; pausing is refused then.
// - An extension declared before expiry adds extensionMs to the turn; declared inside the
//   window it restarts the turn clock at extensionMs from the declaration, as the source's
//   procedure has the opponent restart the chronometer "for the extension time".
// - "Cannot go past the end of the game" is enforced by dice down itself, which stops every
//   clock at diceDownAt. Shortening or refusing an extension earlier would reveal the sealed end.
// - A reserve that reaches 0 loses at that exact instant; when it would reach 0 at or after dice
//   down, dice down comes first (the game was already over).
// - 'undo' restores the state before the latest action still in effect (refused actions never
//   took effect, so they are not what an undo cancels); undo twice cancels two actions. It works
//   after the game is over too: a mistaken tap that made a reserve run out must be fixable, and
//   the undone state is then seen at the undo's time, so a reserve really out stays out.
// - Actions carry Date.now(); a device clock stepping backwards must not make time negative, so
//   each action's time is taken as max(at, previous action's time), and `now` likewise.
import type { WinHow } from '../event-file/types';
import type { ClockAction, ClockRefusal } from './actions';
import { other, remainingAt, type ClockSide, type Side } from './clock-side';
import type { ClockConfig, ClockMode } from './config';
import type { ScenarioState, ScenarioView } from './scenario';

export type Bucket = Side | 'idle';
export type ClockPhase = 'not-started' | 'running' | 'paused' | 'dice-down' | 'over';

export interface ClockResult {
  /** null: a draw */
  winner: Side | null;
  /** as in the event file's GameResult.how; null for a draw */
  how: WinHow | null;
  /** when the game ended: for a reserve running out, the exact instant it reached 0 */
  at: number;
}

export interface ClockState {
  status: 'not-started' | 'running' | 'paused';
  startedAt: number | null;
  /** the latest action time folded: the fold's clock never runs backwards */
  lastAt: number | null;
  active: Side | null;
  /** player turns begun - 1: 0 = first player's turn 1, 3 = second player's turn 2 */
  turnIndex: number;
  /** banked up to runningSince */
  usedMs: Record<Bucket, number>;
  runningBucket: Bucket | null;
  runningSince: number | null;
  /** usedMs[active] when the current turn began */
  turnStartUsedMs: number;
  /** the current turn's budget, extension included (turns mode) */
  turnBudgetMs: number | null;
  turnExtended: boolean;
  extensionUsed: Record<Side, boolean>;
  diceDown: boolean;
  diceDownAcknowledged: boolean;
  stoppedAt: number | null;
  result: ClockResult | null;
  /** the player who lost on time (reserve) */
  clockLoser: Side | null;
  scenario: ScenarioState | null;
}

export interface RefusedAction {
  /** position in the folded action list */
  index: number;
  action: ClockAction;
  reason: ClockRefusal;
}

export interface ClockFold {
  state: ClockState;
  /** the states before each action still in effect, latest last: what 'undo' returns to */
  undoStack: ClockState[];
  refused: RefusedAction[];
  /** actions folded so far */
  count: number;
}

export interface ClockView {
  phase: ClockPhase;
  mode: ClockMode;
  /** whose turn it is */
  active: Side | null;
  /** whose time is running: in reserve mode while paused, the player taking time; 'idle' in turns mode */
  running: Bucket | null;
  /** game turn: 1 until the second player ends their first turn */
  turn: number;
  turnIndex: number;
  /** the turn clock as stored, for a repaint-only tick (turns mode, once started) */
  turnClock: ClockSide | null;
  /** negative after expiry */
  turnRemainingMs: number | null;
  turnExpired: boolean;
  /** when the turn time ran out, or will at this pace; null while paused before expiry */
  turnExpiresAt: number | null;
  extensionWindowEndsAt: number | null;
  extensionWindowRemainingMs: number | null;
  extensionUsed: Record<Side, boolean>;
  /** the turn is eating into its extension */
  extensionRunning: boolean;
  canDeclareExtension: Record<Side, boolean>;
  reserve: Record<Side, ClockSide> | null;
  reserveRemainingMs: Record<Side, number> | null;
  /** the player who lost on time */
  reserveExpired: Side | null;
  /** game time each player has had on their clock */
  usedMs: Record<Side, number>;
  /** turns mode: time the turn clock stood still for the opponent */
  pausedMs: number;
  elapsedMs: number;
  diceDown: boolean;
  diceDownAcknowledged: boolean;
  result?: ClockResult;
  scenario: ScenarioView | null;
}

export function initialClockState(config: ClockConfig): ClockState {
  return {
    status: 'not-started',
    startedAt: null,
    lastAt: null,
    active: null,
    turnIndex: 0,
    usedMs: { a: 0, b: 0, idle: 0 },
    runningBucket: null,
    runningSince: null,
    turnStartUsedMs: 0,
    turnBudgetMs: null,
    turnExtended: false,
    extensionUsed: { a: false, b: false },
    diceDown: false,
    diceDownAcknowledged: false,
    stoppedAt: null,
    result: null,
    clockLoser: null,
    scenario: config.tracker?.initial() ?? null,
  };
}

export function emptyClockFold(config: ClockConfig): ClockFold {
  return { state: initialClockState(config), undoStack: [], refused: [], count: 0 };
}

const timeOf = (s: ClockState, at: number): number => (s.lastAt === null ? at : Math.max(at, s.lastAt));

/** Moves the running bucket's time into usedMs and switches the clock to `bucket`. */
function runOn(s: ClockState, t: number, bucket: Bucket | null): ClockState {
  const usedMs = s.runningBucket !== null && s.runningSince !== null ? { ...s.usedMs, [s.runningBucket]: s.usedMs[s.runningBucket] + (t - s.runningSince) } : s.usedMs;
  return { ...s, usedMs, runningBucket: bucket, runningSince: bucket === null ? null : t };
}

function stop(s: ClockState, t: number): ClockState {
  if (s.stoppedAt !== null || s.startedAt === null) return s;
  return { ...runOn(s, t, null), stoppedAt: t };
}

function finish(s: ClockState, t: number, result: Omit<ClockResult, 'at'>): ClockState {
  return { ...stop(s, t), result: { ...result, at: t } };
}

function turnUsed(s: ClockState, t: number): number {
  if (s.active === null) return 0;
  const running = s.runningBucket === s.active && s.runningSince !== null ? t - s.runningSince : 0;
  return s.usedMs[s.active] + running - s.turnStartUsedMs;
}

/** When the current turn's time ran out (<= t), or null if it has not. */
function turnExpiredAt(config: ClockConfig, s: ClockState, t: number): number | null {
  if (config.mode !== 'turns' || s.active === null || s.turnBudgetMs === null) return null;
  const remaining = s.turnBudgetMs - turnUsed(s, t);
  if (remaining > 0) return null;
  // pausing is refused after expiry, so an expired turn has run without a break until t or
  // until the clocks stopped
  const ranUntil = s.runningBucket === s.active ? t : (s.stoppedAt ?? t);
  return ranUntil + remaining;
}

/**
 * The state at `now`: applies what time alone decides (a reserve reaching 0, dice down). Pure and
 * path-independent: settling at t1 then t2 equals settling at t2.
 */
export function settleClock(config: ClockConfig, state: ClockState, now: number): ClockState {
  if (state.result !== null || state.diceDown) return state;
  const t = timeOf(state, now);
  const end = config.diceDownAt;
  const side = state.runningBucket;
  if (config.mode === 'reserve' && config.reserveMs !== null && state.runningSince !== null && (side === 'a' || side === 'b')) {
    const expiresAt = state.runningSince + config.reserveMs - state.usedMs[side];
    if (expiresAt <= t && (end === null || expiresAt < end)) {
      return { ...finish(state, expiresAt, { winner: other(side), how: 'clock' }), clockLoser: side };
    }
  }
  if (end !== null && t >= end) return { ...stop(state, end), diceDown: true };
  return state;
}

/** Not started, over or dice down: nothing but results (and scoring) can happen then. */
function liveRefusal(s: ClockState): ClockRefusal | null {
  if (s.result !== null) return 'game-over';
  if (s.status === 'not-started') return s.diceDown ? 'dice-down' : 'not-started';
  if (s.diceDown) return 'dice-down';
  return null;
}

function resultRefusal(s: ClockState): ClockRefusal | null {
  if (s.result !== null) return 'game-over';
  if (s.status === 'not-started') return 'not-started';
  return null;
}

/** `state` must be settled at `t`. */
function extensionRefusal(config: ClockConfig, s: ClockState, player: Side, t: number): ClockRefusal | null {
  const live = liveRefusal(s);
  if (live !== null) return live;
  if (config.mode !== 'turns' || config.extensionMs === null) return 'no-extensions';
  if (player !== s.active) return 'not-your-turn';
  if (s.extensionUsed[player]) return 'extension-used';
  const expiredAt = turnExpiredAt(config, s, t);
  if (expiredAt !== null && t - expiredAt > config.extensionWindowMs) return 'extension-window-closed';
  return null;
}

/** Closes the open turn's scoring; a scenario win ends the game at t. */
function closeTurnScoring(config: ClockConfig, s: ClockState, t: number): ClockState {
  if (s.scenario === null || config.tracker === null) return s;
  const scenario = config.tracker.closeScoring(s.scenario);
  const next = { ...s, scenario };
  return scenario.winner !== null ? finish(next, t, { winner: scenario.winner, how: 'scenario' }) : next;
}

/** The actions that score or end the game (step's other half), on a state settled at t. */
function stepEnding(
  config: ClockConfig,
  s: ClockState,
  a: Extract<ClockAction, { type: 'concede' | 'assassination' | 'scenario-win' | 'clock-loss' | 'tiebreak' | 'score' }>,
  t: number,
): ClockState | ClockRefusal {
  switch (a.type) {
    case 'concede': {
      const r = resultRefusal(s);
      return r ?? finish(s, t, { winner: other(a.player), how: 'forfeit' });
    }
    case 'assassination': {
      const r = resultRefusal(s);
      if (r !== null) return r;
      if (config.noAssassination) return 'assassination-disabled';
      return finish(s, t, { winner: a.winner, how: 'assassination' });
    }
    case 'scenario-win': {
      const r = resultRefusal(s);
      if (r !== null) return r;
      // Demolition's page is missing from the source: nobody can tell its win condition, so such
      // a game ends by time, assassination or a concession
      if (config.tracker?.noRules) return 'no-scenario-rules';
      if (s.scenario !== null && config.tracker !== null) {
        const protectedNow = config.tracker.winRefusal(s.turnIndex);
        if (protectedNow !== null) return protectedNow;
      }
      return finish(s, t, { winner: a.winner, how: 'scenario' });
    }
    case 'clock-loss': {
      const r = resultRefusal(s);
      if (r !== null) return r;
      if (config.mode !== 'reserve') return 'not-reserve-mode';
      return { ...finish(s, t, { winner: other(a.player), how: 'clock' }), clockLoser: a.player };
    }
    case 'tiebreak': {
      if (s.result !== null) return 'game-over';
      if (!s.diceDown) return 'not-dice-down';
      if (config.noTiebreakers && a.winner !== null) return 'no-tiebreakers';
      // scenario points of the interrupted turn come before the time-out conditions
      const scored = s.diceDownAcknowledged || s.status === 'not-started' ? s : closeTurnScoring(config, s, t);
      if (scored.result !== null) return scored;
      return finish(scored, t, { winner: a.winner, how: a.winner === null ? null : 'tiebreak' });
    }
    case 'score': {
      if (s.scenario === null || config.tracker === null) return 'no-scenario';
      const r = resultRefusal(s);
      if (r !== null) return r;
      if (s.diceDown && s.diceDownAcknowledged) return 'scoring-closed';
      const score = a.element === undefined ? { player: a.player, cp: a.cp } : { player: a.player, element: a.element, cp: a.cp };
      const refusal = config.tracker.scoreRefusal(s.scenario, score, s.turnIndex);
      if (refusal !== null) return refusal;
      const scenario = config.tracker.applyScore(s.scenario, score, s.turnIndex);
      const n = { ...s, scenario };
      return scenario.winner !== null ? finish(n, t, { winner: scenario.winner, how: 'scenario' }) : n;
    }
  }
}

/** One action on a state already settled at t. */
function step(config: ClockConfig, s: ClockState, a: ClockAction, t: number): ClockState | ClockRefusal {
  switch (a.type) {
    case 'start': {
      if (s.result !== null) return 'game-over';
      if (s.status !== 'not-started') return 'already-started';
      if (s.diceDown) return 'dice-down';
      const first = config.firstPlayer;
      return {
        ...s,
        status: 'running',
        startedAt: t,
        active: first,
        turnIndex: 0,
        runningBucket: first,
        runningSince: t,
        turnStartUsedMs: 0,
        turnBudgetMs: config.turnMs,
      };
    }
    case 'end-turn': {
      const live = liveRefusal(s);
      if (live !== null) return live;
      if (a.player !== undefined && a.player !== s.active) return 'not-your-turn';
      const scored = closeTurnScoring(config, s, t);
      if (scored.result !== null) return scored;
      const next = other(s.active!);
      const n = runOn(scored, t, next);
      return {
        ...n,
        status: 'running',
        active: next,
        turnIndex: s.turnIndex + 1,
        turnStartUsedMs: n.usedMs[next],
        turnBudgetMs: config.turnMs,
        turnExtended: false,
      };
    }
    case 'pause': {
      const live = liveRefusal(s);
      if (live !== null) return live;
      if (config.mode === 'untimed') return 'untimed';
      if (s.status === 'paused') return 'paused';
      if (turnExpiredAt(config, s, t) !== null) return 'turn-expired';
      // reserve mode: "the clock runs on the player who is taking time"
      return { ...runOn(s, t, config.mode === 'turns' ? 'idle' : other(s.active!)), status: 'paused' };
    }
    case 'resume': {
      const live = liveRefusal(s);
      if (live !== null) return live;
      if (s.status !== 'paused') return 'not-paused';
      return { ...runOn(s, t, s.active), status: 'running' };
    }
    case 'extension': {
      const refusal = extensionRefusal(config, s, a.player, t);
      if (refusal !== null) return refusal;
      const used = turnUsed(s, t);
      const budget = s.turnBudgetMs!;
      return {
        ...s,
        turnBudgetMs: Math.max(budget, used) + config.extensionMs!,
        turnExtended: true,
        extensionUsed: { ...s.extensionUsed, [a.player]: true },
      };
    }
    case 'dice-down-ack': {
      if (s.result !== null) return 'game-over';
      if (!s.diceDown) return 'not-dice-down';
      if (s.diceDownAcknowledged) return 'already-acknowledged';
      // the source: scenario points are still scored for the turn dice down interrupted
      const n = { ...s, diceDownAcknowledged: true };
      return s.status === 'not-started' ? n : closeTurnScoring(config, n, t);
    }
    case 'concede':
    case 'assassination':
    case 'scenario-win':
    case 'clock-loss':
    case 'tiebreak':
    case 'score':
      return stepEnding(config, s, a, t);
    case 'undo':
      // handled by the fold, which holds the undo stack
      return 'nothing-to-undo';
  }
}

/** Folds one action into a mutable accumulator (foldClock's loop; applyClockAction copies first). */
function foldInto(config: ClockConfig, acc: ClockFold, action: ClockAction): void {
  const index = acc.count;
  acc.count += 1;
  const t = timeOf(acc.state, action.at);
  const settled = settleClock(config, acc.state, t);
  if (action.type === 'undo') {
    const previous = acc.undoStack.pop();
    if (previous === undefined) {
      acc.refused.push({ index, action, reason: 'nothing-to-undo' });
      acc.state = { ...settled, lastAt: t };
      return;
    }
    acc.state = { ...settleClock(config, previous, t), lastAt: t };
    return;
  }
  const next = step(config, settled, action, t);
  if (typeof next === 'string') {
    acc.refused.push({ index, action, reason: next });
    acc.state = { ...settled, lastAt: t };
    return;
  }
  acc.undoStack.push(settled);
  acc.state = { ...next, lastAt: t };
}

export function foldClock(config: ClockConfig, actions: readonly ClockAction[]): ClockFold {
  const acc = emptyClockFold(config);
  for (const a of actions) foldInto(config, acc, a);
  return acc;
}

/** The fold with one more action, leaving `fold` untouched: for a UI that keeps it in memory. */
export function applyClockAction(config: ClockConfig, fold: ClockFold, action: ClockAction): ClockFold {
  const acc: ClockFold = { state: fold.state, undoStack: fold.undoStack.slice(), refused: fold.refused.slice(), count: fold.count };
  foldInto(config, acc, action);
  return acc;
}

/** Why `action` would be refused after `fold`, or null if it would take effect. Check before storing. */
export function actionRefusal(config: ClockConfig, fold: ClockFold, action: ClockAction): ClockRefusal | null {
  const next = applyClockAction(config, fold, action);
  const last = next.refused[next.refused.length - 1];
  return last !== undefined && last.index === fold.count ? last.reason : null;
}

export function canDeclareExtension(config: ClockConfig, state: ClockState, player: Side, now: number): boolean {
  const t = timeOf(state, now);
  return extensionRefusal(config, settleClock(config, state, t), player, t) === null;
}

/** The screen at `now` from a fold kept in memory: cheap enough for every repaint. */
export function viewClockState(config: ClockConfig, state: ClockState, now: number): ClockView {
  const t = timeOf(state, now);
  const s = settleClock(config, state, t);
  const started = s.startedAt !== null;
  const usedNow = (b: Bucket): number => s.usedMs[b] + (s.runningBucket === b && s.runningSince !== null ? t - s.runningSince : 0);
  const live = liveRefusal(s) === null;
  const phase: ClockPhase = s.result !== null ? 'over' : s.diceDown ? 'dice-down' : s.status;

  let turnClock: ClockSide | null = null;
  let turnRemainingMs: number | null = null;
  let turnExpiresAt: number | null = null;
  let extensionWindowEndsAt: number | null = null;
  if (config.mode === 'turns' && s.active !== null && s.turnBudgetMs !== null) {
    turnClock = {
      budgetMs: s.turnBudgetMs,
      usedMs: s.usedMs[s.active] - s.turnStartUsedMs,
      runningSince: s.runningBucket === s.active ? s.runningSince : null,
    };
    turnRemainingMs = remainingAt(turnClock, t);
    const expiredAt = turnExpiredAt(config, s, t);
    turnExpiresAt = expiredAt ?? (turnClock.runningSince !== null ? t + turnRemainingMs : null);
    if (expiredAt !== null && live && config.extensionMs !== null && !s.extensionUsed[s.active]) {
      extensionWindowEndsAt = expiredAt + config.extensionWindowMs;
    }
  }
  const turnExpired = turnRemainingMs !== null && turnRemainingMs <= 0;

  let reserve: Record<Side, ClockSide> | null = null;
  if (config.mode === 'reserve' && config.reserveMs !== null) {
    const side = (p: Side): ClockSide => ({
      budgetMs: config.reserveMs!,
      usedMs: s.usedMs[p],
      runningSince: s.runningBucket === p ? s.runningSince : null,
    });
    reserve = { a: side('a'), b: side('b') };
  }

  const view: ClockView = {
    phase,
    mode: config.mode,
    active: s.active,
    running: s.runningBucket,
    turn: started ? Math.floor(s.turnIndex / 2) + 1 : 0,
    turnIndex: s.turnIndex,
    turnClock,
    turnRemainingMs,
    turnExpired,
    turnExpiresAt,
    extensionWindowEndsAt,
    extensionWindowRemainingMs: extensionWindowEndsAt === null ? null : Math.max(0, extensionWindowEndsAt - t),
    extensionUsed: { ...s.extensionUsed },
    extensionRunning: live && s.turnExtended && turnRemainingMs !== null && config.extensionMs !== null && turnRemainingMs > 0 && turnRemainingMs <= config.extensionMs,
    canDeclareExtension: {
      a: extensionRefusal(config, s, 'a', t) === null,
      b: extensionRefusal(config, s, 'b', t) === null,
    },
    reserve,
    reserveRemainingMs: reserve === null ? null : { a: remainingAt(reserve.a, t), b: remainingAt(reserve.b, t) },
    reserveExpired: s.clockLoser,
    usedMs: { a: usedNow('a'), b: usedNow('b') },
    pausedMs: usedNow('idle'),
    elapsedMs: started ? (s.stoppedAt ?? t) - s.startedAt! : 0,
    diceDown: s.diceDown,
    diceDownAcknowledged: s.diceDownAcknowledged,
    scenario:
      s.scenario === null || config.tracker === null
        ? null
        : config.tracker.view(s.scenario, s.turnIndex, {
            scoringOpen: started && s.result === null && !(s.diceDown && s.diceDownAcknowledged),
            playing: live,
          }),
  };
  if (s.result !== null) view.result = { ...s.result };
  return view;
}

/** What the table shows at `now`: fold the stored actions, then look at them at `now`. */
export function clockView(config: ClockConfig, actions: readonly ClockAction[], now: number): ClockView {
  return viewClockState(config, foldClock(config, actions).state, now);
}
