import { useEffect, useState } from 'preact/hooks';

/**
 * The current time, refreshed every `everyMs` while mounted. Only a repaint trigger: every
 * duration on screen is computed from stored timestamps and this value, so a sleeping tablet or
 * a throttled background tab shows the right time on its next frame.
 */
export function useNow(now: () => number, everyMs = 250): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    const doc = document;
    const timer = setInterval(() => setValue(now()), everyMs);
    const onVisible = (): void => setValue(now());
    doc.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      doc.removeEventListener?.('visibilitychange', onVisible);
    };
  }, [now, everyMs]);
  return value;
}

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
