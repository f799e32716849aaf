// The systems' UI registry: each game system's UI folder (sr2011/, confrontation/, lotr/) and
// what it plugs into the organizer's screens beside what its domain's GameSystem declares. A
// screen asks `uiFor(event.system)` what to show; it never tests a system id. Adding a system:
// its domain folder and a line in src/domain/systems/index.ts, its UI folder and a line here
// (and in sizes.ts and shared/points.ts, the two small tables kept apart for the start-up bundle
// and the result parts).
import type { SystemId } from '../../domain/event-file';
import { CDR_UI, RACKHAM_UI } from './confrontation';
import { LOTR_UI } from './lotr';
import type { SystemUi } from './shared/system-ui';
import { SR2011_UI } from './sr2011';

export type { EndPanelProps, StandingsUi } from './shared/standings';
export type { PaintingCheck, RoundPanelProps, SystemUi } from './shared/system-ui';

const SYSTEM_UI: Record<SystemId, SystemUi> = {
  sr2011: SR2011_UI,
  'confrontation-rackham': RACKHAM_UI,
  'confrontation-cdr': CDR_UI,
  'lotr-sbg': LOTR_UI,
};

export const uiFor = (system: SystemId): SystemUi => SYSTEM_UI[system];
