// Owns the IndexedDB layout: names, key paths and record types. Every other store module goes
// through these types, so a layout change is a compile error everywhere it matters.
import type { DBSchema } from 'idb';
import type { EventFile, SystemId } from '../domain/event-file/types';
import type { LogEntry } from '../domain/log';

export const DB_NAME = 'wargame-tournament';
/** v1: events + log. v2: cached projections and device settings (rebuilt from v1 logs). */
export const DB_VERSION = 2;

export interface EventMeta {
  id: string;
  name: string;
  system: SystemId;
  date: string;
  createdAt: number;
  updatedAt: number;
  /** seq of the newest log entry: a projection older than this is stale */
  lastSeq: number;
  playerCount: number;
  roundCount: number;
  /** a round is being played (its timer runs): no app update, no destructive action */
  roundRunning: boolean;
}

export interface Projection {
  eventId: string;
  seq: number;
  event: EventFile;
}

export interface WargameDB extends DBSchema {
  events: { key: string; value: EventMeta; indexes: { byUpdated: number } };
  log: { key: [string, number]; value: LogEntry };
  projections: { key: string; value: Projection };
  settings: { key: string; value: unknown };
}
