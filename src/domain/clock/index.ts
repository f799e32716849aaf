// Table clocks: the turn clock (SR2011's chess clock; its timing and scenario tracker come from
// sr2011/turn-clock.ts through the config, other systems run it untimed). LotR's game clock is
// its own, in src/domain/lotr/clock.ts.
// Pure folds of stored `{ type, at }` actions seen at a `now` the caller passes in.
export * from './clock-side';
export * from './actions';
export * from './config';
export * from './scenario';
export * from './table-clock';
