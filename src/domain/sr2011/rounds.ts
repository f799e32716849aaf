// How many rounds an SR2011 event plays and when it stops. The source's table stops at 64
// players; beyond it we keep doubling (RULES.md decision), which is what the table itself does.
import type { EventFile } from '../event-file/types';

/** [largest player count, rounds] straight from the source's table */
export const ROUNDS_TABLE: ReadonlyArray<readonly [maxPlayers: number, rounds: number]> = [
  [8, 3],
  [16, 4],
  [32, 5],
  [64, 6],
];

/** Rounds by player count: 8 or fewer 3, 9-16 4, 17-32 5, 33-64 6, 65-128 7, ... */
export function recommendedRounds(playerCount: number): number {
  let cap = 8;
  let rounds = 3;
  // integer doubling rather than log2 so no float edge lands on a boundary
  while (playerCount > cap) {
    cap *= 2;
    rounds += 1;
  }
  return rounds;
}

/**
 * The player count the rounds table reads: everyone registered except those who dropped before
 * round 1 (no-shows). A later drop does not shorten an event already under way.
 */
export function eventPlayerCount(event: Pick<EventFile, 'players'>): number {
  return event.players.filter((p) => !(p.dropped && (p.droppedAfterRound ?? 0) === 0)).length;
}

/** The "X rounds" variant (settings.rounds) wins over the table. */
export function plannedRounds(playerCount: number, fixedRounds: number | null = null): number {
  return fixedRounds ?? recommendedRounds(playerCount);
}

export type EventEndDecision = 'continue' | 'propose-end' | 'propose-extra-round' | 'end';

/** One player with strictly more TP than every other player. */
export function uniqueLeader<T extends { tp: number }>(standings: readonly T[]): T | null {
  let best: T | null = null;
  let tied = false;
  for (const row of standings) {
    if (best === null || row.tp > best.tp) {
      best = row;
      tied = false;
    } else if (row.tp === best.tp) {
      tied = true;
    }
  }
  return best !== null && !tied ? best : null;
}

/**
 * After a round. With "X rounds" the event simply ends at X. Otherwise the source ends the event
 * as soon as one player leads alone, whatever the planned count ("une fois cette condition
 * remplie, le tournoi prend fin sans partie supplémentaire"), and plays on while nobody does;
 * the app only proposes, the organizer confirms.
 */
export function eventEndCheck(standings: readonly { tp: number }[], roundsPlayed: number, planned: number, fixedRounds: number | null): EventEndDecision {
  if (fixedRounds !== null) return roundsPlayed >= fixedRounds ? 'end' : 'continue';
  if (roundsPlayed === 0) return 'continue';
  if (uniqueLeader(standings) !== null) return 'propose-end';
  return roundsPlayed >= planned ? 'propose-extra-round' : 'continue';
}

/** The rules' row a player count falls in: [first, last] players and its rounds (last null: no end). */
export function roundsRow(playerCount: number): { first: number; last: number; rounds: number } {
  let cap = 8;
  let first = 1;
  let rounds = 3;
  while (playerCount > cap) {
    first = cap + 1;
    cap *= 2;
    rounds += 1;
  }
  return { first, last: cap, rounds };
}
