// Per-system defaults the event creation form needs. Kept apart from event/systems/model.ts,
// which reaches every system's rules: the creation form is on the home screen, and importing
// the model put the rules engines (pairing included) in the start-up bundle.
import type { SystemId } from '../../domain/event-file/types';

/**
 * The army size a new event starts with. Rackham's rules name theirs (the 200-PA challenge, 500
 * points as the other variant); the CDR scenarios and LotR set none, so the organizer must say.
 */
export const DEFAULT_POINTS: Readonly<Record<SystemId, number | null>> = {
  sr2011: 50,
  'confrontation-rackham': 200,
  'confrontation-cdr': null,
  'lotr-sbg': null,
};

/** The two sizes the Rackham tournament rules know (validateEvent refuses any other). */
export const RACKHAM_SIZES = [200, 500] as const;
