// Keeps a table's screen on while its clock is shown. The browser drops a screen wake lock
// whenever the page is hidden (tab switch, screen off), so it is asked for again each time the
// page becomes visible. Without the API (older Safari, Firefox) the clock still keeps exact
// time from its timestamps; only the screen may dim.

interface WakeLockSentinelLike {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

export interface WakeLockHandle {
  /** true while the browser holds the lock for us */
  readonly held: boolean;
  release: () => void;
}

export function keepScreenAwake(onChange?: (held: boolean) => void): WakeLockHandle {
  const api = (navigator as { wakeLock?: WakeLockLike }).wakeLock;
  let sentinel: WakeLockSentinelLike | null = null;
  let active = true;
  const state = { held: false };
  const set = (held: boolean): void => {
    state.held = held;
    onChange?.(held);
  };
  const acquire = async (): Promise<void> => {
    if (!api || !active || document.visibilityState !== 'visible' || sentinel) return;
    try {
      const s = await api.request('screen');
      if (!active) return void s.release().catch(() => undefined);
      sentinel = s;
      set(true);
      s.addEventListener('release', () => {
        if (sentinel === s) sentinel = null;
        set(false);
      });
    } catch {
      // refused (battery saver, no user gesture yet): the next visibility change or tap retries
      set(false);
    }
  };
  const onVisible = (): void => void acquire();
  // the document subscribed on, so a late release never depends on a global still being there
  const doc = document;
  doc.addEventListener('visibilitychange', onVisible);
  // some browsers only grant the lock after a user gesture
  doc.addEventListener('pointerdown', onVisible, { passive: true });
  void acquire();
  return {
    get held() {
      return state.held;
    },
    release: () => {
      active = false;
      doc.removeEventListener?.('visibilitychange', onVisible);
      doc.removeEventListener?.('pointerdown', onVisible);
      void sentinel?.release().catch(() => undefined);
      sentinel = null;
    },
  };
}
