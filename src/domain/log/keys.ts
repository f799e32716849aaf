// How an entry is named and ordered across devices. Tiny on purpose: the store's write path uses
// it at start-up; the merge fold itself (merge.ts) loads with the event screen.
import type { LogEntry } from './actions';

/** The entry's name on every device: `<deviceId>:<origin>` (its replicated id adds the event id). */
export const entryKey = (e: LogEntry): string => `${e.deviceId}:${e.origin ?? e.seq}`;
export const lamportOf = (e: LogEntry): number => e.lamport ?? e.seq;
export const originOf = (e: LogEntry): number => e.origin ?? e.seq;
