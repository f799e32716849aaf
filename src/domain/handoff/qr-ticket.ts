// The ticket as a tablet camera reads it at arm's length (issue 20). The JSON ticket (~830
// characters, byte mode) made a version-18 QR of 89 modules that a 640x480 camera frame never
// decoded. The QR now carries the short ticket code (short-ticket.ts: everything a table needs
// to play and hand back a signed result) and the three names a table shows (the event and the
// two players) in base32 of their UTF-8 bytes, so the whole text stays in the QR alphanumeric
// mode (5.5 bits a character, one segment):
//
//   <the 40-character short code>/<event name>/<player a>/<player b>[/<intake address>]
//
// The intake address (ticket.ts, isIntakeAddress), when the event has one, is where the table
// drops its signed result if it has a network; it is a server address, never credentials.
// A typical ticket is ~120 characters: a version-5 QR of 37 modules. The names are display
// only: the code's fingerprints, CRC and signature key decide everything else, so a name cut
// at its byte limit (whole characters) changes nothing the table checks. A ticket the short
// code cannot carry (shortTicketProblem) keeps the JSON QR.
import { BASE32_ALPHABET, base32ToBits, bitsToBase32 } from './bits';
import { utf8 } from './seal';
import { decodeShortTicket, SHORT_TICKET_LENGTH, type ShortTicket, type ShortTicketLabels } from './short-ticket';
import { isIntakeAddress } from './ticket';

/** UTF-8 bytes each name may take in the QR; longer names are cut at a whole character. */
export const QR_NAME_BYTES = { event: 24, player: 32 } as const;

export interface QrTicketNames {
  event: string;
  a: string;
  b: string;
  /** the event's intake address, when it has one */
  intake?: string;
}

const C = `[${BASE32_ALPHABET}]`;
const QR_TICKET = new RegExp(`^(${C}{${SHORT_TICKET_LENGTH}})/(${C}*)/(${C}*)/(${C}*)(?:/(${C}+))?$`);
const INTAKE_BYTES = 200;

function cut(text: string, maxBytes: number): Uint8Array {
  let out = utf8(text);
  if (out.length <= maxBytes) return out;
  // whole characters only (never half of an « é »)
  const chars = [...text];
  while (out.length > maxBytes) {
    chars.pop();
    out = utf8(chars.join(''));
  }
  return out;
}

/** Strict UTF-8 (the domain's ES2022 library has no TextDecoder): null on any malformed, overlong or surrogate sequence. */
function fromUtf8(bytes: Uint8Array): string | null {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > bytes.length) return null;
    let c = len === 1 ? b : b & (0xff >> (len + 1));
    for (let j = 1; j < len; j++) {
      const x = bytes[i + j]!;
      if ((x & 0xc0) !== 0x80) return null;
      c = (c << 6) | (x & 63);
    }
    const min = [0, 0, 0x80, 0x800, 0x10000][len]!;
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c < 0xe000)) return null;
    out += String.fromCodePoint(c);
    i += len;
  }
  return out;
}

function bytesToBase32(bytes: Uint8Array): string {
  const bits: number[] = [];
  for (const b of bytes) for (let i = 7; i >= 0; i--) bits.push((b >> i) & 1);
  return bitsToBase32(bits);
}

function base32ToText(text: string, maxBytes: number): string | null {
  const bits = base32ToBits(text);
  if (bits === null) return null;
  const n = Math.floor(bits.length / 8);
  // the padding of the last character is under 5 bits and zero; anything else was not written by us
  if (bits.length - n * 8 >= 5 || bits.slice(n * 8).some((b) => b !== 0) || n > maxBytes) return null;
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = bits.slice(i * 8, i * 8 + 8).reduce((v, b) => v * 2 + b, 0);
  const s = fromUtf8(bytes);
  // a name is one line of printable text
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  return s === null || /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s) ? null : s;
}

/** The QR text of a ticket: its short code (grouped or not) and the names. */
export function encodeQrTicket(shortCode: string, names: QrTicketNames): string {
  const code = shortCode.replace(/-/g, '').toUpperCase();
  if (code.length !== SHORT_TICKET_LENGTH) throw new RangeError('not a short ticket code');
  const seg = (s: string, max: number): string => bytesToBase32(cut(s.trim(), max));
  if (names.intake !== undefined && !isIntakeAddress(names.intake)) throw new RangeError('not an intake address');
  const parts = [code, seg(names.event, QR_NAME_BYTES.event), seg(names.a, QR_NAME_BYTES.player), seg(names.b, QR_NAME_BYTES.player)];
  if (names.intake !== undefined) parts.push(bytesToBase32(utf8(names.intake)));
  return parts.join('/');
}

/** A QR ticket's short code and names, or null when the text is not one (a JSON ticket, a result...). */
export function parseQrTicket(text: string): { code: string; names: QrTicketNames } | null {
  const m = QR_TICKET.exec(text.trim());
  if (!m) return null;
  const event = base32ToText(m[2]!, QR_NAME_BYTES.event);
  const a = base32ToText(m[3]!, QR_NAME_BYTES.player);
  const b = base32ToText(m[4]!, QR_NAME_BYTES.player);
  if (event === null || a === null || b === null) return null;
  if (m[5] === undefined) return { code: m[1]!, names: { event, a, b } };
  const intake = base32ToText(m[5], INTAKE_BYTES);
  return isIntakeAddress(intake) ? { code: m[1]!, names: { event, a, b, intake } } : null;
}

/**
 * A QR ticket as the table plays it: the short code's ticket with the names put back (an empty
 * name keeps the label). null when the text is not a QR ticket; the short code's refusals as is.
 */
export async function decodeQrTicket(text: string, now: number, labels: ShortTicketLabels): Promise<null | Awaited<ReturnType<typeof decodeShortTicket>>> {
  const qr = parseQrTicket(text);
  if (!qr) return null;
  const short = await decodeShortTicket(qr.code, now, labels);
  if (!short.ok) return short;
  const named = (name: string, p: ShortTicket['a']): ShortTicket['a'] => (name.trim() ? { ...p, name } : p);
  const t = short.ticket;
  return {
    ...short,
    ticket: {
      ...t,
      eventName: qr.names.event.trim() || t.eventName,
      a: named(qr.names.a, t.a),
      b: named(qr.names.b, t.b),
      ...(qr.names.intake !== undefined && { intake: qr.names.intake }),
    },
  };
}
