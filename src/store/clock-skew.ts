// Reads what clockBehindMs needs from an event's log without loading the whole log: the newest
// entry each other device wrote (by its own origin number, which grows with its own time). An
// event of 4,096 players holds thousands of entries; one indexed read per device stays small.
import { clockBehindMs, type LogEntry } from '../domain/log';
import type { WargameDb } from './db';
import { getLog } from './events';

/** The newest entry of each device other than `selfDeviceId` that this device holds for the event. */
export async function latestOfOtherDevices(db: WargameDb, eventId: string, selfDeviceId: string): Promise<LogEntry[]> {
  const meta = await db.get('events', eventId);
  if (!meta) return [];
  // a meta without its clock predates sync: every entry is read once
  if (!meta.clock) return (await getLog(db, eventId)).filter((e) => e.deviceId !== selfDeviceId);
  const tx = db.transaction('log', 'readonly');
  const index = tx.store.index('byOrigin');
  const devices = Object.keys(meta.clock.seen).filter((d) => d !== selfDeviceId);
  const latest = await Promise.all(devices.map(async (d) => (await index.openCursor(IDBKeyRange.bound([eventId, d, -Infinity], [eventId, d, Infinity]), 'prev'))?.value ?? null));
  await tx.done;
  return latest.filter((e): e is LogEntry => e !== null);
}

/** How far this device's clock is behind the other devices of the event (0: not off by more than a minute). */
export async function eventClockBehind(db: WargameDb, eventId: string, selfDeviceId: string, now: () => number): Promise<number> {
  const entries = await latestOfOtherDevices(db, eventId, selfDeviceId);
  return clockBehindMs(entries, selfDeviceId, now());
}
