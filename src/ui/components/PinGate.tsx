// Organizer mode behind the event's PIN. Table mode never passes through here. A forgotten PIN is
// removed only with the recovery code shown when it was set (written down or printed by the
// organizer), never with anything printed on the screen; the removal is written in the event's
// history, and the wait after wrong tries applies to recovery codes too.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { checkPin, getPin, recoverWithCode, type PinCheck } from '../../store/pin';
import { isUnlocked, onUnlockChange, pinChanged, setUnlocked } from '../pin-session';
import { useServices } from '../services';
import { Form } from './Form';

interface Props {
  eventId: string;
  eventName: string;
  /** records the reset in the event log */
  onReset: () => Promise<unknown>;
  children: ComponentChildren;
  /** what anyone may see while it is locked (the hall timer, read only) */
  lockedView?: ComponentChildren;
}

export interface PinState {
  hasPin: boolean | null;
  /** the lock came with an imported copy: only the recovery code opens it */
  imported: boolean;
  unlocked: boolean;
  refresh: () => void;
}

export function usePinState(eventId: string): PinState {
  const { db } = useServices();
  const [hasPin, setHasPin] = useState<boolean | null>(null);
  const [imported, setImported] = useState(false);
  const [unlocked, setU] = useState(isUnlocked(eventId));
  const refresh = (): void =>
    void getPin(db, eventId).then((r) => {
      setHasPin(r !== null);
      setImported(r?.imported === true);
    });
  useEffect(() => {
    refresh();
    return onUnlockChange(() => {
      setU(isUnlocked(eventId));
      refresh();
    });
  }, [eventId]);
  return { hasPin, imported, unlocked, refresh };
}

export function PinForm({
  eventId,
  onUnlocked,
  onReset,
  imported = false,
}: {
  eventId: string;
  eventName?: string;
  onUnlocked: () => void;
  onReset?: () => Promise<unknown>;
  imported?: boolean;
}) {
  const { t } = useI18n();
  const { db, now } = useServices();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(imported);
  const [code, setCode] = useState('');

  const explain = (r: Extract<PinCheck, { ok: false }>, wrongKey: 'pin.wrong' | 'pin.recoveryWrong'): string =>
    r.reason === 'wait' || r.waitSeconds > 0 ? t('pin.wait', { s: r.waitSeconds }) : t(wrongKey);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await checkPin(db, eventId, pin, now());
      setPin('');
      if (r.ok) {
        setUnlocked(eventId, true);
        onUnlocked();
      } else setError(explain(r, 'pin.wrong'));
    } catch {
      setError(t('pin.unavailable'));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (): Promise<void> => {
    setBusy(true);
    try {
      const r = await recoverWithCode(db, eventId, code, now());
      if (!r.ok) return setError(explain(r, 'pin.recoveryWrong'));
      setCode('');
      await onReset?.();
      setUnlocked(eventId, true);
      pinChanged();
      onUnlocked();
    } catch {
      setError(t('pin.unavailable'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="pin-form">
      {!imported && <PinEntry pin={pin} setPin={setPin} busy={busy} onSubmit={submit} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {onReset && (
        <>
          {!imported && (
            <button type="button" class="btn" onClick={() => setForgot(!forgot)} aria-expanded={forgot}>
              {t('pin.forgot')}
            </button>
          )}
          {forgot && <RecoveryForm imported={imported} busy={busy} code={code} setCode={setCode} onSubmit={() => void reset()} />}
        </>
      )}
    </div>
  );
}

/** The PIN itself, typed to unlock. */
function PinEntry({ pin, setPin, busy, onSubmit }: { pin: string; setPin: (pin: string) => void; busy: boolean; onSubmit: (e: Event) => Promise<void> }) {
  const { t } = useI18n();
  return (
    <form onSubmit={onSubmit} class="row">
      <label>
        {t('pin.enter')}
        <input type="password" inputMode="numeric" autoComplete="off" pattern="[0-9]*" value={pin} onInput={(e) => setPin(e.currentTarget.value)} autoFocus />
      </label>
      <button type="submit" class="btn primary big" disabled={busy || pin.length < 4}>
        {t('pin.unlock')}
      </button>
    </form>
  );
}

/** The forgotten-PIN form: the recovery code shown when the PIN was set removes it. */
function RecoveryForm({ imported, busy, code, setCode, onSubmit }: { imported: boolean; busy: boolean; code: string; setCode: (code: string) => void; onSubmit: () => void }) {
  const { t } = useI18n();
  return (
    <Form class="panel" onSubmit={() => onSubmit()}>
      <p>{t(imported ? 'pin.importedHelp' : 'pin.forgotHelp')}</p>
      <label>
        {t('pin.recoveryLabel')}
        <input
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          class="code-input"
          placeholder="XXXX-XXXX-XXXX-XXXX"
        />
      </label>
      <button type="submit" class="btn danger" disabled={busy || code.trim().length < 16}>
        {t('pin.reset')}
      </button>
    </Form>
  );
}

export function PinGate({ eventId, eventName, onReset, children, lockedView }: Props) {
  const { t } = useI18n();
  const { hasPin, unlocked, imported } = usePinState(eventId);
  if (hasPin === null) return <p>{t('app.loading')}</p>;
  if (!hasPin || unlocked) return <>{children}</>;
  return (
    <>
      {lockedView}
      <section class="panel pin-gate" aria-labelledby="pin-title">
        <h2 id="pin-title">🔒 {t('pin.lockedTitle')}</h2>
        <p>{t(imported ? 'pin.importedLocked' : 'pin.lockedHelp', { name: eventName })}</p>
        <PinForm key={String(imported)} eventId={eventId} eventName={eventName} onUnlocked={() => undefined} onReset={onReset} imported={imported} />
      </section>
    </>
  );
}
