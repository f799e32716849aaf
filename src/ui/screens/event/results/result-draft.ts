// The one result form's draft and the contract each system's result parts fill (issue 22): the
// form owns the frame (heading, winner, saving, problems, buttons) and the draft; a system plugs
// in its fields and helpers (SR2011: lists, CP, APD helper, time-out wizard; the others: their
// GameSystem's result fields; LotR: the desk's victory and tallies) and its checks.
//
// The draft is text as typed, by path ('how', 'a.cp', 'b.vp'), so "1.5" and "-1" can be named back
// to the organizer, and the winner the organizer picked. It is what a tab's session keeps.
import type { ComponentChildren, ComponentType } from 'preact';
import type { EventFile, GameResult, Pairing, Player, Round } from '../../../../domain/event-file';
import type { Lang, MessageKey, Translate } from '../../../../i18n';

export type Side = 'a' | 'b';
export type WinnerPick = Side | 'draw';
export const SIDES: readonly Side[] = ['a', 'b'];

/** Field values as typed, by path: 'stage', 'a.vp', 'b.killedMostExpensive'. */
export type Values = Record<string, string | boolean>;

export interface ResultDraft {
  values: Values;
  /** the organizer's own pick; null = none yet (or, where the fields decide it, follow them) */
  picked: WinnerPick | null;
}

/** A stored draft of the form: its values and the organizer's pick. */
export const isResultDraft = (v: unknown): v is ResultDraft =>
  typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>).values === 'object' && (v as Record<string, unknown>).values !== null && 'picked' in v;

export interface ResultFormProps {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  /** the saved result, for a correction; at a table, what the clock already knows */
  initial?: GameResult;
  /**
   * The table's own entry (phone or tablet in table mode): `initial` is the clock's prefill, not
   * a saved result, so the form is titled « Résultat », never « Corriger le résultat ».
   */
  atTable?: boolean;
  /** saves the result; the form stays open (and says why) if it rejects */
  onSubmit: (result: GameResult) => Promise<void>;
  onCancel: () => void;
  /** where a half-filled form is kept for the tab's session (event, round, table) */
  draftKey?: string;
  /** the parts plugged in; by default the event's system's (uiFor(system).result) */
  parts?: ResultParts;
}

/** What a system's parts know of the table whose result is typed. */
export interface ResultContext {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  initial?: GameResult;
  t: Translate;
  lang: Lang;
}

/** Everything the form shows for a draft, worded. */
export interface CheckedDraft {
  /** what Save stores; null while the entries cannot make one (then `errors` says why) */
  result: GameResult | null;
  /** the winner in force: the organizer's pick, else what the fields decide */
  winner: WinnerPick | null;
  /** the winner the fields decide on their own, said under the choice while nothing is picked */
  inferred: WinnerPick | null;
  errors: string[];
  warnings: string[];
  /** what the result gives (« X gagne, Y perd », the points), null while it cannot be said */
  consequence: string | null;
}

export interface ResultPartProps extends ResultContext {
  draft: ResultDraft;
  setDraft: (update: (d: ResultDraft) => ResultDraft) => void;
  checked: CheckedDraft;
  /** the one helper open beside a field (SR2011: 'a.apd', a side's APD counted on a list), null when none */
  openHelper: string | null;
  setOpenHelper: (helper: string | null) => void;
  /** a step-by-step helper shown in place of the form until it hands back (SR2011's time-out wizard) */
  showInstead: (helper: ComponentChildren | null) => void;
}

/** A system's result parts, plugged into the one form by the systems' UI registry. */
export interface ResultParts {
  /** the draft a new form starts from: the saved result's values, else the system's blanks */
  start: (ctx: ResultContext) => ResultDraft;
  check: (draft: ResultDraft, ctx: ResultContext) => CheckedDraft;
  /** the heading's second line (round, table, and the scenario or the stage) */
  context: (ctx: ResultContext) => string;
  /** the draw's label among the winners, or null when a game cannot end drawn (a knockout) */
  draw: (event: EventFile) => MessageKey | null;
  /** the fields asked once for the game, between the winner and the two sides */
  Game?: ComponentType<ResultPartProps>;
  /** one side's panel */
  Side: ComponentType<ResultPartProps & { side: Side }>;
  /** an extra class on the form (the generated forms' layout) */
  formClass?: string;
}

export const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

/** A value of the draft as text ('' when absent or a yes/no). */
export const textOf = (d: ResultDraft, path: string): string => {
  const v = d.values[path];
  return typeof v === 'string' ? v : '';
};

export const setValues = (d: ResultDraft, patch: Values): ResultDraft => ({ ...d, values: { ...d.values, ...patch } });

export function winnerPickOf(result: Pick<GameResult, 'winner'>, pairing: Pick<Pairing, 'a' | 'b'>): WinnerPick | null {
  if (result.winner === null) return 'draw';
  return result.winner === pairing.a ? 'a' : result.winner === pairing.b ? 'b' : null;
}

export const winnerId = (pick: WinnerPick, pairing: Pick<Pairing, 'a' | 'b'>): string | null => (pick === 'draw' ? null : pairing[pick]);

export function playerOf(event: EventFile, id: string): Player | undefined {
  return event.players.find((p) => p.id === id);
}

export function nameOf(event: EventFile, id: string): string {
  return playerOf(event, id)?.name ?? id;
}

/** "" -> null; accepts a French decimal comma. */
export function parseNumber(raw: string): number | null {
  const s = raw.trim().replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
