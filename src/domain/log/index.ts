export type { Action, ActionType, LogEntry } from './actions';
export { FoldError, applyAction, rebaseAction } from './fold';
export { actionProblems, InvalidActionError } from './limits';
export { checkAgainstState, staleBecause, StaleWriteError, writesOf, type StateCheck } from './conflict';
export { entryKey, lamportOf, originOf } from './keys';
export { activeEntries, activeInOrder, compareEntries, concurrent, foldDetailed, foldLog, inMergeOrder, knows, lastUndoable, type Conflict, type FoldResult } from './merge';
export { CLOCK_BEHIND_THRESHOLD_MS, clockBehindMs } from './clock-skew';
