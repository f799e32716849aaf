// Owns the events: their metadata, their append-only logs and the cached projections. Every
// write is one readwrite transaction awaited to `done` before the caller may say "saved"; the
// sequence number is read and bumped inside it, so two tabs appending at once are serialised by
// IndexedDB itself and can neither lose nor interleave an entry.
import { randomUuid } from '../platform/ids';
import type { EventFile } from '../domain/event-file/types';
import type { Action, LogEntry } from '../domain/log';
import { checkAgainstState, staleBecause, StaleWriteError } from '../domain/log/conflict';
import { applyAction, rebaseAction } from '../domain/log/fold';
import { entryKey, lamportOf, originOf } from '../domain/log/keys';
import { actionProblems, InvalidActionError } from '../domain/log/limits';
import { isRoundRunning } from '../domain/systems/event-state';
import type { WargameDb } from './db';
import { caughtUp } from '../worker/projection-tail';
import type { EventClock, EventMeta, Projection } from './schema';

export interface WriteContext {
  deviceId: string;
  /** epoch ms; injectable so tests and replays are deterministic */
  now?: () => number;
}

export interface LoadedEvent {
  meta: EventMeta;
  event: EventFile;
  seq: number;
  /** the stored projection is behind the log (projection-tail.ts): settleProjection would store it */
  lagging?: boolean;
}

// 'strict' makes the browser flush to disk before `complete`: a tablet whose battery dies right
// after the UI said "saved" must still have the write (the default may only reach the OS cache).
export const STRICT = { durability: 'strict' } as const;

export const logRange = (eventId: string): IDBKeyRange => IDBKeyRange.bound([eventId, 0], [eventId, Infinity]);

export function metaFor(id: string, event: EventFile, seq: number, createdAt: number, now: number, clock: EventClock): EventMeta {
  return {
    clock,
    id,
    name: event.name,
    system: event.system,
    date: event.date,
    createdAt,
    updatedAt: now,
    lastSeq: seq,
    playerCount: event.players.filter((p) => !p.dropped).length,
    registeredCount: event.players.length,
    roundCount: event.rounds.length,
    finished: event.settings.finished === true,
    roundRunning: event.rounds.some(isRoundRunning),
  };
}

export function newId(prefix = 'ev'): string {
  return `${prefix}-${randomUuid()}`;
}

/** Creates an event from a fresh or imported file: meta, first log entry and projection at once. */
export async function createEvent(db: WargameDb, event: EventFile, ctx: WriteContext, how: 'event-created' | 'event-imported' = 'event-created'): Promise<LoadedEvent> {
  const id = newId();
  const at = (ctx.now ?? Date.now)();
  const entry: LogEntry = { eventId: id, seq: 1, at, deviceId: ctx.deviceId, action: { type: how, event }, lamport: 1, origin: 1 };
  const meta = metaFor(id, event, 1, at, at, { lamport: 1, seen: { [ctx.deviceId]: 1 } });
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  const projection: Projection = { eventId: id, seq: 1, event };
  await Promise.all([tx.objectStore('events').add(meta), tx.objectStore('log').add(entry), tx.objectStore('projections').put(projection), tx.done]);
  remember(db, meta, projection);
  return { meta, event, seq: 1 };
}

export async function listEvents(db: WargameDb): Promise<EventMeta[]> {
  const metas = await db.getAllFromIndex('events', 'byUpdated');
  // Metas written before `registeredCount`/`finished` existed are completed from their projection
  // (read only: the meta is rewritten at the event's next write anyway).
  const old = metas.filter((m) => m.registeredCount === undefined || m.finished === undefined);
  if (old.length) {
    const projections = await Promise.all(old.map((m) => db.get('projections', m.id)));
    old.forEach((m, i) => {
      const event = projections[i]?.event;
      if (!event) return;
      m.registeredCount = event.players.length;
      m.finished = event.settings.finished === true;
    });
  }
  return metas.reverse();
}

const sameText = (a: string, b: string): boolean => a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/**
 * The events on this device that an imported file is most likely a copy of. An event file carries
 * no id of its own (EVENT_FORMAT.md), so "the same event" is the same system, name and date; a
 * renamed or re-dated export is a different event to the organizer too.
 */
export async function findTwins(db: WargameDb, event: Pick<EventFile, 'system' | 'name' | 'date'>): Promise<EventMeta[]> {
  return (await listEvents(db)).filter((m) => m.system === event.system && m.date === event.date && sameText(m.name, event.name));
}

/** `base` if no event of the device has that name, else the first free "base 2", "base 3"... */
export async function freeName(db: WargameDb, base: string, numbered: (n: number) => string): Promise<string> {
  const names = (await listEvents(db)).map((m) => m.name);
  const taken = (name: string): boolean => names.some((n) => sameText(n, name));
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(numbered(n))) return numbered(n);
}

export async function getLog(db: WargameDb, eventId: string): Promise<LogEntry[]> {
  return db.getAll('log', logRange(eventId));
}

export class EventNotFoundError extends Error {
  constructor(readonly eventId: string) {
    super(`event ${eventId} not found`);
  }
}

/**
 * Loads the projection with the log's tail applied, rebuilding it from the whole log if it is
 * missing or the tail needs it. When the stored meta is still the one this page last loaded or
 * wrote, the projection it holds is that state: each screen opened on 4,096 players read it back
 * (a ~1.4 MB structured clone, 13-22 ms of the page's thread, in the same task as the screen's
 * first render). Another tab's or device's write changes the meta, and the event is read again.
 */
export async function loadEvent(db: WargameDb, eventId: string): Promise<LoadedEvent> {
  const tx = db.transaction(['events', 'log', 'projections']);
  // nothing held (the app's start): both read at once, one round trip fewer on a slow tablet
  const holding = known.get(db)?.has(eventId);
  const projection = holding ? null : tx.objectStore('projections').get(eventId);
  const meta = await tx.objectStore('events').get(eventId);
  if (!meta) throw new EventNotFoundError(eventId);
  const held = lastKnown(db, meta);
  if (held) return { meta, event: held.event, seq: held.seq };
  const stored = await (projection ?? tx.objectStore('projections').get(eventId));
  const current = await caughtUp(tx, stored, meta.lastSeq);
  if (!current) return rebuildProjection(db, eventId);
  remember(db, meta, current);
  return { meta, event: current.event, seq: current.seq, ...(current !== stored && { lagging: true }) };
}

export async function rebuildProjection(db: WargameDb, eventId: string): Promise<LoadedEvent> {
  const merge = await loadMerge();
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  const [meta, entries] = await Promise.all([tx.objectStore('events').get(eventId), tx.objectStore('log').getAll(logRange(eventId))]);
  if (!meta) {
    tx.abort();
    throw new EventNotFoundError(eventId);
  }
  const projection = projectionOf(merge, eventId, entries);
  const fixedMeta = { ...meta, lastSeq: projection.seq, clock: clockOf(entries) };
  await Promise.all([tx.objectStore('projections').put(projection), tx.objectStore('events').put(fixedMeta), tx.done]);
  remember(db, fixedMeta, projection);
  return { meta: fixedMeta, event: projection.event, seq: projection.seq };
}

// The whole-log fold (merge order, undo, conflicts) is needed only to rebuild a projection, to
// undo, or while conflicts are open: it loads with the event screen, not at start-up. Loaded
// before a transaction opens, since awaiting anything else inside one would end it.
type MergeModule = typeof import('../domain/log/merge');
let mergeLoader: (() => Promise<MergeModule>) | null = null;
/** How to load domain/log/merge: main.tsx passes a dynamic import (a chunk), tests a plain one. */
export function setMergeLoader(load: () => Promise<MergeModule>): void {
  mergeLoader = load;
}
function loadMerge(): Promise<MergeModule> {
  if (!mergeLoader) throw new Error('setMergeLoader() was not called');
  return mergeLoader();
}

export function projectionOf(merge: typeof import('../domain/log/merge'), eventId: string, entries: LogEntry[]): Projection {
  const folded = merge.foldDetailed(entries);
  const seq = entries.length ? entries[entries.length - 1]!.seq : 0;
  const projection: Projection = { eventId, seq, event: folded.event! };
  if (folded.conflicts.length) projection.conflicts = folded.conflicts;
  if (folded.unapplied.length) projection.unapplied = folded.unapplied;
  return projection;
}

/** The event's clock from its whole log: the highest Lamport value, how far each device was read
 * (this device included: a merge uses it to tell whether incoming entries had seen everything). */
export function clockOf(entries: readonly LogEntry[]): EventClock {
  const seen: Record<string, number> = {};
  let lamport = 0;
  for (const e of entries) {
    lamport = Math.max(lamport, lamportOf(e));
    seen[e.deviceId] = Math.max(seen[e.deviceId] ?? 0, originOf(e));
  }
  return { lamport, seen };
}

const withOwn = (clock: EventClock, deviceId: string, lamport: number, origin: number): EventClock => ({ lamport, seen: { ...clock.seen, [deviceId]: origin } });

/** Stamps a new local entry: after everything this device has, and saying what it had seen. */
function stamp(entry: Omit<LogEntry, 'lamport' | 'origin' | 'seen'>, clock: EventClock, lamport: number): LogEntry {
  const seen = Object.fromEntries(Object.entries(clock.seen).filter(([d]) => d !== entry.deviceId));
  return { ...entry, lamport, origin: entry.seq, ...(Object.keys(seen).length ? { seen } : {}) };
}

/**
 * The projection this page last loaded or wrote, per database and event, with the meta it goes
 * with. An append whose meta in the database is still that one (no other tab, device or rebuild
 * wrote since: each of them changes lastSeq or updatedAt) starts from it instead of reading the
 * whole event back from IndexedDB, which at 4,096 players cost a structured-clone read of ~1.5 MB
 * on the page's thread for each check-in. The event is never mutated (the fold returns new objects).
 * With it, when this page wrote the latest entry itself: what undoLast would cancel for that device.
 */
type Known = { meta: EventMeta; projection: Projection; undoable?: { deviceId: string; entry: LogEntry | null } };
const known = new WeakMap<WargameDb, Map<string, Known>>();
const sameMeta = (a: EventMeta, b: EventMeta): boolean => a.id === b.id && a.lastSeq === b.lastSeq && a.updatedAt === b.updatedAt && a.createdAt === b.createdAt;

function lastKnown(db: WargameDb, meta: EventMeta): Projection | undefined {
  const hit = known.get(db)?.get(meta.id);
  return hit && sameMeta(hit.meta, meta) ? hit.projection : undefined;
}

function remember(db: WargameDb, meta: EventMeta, projection: Projection, undoable?: Known['undoable']): void {
  let byEvent = known.get(db);
  if (!byEvent) known.set(db, (byEvent = new Map()));
  byEvent.set(meta.id, { meta, projection, ...(undoable && { undoable }) });
}

/**
 * The entry undoLast would cancel for `deviceId` (the undo button names it). Right after this
 * page appended, it is that append's last entry (the newest, this device's, not an undo), known
 * without reading the log, whose first entry alone holds a whole imported event (~1.4 MB at
 * 4,096 players, read back on the page's thread after every check-in). Otherwise from the log.
 */
export async function lastUndoableOf(db: WargameDb, eventId: string, deviceId: string): Promise<LogEntry | null> {
  const meta = await db.get('events', eventId);
  const hit = meta && known.get(db)?.get(eventId);
  if (hit && sameMeta(hit.meta, meta) && hit.undoable?.deviceId === deviceId) return hit.undoable.entry;
  const merge = await loadMerge();
  return merge.lastUndoable(await getLog(db, eventId), deviceId);
}

/**
 * The event's projection as of its log's last entry, conflicts included (the conflict panel, the
 * rounds' disputed tables read it after each write): what this page already holds when the stored
 * meta is still its own, so a check-in does not read 4,096 players back (a ~1.4 MB structured
 * clone on the page's thread) to find no conflict; else read as loadEvent does. Null when the
 * event is gone. The stored record itself may lag behind the log (projection-tail.ts).
 */
export async function currentProjection(db: WargameDb, eventId: string): Promise<Projection | null> {
  const meta = await db.get('events', eventId);
  if (!meta) return null;
  const hit = lastKnown(db, meta);
  if (hit) return hit;
  try {
    await loadEvent(db, eventId);
  } catch (err) {
    if (err instanceof EventNotFoundError) return null;
    throw err;
  }
  return known.get(db)?.get(eventId)?.projection ?? null;
}

/**
 * Appends actions as one all-or-nothing write. If an action does not apply (unknown player,
 * duplicate round...), the transaction is aborted and nothing of the batch is stored. A plain
 * append stores its entries and the meta, not the projection (projection-tail.ts): the result
 * says `lagging`, and the caller may have settleProjection store it off the page's thread.
 */
export async function appendActions(
  db: WargameDb,
  eventId: string,
  actions: readonly Action[],
  ctx: WriteContext,
  merge?: typeof import('../domain/log/merge'),
): Promise<LoadedEvent> {
  // checked before the transaction opens: nothing to abort, and the message names the field
  const problems = actions.flatMap(actionProblems);
  if (problems.length > 0) throw new InvalidActionError(problems);
  if (!merge && actions.some((a) => a.type === 'conflict-resolved')) return appendActions(db, eventId, actions, ctx, await loadMerge());
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  const events = tx.objectStore('events');
  const projections = tx.objectStore('projections');
  const log = tx.objectStore('log');
  try {
    const meta = await events.get(eventId);
    if (!meta) throw new EventNotFoundError(eventId);
    const projection = lastKnown(db, meta) ?? (await caughtUp(tx, await projections.get(eventId), meta.lastSeq));
    let event: EventFile;
    let current: Projection;
    let clock = meta.clock;
    let all: LogEntry[] | null = null;
    if (!merge && (!projection || projection.conflicts?.length || projection.unapplied?.length)) {
      // needs the whole-log fold: load it outside any transaction and start again
      abortQuietly(tx);
      return appendActions(db, eventId, actions, ctx, await loadMerge());
    }
    if (projection) current = projection;
    else current = projectionOf(merge!, eventId, (all = await log.getAll(logRange(eventId))));
    // the stored record is rewritten only when this append had to fold the whole log
    let store = !projection;
    if (!clock) clock = clockOf(all ?? (all = await log.getAll(logRange(eventId))));
    event = current.event;
    const at = (ctx.now ?? Date.now)();
    let seq = meta.lastSeq;
    // Stale writes: the entries appended since the oldest form among the batch was opened.
    const oldest = Math.min(...actions.map((a) => (typeof a.basedOn === 'number' ? a.basedOn : Infinity)));
    const since = oldest < meta.lastSeq ? await log.getAll(IDBKeyRange.bound([eventId, oldest + 1], [eventId, meta.lastSeq])) : [];
    let lamport = clock.lamport;
    const entries: LogEntry[] = [];
    for (const prepared of actions) {
      if (prepared.type === 'action-undone') throw new Error('use undoLast() to undo');
      const { basedOn, ...body } = prepared;
      if (typeof basedOn === 'number') {
        const changedBy = staleBecause(
          body as Action,
          since.filter((e) => e.seq > basedOn),
        );
        if (changedBy) throw new StaleWriteError(body as Action, changedBy);
      }
      const verdict = checkAgainstState(event, body as Action);
      if (verdict === 'stale') throw new StaleWriteError(body as Action, null);
      if (verdict === 'noop') continue;
      const action = rebaseAction(event, body as Action);
      // Apply the whole batch before issuing any write, so a refused action aborts a transaction
      // that has nothing in flight.
      event = applyAction(event, action);
      seq += 1;
      lamport += 1;
      entries.push(stamp({ eventId, seq, at, deviceId: ctx.deviceId, action, ...(typeof basedOn === 'number' && { basedOn }) }, clock, lamport));
    }
    if (entries.length === 0) {
      // nothing new (a second start, the same result twice): the state as it stands
      await tx.done;
      return { meta, event, seq };
    }
    let next: Projection = { eventId, seq, event };
    // With open conflicts, a new action may settle one: derive them again from the whole log.
    if (merge && (current.conflicts?.length || current.unapplied?.length || actions.some((a) => a.type === 'conflict-resolved'))) {
      next = projectionOf(merge, eventId, [...(all ?? (await log.getAll(logRange(eventId)))), ...entries]);
      store = true;
    }
    event = next.event;
    const newMeta = metaFor(eventId, event, seq, meta.createdAt, at, withOwn(clock, ctx.deviceId, lamport, seq));
    await Promise.all([...entries.map((e) => log.add(e)), ...(store ? [projections.put(next)] : []), events.put(newMeta)]);
    await tx.done;
    const newest = entries[entries.length - 1]!;
    const creation = newest.action.type === 'event-created' || newest.action.type === 'event-imported';
    remember(db, newMeta, next, { deviceId: ctx.deviceId, entry: creation ? null : newest });
    return { meta: newMeta, event, seq, ...(!store && { lagging: true }) };
  } catch (err) {
    abortQuietly(tx);
    throw err;
  }
}

function abortQuietly(tx: IDBTransaction | { abort(): void; done: Promise<void> }): void {
  try {
    tx.abort();
  } catch {
    // already finished or aborted: nothing was committed by this path anyway
  }
  if ('done' in tx) tx.done.catch(() => undefined);
}

/** Cancels the latest active action (a new log entry); returns null when there is nothing to undo. */
export async function undoLast(db: WargameDb, eventId: string, ctx: WriteContext & { basedOn?: number }): Promise<{ loaded: LoadedEvent; undone: LogEntry } | null> {
  const merge = await loadMerge();
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  try {
    const [meta, entries] = await Promise.all([tx.objectStore('events').get(eventId), tx.objectStore('log').getAll(logRange(eventId))]);
    if (!meta) throw new EventNotFoundError(eventId);
    const target = merge.lastUndoable(entries, ctx.deviceId);
    // « annuler la dernière action » means the last one this screen showed: if another tab or
    // device appended since, undoing would take back something the organizer has not seen
    if (typeof ctx.basedOn === 'number' && meta.lastSeq > ctx.basedOn && target)
      throw new StaleWriteError({ type: 'action-undone', seq: originOf(target), target: entryKey(target) }, entries[entries.length - 1] ?? null);
    if (!target) {
      await tx.done;
      return null;
    }
    const at = (ctx.now ?? Date.now)();
    const clock = meta.clock ?? clockOf(entries);
    const entry = stamp(
      {
        eventId,
        seq: meta.lastSeq + 1,
        at,
        deviceId: ctx.deviceId,
        action: { type: 'action-undone', seq: originOf(target), target: entryKey(target) },
        ...(typeof ctx.basedOn === 'number' && { basedOn: ctx.basedOn }),
      },
      clock,
      clock.lamport + 1,
    );
    const projection = projectionOf(merge, eventId, [...entries, entry]);
    const event = projection.event;
    const newMeta = metaFor(eventId, event, entry.seq, meta.createdAt, at, withOwn(clock, ctx.deviceId, clock.lamport + 1, entry.seq));
    await Promise.all([tx.objectStore('log').add(entry), tx.objectStore('projections').put(projection), tx.objectStore('events').put(newMeta)]);
    await tx.done;
    remember(db, newMeta, projection, { deviceId: ctx.deviceId, entry: merge.lastUndoable([...entries, entry], ctx.deviceId) });
    return { loaded: { meta: newMeta, event, seq: entry.seq }, undone: target };
  } catch (err) {
    abortQuietly(tx);
    throw err;
  }
}

export async function deleteEvent(db: WargameDb, eventId: string): Promise<void> {
  known.get(db)?.delete(eventId);
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  await Promise.all([tx.objectStore('events').delete(eventId), tx.objectStore('log').delete(logRange(eventId)), tx.objectStore('projections').delete(eventId), tx.done]);
}

/** A copy starts its own history: the duplicate's log begins with the copied state. */
export async function duplicateEvent(db: WargameDb, eventId: string, name: string, ctx: WriteContext): Promise<LoadedEvent> {
  const { event } = await loadEvent(db, eventId);
  return createEvent(db, { ...event, name }, ctx, 'event-imported');
}
