// The table ticket as a short typed code, for a table device with no camera: 40 characters
// (ten groups of four, Crockford base32, CRC-12), against ~830 for the QR ticket's JSON text.
// Like the result code, it carries numbers and fingerprints, not names: the table can only know
// what the code carries, so it carries what the table needs to run the game and hand back a
// result the organizer accepts, and nothing for display beyond the players' numbers.
//
// What a table really needs, and so what the code carries (bits):
//   version 3 · system 2 · event tag 16 · round 6 · table 11 · players tag 10
//     (the result code's own fingerprints: the table hands them back unchanged)
//   number a 13 · number b 13   shown instead of names ("Joueur n° 12"; the organizer's screen
//                               and the printed sheet show names beside the code)
//   lists a 2 · lists b 2       how many lists each player has (which one was played goes in the
//                               result); list contents stay on the organizer's device, which
//                               checks the result against them when the code comes back
//   headroom a 4 · headroom b 4 how far the player's largest list goes above the event's points
//                               (its caster bonus, 0..15): the table's "APD above the list" check
//                               uses it as a ceiling, so it never refuses a result the organizer
//                               would accept
//   points 11 · variants 9      the clock's timing and the end-of-game rules (TABLE_VARIANTS)
//   scenario 5                  the system's scenario (GameSystem.ticketScenarios: SR2011's; 0:
//                               none, or a system without numbered scenarios)
//   started 1 · start 17        the round's start, seconds of the UTC day; the day is the one
//                               that puts the start nearest the table device's clock
//   dice down 15                seconds from the start to dice down, 0 = none, masked (below)
//   key 42                      the first 42 bits of the table's signing key (signature.ts);
//                               0 = no key. A table entered by code signs with this short key;
//                               the organizer accepts either key (checkShortTicketSignature)
//   CRC-12                      every mistyped character and every swap of neighbours caught
// = 198 bits = 40 characters (two bits of padding).
//
// Version 2 adds, before the CRC (issue 21):
//   limit 10 · limit start 15 · row 3   the table's time limit in minutes (0 = none), its start in
//                               seconds after the round's start, and a Confrontation challenge's
//                               booklet row (0 = none): the table counts down as the tablet does
//   reserved 14                 zeros (room for a later field without a new length)
// = 240 bits = 48 characters, twelve groups of four. Version 1 codes (40
// characters) still read. Unlike the QR ticket, the code carries no issue time: the same table's
// code must read the same on the screen and on the sheet printed earlier. A table that typed it
// tells a clock behind the organizer's from the round's start alone.
//
// The dice-down offset is XORed with 15 bits of an HMAC, under a constant shipped in the app, of
// the code's other fields: as with the QR ticket's sealed end (seal.ts), a player reading the
// code sees no time, but someone reading the app's source could. Decoding re-seals the instant
// with sealInstant, so the table device stores and opens it exactly as a scanned ticket's.
import type { SystemId } from '../event-file/types';
import { SYSTEMS } from '../event-file/types';
import { systemFor, type GameSystem } from '../systems';
import { base32ToBits, BitReader, BitWriter, bitsToBase32, crc12, groupCode, normaliseCode } from './bits';
import { eventTag, playersTag } from './result-code';
import { newSealKey, sealInstant, utf8 } from './seal';
import { platformCrypto } from './web-crypto';
import { signPayload } from './signature';
import type { ResultPayload } from './result-code';
import { ticketId, type TableTicket, type TicketPlayer } from './ticket';

export const SHORT_TICKET_VERSION = 2;
export const SHORT_TICKET_LENGTH = 48;
/** the first layout's length, still read */
export const SHORT_TICKET_LENGTH_V1 = 40;
const KEY_BITS = 42;
const RESERVED_BITS = 14;
const DAY_S = 86_400;

/**
 * The variants a table device uses (clock timing, end-of-game rules), in a fixed order: a new one
 * goes at the end, or the code's version changes. A test checks every timing and victory variant
 * of the catalogue is here.
 */
export const TABLE_VARIANTS = [
  'no-time-limit',
  'relaxed-timing',
  'accelerated-timing',
  'hardcore-timing',
  'no-extensions',
  'time-reserve',
  'sudden-death',
  'no-assassination',
  'no-tiebreakers',
] as const;

export const SHORT_LIMITS = { round: 63, table: 2047, number: 8191, lists: 3, points: 2047, diceDownSeconds: 32_767, limitMinutes: 1023, limitStartSeconds: 32_767 } as const;

export interface ShortTicketInput {
  ticket: TableTicket;
  /** the dice-down instant in clear (organizer side only), or null without dice down */
  endAt: number | null;
}

/** Why a ticket cannot be written as a short code (the QR still works), or null. */
export function shortTicketProblem({ ticket, endAt }: ShortTicketInput): string | null {
  const fits = (v: number, max: number, min = 0): boolean => Number.isInteger(v) && v >= min && v <= max;
  if (!fits(ticket.round, SHORT_LIMITS.round, 1)) return 'round';
  if (!fits(ticket.table, SHORT_LIMITS.table, 1)) return 'table';
  if (!fits(ticket.a.number, SHORT_LIMITS.number, 1) || !fits(ticket.b.number, SHORT_LIMITS.number, 1)) return 'number';
  if (!fits(ticket.points, SHORT_LIMITS.points, 1)) return 'points';
  if (ticket.key !== undefined && !/^[0-9a-f]{11,}$/.test(ticket.key)) return 'key';
  if (endAt !== null) {
    if (ticket.startedAt === null) return 'start';
    const offset = Math.round((endAt - Math.floor(ticket.startedAt / 1000) * 1000) / 1000);
    if (!fits(offset, SHORT_LIMITS.diceDownSeconds, 1)) return 'diceDown';
  }
  if (ticket.timeLimit !== undefined) {
    if (ticket.startedAt === null) return 'start';
    if (!fits(ticket.timeLimit.minutes, SHORT_LIMITS.limitMinutes, 1)) return 'limit';
    if (!fits(limitOffset(ticket), SHORT_LIMITS.limitStartSeconds)) return 'limit';
  }
  return null;
}

/** The scenarios the code numbers for a system (GameSystem.ticketScenarios). */
const ticketScenarios = (system: SystemId): readonly string[] => (systemFor(system) as GameSystem).ticketScenarios ?? [];

const startSeconds = (t: TableTicket): number | null => (t.startedAt === null ? null : Math.floor(t.startedAt / 1000));
const limitOffset = (t: TableTicket): number => Math.round((t.timeLimit!.startedAt - startSeconds(t)! * 1000) / 1000);

/** The first 42 bits of a table key, as the 12 hex digits (6 bytes) a short-code table signs with. */
export function shortTableKey(key: string): string {
  return (BigInt(`0x${key.slice(0, 12)}`) >> 6n).toString(16).padStart(12, '0');
}

const keyBits = (key: string | undefined): bigint => (key === undefined ? 0n : BigInt(`0x${shortTableKey(key)}`));

async function mask(fields: string): Promise<number> {
  const subtle = platformCrypto()?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available (secure context required)');
  const key = await subtle.importKey('raw', utf8('wargame-tournament/short-ticket/dice-down/v1'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, utf8(fields)));
  return ((mac[0]! << 8) | mac[1]!) & 0x7fff;
}

function writeBig(w: BitWriter, value: bigint, width: number): void {
  for (let i = width - 1; i >= 0; i--) w.write(Number((value >> BigInt(i)) & 1n), 1);
}

function readBig(r: BitReader, width: number): bigint {
  let v = 0n;
  for (let i = 0; i < width; i++) v = (v << 1n) | BigInt(r.read(1));
  return v;
}

/** The code, grouped by four. Throws RangeError on what shortTicketProblem reports. */
export async function encodeShortTicket(input: ShortTicketInput): Promise<string> {
  const problem = shortTicketProblem(input);
  if (problem) throw new RangeError(`short ticket cannot carry ${problem}`);
  const { ticket, endAt } = input;
  const tag = eventTag(ticket.eventId);
  const players = playersTag(ticket.a.id, ticket.b.id);
  const startS = ticket.startedAt === null ? null : Math.floor(ticket.startedAt / 1000);
  const sod = startS === null ? 0 : startS % DAY_S;
  const offset = endAt === null || startS === null ? 0 : Math.round((endAt - startS * 1000) / 1000);
  const scenario = ticketScenarios(ticket.system).indexOf(ticket.scenario ?? '') + 1;
  const variants = TABLE_VARIANTS.reduce((m, v, i) => (ticket.variants.includes(v) ? m | (1 << i) : m), 0);
  const w = new BitWriter()
    .write(SHORT_TICKET_VERSION, 3)
    .write(SYSTEMS.indexOf(ticket.system), 2)
    .write(tag, 16)
    .write(ticket.round, 6)
    .write(ticket.table, 11)
    .write(players, 10)
    .write(ticket.a.number, 13)
    .write(ticket.b.number, 13)
    .write(Math.min(ticket.a.lists.length, SHORT_LIMITS.lists), 2)
    .write(Math.min(ticket.b.lists.length, SHORT_LIMITS.lists), 2)
    .write(headroom(ticket.a, ticket.points), 4)
    .write(headroom(ticket.b, ticket.points), 4)
    .write(ticket.points, 11)
    .write(variants, 9)
    .write(scenario, 5)
    .write(startS === null ? 0 : 1, 1)
    .write(sod, 17);
  // masked even when 0 (no dice down), so "none" looks like any other value
  w.write(startS === null ? 0 : offset ^ (await mask(maskFields(tag, ticket.round, ticket.table, players, sod))), 15);
  writeBig(w, keyBits(ticket.key), KEY_BITS);
  const limit = ticket.timeLimit !== undefined && startS !== null ? ticket.timeLimit : null;
  w.write(limit ? limit.minutes : 0, 10)
    .write(limit ? limitOffset(ticket) : 0, 15)
    .write(limit?.row ?? 0, 3)
    .write(0, RESERVED_BITS);
  w.write(crc12(w.bits), 12);
  return groupCode(bitsToBase32(w.bits));
}

/** The largest list's points above the event size, 0..15 (an SR2011 caster bonus fits). */
function headroom(p: TicketPlayer, points: number): number {
  const largest = p.lists.reduce((m, l) => Math.max(m, l.total), 0);
  return Math.max(0, Math.min(15, Math.ceil(largest - points)));
}

const maskFields = (tag: number, round: number, table: number, players: number, sod: number): string => ['short-ticket-v1', tag, round, table, players, sod].join('|');

export type ShortTicketRefusal = 'empty' | 'characters' | 'length' | 'checksum' | 'version' | 'invalid';

/** How the table names what the code does not carry. */
export interface ShortTicketLabels {
  event: string;
  player: (number: number) => string;
  list: (index: number) => string;
}

/** A decoded short code: a ticket the table device stores and plays like a scanned one. */
export interface ShortTicket extends TableTicket {
  /** the organizer's fingerprints, handed back in the result code (the ids are not in the code) */
  tags: { event: number; players: number };
}

export function isShortTicketText(text: string): boolean {
  const n = normaliseCode(text).length;
  return n === SHORT_TICKET_LENGTH || n === SHORT_TICKET_LENGTH_V1;
}

/**
 * Reads a typed short code. `now` (the device's clock) picks the day of the round's start;
 * the dice-down instant comes back sealed as in a QR ticket.
 */
export async function decodeShortTicket(
  text: string,
  now: number,
  labels: ShortTicketLabels,
): Promise<{ ok: true; ticket: ShortTicket; code: string } | { ok: false; reason: ShortTicketRefusal }> {
  const clean = normaliseCode(text);
  if (clean === '') return { ok: false, reason: 'empty' };
  const bits = base32ToBits(clean);
  if (bits === null) return { ok: false, reason: 'characters' };
  if (clean.length !== SHORT_TICKET_LENGTH && clean.length !== SHORT_TICKET_LENGTH_V1) return { ok: false, reason: 'length' };
  const body = bits.slice(0, bits.length - 12);
  if (crc12(body) !== new BitReader(bits.slice(bits.length - 12)).read(12)) return { ok: false, reason: 'checksum' };
  const r = new BitReader(body);
  const version = r.read(3);
  if (version !== SHORT_TICKET_VERSION && version !== 1) return { ok: false, reason: 'version' };
  if ((version === 1) !== (clean.length === SHORT_TICKET_LENGTH_V1)) return { ok: false, reason: 'length' };
  const system = SYSTEMS[r.read(2)] as SystemId;
  const tag = r.read(16);
  const round = r.read(6);
  const table = r.read(11);
  const players = r.read(10);
  const numA = r.read(13);
  const numB = r.read(13);
  const listsA = r.read(2);
  const listsB = r.read(2);
  const roomA = r.read(4);
  const roomB = r.read(4);
  const points = r.read(11);
  const variantBits = r.read(9);
  const scenario = r.read(5);
  const started = r.read(1) === 1;
  const sod = r.read(17);
  const masked = r.read(15);
  const key = readBig(r, KEY_BITS);
  const [limitMinutes, limitStart, row] = version === 1 ? [0, 0, 0] : [r.read(10), r.read(15), r.read(3)];
  if (version !== 1 && r.read(RESERVED_BITS) !== 0) return { ok: false, reason: 'invalid' };
  if (row > 5 || (limitMinutes === 0 && (limitStart !== 0 || row !== 0)) || (!started && limitMinutes !== 0)) return { ok: false, reason: 'invalid' };
  if (
    round === 0 ||
    table === 0 ||
    numA === 0 ||
    numB === 0 ||
    numA === numB ||
    points === 0 ||
    scenario > ticketScenarios(system).length ||
    sod >= DAY_S ||
    (!started && (sod !== 0 || masked !== 0))
  )
    return { ok: false, reason: 'invalid' };
  const startedAt = started ? nearestDay(sod, now) : null;
  const player = (number: number, lists: number, room: number): TicketPlayer => ({
    id: `p${number}`,
    number,
    name: labels.player(number),
    faction: null,
    lists: Array.from({ length: lists }, (_, i) => ({ caster: labels.list(i), total: points + room, models: null })),
  });
  const ticket: ShortTicket = {
    v: 1,
    eventId: `code-${tag.toString(16).padStart(4, '0')}`,
    eventName: labels.event,
    system,
    date: new Date(startedAt ?? now).toISOString().slice(0, 10),
    points,
    variants: TABLE_VARIANTS.filter((_, i) => variantBits & (1 << i)),
    round,
    table,
    scenario: scenario === 0 ? null : ticketScenarios(system)[scenario - 1]!,
    startedAt,
    sealedEnd: null,
    a: player(numA, listsA, roomA),
    b: player(numB, listsB, roomB),
    tags: { event: tag, players },
  };
  if (key !== 0n) ticket.key = key.toString(16).padStart(12, '0');
  if (startedAt !== null && limitMinutes > 0) ticket.timeLimit = { minutes: limitMinutes, startedAt: startedAt + limitStart * 1000, ...(row > 0 && { row }) };
  if (startedAt !== null) {
    const offset = masked ^ (await mask(maskFields(tag, round, table, players, sod)));
    if (offset !== 0) {
      // sealed on this device with a key of its own, like a scanned ticket's
      const sealKey = newSealKey();
      ticket.sealedEnd = await sealInstant(startedAt + offset * 1000, ticketId(ticket), sealKey);
      ticket.sealKey = sealKey;
    }
  }
  return { ok: true, ticket, code: groupCode(clean) };
}

/** The instant at `sod` seconds of a UTC day nearest `now`. */
function nearestDay(sod: number, now: number): number {
  const day = Math.floor(now / (DAY_S * 1000)) * DAY_S * 1000;
  const candidates = [day - DAY_S * 1000, day, day + DAY_S * 1000].map((d) => d + sod * 1000);
  return candidates.reduce((best, c) => (Math.abs(c - now) < Math.abs(best - now) ? c : best));
}

/** Fills in the organizer's fingerprints a short-code table must hand back. */
export function withTicketTags(payload: ResultPayload, ticket: TableTicket): ResultPayload {
  const tags = (ticket as Partial<ShortTicket>).tags;
  return tags ? { ...payload, eventTag: tags.event, playersTag: tags.players } : payload;
}

/**
 * A result signed with the short key of its table (a table entered by typed code). Checked after
 * the full key failed; the organizer re-derives the table key from the event secret as before.
 */
export async function signedWithShortKey(p: ResultPayload, fullTableKey: string): Promise<boolean> {
  if (p.sig === undefined) return false;
  return (await signPayload(p, shortTableKey(fullTableKey))).sig === p.sig;
}
