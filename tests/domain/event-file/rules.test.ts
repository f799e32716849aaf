// Issue 13 item 7: `validate` and the import run each system's rules, through one path
// (validateEventFile). Rule breaks in played rounds are warnings naming round and table; what the
// engine cannot read stays an error.
import { describe, expect, it } from 'vitest';
import { parseEventFile, problemMessage, validateEventFile, type Problem } from '../../../src/domain/event-file';
import type { EventFile } from '../../../src/domain/event-file/types';
import { cli, lines } from '../../cli/helpers';
import { systemEvent } from '../systems/helpers';
import { makeEvent, makePlayer } from '../sr2011/helpers';

const list = (caster: string, ...costs: number[]) => ({ caster, themeForce: null, tier: null, bonus: 6, models: costs.map((cost, i) => ({ name: `m${i}`, cost })) });
/** 55 points of models: legal at 50 points with 6 bonus points (54..56) */
const legal = (caster = 'Stryker') => list(caster, 7, 48);
const players = (n: number) => Array.from({ length: n }, (_, i) => makePlayer(i + 1, { lists: [legal()] }));
const texts = (ps: Problem[]) => ps.map((p) => problemMessage(p, 'en'));
const warningsOf = (e: EventFile) => {
  const r = validateEventFile(e);
  expect(r.ok).toBe(true);
  return texts(r.warnings);
};

describe('SR2011 rules in validateEventFile', () => {
  it('a legal event has no warning at all', () => {
    const e = makeEvent(
      players(4),
      [
        {
          pairings: [
            ['p1', 'p2', 'p1'],
            ['p3', 'p4', 'p3'],
          ],
          scenario: 'overrun',
        },
      ].map((r) => ({ ...r, pairings: r.pairings.map(([a, b, w]) => ({ a: a!, b: b!, winner: w!, how: 'tiebreak' as const })) })),
    );
    expect(warningsOf(e)).toEqual([]);
  });

  it('a 50-point event with 3 lists, two Stryker lists and a 70-point list', () => {
    const ps = players(2);
    ps[0] = makePlayer(1, { lists: [legal('Stryker'), legal('Stryker'), list('Haley', 70)] });
    const w = warningsOf(makeEvent(ps));
    expect(w).toEqual([
      'players[0].lists: Player 1: 3 lists, at most 2',
      'players[0].lists: Player 1: list 3: 70 points, at most 56',
      'players[0].lists: Player 1: lists 1 and 2: same warcaster/warlock (Stryker)',
    ]);
  });

  it('an avoidable rematch names its round and table; an unavoidable one is fine', () => {
    const w = (a: string) => ({ a, b: a === 'p1' ? 'p2' : 'p4', winner: a, how: 'tiebreak' as const });
    const e = makeEvent(players(4), [
      { pairings: [w('p1'), w('p3')] },
      {
        pairings: [
          { a: 'p1', b: 'p2', winner: 'p2', how: 'tiebreak', table: 3 },
          { a: 'p3', b: 'p4', winner: 'p4', how: 'tiebreak', table: 4 },
        ],
      },
    ]);
    expect(warningsOf(e)).toEqual([
      'rounds[1].pairings[0]: round 2, table 3: p1 and p2 had already met, and a pairing without any rematch existed',
      'rounds[1].pairings[1]: round 2, table 4: p3 and p4 had already met, and a pairing without any rematch existed',
      // the same tables also kept the winners apart: p1 v p3 and p2 v p4 were first meetings
      'rounds[1].pairings[0]: round 2, table 3: Player 1 (1 TP) plays Player 2 (0 TP) while Player 3 (1 TP), whom Player 1 never met, was free: pairing by TP groups keeps them together with no rematch',
      'rounds[1].pairings[1]: round 2, table 4: Player 3 (1 TP) plays Player 4 (0 TP) while Player 1 (1 TP), whom Player 3 never met, was free: pairing by TP groups keeps them together with no rematch',
    ]);
    // two players: the rematch is forced
    const two = makeEvent(players(2), [{ pairings: [['p1', 'p2', 'p1', 'tiebreak']] }, { pairings: [['p1', 'p2', 'p2', 'tiebreak']] }]);
    expect(warningsOf(two)).toEqual([]);
  });

  it('a second bye while a seated player never had one', () => {
    const e = makeEvent(players(3), [
      { pairings: [['p1', 'p2', 'p1', 'tiebreak']], bye: 'p3' },
      { pairings: [['p1', 'p2', 'p2', 'tiebreak']], bye: 'p3' },
    ]);
    expect(warningsOf(e)).toContain('rounds[1].bye: round 2: p3 gets a second bye while p1 never had one');
  });

  it('two group-1 (central) scenarios in a row, and a repeat; none under « Scénarios (X) »', () => {
    const game = [['p1', 'p2', 'p1', 'tiebreak']] as [string, string, string, 'tiebreak'][];
    const rounds = [
      { pairings: game, scenario: 'overrun' },
      { pairings: [['p2', 'p1', 'p1', 'tiebreak']] as typeof game, scenario: 'kill-box' },
      { pairings: game, scenario: 'overrun' },
    ];
    expect(warningsOf(makeEvent(players(2), rounds)).filter((t) => t.includes('scenario'))).toEqual([
      'rounds[1].scenario: round 2: "kill-box" reuses a scenario group before every group was played once',
      'rounds[2].scenario: scenario "overrun" was already played in round 1 (no scenario twice in a standard event)',
    ]);
    const announced = makeEvent(players(2), rounds, { variants: ['scenario:overrun,kill-box,overrun'] });
    expect(warningsOf(announced).filter((t) => t.includes('scenario'))).toEqual([]);
    const hardcore = makeEvent(
      players(2),
      rounds.map((r) => ({ ...r, scenario: 'kill-box' })),
      { variants: ['scenario:kill-box'] },
    );
    expect(warningsOf(hardcore).filter((t) => t.includes('scenario'))).toEqual([]);
  });

  it('a scenario win that breaks the scenario win condition (Overrun: 2 CP)', () => {
    const e = makeEvent(players(2), [{ pairings: [{ a: 'p1', b: 'p2', winner: 'p1', how: 'scenario', cp: [1, 0], table: 7 }], scenario: 'overrun' }]);
    expect(warningsOf(e)).toEqual(['rounds[0].pairings[0].result.how: round 1, table 7: a scenario win with 1 CP against 0, where "overrun" needs 2']);
    const cq = makeEvent(players(2), [{ pairings: [{ a: 'p1', b: 'p2', winner: 'p2', how: 'scenario', cp: [2, 2] }], scenario: 'close-quarters' }]);
    expect(warningsOf(cq)).toEqual([
      'rounds[0].pairings[0].result.how: round 1, table 1: a scenario win with 2 CP against 2, where "close-quarters" needs at least 2 and more than the opponent',
    ]);
  });

  it('a game recorded as going to time whose CP already won the scenario (Overrun 2 CP)', () => {
    const e = makeEvent(players(2), [{ pairings: [{ a: 'p1', b: 'p2', winner: 'p2', how: 'tiebreak', cp: [2, 1] }], scenario: 'overrun' }]);
    expect(warningsOf(e)).toEqual(['rounds[0].pairings[0].result.how: round 1, table 1: recorded as a game that went to time, yet p1\'s 2 CP already win "overrun"']);
    // Process of Elimination reopens at 2-2: 3 against 2 at time may be fine
    const poe = makeEvent(players(2), [{ pairings: [{ a: 'p1', b: 'p2', winner: 'p1', how: 'tiebreak', cp: [3, 2] }], scenario: 'process-of-elimination' }]);
    expect(warningsOf(poe)).toEqual([]);
  });

  it('a list picked against « Diviser pour régner » in a played round', () => {
    const two = () => [legal('Haley'), legal('Stryker')];
    const ps = [makePlayer(1, { lists: two() }), makePlayer(2, { lists: two() })];
    const e = makeEvent(
      ps,
      [0, 0].map(() => ({ pairings: [{ a: 'p1', b: 'p2', winner: 'p1', how: 'tiebreak' as const, list: [0, 0] as [number, number] }] })),
      { variants: ['lists:2', 'divide-and-conquer'], rounds: 2 },
    );
    const w = warningsOf(e);
    expect(w).toContain(
      'rounds[1].pairings[0].result.a.listIndex: round 2, table 1: Player 1 played Haley, which the list variants did not allow (games the other lists still owed: 1; games left: 0)',
    );
  });

  it('the import reads the same problems: warnings accepted, errors refused; the CLI agrees', async () => {
    const e = makeEvent(players(2), [{ pairings: [{ a: 'p1', b: 'p2', winner: 'p1', how: 'scenario', cp: [1, 0] }], scenario: 'overrun' }]);
    const imported = parseEventFile(JSON.stringify(e));
    expect(imported.ok).toBe(true);
    expect(texts(imported.warnings)).toEqual(texts(validateEventFile(e).warnings));
    const r = await cli(['validate', 'e.json'], { 'e.json': JSON.stringify(e) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual(texts(imported.warnings).map((t) => `warning: ${t}`));
    const bad = { ...e, settings: { ...e.settings, variants: ['no-assassination'] } };
    bad.rounds[0]!.pairings[0]!.result!.how = 'assassination';
    expect(parseEventFile(JSON.stringify(bad))).toMatchObject({ ok: false, problems: [{ path: 'rounds[0].pairings[0].result.how', code: 'rule' }] });
    expect((await cli(['validate', 'e.json'], { 'e.json': JSON.stringify(bad) })).code).toBe(1);
  });
});

describe('other systems', () => {
  it('Rackham challenge: a 206 PA list whose cheapest model is 10 (at most 200 + 5)', () => {
    const e = systemEvent('confrontation-rackham', 2);
    e.players[0]!.lists = [
      {
        caster: 'Sessair',
        themeForce: null,
        tier: null,
        bonus: 0,
        models: [
          { name: 'A', cost: 10 },
          { name: 'B', cost: 96 },
          { name: 'C', cost: 100 },
        ],
      },
    ];
    const w = texts(validateEventFile(e).warnings);
    expect(w.some((t) => t.startsWith('players[0].lists: Player 1') && t.includes('206'))).toBe(true);
  });
});
