import type { parseEventFile } from '../../domain/event-file';
import { lightFormat } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile, Problem } from '../../domain/event-file';
import { EVENT_NAME_MAX } from '../../domain/event-file/limits';
import { useI18n } from '../../i18n';
import { announceChange, listenForChanges } from '../../store/channel';
import { appendActions, createEvent, deleteEvent, duplicateEvent, findTwins, freeName, listEvents, loadEvent } from '../../store/events';
import type { EventMeta } from '../../store/schema';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ProblemList } from '../components/ProblemList';
import { downloadText, eventFileName, lastRound } from '../files';
import { navigate } from '../router';
import { useServices } from '../services';
import { CreateEvent } from './CreateEvent';
import { clearPin, copyPin, getPin, setImportedLock, setPin } from '../../store/pin';
import { eventFileText, takeLock } from '../export-file';
import { deleteBackupsOf, replaceFromImport } from '../../store/backups';
import { ImportTwinDialog } from '../components/ImportTwinDialog';
import { OfflineStatusLine } from '../components/OfflineReady';
import { formatDay } from '../../i18n/typography';
import { isUnlocked, setUnlocked, showRecoveryCode } from '../pin-session';
import { PinForm } from '../components/PinGate';
import { InstallButton } from '../components/InstallButton';
import { useGuarded } from '../use-guarded';
import { FileButton } from '../components/FileButton';

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
  const { db, deviceId, now } = useServices();
  const { t } = useI18n();
  const guarded = useGuarded();
  const [events, setEvents] = useState<EventMeta[] | null>(null);
  // « Nouveau tournoi », the installed app's shortcut, opens on the new event form
  const [creating, setCreating] = useState(() => location.hash === '#/new');
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
  const imp = useImport(refresh);
  const { exportEvent, duplicate, remove } = useEventActions(refresh);

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

  const unlocked = (next: () => void): void => {
    setPinFor(null);
    next();
  };
  const confirmDelete = () => {
    const meta = toDelete!;
    setToDelete(null);
    return remove(meta);
  };

  return (
    <main class="screen home">
      <div class="toolbar">
        <h1>{t('home.title')}</h1>
        <div class="row">
          <button type="button" class="btn primary big" onClick={() => setCreating(true)}>
            + {t('home.new')}
          </button>
          <InstallButton />
          <FileButton big label={t('home.import')} accept="application/json,.json" testId="import-input" onFile={(file) => void imp.importFile(file)} />
        </div>
      </div>
      <OfflineStatusLine />
      {creating && <CreateEvent today={lightFormat(now(), 'yyyy-MM-dd')} onCreate={create} onCancel={() => setCreating(false)} />}
      <ImportProblems imp={imp} />
      {events === null ? (
        <p>{t('app.loading')}</p>
      ) : events.length === 0 ? (
        <p class="empty">{t('home.empty')}</p>
      ) : (
        <ul class="cards" aria-label={t('home.title')}>
          {events.map((m) => (
            <EventCard
              key={m.id}
              m={m}
              onExport={() => exportEvent(m)}
              onDuplicate={() => void withPin(m, () => void duplicate(m))}
              onDelete={() => void withPin(m, () => setToDelete(m), 'delete')}
            />
          ))}
        </ul>
      )}
      {pinFor && <PinDialog meta={pinFor.meta} onUnlocked={() => unlocked(pinFor.then)} onCancel={() => setPinFor(null)} />}
      {imp.twin && <TwinChoice twin={imp.twin} imp={imp} withPin={withPin} />}
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

/** The file read, then parsed in the worker so the screen never freezes on a big file; or why it could not be read. */
async function parseInWorker(file: File, engine: ReturnType<typeof useServices>['engine']): Promise<Awaited<ReturnType<typeof parseEventFile>> | { readError: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch (err) {
    return { readError: String(err) };
  }
  try {
    return await engine.call('parseEventFile', [text]);
  } catch (err) {
    // never a silent failure: the worker could not answer (e.g. a value it cannot hand back)
    return { readError: err instanceof Error ? err.message : String(err) };
  }
}

function EventCard({ m, onExport, onDuplicate, onDelete }: { m: EventMeta; onExport: () => void; onDuplicate: () => void; onDelete: () => void }) {
  const { t, lang } = useI18n();
  return (
    <li class="card" data-event-id={m.id}>
      <a class="card-main" href={`#/event/${encodeURIComponent(m.id)}/players`}>
        <strong class="card-title">{m.name}</strong>
        <span>
          {formatDay(m.date, lang)} · {t(`system.${m.system}`)}
        </span>
        <span>
          {t('home.players', { n: m.registeredCount ?? m.playerCount })}
          {(m.registeredCount ?? m.playerCount) > m.playerCount && ` (${t('home.dropped', { n: (m.registeredCount ?? m.playerCount) - m.playerCount })})`} ·{' '}
          {t('home.rounds', { n: m.roundCount })}
          {/* the space outside the badge: inside an inline-block it is dropped, and « 1 roundRound running » is read */}
          {m.roundRunning && (
            <>
              {' '}
              <em class="badge">{t('home.roundRunning')}</em>
            </>
          )}
          {m.finished && (
            <>
              {' '}
              <em class="badge done">{t('home.finished')}</em>
            </>
          )}
        </span>
      </a>
      <div class="card-actions">
        <button type="button" class="btn" onClick={onExport}>
          {t('home.export')}
        </button>
        <button type="button" class="btn" onClick={onDuplicate}>
          {t('home.duplicate')}
        </button>
        <button type="button" class="btn danger" onClick={onDelete}>
          {t('home.delete')}
        </button>
      </div>
    </li>
  );
}

/** Importing an event file: refused with its problems, or imported (as new, a copy or over its twin) and its remarks shown. */
function useImport(refresh: () => void) {
  const { db, deviceId, engine, now, notify } = useServices();
  const { t } = useI18n();
  const guarded = useGuarded();
  const ctx = { deviceId, now };
  const [problems, setProblems] = useState<Problem[] | null>(null);
  // the rules' warnings of an imported file (a rematch, a list...): imported, and shown
  // the rules' remarks on an imported file, shown once it is imported (after the replace/copy choice)
  const [remarks, setRemarks] = useState<{ problems: Problem[]; event: EventFile } | null>(null);
  const [twin, setTwin] = useState<{ meta: EventMeta; event: EventFile; fileName: string; copyName: string; remarks: Problem[] } | null>(null);

  const importFile = async (file: File): Promise<void> => {
    const result = await parseInWorker(file, engine);
    if ('readError' in result) return notify(t('import.readError', { detail: result.readError }), 'error');
    setRemarks(null);
    if (!result.ok) return setProblems(result.problems);
    setProblems(null);
    // the rules' warnings (a rematch, a list...) do not refuse a file: the event happened. They are
    // shown once the event is imported, not behind the replace/copy question
    const [same] = await findTwins(db, result.event);
    if (same) {
      const copyName = await freeName(db, t('home.copyOf', { name: result.event.name }), (n) => `${t('home.copyOf', { name: result.event.name })} ${n}`);
      return setTwin({ meta: same, event: result.event, fileName: file.name, copyName, remarks: result.warnings });
    }
    await importAsNew(result.event, result.warnings);
  };

  const showRemarks = (problems: Problem[], event: EventFile): void => setRemarks(problems.length > 0 ? { problems, event } : null);

  const importedCounts = (event: EventFile): string => `${t('home.players', { n: event.players.length })}, ${t('home.rounds', { n: event.rounds.length })}`;

  const importAsNew = (imported: EventFile, warnings: Problem[] = []) =>
    guarded(async () => {
      // a copy of a locked event stays locked: its lock goes to this device's settings
      const { event: file, lock } = takeLock(imported);
      const { meta, event } = await createEvent(db, file, ctx, 'event-imported');
      if (lock) await setImportedLock(db, meta.id, lock.recovery ?? null);
      announceChange({ eventId: meta.id, seq: 1, kind: 'created' });
      notify(t('import.done', { name: event.name, counts: importedCounts(event) }));
      // the remarks' paths point into the file as it was read
      showRemarks(warnings, imported);
      refresh();
    });

  const replaceTwin = (meta: EventMeta, event: EventFile, fileName: string, warnings: Problem[]) =>
    guarded(async () => {
      // the device's own lock stays: the file's lock (a recovery code's hash) is not applied over it
      const loaded = await replaceFromImport(db, meta.id, takeLock(event).event, ctx, fileName);
      announceChange({ eventId: meta.id, seq: loaded.seq, kind: 'appended' });
      notify(t('twin.replaced', { name: meta.name }));
      showRemarks(warnings, event);
      refresh();
    });
  return { problems, setProblems, remarks, setRemarks, twin, setTwin, importFile, importAsNew, replaceTwin };
}

/** A card's actions: export the file, duplicate (to the file's name limit, as locked as the original), delete with its PIN and backups. */
function useEventActions(refresh: () => void) {
  const { db, deviceId, now, notify } = useServices();
  const { t } = useI18n();
  const guarded = useGuarded();
  const ctx = { deviceId, now };
  const exportEvent = (meta: EventMeta) =>
    guarded(async () => {
      const { event } = await loadEvent(db, meta.id);
      const file = eventFileName(event, lastRound(event), now(), t('file.round'));
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

  const remove = (meta: EventMeta) =>
    guarded(async () => {
      await deleteEvent(db, meta.id);
      await Promise.all([clearPin(db, meta.id), deleteBackupsOf(db, meta.id)]);
      announceChange({ eventId: meta.id, seq: 0, kind: 'deleted' });
      notify(t('home.deleted', { name: meta.name }));
      refresh();
    });
  return { exportEvent, duplicate, remove };
}

type Import = ReturnType<typeof useImport>;

/** A refused file's problems, or an imported file's remarks. */
function ImportProblems({ imp }: { imp: Import }) {
  const { t } = useI18n();
  return (
    <>
      {imp.problems && (
        <ProblemList title={t('import.title')} intro={t('import.intro', { n: imp.problems.length })} problems={imp.problems} onClose={() => imp.setProblems(null)} />
      )}
      {imp.remarks && (
        <ProblemList
          title={t('import.warnings')}
          intro={t('import.remarksIntro', { n: imp.remarks.problems.length })}
          problems={imp.remarks.problems}
          event={imp.remarks.event}
          onClose={() => imp.setRemarks(null)}
        />
      )}
    </>
  );
}

/** The file is an event already here: replace it (with its PIN) or import a copy. */
function TwinChoice({ twin, imp, withPin }: { twin: NonNullable<Import['twin']>; imp: Import; withPin: (meta: EventMeta, then: () => void) => Promise<void> }) {
  return (
    <ImportTwinDialog
      twin={twin.meta}
      file={twin.event}
      copyName={twin.copyName}
      onCancel={() => imp.setTwin(null)}
      onCopy={() => {
        imp.setTwin(null);
        void imp.importAsNew({ ...twin.event, name: twin.copyName }, twin.remarks);
      }}
      onReplace={() => {
        imp.setTwin(null);
        void withPin(twin.meta, () => void imp.replaceTwin(twin.meta, twin.event, twin.fileName, twin.remarks));
      }}
    />
  );
}
