// Organizer mode behind the event's PIN. Table mode never passes through here. A forgotten PIN is
// removed by typing the exact event name, which is written in the event's history.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { checkPin, clearPin, getPin } from '../../store/pin';
import { isUnlocked, onUnlockChange, setUnlocked } from '../pin-session';
import { useServices } from '../services';

interface Props {
  eventId: string;
  eventName: string;
  /** records the reset in the event log */
  onReset: () => Promise<unknown>;
  children: ComponentChildren;
}

export function usePinState(eventId: string): { hasPin: boolean | null; unlocked: boolean; refresh: () => void } {
  const { db } = useServices();
  const [hasPin, setHasPin] = useState<boolean | null>(null);
  const [unlocked, setU] = useState(isUnlocked(eventId));
  const refresh = (): void => void getPin(db, eventId).then((r) => setHasPin(r !== null));
  useEffect(() => {
    refresh();
    return onUnlockChange(() => setU(isUnlocked(eventId)));
  }, [eventId]);
  return { hasPin, unlocked, refresh };
}

export function PinForm({ eventId, eventName, onUnlocked, onReset }: { eventId: string; eventName: string; onUnlocked: () => void; onReset?: () => Promise<unknown> }) {
  const { t } = useI18n();
  const { db, now } = useServices();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [name, setName] = useState('');

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await checkPin(db, eventId, pin, now());
      setPin('');
      if (r.ok) {
        setUnlocked(eventId, true);
        onUnlocked();
      } else if (r.reason === 'wait' || r.waitSeconds > 0) setError(t('pin.wait', { s: r.waitSeconds }));
      else setError(t('pin.wrong'));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (): Promise<void> => {
    if (name.trim() !== eventName.trim()) return setError(t('pin.resetWrongName'));
    await onReset?.();
    await clearPin(db, eventId);
    setUnlocked(eventId, true);
    onUnlocked();
  };

  return (
    <div class="pin-form">
      <form onSubmit={submit} class="row">
        <label>
          {t('pin.enter')}
          <input type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" value={pin} onInput={(e) => setPin(e.currentTarget.value)} autoFocus />
        </label>
        <button type="submit" class="btn primary big" disabled={busy || pin.length < 4}>
          {t('pin.unlock')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {onReset && (
        <>
          <button type="button" class="btn" onClick={() => setForgot(!forgot)} aria-expanded={forgot}>
            {t('pin.forgot')}
          </button>
          {forgot && (
            <div class="panel">
              <p>{t('pin.forgotHelp')}</p>
              <label>
                {t('pin.forgotName')}
                <input value={name} onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <button type="button" class="btn danger" onClick={() => void reset()}>
                {t('pin.reset')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export function PinGate({ eventId, eventName, onReset, children }: Props) {
  const { t } = useI18n();
  const { hasPin, unlocked } = usePinState(eventId);
  if (hasPin === null) return <p>{t('app.loading')}</p>;
  if (!hasPin || unlocked) return <>{children}</>;
  return (
    <section class="panel pin-gate" aria-labelledby="pin-title">
      <h2 id="pin-title">🔒 {t('pin.lockedTitle')}</h2>
      <p>{t('pin.lockedHelp', { name: eventName })}</p>
      <PinForm eventId={eventId} eventName={eventName} onUnlocked={() => undefined} onReset={onReset} />
    </section>
  );
}
