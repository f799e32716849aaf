// The standings of the systems ranked by their GameSystem rows, kept out of the components: the
// column shape every system's companion fills, a knockout's columns, the "why" of each place
// (including LotR's "results between the tied players" and "duel"), the players a duel must
// still split, the CSV and the progress line.
import type { EventFile, PlayerId } from '../../../domain/event-file';
import { knockoutRoundCount, roundRobinRoundCount } from '../../../domain/pairing';
import { readBracket, type StandingRowBase } from '../../../domain/systems';
import type { MessageKey, Translate } from '../../../i18n';
import { csvDocument } from '../../csv';
import { formatNumber, hasMessage, pairingKind, stageLabel, systemOf } from './model';

/** A row of any system: the common fields plus the system's own, read by key. */
export type AnyRow = StandingRowBase & Record<string, unknown>;

export interface Column {
  id: string;
  label: MessageKey;
  /** the full name, for the header's tooltip and the order sentence */
  long: MessageKey;
  /** the standings key this column shows, when it is one the order compares */
  orderKey?: string;
  /** the cell holds words (« Quart de finale »), not a number: left-aligned, and it may wrap */
  words?: boolean;
  text: (row: AnyRow, t: Translate, lang: 'fr' | 'en') => string;
}

/**
 * Who is who in the hall: a Club column and a faction column (« Faction », « Peuple », « Camp »),
 * each only when some player has one, for the table, the print and the CSV.
 */
export interface PeopleColumns {
  heads: readonly { id: 'club' | 'faction'; label: string }[];
  cells: (id: PlayerId) => string[];
}

export function peopleColumns(players: EventFile['players'], labels: { club: string; faction: string }): PeopleColumns {
  const filled = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';
  const heads = (['club', 'faction'] as const).filter((k) => players.some((p) => filled(p[k]))).map((id) => ({ id, label: labels[id] }));
  const byId = new Map(players.map((p) => [p.id, p]));
  return { heads, cells: (id) => heads.map((h) => byId.get(id)?.[h.id]?.trim() ?? '') };
}

/** The CSV's leading columns: rank, number, name, then club and faction. */
export const csvPeopleHead = (t: Translate, people?: PeopleColumns): string[] => [
  t('standings.col.rank'),
  t('standings.col.number'),
  t('standings.col.name'),
  ...(people?.heads.map((h) => h.label) ?? []),
];
export const csvPeopleCells = (r: AnyRow, people?: PeopleColumns): (string | number)[] => [r.rank, r.number, r.name, ...(people?.cells(r.id) ?? [])];

const num =
  (key: string) =>
  (row: AnyRow, _t: Translate, lang: 'fr' | 'en'): string =>
    formatNumber(typeof row[key] === 'number' ? (row[key] as number) : 0, lang);

export const WDL: Column = {
  id: 'wdl',
  label: 'standings.col.wdl',
  long: 'standings.col.wdlLong',
  text: (r) => `${Number(r.wins ?? 0)}-${Number(r.draws ?? 0)}-${Number(r.losses ?? 0)}`,
};
export const BYES: Column = { id: 'byes', label: 'systems.col.byes', long: 'systems.col.byesLong', text: num('byes') };

/** A column of a number the rows carry under `key`, ordering the rows when the system says so. */
export const numberColumn = (key: string, label: MessageKey, long: MessageKey, orderKey?: string): Column => ({
  id: key,
  label,
  long,
  ...(orderKey && { orderKey }),
  text: num(key),
});

/** A knockout ranks by the round reached: the same columns whatever the system. */
export const KNOCKOUT_COLUMNS: readonly Column[] = [
  { id: 'seed', label: 'systems.col.seed', long: 'systems.col.seedLong', text: (r) => (typeof r.seed === 'number' ? String(r.seed) : '—') },
  {
    id: 'stage',
    label: 'systems.col.stage',
    long: 'systems.col.stageLong',
    orderKey: 'roundReached',
    words: true,
    text: (r, t) => (typeof r.stage === 'string' ? (r.stage === 'champion' ? t('systems.status.champion') : stageLabel(r.stage, t)) : '—'),
  },
  {
    id: 'status',
    label: 'systems.col.status',
    long: 'systems.col.statusLong',
    orderKey: 'eliminated',
    words: true,
    text: (r, t) => t(r.champion === true ? 'systems.status.champion' : r.eliminated === true ? 'systems.status.eliminated' : 'systems.status.in'),
  },
  { id: 'wins', label: 'systems.col.wins', long: 'systems.col.winsLong', text: num('wins') },
  { id: 'byes', label: 'systems.col.byesKnockout', long: 'systems.col.byesKnockoutLong', text: num('byes') },
];

/** Why this row is below the one above, in words: "résultats entre ex aequo", "duel"... */
export function whyText(row: AnyRow, t: Translate): string {
  if (row.decidedBy === null) return t('systems.why.first');
  const key = `systems.why.${row.decidedBy}`;
  return hasMessage(key) ? t(key) : row.decidedBy;
}

export interface DuelRecord {
  players: PlayerId[];
  winner: PlayerId;
}

export function recordedDuels(event: Pick<EventFile, 'settings'>): DuelRecord[] {
  const d = event.settings.duels;
  if (!Array.isArray(d)) return [];
  return d.filter((x): x is DuelRecord => typeof x === 'object' && x !== null && Array.isArray(x.players) && typeof x.winner === 'string');
}

/**
 * Rounds the event will have: a bracket's and a round robin's follow from the field drawn at
 * round 1 (stored on it); a Swiss event has the organizer's count, or none.
 */
export function plannedRounds(event: EventFile): number | null {
  const active = event.players.filter((p) => !p.dropped).length;
  const first = event.rounds[0];
  switch (pairingKind(event)) {
    case 'knockout':
      return knockoutRoundCount(Array.isArray(first?.seeding) ? first.seeding.length : active);
    case 'round-robin':
      return roundRobinRoundCount(Array.isArray(first?.roundRobinOrder) ? first.roundRobinOrder.length : active);
    case 'swiss':
      return event.settings.rounds;
  }
}

/** "2 rondes terminées sur 3 prévues", from the pairing method's own round count where it has one. */
export function progressText(event: EventFile, completed: number, t: Translate): string {
  const planned = plannedRounds(event);
  if (planned === null) return t('systems.progressOpen', { n: completed });
  return t('standings.progress', { n: completed, planned });
}

/** Whether the last planned round is played: a bracket with its champion, a full round robin, the Swiss count reached. */
export function eventComplete(event: EventFile, completed: number): { done: boolean; champion: PlayerId | null } {
  if (pairingKind(event) === 'knockout') {
    const bracket = readBracket(event);
    return { done: bracket.complete, champion: bracket.champion };
  }
  const planned = plannedRounds(event);
  return { done: planned !== null && completed >= planned, champion: null };
}

export const rowsOf = (event: EventFile): AnyRow[] => systemOf(event).computeStandings(event) as AnyRow[];

/** Whole numbers go out as numbers: as text, "-20" would be taken for a formula and neutralised. */
// a spreadsheet reads numbers: the screen's typographic minus and thousands space go
const csvNumber = (shown: string): string | number => {
  const text = shown.replace(/\u2212/g, '-').replace(/\u202f/g, '');
  return /^-?\d+$/.test(text) ? Number(text) : text;
};

/** The standings as a spreadsheet: same columns as on screen, ';' for French Excel, with a BOM. */
export function systemStandingsCsv(cols: readonly Column[], rows: readonly AnyRow[], t: Translate, lang: 'fr' | 'en', people?: PeopleColumns): string {
  const header = [...csvPeopleHead(t, people), ...cols.map((c) => t(c.long)), t('standings.col.why'), t('standings.csv.dropped')];
  const lines = rows.map((r) => [...csvPeopleCells(r, people), ...cols.map((c) => csvNumber(c.text(r, t, lang))), whyText(r, t), r.dropped ? t('standings.csv.yes') : '']);
  return csvDocument([header, ...lines]);
}
