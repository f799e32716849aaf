// One interface for every game system (ARCHITECTURE.md): what a result form asks, how a game
// scores, how the standings are ordered, how the next round is paired, which clock the table
// runs and which army lists are legal. The command line, the worker and the UI reach a system
// only through `systemFor(id)`, so a new system is one module and one registration.
import type { Lang } from '../event-file/messages';
import type { EventFile, EventSettings, GameResult, Pairing, Player, PlayerId, Round, SystemId } from '../event-file/types';

/** Why an event is over (GameSystem.eventOver); systems/event-over.ts decides the common cases. */
export type EventOver =
  /** the organizer confirmed the end (settings.finished) */
  | { reason: 'finished'; afterRound: number }
  /** a knockout's final is played */
  | { reason: 'champion'; champion: PlayerId | null; round: number }
  /** a round robin played every round of its circle */
  | { reason: 'all-met'; rounds: number }
  /** "X rounds": the fixed count is played */
  | { reason: 'fixed-rounds'; rounds: number }
  /** SR2011 « tables finales »: played */
  | { reason: 'final-tables'; round: number }
  /** SR2011: one player leads alone; by the rules the event ends with no further game */
  | { reason: 'unique-leader'; leader: PlayerId; name: string; round: number };

/** Which table clock the system uses (src/domain/clock). */
export type ClockProfile =
  /** SR2011 turn clock, extensions, hidden variable game length */
  | 'sr2011'
  /** Lord of the Rings: announce at 30 minutes, stop at 50 */
  | 'lotr-30-50'
  /** Confrontation 200-PA challenge: no wall clock; the limit is a row of the booklet's challenge table */
  | 'confrontation-challenge'
  | 'none';

export type PairingMethod =
  | { kind: 'swiss' }
  /** seeding: 'random' = seeded shuffle; 'organizer' = settings.seedOrder, then player number */
  | { kind: 'knockout'; seeding: 'random' | 'organizer' }
  | { kind: 'round-robin' };

/**
 * One input of the result form. `scope: 'side'` is asked once per player and stored in
 * result.a[key] / result.b[key]; `scope: 'game'` once per game in result[key]. A `derived` field
 * is computed by the system: show it, do not ask for it (a file may carry it; it is then checked).
 * The winner is always asked (result.winner). The common format still requires `cp` and `apd`
 * on every side: a system that does not list them gets 0 from the form.
 */
export interface ResultField {
  key: string;
  scope: 'side' | 'game';
  kind: 'integer' | 'number' | 'boolean' | 'choice';
  required: boolean;
  min?: number;
  max?: number;
  choices?: readonly string[];
  derived?: boolean;
  label: Record<Lang, string>;
}

/** A problem found by a system's own rules. Codes are worded by systems/messages.ts. */
export interface SystemProblem {
  /** field path: from the event root in validateEvent, from the result in validateResult */
  path: string;
  code: string;
  params?: Record<string, string | number>;
  /** a warning does not make the file invalid */
  warning?: boolean;
}

/** Registration problems of a player's army lists (codes per system). */
export interface ListProblem {
  code: string;
  params?: Record<string, string | number>;
}

/** Fields every standings row has, whatever the system. */
export interface StandingRowBase {
  rank: number;
  id: PlayerId;
  name: string;
  number: number;
  /** the score the standings start from and Swiss pairs on (TP, LotR points, rounds won...) */
  points: number;
  dropped: boolean;
  /** the order key that put this row below the one above; 'tied' = shared rank; null on top */
  decidedBy: string | null;
}

export interface PairOptions {
  seed: number;
  /** Swiss only; defaults to settings.avoidSameClub */
  avoidSameClub?: boolean;
  /** Swiss only; defaults to settings.avoidSameTable */
  avoidSameTable?: boolean;
  /**
   * this system's computeStandings(event) for the same event, when the caller asks for them
   * too: a system that pairs from its standings reads them instead of tallying the event again
   */
  standings?: () => readonly StandingRowBase[];
}

export type PairRefusal =
  | { ok: false; reason: 'round-unfinished'; round: number; tables: number[] }
  | { ok: false; reason: 'too-few-players'; active: number }
  /** SR2011 final tables */
  | { ok: false; reason: 'fewer-than-four-players' }
  /** knockout: the final is played (champion) or nobody is left; round robin: every pair has met */
  | { ok: false; reason: 'event-complete'; champion: PlayerId | null }
  /** knockout: a game recorded as a draw cannot send anyone through */
  | { ok: false; reason: 'knockout-needs-winner'; round: number; tables: number[] }
  /** knockout: recorded games that do not follow the bracket (validateEvent names them) */
  | { ok: false; reason: 'bracket-invalid' };

export type PairOutcome =
  | {
      ok: true;
      round: Round;
      /** every player with a bye this round (knockout and round robin may have several) */
      byes: PlayerId[];
      /** rematches the Swiss engine could not avoid (0 for knockout and round robin) */
      rematches: number;
      /** active players the schedule has no place for (round robin: registered after round 1) */
      unscheduled: PlayerId[];
    }
  | PairRefusal;

export interface GameSystem<Row extends StandingRowBase = StandingRowBase> {
  id: SystemId;
  names: Record<Lang, string>;
  /** The result form, which may depend on the event's settings (Rackham: challenge or 500 points). */
  resultFields(settings: EventSettings): readonly ResultField[];
  /** A single result as the form or a QR ticket gives it; paths are relative to the result. */
  validateResult(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings): SystemProblem[];
  /** Points each player of the pairing takes from one game, in the system's own unit. */
  scoreGame(result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings): { a: number; b: number };
  /** What a bye is worth, in the same unit. */
  byeScore(settings: EventSettings): number;
  computeStandings(event: EventFile): Row[];
  /** The keys the standings compare, in order (decidedBy names one of them). */
  standingsOrder(settings: EventSettings): readonly string[];
  /** A row as the command line and exports print it: the system's headline fields first. */
  standingsJson(row: Row): Record<string, unknown>;
  pairingMethod(settings: EventSettings): PairingMethod;
  pairNextRound(event: EventFile, options: PairOptions): PairOutcome;
  clockProfile(settings: EventSettings): ClockProfile;
  validateLists(player: Pick<Player, 'lists' | 'faction'>, settings: EventSettings): ListProblem[];
  /**
   * The system's rules over a file the common format already accepted: results, settings, bracket.
   * Paths from the event root.
   */
  validateEvent(event: EventFile): SystemProblem[];
  /**
   * Whether the event is over after its last completed round, and why (null: not over). The
   * command line's `pair` refuses past it without --force; the round guide says it before a tap.
   * `standings`: as in PairOptions.
   */
  eventOver(event: EventFile, standings?: () => readonly Row[]): EventOver | null;
  /**
   * The round count the rules' table gives this event's players, with the table's row, when the
   * system has such a table and the event did not fix its rounds (null otherwise). Registration
   * compares it before and after a change, so a late player who moves the event into another row
   * is said at once.
   */
  plannedRounds?(event: EventFile): RoundsPlan | null;

  // ---- What shared code asks the event's system instead of naming one (issue 22, item 2): the
  // event file's validation and rules, the table tickets, the players' view, the screens showing a
  // scenario, a swap's warnings. Each is optional and its absence is the common behaviour, so a
  // new system declares only what differs.

  /**
   * The side fields every result of an event file must carry (event-file/validate.ts). The format
   * keeps `cp` and `apd` on each side, but only a system that scores on them needs them written;
   * the others may leave them out (when present they are still checked). Absent: neither.
   */
  resultSideNeeds?: ResultSideNeeds;
  /**
   * true when validateEvent already judges the whole file's army lists (with the list-use rules
   * of each played round, a missing list included) and refuses a draw whose `how` needs a winner.
   * Absent: the event file's rules (event-file/rules.ts) do both for the system: the draw is an
   * error, each list problem a warning about a registration already past, 'no-list' excepted
   * (many events record no lists).
   */
  validateEventCoversFile?: boolean;
  /**
   * The lists a player may not pick in round `round` and why (list-use rules over the rounds
   * before it); empty when every list is open. A table ticket carries them so the table's set-up
   * offers only the legal lists offline. Absent: the system has no such rules.
   */
  refusedLists?(event: EventFile, player: PlayerId, round: number): ListRefusal[];
  /**
   * The game's base length in minutes that the players' public view may show (public-view.ts),
   * never a hidden part of it; null when the event's games are untimed. Absent: the view shows none.
   */
  publicBaseMinutes?(settings: EventSettings): number | null;

  /**
   * The name in `lang` of the round's scenario (projector, table clock, players' view), null when
   * the id is none of the system's scenarios. Round.scenario is a free name in the event format:
   * only a system whose rules roll scenarios gives it a meaning (SR2011: an id of its table).
   * Absent: the system's rounds carry no scenario.
   */
  scenarioName?(id: string, lang: Lang): string | null;

  /**
   * The scenario ids a table ticket of this system may name, in the short table code's numbering
   * (handoff/short-ticket.ts: entry i travels as i + 1, 0 = none). Part of that code's wire format:
   * append only. Absent: the code carries no scenario (a free-text one stays on the QR ticket).
   */
  ticketScenarios?: readonly string[];

  /**
   * What a hand-made `round` (the organizer swapped two players before it started) breaks in this
   * system's rules, against the rounds before it:
   * SR2011 its TP groups (score gap, pile skip, bye above the lowest TP), another Swiss system
   * the same order in its own points, a knockout its bracket. Absent: the universal warnings
   * only, a rematch and a second bye (systems/swap-warnings.ts).
   */
  pairingWarnings?(event: EventFile, round: Round): PairingWarning[];
}

/** GameSystem.pairingWarnings: one thing a hand-made round costs against the rules. */
export interface PairingWarning {
  /** null for a bye */
  table: number | null;
  kind: 'rematch' | 'score-gap' | 'second-bye' | 'pile-skip' | 'bye-above-lowest' | 'off-bracket';
  a: PlayerId;
  b?: PlayerId;
  /** score-gap: how far apart, in the system's points */
  gap?: number;
  /** pile-skip: the same-group player `a` could have met; bye-above-lowest: who could have sat out */
  other?: PlayerId;
}

/** GameSystem.resultSideNeeds: which of a result side's common fields must be present. */
export interface ResultSideNeeds {
  cp: boolean;
  apd: boolean;
}

/** GameSystem.refusedLists: one list a player may not pick this round (codes per system). */
export interface ListRefusal {
  /** the list's index in the player's lists */
  list: number;
  code: string;
  /** games the other lists still owe, and games left after this one (SR2011's other-list-needed) */
  needed?: number;
  gamesLeft?: number;
}

export interface RoundsPlan {
  rounds: number;
  players: number;
  /** the row of the rules' table: from `first` to `last` players */
  first: number;
  last: number;
}
