// The result a table device hands back to the organizer, as a short code: the same text is shown
// as a QR (alphanumeric mode, small and easy to scan) and, without a camera, typed in by hand in
// groups of 4. It identifies its table by fingerprints (event, players) and numbers (round,
// table) so the organizer's device can refuse a result meant for another game, and a CRC-12
// catches typos before any of that is read.
//
// Layout v1 (bits): version 3, has-signature 1, event tag 16, round 6, table 11, players tag 10,
// winner 2, how 3, CP a 5, CP b 5, APD a 11, APD b 11, list a 2, list b 2, [signature 40], CRC 12.
// 100 bits = 20 characters without a signature, 28 with one.
//
// Layout v2 = v1's fields up to the signature, then the system's own result fields (LotR's body
// count and kills, CDR's VP and bonus, Rackham's stakes or +20 bonuses...): length 10, then that
// many bits: a 4-bit fingerprint of the field list, then each field the system's `resultFields`
// declares beyond the core (not derived; `how`, `cp`, `apd` and `listIndex` are the core's), in
// declaration order, game fields once, side fields a then b (packFields below); zero padding to
// whole characters; CRC 12. The length varies with the values (a few characters per field). A
// result with no such field is written as v1, so SR2011 codes keep their 20 / 28 characters and
// every v1 code ever shown still reads. A new layout takes a new version number; decoders refuse
// what they do not know rather than guess.
import type { GameResult, PlayerId, WinHow } from '../event-file/types';
import { WIN_HOW } from '../event-file/types';
import type { ResultField } from '../systems/game-system';
import { base32ToBits, BitReader, BitWriter, bitsToBase32, crc12, fnv1a, groupCode, normaliseCode } from './bits';

/** the version written when a result has only the core fields (every v1 decoder reads it) */
export const RESULT_CODE_VERSION = 1;
/** the version that carries the system's own fields */
export const RESULT_CODE_VERSION_FIELDS = 2;
/** a typed table ticket's lengths (short-ticket.ts, v1 and v2): a result code never takes them */
const TICKET_CHARS: readonly number[] = [40, 48];
const EXT_LENGTH_BITS = 10;
export const RESULT_CODE_LENGTH = 20;
export const RESULT_CODE_LENGTH_SIGNED = 28;
/**
 * The longest code this layout can write (v2, signed, 1,023 bits of fields): 88 core bits, 40 of
 * signature, 10 of length, 1,023, 2 of padding and the CRC's 12 = 1,175 bits, 235 characters.
 * What carries codes (the intake's rules) takes up to this, so no result a table can encode is
 * turned away on the way.
 */
export const RESULT_CODE_MAX_LENGTH = 235;
const SIG_HEX = 10;

type Side = 'a' | 'b';

export interface ResultCodeSide {
  cp: number;
  apd: number;
  /** the list played, 0-based; null when not known */
  listIndex: number | null;
}

export interface ResultPayload {
  v: number;
  /** 16-bit fingerprint of the organizer's event id */
  eventTag: number;
  round: number;
  table: number;
  /** 10-bit fingerprint of the two player ids in table order */
  playersTag: number;
  /** null: a draw */
  winner: Side | null;
  how: WinHow | null;
  a: ResultCodeSide;
  b: ResultCodeSide;
  /** 40 bits as 10 hex digits: the HMAC of signature.ts */
  sig?: string;
  /** v2: the system's own fields, packed (packFields); absent in v1 */
  ext?: number[];
}

export const LIMITS = { round: 63, table: 2047, cp: 31, apd: 2047, listIndex: 2 } as const;

export function eventTag(eventId: string): number {
  return fnv1a(eventId) % 65536;
}

export function playersTag(a: PlayerId, b: PlayerId): number {
  return fnv1a(`${a}\u0000${b}`) % 1024;
}

/** The first field the code cannot carry, or null. (APD and CP are whole numbers in SR2011.) */
export function resultCodeProblem(p: ResultPayload): { field: string; max: number } | null {
  const check = (field: string, v: number, min: number, max: number): { field: string; max: number } | null =>
    Number.isInteger(v) && v >= min && v <= max ? null : { field, max };
  return (
    check('round', p.round, 1, LIMITS.round) ??
    check('table', p.table, 1, LIMITS.table) ??
    check('a.cp', p.a.cp, 0, LIMITS.cp) ??
    check('b.cp', p.b.cp, 0, LIMITS.cp) ??
    check('a.apd', p.a.apd, 0, LIMITS.apd) ??
    check('b.apd', p.b.apd, 0, LIMITS.apd) ??
    (p.a.listIndex === null ? null : check('a.listIndex', p.a.listIndex, 0, LIMITS.listIndex)) ??
    (p.b.listIndex === null ? null : check('b.listIndex', p.b.listIndex, 0, LIMITS.listIndex)) ??
    (p.sig === undefined || /^[0-9a-f]{10}$/.test(p.sig) ? null : { field: 'sig', max: 0 })
  );
}

/** The code in groups of 4 ("7K2M-…"). Throws RangeError on what resultCodeProblem reports. */
export function encodeResultCode(p: ResultPayload): string {
  const problem = resultCodeProblem(p);
  if (problem) throw new RangeError(`result code cannot carry ${problem.field}`);
  const ext = p.ext !== undefined && p.ext.length > 0 ? p.ext : null;
  if (ext && ext.length >= 2 ** EXT_LENGTH_BITS) throw new RangeError('result code cannot carry ext');
  const w = new BitWriter()
    .write(ext ? RESULT_CODE_VERSION_FIELDS : RESULT_CODE_VERSION, 3)
    .write(p.sig === undefined ? 0 : 1, 1)
    .write(p.eventTag, 16)
    .write(p.round, 6)
    .write(p.table, 11)
    .write(p.playersTag, 10)
    .write(p.winner === null ? 0 : p.winner === 'a' ? 1 : 2, 2)
    .write(p.how === null ? 0 : WIN_HOW.indexOf(p.how) + 1, 3)
    .write(p.a.cp, 5)
    .write(p.b.cp, 5)
    .write(p.a.apd, 11)
    .write(p.b.apd, 11)
    .write(p.a.listIndex === null ? 0 : p.a.listIndex + 1, 2)
    .write(p.b.listIndex === null ? 0 : p.b.listIndex + 1, 2);
  if (p.sig !== undefined) w.write(parseInt(p.sig, 16), 40);
  if (ext) {
    w.write(ext.length, EXT_LENGTH_BITS);
    for (const b of ext) w.write(b, 1);
    let pad = (5 - ((w.bits.length + 12) % 5)) % 5;
    // never a typed ticket's length, so the table's code box can tell the two apart
    while (TICKET_CHARS.includes((w.bits.length + pad + 12) / 5)) pad += 5;
    for (let i = 0; i < pad; i++) w.write(0, 1);
  }
  w.write(crc12(w.bits), 12);
  return groupCode(bitsToBase32(w.bits));
}

export type ResultCodeRefusal = 'empty' | 'characters' | 'length' | 'checksum' | 'version' | 'invalid';

export type DecodedResult = { ok: true; payload: ResultPayload; code: string } | { ok: false; reason: ResultCodeRefusal };

export function decodeResultCode(text: string): DecodedResult {
  const clean = normaliseCode(text);
  if (clean === '') return { ok: false, reason: 'empty' };
  const bits = base32ToBits(clean);
  if (bits === null) return { ok: false, reason: 'characters' };
  if (clean.length < RESULT_CODE_LENGTH || TICKET_CHARS.includes(clean.length)) return { ok: false, reason: 'length' };
  const body = bits.slice(0, bits.length - 12);
  const check = new BitReader(bits.slice(bits.length - 12)).read(12);
  if (crc12(body) !== check) return { ok: false, reason: 'checksum' };
  const r = new BitReader(body);
  const v = r.read(3);
  if (v !== RESULT_CODE_VERSION && v !== RESULT_CODE_VERSION_FIELDS) return { ok: false, reason: 'version' };
  const signed = r.read(1) === 1;
  if (v === RESULT_CODE_VERSION && clean.length !== (signed ? RESULT_CODE_LENGTH_SIGNED : RESULT_CODE_LENGTH)) return { ok: false, reason: 'length' };
  const tag = r.read(16);
  const round = r.read(6);
  const table = r.read(11);
  const players = r.read(10);
  const winner = r.read(2);
  const how = r.read(3);
  const cpA = r.read(5);
  const cpB = r.read(5);
  const apdA = r.read(11);
  const apdB = r.read(11);
  const listA = r.read(2);
  const listB = r.read(2);
  const sig = signed ? r.read(40).toString(16).padStart(SIG_HEX, '0') : undefined;
  let ext: number[] | undefined;
  if (v === RESULT_CODE_VERSION_FIELDS) {
    if (r.remaining < EXT_LENGTH_BITS) return { ok: false, reason: 'length' };
    const n = r.read(EXT_LENGTH_BITS);
    if (n === 0 || r.remaining < n) return { ok: false, reason: 'length' };
    ext = Array.from({ length: n }, () => r.read(1));
    // only the padding to whole characters is left, all zeros (a longer tail is not a code this app wrote)
    const pad = r.remaining;
    if (pad >= 15 || Array.from({ length: pad }, () => r.read(1)).some((b) => b !== 0)) return { ok: false, reason: 'invalid' };
  }
  if (winner === 3 || how > WIN_HOW.length || round === 0 || table === 0) return { ok: false, reason: 'invalid' };
  const payload: ResultPayload = {
    v,
    eventTag: tag,
    round,
    table,
    playersTag: players,
    winner: winner === 0 ? null : winner === 1 ? 'a' : 'b',
    how: how === 0 ? null : WIN_HOW[how - 1]!,
    a: { cp: cpA, apd: apdA, listIndex: listA === 0 ? null : listA - 1 },
    b: { cp: cpB, apd: apdB, listIndex: listB === 0 ? null : listB - 1 },
  };
  if (sig !== undefined) payload.sig = sig;
  if (ext !== undefined) payload.ext = ext;
  return { ok: true, payload, code: groupCode(bitsToBase32(bits)) };
}

export interface PairingRef {
  table: number;
  a: PlayerId;
  b: PlayerId;
}

export interface RoundRef {
  number: number;
  pairings: readonly PairingRef[];
}

export type ResultMismatch =
  | { reason: 'wrong-event' }
  | { reason: 'unknown-round'; round: number }
  | { reason: 'unknown-table'; round: number; table: number }
  | { reason: 'players-differ'; round: number; table: number };

/** The organizer's pairing this result belongs to, or why it belongs to none. */
export function findResultPairing(
  p: ResultPayload,
  eventId: string,
  rounds: readonly RoundRef[],
): { ok: true; round: number; pairing: PairingRef } | ({ ok: false } & ResultMismatch) {
  if (p.eventTag !== eventTag(eventId)) return { ok: false, reason: 'wrong-event' };
  const round = rounds.find((r) => r.number === p.round);
  if (!round) return { ok: false, reason: 'unknown-round', round: p.round };
  const pairing = round.pairings.find((x) => x.table === p.table);
  if (!pairing) return { ok: false, reason: 'unknown-table', round: p.round, table: p.table };
  if (playersTag(pairing.a, pairing.b) !== p.playersTag) return { ok: false, reason: 'players-differ', round: p.round, table: p.table };
  return { ok: true, round: round.number, pairing };
}

/** The event file's GameResult for the pairing the payload matched. */
export function resultFromPayload(p: ResultPayload, pairing: PairingRef): GameResult {
  const side = (s: ResultCodeSide) => ({ cp: s.cp, apd: s.apd, listIndex: s.listIndex });
  return { winner: p.winner === null ? null : pairing[p.winner], how: p.how, a: side(p.a), b: side(p.b) };
}

export function payloadFromResult(result: GameResult, ids: { eventId: string; round: number; pairing: PairingRef }, fields: readonly ResultField[] = []): ResultPayload {
  const { pairing } = ids;
  const side = (s: Side): ResultCodeSide => ({ cp: result[s].cp, apd: result[s].apd, listIndex: result[s].listIndex ?? null });
  const payload: ResultPayload = {
    v: RESULT_CODE_VERSION,
    eventTag: eventTag(ids.eventId),
    round: ids.round,
    table: pairing.table,
    playersTag: playersTag(pairing.a, pairing.b),
    winner: result.winner === null ? null : result.winner === pairing.a ? 'a' : 'b',
    how: result.how ?? null,
    a: side('a'),
    b: side('b'),
  };
  const packed = packFields(result, fields);
  if (!packed.ok) throw new RangeError(`result code cannot carry ${packed.field}`);
  if (packed.bits.length > 0) {
    payload.v = RESULT_CODE_VERSION_FIELDS;
    payload.ext = packed.bits;
  }
  return payload;
}

/** Same outcome on the fields the code carries (the system's own too, given its fields): a second scan of it changes nothing. */
export function sameResult(x: GameResult, y: GameResult, fields: readonly ResultField[] = []): boolean {
  const side = (s: GameResult['a']) => `${s.cp}/${s.apd}/${s.listIndex ?? ''}`;
  const value = (v: unknown): string => JSON.stringify(v ?? null);
  return (
    x.winner === y.winner &&
    (x.how ?? null) === (y.how ?? null) &&
    side(x.a) === side(y.a) &&
    side(x.b) === side(y.b) &&
    codeFields(fields).every((f) => (f.scope === 'game' ? value(x[f.key]) === value(y[f.key]) : value(x.a[f.key]) === value(y.a[f.key]) && value(x.b[f.key]) === value(y.b[f.key])))
  );
}

// ---- the system's own fields (v2) ----

const CORE_KEYS: ReadonlySet<string> = new Set(['how', 'cp', 'apd', 'listIndex']);
const NUMBER_GROUPS = 8;

/** The result fields a code carries beyond the core, in the order they are packed. */
export function codeFields(fields: readonly ResultField[]): ResultField[] {
  return fields.filter((f) => !f.derived && !CORE_KEYS.has(f.key));
}

const fieldsTag = (fields: readonly ResultField[]): number => fnv1a(fields.map((f) => `${f.scope}:${f.key}:${f.kind}`).join(',')) % 16;
const choiceWidth = (f: ResultField): number => Math.max(1, Math.ceil(Math.log2((f.choices?.length ?? 0) + 1)));
/** a field below 0 is allowed unless its minimum says otherwise (LotR's body count) */
const signed = (f: ResultField): boolean => f.min === undefined || f.min < 0;
/** 'number' fields travel in halves (LotR's 1.5) */
const scale = (f: ResultField): number => (f.kind === 'number' ? 2 : 1);

function packValue(w: BitWriter, f: ResultField, v: unknown): boolean {
  if (v === undefined || v === null) {
    w.write(0, f.kind === 'boolean' ? 2 : f.kind === 'choice' ? choiceWidth(f) : 1);
    return true;
  }
  if (f.kind === 'boolean') {
    if (typeof v !== 'boolean') return false;
    w.write(v ? 2 : 1, 2);
    return true;
  }
  if (f.kind === 'choice') {
    const i = typeof v === 'string' ? (f.choices ?? []).indexOf(v) : -1;
    if (i < 0) return false;
    w.write(i + 1, choiceWidth(f));
    return true;
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  const scaled = v * scale(f);
  if (!Number.isInteger(scaled) || (scaled < 0 && !signed(f))) return false;
  let m = Math.abs(scaled);
  if (m >= 2 ** (4 * NUMBER_GROUPS)) return false;
  w.write(1, 1);
  if (signed(f)) w.write(scaled < 0 ? 1 : 0, 1);
  // four bits at a time, low first, each group saying whether another follows
  do {
    const low = m % 16;
    m = Math.floor(m / 16);
    w.write(m > 0 ? 1 : 0, 1).write(low, 4);
  } while (m > 0);
  return true;
}

function unpackValue(r: BitReader, f: ResultField): { ok: boolean; value?: unknown } {
  if (f.kind === 'boolean') {
    const b = r.read(2);
    return b === 3 ? { ok: false } : b === 0 ? { ok: true } : { ok: true, value: b === 2 };
  }
  if (f.kind === 'choice') {
    const i = r.read(choiceWidth(f));
    if (i === 0) return { ok: true };
    const c = f.choices?.[i - 1];
    return c === undefined ? { ok: false } : { ok: true, value: c };
  }
  if (r.read(1) === 0) return { ok: true };
  const negative = signed(f) && r.read(1) === 1;
  let m = 0;
  for (let g = 0; g < NUMBER_GROUPS; g++) {
    const more = r.read(1);
    m += r.read(4) * 16 ** g;
    if (!more) return { ok: true, value: (negative ? -m : m) / scale(f) + 0 };
  }
  return { ok: false };
}

/** A result's own fields as bits, or the first one the code cannot carry ("a.bodyCount"). Empty when the system has none. */
export function packFields(result: GameResult, fields: readonly ResultField[]): { ok: true; bits: number[] } | { ok: false; field: string } {
  const carried = codeFields(fields);
  if (carried.length === 0) return { ok: true, bits: [] };
  const w = new BitWriter().write(fieldsTag(carried), 4);
  for (const f of carried) {
    if (f.scope === 'game') {
      if (!packValue(w, f, result[f.key])) return { ok: false, field: f.key };
    } else for (const s of ['a', 'b'] as const) if (!packValue(w, f, result[s][f.key])) return { ok: false, field: `${s}.${f.key}` };
  }
  return { ok: true, bits: w.bits };
}

/** The fields back from their bits; null when they were packed for another field list (another system or format). */
export function unpackFields(
  bits: readonly number[],
  fields: readonly ResultField[],
): { game: Record<string, unknown>; a: Record<string, unknown>; b: Record<string, unknown> } | null {
  const carried = codeFields(fields);
  const r = new BitReader(bits);
  if (carried.length === 0 || r.read(4) !== fieldsTag(carried)) return null;
  const out = { game: {} as Record<string, unknown>, a: {} as Record<string, unknown>, b: {} as Record<string, unknown> };
  for (const f of carried) {
    for (const target of f.scope === 'game' ? [out.game] : [out.a, out.b]) {
      if (r.remaining <= 0) return null;
      const v = unpackValue(r, f);
      if (!v.ok) return null;
      if (v.value !== undefined) target[f.key] = v.value;
    }
  }
  return r.remaining === 0 ? out : null;
}

/**
 * The event file's GameResult a code carries, with the system's own fields (v2); null when the
 * fields cannot be read with this event's field list. A v1 code gives the core fields alone.
 */
export function resultWithFields(p: ResultPayload, pairing: PairingRef, fields: readonly ResultField[]): GameResult | null {
  const core = resultFromPayload(p, pairing);
  if (p.ext === undefined) return core;
  const own = unpackFields(p.ext, fields);
  if (!own) return null;
  return { ...core, ...own.game, a: { ...core.a, ...own.a }, b: { ...core.b, ...own.b } };
}
