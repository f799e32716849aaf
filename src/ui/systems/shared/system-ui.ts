// What a game system's UI folder declares to the organizer's screens, beside what its domain's
// GameSystem declares: the shape every system's entry fills (sr2011/, confrontation/, lotr/), and
// the defaults of the systems scored by their GameSystem. The screens read it through uiFor(system)
// (../index.tsx), never by testing a system id.
import type { ComponentType } from 'preact';
import type { EventFile, EventSettings, GameResult, Pairing, Player, Round } from '../../../domain/event-file';
import type { MessageKey, Translate } from '../../../i18n';
import type { ListRules } from '../../screens/event/players/list-draft';
import type { ResultParts } from '../../screens/event/results/result-draft';
import type { TabProps } from '../../screens/event/types';
import { FIELDS_RESULT } from './FieldsResult';
import type { FormatUi } from './format';
import { formatNumber } from './model';
import type { StandingsUi } from './standings';

export interface RoundPanelProps {
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
}

/** The painting check at registration the event's format asks (SR2011's painting variant), 'none' without one. */
export type PaintingCheck = 'none' | 'minimum' | 'hardcore';

export interface SystemUi {
  /**
   * The system's parts of the one result form: SR2011 its lists, APD helper and time-out wizard;
   * LotR the desk's victory and tallies; the others the fields their GameSystem declares (their
   * step-by-step wizards run at the table).
   */
  result: ResultParts;
  /** Panels shown beside the round clock (SR2011: the scenario roll). */
  roundPanels: readonly ComponentType<RoundPanelProps>[];
  /** What the system's round needs before its start (SR2011: the scenario), for the round guide. */
  prestart?: { step: MessageKey; next: MessageKey; ready: (round: Round) => boolean };
  /** The card each table gets printed with the round (SR2011: its scenario; Confrontation: the reference card). */
  printCard: { Card: ComponentType<{ round: Round; table: number }>; ready: (round: Round) => boolean; label: MessageKey } | null;
  /** The lists editor's rules; null when the system has none worth an editor (LotR only checks costs). */
  lists: ListRules | null;
  /** The format tab's system parts: size, pairing methods, bye value, rounds, SR2011's variants. */
  format: FormatUi;
  /** The standings: columns and their legends, order, words, end of the event. */
  standings: StandingsUi;
  /** The painting check at registration, from the event's format; absent: the system has none. */
  painting?: (settings: EventSettings) => PaintingCheck;
  /** Registration: what the faction field is called (faction, people, side) and its suggestions ('|'-separated). */
  factions: { label: MessageKey; list: MessageKey };
  /**
   * The paper sheet each player carries through the event (SR2011's tournament sheet: lists and a
   * line per round with CP and APD); null when the system has none, and the players' tab then
   * offers no sheets at all.
   */
  printSheet: ComponentType<{ event: EventFile; player: Player }> | null;
  /**
   * 'single': one bye worth a fixed win, its line says so (SR2011); 'scored': byes are worth the
   * system's bye score and the pairing notice names them.
   */
  byes: 'single' | 'scored';
  /**
   * The system's own checks of a saved result beyond its GameSystem's validateResult (SR2011's
   * result-form rules against the round), worded: the errors refuse a result arriving from a table
   * at the desk (before the event file's validation); errors and warnings mark its pairings row.
   */
  checkResult?: (event: EventFile, round: Round, pairing: Pairing, result: GameResult, t: Translate, lang: 'fr' | 'en') => { errors: string[]; warnings: string[] };
  /**
   * Old (v1) result codes only, which had room for winner, how, CP 0-31 and APD: the result
   * rebuilt from what the table packed there, and what the system derives. Codes now carry every
   * result field (result-code.ts, v2).
   */
  fromCode?: (result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings) => GameResult;
  /**
   * Whether the table plays from the players' list contents (the Confrontation challenge's cards):
   * its ticket QR then carries the whole ticket, not the short code and names (issue 20)
   */
  tableNeedsLists?: (settings: EventSettings) => boolean;
  /**
   * The round's end the players may not see (SR2011's variable length, rolled at the start): a
   * table's ticket carries it sealed, and the organizer may keep it on the desk instead (trust
   * panel). Absent when the clock runs openly from the round's start.
   */
  hiddenEnd?: (event: EventFile, round: Round) => number | null;
  /** required result fields a v1 code could not carry: the desk completes them later (LotR's body count and kills) */
  codeOmits?: readonly string[];
  /** the numbers that decided a result, after "X gagne" */
  resultLine: (event: EventFile, pairing: Pairing, result: GameResult, t: Translate, lang: 'fr' | 'en') => string;
}

/** The systems whose byes are worth their bye score and whose result form is generated from their fields. */
export const SCORED_SYSTEM: Pick<SystemUi, 'result' | 'roundPanels' | 'printSheet' | 'byes'> = {
  result: FIELDS_RESULT,
  roundPanels: [],
  printSheet: null,
  byes: 'scored',
};

/** A number of a result line, '?' when the result lacks it. */
export const numberText = (v: unknown, lang: 'fr' | 'en'): string => (typeof v === 'number' ? formatNumber(v, lang) : '?');
