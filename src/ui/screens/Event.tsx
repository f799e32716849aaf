import { useI18n } from '../../i18n';
import { formatDay } from '../../i18n/typography';
import { actionLabel } from '../action-label';
import { saveErrorMessage } from '../errors';
import { downloadText, eventFileName, lastRound } from '../files';
import { EVENT_TAB_LABEL, EVENT_TABS, href, type EventTab } from '../router';
import { useServices } from '../services';
import { PinGate, usePinState } from '../components/PinGate';
import { RecoveryCodeNotice } from '../components/RecoveryCode';
import { eventFileText } from '../export-file';
import { useIdleLock } from '../use-idle-lock';
import { setUnlocked } from '../pin-session';
import { completedRounds, useAutoBackup } from '../use-auto-backup';
import { useEvent } from '../use-event';
import { getSetting, setSetting } from '../../store/settings';
import { useEffect, useState } from 'preact/hooks';
import type { LogEntry } from '../../domain/log';
import { lastUndoableOf } from '../../store/events';
import { HallLockedPart, SyncPanelPart, tabPart } from './event/tabs';
import type { TabProps } from './event/types';

const TAB_LABEL = EVENT_TAB_LABEL;

export function EventScreen({ id, tab }: { id: string; tab: EventTab }) {
  const { t, lang } = useI18n();
  const { notify, db, now } = useServices();
  const { state, missing, dispatch, undo } = useEvent(id, () => notify(t('event.changedElsewhere')));
  const pin = usePinState(id);
  // never while a round runs: the locked screen would hide the hall's timer and its DICE DOWN
  useIdleLock(id, pin.hasPin === true && pin.unlocked && state?.meta.roundRunning !== true);
  useAutoBackup(id, state?.event ?? null, state?.seq ?? 0);
  const [exportedRounds, setExportedRounds] = useState<number | null>(null);
  useEffect(() => void getSetting<number>(db, `exportedRounds:${id}`, 0).then(setExportedRounds), [db, id]);
  // what « Annuler » would undo, named on the button before the tap
  const undoable = useLastUndoable(id, state?.seq ?? 0);

  if (missing) return <EventNotFound />;
  if (!state) return <main class="screen">{t('app.loading')}</main>;
  const { event } = state;
  const props: TabProps = { eventId: id, meta: state.meta, event, dispatch };
  const organizer = !pin.hasPin || pin.unlocked;
  const Tab = tabPart(tab);
  const done = completedRounds(event);
  const exportFile = async (): Promise<void> => {
    const { text, withheld } = await eventFileText(db, id, event);
    downloadText(eventFileName(event, lastRound(event), now(), t('file.round')), text);
    if (withheld) notify(t('export.withheld'));
    setExportedRounds(done);
    void setSetting(db, `exportedRounds:${id}`, done);
  };

  const onUndo = async (): Promise<void> => {
    try {
      const undone = await undo();
      notify(undone ? t('event.undone', { what: actionLabel(undone.action, event, t) }) : t('event.nothingToUndo'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <main class="screen event">
      <div class="toolbar">
        <div>
          <h1>{event.name}</h1>
          <p class="muted">
            {formatDay(event.date, lang)} · {t(`system.${event.system}`)} · {event.settings.points} pts
          </p>
        </div>
        <div class="row">
          {organizer && <UndoButton undoable={undoable} event={event} onUndo={onUndo} />}
          <button type="button" class="btn" onClick={() => void exportFile()}>
            {t('home.export')}
          </button>
          {pin.hasPin && pin.unlocked && (
            <button type="button" class="btn" onClick={() => setUnlocked(id, false)}>
              🔒 {t('pin.lock')}
            </button>
          )}
        </div>
      </div>
      {organizer && exportedRounds !== null && done > exportedRounds && (
        <div class="banner" role="status" data-testid="backup-reminder">
          <span>{t('backup.reminder', { n: done })}</span>
          <button type="button" class="btn primary" onClick={() => void exportFile()}>
            {t('backup.reminderAction')}
          </button>
        </div>
      )}
      <RecoveryCodeNotice eventId={id} eventName={event.name} />
      <SyncPanelPart eventId={id} event={event} seq={state.seq} dispatch={dispatch} locked={!organizer} />
      <PinGate
        eventId={id}
        eventName={event.name}
        onReset={() => dispatch({ type: 'organizer-pin-reset', how: 'recovery-code' })}
        lockedView={
          <div class="hall-locked">
            <HallLockedPart eventId={id} event={event} />
            <a class="btn" href={href({ name: 'projector', id, what: 'pairings' })}>
              {t('hall.project')}
            </a>
          </div>
        }
      >
        <EventTabs id={id} tab={tab} name={event.name} />
        <Tab {...props} />
      </PinGate>
    </main>
  );
}

/** The latest entry this device wrote to the event's log: the one the store's undo takes. */
function useLastUndoable(id: string, seq: number): LogEntry | null {
  const { db, deviceId } = useServices();
  const [undoable, setUndoable] = useState<LogEntry | null>(null);
  useEffect(() => {
    let live = true;
    void lastUndoableOf(db, id, deviceId).then((entry) => live && setUndoable(entry));
    return () => {
      live = false;
    };
  }, [db, id, seq, deviceId]);
  return undoable;
}

function EventNotFound() {
  const { t } = useI18n();
  return (
    <main class="screen">
      <p class="error" role="alert">
        {t('event.notFound')}
      </p>
      <a class="btn" href="#/">
        {t('nav.back')}
      </a>
    </main>
  );
}

/** « Annuler » names what it would undo before the tap. */
function UndoButton({ undoable, event, onUndo }: { undoable: LogEntry | null; event: TabProps['event']; onUndo: () => Promise<void> }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      class="btn undo"
      onClick={onUndo}
      disabled={undoable === null}
      data-testid="undo"
      title={undoable ? t('event.undoLabel', { what: actionLabel(undoable.action, event, t) }) : t('event.undoNothing')}
    >
      <span aria-hidden="true">↶</span> {undoable ? t('event.undoWhat', { what: actionLabel(undoable.action, event, t) }) : t('event.undoNothing')}
    </button>
  );
}

function EventTabs({ id, tab, name }: { id: string; tab: EventTab; name: string }) {
  const { t } = useI18n();
  return (
    <nav class="tabs" aria-label={name}>
      {EVENT_TABS.map((k) => (
        <a key={k} href={href({ name: 'event', id, tab: k })} class={k === tab ? 'tab active' : 'tab'} aria-current={k === tab ? 'page' : undefined}>
          {t(TAB_LABEL[k])}
        </a>
      ))}
    </nav>
  );
}
