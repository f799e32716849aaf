import { describe, expect, it } from 'vitest';
import { validateEventFile, type EventFile, type GameResult, type Round } from '../../../src/domain/event-file';
import { createRng } from '../../../src/domain/random';
import { pairNextRound, pairingWarnings } from '../../../src/domain/sr2011';
import { cli, lines } from '../../cli/helpers';
import { makeEvent, players } from './helpers';

const rulesOf = (ev: EventFile): string[] => {
  const r = validateEventFile(JSON.parse(JSON.stringify(ev)));
  return [...(r.ok ? [] : r.problems), ...r.warnings].map((p) => String(p.params?.rule ?? p.code));
};

/** 8 players after two rounds: p1 and p5 on 2 TP, p2 p3 p6 p7 on 1, p4 and p8 on 0. */
const twoRounds = [
  {
    pairings: [
      ['p1', 'p2', 'p1'],
      ['p3', 'p4', 'p3'],
      ['p5', 'p6', 'p5'],
      ['p7', 'p8', 'p7'],
    ] as [string, string, string][],
  },
  {
    pairings: [
      ['p1', 'p3', 'p1'],
      ['p5', 'p7', 'p5'],
      ['p2', 'p4', 'p2'],
      ['p6', 'p8', 'p6'],
    ] as [string, string, string][],
  },
];

describe('a table paired across TP groups while a same-group opponent was free (issue 21, 7)', () => {
  it('names round, table and players when p1 (2 TP) plays p4 (0 TP) while p5 (2 TP) never met p1', async () => {
    const ev = makeEvent(players(8), [
      ...twoRounds,
      {
        pairings: [
          ['p1', 'p4'],
          ['p5', 'p8'],
          ['p2', 'p6'],
          ['p3', 'p7'],
        ],
      },
    ]);
    const r = validateEventFile(ev);
    expect(r.ok).toBe(true);
    const found = r.warnings.filter((w) => w.params?.rule === 'pile-skip');
    expect(found.map((w) => w.path)).toEqual(['rounds[2].pairings[0]', 'rounds[2].pairings[1]']);
    expect(found[0]!.params!.en).toBe(
      'round 3, table 1: Player 1 (2 TP) plays Player 4 (0 TP) while Player 5 (2 TP), whom Player 1 never met, was free: pairing by TP groups keeps them together with no rematch',
    );
    const out = await cli(['validate', 'e.json', '--lang', 'fr'], { 'e.json': JSON.stringify(ev) });
    expect(out.code).toBe(0);
    expect(lines(out.stderr)).toContain(
      'avertissement : rounds[2].pairings[0] : ronde 3, table 1 : Player 1 (2 PT) joue contre Player 4 (0 PT) alors que Player 5 (2 PT), jamais rencontré par Player 1, était libre : l’appariement par groupes de PT les aurait opposés sans revanche',
    );
    // the hand-swap check reads the same rule
    expect(pairingWarnings(ev, ev.rounds[2]!).filter((w) => w.kind === 'pile-skip')).toEqual([
      { table: 1, kind: 'pile-skip', a: 'p1', b: 'p4', other: 'p5' },
      { table: 2, kind: 'pile-skip', a: 'p5', b: 'p8', other: 'p1' },
    ]);
  });

  it('finds it through a third table when the two floaters’ opponents already met', () => {
    // p4 met p2 in round 2: p1-p5 and p4-p2 would be a rematch; p1-p5, p2-p3, p4-p8 is not
    const ev = makeEvent(players(8), [
      ...twoRounds,
      {
        pairings: [
          ['p1', 'p4'],
          ['p5', 'p2'],
          ['p3', 'p8'],
          ['p6', 'p7'],
        ],
      },
    ]);
    const found = validateEventFile(ev).warnings.filter((w) => w.params?.rule === 'pile-skip');
    expect(found.map((w) => w.path)).toContain('rounds[2].pairings[0]');
  });

  it('says nothing when rematches forced the float: every same-group partner was met already', () => {
    // 4 players: p1 and p3 on 2 TP have met; p1 must play a 0-TP player
    const ev = makeEvent(players(4), [
      {
        pairings: [
          ['p1', 'p3', 'p1'],
          ['p2', 'p4', 'p2'],
        ],
      },
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4', 'p3'],
        ],
      },
      {
        pairings: [
          ['p1', 'p4'],
          ['p3', 'p2'],
        ],
      },
    ]);
    expect(rulesOf(ev)).not.toContain('pile-skip');
  });
});

describe('a bye above the lowest TP (issue 21, 8)', () => {
  it('flags a round-2 bye to a 1-TP player while 0-TP players with no bye play', async () => {
    const ev = makeEvent(players(5), [
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4', 'p3'],
        ],
        bye: 'p5',
      },
      {
        pairings: [
          ['p3', 'p5'],
          ['p2', 'p4'],
        ],
        bye: 'p1',
      },
    ]);
    const r = validateEventFile(ev);
    const found = r.warnings.find((w) => w.params?.rule === 'bye-above-lowest');
    expect(found?.path).toBe('rounds[1].bye');
    expect(found?.params?.en).toMatch(/^round 2: the bye went to Player 1 \(1 TP\) while Player [24] \(0 TP, no more byes\) played/);
    const out = await cli(['validate', 'e.json'], { 'e.json': JSON.stringify(ev) });
    expect(lines(out.stderr).some((l) => l.startsWith('warning: rounds[1].bye: round 2: the bye went to Player 1 (1 TP)'))).toBe(true);
    expect(pairingWarnings(ev, ev.rounds[1]!).find((w) => w.kind === 'bye-above-lowest')).toMatchObject({ a: 'p1' });
  });

  it('accepts a higher bye when the lowest one would force a rematch (RULES.md decision)', () => {
    // after round 3 p2 and p4 (0 TP) have each met p1, p3 and p5: either of them sitting out
    // leaves the other only opponents already met
    const ev = makeEvent(players(5), [
      {
        pairings: [
          ['p1', 'p4', 'p1'],
          ['p3', 'p2', 'p3'],
        ],
        bye: 'p5',
      },
      {
        pairings: [
          ['p3', 'p4', 'p3'],
          ['p5', 'p2', 'p5'],
        ],
        bye: 'p1',
      },
      {
        pairings: [
          ['p5', 'p4', 'p5'],
          ['p1', 'p2', 'p1'],
        ],
        bye: 'p3',
      },
      {
        pairings: [
          ['p2', 'p4'],
          ['p1', 'p3'],
        ],
        bye: 'p5',
      },
    ]);
    const byeWarnings = validateEventFile(ev)
      .warnings.filter((w) => w.params?.rule === 'bye-above-lowest')
      .map((w) => w.path);
    // rounds 2 and 3 did give the bye above 0 TP when nothing forced it; round 4 had to
    expect(byeWarnings).toEqual(['rounds[1].bye', 'rounds[2].bye']);
  });
});

const played = (round: Round, rng: ReturnType<typeof createRng>): Round => ({
  ...round,
  scenario: 'overrun',
  pairings: round.pairings.map((p) => {
    const roll = rng.int(10);
    const winner = roll === 0 ? null : roll < 6 ? p.a : p.b;
    const result: GameResult =
      winner === null
        ? // the helpers' list is an Ironclad (7) and the caster (5): at most 12 destroyed
          { winner, how: 'tiebreak', a: { cp: rng.int(2), apd: rng.int(13) }, b: { cp: rng.int(2), apd: rng.int(13) } }
        : { winner, how: 'assassination', a: { cp: rng.int(2), apd: rng.int(13) }, b: { cp: rng.int(2), apd: rng.int(13) } };
    return { ...p, result };
  }),
});

describe('events the app pairs itself validate clean (property)', () => {
  it('no pairing warning on 150 random events with drops and late players', () => {
    const rng = createRng(2111);
    let rounds = 0;
    let byes = 0;
    for (let e = 0; e < 150; e++) {
      const n = 4 + rng.int(29);
      let ev = makeEvent(players(n), [], { variants: [] });
      const planned = n <= 8 ? 3 : n <= 16 ? 4 : 5;
      for (let k = 1; k <= planned + 1; k++) {
        if (k > 1 && rng.int(6) === 0) {
          const i = rng.int(ev.players.length);
          ev.players[i] = { ...ev.players[i]!, dropped: true, droppedAfterRound: k - 1 };
        }
        if (k > 1 && rng.int(5) === 0) ev.players.push({ ...players(ev.players.length + 1)[ev.players.length]! });
        const r = pairNextRound(ev, { seed: rng.int(2 ** 31), avoidSameClub: rng.int(4) === 0 });
        if (!r.ok) break;
        if (r.round.bye) byes++;
        ev = { ...ev, rounds: [...ev.rounds, played({ ...r.round, scenario: null }, rng)] };
        rounds++;
      }
      // the whole file validates (no error), and none of the pairing or score-line rules warns
      expect(validateEventFile(JSON.parse(JSON.stringify(ev))).ok, `event ${e}`).toBe(true);
      const checked = rulesOf(ev).filter((c) => ['pile-skip', 'bye-above-lowest', 'avoidable-rematch', 'second-bye', 'scenario-below-size'].includes(c));
      expect(checked, `event ${e}: ${JSON.stringify(ev.rounds.map((r) => [r.pairings.map((p) => [p.a, p.b]), r.bye]))}`).toEqual([]);
    }
    expect(rounds).toBeGreaterThan(400);
    expect(byes).toBeGreaterThan(100);
  });
});

describe('impossible score lines fail validation (issue 21, 12)', () => {
  const oneGame = (result: GameResult, scenario = 'overrun', extra: Partial<EventFile['settings']> = {}): EventFile => {
    const ev = makeEvent(players(2), [], extra);
    ev.rounds = [{ number: 1, scenario, pairings: [{ table: 1, a: 'p1', b: 'p2', result }], bye: null }];
    return ev;
  };

  it('Overrun won by scenario 9 CP to 7: nobody ends above 2 (first to 2, 1 CP a turn)', async () => {
    const ev = oneGame({ winner: 'p1', how: 'scenario', a: { cp: 9, apd: 0 }, b: { cp: 7, apd: 0 } });
    const r = validateEventFile(ev);
    expect(r.ok).toBe(false);
    const out = await cli(['validate', 'e.json'], { 'e.json': JSON.stringify(ev) });
    expect(out.code).toBe(1);
    expect(lines(out.stderr)).toContain(
      '  rounds[0].pairings[0].result.a.cp: round 1, table 1: Player 1 cannot end a game of "overrun" on 9 CP (at most 2: the game ends the moment the scenario is won)',
    );
    expect(lines(out.stderr)).toContain(
      '  rounds[0].pairings[0].result.b.cp: round 1, table 1: Player 2 cannot end a game of "overrun" on 7 CP (at most 2: the game ends the moment the scenario is won)',
    );
    expect(validateEventFile(oneGame({ winner: 'p1', how: 'scenario', a: { cp: 2, apd: 0 }, b: { cp: 1, apd: 0 } })).ok).toBe(true);
  });

  it('"at least N and more": the winner scored at most one turn past a total that did not win', () => {
    // Close Quarters: at least 2 and more than the opponent, 1 CP a turn
    const cq = (a: number, b: number) => oneGame({ winner: 'p1', how: 'scenario', a: { cp: a, apd: 0 }, b: { cp: b, apd: 0 } }, 'close-quarters');
    expect(validateEventFile(cq(5, 4)).ok).toBe(true);
    expect(validateEventFile(cq(2, 0)).ok).toBe(true);
    expect(validateEventFile(cq(5, 2)).ok).toBe(false);
    // Gaining Ground: at least 4 and more, up to 3 CP a turn: 3 + 3 = 6 against 0
    const gg = (a: number) => oneGame({ winner: 'p1', how: 'scenario', a: { cp: a, apd: 0 }, b: { cp: 0, apd: 0 } }, 'gaining-ground');
    expect(validateEventFile(gg(6)).ok).toBe(true);
    expect(validateEventFile(gg(7)).ok).toBe(false);
  });

  it('500 APD destroyed in a 50-point event: at most the opponent’s list and 5 for the caster', async () => {
    const ev = oneGame({ winner: 'p1', how: 'assassination', a: { cp: 0, apd: 500, listIndex: 0 }, b: { cp: 0, apd: 12, listIndex: 0 } });
    // the helpers' list: Stryker and an Ironclad (7 points)
    const out = await cli(['validate', 'e.json', '--lang', 'fr'], { 'e.json': JSON.stringify(ev) });
    expect(out.code).toBe(1);
    expect(lines(out.stderr)).toContain(
      '  rounds[0].pairings[0].result.a.apd : ronde 1, table 1 : Player 1 ne peut pas avoir détruit 500 points d’armée (au plus 12 : la liste adverse de 7 points et 5 pour le warcaster/warlock)',
    );
    // no list of models registered: twice the event's size and the caster
    const bare = oneGame({ winner: 'p1', how: 'assassination', a: { cp: 0, apd: 500 }, b: { cp: 0, apd: 12 } });
    bare.players = bare.players.map((p) => ({ ...p, lists: [] }));
    const r = validateEventFile(bare);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => p.params?.en)).toEqual([
      "round 1, table 1: Player 1 cannot have destroyed 500 army points (at most 105: twice the event's 50 points and 5 for the warcaster/warlock)",
    ]);
    const fine = {
      ...bare,
      rounds: [{ ...bare.rounds[0]!, pairings: [{ ...bare.rounds[0]!.pairings[0]!, result: { ...bare.rounds[0]!.pairings[0]!.result!, a: { cp: 0, apd: 57 } } }] }],
    };
    expect(validateEventFile(fine).ok).toBe(true);
  });
});

describe('radial scenarios below 35 points (issue 21, 11)', () => {
  it('validate warns about a 25-point Sacrifice, naming the round', async () => {
    const ev = makeEvent(players(2), [{ pairings: [['p1', 'p2', 'p1', 'assassination']], scenario: 'sacrifice' }], { points: 25 });
    const out = await cli(['validate', 'e.json'], { 'e.json': JSON.stringify(ev) });
    expect(out.code).toBe(0);
    expect(lines(out.stderr)).toContain('warning: rounds[0].scenario: round 1: "sacrifice" is a radial scenario, made for games of 35 points and up, in a 25-point event');
    const at35 = makeEvent(players(2), [{ pairings: [['p1', 'p2', 'p1', 'assassination']], scenario: 'sacrifice' }], { points: 35 });
    expect(rulesOf(at35)).not.toContain('scenario-below-size');
  });
});

describe('« X listes » in an event without fixed rounds (issue 21, 9; RULES.md decision)', () => {
  const withTwoLists = (rounds: Parameters<typeof makeEvent>[1], settings: Partial<EventFile['settings']> = {}): EventFile => {
    const ev = makeEvent(players(4), rounds, { variants: ['lists:2'], ...settings });
    ev.players = ev.players.map((p) => ({ ...p, lists: [p.lists[0]!, { ...p.lists[0]!, caster: 'Haley' }] }));
    return ev;
  };
  const twoRoundsLeader = [
    {
      pairings: [
        { a: 'p1', b: 'p2', winner: 'p1', how: 'assassination' as const, list: [0, 1] as [number, number] },
        { a: 'p3', b: 'p4', winner: 'p3', how: 'assassination' as const, list: [1, 0] as [number, number] },
      ],
    },
    {
      pairings: [
        { a: 'p1', b: 'p3', winner: 'p1', how: 'assassination' as const, list: [0, 0] as [number, number] },
        { a: 'p2', b: 'p4', winner: 'p2', how: 'assassination' as const, list: [0, 1] as [number, number] },
      ],
    },
  ];

  it('the end check names the player who never played a list once a unique leader ends the event', async () => {
    const ev = withTwoLists(twoRoundsLeader);
    const found = validateEventFile(ev).warnings.filter((w) => w.params?.rule === 'list-never-used');
    expect(found.map((w) => [w.path, w.params!.en])).toEqual([
      ['players[0].lists', 'Player 1 never played Haley, though "2 lists" asks each list once: the event can end after round 2 (Player 1 leads alone) before every list was used'],
    ]);
    // the command line's pair says both: why it stops, and the list never used
    const out = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': JSON.stringify(ev) });
    expect(out.code).toBe(1);
    expect(lines(out.stderr).some((l) => l.startsWith('warning: players[0].lists: Player 1 never played Haley'))).toBe(true);
    expect(lines(out.stderr)).toContain('cannot pair: Player 1 already leads alone after round 2: by the rules the event ends with no further game (--force pairs anyway)');
  });

  it('says nothing while the event goes on, with fixed rounds, or when every list was played', () => {
    expect(rulesOf(withTwoLists(twoRoundsLeader.slice(0, 1)))).not.toContain('list-never-used');
    expect(rulesOf(withTwoLists(twoRoundsLeader, { rounds: 3 }))).not.toContain('list-never-used');
    const all = withTwoLists([twoRoundsLeader[0]!, { pairings: [{ ...twoRoundsLeader[1]!.pairings[0]!, list: [1, 0] }, twoRoundsLeader[1]!.pairings[1]!] }]);
    expect(rulesOf(all)).not.toContain('list-never-used');
  });
});
