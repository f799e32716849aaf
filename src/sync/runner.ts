// Keeps one event in sync while its screen is open: at once, every 15 s, when the browser says
// the network is back, and soon after any local write. Publishes the players' view when the
// event changed. Errors are kept as codes; the screen words them. Lazy chunk with couch.ts.
import { publicView } from '../domain/public-view';
import { announceChange, listenForChanges } from '../store/channel';
import type { WargameDb } from '../store/db';
import { loadEvent } from '../store/events';
import { getSyncState, ownEntriesAfter, updateSyncState } from '../store/replica';
import { publish, SyncError, syncOnce, type SyncConfig, type SyncErrorCode } from './couch';

export interface SyncStatus {
  syncing: boolean;
  lastSyncAt: number | null;
  waiting: number;
  error: SyncErrorCode | null;
}

const EVERY_MS = 15_000;

export function startSync(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, onStatus: (s: SyncStatus) => void): { stop: () => void; now: () => void } {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let published = '';
  let failures = 0;

  const status = async (syncing: boolean, error: SyncErrorCode | null): Promise<void> => {
    const st = await getSyncState(db, eventId);
    const waiting = (await ownEntriesAfter(db, eventId, deviceId, st.pushedSeq)).length;
    if (!stopped) onStatus({ syncing, lastSyncAt: st.lastSyncAt, waiting, error });
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    await status(true, null);
    let error: SyncErrorCode | null = null;
    try {
      const outcome = await syncOnce(db, eventId, deviceId, cfg);
      if (outcome.merged?.loaded) announceChange({ eventId, seq: outcome.merged.loaded.seq, kind: 'appended' });
      if (cfg.publicDb) {
        const { event } = await loadEvent(db, eventId);
        const view = publicView(event, 0);
        const text = JSON.stringify(view);
        if (text !== published) {
          await publish(cfg, { ...view, updatedAt: Date.now() });
          published = text;
        }
      }
      failures = 0;
    } catch (err) {
      error = err instanceof SyncError ? err.code : 'server';
      failures++;
      await updateSyncState(db, eventId, { lastError: error });
    }
    running = false;
    await status(false, error);
    if (stopped) return;
    if (again) {
      again = false;
      void run();
      return;
    }
    // back off while the server is unreachable, up to a minute
    timer = setTimeout(() => void run(), error ? Math.min(60_000, 5_000 * 2 ** Math.min(failures, 4)) : EVERY_MS);
  };

  let soon: ReturnType<typeof setTimeout> | undefined;
  const unlisten = listenForChanges((msg) => {
    if (msg.eventId !== eventId || running) return;
    clearTimeout(soon);
    soon = setTimeout(() => void run(), 300);
  });
  const online = (): void => void run();
  globalThis.addEventListener?.('online', online);
  void run();
  return {
    now: () => void run(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(soon);
      unlisten();
      globalThis.removeEventListener?.('online', online);
    },
  };
}
