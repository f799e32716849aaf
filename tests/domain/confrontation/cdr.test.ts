import { describe, expect, it } from 'vitest';
import { CDR_TP_TABLE, cdrTournamentPoints, commanderCandidates, GOAL_AVERAGE_BONUS_CAP, gameGoalAverage, goalAverage, validateCdrLists } from '../../../src/domain/confrontation';
import type { EventFile, GameResult, ListModel } from '../../../src/domain/event-file/types';
import { systemFor } from '../../../src/domain/systems';
import { playRound, side, systemEvent } from '../systems/helpers';

const cdr = systemFor('confrontation-cdr');

describe('TP from the 9..0 table (seed 003, XX-A-4)', () => {
  it.each([
    [3, 0, 9],
    [2, 0, 8],
    [2, 1, 7],
    [1, 0, 6],
    [1, 1, 5],
    [0, 0, 4],
    [1, 2, 3],
    [0, 1, 2],
    [0, 2, 1],
    [0, 3, 0],
  ])('%i VP to %i gives %i TP', (own, opponent, tp) => {
    expect(cdrTournamentPoints(own, opponent)).toBe(tp);
    expect(cdr.scoreGame({ winner: null, a: side({ vp: own }), b: side({ vp: opponent }) }, { a: 'p1', b: 'p2' }, systemEvent('confrontation-cdr', 2).settings).a).toBe(tp);
  });

  it('has exactly the ten rows, every VP score of a 3-condition scenario, and nothing else', () => {
    expect(CDR_TP_TABLE).toHaveLength(10);
    for (let own = 0; own <= 4; own++) for (let opp = 0; opp <= 4; opp++) expect(cdrTournamentPoints(own, opp) !== null).toBe(own + opp <= 3);
    // read top to bottom the table goes 9 down to 0, and the player with more VP always takes more TP
    expect(CDR_TP_TABLE.map((r) => r.tp)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    for (const { own, opponent, tp } of CDR_TP_TABLE) {
      const other = cdrTournamentPoints(opponent, own)!;
      expect(Math.sign(tp - other)).toBe(Math.sign(own - opponent));
    }
  });
});

describe('goal-average (XX-A-5)', () => {
  it.each([
    // enemy losses, own losses, bonus, goal-average
    [120, 80, 0, 40],
    [80, 120, 0, -40],
    [80, 120, 30, -10],
    [0, 0, 100, 100],
    [0, 0, 101, 100],
    [50, 10, 250, 140],
    [10, 50, undefined, -40],
  ])('enemy losses %i, own losses %i, bonus %s: %i', (enemyLosses, ownLosses, bonus, expected) => {
    expect(goalAverage({ enemyLosses, ownLosses, ...(bonus === undefined ? {} : { bonus }) })).toBe(expected);
  });

  it('caps the bonus at 100 PA whatever is claimed', () => {
    expect(GOAL_AVERAGE_BONUS_CAP).toBe(100);
    for (const claimed of [100, 150, 1000]) expect(goalAverage({ enemyLosses: 0, ownLosses: 0, bonus: claimed })).toBe(100);
  });

  it("reads a game from each side's apd (the opponent's losses) and bonus", () => {
    const a = side({ vp: 2, apd: 140, bonus: 120 });
    const b = side({ vp: 1, apd: 95 });
    expect(gameGoalAverage(a, b)).toBe(140 - 95 + 100);
    expect(gameGoalAverage(b, a)).toBe(95 - 140);
  });
});

describe('result validation', () => {
  const pairing = { a: 'p1', b: 'p2' };
  const settings = systemEvent('confrontation-cdr', 2).settings;
  const codes = (r: GameResult): string[] => cdr.validateResult(r, pairing, settings).map((p) => `${p.path}:${p.code}`);

  it('accepts a game and checks the derived fields a file may carry', () => {
    expect(codes({ winner: 'p1', a: side({ vp: 2, apd: 60, tp: 7, goalAverage: 20 }), b: side({ vp: 1, apd: 40 }) })).toEqual([]);
    expect(codes({ winner: 'p1', a: side({ vp: 2, apd: 60, tp: 8 }), b: side({ vp: 1, apd: 40, goalAverage: 0 }) })).toEqual([
      'a.tp:derived-mismatch',
      'b.goalAverage:derived-mismatch',
    ]);
  });

  it('refuses VP outside 0..3, a total over three, and a winner the VP contradict', () => {
    expect(codes({ winner: 'p1', a: side({ vp: 4, apd: 0 }), b: side({ vp: 0, apd: 0 }) })).toEqual(['a.vp:field-above-max']);
    expect(codes({ winner: 'p1', a: side({ vp: 2, apd: 0 }), b: side({ vp: 2, apd: 0 }) })).toEqual(['b.vp:vp-over-conditions']);
    expect(codes({ winner: 'p2', a: side({ vp: 2, apd: 0 }), b: side({ vp: 1, apd: 0 }) })).toEqual(['winner:winner-contradicts-vp']);
    expect(codes({ winner: null, a: side({ vp: 1, apd: 0 }), b: side({ vp: 0, apd: 0 }) })).toEqual(['winner:winner-contradicts-vp']);
    expect(codes({ winner: 'p1', a: side({ apd: 0 }), b: side({ vp: 1.5, apd: 0 }) })).toEqual(['a.vp:field-required', 'b.vp:field-not-integer']);
  });
});

describe('standings: TP, then goal-average', () => {
  function event(): EventFile {
    const ev = systemEvent('confrontation-cdr', 4, { points: 400 });
    ev.rounds.push({
      number: 1,
      pairings: [
        { table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', a: side({ vp: 2, apd: 150 }), b: side({ vp: 1, apd: 100 }) } },
        { table: 2, a: 'p3', b: 'p4', result: { winner: 'p3', a: side({ vp: 2, apd: 90, bonus: 200 }), b: side({ vp: 1, apd: 30 }) } },
      ],
      bye: null,
    });
    return ev;
  }

  it('ranks equal TP by goal-average, higher first', () => {
    const rows = cdr.computeStandings(event());
    expect(rows.map((r) => [r.id, r.rank, r.tp, r.goalAverage, r.decidedBy])).toEqual([
      ['p3', 1, 7, 160, null],
      ['p1', 2, 7, 50, 'goalAverage'],
      ['p2', 3, 3, -50, 'tp'],
      // p3's bonus is p3's: p4's goal-average is 30 - 90
      ['p4', 4, 3, -60, 'goalAverage'],
    ]);
    expect(rows[0]).toMatchObject({ points: 7, vp: 2, wins: 1, opponents: ['p4'] });
    expect(cdr.standingsOrder(event().settings)).toEqual(['tp', 'goalAverage']);
  });

  it('prints tp and goalAverage first', () => {
    const ev = event();
    expect(Object.keys(cdr.standingsJson(cdr.computeStandings(ev)[0]!)).slice(0, 5)).toEqual(['rank', 'id', 'name', 'tp', 'goalAverage']);
    expect(cdr.standingsJson(cdr.computeStandings(ev)[0]!)).not.toHaveProperty('points');
  });

  it('scores a bye as the narrowest win (6 TP), or settings.byePoints', () => {
    let ev = systemEvent('confrontation-cdr', 3, { points: 400 });
    ev = playRound(cdr, ev, 1, () => ({ winner: null, a: side({ vp: 0, apd: 0 }), b: side({ vp: 0, apd: 0 }) })).event;
    const bye = ev.rounds[0]!.bye!;
    expect(cdr.computeStandings(ev).find((r) => r.id === bye)).toMatchObject({ tp: 6, goalAverage: 0, byes: 1 });
    ev.settings.byePoints = 9;
    expect(cdr.computeStandings(ev).find((r) => r.id === bye)).toMatchObject({ tp: 9 });
    ev.settings.byePoints = -1;
    expect(cdr.validateEvent(ev)).toEqual([{ path: 'settings.byePoints', code: 'bad-bye-points' }]);
  });

  it('pairs Swiss on TP: round 2 puts the two 7-TP players together', () => {
    const outcome = cdr.pairNextRound(event(), { seed: 5 });
    expect(outcome).toMatchObject({ ok: true, rematches: 0 });
    if (!outcome.ok) return;
    expect(outcome.round.pairings.map((p) => [p.a, p.b].sort().join('-')).sort()).toEqual(['p1-p3', 'p2-p4']);
  });

  it('runs the result checks over a whole file, with paths from the root', () => {
    const ev = event();
    ev.rounds[0]!.pairings[1]!.result!.b.vp = 3;
    expect(cdr.validateEvent(ev)).toEqual([{ path: 'rounds[0].pairings[1].result.b.vp', code: 'vp-over-conditions', params: { a: 2, b: 3, max: 3 } }]);
  });
});

describe('commander and lists (XX-B-1)', () => {
  const models: ListModel[] = [
    { name: 'Kelen', cost: 39, champion: true },
    { name: 'Guerrier', cost: 12 },
    { name: 'Garde', cost: 39, champion: true },
    { name: 'Sorcier', cost: 45 },
  ];

  it("is the most expensive champion, several at the same cost being the player's choice", () => {
    expect(commanderCandidates(models).map((m) => m.name)).toEqual(['Kelen', 'Garde']);
    expect(commanderCandidates([{ name: 'x', cost: 5 }])).toEqual([]);
  });

  it('must be the first line of the army sheet; the list stays within the event points', () => {
    const list = (ms: ListModel[]) => ({ lists: [{ caster: 'Army', themeForce: null, tier: null, bonus: 0, models: ms }] });
    expect(validateCdrLists(list(models), { points: 200 })).toEqual([]);
    expect(validateCdrLists(list([models[1]!, ...models]), { points: 200 })).toEqual([{ code: 'commander-not-first', params: { list: 0, commander: 'Kelen / Garde' } }]);
    expect(validateCdrLists(list(models), { points: 100 })).toEqual([{ code: 'army-over-cap', params: { list: 0, total: 135, max: 100 } }]);
    expect(validateCdrLists({ lists: [] }, { points: 100 })).toEqual([{ code: 'no-list' }]);
  });
});
