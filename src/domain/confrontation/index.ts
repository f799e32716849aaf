// Confrontation: the Rackham tournament rules (200-PA challenge knockout, 500-point games) and
// the ch.20 scenarios with the CDR scoring: the public face of src/domain/confrontation.
export * from './army';
export * from './reference';
export * from './challenge';
export * from './rackham-rules';
export * from './rackham-system';
export * from './cdr-scoring';
export * from './objectives';
export * from './cdr-system';
