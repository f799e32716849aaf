import { describe, expect, it } from 'vitest';
import { buildTicket, decodeTicket, encodeTicket, newSealKey, openSealedInstant, sealInstant, ticketEvent, ticketId, TICKET_MAX_CHARS } from '../../../src/domain/handoff';
import { validateEventFile } from '../../../src/domain/event-file';
import { makeEvent, makePlayer } from '../../fixtures/events';

const START = Date.UTC(2026, 11, 5, 9, 0);
const END = START + 106 * 60_000;
const KEY = '00112233445566778899aabbccddeeff';

function event() {
  const e = makeEvent();
  e.players[0] = makePlayer(1, { name: 'Chloé Pétain', faction: 'Khador' });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START } as (typeof e.rounds)[0];
  return e;
}

describe('table ticket', () => {
  it('round-trips through its QR text, ASCII only, the end sealed', async () => {
    const sealed = await sealInstant(END, 'ev-1:1:1', KEY);
    const ticket = buildTicket(event(), 'ev-1', 1, 1, sealed)!;
    expect(ticket).toMatchObject({ eventId: 'ev-1', round: 1, table: 1, scenario: 'overrun', startedAt: START, a: { name: 'Chloé Pétain', faction: 'Khador' } });
    const text = encodeTicket(ticket);
    expect(text.startsWith('WT1:')).toBe(true);
    expect(/^[\x20-\x7e]+$/.test(text)).toBe(true);
    expect(decodeTicket(text)).toEqual({ ok: true, ticket });
    expect(ticketId(ticket)).toBe('ev-1:1:1');
  });

  it("carries the round's length, or the table's own challenge limit, and the issuer's clock (issue 21)", () => {
    const e = event();
    e.rounds[0] = { ...e.rounds[0]!, timeLimitMinutes: 90 } as (typeof e.rounds)[0];
    const plain = buildTicket(e, 'ev-1', 1, 1, null)!;
    expect(plain.timeLimit).toEqual({ minutes: 90, startedAt: START });
    e.rounds[0] = { ...e.rounds[0]!, tableLimits: [{ table: 1, row: 2, minutes: 45, startedAt: START + 5 * 60_000 }] } as (typeof e.rounds)[0];
    const own = { ...buildTicket(e, 'ev-1', 1, 1, null)!, issuedAt: START + 6 * 60_000 };
    expect(own.timeLimit).toEqual({ minutes: 45, startedAt: START + 5 * 60_000, row: 2 });
    expect(decodeTicket(encodeTicket(own))).toEqual({ ok: true, ticket: own });
    // table 2 has no row of its own: the round's length
    expect(buildTicket(e, 'ev-1', 1, 2, null)!.timeLimit).toEqual({ minutes: 90, startedAt: START });
    const bad = encodeTicket(own).replace('"tl":[45,', '"tl":[-45,');
    expect(decodeTicket(bad)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('carries the lists a player may not pick this round (list-use variants) through the QR', () => {
    const two = [
      { caster: 'Haley', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
      { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
    ];
    const e = makeEvent({ settings: { points: 50, variants: ['lists:2'], rounds: 2 }, players: [makePlayer(1, { lists: two }), makePlayer(2, { lists: two })] });
    e.rounds = [
      {
        number: 1,
        scenario: 'overrun',
        pairings: [{ table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', how: 'scenario', a: { cp: 2, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 0 } } }],
        bye: null,
      },
      { number: 2, scenario: 'grind', pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null },
    ];
    const ticket = buildTicket(e, 'ev-1', 2, 1, null)!;
    expect(ticket.listRules).toEqual({
      a: [{ list: 0, code: 'other-list-needed', needed: 1, gamesLeft: 0 }],
      b: [{ list: 0, code: 'other-list-needed', needed: 1, gamesLeft: 0 }],
    });
    expect(decodeTicket(encodeTicket(ticket))).toEqual({ ok: true, ticket });
    // round 1: everything open, nothing carried
    expect(buildTicket(e, 'ev-1', 1, 1, null)!.listRules).toBeUndefined();
  });

  it('never carries the end in readable form', async () => {
    const sealed = await sealInstant(END, 'ev-1:1:1', KEY);
    const text = encodeTicket(buildTicket(event(), 'ev-1', 1, 1, sealed)!);
    for (const form of [String(END), new Date(END).toISOString(), String(END / 1000)]) expect(text).not.toContain(form);
    // the minutes as a value of their own; a sealed blob's random characters may hold "106" by chance
    expect(text).not.toMatch(/(^|[^0-9A-Za-z_-])106([^0-9A-Za-z_-]|$)/);
    expect(await openSealedInstant(sealed, 'ev-1:1:1', KEY)).toBe(END);
  });

  it('opens a seal only for its own ticket and only untouched', async () => {
    const sealed = await sealInstant(END, 'ev-1:1:1', KEY);
    expect(await openSealedInstant(sealed, 'ev-1:1:2', KEY)).toBeNull();
    const flipped = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    expect(await openSealedInstant(flipped, 'ev-1:1:1', KEY)).toBeNull();
    expect(await openSealedInstant('not base64!', 'ev-1:1:1', KEY)).toBeNull();
    // a fresh IV each time: two tickets of the same round do not look alike
    expect(await sealInstant(END, 'ev-1:1:1', KEY)).not.toBe(sealed);
  });

  it('seals with the ticket’s own key: no key shipped in the app opens it (issue 14, item 7)', async () => {
    const key = newSealKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newSealKey()).not.toBe(key);
    const sealed = await sealInstant(END, 'ev-1:1:1', key);
    expect(await openSealedInstant(sealed, 'ev-1:1:1', key)).toBe(END);
    // another ticket's key, or none (a ticket made before per-ticket keys), opens nothing
    expect(await openSealedInstant(sealed, 'ev-1:1:1', newSealKey())).toBeNull();
    expect(await openSealedInstant(sealed, 'ev-1:1:1', undefined)).toBeNull();
    expect(await openSealedInstant(sealed, 'ev-1:1:1', 'zz')).toBeNull();
    // the key travels in the ticket, beside the seal
    const ticket = { ...buildTicket(event(), 'ev-1', 1, 1, sealed)!, sealKey: key };
    const back = decodeTicket(encodeTicket(ticket));
    expect(back).toEqual({ ok: true, ticket });
    expect(decodeTicket(encodeTicket(ticket).replace(key, 'not-a-key'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('carries the strict setting, and refuses a strict ticket that carries an end', async () => {
    const strict = { ...buildTicket(event(), 'ev-1', 1, 1, null)!, organizerCallsTime: true };
    const text = encodeTicket(strict);
    expect(decodeTicket(text)).toEqual({ ok: true, ticket: strict });
    const sealed = await sealInstant(END, 'ev-1:1:1', KEY);
    expect(decodeTicket(encodeTicket({ ...strict, sealedEnd: sealed }))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('leaves the models out when the QR would be too dense', () => {
    const e = event();
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `Long model name number ${i}`, cost: 3 }));
    e.players[0]!.lists = [{ caster: 'Sorscha', themeForce: null, tier: null, bonus: 6, models: many }];
    const text = encodeTicket(buildTicket(e, 'ev-1', 1, 1, null)!);
    expect(text.length).toBeLessThanOrEqual(TICKET_MAX_CHARS);
    const back = decodeTicket(text);
    expect(back.ok && back.ticket.a.lists[0]).toEqual({ caster: 'Sorscha', total: 120, models: null });
  });

  it('refuses what is not a ticket, a newer version and a damaged one', () => {
    expect(decodeTicket('hello')).toEqual({ ok: false, reason: 'not-ticket' });
    expect(decodeTicket('WT2:{}')).toEqual({ ok: false, reason: 'version' });
    expect(decodeTicket('WT1:{"e":"x"')).toEqual({ ok: false, reason: 'invalid' });
    const text = encodeTicket(buildTicket(event(), 'ev-1', 1, 1, null)!);
    expect(decodeTicket(text.replace('"r":1', '"r":0'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('gives the table an event the result form and the validation accept', () => {
    const ticket = buildTicket(event(), 'ev-1', 1, 2, null)!;
    const { event: e, round, pairing } = ticketEvent(ticket);
    expect(pairing).toEqual({ table: 2, a: 'p3', b: 'p4' });
    expect(round.number).toBe(1);
    const played = {
      ...e,
      rounds: [
        { ...round, pairings: [{ ...pairing, result: { winner: 'p3', how: 'scenario' as const, a: { cp: 2, apd: 10, listIndex: 0 }, b: { cp: 0, apd: 5, listIndex: 0 } } }] },
      ],
    };
    expect(validateEventFile(played).ok).toBe(true);
  });
});
