// Owns the IndexedDB layout: names, key paths and record types. Every other store module goes
// through these types, so a layout change is a compile error everywhere it matters.
import type { DBSchema } from 'idb';
import type { EventFile, SystemId } from '../domain/event-file/types';
import type { Conflict, LogEntry } from '../domain/log';

export const DB_NAME = 'wargame-tournament';
/**
 * v1: events + log. v2: cached projections and device settings (rebuilt from v1 logs).
 * v3: table games (a table device's clock and its actions) and automatic event backups.
 * v4: Warmaster campaigns (each an append-only action list).
 * v5: many devices: log entries carry a Lamport clock and their writer's own sequence (index
 *     byOrigin finds an entry pulled twice), metas carry the event's clock.
 */
export const DB_VERSION = 5;

export interface EventMeta {
  id: string;
  name: string;
  system: SystemId;
  date: string;
  createdAt: number;
  updatedAt: number;
  /** seq of the newest log entry: a projection older than this is stale */
  lastSeq: number;
  /** players still in the event (not dropped) */
  playerCount: number;
  /** every registered player, dropped ones included (absent on metas written before it existed) */
  registeredCount?: number;
  roundCount: number;
  /** the organizer declared the event over (settings.finished; absent on older metas) */
  finished?: boolean;
  /** a round is being played (its timer runs): no app update, no destructive action */
  roundRunning: boolean;
  /** highest Lamport value in the log, and how far this device has read each other device's entries */
  clock?: EventClock;
}

export interface EventClock {
  lamport: number;
  seen: Record<string, number>;
}

export interface Projection {
  eventId: string;
  seq: number;
  event: EventFile;
  /** what merging other devices' entries left for the organizer to settle (absent = none) */
  conflicts?: Conflict[];
  unapplied?: { key: string; code: string }[];
}

/** One game on a table device (or on the organizer's tablet in table mode). */
export interface TableGame {
  /** `${eventId}:${round}:${table}` on the organizer's device, the ticket id on a table device */
  id: string;
  /** whatever the table needs to run the game (players, scenario, timing, sealed end) */
  ticket: unknown;
  /** the clock's actions, in order, each with `at` (epoch ms): the clock is fold(actions) at now */
  actions: unknown[];
  createdAt: number;
  updatedAt: number;
}

/** A snapshot of an event file kept on the device (after each round, every 10 minutes). */
export interface Backup {
  id?: number;
  eventId: string;
  at: number;
  /** rounds paired when the snapshot was taken */
  round: number;
  reason: 'round' | 'interval' | 'manual' | 'before-restore' | 'before-import';
  /** the event file as exported (EVENT_FORMAT.md), serialised */
  file: string;
}

/** One Warmaster campaign: its actions (each with its dice seed) are the truth; state = fold. */
export interface CampaignRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  actions: unknown[];
}

export interface WargameDB extends DBSchema {
  events: { key: string; value: EventMeta; indexes: { byUpdated: number } };
  log: { key: [string, number]; value: LogEntry; indexes: { byOrigin: [string, string, number] } };
  projections: { key: string; value: Projection };
  settings: { key: string; value: unknown };
  tableGames: { key: string; value: TableGame; indexes: { byUpdated: number } };
  backups: { key: number; value: Backup; indexes: { byEvent: [string, number] } };
  campaigns: { key: string; value: CampaignRecord; indexes: { byUpdated: number } };
}
