// Table tickets and result codes: how a game goes to a table device and its result comes back
// with no network between them (ARCHITECTURE.md "Devices without a network").
export * from './bits';
export * from './result-code';
export * from './seal';
export * from './ticket';
export * from './signature';
export * from './short-ticket';
export * from './qr-ticket';
export * from './hall-state';
