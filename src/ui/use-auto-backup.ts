// Snapshots the open event after each completed round and after every 10 minutes of activity
// (a change at least 10 minutes after the last snapshot). Runs after the write it follows, never
// inside it, so a slow snapshot cannot delay a confirmation.
import { useEffect, useRef } from 'preact/hooks';
import type { EventFile } from '../domain/event-file';
import { BACKUP_INTERVAL_MS, BACKUPS_KEPT, latestBackupAt, snapshotEvent } from '../store/backups';
import { useServices } from './services';

export function completedRounds(event: EventFile): number {
  return event.rounds.filter((r) => r.pairings.length > 0 && r.pairings.every((p) => p.result)).length;
}

export function useAutoBackup(eventId: string, event: EventFile | null, seq: number): void {
  const { db, now, engine } = useServices();
  const last = useRef<{ at: number; seq: number; rounds: number } | null>(null);
  useEffect(() => {
    if (!event) return;
    const rounds = completedRounds(event);
    let cancelled = false;
    void (async () => {
      last.current ??= { at: (await latestBackupAt(db, eventId)) ?? 0, seq, rounds };
      const prev = last.current;
      const reason = rounds > prev.rounds ? 'round' : seq !== prev.seq && now() - prev.at >= BACKUP_INTERVAL_MS ? 'interval' : null;
      if (!reason || cancelled) return;
      last.current = { at: now(), seq, rounds };
      const at = now();
      // in the worker (a large event's snapshot is a long task); on the page if it cannot
      await Promise.resolve()
        .then(() => engine.call('snapshotEvent', [db.name, eventId, reason, at, BACKUPS_KEPT]))
        .catch(() => snapshotEvent(db, eventId, reason, at));
    })();
    return () => {
      cancelled = true;
    };
  }, [db, eventId, seq]);
}
