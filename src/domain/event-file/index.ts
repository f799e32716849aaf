export * from './types';
export { parseEventFile, validateEventFile, type Problem, type ProblemCode, type ValidationResult } from './validate';
export { serializeEventFile } from './serialize';
export { problemMessage, type Lang } from './messages';
export { newEvent } from './new-event';
export { swapInRound } from './swap';
export * from './limits';
