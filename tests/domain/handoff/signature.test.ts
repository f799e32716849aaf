import { describe, expect, it } from 'vitest';
import {
  checkSignature,
  decodeResultCode,
  encodeResultCode,
  eventTag,
  newEventSecret,
  playersTag,
  signPayload,
  tableKey,
  ticketId,
  type ResultPayload,
} from '../../../src/domain/handoff';
import { createRng } from '../../../src/domain/random';

const EVENT = 'ev-1234';
const payload = (over: Partial<ResultPayload> = {}): ResultPayload => ({
  v: 1,
  eventTag: eventTag(EVENT),
  round: 2,
  table: 3,
  playersTag: playersTag('p1', 'p2'),
  winner: 'a',
  how: 'scenario',
  a: { cp: 3, apd: 25, listIndex: 0 },
  b: { cp: 1, apd: 12, listIndex: null },
  ...over,
});

describe('signed table results', async () => {
  const secret = newEventSecret();
  const id = ticketId({ eventId: EVENT, round: 2, table: 3 });
  const key = await tableKey(secret, id);

  it('accepts a result signed with its own table key, through the code and back', async () => {
    const signed = await signPayload(payload(), key);
    expect(signed.sig).toMatch(/^[0-9a-f]{10}$/);
    const decoded = decodeResultCode(encodeResultCode(signed));
    expect(decoded.ok).toBe(true);
    expect(await checkSignature((decoded as { payload: ResultPayload }).payload, secret, id)).toBe('valid');
  });

  it.each([
    ['winner', { winner: 'b' as const }],
    ['draw', { winner: null }],
    ['how', { how: 'assassination' as const }],
    ['CP', { a: { cp: 4, apd: 25, listIndex: 0 } }],
    ['APD', { b: { cp: 1, apd: 13, listIndex: null } }],
    ['list', { a: { cp: 3, apd: 25, listIndex: 1 } }],
    ['round', { round: 3 }],
    ['table', { table: 4 }],
    ['players', { playersTag: playersTag('p2', 'p1') }],
  ])('refuses a signed result whose %s was altered', async (_field, change) => {
    const signed = await signPayload(payload(), key);
    expect(await checkSignature({ ...signed, ...change }, secret, id)).toBe('invalid');
  });

  it("refuses a result signed with another table's key, another round's or another event's", async () => {
    const other = await tableKey(secret, ticketId({ eventId: EVENT, round: 2, table: 4 }));
    expect(await checkSignature(await signPayload(payload(), other), secret, id)).toBe('invalid');
    const otherRound = await tableKey(secret, ticketId({ eventId: EVENT, round: 1, table: 3 }));
    expect(await checkSignature(await signPayload(payload(), otherRound), secret, id)).toBe('invalid');
    expect(await checkSignature(await signPayload(payload(), await tableKey(newEventSecret(), id)), secret, id)).toBe('invalid');
  });

  it('says when a result carries no signature at all', async () => {
    expect(await checkSignature(payload(), secret, id)).toBe('missing');
  });

  it('accepts none of 5000 forged signatures on made-up results', async () => {
    const rng = createRng(77);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const sig = Array.from({ length: 10 }, () => '0123456789abcdef'[rng.int(16)]).join('');
      const forged = payload({ winner: rng.int(2) ? 'a' : 'b', a: { cp: rng.int(6), apd: rng.int(60), listIndex: 0 }, sig });
      if ((await checkSignature(forged, secret, id)) === 'valid') accepted++;
    }
    expect(accepted).toBe(0);
  });
});
