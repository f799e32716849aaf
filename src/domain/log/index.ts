export type { Action, ActionType, LogEntry } from './actions';
export { FoldError, activeEntries, applyAction, foldLog, lastUndoable, rebaseAction } from './fold';
export { activeInOrder, compareEntries, concurrent, entryKey, foldDetailed, inMergeOrder, knows, lamportOf, originOf, type Conflict, type FoldResult } from './merge';
