import type { parseEventFile } from '../../domain/event-file';
import { format } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { EVENT_NAME_MAX, type EventFile, type Problem } from '../../domain/event-file';
import { useI18n } from '../../i18n';
import { announceChange, listenForChanges } from '../../store/channel';
import { appendActions, createEvent, deleteEvent, duplicateEvent, listEvents, loadEvent } from '../../store/events';
import type { EventMeta } from '../../store/schema';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ProblemList } from '../components/ProblemList';
import { saveErrorMessage } from '../errors';
import { downloadText, fileSlug } from '../files';
import { navigate } from '../router';
import { useServices } from '../services';
import { CreateEvent } from './CreateEvent';
import { clearPin, copyPin, getPin, setImportedLock, setPin } from '../../store/pin';
import { eventFileText, takeLock } from '../export-file';
import { deleteBackupsOf } from '../../store/backups';
import { isUnlocked, setUnlocked, showRecoveryCode } from '../pin-session';
import { PinForm } from '../components/PinGate';

function PinDialog({ meta, onUnlocked, onCancel }: { meta: EventMeta; onUnlocked: () => void; onCancel: () => void }) {
  const { t } = useI18n();
  const { db, deviceId, now } = useServices();
  const [imported, setImported] = useState<boolean | null>(null);
  useEffect(() => void getPin(db, meta.id).then((r) => setImported(r?.imported === true)), [db, meta.id]);
  // an imported copy's lock opens only with the recovery code: offer it here too, logged
  const onReset = () => appendActions(db, meta.id, [{ type: 'organizer-pin-reset', how: 'recovery-code' }], { deviceId, now });
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal?.();
  }, []);
  return (
    <dialog ref={ref} class="dialog" onCancel={onCancel} aria-label={t('pin.lockedTitle')}>
      <p>{t('pin.required', { name: meta.name })}</p>
      <PinForm key={String(imported)} eventId={meta.id} eventName={meta.name} onUnlocked={onUnlocked} imported={imported === true} onReset={imported ? onReset : undefined} />
      <button type="button" class="btn" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </dialog>
  );
}

export function Home() {
  const { db, deviceId, engine, now, notify } = useServices();
  const { t } = useI18n();
  const [events, setEvents] = useState<EventMeta[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [toDelete, setToDelete] = useState<EventMeta | null>(null);
  const [pinFor, setPinFor] = useState<{ meta: EventMeta; then: () => void } | null>(null);
  /** Deleting or copying a PIN-guarded event needs its PIN; exporting never does (recovery). */
  const withPin = async (meta: EventMeta, then: () => void, what: 'delete' | 'copy' = 'copy'): Promise<void> => {
    const record = await getPin(db, meta.id);
    if (isUnlocked(meta.id) || !record) return then();
    // a copy imported with a lock nothing can open (no recovery code in its file) can still be
    // deleted: otherwise a hostile file could leave an event nobody can ever remove
    if (what === 'delete' && record.imported && !record.recovery) return then();
    setPinFor({ meta, then });
  };
  const ctx = { deviceId, now };

  const refresh = useCallback(() => void listEvents(db).then(setEvents), [db]);
  useEffect(() => {
    refresh();
    return listenForChanges(refresh);
  }, [refresh]);

  const guarded = async (work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  const create = (event: EventFile, pin: string | null) =>
    guarded(async () => {
      const { meta } = await createEvent(db, event, ctx);
      if (pin) {
        const code = await setPin(db, meta.id, pin);
        setUnlocked(meta.id, true);
        if (code) showRecoveryCode(meta.id, code);
      }
      announceChange({ eventId: meta.id, seq: 1, kind: 'created' });
      navigate({ name: 'event', id: meta.id, tab: 'players' });
    });

  const importFile = async (file: File): Promise<void> => {
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      return notify(t('import.readError', { detail: String(err) }), 'error');
    }
    // Parsing a large event runs in the worker so the screen never freezes on a big file.
    let result: Awaited<ReturnType<typeof parseEventFile>>;
    try {
      result = await engine.call('parseEventFile', [text]);
    } catch (err) {
      // never a silent failure: the worker could not answer (e.g. a value it cannot hand back)
      return notify(t('import.readError', { detail: err instanceof Error ? err.message : String(err) }), 'error');
    }
    if (!result.ok) return setProblems(result.problems);
    await guarded(async () => {
      // a copy of a locked event stays locked: its lock goes to this device's settings
      const { event: file, lock } = takeLock(result.event);
      const { meta, event } = await createEvent(db, file, ctx, 'event-imported');
      if (lock) await setImportedLock(db, meta.id, lock.recovery ?? null);
      announceChange({ eventId: meta.id, seq: 1, kind: 'created' });
      setProblems(null);
      notify(t('import.done', { name: event.name, counts: `${t('home.players', { n: event.players.length })}, ${t('home.rounds', { n: event.rounds.length })}` }));
      refresh();
    });
  };

  const exportEvent = (meta: EventMeta) =>
    guarded(async () => {
      const { event } = await loadEvent(db, meta.id);
      const file = fileSlug(event.name, event.date);
      const { text, withheld } = await eventFileText(db, meta.id, event);
      downloadText(file, text);
      notify(withheld ? `${t('home.exported', { file })} ${t('export.withheld')}` : t('home.exported', { file }));
    });

  const duplicate = (meta: EventMeta) =>
    guarded(async () => {
      // held to the file's limit, so the copy exports and imports like the original
      const name = t('home.copyOf', { name: meta.name }).slice(0, EVENT_NAME_MAX);
      const copy = await duplicateEvent(db, meta.id, name, ctx);
      // the copy is as locked as the original (same PIN, same recovery code)
      await copyPin(db, meta.id, copy.meta.id);
      announceChange({ eventId: null, seq: 0, kind: 'created' });
      notify(t('home.duplicated', { name }));
      refresh();
    });

  const confirmDelete = () =>
    guarded(async () => {
      const meta = toDelete!;
      setToDelete(null);
      await deleteEvent(db, meta.id);
      await Promise.all([clearPin(db, meta.id), deleteBackupsOf(db, meta.id)]);
      announceChange({ eventId: meta.id, seq: 0, kind: 'deleted' });
      notify(t('home.deleted', { name: meta.name }));
      refresh();
    });

  return (
    <main class="screen home">
      <div class="toolbar">
        <h1>{t('home.title')}</h1>
        <div class="row">
          <button type="button" class="btn primary big" onClick={() => setCreating(true)}>
            + {t('home.new')}
          </button>
          <label class="btn big file-btn">
            {t('home.import')}
            <input
              type="file"
              accept="application/json,.json"
              data-testid="import-input"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) void importFile(file);
              }}
            />
          </label>
        </div>
      </div>
      {creating && <CreateEvent today={format(now(), 'yyyy-MM-dd')} onCreate={create} onCancel={() => setCreating(false)} />}
      {problems && (
        <ProblemList title={t('import.title')} intro={t('import.intro', { n: problems.length })} problems={problems} onClose={() => setProblems(null)} />
      )}
      {events === null ? (
        <p>{t('app.loading')}</p>
      ) : events.length === 0 ? (
        <p class="empty">{t('home.empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('home.title')}>
          {events.map((m) => (
            <li key={m.id} class="card" data-event-id={m.id}>
              <a class="card-main" href={`#/event/${encodeURIComponent(m.id)}/players`}>
                <strong class="card-title">{m.name}</strong>
                <span>
                  {m.date} · {t(`system.${m.system}`)}
                </span>
                <span>
                  {t('home.players', { n: m.playerCount })} · {t('home.rounds', { n: m.roundCount })}
                  {m.roundRunning && <em class="badge"> {t('home.roundRunning')}</em>}
                </span>
              </a>
              <div class="card-actions">
                <button type="button" class="btn" onClick={() => exportEvent(m)}>
                  {t('home.export')}
                </button>
                <button type="button" class="btn" onClick={() => void withPin(m, () => void duplicate(m))}>
                  {t('home.duplicate')}
                </button>
                <button type="button" class="btn danger" onClick={() => void withPin(m, () => setToDelete(m), 'delete')}>
                  {t('home.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pinFor && (
        <PinDialog
          meta={pinFor.meta}
          onUnlocked={() => {
            const next = pinFor.then;
            setPinFor(null);
            next();
          }}
          onCancel={() => setPinFor(null)}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          message={t('home.deleteConfirm', { name: toDelete.name })}
          confirmLabel={t('home.delete')}
          danger
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </main>
  );
}
