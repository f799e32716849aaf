import { describe, expect, it } from 'vitest';
import { validateEventFile } from '../../../src/domain/event-file';
import {
  buildTicket,
  checkSignature,
  decodeResultCode,
  decodeShortTicket,
  encodeResultCode,
  encodeShortTicket,
  encodeTicket,
  eventTag,
  findResultPairing,
  isShortTicketText,
  newEventSecret,
  openSealedInstant,
  payloadFromResult,
  playersTag,
  SHORT_TICKET_LENGTH,
  shortTableKey,
  shortTicketProblem,
  signedWithShortKey,
  signPayload,
  TABLE_VARIANTS,
  tableKey,
  ticketEvent,
  ticketId,
  withTicketTags,
  type TableTicket,
} from '../../../src/domain/handoff';
import { BASE32_ALPHABET, normaliseCode } from '../../../src/domain/handoff/bits';
import { VARIANT_CATALOGUE } from '../../../src/domain/sr2011/variants';
import { makeEvent, makePlayer } from '../../fixtures/events';

const START = Date.UTC(2026, 11, 5, 9, 0, 12, 345);
const END = START + 106 * 60_000;
const EVENT_ID = 'ev-7f3c2a10-51d4-4a57-9a2e-9b7a3c0de111';
const labels = { event: 'Événement (code saisi)', player: (n: number) => `Joueur n° ${n}`, list: (i: number) => `Liste ${i + 1}` };

async function ticket(table = 1, variants?: string[]): Promise<TableTicket> {
  const e = makeEvent();
  e.players[0] = makePlayer(1, { name: 'Pierre-Yves Morel-Delacroix' });
  e.players[1] = makePlayer(2, { lists: [makePlayer(2).lists[0]!, makePlayer(2).lists[0]!] });
  if (variants) e.settings.variants = variants;
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START } as (typeof e.rounds)[0];
  const t = buildTicket(e, EVENT_ID, 1, table, null)!;
  t.key = await tableKey(newEventSecret(), ticketId(t));
  return t;
}

describe('short ticket code v2: the time limit', () => {
  it("carries the table's limit (challenge row included), to the second, and no issue time: screen and sheet read alike", async () => {
    const t = await ticket();
    t.timeLimit = { minutes: 45, startedAt: START + 7 * 60_000 + 3_500, row: 4 };
    const code = await encodeShortTicket({ ticket: t, endAt: null });
    expect(await encodeShortTicket({ ticket: { ...t, issuedAt: START + 9 * 60_000 }, endAt: null })).toBe(code);
    const back = await decodeShortTicket(code, START + 60 * 60_000, labels);
    if (!back.ok) throw new Error(back.reason);
    const start = Math.floor(START / 1000) * 1000;
    expect(back.ticket.timeLimit).toEqual({ minutes: 45, startedAt: start + 7 * 60_000 + 4_000, row: 4 });
    expect(back.ticket.issuedAt).toBeUndefined();
    const plain = await ticket();
    plain.timeLimit = { minutes: 90, startedAt: START };
    const p = await decodeShortTicket(await encodeShortTicket({ ticket: plain, endAt: END }), START, labels);
    expect(p.ok && p.ticket.timeLimit).toEqual({ minutes: 90, startedAt: start });
  });

  it('refuses a limit it cannot carry rather than cut it', async () => {
    const t = await ticket();
    t.timeLimit = { minutes: 1024, startedAt: START };
    expect(shortTicketProblem({ ticket: t, endAt: null })).toBe('limit');
    t.timeLimit = { minutes: 30, startedAt: START + 10 * 3600_000 };
    expect(shortTicketProblem({ ticket: t, endAt: null })).toBe('limit');
  });

  it('still reads a version 1 code (40 characters), written before the limit existed', async () => {
    // made by the version 1 encoder: CDR, round 2, table 3, players 4 and 9, started 5 Dec 2026 09:00:12 UTC
    const back = await decodeShortTicket('6H7A-0G0D-W002-00JM-0340-009Z-9SVH-A000-0000-0880', Date.UTC(2026, 11, 5, 10), labels);
    if (!back.ok) throw new Error(back.reason);
    expect(back.ticket).toMatchObject({
      system: 'confrontation-cdr',
      round: 2,
      table: 3,
      points: 400,
      startedAt: Date.UTC(2026, 11, 5, 9, 0, 12),
      a: { number: 4 },
      b: { number: 9 },
    });
    expect(back.ticket.timeLimit).toBeUndefined();
    expect(isShortTicketText('6H7A-0G0D-W002-00JM-0340-009Z-9SVH-A000-0000-0880')).toBe(true);
  });
});

describe('short ticket code', () => {
  it('is 48 characters in twelve groups of four, against the QR text of several hundred', async () => {
    const t = await ticket();
    const code = await encodeShortTicket({ ticket: t, endAt: END });
    expect(code).toMatch(/^([0-9A-Z]{4}-){11}[0-9A-Z]{4}$/);
    expect(normaliseCode(code)).toHaveLength(SHORT_TICKET_LENGTH);
    expect(isShortTicketText(code.toLowerCase().replace(/-/g, ' '))).toBe(true);
    expect(encodeTicket(t).length).toBeGreaterThan(400);
  });

  it('gives the table what it needs: system, round, table, numbers, list counts, timing, scenario, start, sealed end, short key', async () => {
    const t = await ticket();
    const code = await encodeShortTicket({ ticket: t, endAt: END });
    const back = await decodeShortTicket(code, START + 40 * 60_000, labels);
    if (!back.ok) throw new Error(back.reason);
    const d = back.ticket;
    expect(d).toMatchObject({
      system: 'sr2011',
      round: 1,
      table: 1,
      points: 50,
      variants: ['accelerated-timing'],
      scenario: 'overrun',
      startedAt: Math.floor(START / 1000) * 1000,
      a: { number: 1, name: 'Joueur n° 1', lists: [{ caster: 'Liste 1', total: 55, models: null }] },
      b: { number: 2, name: 'Joueur n° 2' },
      tags: { event: eventTag(EVENT_ID), players: playersTag(t.a.id, t.b.id) },
      key: shortTableKey(t.key!),
    });
    expect(d.b.lists).toHaveLength(2);
    expect(d.eventName).toBe('Événement (code saisi)');
    expect(d.date).toBe('2026-12-05');
    // the end arrives sealed for this ticket, like a scanned one, to the second
    expect(d.sealedEnd).not.toBeNull();
    const opened = await openSealedInstant(d.sealedEnd!, ticketId(d), d.sealKey);
    expect(Math.abs(opened! - END)).toBeLessThan(1000);
    expect(back.code).toBe(code);
  });

  it("gives each player's lists the size of the largest, so the table never refuses an APD the organizer accepts", async () => {
    const t = await ticket();
    t.a.lists = [
      { caster: 'Haley', total: 57, models: null },
      { caster: 'Stryker', total: 53, models: null },
    ];
    t.b.lists = [{ caster: 'Huge', total: 90, models: null }];
    const back = await decodeShortTicket(await encodeShortTicket({ ticket: t, endAt: null }), START, labels);
    expect(back.ok && back.ticket.a.lists.map((l) => l.total)).toEqual([57, 57]);
    // beyond the 4 bits: capped, still a ceiling for the table's check only
    expect(back.ok && back.ticket.b.lists.map((l) => l.total)).toEqual([65]);
  });

  it('hands back a result the organizer matches to the real pairing and whose short-key signature checks', async () => {
    const secret = newEventSecret();
    const t = await ticket(2);
    const id = ticketId(t);
    t.key = await tableKey(secret, id);
    const back = await decodeShortTicket(await encodeShortTicket({ ticket: t, endAt: END }), START, labels);
    if (!back.ok) throw new Error(back.reason);
    const table = back.ticket;
    const { pairing, event } = ticketEvent(table);
    const result = { winner: pairing.a, how: 'scenario' as const, a: { cp: 2, apd: 22, listIndex: 0 }, b: { cp: 1, apd: 9, listIndex: 0 } };
    expect(validateEventFile({ ...event, rounds: [{ ...event.rounds[0]!, pairings: [{ ...pairing, result }] }] }).ok).toBe(true);
    const payload = await signPayload(withTicketTags(payloadFromResult(result, { eventId: table.eventId, round: table.round, pairing }), table), table.key!);
    const decoded = decodeResultCode(encodeResultCode(payload));
    if (!decoded.ok) throw new Error(decoded.reason);
    const organizer = buildTicket({ ...makeEvent(), rounds: makeEvent().rounds }, EVENT_ID, 1, 2, null)!;
    const found = findResultPairing(decoded.payload, EVENT_ID, [{ number: 1, pairings: [{ table: 2, a: organizer.a.id, b: organizer.b.id }] }]);
    expect(found).toMatchObject({ ok: true, round: 1 });
    expect(decoded.payload.winner).toBe('a');
    expect(await checkSignature(decoded.payload, secret, id)).toBe('invalid');
    expect(await signedWithShortKey(decoded.payload, await tableKey(secret, id))).toBe(true);
    // another table's key, or an altered result, does not check
    expect(await signedWithShortKey(decoded.payload, await tableKey(secret, ticketId({ ...t, table: 3 })))).toBe(false);
    expect(await signedWithShortKey({ ...decoded.payload, a: { ...decoded.payload.a, cp: 4 } }, await tableKey(secret, id))).toBe(false);
  });

  it('never shows the end in clear, and no dice down comes back as none', async () => {
    const a = await encodeShortTicket({ ticket: await ticket(1), endAt: END });
    for (const form of [String(END), String(END / 1000), '106', '6360']) expect(normaliseCode(a)).not.toContain(form);
    const none = await decodeShortTicket(await encodeShortTicket({ ticket: await ticket(1), endAt: null }), START, labels);
    expect(none.ok && none.ticket.sealedEnd).toBeNull();
  });

  it('refuses every mistyped character and every swap of neighbours', async () => {
    const code = normaliseCode(await encodeShortTicket({ ticket: await ticket(), endAt: END }));
    for (let i = 0; i < code.length; i++) {
      const other = BASE32_ALPHABET[(BASE32_ALPHABET.indexOf(code[i]!) + 7) % 32]!;
      const typo = code.slice(0, i) + other + code.slice(i + 1);
      expect((await decodeShortTicket(typo, START, labels)).ok).toBe(false);
      if (i + 1 < code.length && code[i] !== code[i + 1]) {
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        expect(await decodeShortTicket(swapped, START, labels)).toEqual({ ok: false, reason: 'checksum' });
      }
    }
    expect(await decodeShortTicket('', START, labels)).toEqual({ ok: false, reason: 'empty' });
    expect(await decodeShortTicket('WT1:{}', START, labels)).toEqual({ ok: false, reason: 'characters' });
    expect(await decodeShortTicket(code.slice(0, 28), START, labels)).toEqual({ ok: false, reason: 'length' });
  });

  it('puts the start on the day nearest the table clock, across midnight too', async () => {
    const late = Date.UTC(2026, 11, 5, 23, 50);
    const t = { ...(await ticket()), startedAt: late };
    const code = await encodeShortTicket({ ticket: t, endAt: late + 60 * 60_000 });
    const nextMorning = await decodeShortTicket(code, Date.UTC(2026, 11, 6, 0, 30), labels);
    expect(nextMorning.ok && nextMorning.ticket.startedAt).toBe(late);
    const sameEvening = await decodeShortTicket(code, Date.UTC(2026, 11, 5, 23, 55), labels);
    expect(sameEvening.ok && sameEvening.ticket.startedAt).toBe(late);
  });

  it('carries every variant the table uses, and says what it cannot carry', async () => {
    const tableUsed = VARIANT_CATALOGUE.filter((v) => (v.category === 'timing' || v.category === 'victory') && v.param === 'none').map((v) => v.name);
    expect([...TABLE_VARIANTS].sort()).toEqual([...tableUsed].sort());
    const all = await ticket(1, [...TABLE_VARIANTS, 'lists:2', 'painting:minimum']);
    const back = await decodeShortTicket(await encodeShortTicket({ ticket: all, endAt: null }), START, labels);
    expect(back.ok && back.ticket.variants).toEqual([...TABLE_VARIANTS]);
    const t = await ticket();
    expect(shortTicketProblem({ ticket: { ...t, a: { ...t.a, number: 9000 } }, endAt: null })).toBe('number');
    expect(shortTicketProblem({ ticket: { ...t, table: 3000 }, endAt: null })).toBe('table');
    expect(shortTicketProblem({ ticket: t, endAt: START + 10 * 3_600_000 })).toBe('diceDown');
    await expect(encodeShortTicket({ ticket: { ...t, round: 64 }, endAt: null })).rejects.toThrow(RangeError);
  });
});
