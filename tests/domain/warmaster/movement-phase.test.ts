import { describe, expect, it } from 'vitest';
import { currentMover, fleeDestinations, hex, movementOptions, previewPath, withTerrain, hexKey } from '../../../src/domain/warmaster';
import { seedRolling } from './helpers';
import { A, A_FIRST, B, B_FIRST, at, det, started } from './sim';

describe('initiative', () => {
  it('highest d6 moves first', () => {
    const a = started().do({ type: 'roll-initiative', seed: A_FIRST }).state;
    expect(a.order).toEqual([A, B]);
    expect(a.initiative).toEqual([
      { player: A, rolls: [6] },
      { player: B, rolls: [1] },
    ]);
    expect(started().do({ type: 'roll-initiative', seed: B_FIRST }).state.order).toEqual([B, A]);
  });

  it('tied players re-roll among themselves, and the dice are logged', () => {
    const seed = seedRolling([6, 4], [6, 4], [6, 2], [6, 5]);
    const s = started().do({ type: 'roll-initiative', seed }).state;
    expect(s.order).toEqual([B, A]);
    expect(s.initiative).toEqual([
      { player: A, rolls: [4, 2] },
      { player: B, rolls: [4, 5] },
    ]);
    expect(s.rolls.filter((r) => r.purpose === 'initiative').map((r) => r.value)).toEqual([4, 4, 2, 5]);
  });
});

describe('alternating moves', () => {
  const three = () => started({ detachments: [det('a1', A, at(5)), det('a2', A, hex(5, 1)), det('b1', B, at(15))] }).do({ type: 'roll-initiative', seed: A_FIRST });

  it('goes first mover, other, first mover; a player out of moves is skipped', () => {
    const sim = three();
    expect(currentMover(sim.state)).toBe(A);
    expect(sim.try({ type: 'move', detachmentId: 'b1', path: [at(14)] })).toBe('not-your-move');
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(6), at(7), at(8)] });
    expect(currentMover(sim.state)).toBe(B);
    expect(sim.try({ type: 'move', detachmentId: 'a2', path: [hex(6, 1)] })).toBe('not-your-move');
    sim.do({ type: 'hold', detachmentId: 'b1' });
    expect(currentMover(sim.state)).toBe(A);
    expect(sim.try({ type: 'move', detachmentId: 'a1', path: [at(9)] })).toBe('detachment-already-moved');
    sim.do({ type: 'move', detachmentId: 'a2', path: [hex(6, 1)] });
    // nothing left to move and no battle: straight through combat to the fate rolls
    expect(sim.state).toMatchObject({ phase: 'resources', resourcesStep: 'fate' });
    expect(sim.det('a1')?.hex).toEqual(at(8));
  });

  it('refuses a path over 3 movement points, or through sea', () => {
    const sim = three();
    expect(sim.try({ type: 'move', detachmentId: 'a1', path: [at(6), at(7), at(8), at(9)] })).toBe('path-too-expensive');
    const sea = three().patch((s) => ({ ...s, map: withTerrain(s.map, [at(6)], 'sea') }));
    expect(sea.try({ type: 'move', detachmentId: 'a1', path: [at(6)] })).toBe('path-impassable-terrain');
  });

  it('a city or any resource hex halves the cost of entering it', () => {
    // (2,0) is A's city: from (5,0) to the city is 3 hexes, the last one costs 0.5
    const sim = three();
    expect(previewPath(sim.state, 'a1', [at(4), at(3), at(2)])).toMatchObject({ ok: true, cost: 2.5 });
  });
});

describe('contact and merging', () => {
  it('entering an enemy detachment stops both and starts a battle', () => {
    const sim = started({ detachments: [det('a1', A, at(10)), det('b1', B, at(12))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    expect(sim.try({ type: 'move', detachmentId: 'a1', path: [at(11), at(12), at(13)] })).toBe('path-continues-after-contact');
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(11), at(12)] });
    expect(sim.state.battles).toEqual([{ id: 'b3', hex: at(12), players: [A, B], status: 'pending', sheet: null, result: null }]);
    expect(sim.det('b1')?.moved).toBe(true);
    // B has nothing left to move: movement is over
    expect(sim.state.phase).toBe('combat');
  });

  it('stopping on a friendly detachment merges the two and ends both moves', () => {
    const sim = started({ detachments: [det('a1', A, at(5)), det('a2', A, at(7), 350), det('b1', B, at(15))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(6), at(7)] });
    expect(sim.state.detachments.filter((d) => d.owner === A)).toEqual([det('a2', A, at(7), 750, { moved: true })]);
  });

  it('passing over a friendly detachment does not merge', () => {
    const sim = started({ detachments: [det('a1', A, at(5)), det('a2', A, at(6), 350), det('b1', B, at(15))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(6), at(7)] });
    expect(sim.state.detachments.filter((d) => d.owner === A).map((d) => [d.id, d.points, d.moved])).toEqual([
      ['a1', 400, true],
      ['a2', 350, false],
    ]);
  });

  it('passing over an enemy resource is allowed', () => {
    const sim = started({ detachments: [det('b1', B, at(21))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    expect(sim.try({ type: 'move', detachmentId: 'b1', path: [at(20), at(19)] })).toBe('ok');
  });
});

describe('splitting', () => {
  it('splits when both parts meet MP; the parts move on their own', () => {
    const sim = started({ detachments: [det('a1', A, at(5), 700), det('b1', B, at(15))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    expect(sim.try({ type: 'split', detachmentId: 'a1', points: 376 })).toBe('split-below-minimum');
    sim.do({ type: 'split', detachmentId: 'a1', points: 350 });
    expect(sim.state.detachments.filter((d) => d.owner === A).map((d) => [d.id, d.points])).toEqual([
      ['a1', 350],
      ['d3', 350],
    ]);
    // splitting is not a move: still A's turn
    sim.do({ type: 'move', detachmentId: 'd3', path: [at(6)] }, { type: 'hold', detachmentId: 'b1' }, { type: 'move', detachmentId: 'a1', path: [at(4)] });
    expect(sim.state.phase).toBe('resources');
  });
});

describe('detachments under MP', () => {
  // b2 is below the Orcs' 275
  const weak = () => started({ detachments: [det('a1', A, at(8)), det('b1', B, at(15)), det('b2', B, at(10), 200)] }).do({ type: 'roll-initiative', seed: B_FIRST });

  it('move last', () => {
    const sim = weak();
    expect(currentMover(sim.state)).toBe(B);
    expect(sim.try({ type: 'move', detachmentId: 'b2', path: [at(11)] })).toBe('under-mp-moves-last');
    sim.do({ type: 'hold', detachmentId: 'b1' }, { type: 'hold', detachmentId: 'a1' });
    expect(sim.state.movement).toEqual({ stage: 'under', cursor: 0 });
    expect(sim.try({ type: 'move', detachmentId: 'b2', path: [at(11)] })).toBe('ok');
  });

  it('never enter an enemy detachment, never end on an enemy resource', () => {
    const sim = weak().do({ type: 'hold', detachmentId: 'b1' }, { type: 'hold', detachmentId: 'a1' });
    expect(sim.try({ type: 'move', detachmentId: 'b2', path: [at(9), at(8)] })).toBe('under-mp-enemy-contact');
    const nearCity = started({ detachments: [det('a1', A, at(8)), det('b2', B, at(4), 200)] }).do({ type: 'roll-initiative', seed: B_FIRST }, { type: 'hold', detachmentId: 'a1' });
    expect(nearCity.try({ type: 'move', detachmentId: 'b2', path: [at(3), at(2)] })).toBe('under-mp-end-on-enemy-resource');
    // passing over it is fine
    expect(nearCity.try({ type: 'move', detachmentId: 'b2', path: [at(3), at(2), at(1)] })).toBe('ok');
  });

  it('the movement options of an under-MP detachment leave out enemy hexes and resources', () => {
    const sim = started({ detachments: [det('a1', A, at(5)), det('b2', B, at(4), 200)] });
    const opts = movementOptions(sim.state, 'b2');
    expect(opts.has(hexKey(at(5)))).toBe(false);
    expect(opts.has(hexKey(at(7)))).toBe(false); // in 3 MP only straight through a1
    expect(opts.has(hexKey(at(6)))).toBe(true); // round it by row 1
    expect(opts.has(hexKey(at(2)))).toBe(false); // A's city
    expect(opts.has(hexKey(at(1)))).toBe(true);
  });

  it("flee to the nearest enemy-free hex, owner's choice, whenever an MP-meeting enemy passes", () => {
    const sim = started({ detachments: [det('a1', A, at(8)), det('b2', B, at(10), 200), det('b1', B, at(18))] }).do({ type: 'roll-initiative', seed: A_FIRST });
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(9), at(10), at(11)] });
    expect(sim.state.pendingFlees).toEqual([{ detachmentId: 'b2', reason: 'enemy-entered' }]);
    expect(fleeDestinations(sim.state, 'b2')).toEqual([hex(9, 0), hex(9, 1), hex(10, 1)]);
    expect(sim.try({ type: 'hold', detachmentId: 'b1' })).toBe('flee-pending');
    expect(sim.try({ type: 'flee', detachmentId: 'b2', to: at(12) })).toBe('flee-not-nearest');
    sim.do({ type: 'flee', detachmentId: 'b2', to: hex(10, 1) });
    expect(sim.det('b2')?.hex).toEqual(hex(10, 1));
    // fleeing is not its move: it still moves, last
    expect(sim.det('b2')?.moved).toBe(false);
    sim.do({ type: 'hold', detachmentId: 'b1' }, { type: 'move', detachmentId: 'b2', path: [hex(11, 1)] });
    expect(sim.state.phase).toBe('resources');
  });

  it('join the battle when their side has an army on the hex', () => {
    const sim = started({ detachments: [det('a1', A, at(8)), det('b2', B, at(10), 200), det('b1', B, at(10), 300)] }).do({ type: 'roll-initiative', seed: A_FIRST });
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(9), at(10)] });
    expect(sim.state.pendingFlees).toEqual([]);
    expect(sim.state.battles).toHaveLength(1);
  });
});
