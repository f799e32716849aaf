// Events for the game-system tests: any system, n players, results filled in by a callback.
import type { EventFile, EventSettings, GameResult, Pairing, Player, SideResult, SystemId } from '../../../src/domain/event-file/types';
import type { GameSystem, PairOutcome } from '../../../src/domain/systems';

export function player(n: number, extra: Partial<Player> = {}): Player {
  return { id: `p${n}`, number: n, name: `Player ${n}`, club: n % 2 ? 'Lyon' : 'Paris', dropped: false, droppedAfterRound: null, lists: [], ...extra };
}

export function systemEvent(system: SystemId, players: number, settings: Partial<EventSettings> = {}): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name: 'Test event',
    date: '2026-03-14',
    settings: { points: 200, variants: [], rounds: null, ...settings },
    players: Array.from({ length: players }, (_, i) => player(i + 1)),
    rounds: [],
  };
}

export const side = (extra: Partial<SideResult> = {}): SideResult => ({ cp: 0, apd: 0, ...extra });

/** Pairs the next round, fills every game through `result`, returns the grown event. */
export function playRound(
  system: GameSystem,
  event: EventFile,
  seed: number,
  result: (p: Pairing) => GameResult,
): { event: EventFile; outcome: Extract<PairOutcome, { ok: true }> } {
  const outcome = system.pairNextRound(event, { seed });
  if (!outcome.ok) throw new Error(`pairing refused: ${JSON.stringify(outcome)}`);
  const round = { ...outcome.round, pairings: outcome.round.pairings.map((p) => ({ ...p, result: result(p) })) };
  return { event: { ...event, rounds: [...event.rounds, round] }, outcome };
}

/** Every id placed in a round: at a table or with a bye. */
export function placed(outcome: Extract<PairOutcome, { ok: true }>): string[] {
  return [...outcome.round.pairings.flatMap((p) => [p.a, p.b]), ...outcome.byes];
}
