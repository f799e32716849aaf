// The event's organizer PIN and its backups on this device: list, download, restore (logged).
import { format } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { listBackups, restoreBackup, snapshotEvent } from '../../../store/backups';
import { announceChange } from '../../../store/channel';
import { hasSubtleCrypto } from '../../../platform/seed';
import { getPin, PIN_PATTERN, setPin } from '../../../store/pin';
import type { Backup } from '../../../store/schema';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { saveErrorMessage } from '../../errors';
import { downloadText } from '../../files';
import { setUnlocked } from '../../pin-session';
import { useServices } from '../../services';
import type { TabProps } from './types';

export function TrustPanel({ eventId, event, meta }: TabProps) {
  const { t } = useI18n();
  const { db, deviceId, now, notify } = useServices();
  const [backups, setBackups] = useState<Backup[]>([]);
  const [hasPin, setHasPin] = useState(false);
  const [pin, setPinValue] = useState('');
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const refresh = (): void => void listBackups(db, eventId).then(setBackups);
  useEffect(refresh, [db, eventId, meta.lastSeq]);
  useEffect(() => void getPin(db, eventId).then((r) => setHasPin(r !== null)), [db, eventId]);

  const when = (b: Backup): string => format(b.at, 'dd/MM HH:mm:ss');
  const rounds = (b: Backup): string => t('home.rounds', { n: b.round });

  const savePin = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) return notify(t('pin.invalid'), 'error');
    await setPin(db, eventId, pin);
    setUnlocked(eventId, true);
    setHasPin(true);
    setPinValue('');
    notify(t('pin.saved'));
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
    <section class="trust" aria-label={t('backup.title')}>
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
      <section class="panel">
        <h2>{t('backup.title')}</h2>
        <p class="muted">{t('backup.help')}</p>
        <button type="button" class="btn" onClick={() => void backupNow()}>
          {t('backup.now')}
        </button>
        {backups.length === 0 ? (
          <p class="empty">{t('backup.none')}</p>
        ) : (
          <table class="table" data-testid="backups-table">
            <tbody>
              {backups.map((b) => (
                <tr key={b.id}>
                  <td>{t('backup.row', { time: when(b), rounds: rounds(b), reason: t(`backup.reason.${b.reason}`) })}</td>
                  <td class="row end">
                    <button type="button" class="btn" onClick={() => downloadText(`${event.name.replace(/\W+/g, '-')}-${format(b.at, 'yyyyMMdd-HHmmss')}.json`, b.file)}>
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
    </section>
  );
}
