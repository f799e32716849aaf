// What a check of the event file reports: a code, a field path and parameters. Kept apart from
// validate.ts so the messages, and the game systems that word them, sit below the validator
// (which consults the systems' registry) instead of importing back through it.

export type ProblemCode =
  | 'not-json'
  | 'not-object'
  | 'wrong-format'
  | 'newer-version'
  | 'bad-version'
  | 'unknown-system'
  | 'required'
  | 'not-string'
  | 'empty-string'
  | 'not-number'
  | 'not-integer'
  | 'negative'
  | 'not-positive'
  | 'not-boolean'
  | 'not-array'
  | 'bad-date'
  | 'duplicate-id'
  | 'duplicate-number'
  | 'duplicate-name'
  | 'duplicate-table'
  | 'unknown-player'
  | 'self-pairing'
  | 'paired-twice'
  | 'round-order'
  | 'winner-not-in-game'
  | 'unknown-how'
  | 'bad-variable-minutes'
  | 'bad-list-index'
  | 'paired-after-drop'
  | 'bad-tier'
  /** a game system's rule (params.rule), worded in params.fr / params.en */
  | 'rule'
  | 'too-large'
  | 'too-deep'
  | 'too-many-values'
  | 'text-too-long'
  | 'name-too-long'
  | 'out-of-range'
  | 'unsafe-number'
  | 'too-many-items';

export interface Problem {
  /** field path in the file, e.g. "players[2].name" */
  path: string;
  code: ProblemCode;
  params?: Record<string, string | number>;
  /** a warning does not stop an import (e.g. two players with the same name) */
  warning?: boolean;
}
