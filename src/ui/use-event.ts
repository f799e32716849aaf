// One event on screen: its projection, a dispatch that resolves only once the actions are
// committed to IndexedDB, undo, and a refresh when another tab changed the same event.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../domain/event-file';
import { StaleWriteError, type Action, type LogEntry } from '../domain/log';
import { announceChange, listenForChanges } from '../store/channel';
import { appendActions, EventNotFoundError, loadEvent, undoLast } from '../store/events';
import type { EventMeta } from '../store/schema';
import type { WargameDb } from '../store/db';
import type { EngineClient } from '../platform/engine';
import { settleProjection } from '../worker/projection-tail';
import { useServices } from './services';

/**
 * A plain append leaves the stored projection behind the log (worker/projection-tail.ts): the
 * engine worker stores it once the organizer pauses, where cloning 4,096 players costs the page
 * nothing; on the page only when no worker answers. A burst of taps settles once. Nothing waits
 * on it: every reader applies the log's tail meanwhile.
 */
const SETTLE_AFTER_MS = 300;
const settling = new Map<string, ReturnType<typeof setTimeout>>();
function settleSoon(db: WargameDb, engine: EngineClient, eventId: string): void {
  const key = `${db.name}\n${eventId}`;
  clearTimeout(settling.get(key));
  settling.set(
    key,
    setTimeout(() => {
      settling.delete(key);
      void Promise.resolve()
        .then(() => engine.call('settleProjection', [db.name, eventId]))
        .catch(() => settleProjection(db, eventId))
        // the database closed (a test's end, an upgrade): the next reader folds the tail
        .catch(() => undefined);
    }, SETTLE_AFTER_MS),
  );
}

export interface EventHandle {
  state: { meta: EventMeta; event: EventFile; seq: number } | null;
  missing: boolean;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  undo: () => Promise<LogEntry | null>;
}

export function useEvent(id: string, onExternalChange?: () => void): EventHandle {
  const { db, deviceId, now, engine } = useServices();
  const [state, setState] = useState<EventHandle['state']>(null);
  const [missing, setMissing] = useState(false);
  const seqRef = useRef(0);
  const externalRef = useRef(onExternalChange);
  externalRef.current = onExternalChange;

  const reload = useCallback(async () => {
    try {
      const loaded = await loadEvent(db, id);
      seqRef.current = loaded.seq;
      setState(loaded);
      if (loaded.lagging) settleSoon(db, engine, id);
    } catch (err) {
      if (err instanceof EventNotFoundError) setMissing(true);
      else throw err;
    }
  }, [db, id, engine]);

  /** « revoir »: a refused stale write brings the screen to the state that refused it */
  const reloadOnStale = (err: unknown): never => {
    if (err instanceof StaleWriteError) void reload();
    throw err;
  };

  useEffect(() => {
    void reload();
    return listenForChanges((msg) => {
      if (msg.eventId !== id) return;
      if (msg.kind === 'deleted') return setMissing(true);
      if (msg.seq > seqRef.current) {
        void reload();
        externalRef.current?.();
      }
    });
  }, [id, reload]);

  const dispatch = useCallback(
    async (...actions: Action[]) => {
      const loaded = await appendActions(db, id, actions, { deviceId, now }).catch(reloadOnStale);
      seqRef.current = loaded.seq;
      setState(loaded);
      if (loaded.lagging) settleSoon(db, engine, id);
      announceChange({ eventId: id, seq: loaded.seq, kind: 'appended' });
      return loaded.event;
    },
    [db, id, deviceId, now, engine],
  );

  const undo = useCallback(async () => {
    const r = await undoLast(db, id, { deviceId, now, basedOn: seqRef.current }).catch(reloadOnStale);
    if (!r) return null;
    seqRef.current = r.loaded.seq;
    setState(r.loaded);
    announceChange({ eventId: id, seq: r.loaded.seq, kind: 'appended' });
    return r.undone;
  }, [db, id, deviceId, now]);

  return { state, missing, dispatch, undo };
}
