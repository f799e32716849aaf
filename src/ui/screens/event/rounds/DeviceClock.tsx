// The organizer's round timers on a device whose clock is behind the others of the event (a
// second tablet set hours off showed « 7:04:25 » left in a 100-minute round): the timers below
// count from the corrected time, and the screen says by how much and why. The offset comes from
// the entries other devices wrote to the event's log, whatever brought them (sync or import).
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { Translate } from '../../../../i18n';
import { useI18n } from '../../../../i18n';
import { eventClockBehind } from '../../../../store/clock-skew';
import { ServicesContext, useServices } from '../../../services';

const MINUTE_MS = 60_000;

/** « 5 h 32 min », « 45 min »: how far behind, to the nearest minute. */
export function behindWords(ms: number, t: Translate): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? t('clock.behind.m', { m }) : t('clock.behind.hm', { h, m });
}

/** How far this device is behind the event's other devices, read again whenever the event changes. */
export function useEventClockBehind(eventId: string, version: unknown): number {
  const { db, deviceId, now } = useServices();
  const [behind, setBehind] = useState(0);
  useEffect(() => {
    let live = true;
    eventClockBehind(db, eventId, deviceId, now).then(
      (ms) => live && setBehind(ms),
      // an unreadable log leaves the device's own time, as before this check existed
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [db, eventId, deviceId, now, version]);
  return behind;
}

/**
 * The timers inside count from this device's time plus the offset: a round started or closed here
 * is stamped in the same corrected time, so every device reads one round.
 */
export function DeviceClock({ eventId, version, children, noteClass = 'warning-text' }: { eventId: string; version: unknown; children: ComponentChildren; noteClass?: string }) {
  const { t } = useI18n();
  const services = useServices();
  const behind = useEventClockBehind(eventId, version);
  const value = useMemo(() => (behind > 0 ? { ...services, now: () => services.now() + behind } : services), [services, behind]);
  return (
    <>
      {behind > 0 && (
        <p class={noteClass} role="status" data-testid="device-clock-behind">
          {t('clock.behind', { time: behindWords(behind, t) })}
        </p>
      )}
      <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>
    </>
  );
}
