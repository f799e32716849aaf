// Table mode's registry: each clock profile a GameSystem declares (GameSystem.clockProfile) and
// the parts its tables plug into the shared table screens (shared/table-parts.ts). Kept apart
// from the systems' registry (index.tsx): only table mode loads these. Adding a system whose
// tables play another way: its profile in the domain and a line here.
import type { TableTicket } from '../../domain/handoff';
import { systemFor, type ClockProfile } from '../../domain/systems';
import { CHALLENGE_TABLE } from './confrontation/table';
import { LOTR_TABLE } from './lotr/table';
import { PLAIN_TABLE } from './shared/plain-table';
import type { TableParts } from './shared/table-parts';
import { SR2011_TABLE } from './sr2011/table';

export type { ClockScenario, HallBase, OwnClockProps, SetupExtra, TableAct, TableParts, TimeOutDecided } from './shared/table-parts';

const TABLE_PARTS: Record<ClockProfile, TableParts> = {
  sr2011: SR2011_TABLE,
  'lotr-30-50': LOTR_TABLE,
  'confrontation-challenge': CHALLENGE_TABLE,
  none: PLAIN_TABLE,
};

/** The parts of the table the ticket's system and format declare. */
export function tablePartsFor(ticket: Pick<TableTicket, 'system' | 'points' | 'variants'>): TableParts {
  return TABLE_PARTS[systemFor(ticket.system).clockProfile({ points: ticket.points, variants: ticket.variants, rounds: null })];
}
