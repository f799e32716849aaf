import { useEffect } from 'preact/hooks';
import type { RefObject } from 'preact';

/**
 * Slowly scrolls an element's overflow for a projector: down at `pxPerSecond`, pause, back to
 * the top, pause. Position comes from elapsed time, not from counting frames, so a dropped frame
 * or a throttled tab does not change the pace.
 */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, pxPerSecond = 40, pauseMs = 4000): void {
  useEffect(() => {
    // People who asked for less motion scroll the list themselves.
    if (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const win = window;
    let frame = 0;
    let cycleStart = performance.now();
    const step = (t: number): void => {
      const el = ref.current;
      if (el) {
        const travel = el.scrollHeight - el.clientHeight;
        if (travel <= 0) {
          cycleStart = t;
        } else {
          const runMs = (travel / pxPerSecond) * 1000;
          const at = t - cycleStart;
          if (at < pauseMs) el.scrollTop = 0;
          else if (at < pauseMs + runMs) el.scrollTop = ((at - pauseMs) / 1000) * pxPerSecond;
          else if (at < 2 * pauseMs + runMs) el.scrollTop = travel;
          else cycleStart = t;
        }
      }
      frame = win.requestAnimationFrame(step);
    };
    frame = win.requestAnimationFrame(step);
    return () => win.cancelAnimationFrame?.(frame);
  }, [ref, pxPerSecond, pauseMs]);
}
