// A table's clock state for « La salle » (issue 20): what a table device tells the organizer's
// screen every turn and every ~10 s while it runs, through the event's intake. It is a short
// signed text, one line of fixed fields, so the intake's rules can check its shape and size,
// and the organizer's device checks its signature with the table key it re-derives from the
// event secret: a state forged by anyone without that table's ticket is refused and counted.
//
// Never in it: the sealed dice-down instant. The state says « dice down passed » once the table
// has reached it, nothing before; the time left is the turn's (or the reserve's, or the game's
// public stop), which the players see on the table anyway.
//
// Text: H1.<event tag>.<round>.<table>.<taken at ms>.<turn>.<active a|b|->.<phase W|G|P|O>
//       .<flags DTRXYQ in that order, or ->.<time left ms|->.<CP a|->.<CP b|->.<signature 16 hex>
import { eventTag } from './result-code';
import { hmac, tableKey } from './signature';
import { shortTableKey } from './short-ticket';
import { ticketId } from './ticket';

export type HallPhase = 'waiting' | 'running' | 'paused' | 'over';

export interface HallState {
  eventTag: number;
  round: number;
  table: number;
  /** when the state was taken (epoch ms): the screen counts the time left down from it */
  at: number;
  /** game turn; 0 before the clock starts */
  turn: number;
  /** the player to act; null for a game clock with no sides (LotR) */
  active: 'a' | 'b' | null;
  phase: HallPhase;
  /** at `at`; counts down from `at` while running; null: no time limit */
  leftMs: number | null;
  extensionUsed: { a: boolean; b: boolean };
  /** null when the system scores no control points */
  cp: { a: number; b: number } | null;
  diceDown: boolean;
  timeOut: boolean;
  resultIn: boolean;
  /** the players disagree on the result and call the organizer */
  dispute: boolean;
}

const PHASES: Record<HallPhase, string> = { waiting: 'W', running: 'G', paused: 'P', over: 'O' };
const PHASE_OF: Record<string, HallPhase> = { W: 'waiting', G: 'running', P: 'paused', O: 'over' };
/** The intake's rule for a clock document's `code` (kept equal to the validate_doc_update's). */
export const HALL_PATTERN = /^H1\.\d{1,5}\.\d{1,3}\.\d{1,4}\.\d{1,15}\.\d{1,3}\.[ab-]\.[WGPO]\.(D?T?R?X?Y?Q?|-)\.(-?\d{1,9}|-)\.(\d{1,3}|-)\.(\d{1,3}|-)\.[0-9a-f]{16}$/;

const num = (n: number, max: number): number => Math.max(0, Math.min(max, Math.floor(n)));

function body(s: HallState): string {
  const flags =
    (s.diceDown ? 'D' : '') + (s.timeOut ? 'T' : '') + (s.resultIn ? 'R' : '') + (s.extensionUsed.a ? 'X' : '') + (s.extensionUsed.b ? 'Y' : '') + (s.dispute ? 'Q' : '');
  const left = s.leftMs === null ? '-' : String(Math.max(-999_999_999, Math.min(999_999_999, Math.round(s.leftMs))));
  return [
    'H1',
    num(s.eventTag, 99_999),
    num(s.round, 999),
    num(s.table, 9_999),
    num(s.at, 999_999_999_999_999),
    num(s.turn, 999),
    s.active ?? '-',
    PHASES[s.phase],
    flags || '-',
    left,
    s.cp ? num(s.cp.a, 999) : '-',
    s.cp ? num(s.cp.b, 999) : '-',
  ].join('.');
}

/** The signed text a table device sends; `key` is its ticket's table key. */
export async function encodeHallState(s: HallState, key: string): Promise<string> {
  const text = body(s);
  return `${text}.${(await hmac(key, `hall-v1\u0000${text}`)).slice(0, 16)}`;
}

/** Reads the text's fields; null when it is not of the shape (nothing about its signature yet). */
export function parseHallState(text: string): { state: HallState; sig: string } | null {
  if (typeof text !== 'string' || text.length > 120 || !HALL_PATTERN.test(text)) return null;
  const f = text.split('.');
  const n = (i: number): number => Number(f[i]);
  const opt = (i: number): number | null => (f[i] === '-' ? null : Number(f[i]));
  const flags = f[8] === '-' ? '' : f[8]!;
  const cpA = opt(10);
  const cpB = opt(11);
  const state: HallState = {
    eventTag: n(1),
    round: n(2),
    table: n(3),
    at: n(4),
    turn: n(5),
    active: f[6] === '-' ? null : (f[6] as 'a' | 'b'),
    phase: PHASE_OF[f[7]!]!,
    leftMs: opt(9),
    extensionUsed: { a: flags.includes('X'), b: flags.includes('Y') },
    cp: cpA === null || cpB === null ? null : { a: cpA, b: cpB },
    diceDown: flags.includes('D'),
    timeOut: flags.includes('T'),
    resultIn: flags.includes('R'),
    dispute: flags.includes('Q'),
  };
  return { state, sig: f[12]! };
}

export type HallCheck = { ok: true; state: HallState } | { ok: false; reason: 'shape' | 'wrong-event' | 'signature' };

/** The organizer's check: the shape, this event, and the signature with the table's key. */
export async function checkHallState(text: string, eventId: string, eventSecret: string): Promise<HallCheck> {
  const parsed = parseHallState(text);
  if (!parsed) return { ok: false, reason: 'shape' };
  const { state, sig } = parsed;
  if (state.eventTag !== eventTag(eventId)) return { ok: false, reason: 'wrong-event' };
  // the body re-made from the parsed fields must be the text itself: no second spelling of a state
  if (`${body(state)}.${sig}` !== text) return { ok: false, reason: 'signature' };
  const key = await tableKey(eventSecret, ticketId({ eventId, round: state.round, table: state.table }));
  const signedBy = async (k: string): Promise<boolean> => (await hmac(k, `hall-v1\u0000${body(state)}`)).slice(0, 16) === sig;
  // a table that took its ticket from the QR or its short code holds the short form of its key
  if (!(await signedBy(key)) && !(await signedBy(shortTableKey(key)))) return { ok: false, reason: 'signature' };
  return { ok: true, state };
}

/** The time left at `now`, counted from when the state was taken. */
export function hallLeftAt(s: HallState, now: number): number | null {
  if (s.leftMs === null) return null;
  return s.phase === 'running' ? s.leftMs - Math.max(0, now - s.at) : s.leftMs;
}

/** What needs the organizer first: time out, then dice down, then a dispute, then the running, then the rest. */
export function hallUrgency(s: HallState): number {
  if (s.resultIn) return 6;
  if (s.timeOut) return 0;
  if (s.diceDown) return 1;
  if (s.dispute) return 2;
  if (s.phase === 'running' || s.phase === 'paused') return 3;
  if (s.phase === 'waiting') return 4;
  return 5;
}
