import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_COMBINATIONS,
  VARIANT_CATALOGUE,
  announcedScenarios,
  hasVariant,
  paintingLevel,
  parseVariant,
  requiredListCount,
  requiredTier,
  standingsVariant,
  validateVariants,
  type VariantProblem,
} from '../../../src/domain/sr2011';

const codes = (ps: VariantProblem[]) => ps.map((p) => p.code);
const errors = (ps: VariantProblem[]) => ps.filter((p) => !p.warning);

describe('the catalogue holds every annex variant', () => {
  it.each([
    'theme-force-tier',
    'lists',
    'caster-restriction',
    'character-restriction',
    'divide-and-conquer',
    'painting',
    'no-time-limit',
    'relaxed-timing',
    'accelerated-timing',
    'hardcore-timing',
    'no-extensions',
    'time-reserve',
    'sudden-death',
    'scenario',
    'no-assassination',
    'no-tiebreakers',
    'control-points-standings',
    'scenario-standings',
    'assassination-standings',
    'attrition-standings',
    'survival-standings',
    'final-tables',
  ])('%s', (name) => {
    const def = VARIANT_CATALOGUE.find((d) => d.name === name);
    expect(def).toBeDefined();
    expect(def!.title.fr).not.toBe('');
    expect(def!.title.en).not.toBe('');
  });
  it('has exactly those 22 entries', () => expect(VARIANT_CATALOGUE).toHaveLength(22));
});

describe('valid keyword lists', () => {
  it.each([
    [[]],
    [['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet']],
    [['painting:hardcore', 'assassination-standings', 'hardcore-timing', 'lists:1', 'scenario:kill-box']],
    [['theme-force-tier:3', 'lists:2', 'caster-restriction', 'character-restriction']],
    [['painting:minimum', 'no-assassination', 'no-tiebreakers', 'final-tables']],
    [['time-reserve', 'relaxed-timing']],
    [['sudden-death']],
    [['no-extensions', 'accelerated-timing']],
    [['scenario:overrun,kill-box,grind']],
  ])('%j', (variants) => {
    expect(validateVariants({ variants, rounds: null })).toEqual([]);
  });
  it('divide and conquer with fixed rounds', () => {
    expect(validateVariants({ variants: ['lists:3', 'caster-restriction', 'divide-and-conquer'], rounds: 4 })).toEqual([]);
  });
  it('every example combination of the annex is valid', () => {
    for (const c of EXAMPLE_COMBINATIONS) expect(errors(validateVariants({ variants: [...c.variants], rounds: c.rounds })), c.id).toEqual([]);
  });
});

describe('problems', () => {
  it.each([
    [['advance-deployment'], null, 'unknown-variant'],
    [['attrition'], null, 'unknown-variant'],
    [['lists'], null, 'missing-parameter'],
    [['lists:'], null, 'missing-parameter'],
    [['lists:0'], null, 'bad-parameter'],
    [['lists:two'], null, 'bad-parameter'],
    [['theme-force-tier:5'], null, 'bad-parameter'],
    [['theme-force-tier:0'], null, 'bad-parameter'],
    [['painting:pretty'], null, 'bad-parameter'],
    [['painting'], null, 'missing-parameter'],
    [['scenario:nowhere'], null, 'bad-parameter'],
    [['no-time-limit:5'], null, 'unexpected-parameter'],
    [['final-tables', 'attrition-standings'], null, 'incompatible-variants'],
    [['scenario-standings', 'attrition-standings'], null, 'incompatible-variants'],
    [['no-time-limit', 'accelerated-timing'], null, 'incompatible-variants'],
    [['no-time-limit', 'time-reserve'], null, 'incompatible-variants'],
    [['relaxed-timing', 'hardcore-timing'], null, 'incompatible-variants'],
    [['divide-and-conquer', 'lists:2'], null, 'requires-fixed-rounds'],
    [['divide-and-conquer', 'lists:3'], 2, 'too-few-rounds-for-lists'],
    [['lists:1', 'lists:2'], null, 'duplicate-variant'],
    [['rounds:4'], null, 'use-settings-rounds'],
    [[], 0, 'bad-rounds'],
  ] as const)('%j (rounds %s) -> %s', (variants, rounds, code) => {
    const ps = validateVariants({ variants: [...variants], rounds });
    expect(codes(errors(ps))).toContain(code);
  });
  it('names both variants of an incompatible pair', () => {
    expect(validateVariants({ variants: ['final-tables', 'survival-standings'], rounds: null })).toEqual([
      { code: 'incompatible-variants', params: { a: 'final-tables', b: 'survival-standings' } },
    ]);
  });
  it.each([
    [['sudden-death', 'time-reserve'], 'redundant-variant'],
    [['time-reserve', 'no-extensions'], 'redundant-variant'],
    [['scenario:demolition'], 'scenario-text-missing'],
  ] as const)('warning: %j -> %s', (variants, code) => {
    const ps = validateVariants({ variants: [...variants], rounds: null });
    expect(errors(ps)).toEqual([]);
    expect(codes(ps)).toEqual([code]);
  });
  it('final tables with fewer rounds than recommended for the player count: a warning', () => {
    expect(validateVariants({ variants: ['final-tables'], rounds: 3 }, { playerCount: 20 })).toEqual([
      { code: 'final-tables-below-recommended-rounds', params: { rounds: 3, recommended: 5 }, warning: true },
    ]);
    expect(validateVariants({ variants: ['final-tables'], rounds: 5 }, { playerCount: 20 })).toEqual([]);
  });
});

describe('reading parameters', () => {
  it('parses keyword and parameter', () => {
    expect(parseVariant('lists:2')).toMatchObject({ name: 'lists', param: '2' });
    expect(parseVariant('no-time-limit')).toMatchObject({ name: 'no-time-limit', param: null });
  });
  it.each([
    [['lists:3'], 3],
    [['attrition-standings'], null],
  ] as const)('requiredListCount %j -> %s', (v, n) => expect(requiredListCount(v)).toBe(n));
  it('« Scénarios (X) » may repeat a scenario: no problem for kill-box,kill-box,kill-box', () => {
    expect(validateVariants({ variants: ['scenario:kill-box,kill-box,kill-box'], rounds: 3 })).toEqual([]);
  });
  it('requiredTier / paintingLevel / announcedScenarios / standingsVariant / hasVariant', () => {
    const v = ['theme-force-tier:2', 'painting:minimum', 'scenario:overrun,grind', 'survival-standings'];
    expect(requiredTier(v)).toBe(2);
    expect(paintingLevel(v)).toBe('minimum');
    expect(paintingLevel([])).toBe('none');
    expect(announcedScenarios(v)).toEqual(['overrun', 'grind']);
    expect(standingsVariant(v)).toBe('survival-standings');
    expect(standingsVariant([])).toBeNull();
    expect(hasVariant(v, 'painting')).toBe(true);
    expect(hasVariant(v, 'lists')).toBe(false);
  });
});
