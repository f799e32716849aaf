// The camera view that reads QR codes. It reports each text read; the caller decides what a
// repeat means. Without a camera (or without permission) it says so, and the screen around it
// offers the typed fallback.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { ScannerError, startQrScanner, type ScannerFailure } from '../../../platform/qr';

export type CameraState = 'starting' | 'on' | ScannerFailure;

/** `onState`: whether a camera actually runs, so the screen offers « Arrêter » only then. */
export function Scanner({ onText, onState }: { onText: (text: string) => void; onState?: (state: CameraState) => void }) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onText);
  handler.current = onText;
  const report = useRef(onState);
  report.current = onState;
  useEffect(() => report.current?.(state), [state]);

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

/** The camera switch of a screen: « Arrêter la caméra » only while one runs, « Réessayer » after a failure. */
export function useCamera(initiallyOn: boolean) {
  const [scanning, setScanning] = useState(initiallyOn);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const failed = scanning && camera !== 'starting' && camera !== 'on';
  return {
    scanning,
    /** the scanner's key: a retry mounts a fresh one */
    attempt,
    onState: setCamera,
    stop: () => setScanning(false),
    /** null while the camera is opening: there is nothing to stop yet */
    button: (startLabel: string, t: (k: 'table.scan.stop' | 'camera.retry') => string): { label: string; action: () => void } | null => {
      if (!scanning) return { label: startLabel, action: () => (setCamera('starting'), setScanning(true)) };
      if (camera === 'on') return { label: t('table.scan.stop'), action: () => setScanning(false) };
      if (failed) return { label: t('camera.retry'), action: () => (setCamera('starting'), setAttempt((a) => a + 1)) };
      return null;
    },
  };
}
