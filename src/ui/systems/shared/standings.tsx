// The standings companions: each system's columns, the keys that order them, the sentence that
// states the order, the progress line, the "why" of each place, the CSV and the end-of-event
// panel. SR2011 keeps its annex variants and its end-of-event proposals; the others rank by
// their GameSystem rows and end by their pairing method.
import { useStandings } from '../../use-standings';
import type { ComponentType } from 'preact';
import type { EventFile } from '../../../domain/event-file';
import { lotrDuelGroups } from '../../../domain/lotr';
import { eventEndState, plannedWithExtra, roundsCompleted, type StandingRow } from '../../../domain/sr2011';
import type { Lang, MessageKey, Translate } from '../../../i18n';
import { EndCheck } from '../sr2011/EndCheck';
import { orderKeys, orderSentence, standingsCsv, statColumns, statValue, whyText as sr2011Why } from '../../screens/event/standings/model';
import { SystemEndCheck } from './SystemEndCheck';
import { isKnockout, systemOf } from './model';
import {
  BYES,
  KNOCKOUT_COLUMNS,
  numberColumn,
  progressText,
  recordedDuels,
  systemStandingsCsv,
  whyText,
  WDL,
  type AnyRow,
  type Column,
  type PeopleColumns,
} from './standings-model';
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

const asSr2011 = (rows: readonly AnyRow[]): StandingRow[] => rows as unknown as StandingRow[];

function Sr2011End({ eventId, event, dispatch }: EndPanelProps) {
  // the end of the event is decided on every round played, whichever view is on screen
  const { rows, pending } = useStandings(eventId, event);
  const all = rows as StandingRow[] | null;
  if (!all || pending) return null;
  return <EndCheck state={eventEndState(event, all)} eventId={eventId} event={event} dispatch={dispatch} />;
}

/**
 * Survival standings: the players some of whose games had no surviving points recorded, whose
 * figure the domain estimates (list + 5 - the opponent's APD); empty when every game has one.
 */
function estimatedSurvival(rows: readonly StandingRow[], t: Translate): string {
  const estimated = rows.filter((r) => (r.survivedEstimated ?? 0) > 0);
  if (estimated.length === 0) return '';
  return t('standings.survivedEstimated', { list: estimated.map((r) => `${r.name} (${r.survivedEstimated})`).join(', ') });
}

export const SR2011_STANDINGS: StandingsUi = {
  columns: (event) => [
    ...statColumns(event).map(
      (k): Column => ({ id: k, label: `standings.col.${k}` as MessageKey, long: `standings.key.${k}` as MessageKey, orderKey: k, text: (r) => String(statValue(r as unknown as StandingRow, k)) }),
    ),
    WDL,
  ],
  keys: (event, rows) => orderKeys(event, asSr2011(rows)),
  orderText: (event, rows, t, lang) => [orderSentence(event, asSr2011(rows), t, lang), estimatedSurvival(asSr2011(rows), t)].filter(Boolean).join(' '),
  progress: (event, t) =>
    t(event.settings.rounds != null ? 'standings.progressFixed' : 'standings.progress', { n: roundsCompleted(event), planned: plannedWithExtra(event) }),
  why: (row, t) => sr2011Why(row as unknown as StandingRow, t),
  csv: (event, rows, t, _lang, people) => standingsCsv(event, asSr2011(rows), t, people),
  EndPanel: Sr2011End,
};

/** The systems ranked by their GameSystem rows: a knockout by the round reached, the others by their own columns. */
function ranked(
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

export const RACKHAM_STANDINGS = ranked(
  () => [numberColumn('points', 'systems.col.points', 'systems.col.pointsLong', 'points'), numberColumn('score', 'systems.col.score', 'systems.col.scoreLong', 'score'), WDL, BYES],
  (event) => (isKnockout(event) ? 'systems.order.knockout' : 'systems.order.rackham500'),
);

export const CDR_STANDINGS = ranked(
  () => [
    numberColumn('tp', 'standings.col.tp', 'standings.key.tp', 'tp'),
    numberColumn('goalAverage', 'systems.col.goalAverage', 'systems.col.goalAverageLong', 'goalAverage'),
    numberColumn('vp', 'systems.col.vp', 'systems.col.vpLong'),
    WDL,
    BYES,
  ],
  () => 'systems.order.confrontation-cdr',
);

export const LOTR_STANDINGS = ranked(
  (event) => [
    numberColumn('points', 'systems.col.points', 'systems.col.pointsLong', 'points'),
    numberColumn('bodyCount', 'systems.col.bodyCount', 'systems.col.bodyCountLong', 'bodyCount'),
    numberColumn('kills', 'systems.col.kills', 'systems.col.killsLong', 'kills'),
    // a duel is rare: its column only once the organizer has recorded one
    ...(recordedDuels(event).length > 0 ? [{ ...numberColumn('duelWins', 'systems.col.duels', 'systems.col.duelsLong'), orderKey: 'duel' }] : []),
    WDL,
    BYES,
  ],
  () => 'systems.order.lotr-sbg',
  lotrDuelGroups,
);

