// Whatever an attacker does to a real document (any field changed, removed, retyped, the id
// rewritten), the gate neither throws nor lets anything through: each mutation is refused with a
// reason, held, or (for a byte-identical copy) recognised as already there.
import { describe, expect, it } from 'vitest';
import { newEvent } from '../../src/domain/event-file';
import { createRng } from '../../src/domain/random';
import { openEventDb } from '../../src/store/db';
import { appendActions, createEvent } from '../../src/store/events';
import { becomeFirstDevice, buildOutbox, deviceKeys, gate, getTrust, type SealedDoc, type TrustState } from '../../src/sync/trust';
import { makePlayer } from '../fixtures/events';

const FIELDS = ['_id', 'type', 'v', 'ev', 'kid', 'n', 'prev', 'iv', 'ct', 'sig'] as const;
const VALUES: unknown[] = [null, undefined, 0, -1, 1.5, 2 ** 53, '', 'x', 'A'.repeat(5_000), [], {}, { a: null }, true, '__proto__'];

function mutate(doc: SealedDoc, rnd: () => number): Record<string, unknown> {
  const d: Record<string, unknown> = { ...doc };
  const field = FIELDS[Math.floor(rnd() * FIELDS.length)]!;
  const how = rnd();
  const v = d[field];
  if (how < 0.4 && typeof v === 'string' && v.length > 0) {
    // one character changed
    const i = Math.floor(rnd() * v.length);
    const c = v[i] === 'A' ? 'B' : 'A';
    d[field] = v.slice(0, i) + c + v.slice(i + 1);
  } else if (how < 0.5 && typeof v === 'number') d[field] = v + 1;
  else if (how < 0.6) delete d[field];
  else d[field] = VALUES[Math.floor(rnd() * VALUES.length)];
  return d;
}

describe('trust gate against mutated documents', () => {
  it('300 random mutations of real documents: nothing folded, nothing thrown', async () => {
    const a = await openEventDb({}, `gate-a-${Math.random()}`);
    const { meta } = await createEvent(a, newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }), { deviceId: 'dev-a' });
    await appendActions(
      a,
      meta.id,
      [1, 2, 3].map((k) => ({ type: 'player-registered' as const, player: makePlayer(k) })),
      { deviceId: 'dev-a' },
    );
    await becomeFirstDevice(a, meta.id, 'dev-a', 'A');
    const { t } = await buildOutbox(a, meta.id, 'dev-a');
    const docs = t.outbox;
    expect(docs).toHaveLength(5);
    // a receiver that holds the event key and knows A as the first device, and nothing else
    const b = await openEventDb({}, `gate-b-${Math.random()}`);
    const bKeys = await deviceKeys(b);
    const fresh = async (): Promise<TrustState> => {
      const base = (await getTrust(a, meta.id))!;
      return { ...base, hashes: {}, origins: {}, outbox: [], forks: [], refused: [], refusedCount: {}, pending: [] };
    };
    // the real documents pass
    const honest = await gate(await fresh(), meta.id, bKeys, docs as never);
    expect(honest.entries).toHaveLength(4);
    const rng = createRng(19);
    const rnd = (): number => rng.next();
    for (let i = 0; i < 300; i++) {
      const k = Math.floor(rnd() * docs.length);
      const bad = mutate(docs[k]!, rnd);
      const state = await fresh();
      // the real documents before it, then the mutated one in place of the real one
      const out = await gate(state, meta.id, bKeys, [...docs.slice(0, k), bad] as never);
      const identical = JSON.stringify(bad) === JSON.stringify(docs[k]);
      expect(out.entries.length, JSON.stringify(bad).slice(0, 200)).toBe(
        identical ? docs.slice(0, k + 1).filter((_, j) => j > 0).length : docs.slice(0, k).filter((_, j) => j > 0).length,
      );
      if (!identical) expect(state.refused.length + state.pending.length + state.forks.length, JSON.stringify(bad).slice(0, 200)).toBeGreaterThan(0);
    }
  }, 60_000);
});
