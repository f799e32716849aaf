// Owns device-level settings (language, device id): small values outside any event.
import { randomUuid } from '../platform/ids';
import type { WargameDb } from './db';

export async function getSetting<T>(db: WargameDb, key: string, fallback: T): Promise<T> {
  const v = await db.get('settings', key);
  return v === undefined ? fallback : (v as T);
}

export async function setSetting(db: WargameDb, key: string, value: unknown): Promise<void> {
  await db.put('settings', value, key);
}

/** A stable id for this device, written once: every log entry says which device made it. */
export async function deviceId(db: WargameDb): Promise<string> {
  const tx = db.transaction('settings', 'readwrite');
  const existing = (await tx.store.get('deviceId')) as string | undefined;
  if (existing) {
    await tx.done;
    return existing;
  }
  const id = `dev-${randomUuid().slice(0, 8)}`;
  await tx.store.put(id, 'deviceId');
  await tx.done;
  return id;
}
