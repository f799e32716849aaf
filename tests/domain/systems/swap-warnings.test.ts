// A swap's warnings by each system's own rules (GameSystem.pairingWarnings, issue 22): SR2011 in
// TP, CDR in its 9..0 TP, LotR in its 3/2/1.5/1/0 points, Rackham's 500-point variant in win 1 /
// draw 1/2, Rackham's challenge against its bracket; rematch and second bye everywhere.
import { describe, expect, it } from 'vitest';
import type { EventFile, PlayerId, Round } from '../../../src/domain/event-file';
import { pairingWarningsOf, systemFor } from '../../../src/domain/systems';
import { universalPairingWarnings } from '../../../src/domain/systems/swap-warnings';
import { cdrEvent, cdrGame, knockoutEvent, lotrGame, systemEvent } from '../../ui/systems-fixtures';

const round = (number: number, tables: [PlayerId, PlayerId][], bye: PlayerId | null = null): Round => ({
  number,
  bye,
  pairings: tables.map(([a, b], i) => ({ table: i + 1, a, b })),
});
const kinds = (warnings: { kind: string }[]) => warnings.map((w) => w.kind);

describe('universal warnings: a rematch, a second bye', () => {
  const event = systemEvent('lotr-sbg', 500, 5, {
    rounds: [{ number: 1, bye: 'p5', byes: ['p5'], pairings: [lotrGame(1, 'p1', 'p2', [2, 1]), lotrGame(2, 'p3', 'p4', [3, 0])] }],
  });

  it('names the table of two players who met and the player who sat out before', () => {
    expect(
      universalPairingWarnings(
        event,
        round(
          2,
          [
            ['p1', 'p2'],
            ['p3', 'p4'],
          ],
          'p5',
        ),
      ),
    ).toEqual([
      { table: 1, kind: 'rematch', a: 'p1', b: 'p2' },
      { table: 2, kind: 'rematch', a: 'p3', b: 'p4' },
      { table: null, kind: 'second-bye', a: 'p5' },
    ]);
    expect(
      universalPairingWarnings(
        event,
        round(
          2,
          [
            ['p1', 'p3'],
            ['p5', 'p4'],
          ],
          'p2',
        ),
      ),
    ).toEqual([]);
  });

  it('counts a round’s listed byes too (a knockout or round-robin round may have several)', () => {
    expect(universalPairingWarnings(event, { ...round(2, [['p1', 'p3']], 'p2'), byes: ['p2', 'p5', 'p4'] })).toEqual([{ table: null, kind: 'second-bye', a: 'p5' }]);
  });

  it('is what a LotR round robin gets: its circle is the file’s, no points order', () => {
    const rr: EventFile = { ...event, settings: { ...event.settings, pairing: 'round-robin' } };
    const r = round(
      2,
      [
        ['p1', 'p2'],
        ['p3', 'p5'],
      ],
      'p4',
    );
    expect(pairingWarningsOf(rr, r)).toEqual(universalPairingWarnings(rr, r));
  });
});

describe('SR2011: TP groups (RULES.md 1, "Pairing")', () => {
  it('is the SR2011 function behind the hook: two TP apart is a score gap', () => {
    const win = (table: number, a: string, b: string) => ({ table, a, b, result: { winner: a, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } });
    const event: EventFile = {
      ...systemEvent('sr2011', 35, 4),
      rounds: [
        { number: 1, bye: null, pairings: [win(1, 'p1', 'p2'), win(2, 'p3', 'p4')] },
        { number: 2, bye: null, pairings: [win(1, 'p1', 'p3'), win(2, 'p2', 'p4')] },
      ],
    };
    // TP: p1 2, p2 1, p3 1, p4 0; p1-p4 is two TP apart
    const r = round(3, [
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(pairingWarningsOf(event, r).filter((w) => w.kind === 'score-gap')).toEqual([{ table: 1, kind: 'score-gap', a: 'p1', b: 'p4', gap: 2 }]);
  });
});

describe('CDR: Swiss in the table’s 9..0 TP (RULES.md 3)', () => {
  // after two rounds (systems-fixtures): p1 11 TP, p3 9, p2 9, p4 7; each already met two others
  it('says a table jumping over the 9-TP group, which SR2011’s wins (1 and 0) would not', () => {
    const r = round(3, [
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(pairingWarningsOf(cdrEvent(), r)).toEqual([{ table: 1, kind: 'score-gap', a: 'p1', b: 'p4', gap: 4 }]);
  });

  it('says the rematches of a swap and no gap between neighbouring groups', () => {
    expect(
      pairingWarningsOf(
        cdrEvent(),
        round(3, [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ]),
      ),
    ).toEqual([
      { table: 1, kind: 'rematch', a: 'p1', b: 'p2' },
      { table: 2, kind: 'rematch', a: 'p3', b: 'p4' },
    ]);
  });

  it('flags a bye above the lowest TP when the lowest could sit out with no rematch', () => {
    const event = systemEvent('confrontation-cdr', 400, 5, {
      rounds: [{ number: 1, bye: 'p5', pairings: [cdrGame(1, 'p1', 'p2', [3, 0], [0, 0]), cdrGame(2, 'p3', 'p4', [2, 1], [0, 0])] }],
    });
    // TP before round 2: p1 9 (3-0 VP), p3 7 (2-1), p5 the bye's, p4 3, p2 0: p1 sits out while
    // p2 could, with p1-p4 and p3-p5 first meetings
    expect(systemFor('confrontation-cdr').byeScore(event.settings)).toBe(6);
    const warnings = pairingWarningsOf(
      event,
      round(
        2,
        [
          ['p3', 'p5'],
          ['p4', 'p2'],
        ],
        'p1',
      ),
    );
    expect(warnings).toEqual([{ table: null, kind: 'bye-above-lowest', a: 'p1', other: 'p2' }]);
  });
});

/**
 * LotR after three rounds (3/2/1.5/1/0): p1 2+2+0 = 4, p2 1+1+2 = 4, p3 1.5+1.5+1 = 4, p4
 * 1.5+2+2 = 5.5, p5 2+1+1 = 4, p6 1+1.5+3 = 5.5.
 */
function lotrRound4(): EventFile {
  return systemEvent('lotr-sbg', 500, 6, {
    rounds: [
      { number: 1, bye: null, pairings: [lotrGame(1, 'p1', 'p2', [2, 1]), lotrGame(2, 'p3', 'p4', [1.5, 1.5]), lotrGame(3, 'p5', 'p6', [2, 1])] },
      { number: 2, bye: null, pairings: [lotrGame(1, 'p1', 'p5', [2, 1]), lotrGame(2, 'p3', 'p6', [1.5, 1.5]), lotrGame(3, 'p2', 'p4', [1, 2])] },
      { number: 3, bye: null, pairings: [lotrGame(1, 'p1', 'p6', [0, 3]), lotrGame(2, 'p3', 'p2', [1, 2]), lotrGame(3, 'p4', 'p5', [2, 1])] },
    ],
  });
}

describe('LotR: Swiss in LotR points (RULES.md 4)', () => {
  it('lets p1 (two wins) meet p3 (none) on 4 points each: SR2011 would call it two TP apart', () => {
    expect(
      pairingWarningsOf(
        lotrRound4(),
        round(4, [
          ['p4', 'p6'],
          ['p1', 'p3'],
          ['p2', 'p5'],
        ]),
      ),
    ).toEqual([]);
  });

  it('says both 5.5-point players taken out of their group while they could meet', () => {
    // p4-p6, p1-p3, p2-p5 would be first meetings inside the groups; the pairs alone cannot show it (p1-p2, p4-p2 met)
    expect(
      pairingWarningsOf(
        lotrRound4(),
        round(4, [
          ['p4', 'p1'],
          ['p6', 'p2'],
          ['p3', 'p5'],
        ]),
      ),
    ).toEqual([
      { table: 1, kind: 'pile-skip', a: 'p4', b: 'p1', other: 'p6' },
      { table: 2, kind: 'pile-skip', a: 'p6', b: 'p2', other: 'p4' },
    ]);
  });

  it('says each rematch of a swap', () => {
    // p4-p3 met in round 1, p1-p5 in round 2
    expect(
      kinds(
        pairingWarningsOf(
          lotrRound4(),
          round(4, [
            ['p4', 'p3'],
            ['p6', 'p2'],
            ['p1', 'p5'],
          ]),
        ).filter((w) => w.kind === 'rematch'),
      ),
    ).toEqual(['rematch', 'rematch']);
  });

  it('says a table jumping over points groups, in LotR points (SR2011 would see one TP)', () => {
    // R1: p1-p2 3-0, p3-p4 2-1, p5-p6 1.5-1.5: groups 3, 2, 1.5, 1, 0
    const event = systemEvent('lotr-sbg', 500, 6, {
      rounds: [{ number: 1, bye: null, pairings: [lotrGame(1, 'p1', 'p2', [3, 0]), lotrGame(2, 'p3', 'p4', [2, 1]), lotrGame(3, 'p5', 'p6', [1.5, 1.5])] }],
    });
    expect(
      pairingWarningsOf(
        event,
        round(2, [
          ['p1', 'p4'],
          ['p3', 'p6'],
          ['p5', 'p2'],
        ]),
      ).filter((w) => w.kind === 'score-gap'),
    ).toEqual([
      { table: 1, kind: 'score-gap', a: 'p1', b: 'p4', gap: 2 },
      { table: 3, kind: 'score-gap', a: 'p5', b: 'p2', gap: 1.5 },
    ]);
  });
});

describe('Rackham 500 points: Swiss in win 1, draw 1/2 (RULES.md 2)', () => {
  const game = (table: number, a: string, b: string, winner: string | null) => ({
    table,
    a,
    b,
    result: { winner, a: { cp: 0, apd: 100 }, b: { cp: 0, apd: winner === null ? 100 : 50 } },
  });
  // R1: p1 beats p2, p3-p4 a draw, p5 beats p6: p1 1, p5 1, p3 1/2, p4 1/2, p2 0, p6 0
  const event = systemEvent('confrontation-rackham', 500, 6, {
    rounds: [{ number: 1, bye: null, pairings: [game(1, 'p1', 'p2', 'p1'), game(2, 'p3', 'p4', null), game(3, 'p5', 'p6', 'p5')] }],
  });

  it('says a winner paired with a loser over the half-point group, one point apart (SR2011: one TP, no gap)', () => {
    const warnings = pairingWarningsOf(
      event,
      round(2, [
        ['p1', 'p6'],
        ['p5', 'p3'],
        ['p4', 'p2'],
      ]),
    );
    expect(warnings.filter((w) => w.kind === 'score-gap')).toEqual([{ table: 1, kind: 'score-gap', a: 'p1', b: 'p6', gap: 1 }]);
    expect(warnings.find((w) => w.kind === 'pile-skip' && w.table === 1)).toMatchObject({ a: 'p1', other: 'p5' });
  });

  it('warns of nothing when every table keeps its group', () => {
    expect(
      pairingWarningsOf(
        event,
        round(2, [
          ['p1', 'p5'],
          ['p3', 'p4'],
        ]),
      ),
    ).toEqual([{ table: 2, kind: 'rematch', a: 'p3', b: 'p4' }]);
    expect(
      pairingWarningsOf(
        event,
        round(2, [
          ['p1', 'p5'],
          ['p4', 'p6'],
          ['p3', 'p2'],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('Rackham challenge: a knockout against its bracket (RULES.md 2)', () => {
  // six players seeded by number: R1 1 bye, 4-5, 2 bye, 3-6, the better seed winning; R2 semi-finals 1-4, 2-3
  const event = knockoutEvent(6, 1);

  it('accepts the bracket’s own semi-finals', () => {
    expect(
      pairingWarningsOf(
        event,
        round(2, [
          ['p1', 'p4'],
          ['p2', 'p3'],
        ]),
      ),
    ).toEqual([]);
  });

  it('says each semi-final a swap takes off the bracket', () => {
    expect(
      pairingWarningsOf(
        event,
        round(2, [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ]),
      ),
    ).toEqual([
      { table: 1, kind: 'off-bracket', a: 'p1', b: 'p3' },
      { table: 2, kind: 'off-bracket', a: 'p2', b: 'p4' },
    ]);
  });

  it('says a first-round swap against the stored seeding', () => {
    const first = knockoutEvent(6, 1, true).rounds[0]!;
    const s = (id: string) => (id === 'p4' ? 'p3' : id === 'p3' ? 'p4' : id);
    const swapped: Round = { ...first, pairings: first.pairings.map((p) => ({ ...p, a: s(p.a), b: s(p.b) })) };
    expect(kinds(pairingWarningsOf({ ...event, rounds: [] }, swapped))).toEqual(['off-bracket', 'off-bracket']);
  });
});
