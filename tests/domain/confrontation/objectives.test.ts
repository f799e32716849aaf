import { describe, expect, it } from 'vitest';
import { exclusion, fighterValue, objectivesState, objectiveState, POWER, sideTotals, type Fighter } from '../../../src/domain/confrontation';

const HILL = { strength: 6, value: 50 };

// Seed 003, XX-C-2: "quatre grands Crocs Wolfen d'une valeur individuelle de 34 sur la colline.
// Sur ces quatre combattants, un est en Blessure légère, un en Blessure grave et un en Blessure
// critique. Leur effectif est donc de 8 [...] et leur valeur de 34 + 34 + (34 - 5) + (34 - 10) = 121."
const WOLFEN: Fighter[] = (['none', 'light', 'serious', 'critical'] as const).map((wound) => ({ size: 'large', strategicValue: 34, wound }));

// "six guerriers des Gouffres d'une valeur individuelle de 9 sur la colline, dont deux sont en
// Blessure grave et deux en Blessure critique. Leur effectif est donc de 6 et leur valeur de
// 9 + 9 + (9 - 5) + (9 - 5) + (9 - 10) + (9 - 10) = 26": the critical ones count 0, not -1.
const GOUFFRES: Fighter[] = (['none', 'none', 'serious', 'serious', 'critical', 'critical'] as const).map((wound) => ({ size: 'medium', strategicValue: 9, wound }));

describe("the source's worked examples", () => {
  it('Wolfen: strength 8, value 121, they occupy the hill (6 and 50)', () => {
    const s = objectiveState(WOLFEN, [], HILL);
    expect([s.a.strength, s.a.value, s.a.occupies]).toEqual([8, 121, true]);
  });

  it('Gouffres: strength 6 is enough, value 26 is not: they do not occupy it', () => {
    const s = objectiveState([], GOUFFRES, HILL);
    expect([s.b.strength, s.b.value, s.b.occupies]).toEqual([6, 26, false]);
  });

  it('both on the hill: the Wolfen control it (8 > 6 and 121 > 26)', () => {
    expect(objectiveState(WOLFEN, GOUFFRES, HILL).control).toBe('a');
  });

  it('Khor warrior 23 at a serious wound is 18; Keltois warrior 8 at a critical wound is 0', () => {
    expect(fighterValue({ strategicValue: 23, wound: 'serious' })).toBe(18);
    expect(fighterValue({ strategicValue: 8, wound: 'critical' })).toBe(0);
  });
});

describe('wounds and power', () => {
  it.each([
    ['none', 30, 30],
    ['light', 30, 30],
    ['serious', 30, 25],
    ['critical', 30, 20],
    ['serious', 4, 0],
    ['critical', 10, 0],
  ] as const)('%s wound on value %i counts %i', (wound, strategicValue, value) => {
    expect(fighterValue({ strategicValue, wound })).toBe(value);
  });

  it('gives power 1 to small and medium, 2 to large, 3 to very large', () => {
    expect(POWER).toEqual({ small: 1, medium: 1, large: 2, 'very-large': 3 });
  });
});

describe('who does not count', () => {
  const base: Fighter = { size: 'medium', strategicValue: 20 };
  it.each([
    [{ routed: true }, 'routed'],
    [{ level: 1 }, 'not-level-0'],
    [{ level: 2 }, 'not-level-0'],
    [{ hidden: true }, 'hidden'],
    [{ neutral: true }, 'neutral'],
    [{ summoned: true }, 'summoned-other-people'],
    [{ summoned: true, samePeople: true, arrivedLastTurn: true }, 'arrived-last-turn'],
    [{ arrivedLastTurn: true }, 'arrived-last-turn'],
  ] as const)('%j: %s', (extra, reason) => {
    expect(exclusion({ ...base, ...extra })).toBe(reason);
    expect(sideTotals([{ ...base, ...extra }])).toMatchObject({ strength: 0, value: 0, counted: [] });
  });

  it("counts a summoned fighter of the army's own people, and a fighter back in play before the last turn", () => {
    expect(exclusion({ ...base, summoned: true, samePeople: true })).toBeNull();
    expect(sideTotals([{ ...base, summoned: true, samePeople: true }, base])).toMatchObject({ strength: 2, value: 40 });
  });
});

describe('control', () => {
  const f = (size: Fighter['size'], strategicValue: number): Fighter => ({ size, strategicValue });
  it.each([
    // a's fighters, b's fighters, control
    [[f('large', 30)], [f('medium', 10)], 'a'],
    [[f('medium', 30)], [f('medium', 10)], 'tie'], // same strength
    [[f('large', 10)], [f('medium', 30)], 'tie'], // more strength, less value
    [[f('medium', 5)], [f('large', 40)], 'b'],
    [[], [], 'tie'],
  ] as const)('%j against %j: %s', (a, b, control) => {
    expect(objectiveState(a, b).control).toBe(control);
  });

  it('counts occupation without a threshold as not asked', () => {
    expect(objectiveState(WOLFEN, GOUFFRES).a.occupies).toBeNull();
  });

  it('counts one fighter for one objective only: the owner must choose', () => {
    const fighters = new Map<string, Fighter>([
      ['w1', WOLFEN[0]!],
      ['w2', WOLFEN[1]!],
      ['g1', GOUFFRES[0]!],
    ]);
    const twice = objectivesState(fighters, [
      { id: 'hill', a: ['w1', 'w2'], b: [] },
      { id: 'well', a: ['w2'], b: ['g1'] },
    ]);
    expect(twice).toEqual({ ok: false, problems: [{ code: 'fighter-on-two-objectives', fighter: 'w2', objectives: ['hill', 'well'] }] });
    const chosen = objectivesState(fighters, [
      { id: 'hill', threshold: HILL, a: ['w1'], b: [] },
      { id: 'well', a: ['w2'], b: ['g1'] },
    ]);
    expect(chosen.ok && chosen.objectives.map((o) => [o.id, o.a.strength, o.a.value, o.a.occupies, o.control])).toEqual([
      ['hill', 2, 34, false, 'a'],
      ['well', 2, 34, null, 'a'],
    ]);
    expect(objectivesState(fighters, [{ id: 'x', a: ['nope'], b: [] }])).toMatchObject({ ok: false, problems: [{ code: 'unknown-fighter' }] });
  });
});
