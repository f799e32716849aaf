// The table tools' registry: the systems' aids a table opens from its home without a ticket
// (shared/TableTools.tsx shows them). Kept apart from the table parts (table-parts.ts), which the
// organizer's hall reads too: the hall does not load the tools. Adding a system with a tool of its
// own: a line here.
import type { ComponentType } from 'preact';
import type { MessageKey } from '../../i18n';
import { FreeChallenge } from './confrontation/FreeChallenge';
import { ObjectiveCalculator } from './confrontation/ObjectiveCalculator';
import { ReferenceCard } from './confrontation/ReferenceCard';
import { LotrSetupWizard } from './lotr/LotrSetupWizard';

/** The tools a table opens from its home without a ticket, in the order of its buttons: the systems' own aids. */
export const TABLE_TOOLS = [
  { id: 'objectives', label: 'tools.open.objectives', Tool: ObjectiveCalculator },
  { id: 'reference', label: 'tools.open.reference', Tool: ReferenceCard },
  { id: 'challenge', label: 'tools.open.challenge', Tool: FreeChallenge },
  { id: 'lotrSetup', label: 'tools.open.lotrSetup', Tool: LotrSetupWizard },
] as const satisfies readonly { id: string; label: MessageKey; Tool: ComponentType<{ onClose: () => void }> }[];
