// Locks an unlocked event after the organizer's chosen minutes without a touch or a key on this
// page: a tablet left unlocked on the desk closes itself. Measured from timestamps (the last
// activity), checked every few seconds; 0 minutes turns it off.
import { useEffect, useRef } from 'preact/hooks';
import { getSetting } from '../store/settings';
import { isUnlocked, setUnlocked } from './pin-session';
import { useServices } from './services';

export const IDLE_LOCK_CHOICES = [0, 2, 5, 10, 15, 30, 60] as const;
export const IDLE_LOCK_DEFAULT = 10;
export const idleLockKey = (eventId: string): string => `idleLock:${eventId}`;

export function useIdleLock(eventId: string, active: boolean): void {
  const { db, now } = useServices();
  const last = useRef(now());
  useEffect(() => {
    if (!active) return;
    let alive = true;
    let minutes = IDLE_LOCK_DEFAULT;
    last.current = now();
    const reread = (): void => void getSetting<number>(db, idleLockKey(eventId), IDLE_LOCK_DEFAULT).then((m) => alive && (minutes = m));
    reread();
    const doc = document;
    const touch = (): void => {
      last.current = now();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    events.forEach((e) => doc.addEventListener(e, touch, { passive: true, capture: true }));
    const timer = setInterval(() => {
      reread();
      if (minutes > 0 && isUnlocked(eventId) && now() - last.current >= minutes * 60_000) setUnlocked(eventId, false);
    }, 5_000);
    return () => {
      alive = false;
      clearInterval(timer);
      events.forEach((e) => doc.removeEventListener?.(e, touch, { capture: true }));
    };
  }, [db, eventId, active]);
}
