// Ids and capabilities that must work in every context, secure or not (plain http on a LAN).
/**
 * A random UUID (v4) from getRandomValues, which every context has. `crypto.randomUUID` exists
 * only in secure contexts: the app served over plain http on the hall's LAN stopped on
 * « Chargement… » for good when ids came from it.
 */
export function randomUuid(): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** WebCrypto's subtle half (PIN hashing, sealed end, signed results) only exists in a secure context. */
export const hasSubtleCrypto = (): boolean => typeof globalThis.crypto?.subtle?.digest === 'function';
