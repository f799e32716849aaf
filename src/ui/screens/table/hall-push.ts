// A table device's clock state for « La salle » (issue 20): the shared turn clock's state, or what
// a clock of the system's own says of itself (its table parts, ../../systems/table-parts.ts), and a device whose ticket carries the intake address and a table key sends it,
// signed, on each turn change and every ~10 s while the clock runs. Nothing about the sealed
// dice-down instant leaves the table: only « dice down passed » once the clock has reached it.
import { useEffect, useRef } from 'preact/hooks';
import { clockView, type ClockView } from '../../../domain/clock';
import { encodeHallState, eventTag, type HallPhase, type HallState, type ShortTicket } from '../../../domain/handoff';
import type { TableGameRecord } from '../../../store/table-games';
import { sendClockState } from '../../../sync/intake';
import { useServices } from '../../services';
import { tablePartsFor, type HallBase } from '../../systems/table-parts';
import { clockActions, tableClockConfig } from './use-table-game';

/** While a clock runs, a state goes at least this often (the hall is « updated within 10 s »). */
export const HALL_EVERY_MS = 10_000;
/** How often the device looks whether something changed (a sample, not a counter: times come from the state). */
const LOOK_MS = 1_000;

const NO_EXTENSION = { a: false, b: false };

/** SR2011's turn clock (and the turn counter of systems without timing: no time left, no CP). */
function fromTurnClock(base: HallBase, v: ClockView): HallState {
  const phase: HallPhase = v.phase === 'not-started' ? 'waiting' : v.phase === 'running' ? 'running' : v.phase === 'paused' ? 'paused' : 'over';
  const reserveSide = v.running === 'a' || v.running === 'b' ? v.running : v.active;
  const leftMs = v.mode === 'turns' ? v.turnRemainingMs : v.mode === 'reserve' && v.reserveRemainingMs && reserveSide ? v.reserveRemainingMs[reserveSide] : null;
  return {
    ...base,
    turn: v.phase === 'not-started' ? 0 : v.turn,
    active: v.phase === 'not-started' ? null : v.active,
    // a reserve runs while the turn clock is paused (the player taking time): it still counts down
    phase: phase === 'paused' && v.mode === 'reserve' && (v.running === 'a' || v.running === 'b') ? 'running' : phase,
    leftMs,
    extensionUsed: v.extensionUsed,
    cp: v.scenario ? { a: v.scenario.cp.a, b: v.scenario.cp.b } : null,
    diceDown: v.diceDown,
    timeOut: v.turnExpired || v.reserveExpired !== null,
  };
}

/** The state of one table game at `now`; `endAt` is the opened seal (memory only) or null. */
export function hallStateOf(record: TableGameRecord, endAt: number | null, now: number): HallState {
  const { ticket } = record;
  const resultIn = !!record.outcome && (record.outcome.delivered !== null || (record.outcome.confirmed.a && record.outcome.confirmed.b));
  // a ticket read from a QR or a short code knows the event only by its organizer's fingerprint
  const tag = (ticket as Partial<ShortTicket>).tags?.event ?? eventTag(ticket.eventId);
  const dispute = !!record.outcome?.disputed && !resultIn;
  const base: HallBase = { eventTag: tag, round: ticket.round, table: ticket.table, at: now, resultIn, dispute };
  const waiting: HallState = { ...base, turn: 0, active: null, phase: 'waiting', leftMs: null, extensionUsed: NO_EXTENSION, cp: null, diceDown: false, timeOut: false };
  const { clock } = tablePartsFor(ticket);
  if (clock.kind === 'own') return clock.hall(record, base, now) ?? waiting;
  if (!record.setup) return waiting;
  return fromTurnClock(base, clockView(tableClockConfig(ticket, record.setup, endAt), clockActions(record), now));
}

/** What, changed, sends a state at once: a turn, the player to act, a flag, the CP. */
const moment = (s: HallState): string =>
  [s.turn, s.active, s.phase, s.diceDown, s.timeOut, s.resultIn, s.extensionUsed.a, s.extensionUsed.b, s.cp?.a, s.cp?.b, s.dispute].join('|');

/** Sends this table's clock state to the intake, when its ticket says where and holds a key. */
export function useHallPush(record: TableGameRecord | null, endAt: () => number | null): void {
  const { now } = useServices();
  const recordRef = useRef(record);
  recordRef.current = record;
  const endAtRef = useRef(endAt);
  endAtRef.current = endAt;
  const address = record?.ticket.intake;
  const key = record?.ticket.key;
  useEffect(() => {
    if (!address || !key) return;
    let last: { moment: string; at: number } | null = null;
    let sending = false;
    let alive = true;
    const look = (): void => {
      const rec = recordRef.current;
      if (!rec || sending) return;
      const at = now();
      const state = hallStateOf(rec, endAtRef.current(), at);
      const m = moment(state);
      const due = last === null || m !== last.moment || ((state.phase === 'running' || state.phase === 'paused') && at - last.at >= HALL_EVERY_MS);
      if (!due) return;
      sending = true;
      void encodeHallState(state, key)
        // the screen may have closed while signing: nothing leaves a table no longer shown
        .then((code) => (alive ? sendClockState(address, code, at) : 'unreachable'))
        .then((r) => {
          // unreachable: tried again at the next look; the table plays on either way
          if (r !== 'unreachable') last = { moment: m, at };
        })
        .catch(() => undefined)
        .finally(() => {
          sending = false;
        });
    };
    look();
    const timer = setInterval(look, LOOK_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [address, key, now]);
}
