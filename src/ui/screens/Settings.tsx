import { useEffect, useState } from 'preact/hooks';
import { useI18n, type Lang } from '../../i18n';
import { useServices } from '../services';

function bytes(n: number): string {
  if (n < 1024) return `${n} o`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} Kio`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} Mio`;
  return `${(n / 1024 ** 3).toFixed(1)} Gio`;
}

export function Settings() {
  const { t, lang, setLang } = useI18n();
  const { deviceId } = useServices();
  // undefined while the browser is asked: « inconnue » is said only once it cannot tell
  const [usage, setUsage] = useState<{ used: number; quota: number } | null | undefined>(undefined);
  const [persisted, setPersisted] = useState<boolean | null>(null);

  useEffect(() => {
    const storage = navigator.storage;
    if (storage?.estimate)
      storage.estimate().then(
        (e) => setUsage({ used: e.usage ?? 0, quota: e.quota ?? 0 }),
        () => setUsage(null),
      );
    else setUsage(null);
    void storage?.persisted?.().then(setPersisted);
  }, []);

  return (
    <main class="screen settings">
      <h1>{t('settings.title')}</h1>
      <section class="panel">
        <h2>{t('settings.language')}</h2>
        <div class="row" role="radiogroup" aria-label={t('settings.language')}>
          {(['fr', 'en'] as Lang[]).map((l) => (
            <button key={l} type="button" role="radio" aria-checked={lang === l} class={lang === l ? 'btn primary big' : 'btn big'} onClick={() => setLang(l)}>
              {t(`lang.${l}`)}
            </button>
          ))}
        </div>
      </section>
      <section class="panel">
        <h2>{t('settings.storage')}</h2>
        <p data-testid="storage-use" aria-busy={usage === undefined}>
          {usage ? t('settings.storageUse', { used: bytes(usage.used), quota: bytes(usage.quota) }) : usage === null ? t('settings.storageUnknown') : t('settings.storageAsking')}
        </p>
        {persisted !== null && <p>{persisted ? t('settings.persisted') : t('settings.notPersisted')}</p>}
        <p class="muted">
          {t('settings.device')}
          {t('common.colon')}
          <code>{deviceId}</code> · {t('settings.version')} {__APP_VERSION__}
        </p>
      </section>
      <a class="btn big" href="#/join" data-testid="join-sync">
        {t('settings.joinSync')}
      </a>
    </main>
  );
}
