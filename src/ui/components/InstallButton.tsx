// « Installer l'application »: shown only while the browser offers the install (never once
// installed, never on a browser that makes no offer).
import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../../i18n';
import { install, installOffered, onInstallOfferChange } from '../../platform/install';

export function InstallButton({ className = 'btn big' }: { className?: string }) {
  const { t } = useI18n();
  const [offered, setOffered] = useState(installOffered);
  useEffect(() => onInstallOfferChange(() => setOffered(installOffered())), []);
  if (!offered) return null;
  return (
    <button type="button" class={className} data-testid="install" onClick={() => void install()}>
      {t('app.install')}
    </button>
  );
}
