// Forged result codes (issue 14, item 5): whatever a forger types, with or without a signature
// made from a key of their choosing, nothing is recorded unless the event issued the table's
// ticket and the code carries that ticket's signature. Counted over many random codes.
import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { encodeResultCode, payloadFromResult, signPayload, tableKey, ticketId } from '../../src/domain/handoff';
import { createRng } from '../../src/domain/random';
import { translator } from '../../src/i18n';
import { intakeCode } from '../../src/ui/screens/table/accept-result';
import { makeEvent } from '../fixtures/events';

const EVENT_ID = 'ev-forged';
function started(): EventFile {
  const e = makeEvent({ settings: { points: 50, variants: [], rounds: null } });
  e.rounds[0] = { ...e.rounds[0]!, startedAt: Date.UTC(2026, 11, 5, 9, 0) };
  return e;
}
const hex = (rng: () => number, n: number): string => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');

function randomResult(rng: () => number): GameResult {
  const winner = rng() < 0.5 ? 'p3' : rng() < 0.5 ? 'p4' : null;
  const how = winner ? (['scenario', 'assassination', 'tiebreak'] as const)[Math.floor(rng() * 3)]! : 'tiebreak';
  return { winner, how, a: { cp: Math.floor(rng() * 3), apd: Math.floor(rng() * 12), listIndex: 0 }, b: { cp: Math.floor(rng() * 3), apd: Math.floor(rng() * 12), listIndex: 0 } };
}

describe('forged result codes', () => {
  it('none of 600 forged codes is recorded, with or without a secret on the device', async () => {
    const r0 = createRng(20261205);
    const rng = (): number => r0.next();
    const t = translator('fr');
    const event = started();
    const secret = hex(rng, 32);
    let accepted = 0;
    for (let i = 0; i < 600; i++) {
      const payload = payloadFromResult(randomResult(rng), { eventId: EVENT_ID, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } });
      const kind = i % 3;
      // unsigned; signed with a made-up key; signed with a random 40-bit signature
      const forged = kind === 0 ? payload : kind === 1 ? await signPayload(payload, hex(rng, 64)) : { ...payload, sig: hex(rng, 10) };
      const code = encodeResultCode(forged);
      for (const deviceSecret of [null, secret]) {
        const r = await intakeCode(event, EVENT_ID, code, t, 'fr', deviceSecret);
        if (r.kind !== 'refused') accepted++;
      }
    }
    expect(accepted).toBe(0);
    // the genuine code is recorded: the test can tell the two apart
    const valid: GameResult = { winner: 'p4', how: 'scenario', a: { cp: 1, apd: 8, listIndex: 0 }, b: { cp: 2, apd: 12, listIndex: 0 } };
    const genuine = await signPayload(
      payloadFromResult(valid, { eventId: EVENT_ID, round: 1, pairing: { table: 2, a: 'p3', b: 'p4' } }),
      await tableKey(secret, ticketId({ eventId: EVENT_ID, round: 1, table: 2 })),
    );
    const r = await intakeCode(event, EVENT_ID, encodeResultCode(genuine), t, 'fr', secret);
    expect(r.kind).toBe('record');
  });
});
