// The result draft of the systems whose form is generated from their GameSystem (Confrontation):
// the GameResult it becomes, driven only by the system's `resultFields` and `validateResult`, so
// a new system gets working result parts from its field list.
//
// Two things the form shows live come from the system's own validation instead of UI code:
// - derived fields (CDR TP and goal-average, the 500-point total, the challenge's time-limit
//   row): the form asks `validateResult` about a result whose derived values are NaN; the
//   'derived-mismatch' problems then carry the value the system computes. One source of truth,
//   and a field the system cannot compute yet (VP missing) simply has no value.
// - the winner: each of a / b / draw is tried; when the entered fields leave exactly one that the
//   system does not contradict (VP 2-1, LotR 2-1, the higher 500 total), it is the winner.
import type { EventSettings, GameResult, Pairing, SideResult } from '../../../domain/event-file';
import type { GameSystem, ResultField, SystemProblem } from '../../../domain/systems';
import { parseNumber, SIDES, winnerId, winnerPickOf, type ResultDraft, type Side, type Values, type WinnerPick } from '../../screens/event/results/result-draft';

export const pathOf = (field: ResultField, side?: Side): string => (field.scope === 'game' ? field.key : `${side}.${field.key}`);

export const inputFields = (fields: readonly ResultField[]): ResultField[] => fields.filter((f) => !f.derived);
export const derivedFields = (fields: readonly ResultField[]): ResultField[] => fields.filter((f) => f.derived === true);

interface FieldPath {
  field: ResultField;
  path: string;
  side: Side | null;
}

function paths(fields: readonly ResultField[]): FieldPath[] {
  return fields.flatMap((f): FieldPath[] => (f.scope === 'game' ? [{ field: f, path: f.key, side: null }] : SIDES.map((s) => ({ field: f, path: pathOf(f, s), side: s }))));
}

function readValue(result: GameResult | undefined, field: ResultField, side: Side | null): unknown {
  if (!result) return undefined;
  return side === null ? result[field.key] : result[side][field.key];
}

export function draftFrom(fields: readonly ResultField[], pairing: Pick<Pairing, 'a' | 'b'>, initial?: GameResult): ResultDraft {
  const values: Values = {};
  for (const { field, path, side } of paths(inputFields(fields))) {
    const v = readValue(initial, field, side);
    values[path] = field.kind === 'boolean' ? v === true : v === undefined || v === null ? '' : String(v);
  }
  return { values, picked: initial ? winnerPickOf(initial, pairing) : null };
}

/** A typed value as the result carries it: absent when empty; text that is not a number stays text so the system names it. */
function parsed(field: ResultField, raw: string | boolean | undefined): unknown {
  if (field.kind === 'boolean') return raw === true;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  if (field.kind === 'choice') return raw;
  return parseNumber(raw) ?? raw.trim();
}

/**
 * The result the values describe, with `winner` from `pick` (null = a draw placeholder, to be
 * decided). Fields of the saved result the form does not know ride along untouched; `cp` and
 * `apd` default to 0 for systems that do not ask them (the format's sides carry both).
 */
export function resultFrom(fields: readonly ResultField[], values: Values, pairing: Pick<Pairing, 'a' | 'b'>, pick: WinnerPick | null, initial?: GameResult): GameResult {
  const side = (s: Side): SideResult => {
    const base: SideResult = { ...(initial?.[s] ?? {}), cp: 0, apd: 0 };
    if (initial && typeof initial[s].cp === 'number') base.cp = initial[s].cp;
    if (initial && typeof initial[s].apd === 'number') base.apd = initial[s].apd;
    return base;
  };
  const result: GameResult = { ...(initial ?? {}), winner: pick === null ? null : winnerId(pick, pairing), a: side('a'), b: side('b') };
  for (const { field, path, side: s } of paths(inputFields(fields))) {
    const v = parsed(field, values[path]);
    const target: Record<string, unknown> = s === null ? result : result[s];
    if (v === undefined) delete target[field.key];
    else target[field.key] = v;
  }
  for (const { field, side: s } of paths(derivedFields(fields))) delete (s === null ? result : result[s])[field.key];
  return result;
}

/** Derived values by path, as the system computes them; a path is absent when it cannot be computed yet. */
export function derivedValues(system: GameSystem, settings: EventSettings, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): Map<string, number> {
  const fields = derivedFields(system.resultFields(settings));
  if (fields.length === 0) return new Map();
  const probe: GameResult = { ...result, a: { ...result.a }, b: { ...result.b } };
  for (const { field, side } of paths(fields)) (side === null ? probe : probe[side])[field.key] = Number.NaN;
  const wanted = new Set(paths(fields).map((p) => p.path));
  const out = new Map<string, number>();
  for (const p of system.validateResult(probe, pairing, settings)) {
    const expected = p.params?.expected;
    if (p.code === 'derived-mismatch' && wanted.has(p.path) && typeof expected === 'number') out.set(p.path, expected);
  }
  return out;
}

/** The result with its derived values filled in, as it is saved: the file then reads on its own. */
export function withDerived(system: GameSystem, settings: EventSettings, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): GameResult {
  const derived = derivedValues(system, settings, result, pairing);
  const out: GameResult = { ...result, a: { ...result.a }, b: { ...result.b } };
  for (const [path, value] of derived) {
    const [head, key] = path.split('.') as [string, string | undefined];
    if (key === undefined) out[head] = value;
    else out[head as Side][key] = value;
  }
  return out;
}

const blocksWinner = (problems: readonly SystemProblem[]): boolean => problems.some((p) => p.path === 'winner' && !p.warning);

/** The winners the system does not contradict, given everything else entered. */
export function possibleWinners(system: GameSystem, settings: EventSettings, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): WinnerPick[] {
  return (['a', 'draw', 'b'] as const).filter((pick) => !blocksWinner(system.validateResult({ ...result, winner: winnerId(pick, pairing) }, pairing, settings)));
}

/** The one winner the fields leave, or null when they leave a choice (or none). */
export function inferredWinner(system: GameSystem, settings: EventSettings, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): WinnerPick | null {
  const possible = possibleWinners(system, settings, result, pairing);
  return possible.length === 1 ? possible[0]! : null;
}

export interface CheckedFields {
  result: GameResult;
  /** the winner in force: the organizer's pick, else what the fields decide */
  winner: WinnerPick | null;
  inferred: WinnerPick | null;
  errors: SystemProblem[];
  warnings: SystemProblem[];
}

/** Everything the form shows for a draft, computed from the system alone. */
export function checkDraft(system: GameSystem, settings: EventSettings, draft: ResultDraft, pairing: Pick<Pairing, 'a' | 'b'>, initial?: GameResult): CheckedFields {
  const fields = system.resultFields(settings);
  const open = resultFrom(fields, draft.values, pairing, null, initial);
  const inferred = inferredWinner(system, settings, open, pairing);
  const winner = draft.picked ?? inferred;
  const result = withDerived(system, settings, resultFrom(fields, draft.values, pairing, winner, initial), pairing);
  const problems = winner === null ? system.validateResult(result, pairing, settings).filter((p) => p.path !== 'winner') : system.validateResult(result, pairing, settings);
  const errors = problems.filter((p) => !p.warning);
  if (winner === null) errors.unshift({ path: 'winner', code: 'winner-missing' });
  return { result, winner, inferred, errors, warnings: problems.filter((p) => p.warning) };
}

/**
 * A value changed: when the fields now decide the winner by themselves, the organizer's earlier
 * pick gives way (it was made before the numbers said otherwise).
 */
export function setValue(
  system: GameSystem,
  settings: EventSettings,
  draft: ResultDraft,
  path: string,
  value: string | boolean,
  pairing: Pick<Pairing, 'a' | 'b'>,
  initial?: GameResult,
): ResultDraft {
  const values = { ...draft.values, [path]: value };
  const open = resultFrom(system.resultFields(settings), values, pairing, null, initial);
  const decided = inferredWinner(system, settings, open, pairing);
  return { values, picked: decided !== null ? null : draft.picked };
}
