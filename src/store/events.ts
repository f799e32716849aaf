// Owns the events: their metadata, their append-only logs and the cached projections. Every
// write is one readwrite transaction awaited to `done` before the caller may say "saved"; the
// sequence number is read and bumped inside it, so two tabs appending at once are serialised by
// IndexedDB itself and can neither lose nor interleave an entry.
import { randomUuid } from '../platform/ids';
import type { EventFile } from '../domain/event-file/types';
import { actionProblems, applyAction, checkAgainstState, foldLog, InvalidActionError, lastUndoable, rebaseAction, staleBecause, StaleWriteError, type Action, type LogEntry } from '../domain/log';
import { isRoundRunning } from '../domain/sr2011/round-timer';
import type { WargameDb } from './db';
import type { EventMeta, Projection } from './schema';

export interface WriteContext {
  deviceId: string;
  /** epoch ms; injectable so tests and replays are deterministic */
  now?: () => number;
}

export interface LoadedEvent {
  meta: EventMeta;
  event: EventFile;
  seq: number;
}

// 'strict' makes the browser flush to disk before `complete`: a tablet whose battery dies right
// after the UI said "saved" must still have the write (the default may only reach the OS cache).
const STRICT = { durability: 'strict' } as const;

const logRange = (eventId: string): IDBKeyRange => IDBKeyRange.bound([eventId, 0], [eventId, Infinity]);


function metaFor(id: string, event: EventFile, seq: number, createdAt: number, now: number): EventMeta {
  return {
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
export async function createEvent(
  db: WargameDb,
  event: EventFile,
  ctx: WriteContext,
  how: 'event-created' | 'event-imported' = 'event-created',
): Promise<LoadedEvent> {
  const id = newId();
  const at = (ctx.now ?? Date.now)();
  const entry: LogEntry = { eventId: id, seq: 1, at, deviceId: ctx.deviceId, action: { type: how, event } };
  const meta = metaFor(id, event, 1, at, at);
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  await Promise.all([
    tx.objectStore('events').add(meta),
    tx.objectStore('log').add(entry),
    tx.objectStore('projections').put({ eventId: id, seq: 1, event }),
    tx.done,
  ]);
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

/** Loads the projection, rebuilding it from the log if it is missing or behind. */
export async function loadEvent(db: WargameDb, eventId: string): Promise<LoadedEvent> {
  const [meta, projection] = await Promise.all([db.get('events', eventId), db.get('projections', eventId)]);
  if (!meta) throw new EventNotFoundError(eventId);
  if (projection && projection.seq === meta.lastSeq) return { meta, event: projection.event, seq: projection.seq };
  return rebuildProjection(db, eventId);
}

export async function rebuildProjection(db: WargameDb, eventId: string): Promise<LoadedEvent> {
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  const [meta, entries] = await Promise.all([tx.objectStore('events').get(eventId), tx.objectStore('log').getAll(logRange(eventId))]);
  if (!meta) {
    tx.abort();
    throw new EventNotFoundError(eventId);
  }
  const event = foldLog(entries)!;
  const seq = entries.length ? entries[entries.length - 1]!.seq : 0;
  const fixedMeta = { ...meta, lastSeq: seq };
  await Promise.all([tx.objectStore('projections').put({ eventId, seq, event }), tx.objectStore('events').put(fixedMeta), tx.done]);
  return { meta: fixedMeta, event, seq };
}

/**
 * Appends actions as one all-or-nothing write. If an action does not apply (unknown player,
 * duplicate round...), the transaction is aborted and nothing of the batch is stored.
 */
export async function appendActions(db: WargameDb, eventId: string, actions: readonly Action[], ctx: WriteContext): Promise<LoadedEvent> {
  // checked before the transaction opens: nothing to abort, and the message names the field
  const problems = actions.flatMap(actionProblems);
  if (problems.length > 0) throw new InvalidActionError(problems);
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  const events = tx.objectStore('events');
  const projections = tx.objectStore('projections');
  const log = tx.objectStore('log');
  try {
    const [meta, projection] = await Promise.all([events.get(eventId), projections.get(eventId)]);
    if (!meta) throw new EventNotFoundError(eventId);
    let event: EventFile;
    if (projection && projection.seq === meta.lastSeq) event = projection.event;
    else event = foldLog(await log.getAll(logRange(eventId)))!;
    const at = (ctx.now ?? Date.now)();
    let seq = meta.lastSeq;
    // Stale writes: the entries appended since the oldest form among the batch was opened.
    const oldest = Math.min(...actions.map((a) => (typeof a.basedOn === 'number' ? a.basedOn : Infinity)));
    const since = oldest < meta.lastSeq ? await log.getAll(IDBKeyRange.bound([eventId, oldest + 1], [eventId, meta.lastSeq])) : [];
    const entries: LogEntry[] = [];
    for (const prepared of actions) {
      if (prepared.type === 'action-undone') throw new Error('use undoLast() to undo');
      const { basedOn, ...body } = prepared;
      if (typeof basedOn === 'number') {
        const changedBy = staleBecause(body as Action, since.filter((e) => e.seq > basedOn));
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
      entries.push({ eventId, seq, at, deviceId: ctx.deviceId, action, ...(typeof basedOn === 'number' && { basedOn }) });
    }
    if (entries.length === 0) {
      // nothing new (a second start, the same result twice): the state as it stands
      await tx.done;
      return { meta, event, seq };
    }
    const newMeta = metaFor(eventId, event, seq, meta.createdAt, at);
    const next: Projection = { eventId, seq, event };
    await Promise.all([...entries.map((e) => log.add(e)), projections.put(next), events.put(newMeta)]);
    await tx.done;
    return { meta: newMeta, event, seq };
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
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  try {
    const [meta, entries] = await Promise.all([tx.objectStore('events').get(eventId), tx.objectStore('log').getAll(logRange(eventId))]);
    if (!meta) throw new EventNotFoundError(eventId);
    const target = lastUndoable(entries);
    // « annuler la dernière action » means the last one this screen showed: if another tab or
    // device appended since, undoing would take back something the organizer has not seen
    if (typeof ctx.basedOn === 'number' && meta.lastSeq > ctx.basedOn && target) throw new StaleWriteError({ type: 'action-undone', seq: target.seq }, entries[entries.length - 1] ?? null);
    if (!target) {
      await tx.done;
      return null;
    }
    const at = (ctx.now ?? Date.now)();
    const entry: LogEntry = { eventId, seq: meta.lastSeq + 1, at, deviceId: ctx.deviceId, action: { type: 'action-undone', seq: target.seq }, ...(typeof ctx.basedOn === 'number' && { basedOn: ctx.basedOn }) };
    const event = foldLog([...entries, entry])!;
    const newMeta = metaFor(eventId, event, entry.seq, meta.createdAt, at);
    await Promise.all([
      tx.objectStore('log').add(entry),
      tx.objectStore('projections').put({ eventId, seq: entry.seq, event }),
      tx.objectStore('events').put(newMeta),
    ]);
    await tx.done;
    return { loaded: { meta: newMeta, event, seq: entry.seq }, undone: target };
  } catch (err) {
    abortQuietly(tx);
    throw err;
  }
}

export async function deleteEvent(db: WargameDb, eventId: string): Promise<void> {
  const tx = db.transaction(['events', 'log', 'projections'], 'readwrite', STRICT);
  await Promise.all([
    tx.objectStore('events').delete(eventId),
    tx.objectStore('log').delete(logRange(eventId)),
    tx.objectStore('projections').delete(eventId),
    tx.done,
  ]);
}

/** A copy starts its own history: the duplicate's log begins with the copied state. */
export async function duplicateEvent(db: WargameDb, eventId: string, name: string, ctx: WriteContext): Promise<LoadedEvent> {
  const { event } = await loadEvent(db, eventId);
  return createEvent(db, { ...event, name }, ctx, 'event-imported');
}
