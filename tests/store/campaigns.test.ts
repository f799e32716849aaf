import { describe, expect, it } from 'vitest';
import { createHexMap, exportCampaign, foldCampaign, hex, serializeCampaign, type CampaignAction } from '../../src/domain/warmaster';
import {
  appendCampaign,
  campaignState,
  createDraft,
  deleteCampaign,
  exportCampaignText,
  getCampaign,
  importCampaignFile,
  listCampaigns,
  saveDraft,
  type CampaignDraft,
} from '../../src/store/campaigns';
import { openEventDb, type WargameDb } from '../../src/store/db';

const T0 = Date.UTC(2026, 11, 5, 9, 0);
const draft = (): CampaignDraft => ({
  name: 'Marches',
  map: createHexMap({ width: 16, height: 6 }),
  players: [
    { id: 'p1', name: 'Alice', faction: 'empire' },
    { id: 'p2', name: 'Bruno', faction: 'orcs' },
  ],
});

const SETUP: CampaignAction[] = [
  { type: 'place-city', player: 'p1', hex: hex(1, 0) },
  { type: 'place-city', player: 'p2', hex: hex(12, 0) },
  { type: 'recruit', player: 'p1', hex: hex(1, 0), points: 500 },
  { type: 'recruit', player: 'p2', hex: hex(12, 0), points: 400 },
  { type: 'start-campaign' },
  { type: 'roll-initiative', seed: 42 },
];

async function created(db: WargameDb, through: CampaignAction[] = SETUP): Promise<string> {
  const d = draft();
  const rec = await createDraft(db, d, T0);
  const first = await appendCampaign(db, rec.id, { type: 'create-campaign', name: d.name, map: d.map, players: d.players }, T0);
  expect(first.ok).toBe(true);
  for (const [i, a] of through.entries()) {
    const r = await appendCampaign(db, rec.id, a, T0 + (i + 1) * 1000);
    if (!r.ok) throw new Error(`refused ${a.type}: ${r.refusal.code}`);
  }
  return rec.id;
}

describe('campaigns store', () => {
  it('keeps the draft as it is painted, then creates the campaign from it', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const rec = await createDraft(db, draft(), T0);
    expect(rec).toMatchObject({ name: 'Marches', actions: [], draft: { name: 'Marches' } });
    const painted = { ...draft(), name: 'Marches de l’Est', map: { ...draft().map, cells: draft().map.cells.map((c, i) => (i === 3 ? { ...c, terrain: 'wood' as const } : c)) } };
    await saveDraft(db, rec.id, painted, T0 + 1000);
    expect((await getCampaign(db, rec.id))!.draft!.map.cells[3]!.terrain).toBe('wood');
    const r = await appendCampaign(db, rec.id, { type: 'create-campaign', name: painted.name, map: painted.map, players: painted.players }, T0 + 2000);
    expect(r.ok).toBe(true);
    const stored = (await getCampaign(db, rec.id))!;
    expect(stored.draft).toBeUndefined();
    expect(stored).toMatchObject({ name: 'Marches de l’Est', updatedAt: T0 + 2000 });
    expect(stored.actions).toHaveLength(1);
    expect(stored.actions[0]).toMatchObject({ type: 'create-campaign', at: T0 + 2000 });
    expect(campaignState(stored)!.map.cells[3]!.terrain).toBe('wood');
    // once created, the draft is closed for good
    await expect(saveDraft(db, rec.id, painted, T0 + 3000)).rejects.toThrow(/campaign-exists/);
  });

  it('writes each action in one readwrite transaction with strict durability', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const id = await created(db, SETUP.slice(0, 2));
    const seen: Array<{ stores: unknown; mode: unknown; options: unknown }> = [];
    const original = db.transaction.bind(db);
    (db as { transaction: unknown }).transaction = (stores: unknown, mode: unknown, options: unknown) => {
      seen.push({ stores, mode, options });
      return (original as (...a: unknown[]) => unknown)(stores, mode, options);
    };
    await appendCampaign(db, id, SETUP[2]!, T0);
    await appendCampaign(db, id, { type: 'undo' }, T0);
    await appendCampaign(db, id, SETUP[2]!, T0);
    expect(seen).toHaveLength(3);
    for (const s of seen) expect(s).toEqual({ stores: 'campaigns', mode: 'readwrite', options: { durability: 'strict' } });
  });

  it('refuses an action the rules refuse and writes nothing', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const id = await created(db, SETUP.slice(0, 1));
    const before = (await getCampaign(db, id))!;
    // within 6 hexes of Alice's city at the start: refused with the distance
    const r = await appendCampaign(db, id, { type: 'place-city', player: 'p2', hex: hex(5, 0) }, T0 + 9000);
    expect(r).toEqual({ ok: false, refusal: { code: 'too-close-to-enemy-resource', params: { resourceId: 'r1', distance: 4, minimum: 7 } } });
    expect(await getCampaign(db, id)).toEqual(before);
  });

  it('resumes after the browser is killed: reopening the database gives the same campaign, roll for roll', async () => {
    const name = `cp-${Math.random()}`;
    let db = await openEventDb({}, name);
    const id = await created(db);
    const before = campaignState((await getCampaign(db, id))!)!;
    expect(before).toMatchObject({ turn: 1, phase: 'movement' });
    expect(before.rolls.filter((r) => r.purpose === 'initiative').length).toBeGreaterThanOrEqual(2);
    db.close();

    db = await openEventDb({}, name);
    const rec = (await getCampaign(db, id))!;
    expect(campaignState(rec)).toEqual(before);
    expect(foldCampaign(rec.actions)).toEqual(before);
    expect((await listCampaigns(db)).map((c) => c.id)).toEqual([id]);
  });

  it('undo is an action like any other: stored, and the state steps back', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const id = await created(db);
    const r = await appendCampaign(db, id, { type: 'undo' }, T0 + 10_000);
    expect(r.ok && r.state).toMatchObject({ turn: 1, phase: 'initiative' });
    const rec = (await getCampaign(db, id))!;
    expect(rec.actions.at(-1)).toMatchObject({ type: 'undo' });
    expect(campaignState(rec)).toMatchObject({ phase: 'initiative' });
  });

  it('imports a file all or nothing: a bad file leaves every stored campaign untouched', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const id = await created(db);
    const rec = (await getCampaign(db, id))!;
    const text = exportCampaignText(rec, T0 + 60_000);
    const before = await listCampaigns(db);

    const tampered = exportCampaign(
      rec.actions.map((a) => (a.type === 'recruit' && a.player === 'p2' ? { ...a, points: 100 } : a)),
      0,
    );
    const bad = [
      ['{not json', 'file-not-json'],
      [JSON.stringify({ format: 'warmaster-tournament', version: 1, actions: [] }), 'file-wrong-format'],
      [JSON.stringify({ ...JSON.parse(text), version: 9 }), 'file-version-unsupported'],
      [JSON.stringify(tampered), 'file-action-refused'],
    ] as const;
    for (const [file, code] of bad) {
      const r = await importCampaignFile(db, file, T0);
      expect(r.ok ? 'ok' : r.refusal.code).toBe(code);
      expect(await listCampaigns(db)).toEqual(before);
    }

    const good = await importCampaignFile(db, text, T0 + 70_000);
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    expect(good.record.id).not.toBe(id);
    expect(good.state).toEqual(campaignState(rec));
    expect((await listCampaigns(db)).map((c) => c.id)).toEqual([good.record.id, id]);
    expect(serializeCampaign(good.record.actions, 1)).toBe(serializeCampaign(rec.actions, 1));
  });

  it('deletes one campaign and nothing else', async () => {
    const db = await openEventDb({}, `cp-${Math.random()}`);
    const a = await created(db, []);
    const b = await created(db, []);
    await deleteCampaign(db, a);
    expect((await listCampaigns(db)).map((c) => c.id)).toEqual([b]);
  });
});
