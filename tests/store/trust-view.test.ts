// The sync panels read the trust state's small view record, never the whole state, once the view
// exists; a state written before views existed is still shown (read whole, its view derived).
import { describe, expect, it } from 'vitest';
import { openEventDb } from '../../src/store/db';
import { getTrustView, hasTrust } from '../../src/store/sync-config';
import { REFUSED_SHOWN, TRUST_KEY, TRUST_VIEW_KEY, trustView, type Refusal } from '../../src/sync/trust-view';

const member = (kid: string, name: string) => ({ kid, pub: `pub-${kid}`, writer: `dev-${kid}`, name, by: null });
const refusal = (i: number): Refusal => ({ id: `doc-${i}`, reason: i % 2 ? 'unsigned' : 'edited', at: i });

describe('trust view', () => {
  it('counts held documents by why and keeps only the newest refusals the panel lists', () => {
    const refused = Array.from({ length: 200 }, (_, i) => refusal(i));
    const pending = [{ why: 'gap' as const }, { why: 'gap' as const }, { why: 'key' as const }, { why: 'not-admitted' as const }];
    const v = trustView({ members: { k1: member('k1', 'Tablette de Léa') }, refused, refusedCount: { unsigned: 100, edited: 100 }, forks: [], pending });
    expect(v.held).toEqual({ gap: 2, key: 1, 'not-admitted': 1 });
    expect(v.refused).toHaveLength(REFUSED_SHOWN);
    expect(v.refused[REFUSED_SHOWN - 1]!.id).toBe('doc-199');
    expect(v.refusedCount).toEqual({ unsigned: 100, edited: 100 });
  });

  it('reads the view record when there is one, and derives it from an older whole state otherwise', async () => {
    const db = await openEventDb({}, `trust-view-${Math.random()}`);
    expect(await getTrustView(db, 'ev1')).toBeNull();
    expect(await hasTrust(db, 'ev1')).toBe(false);
    const whole = {
      members: { k1: member('k1', 'Tablette de Léa') },
      refused: [refusal(1)],
      refusedCount: { unsigned: 1 },
      forks: [],
      pending: [{ why: 'gap' as const }],
      hashes: { k1: ['h'] },
    };
    await db.put('settings', whole, TRUST_KEY('ev1'));
    expect(await hasTrust(db, 'ev1')).toBe(true);
    expect(await getTrustView(db, 'ev1')).toEqual(trustView(whole));
    // once a view is written, it is what the panels get (the whole state is not read)
    const view = trustView({ ...whole, members: { k2: member('k2', 'Tablette de Marc') } });
    await db.put('settings', view, TRUST_VIEW_KEY('ev1'));
    expect((await getTrustView(db, 'ev1'))!.members).toEqual({ k2: member('k2', 'Tablette de Marc') });
    db.close();
  });
});
