// The table ticket: everything a table device needs to run one game without a network, carried
// by a QR the organizer's tablet shows (ARCHITECTURE.md "Devices without a network"). The end of
// the round travels sealed (seal.ts); everything else is plain, since the players may see it.
//
// Wire format: "WT1:" then compact JSON with short keys, non-ASCII escaped as \uXXXX so the QR
// is plain bytes whatever the reader's idea of a character set. The version is in the prefix:
// a device that does not know it refuses the ticket instead of misreading it.
import type { EventFile, Pairing, Player, Round, SystemId } from '../event-file/types';
import { listTotal, SYSTEMS } from '../event-file/types';
import { systemFor, type GameSystem, type ListRefusal } from '../systems';
import { SEAL_KEY_PATTERN } from './seal';

export const TICKET_PREFIX = 'WT1:';
/** beyond this the models are left out of the lists: a denser QR is hard to scan from a screen */
export const TICKET_MAX_CHARS = 1100;

export interface TicketList {
  caster: string;
  total: number;
  /** null when left out to keep the QR small */
  models: Array<{ name: string; cost: number }> | null;
}

export interface TicketPlayer {
  id: string;
  number: number;
  name: string;
  faction: string | null;
  lists: TicketList[];
}

export interface TableTicket {
  v: 1;
  eventId: string;
  eventName: string;
  system: SystemId;
  date: string;
  points: number;
  variants: string[];
  round: number;
  table: number;
  scenario: string | null;
  /** the organizer's round start (epoch ms) */
  startedAt: number | null;
  /** the dice-down instant, sealed; null without dice down (no time limit, sudden death) */
  sealedEnd: string | null;
  a: TicketPlayer;
  b: TicketPlayer;
  /** this table's signing key (signature.ts); absent on tickets made before signing existed */
  key?: string;
  /**
   * The lists each player may not pick this round and why (GameSystem.refusedLists: SR2011's
   * list-use variants); absent when every list is open
   */
  listRules?: Record<'a' | 'b', TicketListRefusal[]>;
  /** this ticket's seal key (seal.ts), for `sealedEnd`; absent when nothing is sealed */
  sealKey?: string;
  /** the event's strict setting: the table calls no dice down of its own, the hall's timer does */
  organizerCallsTime?: boolean;
  /**
   * The time limit the organizer's clock counts for this table (a plain round's length, or the
   * table's Confrontation challenge limit), so the table counts down and calls it too. Absent: no
   * limit known when the ticket was made (SR2011's end travels sealed instead).
   */
  timeLimit?: TicketTimeLimit;
  /** the issuing device's clock when the ticket was made (epoch ms): a table device far off can tell */
  issuedAt?: number;
  /** where the table drops its signed result when it has a network (issue 20; never credentials) */
  intake?: string;
}

/**
 * An intake address a ticket may carry: http(s), a host, an optional port and one database
 * name; no credentials, query or fragment; 200 characters at most.
 */
export function isIntakeAddress(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 200 && /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?\/[a-z][a-z0-9_$()+-]*$/.test(v);
}

export interface TicketTimeLimit {
  minutes: number;
  /** when the limit started counting (epoch ms): the round's start, or the table's challenge row */
  startedAt: number;
  /** a Confrontation challenge: the booklet row the limit was read from (6 − the challenge die) */
  row?: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The limit the organizer's round clock counts for one table: the table's own (a challenge row
 * noted on the tablet) or else the round's length. Read from the round as RoundClock stores it.
 */
export function roundTimeLimit(round: Round, table: number): TicketTimeLimit | null {
  if (Array.isArray(round.tableLimits)) {
    const own = (round.tableLimits as unknown[]).find((l): l is Record<string, unknown> => typeof l === 'object' && l !== null && (l as Record<string, unknown>).table === table);
    const [minutes, startedAt, row] = [num(own?.minutes), num(own?.startedAt), num(own?.row)];
    if (minutes !== null && startedAt !== null) return { minutes, startedAt, ...(row !== null && { row }) };
  }
  const [minutes, startedAt] = [num(round.timeLimitMinutes), num(round.startedAt)];
  return minutes !== null && startedAt !== null ? { minutes, startedAt } : null;
}

/** One list a player may not pick, as the system refuses it (GameSystem.refusedLists). */
export type TicketListRefusal = ListRefusal;

export function ticketId(t: Pick<TableTicket, 'eventId' | 'round' | 'table'>): string {
  return `${t.eventId}:${t.round}:${t.table}`;
}

function ticketPlayer(p: Player): TicketPlayer {
  return {
    id: p.id,
    number: p.number,
    name: p.name,
    faction: p.faction ?? null,
    lists: p.lists.map((l) => ({ caster: l.caster, total: listTotal(l), models: l.models.map((m) => ({ name: m.name, cost: m.cost })) })),
  };
}

/** The ticket of one table, or null when the round or table does not exist. */
export function buildTicket(event: EventFile, eventId: string, roundNo: number, table: number, sealedEnd: string | null): TableTicket | null {
  const round = event.rounds.find((r) => r.number === roundNo);
  const pairing = round?.pairings.find((p) => p.table === table);
  const a = pairing && event.players.find((p) => p.id === pairing.a);
  const b = pairing && event.players.find((p) => p.id === pairing.b);
  if (!round || !a || !b) return null;
  const listRules = ticketListRules(event, roundNo, a.id, b.id);
  const timeLimit = roundTimeLimit(round, table);
  return {
    v: 1,
    eventId,
    eventName: event.name,
    system: event.system,
    date: event.date,
    points: event.settings.points,
    variants: [...event.settings.variants],
    round: roundNo,
    table,
    scenario: round.scenario ?? null,
    startedAt: typeof round.startedAt === 'number' ? round.startedAt : null,
    sealedEnd,
    a: ticketPlayer(a),
    b: ticketPlayer(b),
    ...(listRules && { listRules }),
    ...(timeLimit && { timeLimit }),
  };
}

function ticketListRules(event: EventFile, roundNo: number, a: string, b: string): Record<'a' | 'b', TicketListRefusal[]> | null {
  const system: GameSystem = systemFor(event.system);
  if (!system.refusedLists) return null;
  const rules = { a: system.refusedLists(event, a, roundNo), b: system.refusedLists(event, b, roundNo) };
  return rules.a.length + rules.b.length > 0 ? rules : null;
}

type WireRefusal = [number, string, number, number];
const toWireRefusals = (r: TicketListRefusal[]): WireRefusal[] => r.map((x) => [x.list, x.code, x.needed ?? -1, x.gamesLeft ?? -1]);

function readRefusals(raw: unknown): TicketListRefusal[] | null {
  if (!Array.isArray(raw)) return null;
  const out: TicketListRefusal[] = [];
  for (const x of raw) {
    if (!Array.isArray(x) || x.length !== 4 || !isInt(x[0], 0) || !isStr(x[1]) || !Number.isInteger(x[2]) || !Number.isInteger(x[3])) return null;
    out.push({ list: x[0], code: x[1], ...(x[2] >= 0 && { needed: x[2] as number }), ...(x[3] >= 0 && { gamesLeft: x[3] as number }) });
  }
  return out;
}

type WireList = [string, number, Array<[string, number]> | 0];
type WirePlayer = [string, number, string, string | 0, WireList[]];

function toWire(t: TableTicket, withModels: boolean): object {
  const player = (p: TicketPlayer): WirePlayer => [
    p.id,
    p.number,
    p.name,
    p.faction ?? 0,
    p.lists.map((l): WireList => [l.caster, l.total, withModels && l.models ? l.models.map((m): [string, number] => [m.name, m.cost]) : 0]),
  ];
  return {
    e: t.eventId,
    n: t.eventName,
    s: t.system,
    d: t.date,
    p: t.points,
    x: t.variants,
    r: t.round,
    t: t.table,
    c: t.scenario ?? 0,
    st: t.startedAt ?? 0,
    se: t.sealedEnd ?? 0,
    ...(t.key !== undefined && { k: t.key }),
    ...(t.listRules !== undefined && { lr: { a: toWireRefusals(t.listRules.a), b: toWireRefusals(t.listRules.b) } }),
    ...(t.sealKey !== undefined && { sk: t.sealKey }),
    ...(t.organizerCallsTime === true && { oc: 1 }),
    ...(t.timeLimit !== undefined && { tl: [t.timeLimit.minutes, t.timeLimit.startedAt, t.timeLimit.row ?? 0] }),
    ...(t.issuedAt !== undefined && { ia: t.issuedAt }),
    ...(t.intake !== undefined && { in: t.intake }),
    a: player(t.a),
    b: player(t.b),
  };
}

const asciiJson = (v: unknown): string => JSON.stringify(v).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The QR text; leaves the models out when the ticket would be too dense to scan. */
export function encodeTicket(t: TableTicket, maxChars = TICKET_MAX_CHARS): string {
  const full = TICKET_PREFIX + asciiJson(toWire(t, true));
  return full.length <= maxChars ? full : TICKET_PREFIX + asciiJson(toWire(t, false));
}

export type TicketRefusal = 'not-ticket' | 'version' | 'invalid';

type Obj = Record<string, unknown>;
const isStr = (v: unknown): v is string => typeof v === 'string';
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

function readPlayer(raw: unknown): TicketPlayer | null {
  if (!Array.isArray(raw) || raw.length !== 5) return null;
  const [id, number, name, faction, lists] = raw as unknown[];
  if (!isStr(id) || !id || !isInt(number, 1) || !isStr(name) || !(faction === 0 || isStr(faction)) || !Array.isArray(lists)) return null;
  const out: TicketList[] = [];
  for (const l of lists) {
    if (!Array.isArray(l) || l.length !== 3) return null;
    const [caster, total, models] = l as unknown[];
    if (!isStr(caster) || !isNum(total)) return null;
    let ms: TicketList['models'] = null;
    if (models !== 0) {
      if (!Array.isArray(models)) return null;
      ms = [];
      for (const m of models) {
        if (!Array.isArray(m) || !isStr(m[0]) || !isNum(m[1])) return null;
        ms.push({ name: m[0], cost: m[1] });
      }
    }
    out.push({ caster, total, models: ms });
  }
  return { id, number, name, faction: faction === 0 ? null : faction, lists: out };
}

/** Reads a scanned or pasted ticket, checking every field before the table trusts it. */
export function decodeTicket(text: string): { ok: true; ticket: TableTicket } | { ok: false; reason: TicketRefusal } {
  const s = text.trim();
  const m = /^WT(\d+):/.exec(s);
  if (!m) return { ok: false, reason: 'not-ticket' };
  if (`WT${m[1]}:` !== TICKET_PREFIX) return { ok: false, reason: 'version' };
  let w: Obj;
  try {
    const parsed: unknown = JSON.parse(s.slice(TICKET_PREFIX.length));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'invalid' };
    w = parsed as Obj;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const a = readPlayer(w.a);
  const b = readPlayer(w.b);
  const ok =
    isStr(w.e) &&
    w.e !== '' &&
    isStr(w.n) &&
    (SYSTEMS as readonly unknown[]).includes(w.s) &&
    isStr(w.d) &&
    isNum(w.p) &&
    w.p > 0 &&
    Array.isArray(w.x) &&
    w.x.every(isStr) &&
    isInt(w.r, 1) &&
    isInt(w.t, 1) &&
    (w.c === 0 || isStr(w.c)) &&
    (w.st === 0 || isNum(w.st)) &&
    (w.se === 0 || isStr(w.se)) &&
    a !== null &&
    b !== null &&
    a.id !== b.id &&
    (w.k === undefined || (isStr(w.k) && /^[0-9a-f]{64}$/.test(w.k))) &&
    (w.sk === undefined || (isStr(w.sk) && SEAL_KEY_PATTERN.test(w.sk))) &&
    (w.oc === undefined || w.oc === 1) &&
    (w.tl === undefined || readLimit(w.tl) !== null) &&
    (w.ia === undefined || isInt(w.ia, 1)) &&
    (w.in === undefined || isIntakeAddress(w.in)) &&
    // a strict event's ticket carries no end, sealed or not
    !(w.oc === 1 && w.se !== 0);
  if (!ok) return { ok: false, reason: 'invalid' };
  let listRules: TableTicket['listRules'];
  if (w.lr !== undefined) {
    const lr = w.lr as Obj | null;
    const ra = lr && typeof lr === 'object' ? readRefusals(lr.a) : null;
    const rb = lr && typeof lr === 'object' ? readRefusals(lr.b) : null;
    if (ra === null || rb === null) return { ok: false, reason: 'invalid' };
    listRules = { a: ra, b: rb };
  }
  return {
    ok: true,
    ticket: {
      v: 1,
      eventId: w.e as string,
      eventName: w.n as string,
      system: w.s as SystemId,
      date: w.d as string,
      points: w.p as number,
      variants: w.x as string[],
      round: w.r as number,
      table: w.t as number,
      scenario: w.c === 0 ? null : (w.c as string),
      startedAt: w.st === 0 ? null : (w.st as number),
      sealedEnd: w.se === 0 ? null : (w.se as string),
      a: a!,
      b: b!,
      ...(isStr(w.k) && { key: w.k }),
      ...(listRules && { listRules }),
      ...(isStr(w.sk) && { sealKey: w.sk }),
      ...(w.oc === 1 && { organizerCallsTime: true }),
      ...(w.tl !== undefined && { timeLimit: readLimit(w.tl)! }),
      ...(isInt(w.ia, 1) && { issuedAt: w.ia }),
      ...(isIntakeAddress(w.in) && { intake: w.in }),
    },
  };
}

function readLimit(raw: unknown): TicketTimeLimit | null {
  if (!Array.isArray(raw) || raw.length !== 3) return null;
  const [minutes, startedAt, row] = raw as unknown[];
  if (!isInt(minutes, 1) || minutes > 600 || !isInt(startedAt, 1) || !isInt(row, 0) || row > 5) return null;
  return { minutes, startedAt, ...(row > 0 && { row }) };
}

/**
 * The event as the table device knows it: the two players and this round only (earlier rounds
 * empty), so the organizer's result form, its checks and the event validation run unchanged on
 * the table. A list without its models becomes one line at its total, which keeps the form's
 * "APD above the list" check right.
 */
export function ticketEvent(t: TableTicket): { event: EventFile; round: Round; pairing: Pairing } {
  const player = (p: TicketPlayer): Player => ({
    id: p.id,
    number: p.number,
    name: p.name,
    ...(p.faction !== null && { faction: p.faction }),
    dropped: false,
    droppedAfterRound: null,
    lists: p.lists.map((l) => ({
      caster: l.caster,
      themeForce: null,
      tier: null,
      bonus: 0,
      models: l.models ?? [{ name: l.caster, cost: l.total }],
    })),
  });
  const pairing: Pairing = { table: t.table, a: t.a.id, b: t.b.id };
  const round: Round = {
    number: t.round,
    scenario: t.scenario,
    pairings: [pairing],
    bye: null,
    ...(t.startedAt !== null && { startedAt: t.startedAt }),
  };
  const earlier: Round[] = Array.from({ length: t.round - 1 }, (_, i) => ({ number: i + 1, pairings: [], bye: null }));
  const event: EventFile = {
    format: 'wargame-event',
    version: 1,
    system: t.system,
    name: t.eventName,
    date: t.date,
    settings: { points: t.points, variants: [...t.variants], rounds: null },
    players: [player(t.a), player(t.b)],
    rounds: [...earlier, round],
  };
  return { event, round, pairing };
}
