// Standings of a large event are computed in the engine worker, which reads the event from
// IndexedDB itself: the page's thread neither folds 4,096 players' games nor clones them into a
// message. Results are kept per projection (the event object useEvent holds changes exactly when
// the log grows) and per slice, so a tab opened again shows them at once; while a new result
// computes, the screen keeps the last one of the same slice (pending says so). A small event is
// ranked in place: a worker round trip would cost more than its standings.
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import type { EventFile } from '../domain/event-file';
import { rowsOf, type AnyRow } from './systems/shared/standings-model';
import { ServicesContext } from './services';

export interface StandingsSlice {
  /** keep the first `rounds` rounds; all when absent */
  rounds?: number;
  /** keep the rounds numbered below this one */
  before?: number;
}

/**
 * Players plus games under which the standings take a few milliseconds: computed in place. A
 * 512-player event's (1,500) took 70 ms of the Standings tab's first task on a tablet 4x slower
 * than a laptop, and a 512-player knockout's (992: half the field out at each round) 30 to 66 ms
 * (its bracket read on top): past a hall's size, the worker.
 */
const SMALL = 500;

const kept = new WeakMap<EventFile, Map<string, AnyRow[]>>();
/** the last rows of each slice of each event, whatever the projection: what shows while a new one computes */
const lastOf = new Map<string, AnyRow[]>();

export function sliceOf(event: EventFile, slice: StandingsSlice): EventFile {
  let e = event;
  if (slice.rounds !== undefined && slice.rounds < e.rounds.length) e = { ...e, rounds: e.rounds.slice(0, slice.rounds) };
  if (slice.before !== undefined) e = { ...e, rounds: e.rounds.filter((r) => r.number < slice.before!) };
  return e;
}

const size = (event: EventFile): number => event.players.length + event.rounds.reduce((n, r) => n + r.pairings.length, 0);

/** An event whose standings take a few milliseconds: what reads them runs in place, not in the worker. */
export const smallEvent = (event: EventFile): boolean => size(event) <= SMALL;

export function useStandings(eventId: string, event: EventFile, slice: StandingsSlice = {}, enabled = true): { rows: AnyRow[] | null; pending: boolean } {
  // a view rendered without the app's services (a bare component) ranks in place
  const services = useContext(ServicesContext);
  const sliceKey = `${slice.rounds ?? ''}|${slice.before ?? ''}`;
  const lastKey = `${eventId}|${sliceKey}`;
  const [, setDone] = useState(0);
  const small = !services || smallEvent(event);

  const store = (rows: AnyRow[]): void => {
    let m = kept.get(event);
    if (!m) kept.set(event, (m = new Map()));
    m.set(sliceKey, rows);
    lastOf.set(lastKey, rows);
  };
  const inPlace = useMemo(() => {
    if (!enabled || !small) return null;
    const rows = kept.get(event)?.get(sliceKey) ?? rowsOf(sliceOf(event, slice));
    store(rows);
    return rows;
  }, [event, sliceKey, enabled, small]);

  useEffect(() => {
    if (!enabled || small || !services || kept.get(event)?.has(sliceKey)) return;
    const { engine, db } = services;
    let live = true;
    const done = (rows: AnyRow[]): void => {
      store(rows);
      if (live) setDone((n) => n + 1);
    };
    Promise.resolve()
      .then(() => engine.call('standingsOf', [{ db: db.name, eventId, ...slice }]))
      // not stored (a test's event): the event itself goes to the worker
      .then((r) => (r ? (r.rows as AnyRow[]) : engine.call('standings', [sliceOf(event, slice)]).then((rows) => rows as AnyRow[])))
      .then(done)
      // no worker: right standings late rather than none
      .catch(() => done(rowsOf(sliceOf(event, slice))));
    return () => {
      live = false;
    };
  }, [event, sliceKey, enabled, small]);

  if (inPlace) return { rows: inPlace, pending: false };
  const ready = kept.get(event)?.get(sliceKey);
  return { rows: ready ?? lastOf.get(lastKey) ?? null, pending: !ready };
}
