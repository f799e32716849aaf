import { describe, expect, it } from 'vitest';
import type { ArmyList } from '../../../src/domain/event-file/types';
import { computeStandings, finalTablesPairing, standingsOrder, type StandingRow } from '../../../src/domain/sr2011';
import { makeEvent, makePlayer, players, type GameSpec, type RoundSpec } from './helpers';

const pick = (rows: StandingRow[], ...keys: (keyof StandingRow)[]) => rows.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
const order = (rows: StandingRow[]) => rows.map((r) => r.id);

describe('base order: TP, SoS, CP, APD', () => {
  // R1 p1>p2 (cp 2/0, apd 20/10), p3>p4 (1/1, 15/15); R2 p1>p3 (3/1, 30/5), p2>p4 (0/2, 12/8)
  // TP 2,1,1,0; every SoS is 2; p3 (cp 2) passes p2 (cp 0)
  const ev = makeEvent(players(4), [
    {
      pairings: [
        { a: 'p1', b: 'p2', winner: 'p1', cp: [2, 0], apd: [20, 10] },
        { a: 'p3', b: 'p4', winner: 'p3', cp: [1, 1], apd: [15, 15] },
      ],
    },
    {
      pairings: [
        { a: 'p1', b: 'p3', winner: 'p1', cp: [3, 1], apd: [30, 5] },
        { a: 'p2', b: 'p4', winner: 'p2', cp: [0, 2], apd: [12, 8] },
      ],
    },
  ]);
  it('ranks and explains', () => {
    expect(pick(computeStandings(ev), 'rank', 'id', 'tp', 'sos', 'cp', 'apd', 'decidedBy')).toEqual([
      { rank: 1, id: 'p1', tp: 2, sos: 2, cp: 5, apd: 50, decidedBy: null },
      { rank: 2, id: 'p3', tp: 1, sos: 2, cp: 2, apd: 20, decidedBy: 'tp' },
      { rank: 3, id: 'p2', tp: 1, sos: 2, cp: 0, apd: 22, decidedBy: 'cp' },
      { rank: 4, id: 'p4', tp: 0, sos: 2, cp: 3, apd: 23, decidedBy: 'tp' },
    ]);
  });
  it('counts wins, losses, opponents', () => {
    const p1 = computeStandings(ev)[0]!;
    expect([p1.wins, p1.losses, p1.draws, p1.byes, p1.opponents]).toEqual([2, 0, 0, 0, ['p2', 'p3']]);
    expect(p1.survived).toBeUndefined();
  });
});

describe('strength of schedule decides, and equal keys share a rank', () => {
  // R1 p1>p2, p3>p4, p5>p6; R2 p1>p3, p2>p6, p4>p5
  // TP p1 2; p2 p3 p4 p5 1; p6 0
  // SoS p3 = p4 1 + p1 2 = 3; p2 = p1 2 + p6 0 = 2; p4 = p3 1 + p5 1 = 2; p5 = p6 0 + p4 1 = 1;
  // p6 = p5 1 + p2 1 = 2
  const ev = makeEvent(players(6), [
    {
      pairings: [
        ['p1', 'p2', 'p1'],
        ['p3', 'p4', 'p3'],
        ['p5', 'p6', 'p5'],
      ],
    },
    { pairings: [['p1', 'p3', 'p1'], { a: 'p2', b: 'p6', winner: 'p2', apd: [10, 0] }, { a: 'p4', b: 'p5', winner: 'p4', apd: [10, 0] }] },
  ]);
  it('ranks 1, 2, 3, 3, 5, 6', () => {
    expect(pick(computeStandings(ev), 'rank', 'id', 'tp', 'sos', 'decidedBy')).toEqual([
      { rank: 1, id: 'p1', tp: 2, sos: 2, decidedBy: null },
      { rank: 2, id: 'p3', tp: 1, sos: 3, decidedBy: 'tp' },
      { rank: 3, id: 'p2', tp: 1, sos: 2, decidedBy: 'sos' },
      { rank: 3, id: 'p4', tp: 1, sos: 2, decidedBy: 'tied' },
      { rank: 5, id: 'p5', tp: 1, sos: 1, decidedBy: 'sos' },
      { rank: 6, id: 'p6', tp: 0, sos: 2, decidedBy: 'tp' },
    ]);
  });
  it('APD alone still separates: no shared rank unless every key is equal', () => {
    const ev2 = structuredClone(ev);
    ev2.rounds[1]!.pairings[2]!.result!.a.apd = 11;
    const rows = computeStandings(ev2);
    expect(pick(rows.slice(2, 4), 'rank', 'id', 'decidedBy')).toEqual([
      { rank: 3, id: 'p4', decidedBy: 'sos' },
      { rank: 4, id: 'p2', decidedBy: 'apd' },
    ]);
  });
});

describe('byes, drops, unplayed games', () => {
  it('a bye is 1 TP, 0 CP, 0 APD and adds nothing to SoS', () => {
    // R1 p1>p2 (cp 2/1), bye p3; R2 p3>p1 (cp 1/0), bye p2
    // TP p1 1, p2 1, p3 2; SoS p1 = p2 1 + p3 2 = 3, p2 = p1 1, p3 = p1 1
    const ev = makeEvent(players(3), [
      { pairings: [{ a: 'p1', b: 'p2', winner: 'p1', cp: [2, 1] }], bye: 'p3' },
      { pairings: [{ a: 'p3', b: 'p1', winner: 'p3', cp: [1, 0] }], bye: 'p2' },
    ]);
    expect(pick(computeStandings(ev), 'rank', 'id', 'tp', 'sos', 'cp', 'apd', 'byes', 'wins', 'decidedBy')).toEqual([
      { rank: 1, id: 'p3', tp: 2, sos: 1, cp: 1, apd: 0, byes: 1, wins: 1, decidedBy: null },
      { rank: 2, id: 'p1', tp: 1, sos: 3, cp: 2, apd: 0, byes: 0, wins: 1, decidedBy: 'tp' },
      { rank: 3, id: 'p2', tp: 1, sos: 1, cp: 1, apd: 0, byes: 1, wins: 0, decidedBy: 'sos' },
    ]);
  });
  it('a dropped player stays ranked and their games count for their opponents', () => {
    // R1 p4>p1 (cp 3/0), p2>p3 (cp 1/0); p4 drops; R2 p1>p2 (cp 2/0), bye p3
    // TP all 1; SoS p1 = p4 1 + p2 1 = 2, p2 = p3 1 + p1 1 = 2, p3 = p2 1, p4 = p1 1
    const ps = players(4);
    ps[3] = makePlayer(4, { dropped: true, droppedAfterRound: 1 });
    const ev = makeEvent(ps, [
      {
        pairings: [
          { a: 'p4', b: 'p1', winner: 'p4', cp: [3, 0] },
          { a: 'p2', b: 'p3', winner: 'p2', cp: [1, 0] },
        ],
      },
      { pairings: [{ a: 'p1', b: 'p2', winner: 'p1', cp: [2, 0] }], bye: 'p3' },
    ]);
    expect(pick(computeStandings(ev), 'rank', 'id', 'tp', 'sos', 'cp', 'dropped', 'decidedBy')).toEqual([
      { rank: 1, id: 'p1', tp: 1, sos: 2, cp: 2, dropped: false, decidedBy: null },
      { rank: 2, id: 'p2', tp: 1, sos: 2, cp: 1, dropped: false, decidedBy: 'cp' },
      { rank: 3, id: 'p4', tp: 1, sos: 1, cp: 3, dropped: true, decidedBy: 'sos' },
      { rank: 4, id: 'p3', tp: 1, sos: 1, cp: 0, dropped: false, decidedBy: 'cp' },
    ]);
  });
  it('a game without a result counts for nothing yet, not even SoS', () => {
    const ev = makeEvent(players(4), [
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4'],
        ],
      },
    ]);
    const rows = computeStandings(ev);
    expect(pick(rows, 'id', 'tp', 'sos', 'opponents')).toEqual([
      { id: 'p1', tp: 1, sos: 0, opponents: ['p2'] },
      { id: 'p2', tp: 0, sos: 1, opponents: ['p1'] },
      { id: 'p3', tp: 0, sos: 0, opponents: [] },
      { id: 'p4', tp: 0, sos: 0, opponents: [] },
    ]);
    expect(rows[3]!.decidedBy).toBe('tied');
    expect(rows[3]!.rank).toBe(3);
  });
  it('a draw gives no TP to either player', () => {
    const ev = makeEvent(players(2), [{ pairings: [['p1', 'p2', null]] }]);
    expect(pick(computeStandings(ev), 'id', 'tp', 'draws', 'rank')).toEqual([
      { id: 'p1', tp: 0, draws: 1, rank: 1 },
      { id: 'p2', tp: 0, draws: 1, rank: 1 },
    ]);
  });
  it('no rounds: everybody tied at rank 1, by player number', () => {
    expect(pick(computeStandings(makeEvent(players(3))), 'rank', 'id', 'decidedBy')).toEqual([
      { rank: 1, id: 'p1', decidedBy: null },
      { rank: 1, id: 'p2', decidedBy: 'tied' },
      { rank: 1, id: 'p3', decidedBy: 'tied' },
    ]);
  });
});

describe('annex standings variants', () => {
  // 55 points of models (+5 for the caster in survival): 50 + 5 costs
  const list: ArmyList = {
    caster: 'Haley',
    themeForce: null,
    tier: null,
    bonus: 5,
    models: [
      { name: 'A', cost: 50 },
      { name: 'B', cost: 5 },
    ],
  };
  // every player ends on 1 TP and SoS 2:
  // R1 p1>p2 assassination (cp 0/1, apd 40/20); p3>p4 scenario (cp 3/0, apd 10/30)
  // R2 p2>p3 tiebreak (cp 2/2, apd 25/24); p4>p1 scenario (cp 4/1, apd 15/35)
  // CP p1 1, p2 3, p3 5, p4 4; APD p1 75, p2 45, p3 34, p4 45
  // scenario wins p3 1, p4 1; assassination wins p1 1
  // survived (60 - opponent's APD each game) p1 40+45 = 85, p2 20+36 = 56, p3 30+35 = 65, p4 50+25 = 75
  const rounds: RoundSpec[] = [
    {
      pairings: [
        { a: 'p1', b: 'p2', winner: 'p1', how: 'assassination', cp: [0, 1], apd: [40, 20] },
        { a: 'p3', b: 'p4', winner: 'p3', how: 'scenario', cp: [3, 0], apd: [10, 30] },
      ],
    },
    {
      pairings: [
        { a: 'p2', b: 'p3', winner: 'p2', how: 'tiebreak', cp: [2, 2], apd: [25, 24] },
        { a: 'p4', b: 'p1', winner: 'p4', how: 'scenario', cp: [4, 1], apd: [15, 35] },
      ],
    },
  ];
  const ev = (variants: string[]) =>
    makeEvent(
      [1, 2, 3, 4].map((n) => makePlayer(n, { lists: [list] })),
      rounds,
      { variants },
    );

  it('the tallies', () => {
    const rows = computeStandings(ev(['survival-standings']));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(
      ['p1', 'p2', 'p3', 'p4'].map((id) => [byId[id]!.tp, byId[id]!.sos, byId[id]!.cp, byId[id]!.apd, byId[id]!.scenarioWins, byId[id]!.assassinationWins, byId[id]!.survived]),
    ).toEqual([
      [1, 2, 1, 75, 0, 1, 85],
      [1, 2, 3, 45, 0, 0, 56],
      [1, 2, 5, 34, 1, 0, 65],
      [1, 2, 4, 45, 1, 0, 75],
    ]);
  });
  it.each([
    [[], ['p3', 'p4', 'p2', 'p1'], [null, 'cp', 'cp', 'cp']],
    [['control-points-standings'], ['p3', 'p4', 'p2', 'p1'], [null, 'cp', 'cp', 'cp']],
    [['scenario-standings'], ['p3', 'p4', 'p2', 'p1'], [null, 'cp', 'scenarioWins', 'cp']],
    [['assassination-standings'], ['p1', 'p3', 'p4', 'p2'], [null, 'assassinationWins', 'cp', 'cp']],
    [['attrition-standings'], ['p1', 'p4', 'p2', 'p3'], [null, 'apd', 'cp', 'apd']],
    [['survival-standings'], ['p1', 'p4', 'p3', 'p2'], [null, 'survived', 'survived', 'survived']],
  ])('%j -> %j', (variants, ids, decided) => {
    const rows = computeStandings(ev(variants));
    expect(order(rows)).toEqual(ids);
    expect(rows.map((r) => r.decidedBy)).toEqual(decided);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });
  it('control points standings put CP before SoS', () => {
    // p1>p2 (cp 0/1); p3 draws p4 (cp 5/0). Among 0-TP players: p2 has SoS 1 (p1) and CP 1,
    // p3 has SoS 0 and CP 5: the base order puts p2 first, control points standings p3
    const games: RoundSpec[] = [
      {
        pairings: [
          { a: 'p1', b: 'p2', winner: 'p1', cp: [0, 1] },
          { a: 'p3', b: 'p4', winner: null, cp: [5, 0] },
        ],
      },
    ];
    expect(order(computeStandings(makeEvent(players(4), games, { variants: ['control-points-standings'] })))).toEqual(['p1', 'p3', 'p2', 'p4']);
    expect(order(computeStandings(makeEvent(players(4), games)))).toEqual(['p1', 'p2', 'p3', 'p4']);
  });
  it('survival uses an explicit `survived` on a side when the table counted it', () => {
    const e = ev(['survival-standings']);
    e.rounds[0]!.pairings[0]!.result!.b.survived = 99;
    const p2 = computeStandings(e).find((r) => r.id === 'p2')!;
    expect(p2.survived).toBe(99 + 36);
    expect(p2.survivedEstimated).toBe(1);
  });
  it('survival ranks on the recorded counts: 4 of 10 models left in a 10-point unit is 5, not 10', () => {
    // p1 and p2 each won once; recorded by the seed's counting p1 kept 50 + 5 (one game) and
    // 45 + 5 (a 10-point unit down to 4 of 10: 5 instead of 10); p2 kept 52 + 5 twice
    const e = ev(['survival-standings']);
    const set = (round: number, table: number, side: 'a' | 'b', n: number) => (e.rounds[round]!.pairings[table]!.result![side].survived = n);
    set(0, 0, 'a', 55); // p1
    set(0, 0, 'b', 57); // p2
    set(0, 1, 'a', 20); // p3
    set(0, 1, 'b', 20); // p4
    set(1, 0, 'a', 57); // p2
    set(1, 0, 'b', 20); // p3
    set(1, 1, 'a', 20); // p4
    set(1, 1, 'b', 50); // p1: 45 + 5
    const rows = computeStandings(e);
    expect(rows.map((r) => [r.id, r.survived, r.survivedEstimated])).toEqual([
      ['p2', 114, 0],
      ['p1', 105, 0],
      ['p3', 40, 0],
      ['p4', 40, 0],
    ]);
    expect(rows[1]!.decidedBy).toBe('survived');
  });
  it.each([
    [[], ['tp', 'sos', 'cp', 'apd']],
    [['control-points-standings'], ['tp', 'cp', 'sos']],
    [['scenario-standings'], ['tp', 'scenarioWins', 'sos', 'cp']],
    [['assassination-standings'], ['tp', 'assassinationWins', 'sos', 'cp']],
    [['attrition-standings'], ['tp', 'apd', 'sos', 'cp']],
    [['survival-standings'], ['tp', 'survived', 'sos', 'cp']],
    [['final-tables'], ['tp', 'sos', 'cp', 'apd']],
  ])('standingsOrder(%j) = %j', (variants, keys) => {
    expect(standingsOrder(variants)).toEqual(keys);
  });
});

describe('final tables', () => {
  // R1 p1>p2 (cp 1/0), p3>p4 (cp 3/0), p5>p6, p7>p8 (cp 2/0); R2 p1>p3, p5>p7, p2>p4 (cp 1/0), p6>p8
  // after R2: p1 (2 TP, SoS 2, cp 1), p5 (2, 2, 0), then TP 1 SoS 2: p3 cp 3, p7 cp 2, p2 cp 1, p6 cp 0;
  // then p4 and p8 (0 TP, SoS 2, 0 CP) share 7th
  const two: RoundSpec[] = [
    {
      pairings: [
        { a: 'p1', b: 'p2', winner: 'p1', cp: [1, 0] },
        { a: 'p3', b: 'p4', winner: 'p3', cp: [3, 0] },
        ['p5', 'p6', 'p5'],
        { a: 'p7', b: 'p8', winner: 'p7', cp: [2, 0] },
      ],
    },
    { pairings: [['p1', 'p3', 'p1'], ['p5', 'p7', 'p5'], { a: 'p2', b: 'p4', winner: 'p2', cp: [1, 0] }, ['p6', 'p8', 'p6']] },
  ];
  const final = (games: GameSpec[]): RoundSpec => ({ pairings: games, finalTables: true });
  const ev = (rounds: RoundSpec[], variants = ['final-tables']) => makeEvent(players(8), rounds, { variants });

  it('standings before the final round, and its pairing', () => {
    const rows = computeStandings(ev(two));
    expect(pick(rows, 'rank', 'id')).toEqual([
      { rank: 1, id: 'p1' },
      { rank: 2, id: 'p5' },
      { rank: 3, id: 'p3' },
      { rank: 4, id: 'p7' },
      { rank: 5, id: 'p2' },
      { rank: 6, id: 'p6' },
      { rank: 7, id: 'p4' },
      { rank: 7, id: 'p8' },
    ]);
    expect(finalTablesPairing(rows)).toEqual({
      ok: true,
      tables: [
        { table: 1, a: 'p1', b: 'p5' },
        { table: 2, a: 'p3', b: 'p7' },
      ],
      rest: ['p2', 'p6', 'p4', 'p8'],
    });
  });
  it('table 1 winner 1st, loser 2nd, table 2 winner 3rd; beyond third by TP, SoS, CP', () => {
    // R3: p5>p1, p3>p7 (final tables), p2>p6, p4>p8
    // final TP p5 3, p1 2, p3 2, p2 2, p7 1, p6 1, p4 1, p8 0
    // SoS p5 = p6 1 + p7 1 + p1 2 = 4, p1 = p2 2 + p3 2 + p5 3 = 7, p3 = p4 1 + p1 2 + p7 1 = 4,
    // p2 = p1 2 + p4 1 + p6 1 = 4, p7 = p8 0 + p5 3 + p3 2 = 5, p6 = p5 3 + p8 0 + p2 2 = 5 (p7 ahead
    // on CP 2), p4 = p3 2 + p2 2 + p8 0 = 4, p8 = p7 1 + p6 1 + p4 1 = 3
    const rows = computeStandings(
      ev([
        ...two,
        final([
          ['p1', 'p5', 'p5'],
          ['p3', 'p7', 'p3'],
          ['p2', 'p6', 'p2'],
          ['p4', 'p8', 'p4'],
        ]),
      ]),
    );
    expect(pick(rows, 'rank', 'id', 'tp', 'sos', 'decidedBy')).toEqual([
      { rank: 1, id: 'p5', tp: 3, sos: 4, decidedBy: null },
      { rank: 2, id: 'p1', tp: 2, sos: 7, decidedBy: 'finalTable' },
      { rank: 3, id: 'p3', tp: 2, sos: 4, decidedBy: 'finalTable' },
      // the source ranks "beyond third place" by SoS then CP: table 2's loser p7 is not pinned 4th
      { rank: 4, id: 'p2', tp: 2, sos: 4, decidedBy: 'finalTable' },
      { rank: 5, id: 'p7', tp: 1, sos: 5, decidedBy: 'tp' },
      { rank: 6, id: 'p6', tp: 1, sos: 5, decidedBy: 'cp' },
      { rank: 7, id: 'p4', tp: 1, sos: 4, decidedBy: 'sos' },
      { rank: 8, id: 'p8', tp: 0, sos: 3, decidedBy: 'tp' },
    ]);
  });
  it('the loser of table 1 stays 2nd even when a non-finalist has more TP', () => {
    const rows = computeStandings(
      ev([
        ...two,
        final([
          ['p1', 'p5', 'p1'],
          ['p3', 'p7', 'p7'],
          ['p2', 'p6', 'p2'],
          ['p4', 'p8', 'p4'],
        ]),
      ]),
    );
    expect(order(rows).slice(0, 3)).toEqual(['p1', 'p5', 'p7']);
  });
  it('only played final tables pin places', () => {
    const onlyT1 = computeStandings(
      ev([
        ...two,
        final([
          ['p1', 'p5', 'p5'],
          ['p3', 'p7'],
          ['p2', 'p6', 'p2'],
          ['p4', 'p8', 'p4'],
        ]),
      ]),
    );
    expect(order(onlyT1).slice(0, 3)).toEqual(['p5', 'p1', 'p2']);
    // no final table played: the base order, where p2 (2 TP, SoS p1 2 + p4 1 + p6 1 = 4) passes
    // p1 (2 TP, SoS p2 2 + p3 1 = 3; the unplayed game against p5 does not count)
    const none = computeStandings(
      ev([
        ...two,
        final([
          ['p1', 'p5'],
          ['p3', 'p7'],
          ['p2', 'p6', 'p2'],
          ['p4', 'p8', 'p4'],
        ]),
      ]),
    );
    expect(order(none).slice(0, 2)).toEqual(['p2', 'p1']);
    expect(none[0]!.decidedBy).toBeNull();
  });
  it('a drawn table 1 pins both players in 1st-2nd, ordered by TP, SoS, CP', () => {
    const rows = computeStandings(
      ev([
        ...two,
        final([
          ['p1', 'p5', null],
          ['p3', 'p7', 'p3'],
          ['p2', 'p6', 'p2'],
          ['p4', 'p8', 'p4'],
        ]),
      ]),
    );
    expect(order(rows).slice(0, 3)).toEqual(['p1', 'p5', 'p3']);
  });
  it('without the final-tables variant the marker is ignored', () => {
    const rows = computeStandings(
      ev(
        [
          ...two,
          final([
            ['p1', 'p5', 'p5'],
            ['p3', 'p7', 'p3'],
            ['p2', 'p6', 'p2'],
            ['p4', 'p8', 'p4'],
          ]),
        ],
        [],
      ),
    );
    // base order: p5 3 TP; p1 2 TP SoS 7; p3 and p2 2 TP SoS 4, p3 ahead on CP (3 v 1)
    expect(order(rows).slice(0, 4)).toEqual(['p5', 'p1', 'p3', 'p2']);
  });
  it('pairing skips dropped players and needs four', () => {
    const rows = computeStandings(ev(two)).map((r) => (r.id === 'p5' ? { ...r, dropped: true } : r));
    const p = finalTablesPairing(rows);
    expect(p.ok && p.tables).toEqual([
      { table: 1, a: 'p1', b: 'p3' },
      { table: 2, a: 'p7', b: 'p2' },
    ]);
    expect(finalTablesPairing(rows.slice(0, 3))).toEqual({ ok: false, reason: 'fewer-than-four-players' });
  });
});
