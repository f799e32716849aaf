// The event's organizer PIN (its recovery code, the idle lock) and its backups on this device:
// list, download, restore (logged).
import { lightFormat } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { listBackups, restoreBackup, snapshotEvent } from '../../../store/backups';
import { announceChange } from '../../../store/channel';
import { hasSubtleCrypto } from '../../../platform/ids';
import { getPin, PIN_PATTERN, renewRecoveryCode, setPin, type PinRecord } from '../../../store/pin';
import { getSetting, setSetting } from '../../../store/settings';
import { IDLE_LOCK_CHOICES, IDLE_LOCK_DEFAULT, idleLockKey } from '../../use-idle-lock';
import type { Backup } from '../../../store/schema';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { saveErrorMessage } from '../../errors';
import { eventFileText } from '../../export-file';
import { downloadText, eventFileName } from '../../files';
import { pinChanged, setUnlocked, showRecoveryCode } from '../../pin-session';
import { useServices } from '../../services';
import { uiFor } from '../../systems';
import type { TabProps } from './types';

export function TrustPanel({ eventId, event, meta, dispatch }: TabProps) {
  const { t } = useI18n();
  const { notify } = useServices();

  const setStrict = async (on: boolean): Promise<void> => {
    try {
      await dispatch({ type: 'event-updated', patch: { settings: { organizerCallsTime: on } } });
      notify(t(on ? 'strict.on' : 'strict.off'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <section class="trust" aria-label={t('backup.title')}>
      <PinSettings eventId={eventId} />
      {/* only a clock with a hidden end (SR2011's variable length) has an end a table could read */}
      {uiFor(event.system).hiddenEnd !== undefined && (
        <section class="panel">
          <label class="check">
            <input type="checkbox" checked={event.settings.organizerCallsTime === true} onChange={(e) => void setStrict(e.currentTarget.checked)} />
            {t('strict.label')}
          </label>
          <p class="muted">{t('strict.help')}</p>
        </section>
      )}
      <Backups eventId={eventId} event={event} lastSeq={meta.lastSeq} />
    </section>
  );
}

/** The organizer's PIN, its recovery code, and how soon an idle tablet locks. */
function PinSettings({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  const { db, notify } = useServices();
  const [pinRecord, setPinRecord] = useState<PinRecord | null>(null);
  const hasPin = pinRecord !== null;
  const [idle, setIdle] = useState<number>(IDLE_LOCK_DEFAULT);
  useEffect(() => void getSetting<number>(db, idleLockKey(eventId), IDLE_LOCK_DEFAULT).then(setIdle), [db, eventId]);
  const [pin, setPinValue] = useState('');
  const rereadPin = (): void => void getPin(db, eventId).then(setPinRecord);
  useEffect(rereadPin, [db, eventId]);

  const savePin = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) return notify(t('pin.invalid'), 'error');
    const code = await setPin(db, eventId, pin);
    setUnlocked(eventId, true);
    rereadPin();
    pinChanged();
    setPinValue('');
    notify(t('pin.saved'));
    if (code) showRecoveryCode(eventId, code);
  };

  const renew = async (): Promise<void> => {
    const code = await renewRecoveryCode(db, eventId);
    rereadPin();
    notify(t('pin.recoveryRenewed'));
    showRecoveryCode(eventId, code);
  };

  const chooseIdle = (minutes: number): void => {
    setIdle(minutes);
    void setSetting(db, idleLockKey(eventId), minutes);
  };

  return (
    <>
      {!hasSubtleCrypto() ? (
        <p class="panel muted" data-testid="pin-unavailable">
          {t('pin.unavailable')}
        </p>
      ) : (
        <form class="panel form inline" onSubmit={savePin}>
          <label>
            {hasPin ? t('pin.change') : t('pin.set')}
            <input type="password" inputMode="numeric" autoComplete="new-password" value={pin} onInput={(e) => setPinValue(e.currentTarget.value)} />
          </label>
          <button type="submit" class="btn big" disabled={pin.length < 4}>
            {t('common.confirm')}
          </button>
          <p class="muted">{t('pin.help')}</p>
        </form>
      )}
      {hasPin && (
        <section class="panel form inline">
          {!pinRecord.recovery && <p class="warning-text">{t('pin.recoveryMissing')}</p>}
          <button type="button" class="btn" onClick={() => void renew()}>
            {t('pin.recoveryRenew')}
          </button>
          <label>
            {t('idle.label')}
            <select value={String(idle)} onChange={(e) => chooseIdle(Number(e.currentTarget.value))}>
              {IDLE_LOCK_CHOICES.map((m) => (
                <option key={m} value={String(m)}>
                  {m === 0 ? t('idle.never') : t('idle.minutes', { n: m })}
                </option>
              ))}
            </select>
          </label>
        </section>
      )}
    </>
  );
}

/** The event's backups on this device: one now, each downloaded or restored (as a logged action). */
function Backups({ eventId, event, lastSeq }: { eventId: string; event: TabProps['event']; lastSeq: TabProps['meta']['lastSeq'] }) {
  const { t } = useI18n();
  const { db, deviceId, now, notify } = useServices();
  const [backups, setBackups] = useState<Backup[]>([]);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const refresh = (): void => void listBackups(db, eventId).then(setBackups);
  useEffect(refresh, [db, eventId, lastSeq]);

  const when = (b: Backup): string => lightFormat(b.at, 'dd/MM HH:mm:ss');
  const rounds = (b: Backup): string => t('home.rounds', { n: b.round });

  /** a backup is the organizer's full copy (hidden length kept), with the event's lock */
  const downloadBackup = async (b: Backup): Promise<void> => {
    const { text } = await eventFileText(db, eventId, JSON.parse(b.file) as typeof event, { full: true });
    downloadText(eventFileName(event, b.round, b.at, t('file.round')), text);
  };

  const backupNow = async (): Promise<void> => {
    try {
      await snapshotEvent(db, eventId, 'manual', now());
      notify(t('backup.saved'));
      refresh();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  const restore = async (): Promise<void> => {
    const b = restoring!;
    setRestoring(null);
    try {
      const r = await restoreBackup(db, eventId, b.id!, { deviceId, now });
      announceChange({ eventId, seq: r.seq, kind: 'appended' });
      notify(t('backup.restored', { time: when(b) }));
      refresh();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <>
      <section class="panel">
        <h2>{t('backup.title')}</h2>
        <p class="muted">{t('backup.help')}</p>
        <button type="button" class="btn" onClick={() => void backupNow()}>
          {t('backup.now')}
        </button>
        {backups.length === 0 ? (
          <p class="empty">{t('backup.none')}</p>
        ) : (
          <table class="table backups-table" data-testid="backups-table">
            <tbody>
              {backups.map((b) => (
                <tr key={b.id}>
                  <td>{t('backup.row', { time: when(b), rounds: rounds(b), reason: t(`backup.reason.${b.reason}`) })}</td>
                  <td class="row end">
                    <button type="button" class="btn" onClick={() => void downloadBackup(b)}>
                      {t('backup.download')}
                    </button>
                    <button type="button" class="btn" onClick={() => setRestoring(b)}>
                      {t('backup.restore')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {restoring && (
        <ConfirmDialog
          message={t('backup.restoreConfirm', { time: when(restoring), rounds: rounds(restoring) })}
          confirmLabel={t('backup.restore')}
          onConfirm={() => void restore()}
          onCancel={() => setRestoring(null)}
        />
      )}
    </>
  );
}
