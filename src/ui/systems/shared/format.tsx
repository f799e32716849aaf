// The format companions: what the one format tab asks per system beyond name, date and pairing.
// SR2011 brings its timing, annex variants and description (sr2011/format.tsx); the others
// declare their size choices, pairing methods, bye value and round count.
import type { ComponentType } from 'preact';
import type { EventFile, EventSettings } from '../../../domain/event-file';
import type { Lang, MessageKey } from '../../../i18n';

export interface FormatPartProps {
  event: EventFile;
  /** the drafted settings */
  settings: EventSettings;
  setSettings: (patch: Partial<EventSettings>) => void;
  /** the drafted date */
  date: string;
}

export interface FormatUi {
  /** the organizer picks Swiss or round robin (LotR) */
  pairingMethods: boolean;
  /** what a bye is worth can be set (not in a knockout: a bye goes through) */
  byeSetting: boolean;
  /** the Swiss round count when not fixed: its wording and the count a fixed number starts from */
  rounds: (event: EventFile) => { label: { key: MessageKey; params?: Record<string, number> }; fixedLabel: MessageKey; fixedDefault: number };
  /** the settings' problems beyond what the GameSystem's validateEvent says, worded (SR2011's variants) */
  problems: (drafted: EventFile, lang: Lang) => Array<{ text: string; warning: boolean }>;
  Top?: ComponentType<FormatPartProps>;
  Bottom?: ComponentType<FormatPartProps>;
}

/** The systems whose settings their GameSystem checks (validateEvent), rounds open by default. */
export const systemFormat = (extra: Partial<FormatUi>): FormatUi => ({
  pairingMethods: false,
  byeSetting: true,
  rounds: () => ({ label: { key: 'systems.format.roundsOpen' }, fixedLabel: 'systems.format.roundsFixed', fixedDefault: 3 }),
  problems: () => [],
  ...extra,
});
