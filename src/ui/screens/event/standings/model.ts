// The standings tab's logic, kept out of the components so it can be read and tested alone:
// which columns show and in what order, which "views" (after round N) exist, the end-of-event
// state, the plain-language "why" of each row and the CSV file.
import { csvDocument } from '../../../csv';
import type { EventFile } from '../../../../domain/event-file';
import {
  BASE_ORDER,
  FINAL_TABLES_REST_ORDER,
  eventEndCheck,
  finalTablesRound,
  eventPlayerCount,
  plannedRounds,
  roundsCompleted,
  standingsOrder,
  standingsVariant,
  uniqueLeader,
  variantDef,
  type StandingKey,
  type StandingRow,
} from '../../../../domain/sr2011';
import type { Lang, Translate } from '../../../../i18n';
import { fileSlug } from '../../../files';

// ---------------------------------------------------------------------------------------------
// Settings fields this tab owns (extra fields of `settings`, kept by export/import):
//   finished: boolean            the organizer confirmed the end of the event
//   finishedAfterRound: number   how many rounds were completed when it was confirmed
//   extraRounds: number          extra rounds agreed beyond the planned count (no unique leader)
// ---------------------------------------------------------------------------------------------

export const isFinished = (event: EventFile): boolean => event.settings.finished === true;

export function extraRounds(event: EventFile): number {
  const n = event.settings.extraRounds;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

/** The rules' planned count (table or "X rounds") plus the extra rounds the organizer agreed to. */
export function plannedWithExtra(event: EventFile): number {
  const fixed = event.settings.rounds ?? null;
  return plannedRounds(eventPlayerCount(event), fixed) + (fixed === null ? extraRounds(event) : 0);
}

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
// End of the event
// ---------------------------------------------------------------------------------------------

export type EndState =
  | { kind: 'none' }
  | { kind: 'running'; completed: number; planned: number }
  | { kind: 'continue'; completed: number; planned: number }
  | { kind: 'propose-end'; completed: number; leader: StandingRow }
  | { kind: 'propose-extra-round'; completed: number; planned: number; leaders: StandingRow[] }
  | { kind: 'extra-round-agreed'; completed: number; next: number }
  | { kind: 'end'; completed: number; reason: 'fixed-rounds' | 'final-tables' }
  | { kind: 'finished'; afterRound: number; winner: StandingRow | null };

/**
 * The end-of-event check after the last completed round (RULES.md 1, "Event size and rounds").
 * Final tables: the planned last round is the final tables, so the event runs to it and ends
 * once it is played; a unique leader earlier does not skip it.
 */
export function endState(event: EventFile, rows: readonly StandingRow[]): EndState {
  const completed = roundsCompleted(event);
  if (isFinished(event)) {
    const after = event.settings.finishedAfterRound;
    return { kind: 'finished', afterRound: typeof after === 'number' ? after : completed, winner: rows[0] ?? null };
  }
  if (event.rounds.length === 0) return { kind: 'none' };
  const planned = plannedWithExtra(event);
  const last = event.rounds[event.rounds.length - 1]!;
  if (!isComplete(last)) return { kind: 'running', completed, planned };
  const fixed = event.settings.rounds ?? null;
  if (standingsVariant(event.settings.variants) === 'final-tables') {
    const ft = finalTablesRound(event);
    if (ft && isComplete(ft)) return { kind: 'end', completed, reason: 'final-tables' };
    if (completed < planned) return { kind: 'continue', completed, planned };
  }
  const decision = eventEndCheck(rows, completed, planned, fixed);
  switch (decision) {
    case 'end':
      return { kind: 'end', completed, reason: 'fixed-rounds' };
    case 'propose-end':
      return { kind: 'propose-end', completed, leader: uniqueLeader(rows)! };
    case 'propose-extra-round': {
      const top = Math.max(...rows.map((r) => r.tp));
      return { kind: 'propose-extra-round', completed, planned, leaders: rows.filter((r) => r.tp === top) };
    }
    case 'continue':
      return extraRounds(event) > 0 && fixed === null && completed >= planned - extraRounds(event)
        ? { kind: 'extra-round-agreed', completed, next: last.number + 1 }
        : { kind: 'continue', completed, planned };
  }
}

// ---------------------------------------------------------------------------------------------
// CSV for French Excel: ';' separated, UTF-8 with a BOM, CRLF, one row per player.
// ---------------------------------------------------------------------------------------------

export function standingsCsv(event: EventFile, rows: readonly StandingRow[], t: Translate): string {
  const cols = statColumns(event);
  const header = [
    t('standings.col.rank'),
    t('standings.col.number'),
    t('standings.col.name'),
    ...cols.map((k) => t(`standings.col.${k}`)),
    t('standings.csv.wins'),
    t('standings.csv.draws'),
    t('standings.csv.losses'),
    t('standings.csv.dropped'),
  ];
  const lines = rows.map((r) => [
    r.rank,
    r.number,
    r.name,
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
