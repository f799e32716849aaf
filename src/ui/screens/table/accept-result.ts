// The organizer's side of a result coming from a table: from a scanned or typed code, or from
// the table screen on this very tablet. Either way it passes the checks a typed result passes
// (the result form's rules, then the event file's validation with the result in place) before
// a `result-recorded` action is appended; a second copy of a recorded result records nothing.
import type { EventFile, GameResult, Pairing } from '../../../domain/event-file';
import { problemMessage, validateEventFile } from '../../../domain/event-file';
import {
  checkSignature,
  decodeResultCode,
  findResultPairing,
  RESULT_CODE_VERSION,
  resultWithFields,
  sameResult,
  signedWithShortKey,
  tableKey,
  ticketId,
} from '../../../domain/handoff';
import { systemFor, systemProblemMessage } from '../../../domain/systems';
import type { Lang, Translate } from '../../../i18n';
import { uiFor } from '../../systems';
import { withDerived } from '../../systems/shared/field-draft';
import { typeset } from '../../../i18n/typography';

export type Intake =
  | { kind: 'record'; round: number; table: number; pairing: Pairing; result: GameResult }
  | { kind: 'duplicate'; round: number; table: number }
  | { kind: 'refused'; messages: string[] };

/**
 * Checks a result for round `roundNo`, table `table` of `event` as the result form would.
 * `players`: who the table played with (its ticket), when known.
 */
export function checkIncomingResult(
  event: EventFile,
  roundNo: number,
  table: number,
  result: GameResult,
  t: Translate,
  lang: Lang,
  players?: { a: string; b: string },
  /** a v1 code, which had no room for some of the system's fields (codeOmits) */
  legacyCode = false,
): Intake {
  const round = event.rounds.find((r) => r.number === roundNo);
  const pairing = round?.pairings.find((p) => p.table === table);
  if (!round || !pairing) return { kind: 'refused', messages: [t('table.intake.unknownTable', { round: roundNo, table })] };
  if (players && (players.a !== pairing.a || players.b !== pairing.b)) return { kind: 'refused', messages: [t('table.intake.playersDiffer', { round: roundNo, table })] };
  const fields = systemFor(event.system).resultFields(event.settings);
  if (pairing.result) {
    if (sameResult(pairing.result, result, fields)) return { kind: 'duplicate', round: roundNo, table };
    return { kind: 'refused', messages: [t('table.intake.conflict', { round: roundNo, table })] };
  }
  // the system's own rules first (a CDR result needs its VP), except the fields an old (v1) code
  // had no room for, then the desk's extra checks
  const ui = uiFor(event.system);
  const omitted = (path: string): boolean => legacyCode && ui.codeOmits?.includes(path.split('.').pop()!) === true;
  const errors = [
    ...systemFor(event.system)
      .validateResult(result, pairing, event.settings)
      .filter((p) => !p.warning && !(p.code === 'field-required' && omitted(p.path)))
      .map((p) => typeset(systemProblemMessage(p, lang), lang)),
    ...(ui.checkResult?.(event, round, pairing, result, t, lang).errors ?? []),
  ];
  if (errors.length > 0) return { kind: 'refused', messages: errors };
  const withResult: EventFile = {
    ...event,
    rounds: event.rounds.map((r) => (r.number !== roundNo ? r : { ...r, pairings: r.pairings.map((p) => (p.table === table ? { ...p, result } : p)) })),
  };
  // the stored event passed the shape checks at import; the result's numbers are checked by the store
  const checked = validateEventFile(withResult, { shapeChecked: true });
  if (!checked.ok) return { kind: 'refused', messages: checked.problems.map((p) => typeset(problemMessage(p, lang), lang)) };
  return { kind: 'record', round: roundNo, table, pairing, result };
}

/**
 * A scanned QR or a typed code, read against the organizer's event. Only a code signed with the
 * key of the ticket this event issued for that table is recorded: an unsigned or wrongly signed
 * code was typed by hand, altered, or made for another table, round or event; and an event that
 * never issued a ticket (no signing secret on this device) can verify nothing, so it records
 * nothing from a code either. Those results are typed at the desk with both players.
 */
export async function intakeCode(
  event: EventFile,
  eventId: string,
  text: string,
  t: Translate,
  lang: Lang,
  secret: string | null = null,
  /** the round the results desk takes: a verified code for another round records nothing (a repeat is still said) */
  deskRound?: number,
): Promise<Intake> {
  const decoded = decodeResultCode(text);
  if (!decoded.ok) {
    const looksLikeTicket = /^WT\d+:/.test(text.trim());
    return { kind: 'refused', messages: [t(looksLikeTicket ? 'table.intake.isTicket' : `table.code.${decoded.reason}`)] };
  }
  const found = findResultPairing(decoded.payload, eventId, event.rounds);
  if (!found.ok) {
    const msg =
      found.reason === 'wrong-event'
        ? t('table.intake.wrongEvent')
        : found.reason === 'unknown-round'
          ? t('table.intake.unknownRound', { round: found.round })
          : found.reason === 'unknown-table'
            ? t('table.intake.unknownTable', { round: found.round, table: found.table })
            : t('table.intake.playersDiffer', { round: found.round, table: found.table });
    return { kind: 'refused', messages: [msg] };
  }
  const pairing = event.rounds.find((r) => r.number === found.round)!.pairings.find((p) => p.table === found.pairing.table)!;
  if (!secret) return { kind: 'refused', messages: [t('table.intake.noTicket', { round: found.round, table: pairing.table })] };
  const id = ticketId({ eventId, round: found.round, table: pairing.table });
  let check: Awaited<ReturnType<typeof checkSignature>>;
  try {
    check = await checkSignature(decoded.payload, secret, id);
    // a table that typed its ticket's short code signs with the short form of the same key
    if (check === 'invalid' && (await signedWithShortKey(decoded.payload, await tableKey(secret, id)))) check = 'valid';
  } catch {
    // no WebCrypto (plain http): a signature that cannot be checked is not a valid one
    return { kind: 'refused', messages: [t('table.intake.cannotVerify', { round: found.round, table: pairing.table })] };
  }
  if (check !== 'valid')
    return { kind: 'refused', messages: [t(check === 'missing' ? 'table.intake.unsigned' : 'table.intake.badSignature', { round: found.round, table: pairing.table })] };
  if (deskRound !== undefined && found.round !== deskRound && !pairing.result)
    return { kind: 'refused', messages: [t('desk.wrongRound', { round: found.round, table: pairing.table, desk: deskRound })] };
  const carried = resultWithFields(decoded.payload, pairing, systemFor(event.system).resultFields(event.settings));
  if (!carried) return { kind: 'refused', messages: [t('table.intake.otherFields', { round: found.round, table: pairing.table })] };
  const legacy = decoded.payload.v === RESULT_CODE_VERSION;
  // what the system derives (CDR's TP and goal-average, the challenge's time-limit row) is not
  // carried: computed here as the table's form computed it, so the desk stores what the table saved
  const whole = withDerived(systemFor(event.system), event.settings, legacy ? withSystemFields(event, carried, pairing) : carried, pairing);
  return checkIncomingResult(event, found.round, pairing.table, whole, t, lang, undefined, legacy);
}

/**
 * The result an old (v1) code carries, completed with what the event's system rebuilds from it
 * (LotR's points, CDR's VP, Rackham's bonus bits): v1 had room for winner, how, CP and APD only.
 */
export function withSystemFields(event: EventFile, result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>): GameResult {
  return uiFor(event.system).fromCode?.(result, pairing, event.settings) ?? result;
}
