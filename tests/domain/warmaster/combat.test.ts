import { describe, expect, it } from 'vitest';
import { fleeDestinations, hex, withTerrain } from '../../../src/domain/warmaster';
import { seedRolling } from './helpers';
import { A, A_FIRST, B, at, det, started } from './sim';

// Two battles: at (12,0) on a hill, two detachments a side; at (8,4) one a side.
function twoBattles() {
  const sim = started({
    detachments: [
      det('a1', A, at(10), 600),
      det('a2', A, hex(11, 1), 400),
      det('b1', B, at(12), 300),
      det('b2', B, at(12), 300),
      det('a3', A, hex(7, 4), 500),
      det('b3', B, hex(9, 4), 500),
    ],
  }).patch((s) => ({ ...s, map: withTerrain(s.map, [at(12)], 'hill') }));
  sim.do(
    { type: 'roll-initiative', seed: A_FIRST },
    { type: 'move', detachmentId: 'a1', path: [at(11), at(12)] },
    { type: 'move', detachmentId: 'b3', path: [hex(8, 4)] },
    { type: 'move', detachmentId: 'a2', path: [at(12)] },
  );
  return sim;
}

describe('battles', () => {
  it('are listed when movement ends; a second detachment entering joins the same battle', () => {
    const sim = twoBattles();
    // B has nothing left to move: A again
    expect(sim.state.phase).toBe('movement');
    expect(sim.state.battles).toHaveLength(1);
    sim.do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    expect(sim.state.phase).toBe('combat');
    expect(sim.state.battles.map((b) => [b.hex, b.players])).toEqual([
      [at(12), [A, B]],
      [hex(8, 4), [A, B]],
    ]);
  });

  it('the first mover picks the first battle, then the other player; friendly detachments merge', () => {
    const sim = twoBattles().do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    const [first, second] = sim.state.battles;
    expect(sim.try({ type: 'choose-battle', player: B, battleId: second!.id, seed: 1 })).toBe('not-your-choice');
    sim.do({ type: 'choose-battle', player: A, battleId: first!.id, seed: 42 });
    const sheet = sim.state.battles[0]!.sheet!;
    expect(sheet.armies).toEqual([
      { player: A, detachmentId: 'a1', points: 1000 },
      { player: B, detachmentId: 'b1', points: 600 },
    ]);
    expect(sim.state.detachments.map((d) => d.id)).toEqual(['a1', 'b1', 'a3', 'b3']);
    expect(sheet.battlefield.column).toBe('hill');
    expect(sheet.battlefield.zones).toHaveLength(6);
    expect([A, B]).toContain(sheet.firstPlacer);
    expect([A, B]).toContain(sheet.firstPlayer);
    expect(sheet.deployment.kind).toBe('random');
    if (sheet.deployment.kind === 'random') expect(new Set(Object.values(sheet.deployment.sides))).toEqual(new Set(['north', 'south']));
    expect(sim.try({ type: 'choose-battle', player: B, battleId: second!.id, seed: 1 })).toBe('battle-in-progress');

    // each side loses the VP the other scored; the loser flees to the nearest enemy-free hex
    sim.do({ type: 'record-battle', battleId: first!.id, winner: A, vp: { [A]: 250, [B]: 100 } });
    expect(sim.det('a1')?.points).toBe(900);
    expect(sim.det('b1')?.points).toBe(350);
    expect(sim.state.battles[0]!.result).toEqual({ winner: A, vp: { [A]: 250, [B]: 100 }, losses: { [A]: 100, [B]: 250 } });
    expect(sim.state.pendingFlees).toEqual([{ detachmentId: 'b1', reason: 'lost-battle' }]);
    const options = fleeDestinations(sim.state, 'b1');
    expect(options.length).toBeGreaterThan(0);
    expect(sim.try({ type: 'choose-battle', player: B, battleId: second!.id, seed: 1 })).toBe('flee-pending');
    sim.do({ type: 'flee', detachmentId: 'b1', to: options[0]! });

    expect(sim.try({ type: 'choose-battle', player: A, battleId: second!.id, seed: 1 })).toBe('not-your-choice');
    sim.do({ type: 'choose-battle', player: B, battleId: second!.id, seed: 7 });
    // a side scoring more than the other has: that detachment is gone, nobody flees
    sim.do({ type: 'record-battle', battleId: second!.id, winner: B, vp: { [A]: 0, [B]: 600 } });
    expect(sim.det('a3')).toBeUndefined();
    expect(sim.det('b3')?.points).toBe(500);
    expect(sim.state.phase).toBe('resources');
    expect(sim.state.journal.some((j) => j.code === 'detachment-destroyed' && j.params.detachmentId === 'a3')).toBe(true);
  });

  it('refuses a winner not in the battle or a missing VP score', () => {
    const sim = twoBattles().do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    const id = sim.state.battles[0]!.id;
    sim.do({ type: 'choose-battle', player: A, battleId: id, seed: 1 });
    expect(sim.try({ type: 'record-battle', battleId: id, winner: 'zed', vp: { [A]: 1, [B]: 1 } })).toBe('winner-not-in-battle');
    expect(sim.try({ type: 'record-battle', battleId: id, winner: A, vp: { [A]: 1 } })).toBe('vp-invalid');
    expect(sim.try({ type: 'record-battle', battleId: id, winner: A, vp: { [A]: 1, [B]: -1 } })).toBe('vp-invalid');
  });

  it('rolls the same sheet from the same seed', () => {
    const one = twoBattles().do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    const two = twoBattles().do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    const id = one.state.battles[0]!.id;
    one.do({ type: 'choose-battle', player: A, battleId: id, seed: 99 });
    two.do({ type: 'choose-battle', player: A, battleId: id, seed: 99 });
    expect(one.state.battles[0]!.sheet).toEqual(two.state.battles[0]!.sheet);
    expect(one.state.rolls.map((r) => r.purpose)).toEqual(expect.arrayContaining(['battlefield-zone', 'terrain-first-placer', 'deployment-side', 'first-player']));
  });

  it('a seeded first placer and first player', () => {
    // one zone, d6 of 1 (nothing), then placer pick d2 = 2 (B), sides shuffle d2, first player d2 = 1 (A)
    const seed = seedRolling([6, 1], [2, 2], [2, 1], [2, 1]);
    const sim = twoBattles().do({ type: 'move', detachmentId: 'a3', path: [hex(8, 4)] });
    sim.do({ type: 'choose-battle', player: A, battleId: sim.state.battles[0]!.id, seed, zones: 1 });
    const sheet = sim.state.battles[0]!.sheet!;
    expect(sheet.battlefield.zones.every((z) => z.piece === null)).toBe(true);
    expect(sheet.firstPlacer).toBe(B);
    expect(sheet.firstPlayer).toBe(A);
  });
});
