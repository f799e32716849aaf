// Lord of the Rings (Sabertooth Games) tournament game: the public face of src/domain/lotr.
export * from './setup';
export * from './outcome';
export * from './lotr-system';
export * from './final';
export * from './clock';
