// Warmaster campaign system (SCW): the public face of src/domain/warmaster.
export * from './hex';
export * from './hex-map';
export * from './rules';
export * from './movement';
export * from './battlefield';
export * from './roller';
export * from './refusal';
export * from './types';
export * from './queries';
export * from './economy';
export * from './roads';
export * from './campaign';
export * from './file';
