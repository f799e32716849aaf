// The standings parts every system declares (its columns, the keys that order them, the sentence
// that states the order, the progress line, the "why" of each place, the CSV and the end-of-event
// panel), and those of the systems ranked by their GameSystem rows, which end by their pairing
// method. SR2011's, with its annex variants and end-of-event proposals, are in sr2011/standings.tsx.
import type { ComponentType } from 'preact';
import type { EventFile } from '../../../domain/event-file';
import { roundsCompleted } from '../../../domain/systems/event-state';
import type { Lang, MessageKey, Translate } from '../../../i18n';
import { SystemEndCheck } from './SystemEndCheck';
import { isKnockout, systemOf } from './model';
import { KNOCKOUT_COLUMNS, progressText, systemStandingsCsv, whyText, type AnyRow, type Column, type PeopleColumns } from './standings-model';
import type { EndPanelProps } from '../../screens/event/standings/end-panel';

export type { EndPanelProps };

export interface StandingsUi {
  columns: (event: EventFile) => Column[];
  /** the keys that order the rows, in order (a column whose orderKey is one is highlighted) */
  keys: (event: EventFile, rows: readonly AnyRow[]) => readonly string[];
  orderText: (event: EventFile, rows: readonly AnyRow[], t: Translate, lang: Lang) => string;
  progress: (event: EventFile, t: Translate) => string;
  why: (row: AnyRow, t: Translate) => string;
  /** the CSV; `people`: the club and faction columns, when shown */
  csv: (event: EventFile, rows: readonly AnyRow[], t: Translate, lang: Lang, people?: PeopleColumns) => string;
  EndPanel: ComponentType<EndPanelProps>;
}

/** The systems ranked by their GameSystem rows: a knockout by the round reached, the others by their own columns. */
export function ranked(
  columns: (event: EventFile) => Column[],
  order: (event: EventFile) => MessageKey,
  duels?: (event: EventFile, rows: readonly AnyRow[]) => AnyRow[][],
): StandingsUi {
  const cols = (event: EventFile): Column[] => (isKnockout(event) ? [...KNOCKOUT_COLUMNS] : columns(event));
  return {
    columns: cols,
    keys: (event) => systemOf(event).standingsOrder(event.settings),
    orderText: (event, _rows, t) => t(order(event)),
    progress: (event, t) => progressText(event, roundsCompleted(event), t),
    why: whyText,
    csv: (event, rows, t, lang, people) => systemStandingsCsv(cols(event), rows, t, lang, people),
    EndPanel: duels ? (props) => <SystemEndCheck {...props} duels={duels} /> : SystemEndCheck,
  };
}
