// The checks a result form's field list implies on its own (present, a number, whole, in range,
// one of the choices), so each system only writes its cross-field rules.
import type { GameResult } from '../event-file/types';
import type { ResultField, SystemProblem } from './game-system';

function checkValue(field: ResultField, value: unknown, path: string): SystemProblem[] {
  if (value === undefined || value === null) return field.required && !field.derived ? [{ path, code: 'field-required' }] : [];
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? [] : [{ path, code: 'field-not-boolean' }];
    case 'choice':
      return typeof value === 'string' && field.choices?.includes(value)
        ? []
        : [{ path, code: 'field-not-choice', params: { value: String(value), allowed: (field.choices ?? []).join(', ') } }];
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [{ path, code: 'field-not-number' }];
      if (field.kind === 'integer' && !Number.isInteger(value)) return [{ path, code: 'field-not-integer' }];
      if (field.min !== undefined && value < field.min) return [{ path, code: 'field-below-min', params: { min: field.min } }];
      if (field.max !== undefined && value > field.max) return [{ path, code: 'field-above-max', params: { max: field.max } }];
      return [];
    }
  }
}

/** Problems of each declared field of a result, paths relative to the result ("a.vp"). */
export function checkResultFields(result: GameResult, fields: readonly ResultField[]): SystemProblem[] {
  const out: SystemProblem[] = [];
  for (const field of fields) {
    if (field.scope === 'game') out.push(...checkValue(field, result[field.key], field.key));
    else for (const side of ['a', 'b'] as const) out.push(...checkValue(field, result[side][field.key], `${side}.${field.key}`));
  }
  return out;
}

/** The winner's side, 'draw' for null. */
export function winnerSide(result: Pick<GameResult, 'winner'>, pairing: { a: string; b: string }): 'a' | 'b' | 'draw' | null {
  if (result.winner === null) return 'draw';
  if (result.winner === pairing.a) return 'a';
  if (result.winner === pairing.b) return 'b';
  return null;
}

/** A derived number a file may carry: it must match what the system computes. */
export function checkDerived(path: string, carried: unknown, expected: number): SystemProblem[] {
  if (carried === undefined || carried === null) return [];
  return carried === expected ? [] : [{ path, code: 'derived-mismatch', params: { value: String(carried), expected } }];
}

/** Prefixes result-relative paths with the result's place in the event. */
export function atResult(problems: readonly SystemProblem[], prefix: string): SystemProblem[] {
  return problems.map((p) => ({ ...p, path: p.path ? `${prefix}.${p.path}` : prefix }));
}
