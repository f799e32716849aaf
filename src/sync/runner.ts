// Keeps one event in sync while its screen is open: at once, every 15 s, when the browser says
// the network is back, and right after any local write (a write made while a pass is running is
// sent by a pass that starts as soon as that one ends). Publishes the players' view when the
// event changed. Errors are kept as codes; the screen words them. Lazy chunk with couch.ts.
import { publicView } from '../domain/public-view';
import { announceChange, listenForChanges, type ChangeMessage } from '../store/channel';
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

export function startSync(
  db: WargameDb,
  eventId: string,
  deviceId: string,
  cfg: SyncConfig,
  onStatus: (s: SyncStatus) => void,
  options: SyncOptions = {},
): { stop: () => void; now: () => void } {
  return new SyncLoop(db, eventId, deviceId, cfg, onStatus, options).start();
}

/** backs off while the server fails, up to a minute */
const retryDelay = (failures: number): number => Math.min(60_000, 5_000 * 2 ** Math.min(failures - 1, 4));

/** One event's sync between start and stop: what the passes, the wait and the listeners share. */
class SyncLoop {
  private readonly db: WargameDb;
  private readonly eventId: string;
  private readonly deviceId: string;
  private readonly cfg: SyncConfig;
  private readonly onStatus: (s: SyncStatus) => void;
  private readonly options: SyncOptions;

  private stopped = false;
  private running = false;
  private again = false;
  private ensured = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private published = '';
  private failures = 0;
  private last: SyncStatus | null = null;
  /** what this runner told the other tabs: not a local write to send */
  private ownAnnounce = -1;
  // Between passes, one request waits on the server for a change from another device. It restarts
  // after every clean pass (from that pass's checkpoint); a network error leaves it to the timed
  // passes, and a server whose "something changed" keeps bringing nothing is not listened to.
  private watching: AbortController | null = null;
  private falseAlarms = 0;
  private woken = false;
  private readonly net: Net;
  private unlisten: () => void = () => undefined;
  private readonly online = (): void => void this.run();

  constructor(db: WargameDb, eventId: string, deviceId: string, cfg: SyncConfig, onStatus: (s: SyncStatus) => void, options: SyncOptions) {
    this.db = db;
    this.eventId = eventId;
    this.deviceId = deviceId;
    this.cfg = cfg;
    this.onStatus = onStatus;
    this.options = options;
    this.net = {
      ...options.net,
      onRetry: (code, attempt, attempts) => this.last && this.emit({ ...this.last, retrying: { code, attempt, attempts } }),
      onProgress: (done, total) => this.last && this.emit({ ...this.last, retrying: null, receiving: { done, total } }),
    };
  }

  start(): { stop: () => void; now: () => void } {
    this.unlisten = listenForChanges((msg) => this.heard(msg));
    globalThis.addEventListener?.('online', this.online);
    void this.run();
    return { now: () => void this.run(), stop: () => this.stop() };
  }

  private stop(): void {
    this.stopped = true;
    this.watching?.abort();
    clearTimeout(this.timer);
    clearTimeout(this.soon);
    this.unlisten();
    globalThis.removeEventListener?.('online', this.online);
  }

  /** Another tab (or this page) wrote to the log. */
  private heard(msg: ChangeMessage): void {
    if (msg.eventId !== this.eventId || msg.seq === this.ownAnnounce) return;
    // the wait would wake on this write's own echo: the pass that sends it waits again after
    this.watching?.abort();
    this.watching = null;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.soon);
    this.soon = setTimeout(() => void this.run(), SOON_MS);
  }

  private emit(s: SyncStatus): void {
    this.last = s;
    if (!this.stopped) this.onStatus(s);
  }

  private async status(syncing: boolean, error: SyncErrorCode | null): Promise<void> {
    const st = await getSyncState(this.db, this.eventId);
    const waiting = await countOwnAfter(this.db, this.eventId, this.deviceId, st.pushedSeq);
    this.emit({ syncing, lastSyncAt: st.lastSyncAt, waiting, error, retrying: null, receiving: null });
  }

  private watch(): void {
    this.watching?.abort();
    if (this.stopped || this.options.watch === false || this.falseAlarms >= FALSE_ALARMS) return;
    const mine = new AbortController();
    this.watching = mine;
    void (async () => {
      try {
        const { since } = await getSyncState(this.db, this.eventId);
        const changed = await waitForChanges(this.cfg, since, WATCH_MS, { ...this.options.net, signal: mine.signal });
        if (mine.signal.aborted || this.stopped) return;
        if (!changed) return this.watch();
        this.woken = true;
        void this.run();
      } catch {
        // the timed pass reports the network's state and starts waiting again once it is clean
      }
    })();
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    const byWatch = this.woken;
    this.woken = false;
    this.watching?.abort();
    this.watching = null;
    clearTimeout(this.timer);
    let error: SyncErrorCode | null = null;
    try {
      await this.pass(byWatch);
      this.failures = 0;
    } catch (err) {
      error = err instanceof SyncError ? err.code : 'server';
      this.failures++;
      await updateSyncState(this.db, this.eventId, { lastError: error }).catch(() => undefined);
    }
    await this.status(false, error).catch(() => undefined);
    this.running = false;
    if (this.stopped) return;
    if (this.again) {
      // a local write arrived during the pass: it may not have been in what was sent
      this.again = false;
      void this.run();
      return;
    }
    if (!error) this.watch();
    this.timer = setTimeout(() => void this.run(), error ? retryDelay(this.failures) : (this.options.everyMs ?? EVERY_MS));
  }

  /** One pass: send and receive, then the players' view if the event changed. Throws what failed. */
  private async pass(byWatch: boolean): Promise<void> {
    const { db, eventId, deviceId, cfg } = this;
    await this.status(true, null);
    if (!this.ensured) {
      // creates the databases where the server lets this user (a hub); quietly otherwise
      await ensureDatabases(cfg, { ...this.options.net, attempts: 1 });
      this.ensured = true;
    }
    // in the sync worker on a page: signing, the trust state and receiving stay off this thread
    const outcome = await syncPass()(db, eventId, deviceId, cfg, this.net);
    if (byWatch) this.falseAlarms = outcome.pulled > 0 ? 0 : this.falseAlarms + 1;
    else if (outcome.pulled > 0) this.falseAlarms = 0;
    if (outcome.merged?.loaded) {
      this.ownAnnounce = outcome.merged.loaded.seq;
      announceChange({ eventId, seq: this.ownAnnounce, kind: 'appended' });
    }
    if (cfg.publicDb) await this.publishView();
  }

  private async publishView(): Promise<void> {
    const { cfg } = this;
    const { event } = await loadEvent(this.db, this.eventId);
    // players register themselves through the intake: its address, never one with a login in it
    const intake = intakeAddress(cfg.url, cfg.db);
    const view = publicView(event, 0, intakeAddressProblem(intake) === null ? intake : undefined);
    const text = JSON.stringify(view);
    if (text === this.published) return;
    // the page invites players to register: the intake must be there to take them (on a hub this
    // makes it; on CouchDB an admin did, README, and a refusal changes nothing)
    if (view.registration) await ensureIntake(view.registration.intake, { user: cfg.user, password: cfg.password }).catch(() => undefined);
    await publish(cfg, { ...view, updatedAt: Date.now() }, this.net);
    this.published = text;
  }
}
