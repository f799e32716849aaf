import { describe, expect, it } from 'vitest';
import {
  BASE32_ALPHABET,
  decodeResultCode,
  encodeResultCode,
  eventTag,
  findResultPairing,
  payloadFromResult,
  playersTag,
  resultCodeProblem,
  resultFromPayload,
  packFields,
  resultWithFields,
  sameResult,
  signPayload,
  type ResultPayload,
} from '../../../src/domain/handoff';
import type { GameResult } from '../../../src/domain/event-file';
import { createRng } from '../../../src/domain/random';
import { systemFor } from '../../../src/domain/systems';
import { checkSignature, tableKey } from '../../../src/domain/handoff';

const EVENT = 'ev-0b6f3c1e-4f7a-4c55-9a51-2f2d7f0c9e11';
const ROUNDS = [
  {
    number: 1,
    pairings: [
      { table: 1, a: 'p1', b: 'p2' },
      { table: 2, a: 'p3', b: 'p4' },
    ],
  },
  {
    number: 2,
    pairings: [
      { table: 1, a: 'p1', b: 'p3' },
      { table: 2, a: 'p2', b: 'p4' },
    ],
  },
];

function payload(extra: Partial<ResultPayload> = {}): ResultPayload {
  return {
    v: 1,
    eventTag: eventTag(EVENT),
    round: 2,
    table: 2,
    playersTag: playersTag('p2', 'p4'),
    winner: 'b',
    how: 'scenario',
    a: { cp: 1, apd: 17, listIndex: 0 },
    b: { cp: 3, apd: 42, listIndex: 1 },
    ...extra,
  };
}

describe('result code', () => {
  it('round-trips: 5 groups of 4 Crockford base32 characters', () => {
    const code = encodeResultCode(payload());
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    const back = decodeResultCode(code);
    expect(back).toEqual({ ok: true, payload: payload(), code });
  });

  it('round-trips random results, draws and unknown lists', () => {
    const rng = createRng(11);
    for (let i = 0; i < 300; i++) {
      const p = payload({
        eventTag: rng.int(65536),
        round: 1 + rng.int(63),
        table: 1 + rng.int(2047),
        playersTag: rng.int(1024),
        winner: ([null, 'a', 'b'] as const)[rng.int(3)]!,
        how: ([null, 'assassination', 'scenario', 'tiebreak', 'clock', 'forfeit'] as const)[rng.int(6)]!,
        a: { cp: rng.int(32), apd: rng.int(2048), listIndex: rng.int(2) ? null : rng.int(3) },
        b: { cp: rng.int(32), apd: rng.int(2048), listIndex: rng.int(2) ? null : rng.int(3) },
      });
      const d = decodeResultCode(encodeResultCode(p));
      expect(d.ok && d.payload).toEqual(p);
    }
  });

  it('carries the optional signature slot for issue 7, versioned with the layout', () => {
    const signed = payload({ sig: '00a1b2c3d4' });
    const code = encodeResultCode(signed);
    expect(code.replace(/-/g, '')).toHaveLength(28);
    expect(decodeResultCode(code)).toMatchObject({ ok: true, payload: signed });
    expect(resultCodeProblem(payload({ sig: 'xyz' }))).toEqual({ field: 'sig', max: 0 });
  });

  it('reads what people type: lower case, spaces, O for 0, I and L for 1', () => {
    const code = encodeResultCode(payload());
    const typed = code.toLowerCase().replace(/-/g, ' ');
    expect(decodeResultCode(typed)).toMatchObject({ ok: true, code });
    const zeroAsO = code.replace(/0/g, 'O').replace(/1/g, 'I');
    expect(decodeResultCode(zeroAsO)).toMatchObject({ ok: true, code });
  });

  it('catches every single-character typo and every swap of neighbours (CRC-12)', () => {
    const clean = encodeResultCode(payload()).replace(/-/g, '');
    let typos = 0;
    for (let i = 0; i < clean.length; i++) {
      for (const c of BASE32_ALPHABET) {
        if (c === clean[i]) continue;
        const wrong = clean.slice(0, i) + c + clean.slice(i + 1);
        const d = decodeResultCode(wrong);
        expect(d.ok, `typo ${wrong}`).toBe(false);
        typos++;
      }
    }
    expect(typos).toBe(20 * 31);
    for (let i = 0; i + 1 < clean.length; i++) {
      if (clean[i] === clean[i + 1]) continue;
      const swapped = clean.slice(0, i) + clean[i + 1] + clean[i] + clean.slice(i + 2);
      expect(decodeResultCode(swapped).ok).toBe(false);
    }
  });

  it('names what is wrong with a code that cannot be read', () => {
    const clean = encodeResultCode(payload()).replace(/-/g, '');
    expect(decodeResultCode('')).toEqual({ ok: false, reason: 'empty' });
    expect(decodeResultCode(clean.slice(0, 19))).toEqual({ ok: false, reason: 'length' });
    expect(decodeResultCode(clean.slice(0, 19) + 'U')).toEqual({ ok: false, reason: 'characters' });
    expect(decodeResultCode(clean.slice(0, 10) + (clean[10] === 'A' ? 'B' : 'A') + clean.slice(11))).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses values the code cannot carry instead of truncating them', () => {
    expect(resultCodeProblem(payload({ a: { cp: 32, apd: 0, listIndex: null } }))).toEqual({ field: 'a.cp', max: 31 });
    expect(resultCodeProblem(payload({ b: { cp: 0, apd: 10.5, listIndex: null } }))).toEqual({ field: 'b.apd', max: 2047 });
    expect(() => encodeResultCode(payload({ round: 64 }))).toThrow(RangeError);
  });
});

describe('matching a result to the organizer pairing', () => {
  it('finds the table, and turns the payload into the event file result', () => {
    const found = findResultPairing(payload(), EVENT, ROUNDS);
    expect(found).toEqual({ ok: true, round: 2, pairing: { table: 2, a: 'p2', b: 'p4' } });
    const result = resultFromPayload(payload(), { table: 2, a: 'p2', b: 'p4' });
    expect(result).toEqual({ winner: 'p4', how: 'scenario', a: { cp: 1, apd: 17, listIndex: 0 }, b: { cp: 3, apd: 42, listIndex: 1 } });
    expect(payloadFromResult(result, { eventId: EVENT, round: 2, pairing: { table: 2, a: 'p2', b: 'p4' } })).toEqual(payload());
  });

  it('refuses a wrong event, round or table, and a table whose players differ', () => {
    expect(findResultPairing(payload(), 'ev-another', ROUNDS)).toEqual({ ok: false, reason: 'wrong-event' });
    expect(findResultPairing(payload({ round: 3 }), EVENT, ROUNDS)).toEqual({ ok: false, reason: 'unknown-round', round: 3 });
    expect(findResultPairing(payload({ table: 9 }), EVENT, ROUNDS)).toEqual({ ok: false, reason: 'unknown-table', round: 2, table: 9 });
    // round 1, table 2 exists but seats p3 and p4
    expect(findResultPairing(payload({ round: 1 }), EVENT, ROUNDS)).toEqual({ ok: false, reason: 'players-differ', round: 1, table: 2 });
    // the same two players in the other seats are another pairing too
    expect(findResultPairing(payload({ playersTag: playersTag('p4', 'p2') }), EVENT, ROUNDS)).toMatchObject({ ok: false, reason: 'players-differ' });
  });

  it('knows a second copy of the same result (duplicates record once)', () => {
    const r = resultFromPayload(payload(), { table: 2, a: 'p2', b: 'p4' });
    expect(sameResult(r, { ...r, a: { ...r.a }, note: 'extra fields do not matter' })).toBe(true);
    expect(sameResult(r, { ...r, b: { ...r.b, cp: 2 } })).toBe(false);
    expect(sameResult({ ...r, how: undefined }, { ...r, how: null })).toBe(true);
  });
});

describe("result code v2: the system's own fields", () => {
  const lotr = systemFor('lotr-sbg').resultFields({ points: 500, variants: [], rounds: null });
  const cdr = systemFor('confrontation-cdr').resultFields({ points: 400, variants: [], rounds: null });
  const pairing = { table: 3, a: 'p1', b: 'p2' };
  const ids = { eventId: 'ev-lotr', round: 2, pairing };
  const lotrResult = (extra: Partial<Record<'a' | 'b', Record<string, unknown>>> = {}): GameResult => ({
    winner: 'p1',
    how: 'tiebreak',
    a: { cp: 0, apd: 0, listIndex: null, points: 2, bodyCount: 4, kills: 11, ...extra.a },
    b: { cp: 0, apd: 0, listIndex: null, points: 1, bodyCount: -3, kills: 9, ...extra.b },
  });

  it('carries LotR body count and kills (the numbers v1 lost) and reads them back exactly', () => {
    const code = encodeResultCode(payloadFromResult(lotrResult(), ids, lotr));
    const d = decodeResultCode(code);
    expect(d.ok && d.payload.v).toBe(2);
    expect(d.ok && resultWithFields(d.payload, pairing, lotr)).toEqual(lotrResult());
    // a few characters per field: still a code one types
    expect(code.replace(/-/g, '').length).toBeLessThan(40);
  });

  it('round-trips random results of every field kind, signed and not (property)', () => {
    const rng = createRng(2026);
    const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)]!;
    for (let i = 0; i < 400; i++) {
      const side = (): Record<string, unknown> => ({
        cp: 0,
        apd: rng.int(2048),
        listIndex: pick([null, 0, 1, 2]),
        ...(rng.int(4) > 0 && { points: pick([0, 1, 1.5, 2, 3]) }),
        ...(rng.int(4) > 0 && { bodyCount: rng.int(2001) - 1000 }),
        ...(rng.int(4) > 0 && { kills: rng.int(300) }),
        ...(rng.int(2) > 0 && { camp: pick(['good', 'evil']) }),
        ...(rng.int(2) > 0 && { remainingValue: rng.int(4000) / 2 }),
        ...(rng.int(2) > 0 && { heroPoints: rng.int(100_000) }),
        ...(rng.int(2) > 0 && { survivors: rng.int(60), losses: rng.int(60) }),
      });
      const r = {
        winner: pick(['p1', 'p2', null]),
        how: pick([null, 'scenario', 'tiebreak'] as const),
        ...(rng.int(2) > 0 && { ending: pick(['time', 'frodo-killed']) }),
        a: side(),
        b: side(),
      } as GameResult;
      let p = payloadFromResult(r, ids, lotr);
      if (rng.int(2))
        p = {
          ...p,
          sig: rng
            .int(2 ** 30)
            .toString(16)
            .padStart(10, '0'),
        };
      const code = encodeResultCode(p);
      expect([40, 48]).not.toContain(code.replace(/-/g, '').length);
      const d = decodeResultCode(code);
      expect(d.ok && d.payload).toEqual(p);
      expect(d.ok && resultWithFields(d.payload, pairing, lotr)).toEqual(r);
    }
  });

  it('still reads old (v1) codes exactly as they were written', () => {
    // written by the v1 encoder before v2 existed: a LotR points victory, its signed twin, a CDR result
    const old = decodeResultCode('5SST-100Z-E2R0-0000-02QA');
    expect(old).toMatchObject({
      ok: true,
      payload: { v: 1, round: 2, table: 3, winner: 'a', how: 'tiebreak', playersTag: playersTag('p1', 'p2'), eventTag: eventTag('ev-old-lotr') },
    });
    expect(old.ok && old.payload.ext).toBeUndefined();
    expect(decodeResultCode('7SST-100Z-E2R0-0000-000J-6HB7-H5FQ')).toMatchObject({ ok: true, payload: { v: 1, sig: '0123456789' } });
    const cdrOld = decodeResultCode('52EM-100Z-E408-RA09-C1GP');
    expect(cdrOld).toMatchObject({ ok: true, payload: { v: 1, winner: 'b', a: { cp: 1, apd: 80 }, b: { cp: 3, apd: 150 } } });
    // a v1 code gives the core fields; the system's old packing (uiFor().fromCode) does the rest
    expect(cdrOld.ok && resultWithFields(cdrOld.payload, pairing, cdr)).toEqual({
      winner: 'p2',
      how: null,
      a: { cp: 1, apd: 80, listIndex: null },
      b: { cp: 3, apd: 150, listIndex: null },
    });
  });

  it('writes v1 when the system has nothing of its own to add (SR2011 codes keep 20 / 28 characters)', () => {
    const sr = systemFor('sr2011').resultFields({ points: 50, variants: [], rounds: null });
    const r: GameResult = { winner: 'p1', how: 'scenario', a: { cp: 5, apd: 30, listIndex: 0 }, b: { cp: 1, apd: 12, listIndex: 1 } };
    const p = payloadFromResult(r, ids, sr);
    expect(p.v).toBe(1);
    expect(p.ext).toBeUndefined();
    expect(encodeResultCode(p).replace(/-/g, '')).toHaveLength(20);
  });

  it('refuses a field it cannot carry, naming it, instead of rounding it', () => {
    expect(packFields(lotrResult({ a: { kills: 2.5 } }), lotr)).toEqual({ ok: false, field: 'a.kills' });
    expect(packFields(lotrResult({ b: { remainingValue: 10.25 } }), lotr)).toEqual({ ok: false, field: 'b.remainingValue' });
    expect(packFields({ ...lotrResult(), ending: 'won on a coin toss' }, lotr)).toEqual({ ok: false, field: 'ending' });
    expect(() => payloadFromResult(lotrResult({ a: { kills: -1 } }), ids, lotr)).toThrow(RangeError);
  });

  it('refuses fields packed for another field list rather than misreading them', () => {
    const d = decodeResultCode(encodeResultCode(payloadFromResult(lotrResult(), ids, lotr)));
    expect(d.ok && resultWithFields(d.payload, pairing, cdr)).toBeNull();
  });

  it('refuses a code with anything but padding after its fields', () => {
    const p = payloadFromResult(lotrResult(), ids, lotr);
    const longer = encodeResultCode({ ...p, ext: [...p.ext!, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] });
    const d = decodeResultCode(longer);
    expect(d.ok && resultWithFields(d.payload, pairing, lotr)).toBeNull();
  });

  it('signs the fields: a changed body count breaks the signature', async () => {
    const secret = '00112233445566778899aabbccddeeff';
    const id = 'ev-lotr:2:3';
    const signed = await signPayload(payloadFromResult(lotrResult(), ids, lotr), await tableKey(secret, id));
    expect(await checkSignature(signed, secret, id)).toBe('valid');
    const other = payloadFromResult(lotrResult({ a: { bodyCount: 5 } }), ids, lotr);
    expect(await checkSignature({ ...other, sig: signed.sig! }, secret, id)).toBe('invalid');
  });

  it('knows the same fields again, and a different body count as another result', () => {
    expect(sameResult(lotrResult(), lotrResult(), lotr)).toBe(true);
    expect(sameResult(lotrResult(), lotrResult({ b: { bodyCount: -2 } }), lotr)).toBe(false);
  });
});
