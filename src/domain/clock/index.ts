// Table clocks: the SR2011 chess clock with its scenario tracker, and the LotR game clock. Pure
// folds of stored `{ type, at }` actions seen at a `now` the caller passes in.
export * from './clock-side';
export * from './actions';
export * from './config';
export * from './scenario-tracker';
export * from './table-clock';
export * from './lotr-clock';
