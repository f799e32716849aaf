import { describe, expect, it } from 'vitest';
import {
  applyCampaignAction,
  CAMPAIGN_FORMAT,
  createHexMap,
  exportCampaign,
  foldCampaign,
  fleeDestinations,
  importCampaign,
  serializeCampaign,
  withRiver,
  withRoad,
  withTerrain,
  hex,
  nextStep,
} from '../../../src/domain/warmaster';
import type { CampaignAction } from '../../../src/domain/warmaster';
import { A, B, Log, at, players, seedRolling } from './helpers';

const A_FIRST = seedRolling([6, 6], [6, 1]);
const B_FIRST = seedRolling([6, 1], [6, 6]);
const SCOUTS = seedRolling([6, 5]);

// 24 x 10 plain, a road on (7..14, 0) between the two realms, a wood and a bridged river for colour
const MAP = withRiver(
  withTerrain(
    withRoad(
      createHexMap({ width: 24, height: 10 }),
      [7, 8, 9, 10, 11, 12, 13, 14].map((q) => at(q)),
      'road',
    ),
    [hex(5, 3)],
    'wood',
  ),
  at(9),
  at(10),
  'bridge',
);

/** Two players, three turns, one battle in turn 2: every step through the public log API. */
function script(): Log {
  const log = new Log({ type: 'create-campaign', name: 'Border war', map: MAP, players: players('empire', 'orcs'), at: 1_700_000_000_000 });
  // set-up
  log.do(
    { type: 'place-city', player: A, hex: at(2) }, // r1
    { type: 'place-city', player: B, hex: at(20) }, // r2
    { type: 'build-village', player: A, hex: at(6) }, // r3
    { type: 'build-mine', player: A, hex: at(4) }, // r4
    { type: 'build-mine', player: B, hex: at(15) }, // r5
    { type: 'recruit', player: A, hex: at(2), points: 500 }, // d6
    { type: 'recruit', player: A, hex: at(2), points: 325 }, // d7
    { type: 'recruit', player: B, hex: at(20), points: 600 }, // d8
    { type: 'recruit', player: B, hex: at(20), points: 300 }, // d9
    { type: 'start-campaign' },
  );
  // turn 1: A first; B's two detachments meet and merge; A raided, A builds a road
  log.do(
    { type: 'roll-initiative', seed: A_FIRST },
    { type: 'move', detachmentId: 'd6', path: [at(3), at(4), at(5), at(6)] },
    { type: 'move', detachmentId: 'd8', path: [at(19), at(18), at(17)] },
    { type: 'hold', detachmentId: 'd7' },
    { type: 'move', detachmentId: 'd9', path: [at(19), at(18), at(17)] },
    { type: 'roll-fate', player: A, seed: seedRolling([6, 2], [3, 1]) },
    { type: 'roll-fate', player: B, seed: seedRolling([6, 4], [3, 2]) },
    { type: 'resolve-fate', player: B, choice: { kind: 'raid', target: A } },
    { type: 'build-road', player: A, path: [at(2), at(3), at(4), at(5), at(6)] },
    { type: 'skip-action', player: B },
    { type: 'collect-income', seed: seedRolling([6, 6], [6, 3]) },
    { type: 'recruit', player: B, hex: at(20), points: 300 }, // d10
    { type: 'end-turn' },
  );
  // turn 2: B first; battle on the road at (12,0); B wins, A flees
  log.do(
    { type: 'roll-initiative', seed: B_FIRST },
    { type: 'move', detachmentId: 'd8', path: [at(16), at(15), at(14), at(13), at(12)] },
    { type: 'move', detachmentId: 'd6', path: [at(7), at(8), at(9), at(10), at(11), at(12)] },
    { type: 'hold', detachmentId: 'd10' },
    { type: 'hold', detachmentId: 'd7' },
  );
  const battle = log.state.battles[0]!.id;
  log.do(
    { type: 'choose-battle', player: B, battleId: battle, seed: 2024 },
    { type: 'record-battle', battleId: battle, winner: B, vp: { [A]: 150, [B]: 400 } },
    { type: 'flee', detachmentId: 'd6', to: at(11) },
    { type: 'roll-fate', player: B, seed: SCOUTS },
    { type: 'roll-fate', player: A, seed: seedRolling([6, 3]) },
    { type: 'resolve-fate', player: A, choice: { kind: 'supply-line', detachmentId: 'd6', amount: 100 } },
    { type: 'skip-action', player: B },
    { type: 'skip-action', player: A },
    { type: 'collect-income', seed: seedRolling([6, 1], [6, 2]) },
    { type: 'reinforce', detachmentId: 'd7', points: 100 },
    { type: 'end-turn' },
  );
  // turn 3: B's army sweeps the under-MP d6 aside and ends on A's village
  log.do(
    { type: 'roll-initiative', seed: A_FIRST },
    { type: 'hold', detachmentId: 'd7' },
    { type: 'move', detachmentId: 'd8', path: [at(11), at(10), at(9), at(8), at(7), at(6)] },
    { type: 'flee', detachmentId: 'd6', to: at(12) },
    { type: 'hold', detachmentId: 'd10' },
    { type: 'hold', detachmentId: 'd6' },
    { type: 'roll-fate', player: A, seed: SCOUTS },
    { type: 'roll-fate', player: B, seed: SCOUTS },
    { type: 'skip-action', player: A },
    { type: 'skip-action', player: B },
    { type: 'collect-income', seed: seedRolling([6, 4]) },
    { type: 'end-turn' },
  );
  return log;
}

describe('a scripted two-player campaign over three turns', () => {
  const log = script();
  const s = log.state;

  it('ends at turn 4 waiting for initiative, with three turns of history', () => {
    expect(s).toMatchObject({ turn: 4, phase: 'initiative' });
    expect(s.history.map((h) => [h.turn, h.order])).toEqual([
      [1, [A, B]],
      [2, [B, A]],
      [3, [A, B]],
    ]);
  });

  it('turn 1: merge, fate, road, income with a doubled mine and a raid', () => {
    const t1 = s.history[0]!;
    expect(t1.fate.map((f) => [f.player, f.result, f.amount])).toEqual([
      [A, 'reinforcements', 25],
      [B, 'raid', 50],
    ]);
    const a = t1.income.find((p) => p.player === A)!;
    expect(a.lines.map((l) => [l.kind, l.status, l.amount])).toEqual([
      ['city', 'city', 250],
      ['village', 'linked', 25],
      ['mine', 'linked', 20],
    ]);
    expect([a.gross, a.raided, a.net]).toEqual([295, 50, 245]);
    const b = t1.income.find((p) => p.player === B)!;
    expect(b.lines.map((l) => [l.kind, l.status, l.amount])).toEqual([
      ['city', 'city', 250],
      ['mine', 'unlinked', 0],
    ]);
    expect(s.journal.find((j) => j.code === 'detachments-merged')?.params).toEqual({ detachmentId: 'd8', merged: 'd9', points: 900 });
  });

  it('turn 2: the battle sheet, the losses, the flight', () => {
    const battle = s.history[1]!.battles[0]!;
    expect(battle.hex).toEqual(at(12));
    expect(battle.sheet).toMatchObject({
      chosenBy: B,
      // the mover's side first
      armies: [
        { player: A, detachmentId: 'd6', points: 500 },
        { player: B, detachmentId: 'd8', points: 900 },
      ],
    });
    // a road hex on plain: the plain column
    expect(battle.sheet!.battlefield.column).toBe('plain');
    expect(battle.result).toEqual({ winner: B, vp: { [A]: 150, [B]: 400 }, losses: { [A]: 400, [B]: 150 } });
    const a = s.history[1]!.income.find((p) => p.player === A)!;
    expect(a.lines.map((l) => [l.kind, l.status, l.mineRoll])).toEqual([
      ['city', 'city', null],
      ['village', 'linked', null],
      ['mine', 'exhausted', 1],
    ]);
  });

  it('turn 3: the under-MP detachment fled the sweep; the village changed hands at the end of the turn', () => {
    const flights = s.journal.filter((j) => j.code === 'detachment-fled').map((j) => [j.turn, j.params.detachmentId, j.params.q]);
    expect(flights).toEqual([
      [2, 'd6', 11],
      [3, 'd6', 12],
    ]);
    const t3a = s.history[2]!.income.find((p) => p.player === A)!;
    expect(t3a.lines.find((l) => l.kind === 'village')).toMatchObject({ status: 'captured', amount: 0 });
    expect(s.history[2]!.income.find((p) => p.player === B)!.lines.some((l) => l.kind === 'village')).toBe(false);
    expect(s.resources.find((r) => r.id === 'r3')).toMatchObject({ owner: B, capture: null });
  });

  it('ends with these armies and treasuries', () => {
    expect(s.detachments.map((d) => [d.id, d.owner, d.hex.q, d.hex.r, d.points])).toEqual([
      ['d6', A, 12, 0, 200],
      ['d7', A, 2, 0, 425],
      ['d8', B, 6, 0, 750],
      ['d10', B, 20, 0, 300],
    ]);
    // A: 1000 - 100 - 50 - 500 - 325 = 25; t1 +25 fate, -10 road, +245; t2 -100 supply, +275, -100 reinforce; t3 +250
    // B: 1000 - 50 - 600 - 300 = 50; t1 +250, -300 recruit; t2 +250; t3 +250 (the mine at 15 never linked)
    expect(s.bank).toEqual({ [A]: 25 + 25 - 10 + 245 - 100 + 275 - 100 + 250, [B]: 50 + 250 - 300 + 250 + 250 });
  });

  it('logs every roll against the action that made it', () => {
    for (const r of s.rolls) expect(log.actions[r.action]).toHaveProperty('seed');
    expect(new Set(s.rolls.map((r) => r.purpose))).toEqual(
      new Set(['initiative', 'fate', 'reinforcements', 'raid', 'mine', 'battlefield-zone', 'terrain-first-placer', 'deployment-side', 'first-player']),
    );
  });

  it('folds the log to the very same state, every time', () => {
    expect(foldCampaign(log.actions)).toEqual(s);
    expect(foldCampaign(JSON.parse(JSON.stringify(log.actions)) as CampaignAction[])).toEqual(s);
  });

  it('exports and imports as a warmaster-campaign v1 file', () => {
    const text = serializeCampaign(log.actions, 1_700_000_999_000);
    const parsed = JSON.parse(text) as { format: string; version: number; exportedAt: number };
    expect([parsed.format, parsed.version, parsed.exportedAt]).toEqual([CAMPAIGN_FORMAT, 1, 1_700_000_999_000]);
    const back = importCampaign(text);
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.state).toEqual(s);
      expect(back.file.actions).toEqual(log.actions);
    }
  });

  it('refuses files that are not campaigns, or whose log does not replay', () => {
    expect(importCampaign('{nope')).toEqual({ ok: false, refusal: { code: 'file-not-json', params: {} } });
    expect(importCampaign({ format: 'warmaster-tournament', version: 1, actions: [] })).toMatchObject({ ok: false, refusal: { code: 'file-wrong-format' } });
    expect(importCampaign({ ...exportCampaign(log.actions, 0), version: 2 })).toMatchObject({ ok: false, refusal: { code: 'file-version-unsupported' } });
    expect(importCampaign({ ...exportCampaign(log.actions, 0), actions: [1, 2] })).toMatchObject({ ok: false, refusal: { code: 'file-invalid' } });
    // a tampered move: four plain hexes is one too far
    const tampered = log.actions.map((a) => (a.type === 'move' && a.detachmentId === 'd6' && a.path.length === 4 ? { ...a, path: [at(3), at(4), at(5), at(6), at(7)] } : a));
    const idx = log.actions.findIndex((a) => a.type === 'move');
    expect(importCampaign(exportCampaign(tampered, 0))).toEqual({ ok: false, refusal: { code: 'file-action-refused', params: { index: idx, code: 'path-too-expensive' } } });
  });

  it('undo cancels the latest action standing; repeated, it goes further back', () => {
    const l2 = new Log();
    l2.actions = [...log.actions];
    l2.state = log.state;
    l2.do({ type: 'undo' });
    expect(l2.state).toEqual(foldCampaign(log.actions.slice(0, -1)));
    expect(l2.state).toMatchObject({ turn: 3, phase: 'resources', resourcesStep: 'muster' });
    l2.do({ type: 'undo' }, { type: 'undo' });
    expect(l2.state).toEqual(foldCampaign(log.actions.slice(0, -3)));
    // redo by hand, with another seed: the log keeps both
    l2.do({ type: 'skip-action', player: B }, { type: 'collect-income', seed: 77 });
    expect(l2.actions.filter((a) => a.type === 'undo')).toHaveLength(3);
    expect(l2.state.resourcesStep).toBe('muster');
  });

  it('never undoes the creation', () => {
    const l = new Log({ type: 'create-campaign', name: 'x', map: MAP, players: players() });
    expect(l.try({ type: 'undo' })).toBe('nothing-to-undo');
  });

  it('needs two players and a well-formed map', () => {
    expect(applyCampaignAction(null, { type: 'create-campaign', name: 'x', map: MAP, players: players().slice(0, 1) })).toEqual({
      ok: false,
      refusal: { code: 'too-few-players', params: { count: 1 } },
    });
    expect(applyCampaignAction(null, { type: 'create-campaign', name: 'x', map: { ...MAP, cells: [] }, players: players() })).toMatchObject({
      ok: false,
      refusal: { code: 'map-invalid' },
    });
    expect(applyCampaignAction(null, { type: 'roll-initiative', seed: 1 })).toEqual({ ok: false, refusal: { code: 'no-campaign', params: {} } });
  });

  it('says what it waits for, step by step', () => {
    const steps = log.actions.map((_, i) => (i === 0 ? null : nextStep(foldCampaign(log.actions.slice(0, i)))));
    const at2 = (type: string): unknown => steps[log.actions.findIndex((a) => a.type === type)];
    expect(at2('place-city')).toEqual({ awaiting: 'setup' });
    expect(at2('roll-initiative')).toEqual({ awaiting: 'initiative' });
    expect(at2('move')).toEqual({ awaiting: 'move', player: A, stage: 'mp' });
    expect(at2('choose-battle')).toEqual({ awaiting: 'choose-battle', player: B });
    expect(at2('record-battle')).toEqual({ awaiting: 'record-battle', battleId: 'b11' });
    expect(at2('flee')).toEqual({ awaiting: 'flee', player: A, detachmentId: 'd6' });
    expect(at2('roll-fate')).toEqual({ awaiting: 'fate', player: A });
    expect(at2('resolve-fate')).toEqual({ awaiting: 'fate-choice', player: B, result: 'raid' });
    expect(at2('build-road')).toEqual({ awaiting: 'action', player: A });
    expect(at2('collect-income')).toEqual({ awaiting: 'income' });
    expect(at2('end-turn')).toEqual({ awaiting: 'muster' });
    expect(applyCampaignAction(log.state, { type: 'teleport' } as unknown as CampaignAction)).toMatchObject({ ok: false, refusal: { code: 'unknown-action' } });
  });

  it('offers the flight destinations it then accepts', () => {
    // replay to just after the turn-2 battle was recorded
    const upTo = log.actions.findIndex((a) => a.type === 'record-battle');
    const mid = foldCampaign(log.actions.slice(0, upTo + 1));
    expect(mid.pendingFlees).toEqual([{ detachmentId: 'd6', reason: 'lost-battle' }]);
    expect(fleeDestinations(mid, 'd6')).toContainEqual(at(11));
  });
});
