// The UI companions of each game system: what the organizer's screens plug in beside what the
// domain's GameSystem declares. A screen asks `uiFor(event.system)` what to show; it never tests
// a system id. Adding a system: its domain folder, its domain registration, one entry here.
import type { ComponentType } from 'preact';
import { rackhamFormat } from '../../domain/confrontation';
import type { EventFile, EventSettings, GameResult, Pairing, Round, SideResult, SystemId } from '../../domain/event-file';
import { systemFor } from '../../domain/systems';
import type { MessageKey, Translate } from '../../i18n';
import type { ListRules } from '../screens/event/players/list-draft';
import type { ResultParts } from '../screens/event/results/result-draft';
import { ScenarioCardView } from './sr2011/ScenarioCardView';
import { ScenarioPanel } from './sr2011/ScenarioPanel';
import { formatNumber } from './shared/model';
import type { TabProps } from '../screens/event/types';
import { LOTR_DESK_RESULT } from './lotr/DeskResult';
import { FIELDS_RESULT } from './shared/FieldsResult';
import { SR2011_RESULT } from './sr2011/ResultFields';
import { sr2011ResultIssues } from './sr2011/result-draft';
import { ReferenceCard } from './confrontation/ReferenceCard';
import { systemFormat, type FormatUi } from './shared/format';
import { SR2011_FORMAT } from './sr2011/format';
import { CDR_LISTS, RACKHAM_LISTS } from './confrontation/lists';
import { SR2011_LISTS } from './sr2011/lists';
import { CDR_STANDINGS, LOTR_STANDINGS, RACKHAM_STANDINGS, SR2011_STANDINGS, type StandingsUi } from './shared/standings';

export type { EndPanelProps, StandingsUi } from './shared/standings';

export interface RoundPanelProps {
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
}

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
  /** Registration: what the faction field is called (faction, people, side) and its suggestions ('|'-separated). */
  factions: { label: MessageKey; list: MessageKey };
  /** SR2011's printable tournament sheet (CP/APD columns). */
  sheets: boolean;
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
  /** required result fields a v1 code could not carry: the desk completes them later (LotR's body count and kills) */
  codeOmits?: readonly string[];
  /** the numbers that decided a result, after "X gagne" */
  resultLine: (event: EventFile, pairing: Pairing, result: GameResult, t: Translate, lang: 'fr' | 'en') => string;
}

function ScenarioCard({ round, table }: { round: Round; table: number }) {
  return round.scenario ? <ScenarioCardView id={round.scenario} table={table} /> : null;
}

function ConfrontationCard() {
  return <ReferenceCard />;
}

const REFERENCE: SystemUi['printCard'] = { Card: ConfrontationCard, ready: () => true, label: 'rounds.printReference' };

const OTHER: Omit<SystemUi, 'factions' | 'printCard' | 'lists' | 'standings' | 'format' | 'resultLine'> = {
  result: FIELDS_RESULT,
  roundPanels: [],
  sheets: false,
  byes: 'scored',
};

const mapSides = (r: GameResult, f: (side: SideResult) => SideResult): GameResult => ({ ...r, a: f(r.a), b: f(r.b) });
const BONUS_FLAGS = ['killedMostExpensive', 'halfWithoutDamage', 'objectiveHeld', 'noModelLeft'] as const;

const num = (v: unknown, lang: 'fr' | 'en'): string => (typeof v === 'number' ? formatNumber(v, lang) : '?');

const SYSTEM_UI: Record<SystemId, SystemUi> = {
  sr2011: {
    result: SR2011_RESULT,
    format: SR2011_FORMAT,
    lists: SR2011_LISTS,
    standings: SR2011_STANDINGS,
    roundPanels: [ScenarioPanel],
    prestart: { step: 'guide.step.scenario', next: 'guide.next.scenario', ready: (round) => typeof round.scenario === 'string' && round.scenario !== '' },
    printCard: { Card: ScenarioCard, ready: (r) => Boolean(r.scenario), label: 'rounds.printCards' },
    factions: { label: 'players.faction', list: 'players.factionList' },
    sheets: true,
    byes: 'single',
    resultLine: (_e, _p, r, t) => t('rounds.cpLine', { a: r.a.cp, b: r.b.cp }),
    checkResult: sr2011ResultIssues,
  },
  'confrontation-rackham': {
    ...OTHER,
    format: systemFormat({}),
    lists: RACKHAM_LISTS,
    standings: RACKHAM_STANDINGS,
    printCard: REFERENCE,
    factions: { label: 'players.faction.people', list: 'players.factionList.confrontation' },
    tableNeedsLists: (settings) => rackhamFormat(settings) !== 'points-500',
    resultLine: (_e, _p, r, t, lang) => t('systems.summary.totals', { a: num(r.a.score ?? r.a.apd, lang), b: num(r.b.score ?? r.b.apd, lang) }),
    // v1 codes of 500 points: the kills' PA travelled as APD, the four +20 / no-model flags as bits of CP
    fromCode: (r, _p, settings) =>
      rackhamFormat(settings) === 'points-500' ? mapSides(r, (x) => ({ ...x, ...Object.fromEntries(BONUS_FLAGS.map((f, i) => [f, (x.cp & (1 << i)) !== 0])), cp: 0 })) : r,
  },
  'confrontation-cdr': {
    ...OTHER,
    format: systemFormat({}),
    lists: CDR_LISTS,
    standings: CDR_STANDINGS,
    printCard: REFERENCE,
    factions: { label: 'players.faction.people', list: 'players.factionList.confrontation' },
    resultLine: (event, pairing, r, t, lang) => {
      const score = systemFor(event.system).scoreGame(r, pairing, event.settings);
      return `${t('systems.summary.vp', { a: num(r.a.vp, lang), b: num(r.b.vp, lang) })} · ${t('systems.summary.tp', { a: score.a, b: score.b })}`;
    },
    // v1 codes: VP travelled as CP, the strategic value of the losses as APD
    fromCode: (r) => mapSides(r, (x) => ({ ...x, vp: x.cp, cp: 0 })),
  },
  'lotr-sbg': {
    ...OTHER,
    // the points follow from the winner and the victory: the desk asks body count and kills only
    result: LOTR_DESK_RESULT,
    format: systemFormat({ pairingMethods: true }),
    lists: null,
    standings: LOTR_STANDINGS,
    printCard: null,
    factions: { label: 'players.faction.side', list: 'players.factionList.lotr' },
    resultLine: (_e, _p, r, t, lang) => t('systems.summary.pair', { a: num(r.a.points, lang), b: num(r.b.points, lang) }),
    /**
     * A v1 code carried winner and how, enough to rebuild LotR's points: the table's wizard saves a
     * total victory as 'scenario' (3-0), a points victory as 'tiebreak' with a winner (2-1) and a
     * perfect draw as 'tiebreak' with none (1.5-1.5). Body count and kills did not fit: the
     * organizer completes them from the players' sheet when a tie needs them.
     */
    codeOmits: ['bodyCount', 'kills'],
    fromCode: (result, pairing) => {
      const [win, lose] = result.winner === null ? [1.5, 1.5] : result.how === 'scenario' ? [3, 0] : [2, 1];
      const points = (id: string): number => (result.winner === null || result.winner === id ? win : lose);
      return { ...result, a: { ...result.a, points: points(pairing.a) }, b: { ...result.b, points: points(pairing.b) } };
    },
  },
};

export const uiFor = (system: SystemId): SystemUi => SYSTEM_UI[system];
