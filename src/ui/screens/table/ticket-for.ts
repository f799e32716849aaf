// The organizer's side of a ticket: the round's hidden end, sealed for this one table.
import type { EventFile } from '../../../domain/event-file';
import {
  buildTicket,
  encodeQrTicket,
  isIntakeAddress,
  encodeShortTicket,
  encodeTicket,
  newSealKey,
  sealInstant,
  SealUnavailableError,
  shortTicketProblem,
  SigningUnavailableError,
  tableKey,
  ticketId,
  type TableTicket,
} from '../../../domain/handoff';
import { uiFor } from '../../systems';
import type { WargameDb } from '../../../store/db';
import { getSyncConfig } from '../../../store/sync-config';
import { intakeAddress } from '../../../sync/intake';

/** The intake address the event's tickets carry: its server's `<db>-intake`, when it syncs through one. */
export async function ticketIntake(db: WargameDb, eventId: string): Promise<string | null> {
  const cfg = await getSyncConfig(db, eventId);
  const address = cfg ? intakeAddress(cfg.url, cfg.db) : null;
  return address !== null && isIntakeAddress(address) ? address : null;
}

export interface IssuedTicket {
  ticket: TableTicket;
  /** the round has dice down but this page could not seal it (no WebCrypto outside https) */
  unsealed: boolean;
  /** the dice-down instant in clear, for the short code's mask only: never rendered */
  endAt: number | null;
}

/** The ticket's short typed code, or null when it cannot be made here (see shortTicketProblem). */
export async function shortTicketCode(issued: IssuedTicket): Promise<string | null> {
  if (issued.unsealed) return null;
  const input = { ticket: issued.ticket, endAt: issued.endAt };
  if (shortTicketProblem(input) !== null) return null;
  try {
    return await encodeShortTicket(input);
  } catch {
    // no WebCrypto on this page: the QR and its text still work
    return null;
  }
}

/**
 * The text of the ticket's QR: its short code and the names when there is one (few modules, read
 * by a tablet camera at arm's length, qr-ticket.ts), else the whole ticket. The whole ticket too
 * when the table plays from what only it carries: the lists refused this round (SR2011's
 * list-use variants) or the list contents the system's table tools use.
 */
export function qrTicketText(ticket: TableTicket, short: string | null): string {
  const whole = ticket.listRules !== undefined || uiFor(ticket.system).tableNeedsLists?.({ points: ticket.points, variants: ticket.variants, rounds: null }) === true;
  return short && !whole
    ? encodeQrTicket(short, { event: ticket.eventName, a: ticket.a.name, b: ticket.b.name, ...(ticket.intake !== undefined && { intake: ticket.intake }) })
    : encodeTicket(ticket);
}

/**
 * null when the table does not exist or its round has not started (its scenario is still secret).
 * `secret`: the event's signing secret, so the ticket carries this table's key (signature.ts);
 * null for the organizer's own tablet, whose results never travel as a code.
 */
export async function issueTicket(
  event: EventFile,
  eventId: string,
  roundNo: number,
  table: number,
  secret: string | null = null,
  /** this device's clock now: the table compares it with its own */
  issuedAt?: number,
  /** the event's intake address (ticketIntake), carried so the table can send its result itself */
  intake: string | null = null,
): Promise<IssuedTicket | null> {
  const round = event.rounds.find((r) => r.number === roundNo);
  if (!round || typeof round.startedAt !== 'number') return null;
  // only a hidden length (SR2011's) has an end to seal; the other clocks run from the round's start.
  // The strict setting: the end never leaves the organizer's device, sealed or not
  const strict = event.settings.organizerCallsTime === true;
  const end = strict ? null : (uiFor(event.system).hiddenEnd?.(event, round) ?? null);
  const id = ticketId({ eventId, round: roundNo, table });
  let sealed: string | null = null;
  let sealKey: string | undefined;
  let unsealed = false;
  if (end !== null) {
    try {
      // one key per ticket: from the event's secret (the same ticket issued twice seals alike), else random
      sealKey = secret ? (await tableKey(secret, `seal\u0000${id}`)).slice(0, 32) : newSealKey();
      sealed = await sealInstant(end, id, sealKey);
    } catch (err) {
      if (!(err instanceof SealUnavailableError) && !(err instanceof SigningUnavailableError)) throw err;
      sealed = null;
      sealKey = undefined;
      unsealed = true;
    }
  }
  const ticket = buildTicket(event, eventId, roundNo, table, sealed);
  if (!ticket) return null;
  if (sealKey) ticket.sealKey = sealKey;
  if (strict) ticket.organizerCallsTime = true;
  if (issuedAt !== undefined) ticket.issuedAt = issuedAt;
  if (intake !== null && isIntakeAddress(intake)) ticket.intake = intake;
  if (secret) {
    try {
      ticket.key = await tableKey(secret, ticketId({ eventId, round: roundNo, table }));
    } catch (err) {
      if (!(err instanceof SigningUnavailableError)) throw err;
    }
  }
  return { ticket, unsealed, endAt: end };
}
