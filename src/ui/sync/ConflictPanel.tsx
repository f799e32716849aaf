// Conflicts a merge of devices' logs created, as the fold derived them: each side shown with who
// entered it and when, and the organizer's pick recorded as a `conflict-resolved` action. Nothing
// is resolved on its own; the other side stays in the log.
import { lightFormat } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import type { EventFile, GameResult } from '../../domain/event-file';
import { entryKey, type Action, type Conflict, type LogEntry } from '../../domain/log';
import { useSyncT, type SyncT } from '../../i18n/messages/sync';
import { currentProjection, getLog } from '../../store/events';
import { saveErrorMessage } from '../errors';
import { useI18n } from '../../i18n';
import { getTrustView } from '../../store/sync-config';
import { useServices } from '../services';

interface Props {
  eventId: string;
  event: EventFile;
  seq: number;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
}

type Loaded = { conflicts: Conflict[]; unapplied: number; entries: Map<string, LogEntry>; names: Record<string, string> };

/** The fold's conflicts for this event, read again whenever the log grows (`seq`). */
function useConflictData(eventId: string, seq: number): Loaded | null {
  const { db } = useServices();
  const [data, setData] = useState<Loaded | null>(null);
  useEffect(() => {
    let alive = true;
    void currentProjection(db, eventId).then(async (p) => {
      const conflicts = p?.conflicts ?? [];
      const unapplied = p?.unapplied?.length ?? 0;
      // the log is read only when there is something to show
      const entries = conflicts.length ? new Map((await getLog(db, eventId)).map((e) => [entryKey(e), e])) : new Map<string, LogEntry>();
      // each device under the name the organizer gave it at admission, not its id
      const names: Record<string, string> = {};
      if (conflicts.length) for (const m of Object.values((await getTrustView(db, eventId))?.members ?? {})) if (m.name) names[m.writer] = m.name;
      if (alive) setData({ conflicts, unapplied, entries, names });
    });
    return () => {
      alive = false;
    };
  }, [db, eventId, seq]);
  return data;
}

const describeResult = (r: GameResult | null | undefined, st: SyncT, nameOf: (id: string | null | undefined) => string): string =>
  !r ? st('conflict.noResult') : r.winner ? st('conflict.winner', { name: nameOf(r.winner) }) : st('conflict.draw');

/** One side of a conflict in words: a result with its numbers, the first tables of a pairing, a drop. */
function sideText(a: Action | undefined, key: string, st: SyncT, nameOf: (id: string | null | undefined) => string): string {
  if (!a) return key;
  if (a.type === 'result-recorded' || a.type === 'result-corrected') {
    const r = a.result;
    // the numbers that differ between two results; which list was played is not one of them
    const fields = (side: unknown): string =>
      Object.entries((side ?? {}) as Record<string, unknown>)
        .filter(([k, v]) => k !== 'listIndex' && (typeof v === 'number' || typeof v === 'string'))
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ');
    const score = r ? ` (${fields(r.a)} / ${fields(r.b)})` : '';
    return describeResult(r, st, nameOf) + score;
  }
  if (a.type === 'round-paired')
    return (
      a.round.pairings
        .slice(0, 4)
        .map((p) => `T${p.table} ${nameOf(p.a)} – ${nameOf(p.b)}`)
        .join(' · ') + (a.round.pairings.length > 4 ? ' …' : '')
    );
  if (a.type === 'player-dropped') return st('conflict.keepDrop');
  return a.type;
}

export function ConflictPanel({ eventId, event, seq, dispatch }: Props) {
  const st = useSyncT();
  const { t } = useI18n();
  const { notify } = useServices();
  const data = useConflictData(eventId, seq);

  if (!data || (data.conflicts.length === 0 && data.unapplied === 0)) return null;
  const open = data.conflicts.filter((c) => !c.resolvedBy);
  const settled = data.conflicts.length - open.length;
  const nameOf = (id: string | null | undefined): string => event.players.find((p) => p.id === id)?.name ?? String(id);
  const origin = (key: string): string => {
    const e = data.entries.get(key);
    return e ? st('conflict.from', { device: data.names[e.deviceId] ?? e.deviceId, time: lightFormat(e.at, 'HH:mm') }) : key;
  };
  const pick = async (c: Conflict, keep: string): Promise<void> => {
    try {
      // Keeping a drop keeps the pairing too (its games may be played or forfeited): only keeping
      // the pairing sets the other side, the drop, aside.
      const keepsDrop = c.kind === 'drop' && data.entries.get(keep)?.action.type === 'player-dropped';
      await dispatch({ type: 'conflict-resolved', conflict: c.id, keep, setAside: keepsDrop ? [] : c.entries.filter((k) => k !== keep) });
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };
  const side = (key: string): string => sideText(data.entries.get(key)?.action, key, st, nameOf);

  return (
    <section class="panel conflicts" aria-label={st('conflict.title')} data-testid="conflicts">
      <h2>{st('conflict.title')}</h2>
      {open.length > 0 && <p class="muted">{st('conflict.help')}</p>}
      {open.map((c) => (
        <div class="conflict" key={c.id} data-conflict={c.id}>
          <h3>
            {c.kind === 'result'
              ? st('conflict.result', { round: c.round, table: c.table })
              : c.kind === 'pairing'
                ? st('conflict.pairing', { round: c.round })
                : st('conflict.drop', { round: c.round, name: nameOf(c.player) })}
          </h3>
          <ul>
            {c.entries.map((k, i) => {
              const isDrop = data.entries.get(k)?.action.type === 'player-dropped';
              return (
                <li key={k} class="row">
                  <span>
                    {c.kind === 'drop' ? (isDrop ? origin(k) : side(k) + ' — ' + origin(k)) : `${side(k)} — ${origin(k)}`}
                    {c.kind === 'pairing' && i === 0 && <em> ({st('conflict.shown')})</em>}
                  </span>
                  <button type="button" class="btn" onClick={() => void pick(c, k)}>
                    {c.kind === 'drop' ? (isDrop ? st('conflict.keepDrop') : st('conflict.keepPairing')) : st('conflict.keep')}
                  </button>
                </li>
              );
            })}
          </ul>
          {c.kind === 'pairing' && c.held.length > 0 && <p class="muted">{st('conflict.held', { n: c.held.length })}</p>}
        </div>
      ))}
      {settled > 0 && (
        <p class="muted" data-testid="conflicts-settled">
          {st('conflict.resolved', { n: settled })}
        </p>
      )}
      {data.unapplied > 0 && <p class="muted">{st('conflict.unapplied', { n: data.unapplied })}</p>}
    </section>
  );
}
