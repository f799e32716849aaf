// The sealed end of a round in a table ticket: AES-GCM over the dice-down instant, with a key
// derived at run time (HKDF-SHA-256) from a constant shipped in the app, and the ticket id as
// additional data so a sealed end cannot be moved to another table's ticket.
//
// What it protects against, honestly: a player reading the ticket with any QR app, or looking
// at the table device's IndexedDB or its stored data, sees a random-looking string, never a time;
// and a ticket edited by hand (to push dice down later) fails to open. What it does not protect
// against: someone who reads this app's source (the key material is in it) or attaches a
// debugger to the running page. The table must know the end to call dice down by itself, so the
// key has to be on the device; only the organizer calling dice down over a network could do
// better. It keeps the end out of sight, which is what the rules ask of the table.
//
// WebCrypto is the same in browsers and Node; the domain compiles without DOM types, so the few
// calls used are typed here.
const KEY_MATERIAL = 'wargame-tournament/table-ticket/sealed-end/v1';
const IV_BYTES = 12;

interface Subtle {
  importKey(format: 'raw', data: Uint8Array, algorithm: string, extractable: boolean, usages: string[]): Promise<unknown>;
  deriveKey(algorithm: object, base: unknown, derived: object, extractable: boolean, usages: string[]): Promise<unknown>;
  encrypt(algorithm: object, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  decrypt(algorithm: object, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
interface CryptoLike {
  subtle?: Subtle;
  getRandomValues(array: Uint8Array): Uint8Array;
}

function webCrypto(): CryptoLike & { subtle: Subtle } {
  const c = (globalThis as { crypto?: CryptoLike }).crypto;
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

async function sealKey(subtle: Subtle): Promise<unknown> {
  const base = await subtle.importKey('raw', utf8(KEY_MATERIAL), 'HKDF', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8('table-ticket'), info: utf8('dice-down') },
    base,
    { name: 'AES-GCM', length: 128 },
    false,
    ['encrypt', 'decrypt'],
  );
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

/** Seals an epoch-ms instant for the ticket `ticketId`. */
export async function sealInstant(at: number, ticketId: string): Promise<string> {
  const c = webCrypto();
  const iv = c.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new Uint8Array(8);
  new DataView(plain.buffer).setFloat64(0, at);
  const key = await sealKey(c.subtle);
  const sealed = new Uint8Array(await c.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(ticketId) }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/** The instant, or null when the seal was altered or belongs to another ticket. Keep it in memory only. */
export async function openSealedInstant(sealed: string, ticketId: string): Promise<number | null> {
  const c = webCrypto();
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length <= IV_BYTES) return null;
  try {
    const key = await sealKey(c.subtle);
    const plain = await c.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: utf8(ticketId) }, key, bytes.slice(IV_BYTES));
    const at = new DataView(plain).getFloat64(0);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}
