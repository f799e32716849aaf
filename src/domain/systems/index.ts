// Every game system behind one interface: `systemFor(event.system)` is how the command line, the
// worker and the UI reach scoring, standings, pairing, clocks and list rules.
import type { EventFile, Round, SystemId } from '../event-file/types';
import { CDR_SYSTEM } from '../confrontation/cdr-system';
import { RACKHAM_SYSTEM } from '../confrontation/rackham-system';
import { LOTR_SYSTEM } from '../lotr/lotr-system';
import type { GameSystem, PairingWarning } from './game-system';
import { universalPairingWarnings } from './swap-warnings';
import { SR2011_SYSTEM } from './sr2011';

export interface SystemById extends Record<SystemId, GameSystem> {
  sr2011: typeof SR2011_SYSTEM;
  'confrontation-rackham': typeof RACKHAM_SYSTEM;
  'confrontation-cdr': typeof CDR_SYSTEM;
  'lotr-sbg': typeof LOTR_SYSTEM;
}

const SYSTEMS: SystemById = {
  sr2011: SR2011_SYSTEM,
  'confrontation-rackham': RACKHAM_SYSTEM,
  'confrontation-cdr': CDR_SYSTEM,
  'lotr-sbg': LOTR_SYSTEM,
};

/**
 * The system of an id. A literal id gives that system's own row type (systemFor('lotr-sbg') rows
 * have bodyCount); for an event's `system`, type the result as GameSystem to use the common rows.
 */
export function systemFor<Id extends SystemId>(id: Id): SystemById[Id] {
  return SYSTEMS[id];
}

/**
 * What a hand-made round costs against its event's rules, shown before the organizer confirms a
 * swap: the system's own warnings, or the universal ones (rematch, second bye) for a system
 * without the hook.
 */
export function pairingWarningsOf(event: EventFile, round: Round): PairingWarning[] {
  const system: GameSystem = systemFor(event.system);
  return system.pairingWarnings ? system.pairingWarnings(event, round) : universalPairingWarnings(event, round);
}

export type * from './game-system';
export { systemProblemMessage, listProblemMessage } from './messages';
export { roundByes } from './rounds';
export { readBracket, knockoutStage, type Bracket, type BracketMatch, type BracketRound } from './bracket';
export { rollOff, type RollOff } from './dice';
export { absentAfterRound, checkInInUse, notCheckedIn } from './check-in';
export { eventOverByMethod, pairingImpossible } from './event-over';
/**
 * The table's turn clock settings: SR2011's timing table is the one that times the shared turn
 * clock; another system's table runs it untimed (variants ['no-time-limit']). Given here, above the
 * systems, so table mode's shared screens need not import a system's folder.
 */
export { clockConfig } from '../sr2011/turn-clock';
