// Bit packing, Crockford base32 and a CRC-12 for the typed result code. Crockford's alphabet has
// no I, L, O or U, so a code read aloud or copied from a small screen has fewer look-alikes, and
// every character is in the QR alphanumeric set, so the same text makes a small, easy QR.

export const BASE32_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const DECODE: Record<string, number> = (() => {
  const map: Record<string, number> = {};
  [...BASE32_ALPHABET].forEach((c, i) => (map[c] = i));
  // what people type for the letters Crockford left out
  map.O = 0;
  map.I = 1;
  map.L = 1;
  return map;
})();

export class BitWriter {
  readonly bits: number[] = [];
  write(value: number, width: number): this {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) throw new RangeError(`${value} does not fit in ${width} bits`);
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
    return this;
  }
}

export class BitReader {
  private pos = 0;
  constructor(private readonly bits: readonly number[]) {}
  read(width: number): number {
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 2 + (this.bits[this.pos++] ?? 0);
    return v;
  }
  get remaining(): number {
    return this.bits.length - this.pos;
  }
}

/**
 * CRC-12 (x^12 + x^11 + x^3 + x^2 + x + 1): catches every error confined to 12 consecutive bits,
 * so every mistyped character (5 bits) and every swap of two neighbours (10 bits).
 */
export function crc12(bits: readonly number[]): number {
  const POLY = 0x80f;
  let crc = 0;
  for (const b of bits) {
    const top = ((crc >> 11) & 1) ^ b;
    crc = (crc << 1) & 0xfff;
    if (top) crc ^= POLY;
  }
  return crc;
}

export function bitsToBase32(bits: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bits.length; i += 5) {
    let v = 0;
    for (let j = 0; j < 5; j++) v = v * 2 + (bits[i + j] ?? 0);
    out += BASE32_ALPHABET[v];
  }
  return out;
}

/** null when a character is not base32 (after the usual look-alike fixes). */
export function base32ToBits(text: string): number[] | null {
  const bits: number[] = [];
  for (const c of text) {
    const v = DECODE[c];
    if (v === undefined) return null;
    for (let j = 4; j >= 0; j--) bits.push((v >> j) & 1);
  }
  return bits;
}

/** What a person may have typed around the code: spaces, dashes, lower case. */
export function normaliseCode(text: string): string {
  return text.toUpperCase().replace(/[\s\-_.]/g, '');
}

export function groupCode(code: string, size = 4): string {
  return code.match(new RegExp(`.{1,${size}}`, 'g'))?.join('-') ?? '';
}

/** FNV-1a over UTF-16 code units: a short, stable fingerprint of an id (not a secret). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
