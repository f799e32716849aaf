// Whether this device can run the app with the network cut: true once a service worker is active,
// because Workbox activates a worker only after its whole precache was stored (a failed precache
// fails the install). The organizer is told once, when the first install completes.
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';

export type OfflineStatus = 'preparing' | 'ready' | 'failed' | 'unsupported';

export interface OfflineState {
  status: () => OfflineStatus;
  /** the precache completed during this visit: say so once (the README tells organizers to wait for it) */
  justReady: () => boolean;
  dismiss: () => void;
  subscribe: (onChange: () => void) => () => void;
}

export interface OfflineControl extends OfflineState {
  set: (status: OfflineStatus, opts?: { announce?: boolean }) => void;
}

export function createOfflineState(initial: OfflineStatus): OfflineControl {
  let status = initial;
  let announce = false;
  const listeners = new Set<() => void>();
  const emit = (): void => listeners.forEach((l) => l());
  return {
    status: () => status,
    justReady: () => announce,
    dismiss: () => {
      announce = false;
      emit();
    },
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    set: (next, opts) => {
      // a worker already active stays "ready" even if a later update fails to install
      if (status === 'ready' && next === 'failed') return;
      status = next;
      if (opts?.announce && next === 'ready') announce = true;
      emit();
    },
  };
}

export const OfflineContext = createContext<OfflineState | null>(null);

/** null when the app was started without service worker handling (tests, dev server). */
export function useOffline(): { status: OfflineStatus; justReady: boolean; dismiss: () => void } | null {
  const state = useContext(OfflineContext);
  const [, bump] = useState(0);
  useEffect(() => state?.subscribe(() => bump((n) => n + 1)), [state]);
  return state ? { status: state.status(), justReady: state.justReady(), dismiss: state.dismiss } : null;
}
