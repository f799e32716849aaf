import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';

export interface UpdateState {
  /** subscribe to "a new version is waiting"; returns an unsubscribe */
  subscribe: (onReady: () => void) => () => void;
  /** true when no round timer or clock runs on this device (the only time we may reload) */
  isSafe: () => Promise<boolean>;
  apply: () => Promise<void>;
}

/**
 * A new service worker is announced, never forced: applying it reloads the page, which must not
 * happen while a round or a clock runs in front of players (checked again at the tap).
 */
export function UpdateBanner({ update }: { update: UpdateState }) {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  const [safe, setSafe] = useState(false);

  useEffect(() => update.subscribe(() => setReady(true)), [update]);
  useEffect(() => {
    if (!ready) return;
    const check = (): void => void update.isSafe().then(setSafe);
    check();
    const timer = setInterval(check, 15_000);
    return () => clearInterval(timer);
  }, [ready, update]);

  if (!ready) return null;
  return (
    <div class="banner" role="status" data-testid="update-banner">
      <span>{t('update.ready')}</span>
      {safe ? (
        <button type="button" class="btn primary" onClick={() => void update.isSafe().then((ok) => (ok ? update.apply() : setSafe(false)))}>
          {t('update.apply')}
        </button>
      ) : (
        <span class="muted">{t('update.waitRound')}</span>
      )}
    </div>
  );
}
