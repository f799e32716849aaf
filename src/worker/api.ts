// The engine API: plain data in, plain data out, no state kept between calls (IndexedDB is the
// source of truth), so the client may terminate this worker at any time to abort a long job.
import { parseEventFile, validateEventFile, type EventFile } from '../domain/event-file';
import { foldLog, type LogEntry } from '../domain/log';
import { swapInRound } from '../domain/event-file/swap';
import { pairingWarningsOf, systemFor, type GameSystem, type PairOptions, type PairOutcome, type PairingWarning, type StandingRowBase } from '../domain/systems';
import { openDB, type IDBPDatabase } from 'idb';
import { snapshotIn, type SnapshotReason } from './snapshot';
import { caughtUp, settleProjection, type Projection } from './projection-tail';

// the event's own system, typed as the common interface: its rows are read through StandingRowBase
const systemOf = (event: EventFile): GameSystem => systemFor(event.system);

// The event is read here, from IndexedDB, rather than posted by the page: cloning 4,096 players
// and their rounds into a message costs the page's thread 20-70 ms, reading it costs this one.
// The connection and the last event read are kept: a cache, nothing a terminated worker loses.
const connections = new Map<string, Promise<IDBPDatabase>>();
let lastRead: { key: string; event: EventFile } | null = null;

function connect(dbName: string): Promise<IDBPDatabase> {
  let db = connections.get(dbName);
  if (!db) {
    db = openDB(dbName, undefined, {
      // the page wants to upgrade the schema: let it
      blocking: () => {
        void db!.then((d) => d.close());
        connections.delete(dbName);
      },
    });
    connections.set(dbName, db);
  }
  return db;
}

async function readEvent(dbName: string, eventId: string): Promise<{ event: EventFile; seq: number } | null> {
  const tx = (await connect(dbName)).transaction(['events', 'log', 'projections']);
  const [meta, projection] = await Promise.all([
    tx.objectStore('events').get(eventId) as Promise<{ lastSeq: number } | undefined>,
    tx.objectStore('projections').get(eventId) as Promise<Projection | undefined>,
  ]);
  // the entries a plain append left after the stored projection (store/projection-tail.ts), applied
  const stored = meta ? ((await caughtUp(tx, projection, meta.lastSeq)) ?? projection) : undefined;
  if (!stored) return null;
  const key = `${dbName}\n${eventId}\n${stored.seq}`;
  if (lastRead?.key !== key) lastRead = { key, event: stored.event };
  return { event: lastRead.event, seq: stored.seq };
}

export interface StandingsQuery {
  /** the page's IndexedDB database (its name) */
  db: string;
  eventId: string;
  /** keep the first `rounds` rounds (the standings "after round N"); all of them when absent */
  rounds?: number;
  /** keep the rounds numbered below this one (the standings a round was paired from) */
  before?: number;
}

export const api = {
  /** Stores a stored event's projection as of its last log entry (store/projection-tail.ts): its clone of 4,096 players costs this thread, not the page's. */
  async settleProjection(dbName: string, eventId: string): Promise<void> {
    await settleProjection(await connect(dbName), eventId);
  },
  /** The automatic backup of a stored event, taken here: the page's thread would spend 100-200 ms on 4,096 players. Returns its id. */
  async snapshotEvent(dbName: string, eventId: string, reason: SnapshotReason, now: number, kept: number): Promise<number | null> {
    const r = await snapshotIn(await connect(dbName), eventId, reason, now, kept);
    return r?.id ?? null;
  },
  /**
   * The standings of a stored event, as its latest projection holds it, with the log sequence
   * they were computed at (the page keys its cache on it). Null when the event is gone.
   */
  async standingsOf(q: StandingsQuery): Promise<{ seq: number; rows: StandingRowBase[] } | null> {
    const read = await readEvent(q.db, q.eventId);
    if (!read) return null;
    let { event } = read;
    if (q.rounds !== undefined && q.rounds < event.rounds.length) event = { ...event, rounds: event.rounds.slice(0, q.rounds) };
    if (q.before !== undefined) event = { ...event, rounds: event.rounds.filter((r) => r.number < q.before!) };
    return { seq: read.seq, rows: systemOf(event).computeStandings(event) };
  },
  /**
   * What swapping `a` and `b` in round `round` of a stored event would cost against its system's
   * rules (the warnings shown before the swap is confirmed): at 4,096 players the standings they
   * read took 70-500 ms of the page's thread. Null when the event or the round is gone.
   */
  async swapWarningsOf(q: { db: string; eventId: string; round: number; a: string; b: string }): Promise<PairingWarning[] | null> {
    const read = await readEvent(q.db, q.eventId);
    const round = read?.event.rounds.find((r) => r.number === q.round);
    return read && round ? pairingWarningsOf(read.event, swapInRound(round, q.a, q.b)) : null;
  },
  /**
   * The next round of a stored event, paired from the event as IndexedDB holds it, with the log
   * sequence it was read at: the organizer's « Apparier » posts an id, not 4,096 players and their
   * rounds (a clone the page's thread pays, and the garbage it leaves there). The page writes the
   * round based on the older of this sequence and the one it showed, so a change since either
   * refuses the write (store/events.ts). Null when the event is gone.
   */
  async pairNextOf(q: { db: string; eventId: string; options: Omit<PairOptions, 'standings'> }): Promise<{ seq: number; outcome: PairOutcome } | null> {
    const read = await readEvent(q.db, q.eventId);
    return read && { seq: read.seq, outcome: systemOf(read.event).pairNextRound(read.event, q.options) };
  },
  parseEventFile,
  validateEventFile,
  foldLog: (entries: LogEntry[]) => foldLog(entries),
  /** An event not stored (the bench's load on a clock screen): posted whole. The app pairs by id (pairNextOf). */
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
