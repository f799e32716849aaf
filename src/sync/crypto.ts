// The WebCrypto pieces of the trust model (README « Threat model »): a device's two P-256 key
// pairs (ECDSA to sign its feed, ECDH to receive the event key), its key id derived from both
// public keys, signatures, the event key (AES-GCM) that seals entries, and the wrap of that key
// for one admitted device. Private keys are made non-extractable: they can be used by this
// origin's pages, never read out, not even by the app. Lives in the lazy sync chunk.

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const enc = new TextEncoder();
const dec = new TextDecoder();

type Native = { toBase64?: () => string };
type NodeBuffer = { from: (u: Uint8Array) => { toString: (enc: 'base64') => string } };

export function toB64(bytes: ArrayBuffer | Uint8Array): string {
  const u = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  // the platform's own encoder where there is one (recent browsers; Node for tests and the bench)
  if (typeof (u as Native).toBase64 === 'function') return (u as Native).toBase64!();
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (buffer) return buffer.from(u).toString('base64');
  let s = '';
  for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Throws on anything that is not base64 in the one spelling toB64 writes (the caller words it as
 * a refused document). atob skips spaces and the unused low bits of the last character, so a
 * signature or ciphertext with such a character changed on the server would still decode to the
 * signed bytes: the same document under two spellings. Only the canonical one is read.
 */
export function fromB64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const u = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
  if (toB64(u) !== text) throw new Error('base64 not in its canonical spelling');
  return u;
}

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await subtle().digest('SHA-256', typeof text === 'string' ? enc.encode(text) : text));
}

/** The device's keys as stored in IndexedDB (CryptoKey objects are structured-cloneable). */
export interface DeviceKeys {
  /** key id: first 32 hex digits of SHA-256(signing public key ‖ ECDH public key) */
  kid: string;
  /** base64 of the two raw public keys (65 + 65 bytes): what an admission publishes */
  pub: string;
  sign: CryptoKey;
  ecdh: CryptoKey;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const SIG = { name: 'ECDSA', hash: 'SHA-256' } as const;
const PUB_BYTES = 65;

export async function kidOf(pub: string): Promise<string> {
  return (await sha256Hex(fromB64(pub))).slice(0, 32);
}

export async function makeDeviceKeys(): Promise<DeviceKeys> {
  const [s, e] = await Promise.all([subtle().generateKey(ECDSA, false, ['sign', 'verify']), subtle().generateKey(ECDH, false, ['deriveKey'])]);
  const raw = new Uint8Array(PUB_BYTES * 2);
  raw.set(new Uint8Array(await subtle().exportKey('raw', s.publicKey)), 0);
  raw.set(new Uint8Array(await subtle().exportKey('raw', e.publicKey)), PUB_BYTES);
  const pub = toB64(raw);
  return { kid: await kidOf(pub), pub, sign: s.privateKey, ecdh: e.privateKey };
}

function splitPub(pub: string): { sign: Uint8Array<ArrayBuffer>; ecdh: Uint8Array<ArrayBuffer> } {
  const raw = fromB64(pub);
  if (raw.length !== PUB_BYTES * 2) throw new Error('bad public key');
  return { sign: raw.slice(0, PUB_BYTES), ecdh: raw.slice(PUB_BYTES) };
}

export async function sign(keys: DeviceKeys, text: string): Promise<string> {
  return toB64(await subtle().sign(SIG, keys.sign, enc.encode(text)));
}

const verifyKeys = new Map<string, Promise<CryptoKey>>();
/** False for a wrong signature, a malformed one, or a public key that is not a P-256 point. */
export async function verify(pub: string, text: string, signature: string): Promise<boolean> {
  try {
    let key = verifyKeys.get(pub);
    if (!key) {
      key = subtle().importKey('raw', splitPub(pub).sign, ECDSA, false, ['verify']);
      verifyKeys.set(pub, key);
    }
    return await subtle().verify(SIG, await key, fromB64(signature), enc.encode(text));
  } catch {
    verifyKeys.delete(pub);
    return false;
  }
}

/** A fresh event key: extractable, since an organizer device wraps it for every device it admits. */
export function makeEventKey(): Promise<CryptoKey> {
  return subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, plain: string): Promise<{ iv: string; ct: string }> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv }, key, enc.encode(plain));
  return { iv: toB64(iv), ct: toB64(ct) };
}

/** Throws when the ciphertext was not made with this key or was changed (GCM's tag). */
export async function open(key: CryptoKey, iv: string, ct: string): Promise<string> {
  return dec.decode(await subtle().decrypt({ name: 'AES-GCM', iv: fromB64(iv) }, key, fromB64(ct)));
}

async function sharedKey(mine: CryptoKey, theirPub: string): Promise<CryptoKey> {
  const theirs = await subtle().importKey('raw', splitPub(theirPub).ecdh, ECDH, false, []);
  return subtle().deriveKey({ name: 'ECDH', public: theirs }, mine, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/**
 * The event key (and what the joiner must know to check the log) sealed for one device: only the
 * holder of that device's ECDH private key and the admitting device can open it.
 */
export async function wrapFor(keys: DeviceKeys, theirPub: string, payload: object): Promise<{ iv: string; ct: string }> {
  return seal(await sharedKey(keys.ecdh, theirPub), JSON.stringify(payload));
}

export async function unwrapFrom(keys: DeviceKeys, theirPub: string, iv: string, ct: string): Promise<unknown> {
  return JSON.parse(await open(await sharedKey(keys.ecdh, theirPub), iv, ct)) as unknown;
}

export async function exportEventKey(key: CryptoKey): Promise<string> {
  return toB64(await subtle().exportKey('raw', key));
}

export function importEventKey(raw: string): Promise<CryptoKey> {
  return subtle().importKey('raw', fromB64(raw), { name: 'AES-GCM' }, true, ['encrypt', 'decrypt']);
}

/** The code a joining device shows, typed by the organizer: 12 base32 letters of its key id. */
export function shortCode(kid: string): string {
  const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let bits = '';
  for (const c of kid.slice(0, 16)) bits += parseInt(c, 16).toString(2).padStart(4, '0');
  let out = '';
  for (let i = 0; i + 5 <= 60; i += 5) out += A[parseInt(bits.slice(i, i + 5), 2)];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`;
}

/** The first 15 hex digits of the key id a well-formed code was made from (60 bits), or null. */
export function kidPrefixOf(code: string): string | null {
  const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const letters = code.replace(/-/g, '');
  if (letters.length !== 12) return null;
  let bits = '';
  for (const c of letters) {
    const v = A.indexOf(c);
    if (v < 0) return null;
    bits += v.toString(2).padStart(5, '0');
  }
  let out = '';
  for (let i = 0; i < 60; i += 4) out += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return out;
}

/** What a person typed, read as a code: case, spaces and dashes forgiven (the alphabet has no O, 0, I or 1 to confuse). */
export function normaliseCode(typed: string): string {
  const s = typed.toUpperCase().replace(/[\s-]/g, '');
  return s.length === 12 ? `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}` : s;
}
