// When the LotR standings are the final ones. The duel is the tie chain's last step before the
// player number, and the source asks for it to place players at the end of the event: after
// round 1 of a five-round event a tie is simply carried on, so nobody should be sent to duel.
import type { EventFile } from '../event-file/types';
import { roundRobinRoundCount } from '../pairing/round-robin';
import { roundRobinOrder } from '../systems/round-robin-round';
import type { StandingRowBase } from '../systems/game-system';

const played = (event: Pick<EventFile, 'rounds'>): number => event.rounds.filter((r) => r.pairings.every((p) => p.result !== undefined)).length;

/**
 * True once no further round will be played: the organizer closed the event (settings.finished),
 * a fixed round count ("X rounds") is reached, or a round robin has played every round.
 */
export function lotrStandingsFinal(event: EventFile): boolean {
  if (event.settings.finished === true) return true;
  if (event.rounds.length === 0 || played(event) < event.rounds.length) return false;
  const fixed = event.settings.rounds;
  if (typeof fixed === 'number' && played(event) >= fixed) return true;
  if (event.settings.pairing === 'round-robin') return played(event) >= roundRobinRoundCount(roundRobinOrder(event).length);
  return false;
}

/**
 * The groups a duel should split: players still level after kills (the chain then fell to the
 * player number), asked for only when the standings are final.
 */
export function lotrDuelGroups<R extends StandingRowBase>(event: EventFile, rows: readonly R[]): R[][] {
  if (!lotrStandingsFinal(event)) return [];
  const groups: R[][] = [];
  rows.forEach((row, i) => {
    if (row.decidedBy !== 'number' || i === 0) return;
    const last = groups[groups.length - 1];
    if (last && last[last.length - 1] === rows[i - 1]) last.push(row);
    else groups.push([rows[i - 1]!, row]);
  });
  return groups;
}
