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
  sameResult,
  type ResultPayload,
} from '../../../src/domain/handoff';
import { createRng } from '../../../src/domain/random';

const EVENT = 'ev-0b6f3c1e-4f7a-4c55-9a51-2f2d7f0c9e11';
const ROUNDS = [
  { number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }, { table: 2, a: 'p3', b: 'p4' }] },
  { number: 2, pairings: [{ table: 1, a: 'p1', b: 'p3' }, { table: 2, a: 'p2', b: 'p4' }] },
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
