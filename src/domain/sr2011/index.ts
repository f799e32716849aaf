// Steamroller 2011 (Warmachine / Hordes) rules: the public face of src/domain/sr2011.
export * from './rounds';
export * from './timing';
export * from './scenarios';
export * from './variants';
export * from './description';
export * from './lists';
export * from './apd';
export * from './game-end';
export * from './standings';
export * from './next-round';
export * from './round-timer';
export * from './variant-messages';
export * from './list-paste';
export * from './event-end';
export * from './event-rules';
export * from './score-lines';
