// One action applied to the event (the log-level fold, undo and merge order are in merge.ts). The
// store caches fold(log) as a projection, but the log is the truth: a projection can always be
// rebuilt from it (after an undo, an upgrade, a doubt).
import { swapInRound } from '../event-file/swap';
import type { EventFile, Pairing, Player, Round } from '../event-file/types';
import type { Action } from './actions';

export class FoldError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }
}

function mapPlayer(state: EventFile, id: string, f: (p: Player) => Player): EventFile {
  if (!state.players.some((p) => p.id === id)) throw new FoldError('unknown-player', { id });
  return { ...state, players: state.players.map((p) => (p.id === id ? f(p) : p)) };
}

function mapRound(state: EventFile, number: number, f: (r: Round) => Round): EventFile {
  if (!state.rounds.some((r) => r.number === number)) throw new FoldError('unknown-round', { round: number });
  return { ...state, rounds: state.rounds.map((r) => (r.number === number ? f(r) : r)) };
}

function mapPairing(state: EventFile, round: number, table: number, f: (p: Pairing) => Pairing): EventFile {
  return mapRound(state, round, (r) => {
    if (!r.pairings.some((p) => p.table === table)) throw new FoldError('unknown-table', { round, table });
    return { ...r, pairings: r.pairings.map((p) => (p.table === table ? f(p) : p)) };
  });
}

/** Applies one action. Pure: returns a new state, shares what did not change. */
export function applyAction(state: EventFile | null, action: Action): EventFile {
  if (action.type === 'event-created' || action.type === 'event-imported' || action.type === 'backup-restored' || action.type === 'event-replaced') return action.event;
  if (state === null) throw new FoldError('no-event');
  switch (action.type) {
    case 'event-updated': {
      const { settings, ...rest } = action.patch;
      return { ...state, ...rest, settings: settings ? { ...state.settings, ...settings } : state.settings };
    }
    case 'player-registered':
      if (state.players.some((p) => p.id === action.player.id)) throw new FoldError('duplicate-player', { id: action.player.id });
      return { ...state, players: [...state.players, action.player] };
    case 'player-updated':
      return mapPlayer(state, action.id, (p) => ({ ...p, ...action.patch }));
    case 'player-dropped':
      return mapPlayer(state, action.id, (p) => ({ ...p, dropped: true, droppedAfterRound: action.afterRound }));
    case 'players-absent':
      return action.ids.reduce((st, id) => mapPlayer(st, id, (p) => ({ ...p, dropped: true, droppedAfterRound: action.afterRound, absent: true })), state);
    case 'player-reinstated':
      return mapPlayer(state, action.id, (p) => {
        const { absent: _absent, ...rest } = p;
        return { ...rest, dropped: false, droppedAfterRound: null };
      });
    case 'players-checked-in': {
      const ids = new Set(action.ids);
      const known = new Set(state.players.map((p) => p.id));
      for (const id of ids) if (!known.has(id)) throw new FoldError('unknown-player', { id });
      return { ...state, players: state.players.map((p) => (ids.has(p.id) ? { ...p, checkedIn: true } : p)) };
    }
    case 'round-paired':
      if (state.rounds.some((r) => r.number === action.round.number)) throw new FoldError('duplicate-round', { round: action.round.number });
      return { ...state, rounds: [...state.rounds, action.round].sort((x, y) => x.number - y.number) };
    case 'round-updated':
      return mapRound(state, action.number, (r) => ({ ...r, ...action.patch }));
    case 'round-deleted':
      mapRound(state, action.number, (r) => r);
      return { ...state, rounds: state.rounds.filter((r) => r.number !== action.number) };
    case 'pairings-swapped':
      return mapRound(state, action.round, (r) => swapInRound(r, action.a, action.b));
    case 'result-recorded':
    case 'result-corrected':
      return mapPairing(state, action.round, action.table, (p) => {
        const { result: _old, ...rest } = p;
        return action.result ? { ...rest, result: action.result } : rest;
      });
    case 'organizer-pin-reset':
    // a choice between merged sides: its effect is which entries the fold leaves out (merge.ts)
    case 'conflict-resolved':
      return state;
    case 'action-undone':
      // Undo is resolved by activeEntries() before folding; reaching here means a caller folded
      // entries one by one, which is only valid when no undo is involved.
      throw new FoldError('undo-needs-refold');
  }
}

/**
 * Adapts an action prepared on a possibly stale copy to the state it is actually applied to.
 * Two tabs (or two devices syncing later) registering at once both picked "next number": the
 * later one takes the next free number instead of being refused. Applied inside the write
 * transaction, so the log stores the action as it was really applied.
 */
export function rebaseAction(state: EventFile | null, action: Action): Action {
  if (state === null || action.type !== 'player-registered') return action;
  const ids = new Set(state.players.map((p) => p.id));
  const numbers = new Set(state.players.map((p) => p.number));
  const { player } = action;
  if (!ids.has(player.id) && !numbers.has(player.number)) return action;
  const number = Math.max(0, ...numbers) + 1;
  let id = `p${number}`;
  for (let k = 2; ids.has(id); k++) id = `p${number}-${k}`;
  return { ...action, player: { ...player, id, number } };
}
