// The sealed end of a round in a table ticket: AES-GCM over the dice-down instant, with a key made
// for that one ticket (random, or derived from the event's secret on the organizer's device) and
// carried by the ticket, and the ticket id as additional data so a sealed end cannot be moved to
// another table's ticket. No key material is shipped in the app.
//
// What it protects against, honestly: a player glancing at the ticket with a QR app, at the table
// device's screen or at its stored data sees a random-looking string, never a time; a ticket
// edited by hand (to push dice down later) fails to open; knowing one ticket's key opens no other
// ticket. What it cannot protect against: the table device must know the end to call dice down by
// itself offline, so the key is in the ticket and on the device; someone who decodes the ticket
// (knowing this format) or attaches a debugger to the running page can read the end. The strict
// alternative is the event setting « fin de partie annoncée par l'organisateur »: the ticket then
// carries no end at all and the hall's timer calls dice down (README, "Secrets").
import { platformCrypto, type CryptoLike, type Subtle } from './web-crypto';

const IV_BYTES = 12;

function webCrypto(): CryptoLike & { subtle: Subtle } {
  const c = platformCrypto();
  // only secure contexts (https, localhost) have subtle crypto
  if (!c?.subtle) throw new SealUnavailableError();
  return c as CryptoLike & { subtle: Subtle };
}

export class SealUnavailableError extends Error {
  constructor() {
    super('WebCrypto is not available (secure context required)');
  }
}

/** UTF-8 by hand: the domain's ES2022 library has no TextEncoder type. */
export function utf8(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** A ticket's seal key: 128 bits as 32 hex digits. */
export const SEAL_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** A fresh random seal key, for a ticket issued without the event's secret. */
export function newSealKey(): string {
  const bytes = webCrypto().getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function sealKey(subtle: Subtle, keyHex: string): Promise<unknown> {
  if (!SEAL_KEY_PATTERN.test(keyHex)) throw new Error('seal key must be 32 hex digits');
  const raw = Uint8Array.from(keyHex.match(/../g)!, (h) => parseInt(h, 16));
  return subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let j = 0; j < chars; j++) out += B64[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4);
    let n = 0;
    for (let j = 0; j < 4; j++) n = (n << 6) | (j < chunk.length ? B64.indexOf(chunk[j]!) : 0);
    out.push((n >> 16) & 255);
    if (chunk.length > 2) out.push((n >> 8) & 255);
    if (chunk.length > 3) out.push(n & 255);
  }
  return Uint8Array.from(out);
}

/** Seals an epoch-ms instant for the ticket `ticketId` with that ticket's key (`keyHex`). */
export async function sealInstant(at: number, ticketId: string, keyHex: string): Promise<string> {
  const c = webCrypto();
  const iv = c.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new Uint8Array(8);
  new DataView(plain.buffer).setFloat64(0, at);
  const key = await sealKey(c.subtle, keyHex);
  const sealed = new Uint8Array(await c.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(ticketId) }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/**
 * The instant, or null when the seal was altered, belongs to another ticket, or the ticket has no
 * key (made before per-ticket keys). Keep it in memory only.
 */
export async function openSealedInstant(sealed: string, ticketId: string, keyHex: string | undefined): Promise<number | null> {
  const c = webCrypto();
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length <= IV_BYTES || !keyHex || !SEAL_KEY_PATTERN.test(keyHex)) return null;
  try {
    const key = await sealKey(c.subtle, keyHex);
    const plain = await c.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: utf8(ticketId) }, key, bytes.slice(IV_BYTES));
    const at = new DataView(plain).getFloat64(0);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}
