export * from './types';
export { parseEventFile, serializeEventFile, validateEventFile, type Problem, type ProblemCode, type ValidationResult } from './validate';
export { problemMessage, type Lang } from './messages';
export { newEvent } from './new-event';
export * from './limits';
