import { describe, expect, it } from 'vitest';
import { CASTER_VALUE, armyPointsDestroyed, armyPointsSurvived, armyPointsInZone, castersInPlay, entryApd, entryPointsInZone, type ArmyEntry } from '../../../src/domain/sr2011';

describe('army points destroyed, entry by entry', () => {
  it.each<[string, ArmyEntry, number, string]>([
    ['destroyed warjack = its cost', { kind: 'warjack', cost: 9, destroyed: true }, 9, 'destroyed'],
    ['warjack still up = 0', { kind: 'warjack', cost: 9 }, 0, 'none'],
    ['inert warjack = full value', { kind: 'warjack', cost: 9, inert: true }, 9, 'inert'],
    ['wild warbeast = full value', { kind: 'warbeast', cost: 11, wild: true }, 11, 'wild'],
    ['destroyed solo = its cost', { kind: 'solo', cost: 3, remaining: 0 }, 3, 'destroyed'],
    ['destroyed caster = 5 whatever its cost', { kind: 'caster', cost: 0, destroyed: true }, 5, 'caster-destroyed'],
    ['caster alive = 0', { kind: 'caster', cost: 0 }, 0, 'none'],
    ['model included with the caster adds nothing', { kind: 'solo', cost: 2, destroyed: true, includedWithCaster: true }, 0, 'included-with-caster'],
    // 10 models: 50% rounded up = 5
    ['unit 10/10 = 0', { kind: 'unit', cost: 6, startingStrength: 10, remaining: 10 }, 0, 'none'],
    ['unit 5/10 = 0 (not under 50%)', { kind: 'unit', cost: 6, startingStrength: 10, remaining: 5 }, 0, 'none'],
    ['unit 4/10 = half of 6 = 3', { kind: 'unit', cost: 6, startingStrength: 10, remaining: 4 }, 3, 'under-half'],
    ['unit 1/10 = 3', { kind: 'unit', cost: 6, startingStrength: 10, remaining: 1 }, 3, 'under-half'],
    ['unit 0/10 = full 6', { kind: 'unit', cost: 6, startingStrength: 10, remaining: 0 }, 6, 'destroyed'],
    // 6 models, cost 5: threshold 3; half of 5 rounded up = 3
    ['unit 3/6 = 0', { kind: 'unit', cost: 5, startingStrength: 6, remaining: 3 }, 0, 'none'],
    ['unit 2/6 = 3 (5/2 rounded up)', { kind: 'unit', cost: 5, startingStrength: 6, remaining: 2 }, 3, 'under-half'],
    // 9 models with attachments (cost 8 in all): 50% of 9 rounded up = 5
    ['unit 5/9 = 0', { kind: 'unit', cost: 8, startingStrength: 9, remaining: 5 }, 0, 'none'],
    ['unit 4/9 = 4', { kind: 'unit', cost: 8, startingStrength: 9, remaining: 4 }, 4, 'under-half'],
    // 3 models cost 7: threshold 2
    ['unit 1/3 = 4', { kind: 'unit', cost: 7, startingStrength: 3, remaining: 1 }, 4, 'under-half'],
    ['multi-model solo choice pays only when wholly destroyed', { kind: 'solo', cost: 3, startingStrength: 3, remaining: 1 }, 0, 'none'],
  ])('%s', (_label, entry, points, reason) => {
    expect(entryApd(entry)).toEqual({ points, reason });
  });
});

describe('army points destroyed, a whole army', () => {
  it('adds the lines', () => {
    const army: ArmyEntry[] = [
      { kind: 'caster', cost: 0, destroyed: true },
      { kind: 'warjack', cost: 7, inert: true },
      { kind: 'warjack', cost: 9, destroyed: true },
      { kind: 'unit', cost: 6, startingStrength: 10, remaining: 4 },
      { kind: 'unit', cost: 8, startingStrength: 9, remaining: 9 },
      { kind: 'solo', cost: 2, destroyed: true },
    ];
    const r = armyPointsDestroyed(army);
    expect(r.total).toBe(CASTER_VALUE + 7 + 9 + 3 + 0 + 2);
    expect(r.lines.map((l) => l.points)).toEqual([5, 7, 9, 3, 0, 2]);
  });
  it('an empty army: 0', () => expect(armyPointsDestroyed([]).total).toBe(0));
});

describe('army points in the zone (3rd time-out condition)', () => {
  it.each<[string, ArmyEntry, number]>([
    ['warjack in the zone = its cost', { kind: 'warjack', cost: 9, inZone: true }, 9],
    ['warjack outside = 0', { kind: 'warjack', cost: 9, inZone: false }, 0],
    ['inert warjack is ignored', { kind: 'warjack', cost: 9, inZone: true, inert: true }, 0],
    ['wild warbeast is ignored', { kind: 'warbeast', cost: 11, inZone: true, wild: true }, 0],
    ['fleeing unit is ignored', { kind: 'unit', cost: 6, startingStrength: 6, inZone: 6, fleeing: true }, 0],
    ['solo in the zone = its cost', { kind: 'solo', cost: 2, inZone: 1 }, 2],
    ['caster in the zone = 5', { kind: 'caster', cost: 0, inZone: true }, 5],
    ['caster outside = 0', { kind: 'caster', cost: 0 }, 0],
    ['destroyed warjack = 0', { kind: 'warjack', cost: 9, inZone: true, destroyed: true }, 0],
    // the source's example: ten Long Gunners are worth 10 with at least five left
    ['10 Long Gunners, 5 left, 3 inside = 10', { kind: 'unit', cost: 10, startingStrength: 10, remaining: 5, inZone: 3 }, 10],
    ['10 Long Gunners, 5 left, 2 inside = 0', { kind: 'unit', cost: 10, startingStrength: 10, remaining: 5, inZone: 2 }, 0],
    ['10 Long Gunners, 4 left, all inside = 0', { kind: 'unit', cost: 10, startingStrength: 10, remaining: 4, inZone: 4 }, 0],
    // twelve with the unit attachment: worth 12 with at least six left
    ['12 Long Gunners with UA, 6 left, 3 inside = 12', { kind: 'unit', cost: 12, startingStrength: 12, remaining: 6, inZone: 3 }, 12],
    ['12 Long Gunners with UA, 5 left = 0', { kind: 'unit', cost: 12, startingStrength: 12, remaining: 5, inZone: 5 }, 0],
    ['full unit, half inside (rounded up) = cost', { kind: 'unit', cost: 6, startingStrength: 5, inZone: 3 }, 6],
    ['full unit of 5, 2 inside = 0', { kind: 'unit', cost: 6, startingStrength: 5, inZone: 2 }, 0],
    ['3-model solo choice, 2 left, both inside = cost', { kind: 'solo', cost: 3, startingStrength: 3, remaining: 2, inZone: 2 }, 3],
    ['3-model solo choice, 2 left, 1 inside = 0', { kind: 'solo', cost: 3, startingStrength: 3, remaining: 2, inZone: 1 }, 0],
    ['3-model solo choice, 1 left = 0 (under 50%)', { kind: 'solo', cost: 3, startingStrength: 3, remaining: 1, inZone: 1 }, 0],
    ['2-model caster choice counts only with both inside', { kind: 'caster', cost: 0, startingStrength: 2, inZone: 1 }, 0],
  ])('%s', (_label, entry, points) => {
    expect(entryPointsInZone(entry).points).toBe(points);
  });
  it('totals an army', () => {
    expect(
      armyPointsInZone([
        { kind: 'caster', cost: 0, inZone: true },
        { kind: 'warjack', cost: 9, inZone: true },
        { kind: 'unit', cost: 6, startingStrength: 10, remaining: 6, inZone: 3 },
        { kind: 'solo', cost: 2, inZone: false },
      ]).total,
    ).toBe(5 + 9 + 6);
  });
});

describe('castersInPlay', () => {
  it('counts living warcasters/warlocks only', () => {
    expect(
      castersInPlay([
        { kind: 'caster', cost: 0 },
        { kind: 'caster', cost: 0, destroyed: true },
        { kind: 'warjack', cost: 9 },
      ]),
    ).toBe(1);
  });
});

describe('armyPointsSurvived: survival standings, counted as « Victoire et conditions de départage »', () => {
  it('a 10-point unit down to 4 of 10 models survives for 5, at 5 of 10 for its full 10', () => {
    expect(armyPointsSurvived([{ kind: 'unit', cost: 10, startingStrength: 10, remaining: 4 }]).total).toBe(5);
    expect(armyPointsSurvived([{ kind: 'unit', cost: 10, startingStrength: 10, remaining: 5 }]).total).toBe(10);
  });
  it('« Douze Longs-Fusiliers, soutien d’unité inclus »: 12 with six left, half of 12 with five', () => {
    expect(armyPointsSurvived([{ kind: 'unit', cost: 12, startingStrength: 12, remaining: 6 }]).total).toBe(12);
    expect(armyPointsSurvived([{ kind: 'unit', cost: 12, startingStrength: 12, remaining: 5 }]).total).toBe(6);
    // an odd value rounds up, as the 4th condition does: 7 -> 4
    expect(armyPointsSurvived([{ kind: 'unit', cost: 7, startingStrength: 6, remaining: 2 }]).total).toBe(4);
  });
  it('a living caster is 5 whatever its bonus points; inert, wild or destroyed models are 0', () => {
    const r = armyPointsSurvived([
      { kind: 'caster', cost: 0 },
      { kind: 'warjack', cost: 9, inert: true },
      { kind: 'warbeast', cost: 8, wild: true },
      { kind: 'solo', cost: 2, destroyed: true },
      { kind: 'warjack', cost: 7 },
      { kind: 'solo', cost: 1, includedWithCaster: true },
    ]);
    expect(r.total).toBe(CASTER_VALUE + 7);
    expect(r.lines.map((l) => l.reason)).toEqual(['caster', 'inert', 'wild', 'destroyed', 'intact', 'included-with-caster']);
    expect(armyPointsSurvived([{ kind: 'caster', cost: 0, destroyed: true }]).total).toBe(0);
  });
});
