// Owns each event's signing secret on the organizer's device (settings store, never exported:
// a file sent to a results site must not let anyone sign table results).
import { newEventSecret } from '../domain/handoff';
import type { WargameDb } from './db';

const key = (eventId: string): string => `secret:${eventId}`;

export async function getEventSecret(db: WargameDb, eventId: string): Promise<string | null> {
  return ((await db.get('settings', key(eventId))) as string | undefined) ?? null;
}

/** The event's secret, made on first use (the first ticket issued). */
export async function eventSecret(db: WargameDb, eventId: string): Promise<string> {
  const existing = await getEventSecret(db, eventId);
  if (existing) return existing;
  const fresh = newEventSecret();
  const tx = db.transaction('settings', 'readwrite', { durability: 'strict' });
  // another tab may have made one meanwhile: keep the first
  const raced = (await tx.store.get(key(eventId))) as string | undefined;
  if (!raced) await tx.store.put(fresh, key(eventId));
  await tx.done;
  return raced ?? fresh;
}
