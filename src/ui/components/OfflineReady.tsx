import { useI18n } from '../../i18n';
import { useOffline } from '../offline';

/** « L'application fonctionne maintenant hors ligne. » once, when the first precache completes. */
export function OfflineReadyBanner() {
  const { t } = useI18n();
  const offline = useOffline();
  if (!offline?.justReady) return null;
  return (
    <div class="banner" role="status" data-testid="offline-ready">
      <span>{t('offline.ready')}</span>
      <button type="button" class="btn" onClick={offline.dismiss}>
        {t('offline.ok')}
      </button>
    </div>
  );
}

/** The home screen's standing answer to "can I cut the network now?". */
export function OfflineStatusLine() {
  const { t } = useI18n();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <p class={`offline-status ${offline.status}`} data-testid="offline-status" data-status={offline.status}>
      {t(`offline.status.${offline.status}`)}
    </p>
  );
}
