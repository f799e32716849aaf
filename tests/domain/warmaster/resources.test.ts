import { describe, expect, it } from 'vitest';
import { DESTROY_TARGET, getCell, hex, nextActionPlayer, shortestRoad, withRoad } from '../../../src/domain/warmaster';
import type { CampaignAction, Faction } from '../../../src/domain/warmaster';
import { seedRolling } from './helpers';
import { A, A_FIRST, B, at, det, started } from './sim';

// B (orcs unless told) owns: city r2 at 20, village at 15, mine at 12; a B road on (10,0).
const B_BUILD: CampaignAction[] = [
  { type: 'build-village', player: B, hex: at(15) },
  { type: 'build-mine', player: B, hex: at(12) },
];
const ids = { city: 'r2', village: 'r3', mine: 'r4' };

function onTarget(target: 'city' | 'village' | 'mine' | 'road', points: number, faction: Faction = 'empire') {
  const h = { city: at(20), village: at(15), mine: at(12), road: at(10) }[target];
  return started({ factions: [faction, 'orcs'], build: B_BUILD, detachments: [det('a1', A, h, points)] })
    .patch((s) => ({ ...s, map: withRoad(s.map, [at(10)], 'road', B) }))
    .toMuster();
}

describe('destroying', () => {
  it('needs mine or road 2+, village 4+, city 6+', () => {
    expect(DESTROY_TARGET).toEqual({ mine: 2, road: 2, village: 4, city: 6, necropolis: 6, portal: 6 });
  });

  it.each([
    ['mine', 999, 1, false],
    ['mine', 999, 2, true],
    ['mine', 1000, 1, true],
    ['road', 999, 1, false],
    ['road', 1000, 1, true],
    ['village', 999, 3, false],
    ['village', 999, 4, true],
    ['village', 1000, 3, true],
    ['village', 1999, 2, false],
    ['village', 2000, 2, true],
    ['city', 999, 5, false],
    ['city', 999, 6, true],
    ['city', 1000, 5, true],
    ['city', 2500, 4, true],
    ['city', 2500, 3, false],
  ] as const)('%s, %i points, rolled %i: destroyed %s', (target, points, roll, success) => {
    const sim = onTarget(target, points);
    sim.do({ type: 'attempt-destroy', detachmentId: 'a1', seed: seedRolling([6, roll]) });
    const last = sim.state.journal.filter((j) => j.code === 'destroy-attempted').pop();
    expect(last?.params).toMatchObject({ roll, bonus: Math.floor(points / 1000), success: success ? 1 : 0 });
    if (target === 'road') expect(getCell(sim.state.map, at(10))?.road === undefined).toBe(success);
    else expect(sim.state.resources.some((r) => r.id === ids[target])).toBe(!success);
  });

  it('a destroyed city pays the invader 5 x 250', () => {
    const sim = onTarget('city', 400);
    const before = sim.state.bank[A]!;
    sim.do({ type: 'attempt-destroy', detachmentId: 'a1', seed: seedRolling([6, 6]) });
    expect(sim.state.bank[A]).toBe(before + 1250);
  });

  it('a village razed by the Empire pays nothing; by Undead or Chaos, 5 x 25', () => {
    for (const [faction, gain] of [
      ['empire', 0],
      ['undead', 125],
      ['chaos', 125],
    ] as const) {
      const sim = onTarget('village', 400, faction);
      const before = sim.state.bank[A]!;
      sim.do({ type: 'attempt-destroy', detachmentId: 'a1', seed: seedRolling([6, 6]) });
      expect(sim.state.bank[A]! - before).toBe(gain);
    }
  });

  it('once a turn, by a detachment meeting MP that did not fight', () => {
    const sim = onTarget('village', 400);
    sim.do({ type: 'attempt-destroy', detachmentId: 'a1', seed: seedRolling([6, 1]) });
    expect(sim.try({ type: 'attempt-destroy', detachmentId: 'a1', seed: 1 })).toBe('destroy-already-attempted');
    expect(onTarget('village', 300).try({ type: 'attempt-destroy', detachmentId: 'a1', seed: 1 })).toBe('below-minimum-points');

    // a1 attacks b1 on B's village and wins: it fought
    const fought = started({ build: B_BUILD, detachments: [det('a1', A, at(13)), det('b1', B, at(15))] }).do(
      { type: 'roll-initiative', seed: A_FIRST },
      { type: 'move', detachmentId: 'a1', path: [at(14), at(15)] },
    );
    fought.do({ type: 'choose-battle', player: A, battleId: fought.state.battles[0]!.id, seed: 5 });
    fought.do({ type: 'record-battle', battleId: fought.state.battles[0]!.id, winner: A, vp: { [A]: 100, [B]: 50 } }, { type: 'flee', detachmentId: 'b1', to: at(16) });
    fought.throughFateAndActions().do({ type: 'collect-income', seed: 1 });
    expect(fought.try({ type: 'attempt-destroy', detachmentId: 'a1', seed: 1 })).toBe('fought-this-turn');
  });

  it('finds nothing to destroy on an empty hex or a friendly resource', () => {
    const sim = started({ detachments: [det('a1', A, at(2)), det('a2', A, at(7))] }).toMuster();
    expect(sim.try({ type: 'attempt-destroy', detachmentId: 'a1', seed: 1 })).toBe('nothing-to-destroy');
    expect(sim.try({ type: 'attempt-destroy', detachmentId: 'a2', seed: 1 })).toBe('nothing-to-destroy');
  });
});

describe('ownership changes', () => {
  // a road from A's city to B's village, so the village can yield to A once it is A's
  // round B's mine at 12 by row 1
  const road = [...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((q) => at(q)), hex(11, 1), hex(12, 1), at(13), at(14)];

  it('when an enemy ends the combat phase on it: nobody gets it this turn, the enemy from the next', () => {
    const sim = started({ build: B_BUILD, detachments: [det('a1', A, at(15))] }).patch((s) => ({ ...s, map: withRoad(s.map, road, 'road') }));
    sim.do({ type: 'roll-initiative', seed: A_FIRST }).passMovement();
    const village = () => sim.state.resources.find((r) => r.id === ids.village)!;
    expect(village()).toMatchObject({ owner: B, capture: { by: A, turn: 1 } });
    sim.throughFateAndActions().do({ type: 'collect-income', seed: seedRolling([6, 3]) });
    expect(sim.state.income!.find((p) => p.player === B)!.lines.find((l) => l.resourceId === ids.village)).toMatchObject({ status: 'captured', amount: 0 });
    expect(sim.state.income!.find((p) => p.player === A)!.lines.some((l) => l.resourceId === ids.village)).toBe(false);
    sim.do({ type: 'end-turn' });
    expect(village()).toMatchObject({ owner: A, capture: null });
    // turn 2: A's, and linked by the road
    sim.toMuster(A_FIRST, seedRolling([6, 3]));
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.resourceId === ids.village)).toMatchObject({ status: 'linked', amount: 25 });
  });

  it('an enemy resource on the road cuts it', () => {
    const cut = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((q) => at(q));
    const sim = started({ build: B_BUILD, detachments: [det('a1', A, at(15))] }).patch((s) => ({ ...s, map: withRoad(s.map, cut, 'road') }));
    sim.toMuster().do({ type: 'end-turn' });
    sim.toMuster();
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.resourceId === ids.village)).toMatchObject({ status: 'unlinked', amount: 0 });
  });

  it('Undead and Chaos never take a village, they only raze it', () => {
    for (const faction of ['undead', 'chaos'] as const) {
      const sim = started({ factions: [faction, 'orcs'], build: B_BUILD, detachments: [det('a1', A, at(15))] });
      sim.do({ type: 'roll-initiative', seed: A_FIRST }).passMovement();
      expect(sim.state.resources.find((r) => r.id === ids.village)?.capture).toBeNull();
    }
  });

  it('Undead take mines', () => {
    const sim = started({ factions: ['undead', 'orcs'], build: B_BUILD, detachments: [det('a1', A, at(12))] });
    sim.toMuster().do({ type: 'end-turn' });
    expect(sim.state.resources.find((r) => r.id === ids.mine)?.owner).toBe(A);
  });

  it('a city is never taken, only razed', () => {
    const sim = started({ build: B_BUILD, detachments: [det('a1', A, at(20))] });
    sim.toMuster().do({ type: 'end-turn' });
    expect(sim.state.resources.find((r) => r.id === ids.city)?.owner).toBe(B);
  });

  it('with the capturable-cities house rule, a taken necropolis yields nothing to the Empire', () => {
    const sim = started({ factions: ['empire', 'undead'], options: { capturableCities: true }, detachments: [det('a1', A, at(20))] });
    sim.toMuster().do({ type: 'end-turn' });
    expect(sim.state.resources.find((r) => r.id === ids.city)).toMatchObject({ kind: 'necropolis', owner: A });
    sim.toMuster();
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.resourceId === ids.city)).toMatchObject({ status: 'not-for-faction', amount: 0 });
  });
});

describe('mines in play', () => {
  // B's mine at 12 linked to B's city at 20 by a road
  const linked = () =>
    started({ build: B_BUILD }).patch((s) => ({
      ...s,
      map: withRoad(
        s.map,
        [13, 14, 16, 17, 18, 19].map((q) => at(q)),
        'road',
      ),
    }));

  it.each([
    [1, 'exhausted', 0],
    [3, 'linked', 10],
    [6, 'linked', 20],
  ] as const)('a d6 of %i: %s, %i RP', (roll, status, amount) => {
    const sim = linked().toMuster(A_FIRST, seedRolling([6, roll]));
    const line = sim.state.income!.find((p) => p.player === B)!.lines.find((l) => l.resourceId === ids.mine);
    expect(line).toMatchObject({ status, amount, mineRoll: roll });
    expect(sim.state.resources.some((r) => r.id === ids.mine)).toBe(roll !== 1);
    expect(sim.state.rolls.filter((r) => r.purpose === 'mine')).toHaveLength(1);
  });
});

describe('the one action of the resources phase', () => {
  // A's city at 2 and a village at 6 (set-up)
  const withVillage = () =>
    started({ build: [{ type: 'build-village', player: A, hex: at(6) }] })
      .do({ type: 'roll-initiative', seed: A_FIRST })
      .passMovement();

  it('a road: 5 RP a hex, by a shortest path to another friendly resource', () => {
    const sim = withVillage().throughFate();
    expect(nextActionPlayer(sim.state)).toBe(A);
    expect(sim.try({ type: 'build-road', player: A, path: [at(3), at(4), at(5), at(6)] })).toBe('road-start-not-friendly-resource');
    expect(sim.try({ type: 'build-road', player: A, path: [at(2), at(3), hex(3, 1), hex(4, 1), at(5), at(6)] })).toBe('road-not-shortest');
    expect(sim.try({ type: 'build-road', player: A, path: [at(2), at(3), at(5), at(6)] })).toBe('path-not-adjacent');
    const before = sim.state.bank[A]!;
    sim.do({ type: 'build-road', player: A, path: [at(2), at(3), at(4), at(5), at(6)] });
    expect(sim.state.bank[A]).toBe(before - 15);
    expect([3, 4, 5].map((q) => getCell(sim.state.map, at(q))?.road)).toEqual(['road', 'road', 'road']);
    expect(getCell(sim.state.map, at(4))?.roadOwner).toBe(A);
    // one action: it is B's now
    expect(sim.try({ type: 'build-mine', player: A, hex: at(10) })).toBe('not-your-action');
    sim.do({ type: 'skip-action', player: B }, { type: 'collect-income', seed: 1 });
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.kind === 'village')).toMatchObject({ status: 'linked', amount: 25 });
  });

  it('suggests a shortest road', () => {
    const sim = withVillage();
    expect(shortestRoad(sim.state.map, at(2), at(6))).toEqual([at(2), at(3), at(4), at(5), at(6)]);
  });

  it('a new mine yields nothing the turn it is created, then does', () => {
    const sim = withVillage().throughFate();
    sim.do({ type: 'build-mine', player: A, hex: at(4) }, { type: 'skip-action', player: B }, { type: 'collect-income', seed: 1 });
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.kind === 'mine')).toMatchObject({ status: 'new', amount: 0 });
    // (4,0) is next to nothing friendly but 2 from the city: linked? No road: it stays unlinked next turn
    sim.do({ type: 'end-turn' }).toMuster(A_FIRST, seedRolling([6, 4]));
    expect(sim.state.income!.find((p) => p.player === A)!.lines.find((l) => l.kind === 'mine')).toMatchObject({ status: 'unlinked', mineRoll: 4 });
  });

  it('outside the set-up, the 6-hex rule is gone but spacing stays', () => {
    const sim = withVillage().throughFate();
    // 2 hexes from B's city: fine for a mine (only friendly resources count)...
    expect(sim.try({ type: 'build-village', player: A, hex: at(17) })).toBe('village-too-close');
    expect(sim.try({ type: 'build-mine', player: A, hex: at(18) })).toBe('ok');
  });

  it('Undead and Chaos build roads but no resources', () => {
    const sim = started({ factions: ['undead', 'orcs'] })
      .do({ type: 'roll-initiative', seed: A_FIRST })
      .passMovement()
      .throughFate();
    expect(sim.try({ type: 'build-mine', player: A, hex: at(6) })).toBe('faction-cannot-create-resources');
    expect(sim.try({ type: 'skip-action', player: A })).toBe('ok');
  });

  it('new detachments in a city meeting MP; reinforcements in a city even below it', () => {
    const sim = started({ detachments: [det('a1', A, at(2), 100), det('a2', A, at(5), 400)] }).toMuster();
    expect(sim.try({ type: 'recruit', player: A, hex: at(2), points: 300 })).toBe('below-minimum-points');
    expect(sim.try({ type: 'recruit', player: A, hex: at(5), points: 400 })).toBe('not-a-friendly-city');
    expect(sim.try({ type: 'reinforce', detachmentId: 'a2', points: 50 })).toBe('not-in-friendly-city');
    expect(sim.try({ type: 'reinforce', detachmentId: 'a1', points: 50 })).toBe('ok');
    expect(sim.try({ type: 'recruit', player: A, hex: at(2), points: 325 })).toBe('ok');
    expect(sim.det('a1')?.points).toBe(150);
  });
});
