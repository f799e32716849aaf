// Issue 20, « Done when »: every system's result goes through the push path with its own fields
// intact. For SR2011, Confrontation CDR, the Rackham 200-PA challenge and LotR: the organizer
// issues a ticket carrying the intake address, the phone reads it, records the result as its
// form does (with what the system derives), signs the code with the ticket's key and drops it
// in the intake on a real PouchDB Server; the organizer's desk reads the intake, checks the code
// with the table's key and appends the result to the event's log. The stored result is the one
// the table recorded, field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFile, GameResult, SystemId } from '../../src/domain/event-file';
import {
  decodeTicket,
  eventTag,
  RESULT_CODE_MAX_LENGTH,
  encodeResultCode,
  encodeTicket,
  packFields,
  payloadFromResult,
  resultCodeProblem,
  signPayload,
  ticketEvent,
  withTicketTags,
} from '../../src/domain/handoff';
import { systemFor } from '../../src/domain/systems';
import { translator } from '../../src/i18n';
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent, loadEvent } from '../../src/store/events';
import { eventSecret, getEventSecret } from '../../src/store/secrets';
import { ensureIntake, intakeAddress, readIntake, sendResultCode } from '../../src/sync/intake';
import { withDerived } from '../../src/ui/systems/shared/field-draft';
import { intakeCode } from '../../src/ui/screens/table/accept-result';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { startPouchServer, type PouchServer } from '../../scripts/pouch-server';
import { makeEvent } from '../fixtures/events';
import { systemEvent } from '../ui/systems-fixtures';

let server: PouchServer;
beforeAll(async () => {
  server = await startPouchServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const START = Date.UTC(2026, 11, 5, 9, 0);
const side = (extra: Record<string, unknown>) => ({ cp: 0, apd: 0, listIndex: null, ...extra });
const hand = (caster: string, total: number) => ({ caster, themeForce: null, tier: null, bonus: 0, models: [{ name: caster, cost: total }] });

interface Case {
  system: SystemId;
  event: () => EventFile;
  table: number;
  /** what the players enter on the phone's form (the form adds what the system derives) */
  entered: GameResult;
}

function started(e: EventFile, pairings: EventFile['rounds'][number]['pairings']): EventFile {
  return { ...e, rounds: [{ number: 1, bye: null, startedAt: START, pairings }] };
}

const CASES: Case[] = [
  {
    system: 'sr2011',
    event: () => {
      const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
      e.rounds[0] = { ...e.rounds[0]!, startedAt: START };
      return e;
    },
    table: 2,
    entered: { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } },
  },
  {
    system: 'confrontation-cdr',
    event: () => started(systemEvent('confrontation-cdr', 400, 2), [{ table: 1, a: 'p1', b: 'p2' }]),
    table: 1,
    entered: { winner: 'p1', how: null, a: side({ vp: 2, apd: 120, bonus: 35 }), b: side({ vp: 1, apd: 80 }) },
  },
  {
    system: 'confrontation-rackham',
    event: () => {
      const e = systemEvent('confrontation-rackham', 200, 2);
      e.players = e.players.map((p) => ({ ...p, lists: [hand('Kelian Durak', 200), hand('Sered', 200)] }));
      return started(e, [{ table: 1, a: 'p1', b: 'p2' }]);
    },
    table: 1,
    entered: { winner: 'p2', how: null, stage: 'revenge', objective: 4, a: side({ stake: 55, listIndex: 1 }), b: side({ stake: 70, listIndex: 0 }) },
  },
  {
    system: 'lotr-sbg',
    event: () => started(systemEvent('lotr-sbg', 500, 2), [{ table: 1, a: 'p1', b: 'p2' }]),
    table: 1,
    entered: {
      winner: 'p1',
      how: 'tiebreak',
      ending: 'time',
      a: side({ points: 2, bodyCount: 4, kills: 11, camp: 'good', remainingValue: 212.5, heroPoints: 140, survivors: 15, losses: 11 }),
      b: side({ points: 1, bodyCount: -7, kills: 11, camp: 'evil', remainingValue: 180, heroPoints: 95, survivors: 4, losses: 11 }),
    },
  },
];

describe('every system through the push path', () => {
  it.each(CASES.map((c) => [c.system, c] as const))('%s: the result stored from the intake is the one the table recorded, every field', async (system, c) => {
    const address = intakeAddress(server.url, `push-${system}`);
    await ensureIntake(address);
    const db = await openEventDb({}, `push-${system}-${Math.random()}`);
    const { meta } = await createEvent(db, c.event(), { deviceId: 'tablet' });
    const eventId = meta.id;

    // the organizer's ticket, with the intake address, read by the phone from its text
    const organizer = (await loadEvent(db, eventId)).event;
    const issued = await issueTicket(organizer, eventId, 1, c.table, await eventSecret(db, eventId), START, address);
    expect(issued?.ticket.intake).toBe(address);
    const read = decodeTicket(encodeTicket(issued!.ticket));
    if (!read.ok) throw new Error(`ticket unreadable: ${read.reason}`);
    const ticket = read.ticket;
    expect(ticket.intake).toBe(address);

    // the phone: its form's result (the system's derived values in), then EndOfGame's code
    const { event: tableEvent, pairing } = ticketEvent(ticket);
    const sys = systemFor(ticket.system);
    const recorded = withDerived(sys, tableEvent.settings, c.entered, pairing);
    expect(sys.validateResult(recorded, pairing, tableEvent.settings).filter((p) => !p.warning)).toEqual([]);
    const fields = sys.resultFields(tableEvent.settings);
    expect(packFields(recorded, fields).ok).toBe(true);
    const payload = withTicketTags(payloadFromResult(recorded, { eventId: ticket.eventId, round: ticket.round, pairing }, fields), ticket);
    expect(resultCodeProblem(payload)).toBeNull();
    const code = encodeResultCode(await signPayload(payload, ticket.key!));
    // every system but SR2011 has fields of its own: a v2 code, longer than v1's 28 characters
    expect(code.replace(/-/g, '').length > 28).toBe(system !== 'sr2011');
    expect(await sendResultCode(ticket.intake!, code, START + 3_600_000)).toBe('sent');

    // the organizer's desk: reads the intake, checks the code, records it in the event's log
    const batch = await readIntake(address, '0');
    expect(batch.codes).toEqual([code]);
    expect(batch.skipped).toBe(0);
    const t = translator('fr');
    for (const text of batch.codes) {
      const current = (await loadEvent(db, eventId)).event;
      const intake = await intakeCode(current, eventId, text, t, 'fr', await getEventSecret(db, eventId), 1);
      if (intake.kind !== 'record') throw new Error(`${system}: not recorded: ${JSON.stringify(intake)}`);
      await appendActions(db, eventId, [{ type: 'result-recorded', round: intake.round, table: intake.table, result: intake.result }], { deviceId: 'tablet' });
    }
    const stored = (await loadEvent(db, eventId)).event.rounds[0]!.pairings.find((p) => p.table === c.table)!.result;
    expect(stored).toStrictEqual(recorded);
    // read again (the feed reads from the start when its screen opens): a silent repeat, nothing changes
    const again = await intakeCode((await loadEvent(db, eventId)).event, eventId, code, t, 'fr', await getEventSecret(db, eventId), 1);
    expect(again.kind).toBe('duplicate');
  });

  it('the intake takes the longest code a table can write (v2, signed, 1,023 bits of fields), and nothing longer', async () => {
    const address = intakeAddress(server.url, 'push-longest');
    await ensureIntake(address);
    const core = {
      v: 2,
      eventTag: eventTag('e'),
      round: 1,
      table: 1,
      playersTag: 1,
      winner: 'a' as const,
      how: null,
      a: { cp: 0, apd: 0, listIndex: null },
      b: { cp: 0, apd: 0, listIndex: null },
      sig: '0123456789',
    };
    const longest = encodeResultCode({ ...core, ext: Array.from({ length: 1023 }, (_, i) => i % 2) });
    expect(longest.replace(/-/g, '').length).toBe(RESULT_CODE_MAX_LENGTH);
    expect(await sendResultCode(address, longest, 1)).toBe('sent');
    const tooLong = `${longest}-ABCD`;
    const put = await fetch(`${address}/${encodeURIComponent(`result:${tooLong.replace(/-/g, '')}`)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'result', code: tooLong, at: 1 }),
    });
    expect(put.status).toBe(403);
    expect((await readIntake(address, '0')).codes).toEqual([longest]);
  });
});
