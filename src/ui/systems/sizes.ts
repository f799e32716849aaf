// How big an army is, per system: what a new event starts with and how the size is asked. Kept
// apart from the UI companions (index.tsx) because the create-event form is in the start-up
// bundle and must not pull the organizer screens in.
import type { SystemId } from '../../domain/event-file';
import type { MessageKey } from '../../i18n';

/** The two sizes the Rackham tournament rules know (validateEvent refuses any other). */
export const RACKHAM_SIZES = [200, 500] as const;

export interface SizeUi {
  /**
   * The size a new event starts with. Rackham's rules name theirs (the 200-PA challenge, 500
   * points as the other variant); the CDR scenarios and LotR set none, so the organizer must say.
   */
  default: number | null;
  /** the size input's label; null when the size is one of `choices` */
  label: MessageKey | null;
  choices: ReadonlyArray<{ points: number; label: MessageKey }> | null;
  /** what the choices are called (Rackham: « Format »), when there are choices */
  choicesLabel?: MessageKey;
}

const ASKED: SizeUi = { default: null, label: 'systems.format.size', choices: null };

export const SIZES: Readonly<Record<SystemId, SizeUi>> = {
  sr2011: { default: 50, label: 'format.points', choices: null },
  'confrontation-rackham': {
    default: 200,
    label: null,
    choicesLabel: 'systems.rackham.format',
    choices: RACKHAM_SIZES.map((points) => ({ points, label: points === 200 ? 'systems.rackham.challenge' : 'systems.rackham.points500' })),
  },
  'confrontation-cdr': ASKED,
  'lotr-sbg': ASKED,
};
