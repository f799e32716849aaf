export type { Action, ActionType, LogEntry } from './actions';
export { FoldError, activeEntries, applyAction, foldLog, lastUndoable, rebaseAction } from './fold';
export { actionProblems, InvalidActionError } from './limits';
export { checkAgainstState, staleBecause, StaleWriteError, writesOf, type StateCheck } from './conflict';
