// The engine API: plain data in, plain data out, no state kept between calls (IndexedDB is the
// source of truth), so the client may terminate this worker at any time to abort a long job.
import { parseEventFile, validateEventFile } from '../domain/event-file';
import { foldLog, type LogEntry } from '../domain/log';

export const api = {
  parseEventFile,
  validateEventFile,
  foldLog: (entries: LogEntry[]) => foldLog(entries),
  /** For the abort path's tests and the responsiveness bench: busy-works for `ms`. */
  spin(ms: number): number {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
};

export type EngineApi = typeof api;
