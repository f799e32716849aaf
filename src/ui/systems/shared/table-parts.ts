// What a clock profile (GameSystem.clockProfile) plugs into table mode's shared screens
// (screens/table/): its own setup step, the result at the table, the summary's lines, and either
// the shared turn clock (with its timing, its ways to end a game and its time-out wizard) or a
// clock of its own with what that clock tells « La salle ». Each system registers its parts in its
// own folder and ../table-parts.ts lists them; the table screens ask tablePartsFor(ticket), never
// a system id. Types only here, below both the registry and the screens.
import type { ComponentType } from 'preact';
import type { ClockResult } from '../../../domain/clock';
import type { GameResult, PlayerId } from '../../../domain/event-file';
import type { HallState, TableTicket } from '../../../domain/handoff';
import type { Lang } from '../../../i18n';
import type { TableAction, TableGameRecord, TableSetup } from '../../../store/table-games';

type Side = 'a' | 'b';

/** Stores the action unless `refusal` finds a reason against the stored record; resolves to that reason, or null once on disk. */
export type TableAct = (action: TableAction, refusal?: (record: TableGameRecord) => string | null) => Promise<string | null>;

/** What a system's setup step adds to the stored setup (the Confrontation challenge's roll and hands). */
export type SetupExtra = Pick<TableSetup, 'challenge' | 'hands'>;

export interface SetupPartProps {
  record: TableGameRecord;
  /** what the step adds once complete, null while something is missing */
  onChange: (extra: SetupExtra | null) => void;
}

export interface TableResultProps {
  record: TableGameRecord;
  /** what the turn clock and its time-out wizard decided, for the form to start from */
  ended?: { result: ClockResult | undefined; cp: Record<Side, number> | null; apd: Record<Side, number> | null };
  onSubmit: (result: GameResult) => Promise<void>;
  onCancel: () => void;
}

/** A time-out decided at the table: the winner for the clock's tiebreak, and what the result form takes from it. */
export interface TimeOutDecided {
  winner: PlayerId | null;
  cp?: Record<Side, number>;
  apd?: Record<Side, number>;
}

export interface TimeOutProps {
  record: TableGameRecord;
  /** the control points the clock counted */
  cp: Record<Side, number>;
  onDone: (decided: TimeOutDecided) => void;
  onCancel: () => void;
}

export interface OwnClockProps {
  record: TableGameRecord;
  act: TableAct;
  exitHref: string;
  entering: boolean;
  setEntering: (entering: boolean) => void;
  onSubmit: (result: GameResult) => Promise<void>;
}

/**
 * The scenario the shared turn clock scores (its view's scenario id), as the table's system
 * describes it: SR2011's cards. The clock shows CP toward a target and scoring buttons for a
 * control-point scenario, a note when the rules' text is missing (and no scenario win).
 */
export interface ClockScenario {
  name: string;
  /** 'control-points': the clock counts CP toward a target; 'not-provided': the organizer lacks its rules; 'other': won another way (Kill Box) */
  win: 'control-points' | 'not-provided' | 'other';
  /** the CP one element gives per game at most (Process of Elimination's zones); set, the clock scores element by element */
  cpPerElementCap: number | null;
  /** the scoring elements in order, one entry each: 'zone', 'flag', 'objective' or 'box' */
  elements: readonly string[];
}

/** What every hall state carries whatever the clock. */
export type HallBase = Pick<HallState, 'eventTag' | 'round' | 'table' | 'at' | 'resultIn' | 'dispute'>;

export interface TableParts {
  setup: {
    /** shown under the players' names (SR2011: scenario and timing; the challenge's roll; a plain limit) */
    Part?: ComponentType<SetupPartProps>;
    /** whether the start waits for the step's onChange */
    waits?: (ticket: TableTicket) => boolean;
    /** who plays first is asked (LotR's clock has no sides) */
    asksFirst: boolean;
    /** each player picks one of their registered lists (SR2011's list-use variants) */
    choosesLists: boolean;
  };
  /** the result entered at the table */
  Result: ComponentType<TableResultProps>;
  /** the result's own lines on the confirmation (SR2011: CP, APD, lists) */
  Summary?: ComponentType<{ ticket: TableTicket; result: GameResult }>;
  clock:
    | {
        kind: 'turns';
        /** the ticket's format times the turns (SR2011); otherwise a turn counter without limits */
        timed: boolean;
        /** the clock's own ways to end a game, offered in its end menu (assassination, concession) */
        clockEnds: boolean;
        /** after DICE DOWN with nothing left to score */
        TimeOut?: ComponentType<TimeOutProps>;
        /** the scenario of this id (null: not one of the system's); absent when the system's rounds have none */
        scenario?: (id: string, lang: Lang) => ClockScenario | null;
      }
    | {
        kind: 'own';
        /** the whole game once started: the clock, then the result */
        Table: ComponentType<OwnClockProps>;
        /** the hall's state of this clock at `now`; null before its start */
        hall: (record: TableGameRecord, base: HallBase, now: number) => HallState | null;
      };
}
