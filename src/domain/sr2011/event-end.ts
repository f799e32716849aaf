// The end of an SR2011 event, decided in one place for the command line and the app (RULES.md 1,
// "Event size and rounds"). The app proposes and the organizer confirms; the settings fields
// below are the organizer's decisions, kept in the event file:
//   finished: boolean            the organizer confirmed the end of the event
//   finishedAfterRound: number   how many rounds were completed when it was confirmed
//   extraRounds: number          extra rounds agreed beyond the planned count (no unique leader)
import type { EventFile } from '../event-file/types';
import { isEventFinished, roundsCompleted } from '../systems/event-state';
import { eventPlayerCount, plannedRounds, uniqueLeader } from './rounds';
import { computeStandings, finalTablesRound, type StandingRow } from './standings';
import { requiredListCount, standingsVariant } from './variants';

export type EventEndState =
  | { kind: 'none' }
  | { kind: 'running'; completed: number; planned: number }
  | { kind: 'continue'; completed: number; planned: number }
  | { kind: 'propose-end'; completed: number; leader: StandingRow }
  | { kind: 'propose-extra-round'; completed: number; planned: number; leaders: StandingRow[] }
  | { kind: 'extra-round-agreed'; completed: number; next: number }
  | { kind: 'end'; completed: number; reason: 'fixed-rounds' | 'final-tables' }
  | { kind: 'finished'; afterRound: number; winner: StandingRow | null };

export function extraRoundsAgreed(event: Pick<EventFile, 'settings'>): number {
  const n = event.settings.extraRounds;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

/** The rules' planned count (table or "X rounds") plus the extra rounds the organizer agreed to. */
export function plannedWithExtra(event: Pick<EventFile, 'settings' | 'players'>): number {
  const fixed = event.settings.rounds ?? null;
  return plannedRounds(eventPlayerCount(event), fixed) + (fixed === null ? extraRoundsAgreed(event) : 0);
}

const isComplete = (r: EventFile['rounds'][number]): boolean => r.pairings.every((p) => p.result !== undefined);

/**
 * After the last completed round. A dropped player cannot win the event, so the unique leader is
 * looked for among the players still in it. Under « tables finales » the planned last round is
 * the final tables: the event runs to it and ends once it is played; an earlier unique leader
 * does not skip it. `standings` are the event's standings, or how to get them (computed when not
 * given).
 */
export function eventEndState(event: EventFile, standings?: readonly StandingRow[] | (() => readonly StandingRow[])): EventEndState {
  // read only where the answer depends on them: most states do not need the standings' tally
  let computed: readonly StandingRow[] | null = null;
  const standingRows = (): readonly StandingRow[] => (computed ??= standings === undefined ? computeStandings(event) : typeof standings === 'function' ? standings() : standings);
  const completed = roundsCompleted(event);
  if (isEventFinished(event)) {
    const rows = standingRows();
    const after = event.settings.finishedAfterRound;
    return { kind: 'finished', afterRound: typeof after === 'number' ? after : completed, winner: rows.find((r) => !r.dropped) ?? rows[0] ?? null };
  }
  if (event.rounds.length === 0) return { kind: 'none' };
  const planned = plannedWithExtra(event);
  const last = event.rounds[event.rounds.length - 1]!;
  if (!isComplete(last)) return { kind: 'running', completed, planned };
  const fixed = event.settings.rounds ?? null;
  if (standingsVariant(event.settings.variants) === 'final-tables') {
    const ft = finalTablesRound(event);
    if (ft && isComplete(ft)) return { kind: 'end', completed, reason: 'final-tables' };
    if (completed < planned) return { kind: 'continue', completed, planned };
  }
  if (fixed !== null) return completed >= fixed ? { kind: 'end', completed, reason: 'fixed-rounds' } : { kind: 'continue', completed, planned };
  const inEvent = standingRows().filter((r) => !r.dropped);
  const leader = uniqueLeader(inEvent);
  if (leader !== null) return { kind: 'propose-end', completed, leader };
  if (completed >= planned) {
    const top = Math.max(...inEvent.map((r) => r.tp));
    return { kind: 'propose-extra-round', completed, planned, leaders: inEvent.filter((r) => r.tp === top) };
  }
  return extraRoundsAgreed(event) > 0 && completed >= planned - extraRoundsAgreed(event)
    ? { kind: 'extra-round-agreed', completed, next: last.number + 1 }
    : { kind: 'continue', completed, planned };
}

export interface UnusedLists {
  id: string;
  name: string;
  /** the casters of the lists this player never played */
  casters: string[];
}

/**
 * « X listes » asks each list to be used at least once; in an event whose round count is not fixed
 * it can end on a unique leader first (RULES.md decision): the end-of-event check names the
 * players still in with a list never played. Empty when the variant or the free count is absent.
 */
export function unusedListsAtEnd(event: EventFile): UnusedLists[] {
  if (requiredListCount(event.settings.variants) === null || event.settings.rounds !== null) return [];
  // only a player still in with two lists or more can leave one unused: with none (« 1 liste »,
  // say), the walk over every result below finds nothing
  if (!event.players.some((p) => !p.dropped && p.lists.length >= 2)) return [];
  const used = new Map<string, Set<number>>();
  for (const r of event.rounds)
    for (const p of r.pairings)
      for (const side of ['a', 'b'] as const) {
        const i = p.result?.[side].listIndex;
        if (typeof i !== 'number') continue;
        const set = used.get(p[side]) ?? new Set<number>();
        set.add(i);
        used.set(p[side], set);
      }
  const out: UnusedLists[] = [];
  for (const player of event.players) {
    if (player.dropped || player.lists.length < 2) continue;
    const mine = used.get(player.id) ?? new Set<number>();
    const casters = player.lists.filter((_, i) => !mine.has(i)).map((l) => l.caster);
    if (casters.length > 0 && casters.length < player.lists.length) out.push({ id: player.id, name: player.name, casters });
  }
  return out;
}
