// Keeps one event in sync while its screen is open: at once, every 15 s, when the browser says
// the network is back, and right after any local write (a write made while a pass is running is
// sent by a pass that starts as soon as that one ends). Publishes the players' view when the
// event changed. Errors are kept as codes; the screen words them. Lazy chunk with couch.ts.
import { publicView } from '../domain/public-view';
import { announceChange, listenForChanges } from '../store/channel';
import type { WargameDb } from '../store/db';
import { loadEvent } from '../store/events';
import { countOwnAfter, getSyncState, updateSyncState } from '../store/replica';
import { ensureIntake, intakeAddress, intakeAddressProblem } from './intake';
import { ensureDatabases, publish, SyncError, waitForChanges, type Net, type SyncConfig, type SyncErrorCode } from './couch';
import { syncPass } from './pass';

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
/** how long one wait for another device's change lasts before it is asked again */
const WATCH_MS = 25_000;
/** waits that said "changed" and brought nothing, in a row, before waiting is left to timed passes */
const FALSE_ALARMS = 3;
/** a write announced: its pass starts this soon (several quick saves share one pass) */
const SOON_MS = 150;

export interface SyncOptions {
  /** request limits; the defaults suit a hall's Wi-Fi */
  net?: Omit<Net, 'onRetry' | 'onProgress'>;
  /** the pause between passes when nothing happens */
  everyMs?: number;
  /** wait for other devices' changes between passes (CouchDB's longpoll feed); on by default */
  watch?: boolean;
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

  // Between passes, one request waits on the server for a change from another device. It restarts
  // after every clean pass (from that pass's checkpoint); a network error leaves it to the timed
  // passes, and a server whose "something changed" keeps bringing nothing is not listened to.
  let watching: AbortController | null = null;
  let falseAlarms = 0;
  let woken = false;
  const watch = (): void => {
    watching?.abort();
    if (stopped || options.watch === false || falseAlarms >= FALSE_ALARMS) return;
    const mine = new AbortController();
    watching = mine;
    void (async () => {
      try {
        const { since } = await getSyncState(db, eventId);
        const changed = await waitForChanges(cfg, since, WATCH_MS, { ...options.net, signal: mine.signal });
        if (mine.signal.aborted || stopped) return;
        if (!changed) return watch();
        woken = true;
        void run();
      } catch {
        // the timed pass reports the network's state and starts waiting again once it is clean
      }
    })();
  };

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    const byWatch = woken;
    woken = false;
    watching?.abort();
    watching = null;
    clearTimeout(timer);
    let error: SyncErrorCode | null = null;
    try {
      await status(true, null);
      if (!ensured) {
        // creates the databases where the server lets this user (a hub); quietly otherwise
        await ensureDatabases(cfg, { ...options.net, attempts: 1 });
        ensured = true;
      }
      // in the sync worker on a page: signing, the trust state and receiving stay off this thread
      const outcome = await syncPass()(db, eventId, deviceId, cfg, net);
      if (byWatch) falseAlarms = outcome.pulled > 0 ? 0 : falseAlarms + 1;
      else if (outcome.pulled > 0) falseAlarms = 0;
      if (outcome.merged?.loaded) {
        ownAnnounce = outcome.merged.loaded.seq;
        announceChange({ eventId, seq: ownAnnounce, kind: 'appended' });
      }
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
    await status(false, error).catch(() => undefined);
    running = false;
    if (stopped) return;
    if (again) {
      // a local write arrived during the pass: it may not have been in what was sent
      again = false;
      void run();
      return;
    }
    if (!error) watch();
    // back off while the server fails, up to a minute
    timer = setTimeout(() => void run(), error ? Math.min(60_000, 5_000 * 2 ** Math.min(failures - 1, 4)) : (options.everyMs ?? EVERY_MS));
  };

  let soon: ReturnType<typeof setTimeout> | undefined;
  const unlisten = listenForChanges((msg) => {
    if (msg.eventId !== eventId || msg.seq === ownAnnounce) return;
    // the wait would wake on this write's own echo: the pass that sends it waits again after
    watching?.abort();
    watching = null;
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
      watching?.abort();
      clearTimeout(timer);
      clearTimeout(soon);
      unlisten();
      globalThis.removeEventListener?.('online', online);
    },
  };
}
