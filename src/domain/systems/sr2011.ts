// Steamroller 2011 behind the GameSystem interface: a thin wrapper over src/domain/sr2011, which
// stays the one place its rules live. validateEvent runs its rules over a whole file
// (sr2011/event-rules.ts), as every system's does.
import { HOW_NEEDS_WINNER, WIN_HOW } from '../event-file/types';
import {
  computeStandings,
  eventEndState,
  eventPlayerCount,
  eventTiming,
  listOptionsForRound,
  roundsRow,
  finalTablesRound,
  hasVariant,
  isScenarioId,
  pairNextRound,
  SCENARIO_IDS,
  pairingWarnings,
  scenarioName,
  sr2011RuleProblems,
  standingsOrder,
  validateLists,
  type StandingRow,
} from '../sr2011';
import { checkResultFields, winnerSide } from './fields';
import type { GameSystem, ListRefusal, ResultField, StandingRowBase, SystemProblem } from './game-system';

export type Sr2011Row = StandingRow & StandingRowBase;

const RESULT_FIELDS: readonly ResultField[] = [
  { key: 'how', scope: 'game', kind: 'choice', choices: WIN_HOW, required: false, label: { fr: 'Type de victoire', en: 'Won by' } },
  { key: 'cp', scope: 'side', kind: 'integer', min: 0, required: true, label: { fr: 'Points de contrôle (CP)', en: 'Control points (CP)' } },
  { key: 'apd', scope: 'side', kind: 'number', min: 0, required: true, label: { fr: 'Points d’armée détruits (APD)', en: 'Army points destroyed (APD)' } },
  { key: 'listIndex', scope: 'side', kind: 'integer', min: 0, required: false, label: { fr: 'Liste jouée', en: 'List played' } },
];
/** « Classement à la survie »: each player's own army points that survived (armyPointsSurvived) */
const SURVIVED_FIELD: ResultField = {
  key: 'survived',
  scope: 'side',
  kind: 'number',
  min: 0,
  required: false,
  label: { fr: 'Points d’armée ayant survécu', en: 'Army points that survived' },
};

export const SR2011_SYSTEM: GameSystem<Sr2011Row> = {
  id: 'sr2011',
  names: { fr: 'Steamroller 2011 (Warmachine / Hordes)', en: 'Steamroller 2011 (Warmachine / Hordes)' },
  resultFields: (settings) => (hasVariant(settings.variants, 'survival-standings') ? [...RESULT_FIELDS, SURVIVED_FIELD] : RESULT_FIELDS),
  validateResult(result, pairing) {
    const out: SystemProblem[] = checkResultFields(result, RESULT_FIELDS);
    const side = winnerSide(result, pairing);
    if (side === null) out.push({ path: 'winner', code: 'winner-not-in-game', params: { id: String(result.winner) } });
    if (side === 'draw' && typeof result.how === 'string' && HOW_NEEDS_WINNER.has(result.how)) out.push({ path: 'how', code: 'draw-with-how', params: { how: result.how } });
    return out;
  },
  scoreGame(result, pairing) {
    const side = winnerSide(result, pairing);
    return { a: side === 'a' ? 1 : 0, b: side === 'b' ? 1 : 0 };
  },
  byeScore: () => 1,
  computeStandings: (event) => {
    // the rows are made afresh at each call: `points` is added in place (it lands last, where a
    // copy of each row put it) rather than copying 4,096 rows of seventeen fields
    const rows = computeStandings(event) as Sr2011Row[];
    for (const row of rows) row.points = row.tp;
    return rows;
  },
  standingsOrder: (settings) => standingsOrder(settings.variants),
  standingsJson(row) {
    // EVENT_FORMAT.md's column order, exactly as the command line always printed it
    const { rank, id, name, tp, sos, cp, apd, points: _points, ...rest } = row;
    return { rank, id, name, tp, sos, cp, apd, ...rest };
  },
  pairingMethod: () => ({ kind: 'swiss' }),
  pairNextRound(event, options) {
    // PairOptions.standings are this system's rows (computeStandings above): StandingRows
    const r = pairNextRound(event, { ...options, standings: options.standings as (() => readonly Sr2011Row[]) | undefined });
    if (!r.ok) return r;
    return { ok: true, round: r.round, byes: r.round.bye ? [r.round.bye] : [], rematches: r.rematches, unscheduled: [] };
  },
  clockProfile: () => 'sr2011',
  validateLists: (player, settings) => validateLists(player, settings),
  validateEvent: (event) => sr2011RuleProblems(event),
  plannedRounds(event) {
    if (typeof event.settings.rounds === 'number') return null;
    const players = eventPlayerCount(event);
    const row = roundsRow(players);
    return { rounds: row.rounds, players, first: row.first, last: row.last };
  },
  eventOver(event, standings) {
    const end = eventEndState(event, standings);
    switch (end.kind) {
      case 'finished':
        return { reason: 'finished', afterRound: end.afterRound };
      case 'propose-end':
        return { reason: 'unique-leader', leader: end.leader.id, name: end.leader.name, round: end.completed };
      case 'end':
        return end.reason === 'final-tables'
          ? { reason: 'final-tables', round: finalTablesRound(event)?.number ?? end.completed }
          : { reason: 'fixed-rounds', rounds: event.settings.rounds ?? end.completed };
      default:
        return null;
    }
  },
  // CP and APD are the standings' tie-breaks: a result without them cannot be ranked
  resultSideNeeds: { cp: true, apd: true },
  // sr2011RuleProblems judges the lists (a missing one too: every player brings one) and the draws itself
  validateEventCoversFile: true,
  refusedLists: (event, player, round) =>
    listOptionsForRound(event, player, round).options.flatMap((o): ListRefusal[] => {
      if (o.problem === null) return [];
      const p = o.problem.params ?? {};
      return [
        {
          list: o.listIndex,
          code: o.problem.code,
          ...(typeof p.needed === 'number' && { needed: p.needed }),
          ...(typeof p.gamesLeft === 'number' && { gamesLeft: p.gamesLeft }),
        },
      ];
    }),
  // the variable part (d6 x 2 minutes) stays hidden: only the base is public
  publicBaseMinutes: (settings) => eventTiming(settings).gameBaseMinutes,
  // the rules' table of sixteen scenarios (RULES.md "Scenarios"); a name from elsewhere is none of them
  scenarioName: (id, lang) => (isScenarioId(id) ? scenarioName(id, lang) : null),
  ticketScenarios: SCENARIO_IDS,
  // RULES.md 1 "Pairing": TP groups, a pair-down to the next group only, the bye to the lowest TP
  pairingWarnings,
};
