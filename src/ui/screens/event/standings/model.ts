// The standings tab's logic, kept out of the components so it can be read and tested alone:
// which columns show and in what order, which "views" (after round N) exist, the end-of-event
// state, the plain-language "why" of each row and the CSV file.
import { csvDocument } from '../../../csv';
import type { EventFile } from '../../../../domain/event-file';
import {
  BASE_ORDER,
  FINAL_TABLES_REST_ORDER,
  standingsOrder,
  standingsVariant,
  variantDef,
  type StandingKey,
  type StandingRow,
} from '../../../../domain/sr2011';
import type { Lang, Translate } from '../../../../i18n';
import { fileSlug } from '../../../files';
import { csvPeopleCells, csvPeopleHead, type AnyRow, type PeopleColumns } from '../../../systems/shared/standings-model';

// The end of the event (settings.finished, finishedAfterRound, extraRounds) is decided by the
// domain's eventEndState, the same one the command line uses.

// ---------------------------------------------------------------------------------------------
// Views: the standings after each completed round, plus the running round (provisional).
// ---------------------------------------------------------------------------------------------

export interface StandingsView {
  /** how many rounds of event.rounds to keep: standings = computeStandings(sliceRounds(event, length)) */
  length: number;
  /** the round's number, as printed */
  round: number;
  /** false for the running round, whose results are partial */
  complete: boolean;
}

const isComplete = (r: EventFile['rounds'][number]): boolean => r.pairings.every((p) => p.result !== undefined);

export function standingsViews(event: EventFile): StandingsView[] {
  const views: StandingsView[] = [];
  event.rounds.forEach((r, i) => {
    const last = i === event.rounds.length - 1;
    if (isComplete(r)) views.push({ length: i + 1, round: r.number, complete: true });
    else if (last) views.push({ length: i + 1, round: r.number, complete: false });
  });
  return views;
}

/** Nothing to rank yet: no round, or only a running first round with no result at all. */
export function nothingPlayed(event: EventFile): boolean {
  return !event.rounds.some((r) => isComplete(r) || r.pairings.some((p) => p.result !== undefined));
}

export const sliceRounds = (event: EventFile, length: number): EventFile =>
  length >= event.rounds.length ? event : { ...event, rounds: event.rounds.slice(0, length) };

// ---------------------------------------------------------------------------------------------
// Columns and order
// ---------------------------------------------------------------------------------------------

/**
 * The keys that rank the rows: the variant's order, or under "final tables" once they are played
 * (a row is pinned by them) TP, SoS, CP for the rest.
 */
export function orderKeys(event: EventFile, rows: readonly StandingRow[]): readonly StandingKey[] {
  if (standingsVariant(event.settings.variants) === 'final-tables' && rows.some((r) => r.decidedBy === 'finalTable')) {
    return FINAL_TABLES_REST_ORDER;
  }
  return standingsOrder(event.settings.variants);
}

/** The number columns, in the order in force first, then the base columns not in it. */
export function statColumns(event: EventFile): StandingKey[] {
  const order = standingsOrder(event.settings.variants);
  const cols = [...order];
  for (const k of BASE_ORDER) if (!cols.includes(k)) cols.push(k);
  return cols;
}

export const statValue = (row: StandingRow, key: StandingKey): number => row[key] ?? 0;

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

export function orderSentence(event: EventFile, rows: readonly StandingRow[], t: Translate, lang: Lang): string {
  const keys = orderKeys(event, rows).map((k) => t(`standings.key.${k}`));
  const variant = standingsVariant(event.settings.variants);
  const finalPlayed = variant === 'final-tables' && rows.some((r) => r.decidedBy === 'finalTable');
  const list = (finalPlayed ? [t('standings.orderFinalTablesPlayed'), ...keys] : keys).join(t('standings.then'));
  const title = variant && variant !== 'final-tables' ? variantDef(variant)?.title[lang] : undefined;
  const sentence = title ? t('standings.orderVariant', { variant: title, keys: list }) : t('standings.order', { keys: list });
  return variant === 'final-tables' && !finalPlayed ? `${sentence} ${t('standings.orderFinalTablesLater')}` : sentence;
}

/** Why this row is below the one above, in plain words. */
export function whyText(row: StandingRow, t: Translate): string {
  return row.decidedBy === null ? t('standings.why.first') : t(`standings.why.${row.decidedBy}`);
}


// ---------------------------------------------------------------------------------------------
// CSV for French Excel: ';' separated, UTF-8 with a BOM, CRLF, one row per player.
// ---------------------------------------------------------------------------------------------

export function standingsCsv(event: EventFile, rows: readonly StandingRow[], t: Translate, people?: PeopleColumns): string {
  const cols = statColumns(event);
  const header = [
    ...csvPeopleHead(t, people),
    ...cols.map((k) => t(`standings.col.${k}`)),
    t('standings.csv.wins'),
    t('standings.csv.draws'),
    t('standings.csv.losses'),
    t('standings.csv.dropped'),
  ];
  const lines = rows.map((r) => [
    ...csvPeopleCells(r as unknown as AnyRow, people),
    ...cols.map((k) => statValue(r, k)),
    r.wins,
    r.draws,
    r.losses,
    r.dropped ? t('standings.csv.yes') : '',
  ]);
  return csvDocument([header, ...lines]);
}

/** "winter-steamroller-2026-12-05-classement-ronde-3.csv": the export's name plus the round shown. */
export function csvFileName(event: EventFile, round: number, t: Translate): string {
  return t('standings.csvFile', { base: fileSlug(event.name, event.date).replace(/\.json$/, ''), round });
}
