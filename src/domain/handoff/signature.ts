// Signed table results (issue 7). The organizer's device keeps one random secret per event; each
// ticket carries only its own table key, HMAC(event secret, ticket id), so a key read off table 3's
// ticket cannot sign a result for table 5 or for another round. The result code carries
// HMAC-SHA-256(table key, every field of the result) truncated to its 40-bit slot.
//
// What it stops: a result typed or edited by hand (a changed winner, CP or APD), a code made up
// from nothing, a result moved to another table, round or event. What it cannot stop: the players
// of a table, who hold its ticket, signing a false result for their own table; the two
// confirmations on the table device and the organizer's eye are the guard there.
import { utf8 } from './seal';
import type { ResultPayload } from './result-code';
import { platformCrypto, type Subtle } from './web-crypto';

export class SigningUnavailableError extends Error {
  constructor() {
    super('WebCrypto is not available (secure context required)');
  }
}

function subtle(): Subtle {
  const s = platformCrypto()?.subtle;
  if (!s) throw new SigningUnavailableError();
  return s;
}

const toHex = (buf: ArrayBuffer | Uint8Array): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

/** HMAC-SHA-256 of `text` under a table key, as hex: the hall's clock states are signed with it too. */
export async function hmac(keyHex: string, text: string): Promise<string> {
  const s = subtle();
  const key = await s.importKey('raw', fromHex(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await s.sign('HMAC', key, utf8(text)));
}

/** A fresh per-event secret: 128 random bits as hex. */
export function newEventSecret(): string {
  const c = platformCrypto();
  if (!c) throw new SigningUnavailableError();
  return toHex(c.getRandomValues(new Uint8Array(16)));
}

/** The key one table's ticket carries. */
export function tableKey(eventSecret: string, ticketId: string): Promise<string> {
  return hmac(eventSecret, `table-key\u0000${ticketId}`);
}

/** Every field that decides the result, in a fixed order: changing any of them changes the signature. */
export function signedText(p: ResultPayload): string {
  const side = (s: ResultPayload['a']): string => `${s.cp},${s.apd},${s.listIndex ?? '-'}`;
  const core = ['result-v1', p.v, p.eventTag, p.round, p.table, p.playersTag, p.winner ?? 'draw', p.how ?? '-', side(p.a), side(p.b)];
  // v2: the system's own fields, bit for bit (a v1 text stays exactly as it was signed)
  return [...core, ...(p.ext !== undefined ? [`${p.ext.length}:${p.ext.join('')}`] : [])].join('|');
}

export async function signPayload(p: ResultPayload, key: string): Promise<ResultPayload> {
  const { sig: _old, ...rest } = p;
  return { ...rest, sig: (await hmac(key, signedText(rest))).slice(0, 10) };
}

export type SignatureCheck = 'valid' | 'missing' | 'invalid';

/** Checked on the organizer's side, who re-derives the table key from the event secret. */
export async function checkSignature(p: ResultPayload, eventSecret: string, ticketId: string): Promise<SignatureCheck> {
  if (p.sig === undefined) return 'missing';
  const expected = await signPayload(p, await tableKey(eventSecret, ticketId));
  // constant-time enough for 40 bits compared once per scan; no timing oracle is reachable offline
  return expected.sig === p.sig ? 'valid' : 'invalid';
}
