// Check-in that counts (issue 12): once the organizer has started ticking players in, a player
// who is still not ticked is not assumed present. Pairing asks first, and marking them absent is
// one logged action ('players-absent') that an undo or a reinstatement reverses. Every system
// pairs only active players, so an absent player is simply not paired.
import type { EventFile, PlayerId } from '../event-file/types';

/** Check-in is in use as soon as one active player is ticked in. */
export function checkInInUse(event: Pick<EventFile, 'players'>): boolean {
  return event.players.some((p) => !p.dropped && p.checkedIn === true);
}

/**
 * Active players the next pairing would seat although nobody checked them in. A player who has
 * already been paired in a round proved they were there, so only players never paired count; a
 * late registration is checked in at the desk (players/model.ts), so it never counts either.
 * Empty when check-in is not in use: an organizer who never ticks anyone is never asked.
 */
export function notCheckedIn(event: Pick<EventFile, 'players' | 'rounds'>): PlayerId[] {
  if (!checkInInUse(event)) return [];
  const paired = new Set<PlayerId>();
  for (const r of event.rounds) {
    for (const p of r.pairings) paired.add(p.a).add(p.b);
    if (typeof r.bye === 'string') paired.add(r.bye);
    if (Array.isArray(r.byes)) for (const id of r.byes) if (typeof id === 'string') paired.add(id);
  }
  return event.players.filter((p) => !p.dropped && p.checkedIn !== true && !paired.has(p.id)).map((p) => p.id);
}

/** The round after which absent players leave: the rounds paired so far (0 before round 1). */
export function absentAfterRound(event: Pick<EventFile, 'rounds'>): number {
  return event.rounds.reduce((m, r) => Math.max(m, r.number), 0);
}
