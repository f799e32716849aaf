// Table mode's registry: each clock profile a GameSystem declares (GameSystem.clockProfile) and
// the parts its tables plug into the shared table screens (shared/table-parts.ts), and the tools a
// table opens from its home (shared/TableTools.tsx). Kept apart
// from the systems' registry (index.tsx): only table mode loads these. Adding a system whose
// tables play another way: its profile in the domain and a line here.
import type { ComponentType } from 'preact';
import type { TableTicket } from '../../domain/handoff';
import { systemFor, type ClockProfile } from '../../domain/systems';
import type { MessageKey } from '../../i18n';
import { FreeChallenge } from './confrontation/FreeChallenge';
import { ObjectiveCalculator } from './confrontation/ObjectiveCalculator';
import { ReferenceCard } from './confrontation/ReferenceCard';
import { CHALLENGE_TABLE } from './confrontation/table';
import { LotrSetupWizard } from './lotr/LotrSetupWizard';
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

/** The tools a table opens from its home without a ticket, in the order of its buttons: the systems' own aids. */
export const TABLE_TOOLS = [
  { id: 'objectives', label: 'tools.open.objectives', Tool: ObjectiveCalculator },
  { id: 'reference', label: 'tools.open.reference', Tool: ReferenceCard },
  { id: 'challenge', label: 'tools.open.challenge', Tool: FreeChallenge },
  { id: 'lotrSetup', label: 'tools.open.lotrSetup', Tool: LotrSetupWizard },
] as const satisfies readonly { id: string; label: MessageKey; Tool: ComponentType<{ onClose: () => void }> }[];
