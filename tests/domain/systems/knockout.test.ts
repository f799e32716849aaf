import { describe, expect, it } from 'vitest';
import type { EventFile, Pairing } from '../../../src/domain/event-file/types';
import { bracketPositions, bracketSize, firstRoundSlots, knockoutRoundCount, nextRoundSlots } from '../../../src/domain/pairing';
import { createRng } from '../../../src/domain/random';
import type { BracketRow } from '../../../src/domain/confrontation';
import { knockoutStage, readBracket, systemFor } from '../../../src/domain/systems';
import { playRound, side, systemEvent } from './helpers';

const rackham = systemFor('confrontation-rackham');

describe('bracket geometry', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 4],
    [5, 8],
    [8, 8],
    [9, 16],
    [17, 32],
  ])('%i players need a bracket of %i places', (n, size) => {
    expect(bracketSize(n)).toBe(size);
  });

  it('places seeds so that 1 and 2 meet only in the final, 1-4 in the semi-finals', () => {
    expect(bracketPositions(2)).toEqual([1, 2]);
    expect(bracketPositions(4)).toEqual([1, 4, 2, 3]);
    expect(bracketPositions(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(() => bracketPositions(6)).toThrow();
    for (const size of [2, 4, 8, 16, 32]) {
      const order = bracketPositions(size);
      expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
      // each first-round match adds up to size + 1: the best against the worst
      for (let i = 0; i < size; i += 2) expect(order[i]! + order[i + 1]!).toBe(size + 1);
      // the top half holds seed 1, the bottom half seed 2
      expect(order.indexOf(1)).toBeLessThan(size / 2);
      expect(order.indexOf(2)).toBeGreaterThanOrEqual(size / 2);
    }
  });

  it.each(Array.from({ length: 16 }, (_, i) => i + 2))('%i players: the byes go to the top seeds and never meet', (n) => {
    const seeding = Array.from({ length: n }, (_, i) => i + 1);
    const slots = firstRoundSlots(seeding);
    const size = bracketSize(n);
    expect(slots).toHaveLength(size / 2);
    const byes = slots.filter((s) => s.a === null || s.b === null).map((s) => (s.a ?? s.b)!);
    expect(byes.sort((x, y) => x - y)).toEqual(Array.from({ length: size - n }, (_, i) => i + 1));
    expect(slots.every((s) => s.a !== null || s.b !== null)).toBe(true);
    expect(knockoutRoundCount(n)).toBe(Math.log2(size));
  });

  it('pairs the next round from adjacent winners, padding an odd count', () => {
    expect(nextRoundSlots(['w1', 'w2', 'w3', 'w4'])).toEqual([
      { a: 'w1', b: 'w2' },
      { a: 'w3', b: 'w4' },
    ]);
    expect(nextRoundSlots(['w1', null, 'w3'])).toEqual([
      { a: 'w1', b: null },
      { a: 'w3', b: null },
    ]);
  });

  it('names the rounds by the places left', () => {
    expect([2, 4, 8, 16, 32].map(knockoutStage)).toEqual(['final', 'semi-final', 'quarter-final', 'round-of-16', 'round-of-32']);
  });
});

/** Plays a whole challenge knockout, the winner of each game drawn with the rng. */
function playKnockout(n: number, seed: number, winnerOf: (p: Pairing) => string = (p) => (createRng(seed + p.table).int(2) ? p.a : p.b)) {
  let event: EventFile = systemEvent('confrontation-rackham', n);
  const rounds: Array<{ tables: number; byes: string[] }> = [];
  for (;;) {
    const outcome = rackham.pairNextRound(event, { seed });
    if (!outcome.ok) return { event, rounds, refusal: outcome };
    const next = playRound(rackham, event, seed, (p) => ({ winner: winnerOf(p), a: side(), b: side() }));
    event = next.event;
    rounds.push({ tables: outcome.round.pairings.length, byes: outcome.byes });
    if (rounds.length > 10) throw new Error('runaway bracket');
  }
}

describe('a challenge knockout event, 2 to 17 players', () => {
  it.each(Array.from({ length: 16 }, (_, i) => i + 2))('%i players: byes first round only, log2 rounds, one champion', (n) => {
    const { event, rounds, refusal } = playKnockout(n, n * 7);
    const size = bracketSize(n);
    expect(rounds).toHaveLength(Math.log2(size));
    expect(rounds[0]!.byes).toHaveLength(size - n);
    expect(rounds.slice(1).every((r) => r.byes.length === 0)).toBe(true);
    // every game eliminates one player: n - 1 games in all
    expect(rounds.reduce((s, r) => s + r.tables, 0)).toBe(n - 1);
    expect(refusal).toMatchObject({ ok: false, reason: 'event-complete' });
    const bracket = readBracket(event);
    expect(bracket.complete).toBe(true);
    expect(bracket.problems).toEqual([]);
    expect(rackham.validateEvent(event)).toEqual([]);
    const rows = rackham.computeStandings(event) as BracketRow[];
    const champion = event.rounds.at(-1)!.pairings[0]!.result!.winner;
    expect(rows[0]).toMatchObject({ id: champion, rank: 1, stage: 'champion', champion: true, eliminated: false, decidedBy: null });
    expect(refusal).toMatchObject({ champion });
    expect(rows.filter((r) => r.eliminated === false)).toHaveLength(1);
    expect(rows[1]).toMatchObject({ rank: 2, stage: 'final', roundReached: Math.log2(size), decidedBy: 'eliminated' });
    // ranks never increase and players out in the same round share one
    for (let i = 1; i < rows.length; i++) {
      const [above, row] = [rows[i - 1]!, rows[i]!];
      expect(row.roundReached).toBeLessThanOrEqual(above.roundReached);
      if (row.roundReached === above.roundReached && row.eliminated === above.eliminated) expect(row.rank).toBe(above.rank);
      else expect(row.rank).toBe(i + 1);
    }
  });

  it('gives the byes to the top seeds of a seeded draw, and stores the seeding on round 1', () => {
    const event = systemEvent('confrontation-rackham', 5);
    const outcome = rackham.pairNextRound(event, { seed: 42 });
    if (!outcome.ok) throw new Error('refused');
    const seeding = outcome.round.seeding as string[];
    expect([...seeding].sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(outcome.byes).toEqual(seeding.slice(0, 3));
    expect(outcome.round.bye).toBe(seeding[0]);
    expect(outcome.round.pairings).toEqual([{ table: 1, a: seeding[3], b: seeding[4] }]);
    expect(outcome.round.stage).toBe('quarter-final');
    // same seed, same draw; another seed, another draw (for some seed)
    expect(rackham.pairNextRound(event, { seed: 42 })).toEqual(outcome);
    const draws = new Set(Array.from({ length: 8 }, (_, s) => JSON.stringify((rackham.pairNextRound(event, { seed: s }) as typeof outcome).round.seeding)));
    expect(draws.size).toBeGreaterThan(1);
  });

  it("seeds by the organizer's order: settings.seedOrder, then player number", () => {
    const event = systemEvent('confrontation-rackham', 6, { seeding: 'organizer', seedOrder: ['p5', 'p3'] });
    const outcome = rackham.pairNextRound(event, { seed: 1 });
    if (!outcome.ok) throw new Error('refused');
    expect(outcome.round.seeding).toEqual(['p5', 'p3', 'p1', 'p2', 'p4', 'p6']);
    // 6 players in 8 places: seeds 1 and 2 sit out; 3 v 6 and 4 v 5 play
    expect(outcome.byes).toEqual(['p5', 'p3']);
    expect(outcome.round.pairings).toEqual([
      { table: 1, a: 'p2', b: 'p4' },
      { table: 2, a: 'p1', b: 'p6' },
    ]);
    expect(rackham.pairingMethod(event.settings)).toEqual({ kind: 'knockout', seeding: 'organizer' });
  });

  it('sends the winners through along the bracket, a bye meeting the winner below it', () => {
    const event = systemEvent('confrontation-rackham', 3, { seeding: 'organizer' });
    // seeds p1, p2, p3: p1 has the bye, p2 v p3
    const r1 = playRound(rackham, event, 1, () => ({ winner: 'p3', a: side(), b: side() }));
    expect(r1.outcome.byes).toEqual(['p1']);
    const final = rackham.pairNextRound(r1.event, { seed: 1 });
    expect(final).toMatchObject({ ok: true, round: { stage: 'final', pairings: [{ table: 1, a: 'p1', b: 'p3' }], byes: [] } });
  });

  it('refuses a drawn game, an unfinished round, and a field under two', () => {
    const event = systemEvent('confrontation-rackham', 4);
    const drawn = playRound(rackham, event, 3, (p) => ({ winner: p.table === 2 ? null : p.a, a: side(), b: side() })).event;
    expect(rackham.pairNextRound(drawn, { seed: 1 })).toEqual({ ok: false, reason: 'knockout-needs-winner', round: 1, tables: [2] });
    expect(rackham.validateEvent(drawn)).toContainEqual({ path: 'rounds[0].pairings[1].result.winner', code: 'knockout-needs-winner' });
    const open = playRound(rackham, event, 3, (p) => ({ winner: p.a, a: side(), b: side() })).event;
    delete open.rounds[0]!.pairings[0]!.result;
    expect(rackham.pairNextRound(open, { seed: 1 })).toMatchObject({ ok: false, reason: 'round-unfinished', round: 1, tables: [1] });
    expect(rackham.pairNextRound(systemEvent('confrontation-rackham', 1), { seed: 1 })).toEqual({ ok: false, reason: 'too-few-players', active: 1 });
  });

  it("gives a dropped player's next opponent a walkover", () => {
    let event = systemEvent('confrontation-rackham', 4, { seeding: 'organizer' });
    // round 1: p1 v p4, p2 v p3; p1 and p2 win, then p2 drops
    event = playRound(rackham, event, 1, (p) => ({ winner: p.a, a: side(), b: side() })).event;
    event.players[1] = { ...event.players[1]!, dropped: true, droppedAfterRound: 1 };
    const final = rackham.pairNextRound(event, { seed: 1 });
    expect(final).toMatchObject({ ok: true, byes: ['p1'], round: { pairings: [], bye: 'p1', stage: 'final' } });
    if (!final.ok) return;
    event = { ...event, rounds: [...event.rounds, final.round] };
    expect(rackham.validateEvent(event)).toEqual([]);
    expect(rackham.pairNextRound(event, { seed: 1 })).toEqual({ ok: false, reason: 'event-complete', champion: 'p1' });
    const rows = rackham.computeStandings(event) as BracketRow[];
    expect(rows.map((r) => [r.id, r.rank, r.stage, r.eliminated])).toEqual([
      ['p1', 1, 'champion', false],
      // p2 won the semi-final and gave the final as a walkover: out in the final
      ['p2', 2, 'final', true],
      ['p3', 3, 'semi-final', true],
      ['p4', 3, 'semi-final', true],
    ]);
  });

  it('names a game that does not follow the bracket', () => {
    let event = systemEvent('confrontation-rackham', 4, { seeding: 'organizer' });
    event = playRound(rackham, event, 1, (p) => ({ winner: p.a, a: side(), b: side() })).event;
    // the final should be p1 v p2; the file says p1 v p3
    event.rounds.push({ number: 2, pairings: [{ table: 1, a: 'p1', b: 'p3', result: { winner: 'p1', a: side(), b: side() } }], bye: null });
    const problems = rackham.validateEvent(event);
    expect(problems.map((p) => p.code).sort()).toEqual(['bracket-game-missing', 'off-bracket']);
    expect(rackham.pairNextRound(event, { seed: 1 })).toEqual({ ok: false, reason: 'bracket-invalid' });
  });

  it('reads a hand-made bracket without a stored seeding in table order', () => {
    const event = systemEvent('confrontation-rackham', 4);
    event.rounds.push({
      number: 1,
      pairings: [
        { table: 1, a: 'p1', b: 'p2', result: { winner: 'p2', a: side(), b: side() } },
        { table: 2, a: 'p3', b: 'p4', result: { winner: 'p3', a: side(), b: side() } },
      ],
      bye: null,
    });
    expect(rackham.pairNextRound(event, { seed: 9 })).toMatchObject({ ok: true, round: { pairings: [{ a: 'p2', b: 'p3' }] } });
  });
});
