// How far this device's clock is behind the others that wrote to the same event. Every log entry
// carries its writer's `at`; an entry cannot have been written after the moment this device reads
// it, so another device's entry stamped later than this device's `now` means this clock is behind
// by at least the difference. (A clock ahead cannot be told apart from entries that arrived late,
// so it is never "corrected".)
import type { LogEntry } from './actions';

/** a device's clock is called off past this: a minute, as for the table's tickets */
export const CLOCK_BEHIND_THRESHOLD_MS = 60_000;

/**
 * How many ms this device (`selfDeviceId`) is behind the latest stamp of another device, or 0
 * when no other device's entry is more than a minute ahead of `now`. Entries of this device and
 * stamps that are not finite numbers are ignored: a hostile or broken entry never moves the clock
 * back, and at worst moves it forward to a time some device claimed.
 */
export function clockBehindMs(entries: Iterable<Pick<LogEntry, 'at' | 'deviceId'>>, selfDeviceId: string, now: number): number {
  if (!Number.isFinite(now)) return 0;
  let ahead = 0;
  for (const e of entries) {
    if (e.deviceId === selfDeviceId || typeof e.at !== 'number' || !Number.isFinite(e.at)) continue;
    if (e.at - now > ahead) ahead = e.at - now;
  }
  return ahead > CLOCK_BEHIND_THRESHOLD_MS ? ahead : 0;
}
