// Owns the event snapshots kept on the device: the last BACKUPS_KEPT per event, taken after each
// round and every BACKUP_INTERVAL_MS of activity. Restoring is an action in the event's log (never
// silent), preceded by a snapshot of what it replaces, so a restore can itself be undone.
import type { EventFile } from '../domain/event-file';
import type { WargameDb } from './db';
import { appendActions, type LoadedEvent, type WriteContext } from './events';
import type { Backup } from './schema';
import { snapshotIn } from '../worker/snapshot';

export const BACKUPS_KEPT = 20;
export const BACKUP_INTERVAL_MS = 10 * 60_000;

const range = (eventId: string): IDBKeyRange => IDBKeyRange.bound([eventId, -Infinity], [eventId, Infinity]);

/** Snapshots the event as it stands and prunes the oldest beyond BACKUPS_KEPT, in one transaction. */
export async function snapshotEvent(db: WargameDb, eventId: string, reason: Backup['reason'], now = Date.now()): Promise<Backup | null> {
  return snapshotIn(db, eventId, reason, now, BACKUPS_KEPT);
}

/** Newest first. */
export async function listBackups(db: WargameDb, eventId: string): Promise<Backup[]> {
  return (await db.getAllFromIndex('backups', 'byEvent', range(eventId))).reverse();
}

export async function latestBackupAt(db: WargameDb, eventId: string): Promise<number | null> {
  const cursor = await db.transaction('backups').store.index('byEvent').openCursor(range(eventId), 'prev');
  return cursor?.value.at ?? null;
}

export class BackupUnreadableError extends Error {}

export async function restoreBackup(db: WargameDb, eventId: string, backupId: number, ctx: WriteContext): Promise<LoadedEvent> {
  const backup = await db.get('backups', backupId);
  if (!backup || backup.eventId !== eventId) throw new BackupUnreadableError(`backup ${backupId} not found for ${eventId}`);
  // the whole validation (format and each system's rules) is a chunk of its own: the home screen
  // imports this module, and the rules engines stay out of the start-up bundle
  const { parseEventFile } = await import('../domain/event-file/validate');
  const parsed = parseEventFile(backup.file);
  if (!parsed.ok) throw new BackupUnreadableError(`backup ${backupId} is not a valid event file`);
  await snapshotEvent(db, eventId, 'before-restore', (ctx.now ?? Date.now)());
  return appendActions(db, eventId, [{ type: 'backup-restored', event: parsed.event, backupAt: backup.at, backupRound: backup.round }], ctx);
}

/**
 * Replaces an event's state with an imported file of the same event: a logged action (undoable),
 * preceded by a snapshot of what it replaces. Never a silent overwrite.
 */
export async function replaceFromImport(db: WargameDb, eventId: string, event: EventFile, ctx: WriteContext, fileName?: string): Promise<LoadedEvent> {
  await snapshotEvent(db, eventId, 'before-import', (ctx.now ?? Date.now)());
  return appendActions(db, eventId, [{ type: 'event-replaced', event, ...(fileName ? { fileName } : {}) }], ctx);
}

export async function deleteBackupsOf(db: WargameDb, eventId: string): Promise<void> {
  const tx = db.transaction('backups', 'readwrite');
  const keys = await tx.store.index('byEvent').getAllKeys(range(eventId));
  await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
}
