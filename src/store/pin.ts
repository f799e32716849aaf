// Owns the organizer PIN of each event: a salted PBKDF2 hash in this device's settings (never in
// the exported file, so a file shared with a results site carries no secret), the count of wrong
// tries and the time before the next try is allowed. Persisted, so a reload does not reset the wait.
import type { WargameDb } from './db';

export interface PinRecord {
  salt: string;
  hash: string;
  iterations: number;
  failures: number;
  lockedUntil: number;
}

const ITERATIONS = 100_000;
const key = (eventId: string): string => `pin:${eventId}`;
const hex = (buf: ArrayBuffer | Uint8Array): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (s: string): Uint8Array => new Uint8Array(s.match(/../g)!.map((h) => parseInt(h, 16)));

export const PIN_PATTERN = /^\d{4,8}$/;

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<string> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, material, 256);
  return hex(bits);
}

/** Seconds to wait after `failures` wrong tries: none for the first two, then 30 s doubling, at most 15 min. */
export function waitAfter(failures: number): number {
  if (failures < 3) return 0;
  return Math.min(15 * 60, 30 * 2 ** (failures - 3));
}

export async function getPin(db: WargameDb, eventId: string): Promise<PinRecord | null> {
  return ((await db.get('settings', key(eventId))) as PinRecord | undefined) ?? null;
}

export async function setPin(db: WargameDb, eventId: string, pin: string): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw new Error('PIN must be 4 to 8 digits');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const record: PinRecord = { salt: hex(salt), hash: await derive(pin, salt, ITERATIONS), iterations: ITERATIONS, failures: 0, lockedUntil: 0 };
  await db.put('settings', record, key(eventId));
}

export async function clearPin(db: WargameDb, eventId: string): Promise<void> {
  await db.delete('settings', key(eventId));
}

export type PinCheck = { ok: true } | { ok: false; reason: 'wrong'; waitSeconds: number } | { ok: false; reason: 'wait'; waitSeconds: number };

export async function checkPin(db: WargameDb, eventId: string, pin: string, now = Date.now()): Promise<PinCheck> {
  const record = await getPin(db, eventId);
  if (!record) return { ok: true };
  if (now < record.lockedUntil) return { ok: false, reason: 'wait', waitSeconds: Math.ceil((record.lockedUntil - now) / 1000) };
  // derive outside any transaction: idb transactions must not wait on other promises
  const hash = await derive(pin, fromHex(record.salt), record.iterations);
  if (hash === record.hash) {
    await db.put('settings', { ...record, failures: 0, lockedUntil: 0 }, key(eventId));
    return { ok: true };
  }
  const failures = record.failures + 1;
  const wait = waitAfter(failures);
  await db.put('settings', { ...record, failures, lockedUntil: now + wait * 1000 }, key(eventId));
  return { ok: false, reason: 'wrong', waitSeconds: wait };
}
