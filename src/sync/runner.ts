// Keeps one event in sync while its screen is open: at once, every 15 s, when the browser says
// the network is back, and right after any local write (a write made while a pass is running is
// sent by a pass that starts as soon as that one ends). Publishes the players' view when the
// event changed. Errors are kept as codes; the screen words them. Lazy chunk with couch.ts.
import { publicView } from '../domain/public-view';
import { announceChange, listenForChanges } from '../store/channel';
import type { WargameDb } from '../store/db';
import { loadEvent } from '../store/events';
import { countOwnAfter, getSyncState, updateSyncState } from '../store/replica';
import { ensureDatabases, publish, pull, SyncError, syncOnce, type Net, type SyncConfig, type SyncErrorCode } from './couch';

export interface SyncStatus {
  syncing: boolean;
  lastSyncAt: number | null;
  waiting: number;
  error: SyncErrorCode | null;
  /** a request failed and is being tried again: why, and which attempt comes */
  retrying?: { code: SyncErrorCode; attempt: number; attempts: number } | null;
  /** a long pull: entries received so far, and of how many (null: unknown) */
  receiving?: { done: number; total: number | null } | null;
}

const EVERY_MS = 15_000;
/** a write announced: its pass starts this soon (several quick saves share one pass) */
const SOON_MS = 150;

export interface SyncOptions {
  /** request limits; the defaults suit a hall's Wi-Fi */
  net?: Omit<Net, 'onRetry' | 'onProgress'>;
  /** the pause between passes when nothing happens */
  everyMs?: number;
}

export function startSync(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, onStatus: (s: SyncStatus) => void, options: SyncOptions = {}): { stop: () => void; now: () => void } {
  let stopped = false;
  let running = false;
  let again = false;
  let ensured = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let published = '';
  let failures = 0;
  let last: SyncStatus | null = null;
  /** what this runner told the other tabs: not a local write to send */
  let ownAnnounce = -1;

  const emit = (s: SyncStatus): void => {
    last = s;
    if (!stopped) onStatus(s);
  };
  const status = async (syncing: boolean, error: SyncErrorCode | null): Promise<void> => {
    const st = await getSyncState(db, eventId);
    const waiting = await countOwnAfter(db, eventId, deviceId, st.pushedSeq);
    emit({ syncing, lastSyncAt: st.lastSyncAt, waiting, error, retrying: null, receiving: null });
  };
  const net: Net = {
    ...options.net,
    onRetry: (code, attempt, attempts) => last && emit({ ...last, retrying: { code, attempt, attempts } }),
    onProgress: (done, total) => last && emit({ ...last, retrying: null, receiving: { done, total } }),
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    clearTimeout(timer);
    let error: SyncErrorCode | null = null;
    try {
      await status(true, null);
      if (!ensured) {
        // creates the databases where the server lets this user (a hub); quietly otherwise
        await ensureDatabases(cfg, { ...options.net, attempts: 1 });
        ensured = true;
      }
      const outcome = await syncOnce(db, eventId, deviceId, cfg, net);
      if (outcome.merged?.loaded) {
        ownAnnounce = outcome.merged.loaded.seq;
        announceChange({ eventId, seq: ownAnnounce, kind: 'appended' });
      }
      if (cfg.publicDb) {
        const { event } = await loadEvent(db, eventId);
        const view = publicView(event, 0);
        const text = JSON.stringify(view);
        if (text !== published) {
          await publish(cfg, { ...view, updatedAt: Date.now() }, net);
          published = text;
        }
      }
      failures = 0;
    } catch (err) {
      error = err instanceof SyncError ? err.code : 'server';
      failures++;
      await updateSyncState(db, eventId, { lastError: error }).catch(() => undefined);
    }
    running = false;
    await status(false, error).catch(() => undefined);
    if (stopped) return;
    if (again) {
      // a local write arrived during the pass: it may not have been in what was sent
      again = false;
      void run();
      return;
    }
    // back off while the server fails, up to a minute
    timer = setTimeout(() => void run(), error ? Math.min(60_000, 5_000 * 2 ** Math.min(failures - 1, 4)) : (options.everyMs ?? EVERY_MS));
  };

  let soon: ReturnType<typeof setTimeout> | undefined;
  const unlisten = listenForChanges((msg) => {
    if (msg.eventId !== eventId || msg.seq === ownAnnounce) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(soon);
    soon = setTimeout(() => void run(), SOON_MS);
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
export async function joinFromServer(db: WargameDb, deviceId: string, cfg: SyncConfig, onProgress?: (done: number, total: number | null) => void): Promise<string | null> {
  const { eventId, last } = await pull(db, null, deviceId, cfg, { onProgress });
  if (eventId && last?.loaded) announceChange({ eventId, seq: last.loaded.seq, kind: 'created' });
  return eventId && last?.loaded ? eventId : null;
}
