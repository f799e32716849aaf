import { describe, expect, it } from 'vitest';
import {
  cardsOf,
  challengeArmy,
  challengeFromRolls,
  challengeStep,
  checkStake,
  decide500,
  disengageDifficulty,
  rollChallenge,
  score500,
  stageWinner,
  startChallenge,
  validateRackhamLists,
  WOUND_DOUBLES,
  woundDouble,
  type Card,
  type Points500Row,
} from '../../../src/domain/confrontation';
import type { GameResult, ListModel } from '../../../src/domain/event-file/types';
import { createRng } from '../../../src/domain/random';
import { systemFor } from '../../../src/domain/systems';
import { playRound, side, systemEvent } from '../systems/helpers';

const rackham = systemFor('confrontation-rackham');

describe('reference card (seed 001)', () => {
  it.each([
    [1, 'nothing'],
    [2, 'stunned'],
    [3, 'light-wound'],
    [4, 'serious-wound'],
    [5, 'critical-wound'],
    [6, 'killed-outright'],
  ] as const)('wound roll double %i: %s', (die, effect) => {
    expect(woundDouble(die)).toBe(effect);
    expect(WOUND_DOUBLES[die]).toBe(effect);
  });

  it.each([
    [0, 4],
    [1, 6],
    [2, 8],
    [3, 10],
  ])('disengaging from %i opponents: difficulty %i (4 + 2 each)', (n, difficulty) => {
    expect(disengageDifficulty(n)).toBe(difficulty);
  });

  it('refuses a die face that does not exist', () => {
    expect(() => woundDouble(7)).toThrow();
    expect(() => disengageDifficulty(-1)).toThrow();
  });
});

describe('challenge roll: d6, 6 thrown again, time limit row = 6 - result', () => {
  it.each([
    [[1], 1, 5],
    [[2], 2, 4],
    [[3], 3, 3],
    [[4], 4, 2],
    [[5], 5, 1],
    [[6, 6, 2], 2, 4],
  ])('dice %j: objective row %i, time limit row %i', (rolls, objective, timeLimitRow) => {
    expect(challengeFromRolls(rolls)).toEqual({ rolls, objective, timeLimitRow });
  });

  it('throws again until a die is not a 6, reproducibly from a seed', () => {
    for (let seed = 0; seed < 200; seed++) {
      const r = rollChallenge(createRng(seed));
      expect(r.rolls.slice(0, -1).every((d) => d === 6)).toBe(true);
      expect(r.objective).toBeGreaterThanOrEqual(1);
      expect(r.objective).toBeLessThanOrEqual(5);
      expect(r.objective + r.timeLimitRow).toBe(6);
      expect(rollChallenge(createRng(seed))).toEqual(r);
    }
    expect(() => challengeFromRolls([6, 6])).toThrow();
  });
});

const card = (id: string, ...costs: number[]): Card => ({ id, cost: costs.reduce((s, c) => s + c, 0), models: costs.map((cost, i) => ({ name: `${id}${i}`, cost })) });
const HAND_A = [card('a1', 60), card('a2', 45), card('a3', 30, 30), card('a4', 35)];
const HAND_B = [card('b1', 80), card('b2', 50), card('b3', 40), card('b4', 30)];

describe('stakes', () => {
  it('needs at least one card and not all of them', () => {
    expect(checkStake(HAND_A, [])).toEqual(['stake-empty']);
    expect(checkStake(HAND_A, ['a1', 'a2', 'a3', 'a4'])).toEqual(['stake-all']);
    expect(checkStake(HAND_A, ['a1', 'zz'])).toEqual(['unknown-card']);
    expect(checkStake(HAND_A, ['a1', 'a1'])).toEqual(['card-twice']);
    expect(checkStake(HAND_A, ['a1', 'a2', 'a3'])).toEqual([]);
  });

  it('refuses to start with a bad stake', () => {
    expect(startChallenge({ a: HAND_A, b: HAND_B }, { a: [], b: ['b1'] }, createRng(1))).toEqual({ ok: false, problems: [{ side: 'a', code: 'stake-empty' }] });
  });

  it("groups a blister's models on one card", () => {
    const models: ListModel[] = [
      { name: 'Gobelin', cost: 7, card: 'gob-1' },
      { name: 'Gobelin', cost: 7, card: 'gob-1' },
      { name: 'Chef', cost: 30 },
    ];
    expect(cardsOf({ models }).map((c) => [c.id, c.cost, c.models.length])).toEqual([
      ['gob-1', 14, 2],
      ['#2', 30, 1],
    ]);
  });
});

describe('First Blood, Revenge, Duel', () => {
  // a stakes 105 (a1 + a2), b stakes 130 (b1 + b2): a, the lower, takes the challenge
  const start = () => {
    const r = startChallenge({ a: HAND_A, b: HAND_B }, { a: ['a1', 'a2'], b: ['b1', 'b2'] }, createRng(1));
    if (!r.ok) throw new Error('refused');
    return r.state;
  };

  it('gives the challenge to the lower staked total', () => {
    const s = start();
    expect(s).toMatchObject({ stage: 'first-blood', challenger: 'a', totals: { a: 105, b: 130 }, forces: { a: ['a1', 'a2'], b: ['b1', 'b2'] }, rollOff: null });
  });

  it('First Blood: the challenger who achieves the objective wins', () => {
    expect(challengeStep(start(), { type: 'objective-achieved' })).toMatchObject({ stage: 'over', winner: 'a', decidedIn: 'first-blood' });
  });

  it('Revenge: the unstaked cards, the other player takes the challenge', () => {
    const revenge = challengeStep(start(), { type: 'objective-impossible' });
    expect(revenge).toMatchObject({ stage: 'revenge', challenger: 'b', forces: { a: ['a3', 'a4'], b: ['b3', 'b4'] } });
    expect(challengeStep(revenge, { type: 'objective-achieved' })).toMatchObject({ stage: 'over', winner: 'b', decidedIn: 'revenge' });
  });

  it("Duel: each player's most expensive model of the whole selection; first to eliminate the other wins", () => {
    const duel = challengeStep(challengeStep(start(), { type: 'objective-impossible' }), { type: 'objective-impossible' });
    expect(duel).toMatchObject({ stage: 'duel', challenger: null });
    // a's most expensive model is a1 (60), not the 60-PA card a3 made of two 30s
    expect(duel.duelists.a.map((m) => m.name)).toEqual(['a10']);
    expect(duel.duelists.b.map((m) => m.name)).toEqual(['b10']);
    expect(challengeStep(duel, { type: 'duel-won', side: 'a' })).toMatchObject({ stage: 'over', winner: 'a', decidedIn: 'duel' });
    expect(() => challengeStep(duel, { type: 'objective-achieved' })).toThrow();
  });

  it('settles equal stakes with a roll-off whose winner takes the challenge', () => {
    const r = startChallenge({ a: HAND_A, b: HAND_B }, { a: ['a1'], b: ['b3'] }, createRng(1));
    if (!r.ok) throw new Error('refused');
    expect(r.state.rollOff).toBeNull();
    for (let seed = 0; seed < 20; seed++) {
      const tie = startChallenge({ a: HAND_A, b: HAND_B }, { a: ['a2', 'a4'], b: ['b1'] }, createRng(seed));
      if (!tie.ok) throw new Error('refused');
      expect(tie.state.totals).toEqual({ a: 80, b: 80 });
      const last = tie.state.rollOff!.rolls.at(-1)!;
      expect(last[0]).not.toBe(last[1]);
      expect(tie.state.challenger).toBe(last[0] > last[1] ? 'a' : 'b');
    }
  });

  it('knows who may win at each stage from the stakes', () => {
    expect(stageWinner('first-blood', { a: 105, b: 130 })).toBe('a');
    expect(stageWinner('revenge', { a: 105, b: 130 })).toBe('b');
    expect(stageWinner('duel', { a: 105, b: 130 })).toBe('either');
    expect(stageWinner('first-blood', { a: 80, b: 80 })).toBeNull();
  });
});

describe('lists', () => {
  const list = (...costs: number[]) => ({ caster: 'Army', themeForce: null, tier: null, bonus: 0, models: costs.map((cost, i) => ({ name: `m${i}`, cost })) });

  it.each([
    // costs, total, allowance (half the cheapest), legal
    [[100, 60, 40], 200, 20, true],
    [[100, 60, 40, 20], 220, 10, false],
    [[100, 60, 50], 210, 25, true],
    [[120, 60, 45], 225, 22.5, false],
    [[120, 60, 43], 223, 21.5, false],
    [[118, 60, 44], 222, 22, true],
    [[150, 61], 211, 30.5, true],
  ])('200 PA: %j totals %i, one model may pass 200 by %s: %s', (costs, total, allowance, ok) => {
    expect(challengeArmy(costs.map((cost) => ({ cost })))).toMatchObject({ total, allowance, ok });
    expect(validateRackhamLists({ lists: [list(...costs)] }, { points: 200 }).length === 0).toBe(ok);
  });

  it('500 points: never over 500', () => {
    expect(validateRackhamLists({ lists: [list(250, 250)] }, { points: 500 })).toEqual([]);
    expect(validateRackhamLists({ lists: [list(250, 251)] }, { points: 500 })).toEqual([{ code: 'army-over-cap', params: { list: 0, total: 501, max: 500 } }]);
  });

  it('wants a list and sane costs', () => {
    expect(validateRackhamLists({ lists: [] }, { points: 200 })).toEqual([{ code: 'no-list' }]);
    expect(validateRackhamLists({ lists: [list(-5, 100)] }, { points: 200 })).toContainEqual({ code: 'bad-cost', params: { list: 0, model: 0 } });
  });
});

describe('500-point games', () => {
  it.each([
    // apd, bonuses, total
    [{ apd: 230 }, 230],
    [{ apd: 230, killedMostExpensive: true }, 250],
    [{ apd: 230, killedMostExpensive: true, halfWithoutDamage: true }, 270],
    [{ apd: 230, killedMostExpensive: true, halfWithoutDamage: true, objectiveHeld: true }, 290],
    [{ apd: 0, objectiveHeld: true }, 20],
  ])('%j totals %i', (s, total) => {
    expect(score500(s)).toBe(total);
  });

  it('a player with no model left loses whatever the totals; else the higher total wins; equal: a draw', () => {
    expect(decide500({ apd: 400, noModelLeft: true }, { apd: 10 })).toEqual({ winner: 'b', by: 'no-model-left' });
    expect(decide500({ apd: 100 }, { apd: 70, objectiveHeld: true })).toEqual({ winner: 'a', by: 'score' });
    expect(decide500({ apd: 80 }, { apd: 60, objectiveHeld: true })).toEqual({ winner: null, by: 'equal' });
  });

  const pairing = { a: 'p1', b: 'p2' };
  const settings = systemEvent('confrontation-rackham', 2, { points: 500 }).settings;
  const codes = (r: GameResult): string[] => rackham.validateResult(r, pairing, settings).map((p) => `${p.path}:${p.code}`);

  it('checks a recorded game against the rules', () => {
    expect(codes({ winner: 'p1', a: side({ apd: 120, killedMostExpensive: true, score: 140 }), b: side({ apd: 90 }), turns: 8 })).toEqual([]);
    expect(codes({ winner: 'p2', a: side({ apd: 120 }), b: side({ apd: 90 }) })).toEqual(['winner:winner-contradicts-score']);
    expect(codes({ winner: 'p1', a: side({ apd: 120, objectiveHeld: true }), b: side({ apd: 90, objectiveHeld: true }) })).toEqual(['b.objectiveHeld:bonus-both']);
    expect(codes({ winner: 'p1', a: side({ apd: 120, score: 100 }), b: side({ apd: 90 }), turns: 9 })).toEqual(['turns:field-above-max', 'a.score:derived-mismatch']);
  });

  it('is a Swiss points event: win 1, draw 1/2, then the totals summed', () => {
    let ev = systemEvent('confrontation-rackham', 4, { points: 500 });
    expect(rackham.pairingMethod(ev.settings)).toEqual({ kind: 'swiss' });
    expect(rackham.clockProfile(ev.settings)).toBe('none');
    ev = playRound(rackham, ev, 3, (p) =>
      p.table === 1 ? { winner: p.a, a: side({ apd: 200 }), b: side({ apd: 150 }) } : { winner: null, a: side({ apd: 100 }), b: side({ apd: 80, objectiveHeld: true }) },
    ).event;
    const rows = rackham.computeStandings(ev) as Points500Row[];
    expect(rows.map((r) => [r.points, r.score, r.rank, r.decidedBy])).toEqual([
      [1, 200, 1, null],
      [0.5, 100, 2, 'points'],
      [0.5, 100, 2, 'tied'],
      [0, 150, 4, 'points'],
    ]);
    expect(Object.keys(rackham.standingsJson(rackham.computeStandings(ev)[0]!)).slice(0, 5)).toEqual(['rank', 'id', 'name', 'points', 'score']);
    expect(rackham.validateEvent(ev)).toEqual([]);
  });
});

describe('challenge results and the event settings', () => {
  const pairing = { a: 'p1', b: 'p2' };
  const settings = systemEvent('confrontation-rackham', 2).settings;
  const codes = (r: GameResult): string[] => rackham.validateResult(r, pairing, settings).map((p) => `${p.path}:${p.code}`);

  it('needs a winner, and checks the time-limit row and the stakes', () => {
    expect(codes({ winner: 'p1', a: side({ stake: 90 }), b: side({ stake: 120 }), stage: 'first-blood', objective: 2, timeLimitRow: 4 })).toEqual([]);
    expect(codes({ winner: null, a: side(), b: side() })).toEqual(['winner:knockout-needs-winner']);
    expect(codes({ winner: 'p1', a: side(), b: side(), objective: 2, timeLimitRow: 3 })).toEqual(['timeLimitRow:derived-mismatch']);
    expect(codes({ winner: 'p1', a: side({ stake: 90 }), b: side({ stake: 120 }), stage: 'revenge' })).toEqual(['winner:winner-contradicts-stakes']);
    expect(codes({ winner: 'p2', a: side({ stake: 90 }), b: side({ stake: 120 }), stage: 'duel' })).toEqual([]);
    expect(codes({ winner: 'p1', a: side(), b: side(), stage: 'overtime' })).toEqual(['stage:field-not-choice']);
  });

  it('plays 200 (challenge) or 500 points only, and checks its settings', () => {
    const ev = systemEvent('confrontation-rackham', 4, { points: 300, seeding: 'alphabetical', seedOrder: ['p1', 'p7'] });
    expect(rackham.validateEvent(ev).map((p) => `${p.path}:${p.code}`)).toEqual([
      'settings.points:rackham-points',
      'settings.seeding:bad-setting-choice',
      'settings.seedOrder[1]:unknown-player-ref',
    ]);
    expect(rackham.clockProfile(systemEvent('confrontation-rackham', 2).settings)).toBe('confrontation-challenge');
    expect(rackham.resultFields(settings).map((f) => f.key)).toEqual(['stage', 'objective', 'timeLimitRow', 'stake']);
  });
});
