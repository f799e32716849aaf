// The camera view that reads QR codes. It reports each text read; the caller decides what a
// repeat means. Without a camera (or without permission) it says so, and the screen around it
// offers the typed fallback.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { ScannerError, startQrScanner, type ScannerFailure } from '../../../platform/qr';

export function Scanner({ onText }: { onText: (text: string) => void }) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | ScannerFailure>('starting');
  const handler = useRef(onText);
  handler.current = onText;

  useEffect(() => {
    let alive = true;
    let stop: (() => void) | null = null;
    startQrScanner(video.current!, (text) => handler.current(text)).then(
      (s) => {
        if (!alive) return s.stop();
        stop = s.stop;
        setState('on');
      },
      (err) => alive && setState(err instanceof ScannerError ? err.reason : 'error'),
    );
    return () => {
      alive = false;
      stop?.();
    };
  }, []);

  const failed = state !== 'starting' && state !== 'on';
  return (
    <div class={`scanner ${failed ? 'failed' : ''}`} data-state={state}>
      <video ref={video} aria-label={t('table.scan.label')} muted playsInline hidden={failed} />
      <p class={failed ? 'muted' : 'scanner-hint'} role="status">
        {state === 'starting' ? t('table.scan.starting') : state === 'on' ? t('table.scan.aim') : t(`table.scan.${state}`)}
      </p>
    </div>
  );
}
