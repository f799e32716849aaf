// Stale writes. Every action may say which log sequence its form was opened at (`basedOn`); the
// store, inside its write transaction, compares it with the entries appended since: if one of
// them changed what the action depends on, the action is refused (« modifié entre-temps :
// revoir ») instead of silently replacing what another tab or device wrote. Some actions are
// checked against the state itself, whatever their `basedOn`: a result for a table that got
// another result meanwhile is refused, the same result twice and a second start of a started
// round are no-ops.
//
// Pure, on log entries only: the multi-device sync can run the same rule on entries merged from
// another device (an entry records its `basedOn`), so the local rule and the synced one agree.
import type { EventFile } from '../event-file/types';
import type { Action, LogEntry } from './actions';

export class StaleWriteError extends Error {
  constructor(
    /** the action refused */
    readonly action: Action,
    /** the entry that changed what it depends on, when known */
    readonly changedBy: LogEntry | null,
  ) {
    super(`stale write: ${action.type}${changedBy ? ` (changed by #${changedBy.seq} ${changedBy.action.type})` : ''}`);
    this.name = 'StaleWriteError';
  }
}

/** What an action changes, as scopes: '*' (everything), 'settings', 'players', 'player:ID', 'round:N', 'round:N:timer', 'table:N:T'. */
export function writesOf(action: Action): string[] {
  switch (action.type) {
    case 'event-created':
    case 'event-imported':
    case 'backup-restored':
    case 'event-replaced':
    case 'action-undone':
    // settling a merge conflict sets entries aside: like an undo, it may change anything they wrote
    case 'conflict-resolved':
      // an undo may take back anything: whatever was decided on the state before it is stale
      return ['*'];
    case 'event-updated':
      return ['settings'];
    case 'player-registered':
      return ['players', `player:${action.player.id}`];
    case 'player-updated':
      return [`player:${action.id}`];
    case 'player-dropped':
    case 'player-reinstated':
      return ['players', `player:${action.id}`];
    case 'players-absent':
    case 'players-checked-in':
      return ['players', ...action.ids.map((id) => `player:${id}`)];
    case 'round-paired':
    case 'round-deleted':
      return [`round:${'round' in action ? action.round.number : action.number}`];
    case 'round-updated': {
      const keys = Object.keys(action.patch);
      const timer = keys.every((k) => k === 'startedAt' || k === 'finishedAt' || k === 'variableMinutes' || k === 'variableSeed');
      return [timer ? `round:${action.number}:timer` : `round:${action.number}`];
    }
    case 'pairings-swapped':
      return [`round:${action.round}`];
    case 'result-recorded':
    case 'result-corrected':
      return [`table:${action.round}:${action.table}`];
    case 'organizer-pin-reset':
      return [];
  }
}

/** Whether a change to `scope` makes an action prepared before it stale. */
function dependsOn(action: Action): (scope: string) => boolean {
  switch (action.type) {
    case 'result-recorded':
    case 'result-corrected':
      // this table's result, and the round's pairings (a swap moves the players)
      return (s) => s === `table:${action.round}:${action.table}` || s === `round:${action.round}`;
    case 'round-updated':
      return (s) => s === `round:${action.number}` || s === `round:${action.number}:timer`;
    case 'pairings-swapped':
    case 'round-deleted': {
      const n = action.type === 'round-deleted' ? action.number : action.round;
      return (s) => s === `round:${n}` || s.startsWith(`table:${n}:`) || s === `round:${n}:timer`;
    }
    case 'round-paired':
      // a pairing is computed from the whole event: players, results, settings, rounds
      return (s) => !s.endsWith(':timer');
    case 'player-updated':
    case 'player-dropped':
    case 'player-reinstated':
      return (s) => s === `player:${action.id}`;
    case 'players-absent':
      // marking absent those the question named: stale if one of them changed meanwhile (checked in elsewhere)
      return (s) => action.ids.some((id) => s === `player:${id}`);
    case 'event-updated':
      return (s) => s === 'settings';
    default:
      // registrations are rebased (fold.ts rebaseAction); audit entries depend on nothing
      return () => false;
  }
}

/** The first entry among `since` (appended after the action's `basedOn`) that makes it stale. */
export function staleBecause(action: Action, since: readonly LogEntry[]): LogEntry | null {
  const depends = dependsOn(action);
  for (const e of since) {
    if (e.action.type === 'organizer-pin-reset') continue;
    if (writesOf(e.action).some((s) => s === '*' || depends(s))) return e;
  }
  return null;
}

export type StateCheck = 'apply' | 'noop' | 'stale';

/** The checks that need no `basedOn`: what the state itself says about the action. */
export function checkAgainstState(state: EventFile | null, action: Action): StateCheck {
  if (!state) return 'apply';
  if (action.type === 'round-updated' && typeof action.patch.startedAt === 'number') {
    const round = state.rounds.find((r) => r.number === action.number);
    // two « Démarrer la ronde » at once: the first start (and its hidden minutes) stands
    if (round && typeof round.startedAt === 'number') return 'noop';
  }
  if (action.type === 'result-recorded') {
    const pairing = state.rounds.find((r) => r.number === action.round)?.pairings.find((p) => p.table === action.table);
    if (pairing?.result) return sameJson(pairing.result, action.result) ? 'noop' : 'stale';
  }
  if (action.type === 'round-paired' && state.rounds.some((r) => r.number === action.round.number)) return 'stale';
  return 'apply';
}

/** Key-order-independent equality of plain JSON values. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
