// Owns the organizer PIN of each event: a salted PBKDF2 hash in this device's settings (never in
// the exported file, so a file shared with a results site carries no secret that a PC could brute
// force: 4 to 8 digits are too few), the count of wrong tries and the time before the next try is
// allowed. Persisted, so a reload does not reset the wait.
//
// A forgotten PIN is removed only with the recovery code shown once when the PIN was set (80
// random bits, written down or printed by the organizer): something a player at the tablet does
// not have. Its hash may travel in an exported file (`lock`, see export-file.ts): 80 bits cannot
// be brute forced, so a copy of a locked event imported elsewhere stays locked and opens with the
// same recovery code. Wrong recovery codes count as wrong PINs: the wait applies to both.
import type { WargameDb } from './db';

export interface SecretHash {
  salt: string;
  hash: string;
  iterations: number;
}

export interface PinRecord {
  salt: string;
  /** '' for a lock that came with an imported file: only the recovery code opens it */
  hash: string;
  iterations: number;
  failures: number;
  lockedUntil: number;
  /** the recovery code's hash; absent on PINs set before recovery codes existed */
  recovery?: SecretHash;
  /** the lock came with an imported copy of a locked event */
  imported?: boolean;
}

const ITERATIONS = 100_000;
const key = (eventId: string): string => `pin:${eventId}`;
const hex = (buf: ArrayBuffer | Uint8Array): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (s: string): Uint8Array => new Uint8Array((s.match(/../g) ?? []).map((h) => parseInt(h, 16)));

export const PIN_PATTERN = /^\d{4,8}$/;
/** Crockford's base 32: no I, L, O, U, so a handwritten code reads back without doubt */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<string> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, material, 256);
  return hex(bits);
}

async function hashSecret(secret: string): Promise<SecretHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: hex(salt), hash: await derive(secret, salt, ITERATIONS), iterations: ITERATIONS };
}

/** Seconds to wait after `failures` wrong tries: none for the first two, then 30 s doubling, at most 15 min. */
export function waitAfter(failures: number): number {
  if (failures < 3) return 0;
  return Math.min(15 * 60, 30 * 2 ** (failures - 3));
}

/** A fresh recovery code, 16 characters (80 bits) in groups of 4: "7KQ2-M9XD-…". */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What the organizer typed, read leniently: case, spaces, dashes, and O/I/L for 0/1. */
export function normaliseRecoveryCode(typed: string): string {
  const clean = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return clean.match(/.{1,4}/g)?.join('-') ?? '';
}

export async function getPin(db: WargameDb, eventId: string): Promise<PinRecord | null> {
  return ((await db.get('settings', key(eventId))) as PinRecord | undefined) ?? null;
}

/**
 * Sets (or changes) the PIN. Returns the recovery code to show once when a new one was made: at
 * the first PIN, or when the record had none; a PIN change keeps the code already written down.
 */
export async function setPin(db: WargameDb, eventId: string, pin: string, opts: { newRecovery?: boolean } = {}): Promise<string | null> {
  if (!PIN_PATTERN.test(pin)) throw new Error('PIN must be 4 to 8 digits');
  const previous = await getPin(db, eventId);
  const code = opts.newRecovery || !previous?.recovery ? newRecoveryCode() : null;
  const [pinHash, recovery] = await Promise.all([hashSecret(pin), code ? hashSecret(code) : Promise.resolve(previous!.recovery!)]);
  const record: PinRecord = { ...pinHash, failures: 0, lockedUntil: 0, recovery };
  await db.put('settings', record, key(eventId));
  return code;
}

/** A new recovery code for an event whose PIN stays (the organizer lost the old paper). */
export async function renewRecoveryCode(db: WargameDb, eventId: string): Promise<string> {
  const record = await getPin(db, eventId);
  if (!record) throw new Error('no PIN');
  const code = newRecoveryCode();
  await db.put('settings', { ...record, recovery: await hashSecret(code) }, key(eventId));
  return code;
}

/** The lock an imported copy of a locked event gets: no PIN known here, only the recovery code opens it. */
export async function setImportedLock(db: WargameDb, eventId: string, recovery: SecretHash | null): Promise<void> {
  const record: PinRecord = { salt: '', hash: '', iterations: ITERATIONS, failures: 0, lockedUntil: 0, imported: true, ...(recovery && { recovery }) };
  await db.put('settings', record, key(eventId));
}

/** A copy made on this device keeps the original's lock (same PIN, same recovery code). */
export async function copyPin(db: WargameDb, fromEventId: string, toEventId: string): Promise<void> {
  const record = await getPin(db, fromEventId);
  if (record) await db.put('settings', { ...record, failures: 0, lockedUntil: 0 }, key(toEventId));
}

export async function clearPin(db: WargameDb, eventId: string): Promise<void> {
  await db.delete('settings', key(eventId));
}

export type PinCheck = { ok: true } | { ok: false; reason: 'wrong'; waitSeconds: number } | { ok: false; reason: 'wait'; waitSeconds: number };

async function tryAgainst(db: WargameDb, eventId: string, now: number, matches: (r: PinRecord) => Promise<boolean>, onMatch: (r: PinRecord) => Promise<void>): Promise<PinCheck> {
  const record = await getPin(db, eventId);
  if (!record) return { ok: true };
  if (now < record.lockedUntil) return { ok: false, reason: 'wait', waitSeconds: Math.ceil((record.lockedUntil - now) / 1000) };
  // derive outside any transaction: idb transactions must not wait on other promises
  if (await matches(record)) {
    await onMatch(record);
    return { ok: true };
  }
  // re-read: another tab may have counted a failure meanwhile; each wrong try counts once
  const latest = (await getPin(db, eventId)) ?? record;
  const failures = latest.failures + 1;
  const wait = waitAfter(failures);
  await db.put('settings', { ...latest, failures, lockedUntil: now + wait * 1000 }, key(eventId));
  return { ok: false, reason: 'wrong', waitSeconds: wait };
}

export function checkPin(db: WargameDb, eventId: string, pin: string, now = Date.now()): Promise<PinCheck> {
  return tryAgainst(
    db,
    eventId,
    now,
    async (r) => r.hash !== '' && (await derive(pin, fromHex(r.salt), r.iterations)) === r.hash,
    (r) => db.put('settings', { ...r, failures: 0, lockedUntil: 0 }, key(eventId)).then(() => undefined),
  );
}

/**
 * A forgotten PIN: the recovery code removes it (the organizer then sets a new one). Refused
 * while the wait of wrong tries runs, and a wrong code is a wrong try. The caller logs the reset.
 */
export function recoverWithCode(db: WargameDb, eventId: string, typed: string, now = Date.now()): Promise<PinCheck> {
  const code = normaliseRecoveryCode(typed);
  return tryAgainst(
    db,
    eventId,
    now,
    async (r) => !!r.recovery && code.length === 19 && (await derive(code, fromHex(r.recovery.salt), r.recovery.iterations)) === r.recovery.hash,
    () => clearPin(db, eventId),
  );
}
