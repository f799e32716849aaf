// The recovery code of a PIN just set, shown once, full screen over the event until the
// organizer says it is written down. It lives in memory only (pin-session): a reload drops it,
// and a new one can be made from the settings while the event is unlocked.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { onUnlockChange, pendingRecoveryCode, recoveryCodeShown } from '../pin-session';

export function RecoveryCodeNotice({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { t } = useI18n();
  const [code, setCode] = useState(pendingRecoveryCode(eventId));
  useEffect(() => onUnlockChange(() => setCode(pendingRecoveryCode(eventId))), [eventId]);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (code && d && !d.open) d.showModal?.();
  }, [code]);
  if (!code) return null;
  const done = (): void => {
    ref.current?.close?.();
    recoveryCodeShown(eventId);
  };
  return (
    <dialog ref={ref} class="dialog recovery-code" aria-labelledby="recovery-title" onCancel={(e) => e.preventDefault()}>
      <h2 id="recovery-title">{t('pin.recoveryTitle')}</h2>
      <p class="muted">{eventName}</p>
      <p class="result-code" data-testid="recovery-code">
        {code}
      </p>
      <p>{t('pin.recoveryHelp')}</p>
      <div class="row end">
        <button type="button" class="btn" onClick={() => window.print()}>
          {t('pin.recoveryPrint')}
        </button>
        <button type="button" class="btn primary big" onClick={done}>
          {t('pin.recoveryDone')}
        </button>
      </div>
    </dialog>
  );
}
