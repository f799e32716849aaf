import { describe, expect, it } from 'vitest';
import type { ArmyList } from '../../../src/domain/event-file/types';
import {
  characterKey,
  checkListChoice,
  listChoices,
  listTotal,
  listUsesLeft,
  listOptionsForRound,
  pointsWindow,
  validateLists,
  type ListProblem,
} from '../../../src/domain/sr2011';
import { makeEvent, makePlayer, type GameSpec } from './helpers';

/** a list whose models total `total` points */
const list = (caster: string, total: number, extra: Partial<ArmyList> = {}): ArmyList => ({
  caster,
  themeForce: null,
  tier: null,
  bonus: 7,
  models: [
    { name: 'Filler', cost: total - 1 },
    { name: 'Solo', cost: 1 },
  ],
  ...extra,
});
const codes = (ps: ListProblem[]) => ps.map((p) => p.code);
const check = (lists: ArmyList[], variants: string[] = [], points = 50, faction = 'Cygnar') => validateLists({ lists, faction }, { points, variants });

describe('points window: at most size + bonus, at least size + bonus - 2', () => {
  it.each([
    // the source's example: 50 points, caster with 7 bonus points -> 55..57
    [50, 7, 55, 57],
    [35, 6, 39, 41],
    [75, 5, 78, 80],
    [15, 3, 16, 18],
    [100, 0, 98, 100],
  ])('%i points, bonus %i -> %i..%i', (points, bonus, min, max) => {
    expect(pointsWindow(points, bonus)).toEqual({ min, max });
  });
  it.each([
    [54, ['points-under']],
    [55, []],
    [56, []],
    [57, []],
    [58, ['points-over']],
  ])('50 points, bonus 7, %i points of models -> %j', (total, expected) => {
    expect(codes(check([list('Kaelyssa', total)]))).toEqual(expected);
  });
  it('gives the numbers with the problem', () => {
    expect(check([list('Kaelyssa', 58)])).toEqual([{ code: 'points-over', params: { list: 0, total: 58, max: 57 } }]);
    expect(check([list('Kaelyssa', 50)])).toEqual([{ code: 'points-under', params: { list: 0, total: 50, min: 55 } }]);
  });
  it('sums model costs', () => expect(listTotal(list('X', 56))).toBe(56));
});

describe('how many lists', () => {
  it.each([
    [0, [], ['no-list']],
    [1, [], []],
    [2, [], []],
    [3, [], ['too-many-lists']],
    [1, ['lists:1'], []],
    [2, ['lists:1'], ['wrong-list-count']],
    [2, ['lists:3'], ['wrong-list-count']],
    [3, ['lists:3'], []],
  ])('%i list(s) with %j -> %j', (n, variants, expected) => {
    const casters = ['Stryker', 'Haley', 'Nemo'];
    expect(
      codes(
        check(
          casters.slice(0, n).map((c) => list(c, 56)),
          variants,
        ),
      ),
    ).toEqual(expected);
  });
});

describe('casters', () => {
  it('each list needs a different caster', () => {
    expect(codes(check([list('Haley', 56), list('haley', 56)]))).toEqual(['same-caster']);
  });
  it('a prime and an epic version are different casters in the base rules', () => {
    expect(check([list('Haley', 56), list('Haley (epic)', 56)])).toEqual([]);
  });
  it.each([
    ['Haley', 'Haley (epic)'],
    ['Haley', 'Epic Haley'],
    ['Haley', 'haley epic'],
    ['Haley', 'eHaley'],
    ['pHaley', 'eHaley'],
    ['Haley', 'Haley2'],
    ['Butcher', 'Butcher 3'],
    ['Kreoss', 'Kreoss (Épique)'],
  ])('caster restriction: %s and %s are the same character', (a, b) => {
    expect(characterKey(a)).toBe(characterKey(b));
    expect(codes(check([list(a, 56), list(b, 56)], ['caster-restriction']))).toEqual(['same-character-caster']);
  });
  it('an explicit character field catches epic titles the name does not show', () => {
    const a = list('Commander Coleman Stryker', 56, { character: 'Stryker' });
    const b = list('Lord Commander Stryker', 56, { character: 'stryker' });
    expect(codes(check([a, b], ['caster-restriction']))).toEqual(['same-character-caster']);
    expect(
      codes(
        check(
          [
            { ...a, character: undefined },
            { ...b, character: undefined },
          ],
          ['caster-restriction'],
        ),
      ),
    ).toEqual([]);
  });
  it('different characters pass the restriction', () => {
    expect(check([list('Haley', 56), list('Stryker (epic)', 56)], ['caster-restriction'])).toEqual([]);
  });
  it('a list without a caster', () => expect(codes(check([list(' ', 56)]))).toEqual(['missing-caster']));
});

describe('character model/unit restriction', () => {
  const withModels = (caster: string, models: ArmyList['models']) => ({
    ...list(caster, 56),
    models: [...models, { name: 'Filler', cost: 56 - models.reduce((s, m) => s + m.cost, 0) }],
  });
  it('the same character model in two lists', () => {
    const a = withModels('Haley', [{ name: 'Eiryss', cost: 3, character: true }]);
    const b = withModels('Stryker', [{ name: 'Eiryss (epic)', cost: 3, character: true }]);
    expect(check([a, b], ['character-restriction'])).toEqual([{ code: 'same-character-model', params: { listA: 0, listB: 1, model: 'Eiryss' } }]);
    expect(check([a, b])).toEqual([]);
  });
  it('generic models may repeat', () => {
    const a = withModels('Haley', [{ name: 'Ironclad', cost: 7 }]);
    const b = withModels('Stryker', [{ name: 'Ironclad', cost: 7 }]);
    expect(check([a, b], ['character-restriction'])).toEqual([]);
  });
});

describe('theme force tier X required', () => {
  it.each([
    [null, null, ['tier-required']],
    ['Heavy Metal', 2, ['tier-required']],
    ['Heavy Metal', 3, []],
    ['Heavy Metal', 4, []],
  ] as const)('%s tier %s -> %j', (themeForce, tier, expected) => {
    expect(codes(check([list('Haley', 56, { themeForce, tier })], ['theme-force-tier:3']))).toEqual(expected);
  });
});

describe('same faction', () => {
  it('a list of another faction', () => {
    expect(check([list('Haley', 56, { faction: 'Cygnar' }), list('Irusk', 56, { faction: 'Khador' })])).toEqual([
      { code: 'faction-mismatch', params: { list: 1, faction: 'Khador', expected: 'Cygnar' } },
    ]);
  });
  it('a player whose faction is not entered yet is compared with the first list, not with ""', () => {
    expect(check([list('Haley', 56, { faction: 'Cygnar' }), list('Stryker', 56, { faction: 'Cygnar' })], [], 50, ' ')).toEqual([]);
    expect(codes(check([list('Haley', 56, { faction: 'Cygnar' }), list('Irusk', 56, { faction: 'Khador' })], [], 50, ''))).toEqual(['faction-mismatch']);
  });
});

describe('divide and conquer: each list floor(rounds / lists) times', () => {
  const p = makePlayer(1, { lists: [list('Haley', 56), list('Stryker', 56), list('Nemo', 56)] });
  const played = (...listIndexes: number[]) =>
    makeEvent(
      [p, makePlayer(2)],
      listIndexes.map((i) => ({ pairings: [{ a: 'p1', b: 'p2', winner: 'p1', list: [i, 0] } satisfies GameSpec] })),
      { variants: ['lists:2', 'divide-and-conquer'], rounds: 4 },
    );
  const two = makePlayer(1, { lists: [list('Haley', 56), list('Stryker', 56)] });
  const playedTwo = (variants: string[], rounds: number | null, ...idx: number[]) =>
    makeEvent(
      [two, makePlayer(2)],
      idx.map((i) => ({ pairings: [{ a: 'p2', b: 'p1', winner: 'p1', list: [0, i] } satisfies GameSpec] })),
      { variants, rounds },
    );
  it('the source’s example: 2 lists, 4 rounds -> each list twice', () => {
    expect(listUsesLeft(two, 4, playedTwo(['lists:2', 'divide-and-conquer'], 4))).toEqual([
      { listIndex: 0, required: 2, played: 0, left: 2 },
      { listIndex: 1, required: 2, played: 0, left: 2 },
    ]);
  });
  it.each([
    [4, 3, 1],
    [5, 2, 2],
    [6, 3, 2],
    [3, 2, 1],
  ])('%i rounds, %i lists -> %i each', (rounds, lists, each) => {
    const ev = makeEvent([p], [], { variants: [`lists:${lists}`, 'divide-and-conquer'], rounds });
    expect(listUsesLeft(p, rounds, ev)[0]!.required).toBe(each);
  });
  it('counts the games played with each list', () => {
    const ev = playedTwo(['lists:2', 'divide-and-conquer'], 4, 0, 0, 1);
    expect(listUsesLeft(two, 4, ev).map((u) => u.left)).toEqual([0, 1]);
    expect(checkListChoice(two, 0, 4, ev)).toEqual({ code: 'other-list-needed', params: { list: 0, needed: 1, gamesLeft: 0 } });
    expect(checkListChoice(two, 1, 4, ev)).toBeNull();
    expect(listChoices(two, 4, ev)).toEqual([1]);
  });
  it('without lists:X, divides by the lists the player registered', () => {
    const ev = playedTwo(['divide-and-conquer'], 4);
    expect(listUsesLeft(two, 4, ev).map((u) => u.required)).toEqual([2, 2]);
  });
  it('"X lists": each list at least once, so the last game may be forced', () => {
    const ev = playedTwo(['lists:2'], 3, 0, 0);
    expect(listUsesLeft(two, 3, ev).map((u) => u.left)).toEqual([0, 1]);
    expect(checkListChoice(two, 0, 3, ev)?.code).toBe('other-list-needed');
    expect(listChoices(two, 3, ev)).toEqual([1]);
  });
  it('base rules: any list, any time', () => {
    const ev = playedTwo([], null, 0, 0, 0);
    expect(listChoices(two, 4, ev)).toEqual([0, 1]);
    expect(listUsesLeft(two, 4, ev).map((u) => u.required)).toEqual([0, 0]);
  });
  it('a list index that does not exist', () => {
    expect(checkListChoice(two, 2, 4, played())).toEqual({ code: 'bad-list-index', params: { list: 2 } });
  });
});

describe('listOptionsForRound: each player legal lists for a round, with reasons', () => {
  const list = (caster: string) => ({ caster, themeForce: null, tier: null, bonus: 6, models: [{ name: 'x', cost: 30 }] });
  const three = makePlayer(1, { lists: [list('Haley'), list('Stryker'), list('Caine')] });
  /** p1 plays the lists given, one game a round, against p2 */
  const eventPlaying = (variants: string[], rounds: number | null, ...idx: number[]) =>
    makeEvent(
      [three, makePlayer(2)],
      idx.map((i) => ({ pairings: [{ a: 'p2', b: 'p1', winner: 'p1', list: [0, i] } satisfies GameSpec] })),
      { variants, rounds },
    );

  it('« Triple détente » (3 lists, 4 rounds, divide and conquer): round 4 is free once each list was played', () => {
    const ev = eventPlaying(['lists:3', 'caster-restriction', 'divide-and-conquer'], 4, 0, 1, 2);
    const r = listOptionsForRound(ev, 'p1', 4);
    expect(r.options.map((o) => o.legal)).toEqual([true, true, true]);
    expect(r.forced).toBe(false);
  });

  it('3 lists, 4 rounds: a second game with list 1 in round 2 leaves rounds 3 and 4 to the two others', () => {
    const ev = eventPlaying(['lists:3', 'divide-and-conquer'], 4, 0, 0);
    const r = listOptionsForRound(ev, 'p1', 3);
    expect(r.options.map((o) => [o.caster, o.legal, o.owed])).toEqual([
      ['Haley', false, 0],
      ['Stryker', true, 1],
      ['Caine', true, 1],
    ]);
    expect(r.options[0]!.problem).toEqual({ code: 'other-list-needed', params: { list: 0, needed: 2, gamesLeft: 1 } });
  });

  it('the seed example (2 lists, 4 rounds): after 0, 0, 1 the last game is forced, and the player is told so', () => {
    const two = makePlayer(1, { lists: [list('Haley'), list('Stryker')] });
    const ev = makeEvent(
      [two, makePlayer(2)],
      [0, 0, 1].map((i) => ({ pairings: [{ a: 'p2', b: 'p1', winner: 'p1', list: [0, i] } satisfies GameSpec] })),
      { variants: ['lists:2', 'divide-and-conquer'], rounds: 4 },
    );
    const r = listOptionsForRound(ev, 'p1', 4);
    expect(r.options.map((o) => o.legal)).toEqual([false, true]);
    expect(r.forced).toBe(true);
    // judged on the rounds before: in round 2 both were still open, in round 3 only list 2
    expect(listOptionsForRound(ev, 'p1', 2).options.map((o) => o.legal)).toEqual([true, true]);
    expect(listOptionsForRound(ev, 'p1', 3).options.map((o) => o.legal)).toEqual([false, true]);
  });

  it('no list variant: every list, never forced; an unknown player has no options', () => {
    const ev = eventPlaying([], null, 0, 0, 0);
    expect(listOptionsForRound(ev, 'p1', 4)).toMatchObject({ forced: false, options: [{ legal: true }, { legal: true }, { legal: true }] });
    expect(listOptionsForRound(ev, 'p9', 1).options).toEqual([]);
  });
});
