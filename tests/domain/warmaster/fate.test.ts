import { describe, expect, it } from 'vitest';
import { currentMover, fateResult, FATE_TABLE, nextFatePlayer, previewPath } from '../../../src/domain/warmaster';
import type { Faction } from '../../../src/domain/warmaster';
import { seedRolling } from './helpers';
import { A, A_FIRST, B, B_FIRST, FATE_QUIET, at, det, started } from './sim';

// a0 in A's city, a1 in the field, b1 in the field; A rolls first.
function atFate(factions?: [Faction, Faction]) {
  return started({ ...(factions ? { factions } : {}), detachments: [det('a0', A, at(2)), det('a1', A, at(8)), det('b1', B, at(15))] })
    .do({ type: 'roll-initiative', seed: A_FIRST })
    .passMovement();
}

describe('fate table', () => {
  it('is the source order', () => {
    expect(FATE_TABLE).toEqual(['bad-weather', 'reinforcements', 'supply-line', 'raid', 'scouts', 'deception']);
    expect(fateResult(4)).toBe('raid');
  });

  it('is rolled in turn order', () => {
    const sim = atFate();
    expect(sim.state).toMatchObject({ phase: 'resources', resourcesStep: 'fate' });
    expect(nextFatePlayer(sim.state)).toBe(A);
    expect(sim.try({ type: 'roll-fate', player: B, seed: FATE_QUIET })).toBe('not-your-fate');
  });

  it('1 bad weather: 1d6 adjacent hexes cost 1 more to enter next turn', () => {
    const sim = atFate().do({ type: 'roll-fate', player: A, seed: seedRolling([6, 1], [6, 3]) });
    expect(sim.state.fate[0]).toMatchObject({ roll: 1, result: 'bad-weather', amount: 3, resolved: false });
    expect(sim.try({ type: 'roll-fate', player: B, seed: FATE_QUIET })).toBe('fate-choice-pending');
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'bad-weather', hexes: [at(9), at(10)] } })).toBe('weather-hex-count');
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'bad-weather', hexes: [at(9), at(11), at(13)] } })).toBe('weather-not-adjacent');
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'raid', target: B } })).toBe('fate-choice-mismatch');
    sim.do({ type: 'resolve-fate', player: A, choice: { kind: 'bad-weather', hexes: [at(9), at(10), at(11)] } });
    // not this turn...
    expect(previewPath(sim.state, 'a1', [at(9)])).toMatchObject({ cost: 1 });
    sim.throughFateAndActions().do({ type: 'collect-income', seed: 1 }, { type: 'end-turn' }, { type: 'roll-initiative', seed: A_FIRST });
    // ...the next one
    expect(previewPath(sim.state, 'a1', [at(9), at(10)])).toMatchObject({ cost: 4 });
    expect(sim.try({ type: 'move', detachmentId: 'a1', path: [at(9), at(10)] })).toBe('path-too-expensive');
    expect(sim.try({ type: 'move', detachmentId: 'a1', path: [at(9)] })).toBe('ok');
    // and gone the turn after
    sim.passMovement().throughFateAndActions().do({ type: 'collect-income', seed: 1 }, { type: 'end-turn' });
    expect(sim.state.weather).toEqual([]);
  });

  it.each([
    ['empire', 3, 2, 50],
    ['elves', 3, 3, 75],
    ['undead', 6, 5, 125],
    ['chaos', 6, 6, 150],
  ] as const)('2 reinforcements for %s: 1d%i x 25 (rolled %i: %i RP)', (faction, sides, value, rp) => {
    const sim = atFate([faction, 'orcs']).do({ type: 'roll-fate', player: A, seed: seedRolling([6, 2], [sides, value]) });
    expect(sim.state.fate[0]).toMatchObject({ result: 'reinforcements', amount: rp, resolved: true });
    expect(sim.state.bank[A]).toBe(1000 + rp);
  });

  it('3 supply line: RP from the treasury to a detachment outside a city', () => {
    const sim = atFate().do({ type: 'roll-fate', player: A, seed: seedRolling([6, 3]) });
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'supply-line', detachmentId: 'a0', amount: 100 } })).toBe('supply-line-in-city');
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'supply-line', detachmentId: 'b1', amount: 100 } })).toBe('not-your-detachment');
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'supply-line', detachmentId: 'a1', amount: 1001 } })).toBe('not-enough-rp');
    sim.do({ type: 'resolve-fate', player: A, choice: { kind: 'supply-line', detachmentId: 'a1', amount: 100 } });
    expect(sim.det('a1')?.points).toBe(500);
    expect(sim.state.bank[A]).toBe(900);
  });

  it("4 raid: an opponent loses 1d3 x 25 from this turn's income", () => {
    const sim = atFate().do({ type: 'roll-fate', player: A, seed: seedRolling([6, 4], [3, 3]) });
    expect(sim.state.fate[0]).toMatchObject({ result: 'raid', amount: 75 });
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'raid', target: A } })).toBe('raid-target-invalid');
    sim
      .do({ type: 'resolve-fate', player: A, choice: { kind: 'raid', target: B } })
      .throughFateAndActions()
      .do({ type: 'collect-income', seed: 1 });
    expect(sim.state.income?.find((p) => p.player === B)).toMatchObject({ gross: 250, raided: 75, net: 175 });
    expect(sim.state.bank[B]).toBe(1000 + 175);
    expect(sim.state.bank[A]).toBe(1000 + 250);
  });

  it.each([
    [A_FIRST, B],
    [B_FIRST, A],
  ])("5 scouts: the last player to roll it picks sides in next turn's battles (%#)", (initiative, benefits) => {
    const five = seedRolling([6, 5]);
    const sim = started({ detachments: [det('a1', A, at(10)), det('b1', B, at(12))] })
      .do({ type: 'roll-initiative', seed: initiative })
      .passMovement();
    const [first, second] = sim.state.order;
    sim.do({ type: 'roll-fate', player: first!, seed: five }, { type: 'roll-fate', player: second!, seed: five });
    expect(sim.state.scouts).toEqual({ player: benefits, turn: 2 });
    sim.throughFateAndActions().do({ type: 'collect-income', seed: 1 }, { type: 'end-turn' }, { type: 'roll-initiative', seed: A_FIRST });
    sim.do({ type: 'move', detachmentId: 'a1', path: [at(11), at(12)] });
    sim.do({ type: 'choose-battle', player: A, battleId: sim.state.battles[0]!.id, seed: 3 });
    expect(sim.state.battles[0]!.sheet!.deployment).toEqual({ kind: 'scouts', chooser: benefits });
  });

  it('6 deception: the enemy detachment cannot attack a resource this turn nor move next turn', () => {
    // b1 stands on A's village at (8,0)
    const sim = started({ build: [{ type: 'build-village', player: A, hex: at(8) }], detachments: [det('a1', A, at(5)), det('b1', B, at(8))] })
      .do({ type: 'roll-initiative', seed: A_FIRST })
      .passMovement()
      .do({ type: 'roll-fate', player: A, seed: seedRolling([6, 6]) });
    expect(sim.try({ type: 'resolve-fate', player: A, choice: { kind: 'deception', detachmentId: 'a1' } })).toBe('deception-target-invalid');
    sim
      .do({ type: 'resolve-fate', player: A, choice: { kind: 'deception', detachmentId: 'b1' } })
      .throughFateAndActions()
      .do({ type: 'collect-income', seed: 1 });
    expect(sim.try({ type: 'attempt-destroy', detachmentId: 'b1', seed: 1 })).toBe('detachment-deceived');
    sim.do({ type: 'end-turn' }, { type: 'roll-initiative', seed: A_FIRST }, { type: 'hold', detachmentId: 'a1' });
    // B's only detachment is pinned: A's turn again would be skipped, movement is over
    expect(currentMover(sim.state)).toBeNull();
    expect(sim.state.phase).toBe('resources');
    expect(sim.det('b1')?.hex).toEqual(at(8));
    // and free again the turn after
    sim.throughFateAndActions().do({ type: 'collect-income', seed: 1 }, { type: 'end-turn' }, { type: 'roll-initiative', seed: A_FIRST }, { type: 'hold', detachmentId: 'a1' });
    expect(currentMover(sim.state)).toBe(B);
  });

  it('a declined choice is a choice', () => {
    const sim = atFate().do({ type: 'roll-fate', player: A, seed: seedRolling([6, 4], [3, 1]) }, { type: 'resolve-fate', player: A, choice: null });
    expect(sim.state.fate[0]).toMatchObject({ resolved: true, choice: null });
    expect(sim.state.raids).toEqual([]);
  });
});
