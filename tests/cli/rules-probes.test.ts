// The SR2011 probes of issue 21 (items 7 to 13), run through the command line only: each gives
// the expected warning (exit 0) or refusal (exit 1) with round, table and players named.
import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult, Pairing } from '../../src/domain/event-file';
import { makeEvent, makePlayer } from '../fixtures/events';
import { cli, lines } from './helpers';

const json = (ev: unknown): string => JSON.stringify(ev);
const won = (winner: string, how: GameResult['how'] = 'assassination', cp: [number, number] = [0, 0], apd: [number, number] = [0, 0]): GameResult => ({
  winner,
  how,
  a: { cp: cp[0], apd: apd[0] },
  b: { cp: cp[1], apd: apd[1] },
});
const game = (table: number, a: string, b: string, winner?: string): Pairing => ({ table, a, b, ...(winner && { result: won(winner) }) });
const event = (n: number, rounds: EventFile['rounds'], settings: Partial<EventFile['settings']> = {}): EventFile =>
  makeEvent({
    players: Array.from({ length: n }, (_, i) => makePlayer(i + 1, { lists: [] })),
    rounds,
    settings: { points: 50, variants: [], rounds: null, ...settings },
  });

/** 8 players after two rounds: p1 and p5 on 2 TP, p2 p3 p6 p7 on 1, p4 and p8 on 0. */
const twoRounds = (): EventFile['rounds'] => [
  { number: 1, scenario: null, pairings: [game(1, 'p1', 'p2', 'p1'), game(2, 'p3', 'p4', 'p3'), game(3, 'p5', 'p6', 'p5'), game(4, 'p7', 'p8', 'p7')], bye: null },
  { number: 2, scenario: null, pairings: [game(1, 'p1', 'p3', 'p1'), game(2, 'p5', 'p7', 'p5'), game(3, 'p2', 'p4', 'p2'), game(4, 'p6', 'p8', 'p6')], bye: null },
];

describe('issue 21 probes through the command line', () => {
  it('7: round 3, p1 (2 TP) against p4 (0 TP) while p5 (2 TP) never met p1', async () => {
    const ev = event(8, [...twoRounds(), { number: 3, scenario: null, pairings: [game(1, 'p1', 'p4'), game(2, 'p5', 'p8'), game(3, 'p2', 'p6'), game(4, 'p3', 'p7')], bye: null }]);
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toContain(
      'warning: rounds[2].pairings[0]: round 3, table 1: Player 1 (2 TP) plays Player 4 (0 TP) while Player 5 (2 TP), whom Player 1 never met, was free: pairing by TP groups keeps them together with no rematch',
    );
  });

  it('8: a round-2 bye to a 1-TP player while 0-TP players with no bye play', async () => {
    const ev = event(5, [
      { number: 1, scenario: null, pairings: [game(1, 'p1', 'p2', 'p1'), game(2, 'p3', 'p4', 'p3')], bye: 'p5' },
      { number: 2, scenario: null, pairings: [game(1, 'p3', 'p5'), game(2, 'p2', 'p4')], bye: 'p1' },
    ]);
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr).filter((l) => l.includes('the bye went to'))).toEqual([
      'warning: rounds[1].bye: round 2: the bye went to Player 1 (1 TP) while Player 2 (0 TP, no more byes) played; the bye goes to the lowest TP, and here that needed no rematch',
    ]);
  });

  it('9: « 2 listes », rounds not fixed, a unique leader before a list was used', async () => {
    const ev = event(
      4,
      [
        {
          number: 1,
          scenario: null,
          pairings: [
            { ...game(1, 'p1', 'p2'), result: { ...won('p1'), a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 1 } } },
            { ...game(2, 'p3', 'p4'), result: { ...won('p3'), a: { cp: 0, apd: 0, listIndex: 1 }, b: { cp: 0, apd: 0, listIndex: 0 } } },
          ],
          bye: null,
        },
        {
          number: 2,
          scenario: null,
          pairings: [
            { ...game(1, 'p1', 'p3'), result: { ...won('p1'), a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 0 } } },
            { ...game(2, 'p2', 'p4'), result: { ...won('p2'), a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 1 } } },
          ],
          bye: null,
        },
      ],
      { variants: ['lists:2'] },
    );
    ev.players = ev.players.map((p) => ({
      ...p,
      lists: [
        { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [] },
        { caster: 'Haley', themeForce: null, tier: null, bonus: 5, models: [] },
      ],
    }));
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toContain(
      'warning: players[0].lists: Player 1 never played Haley, though "2 lists" asks each list once: the event can end after round 2 (Player 1 leads alone) before every list was used',
    );
  });

  it('11: a 25-point Sacrifice is warned', async () => {
    const ev = event(2, [{ number: 1, scenario: 'sacrifice', pairings: [game(1, 'p1', 'p2', 'p1')], bye: null }], { points: 25 });
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toContain('warning: rounds[0].scenario: round 1: "sacrifice" is a radial scenario, made for games of 35 points and up, in a 25-point event');
  });

  it('12: Overrun won by scenario 9 CP to 7, and 500 APD in a 50-point event, fail validate', async () => {
    const ev = event(2, [{ number: 1, scenario: 'overrun', pairings: [{ ...game(1, 'p1', 'p2'), result: won('p1', 'scenario', [9, 7], [500, 10]) }], bye: null }]);
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(lines(r.stderr).filter((l) => !l.startsWith('warning:'))).toEqual([
      'e.json: not a valid event file (3 problems)',
      '  rounds[0].pairings[0].result.a.cp: round 1, table 1: Player 1 cannot end a game of "overrun" on 9 CP (at most 2: the game ends the moment the scenario is won)',
      '  rounds[0].pairings[0].result.b.cp: round 1, table 1: Player 2 cannot end a game of "overrun" on 7 CP (at most 2: the game ends the moment the scenario is won)',
      "  rounds[0].pairings[0].result.a.apd: round 1, table 1: Player 1 cannot have destroyed 500 army points (at most 105: twice the event's 50 points and 5 for the warcaster/warlock)",
    ]);
  });

  it('13: pair on an event that is over refuses with exit 1 and the reason; --force pairs', async () => {
    const ev = event(4, [
      {
        number: 1,
        scenario: null,
        pairings: [game(1, 'p1', 'p2', 'p1'), { ...game(2, 'p3', 'p4'), result: { winner: null, how: 'tiebreak', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } }],
        bye: null,
      },
    ]);
    const refused = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(lines(refused.stderr).filter((l) => !l.startsWith('warning:'))).toEqual([
      'cannot pair: Player 1 already leads alone after round 1: by the rules the event ends with no further game (--force pairs anyway)',
    ]);
    const forced = await cli(['pair', 'e.json', '--seed', '1', '--force'], { 'e.json': json(ev) });
    expect(forced.code).toBe(0);
    expect((JSON.parse(forced.stdout) as EventFile).rounds).toHaveLength(2);
  });
});
