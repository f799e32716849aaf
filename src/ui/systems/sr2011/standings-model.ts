// SR2011's standings logic, kept out of the components so it can be read and tested alone: which
// columns show and in what order (the annex variants), the plain-language "why" of each row and
// the CSV.
import { csvDocument } from '../../csv';
import type { EventFile } from '../../../domain/event-file';
import { BASE_ORDER, FINAL_TABLES_REST_ORDER, standingsOrder, standingsVariant, variantDef, type StandingKey, type StandingRow } from '../../../domain/sr2011';
import type { Lang, Translate } from '../../../i18n';
import { csvPeopleCells, csvPeopleHead, type AnyRow, type PeopleColumns } from '../shared/standings-model';

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
