// Keeps one event in sync while its screen is open: at once, every 15 s, when the browser says
// the network is back, and soon after any local write. Publishes the players' view when the
// event changed. Errors are kept as codes; the screen words them. Lazy chunk with couch.ts.
import { publicView } from '../domain/public-view';
import { announceChange, listenForChanges } from '../store/channel';
import type { WargameDb } from '../store/db';
import { loadEvent } from '../store/events';
import { getSyncState, ownEntriesAfter, updateSyncState } from '../store/replica';
import { ensureIntake, intakeAddress, intakeAddressProblem } from './intake';
import { publish, pull, SyncError, syncOnce, type SyncConfig, type SyncErrorCode } from './couch';

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
        // players register themselves through the intake: its address, never one with a login in it
        const intake = intakeAddress(cfg.url, cfg.db);
        const view = publicView(event, 0, intakeAddressProblem(intake) === null ? intake : undefined);
        const text = JSON.stringify(view);
        if (text !== published) {
          // the page invites players to register: the intake must be there to take them (on a
          // hub this makes it; on CouchDB an admin did, README, and a refusal changes nothing)
          if (view.registration) await ensureIntake(view.registration.intake, { user: cfg.user, password: cfg.password }).catch(() => undefined);
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

/** A device that does not have the event yet: everything from the event's database. */
export async function joinFromServer(db: WargameDb, deviceId: string, cfg: SyncConfig): Promise<string | null> {
  const { eventId, last } = await pull(db, null, deviceId, cfg);
  if (eventId && last?.loaded) announceChange({ eventId, seq: last.loaded.seq, kind: 'created' });
  return eventId && last?.loaded ? eventId : null;
}
