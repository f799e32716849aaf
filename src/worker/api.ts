// The engine API: plain data in, plain data out, no state kept between calls (IndexedDB is the
// source of truth), so the client may terminate this worker at any time to abort a long job.
import { parseEventFile, validateEventFile, type EventFile } from '../domain/event-file';
import { foldLog, type LogEntry } from '../domain/log';
import { systemFor, type GameSystem, type PairOptions } from '../domain/systems';

// the event's own system, typed as the common interface: its rows are read through StandingRowBase
const systemOf = (event: EventFile): GameSystem => systemFor(event.system);

export const api = {
  parseEventFile,
  validateEventFile,
  foldLog: (entries: LogEntry[]) => foldLog(entries),
  /** Pairing 1024+ players takes tens of ms to seconds: off the main thread, clocks keep ticking. */
  pairNextRound: (event: EventFile, options: PairOptions) => systemOf(event).pairNextRound(event, options),
  standings: (event: EventFile) => systemOf(event).computeStandings(event),
  /** For the abort path's tests and the responsiveness bench: busy-works for `ms`. */
  spin(ms: number): number {
    const end = Date.now() + ms;
    let n = 0;
    while (Date.now() < end) n++;
    return n;
  },
};

export type EngineApi = typeof api;
