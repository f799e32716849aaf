// The result a table device hands back to the organizer, as a short code: the same text is shown
// as a QR (alphanumeric mode, small and easy to scan) and, without a camera, typed in by hand in
// groups of 4. It identifies its table by fingerprints (event, players) and numbers (round,
// table) so the organizer's device can refuse a result meant for another game, and a CRC-12
// catches typos before any of that is read.
//
// Layout v1 (bits): version 3, has-signature 1, event tag 16, round 6, table 11, players tag 10,
// winner 2, how 3, CP a 5, CP b 5, APD a 11, APD b 11, list a 2, list b 2, [signature 40], CRC 12.
// 100 bits = 20 characters without a signature, 28 with one. The signature slot is for issue 7
// (an HMAC over the result with a per-event secret carried in the ticket): v1 carries it but
// nothing checks it yet. A new layout takes a new version number; decoders refuse what they do
// not know rather than guess.
import type { GameResult, PlayerId, WinHow } from '../event-file/types';
import { WIN_HOW } from '../event-file/types';
import { base32ToBits, BitReader, BitWriter, bitsToBase32, crc12, fnv1a, groupCode, normaliseCode } from './bits';

export const RESULT_CODE_VERSION = 1;
export const RESULT_CODE_LENGTH = 20;
export const RESULT_CODE_LENGTH_SIGNED = 28;
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
  /** 40 bits as 10 hex digits; reserved for issue 7's HMAC, not verified in v1 */
  sig?: string;
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
  const w = new BitWriter()
    .write(RESULT_CODE_VERSION, 3)
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
  if (clean.length !== RESULT_CODE_LENGTH && clean.length !== RESULT_CODE_LENGTH_SIGNED) return { ok: false, reason: 'length' };
  const body = bits.slice(0, bits.length - 12);
  const check = new BitReader(bits.slice(bits.length - 12)).read(12);
  if (crc12(body) !== check) return { ok: false, reason: 'checksum' };
  const r = new BitReader(body);
  const v = r.read(3);
  if (v !== RESULT_CODE_VERSION) return { ok: false, reason: 'version' };
  const signed = r.read(1) === 1;
  if (signed !== (clean.length === RESULT_CODE_LENGTH_SIGNED)) return { ok: false, reason: 'length' };
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

export function payloadFromResult(result: GameResult, ids: { eventId: string; round: number; pairing: PairingRef }): ResultPayload {
  const { pairing } = ids;
  const side = (s: Side): ResultCodeSide => ({ cp: result[s].cp, apd: result[s].apd, listIndex: result[s].listIndex ?? null });
  return {
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
}

/** Same outcome on the fields the code carries: a second scan of it changes nothing. */
export function sameResult(x: GameResult, y: GameResult): boolean {
  const side = (s: GameResult['a']) => `${s.cp}/${s.apd}/${s.listIndex ?? ''}`;
  return x.winner === y.winner && (x.how ?? null) === (y.how ?? null) && side(x.a) === side(y.a) && side(x.b) === side(y.b);
}
