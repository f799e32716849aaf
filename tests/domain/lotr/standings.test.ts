import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult, Pairing } from '../../../src/domain/event-file/types';
import { systemFor } from '../../../src/domain/systems';
import { lotrDuelGroups, lotrStandingsFinal } from '../../../src/domain/lotr';
import { side, systemEvent } from '../systems/helpers';

const lotr = systemFor('lotr-sbg');

/** A result from "a 3-0 b" style: points and, per side, body count and kills. */
function game(a: string, b: string, pa: number, pb: number, extra: { bcA?: number; bcB?: number; kA?: number; kB?: number } = {}): Pairing & { result: GameResult } {
  return {
    table: 1,
    a,
    b,
    result: {
      winner: pa === pb ? null : pa > pb ? a : b,
      a: side({ points: pa, bodyCount: extra.bcA ?? 0, kills: extra.kA ?? 0 }),
      b: side({ points: pb, bodyCount: extra.bcB ?? 0, kills: extra.kB ?? 0 }),
    },
  };
}

function eventOf(players: number, rounds: Array<Array<Pairing & { result: GameResult }>>, settings: Record<string, unknown> = {}): EventFile {
  const ev = systemEvent('lotr-sbg', players, settings);
  rounds.forEach((pairings, i) => ev.rounds.push({ number: i + 1, pairings: pairings.map((p, t) => ({ ...p, table: t + 1 })), bye: null }));
  return ev;
}

const order = (ev: EventFile): Array<[string, number, string | null]> => lotr.computeStandings(ev).map((r) => [r.id, r.rank, r.decidedBy]);

describe('LotR standings: each tie step', () => {
  it('total points first', () => {
    const ev = eventOf(4, [[game('p1', 'p2', 3, 0), game('p3', 'p4', 2, 1)]]);
    expect(order(ev)).toEqual([
      ['p1', 1, null],
      ['p3', 2, 'points'],
      ['p4', 3, 'points'],
      ['p2', 4, 'points'],
    ]);
    expect(lotr.computeStandings(ev)[0]).toMatchObject({ points: 3, wins: 1 });
  });

  it('then the results between the tied players, when they all met', () => {
    // p1 and p2 both end on 4: p2 beat p1 3-0, so p2 is above despite a worse body count
    const ev = eventOf(4, [
      [game('p1', 'p2', 0, 3, { bcA: 9, bcB: -5 }), game('p3', 'p4', 3, 0)],
      [game('p1', 'p4', 3, 0), game('p2', 'p3', 1, 2)],
    ]);
    const rows = lotr.computeStandings(ev);
    expect(rows.slice(0, 3).map((r) => [r.id, r.points, r.rank, r.decidedBy])).toEqual([
      ['p3', 5, 1, null],
      ['p2', 4, 2, 'points'],
      ['p1', 3, 3, 'points'],
    ]);
    const tied = eventOf(4, [
      [game('p1', 'p2', 1, 2, { bcA: 9, bcB: -5 }), game('p3', 'p4', 2, 1)],
      [game('p1', 'p4', 3, 0), game('p2', 'p3', 2, 1)],
    ]);
    // p1 4, p2 4: p2 won their game
    expect(order(tied).slice(0, 2)).toEqual([
      ['p2', 1, null],
      ['p1', 2, 'headToHead'],
    ]);
  });

  it('skips the results between them when not every tied player met every other', () => {
    // p1, p2, p3 all on 3 points; p1 beat p2 but p3 met neither: body count decides
    const ev = eventOf(6, [
      [game('p1', 'p2', 3, 0, { bcA: 1 }), game('p3', 'p4', 3, 0, { bcA: 5 }), game('p5', 'p6', 1.5, 1.5)],
      [game('p2', 'p5', 3, 0, { bcA: 7 }), game('p1', 'p6', 0, 3), game('p3', 'p4', 0, 3)],
    ]);
    const top = lotr.computeStandings(ev).filter((r) => ['p1', 'p2', 'p3'].includes(r.id));
    expect(top.map((r) => [r.id, r.points, r.decidedBy])).toEqual([
      ['p2', 3, 'points'],
      ['p3', 3, 'bodyCount'],
      ['p1', 3, 'bodyCount'],
    ]);
  });

  it('then cumulative body count, then cumulative kills', () => {
    const ev = eventOf(4, [[game('p1', 'p2', 2, 1, { bcA: 3, kA: 2 }), game('p3', 'p4', 2, 1, { bcA: 3, kA: 4 })]]);
    expect(order(ev).slice(0, 2)).toEqual([
      ['p3', 1, null],
      ['p1', 2, 'kills'],
    ]);
    const bc = eventOf(4, [[game('p1', 'p2', 2, 1, { bcA: 4, kA: 0 }), game('p3', 'p4', 2, 1, { bcA: 3, kA: 9 })]]);
    expect(order(bc).slice(0, 2)).toEqual([
      ['p1', 1, null],
      ['p3', 2, 'bodyCount'],
    ]);
  });

  it('then a duel recorded in settings.duels, then the lowest player number', () => {
    const rounds = [[game('p1', 'p2', 2, 1, { bcA: 3, kA: 2 }), game('p3', 'p4', 2, 1, { bcA: 3, kA: 2 })]];
    expect(order(eventOf(4, rounds)).slice(0, 2)).toEqual([
      ['p1', 1, null],
      ['p3', 2, 'number'],
    ]);
    const duel = eventOf(4, rounds, { duels: [{ players: ['p1', 'p3'], winner: 'p3' }] });
    expect(order(duel).slice(0, 2)).toEqual([
      ['p3', 1, null],
      ['p1', 2, 'duel'],
    ]);
    expect(lotr.computeStandings(duel)[0]).toMatchObject({ duelWins: 1 });
    // a duel between players who are not tied changes nothing
    const elsewhere = eventOf(4, rounds, { duels: [{ players: ['p2', 'p3'], winner: 'p3' }] });
    expect(order(elsewhere).slice(0, 2)).toEqual([
      ['p1', 1, null],
      ['p3', 2, 'number'],
    ]);
  });

  it('never shares a rank (the player number always decides)', () => {
    const ev = eventOf(4, [[game('p1', 'p2', 1.5, 1.5), game('p3', 'p4', 1.5, 1.5)]]);
    expect(lotr.computeStandings(ev).map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(lotr.standingsOrder(ev.settings)).toEqual(['points', 'headToHead', 'bodyCount', 'kills', 'duel', 'number']);
  });

  it('prints points, bodyCount and kills first', () => {
    const ev = eventOf(2, [[game('p1', 'p2', 3, 0)]]);
    expect(Object.keys(lotr.standingsJson(lotr.computeStandings(ev)[0]!)).slice(0, 6)).toEqual(['rank', 'id', 'name', 'points', 'bodyCount', 'kills']);
  });

  it('scores a bye 2 points (the narrowest win), or settings.byePoints', () => {
    const ev = eventOf(3, [[game('p1', 'p2', 3, 0)]]);
    ev.rounds[0]!.bye = 'p3';
    expect(lotr.computeStandings(ev).find((r) => r.id === 'p3')).toMatchObject({ points: 2, byes: 1 });
    ev.settings.byePoints = 3;
    expect(lotr.computeStandings(ev).find((r) => r.id === 'p3')).toMatchObject({ points: 3 });
  });
});

describe('LotR result and settings checks', () => {
  const pairing = { a: 'p1', b: 'p2' };
  const settings = systemEvent('lotr-sbg', 2).settings;
  const codes = (r: GameResult): string[] => lotr.validateResult(r, pairing, settings).map((p) => `${p.path}:${p.code}${p.warning ? '(warning)' : ''}`);
  const s = (extra: Record<string, unknown>) => side({ bodyCount: 0, kills: 0, ...extra });

  it('accepts 3-0, 2-1 and 1.5-1.5 with a matching winner, nothing else', () => {
    expect(codes({ winner: 'p1', a: s({ points: 3 }), b: s({ points: 0 }) })).toEqual([]);
    expect(codes({ winner: 'p2', a: s({ points: 1 }), b: s({ points: 2 }) })).toEqual([]);
    expect(codes({ winner: null, a: s({ points: 1.5 }), b: s({ points: 1.5 }) })).toEqual([]);
    expect(codes({ winner: 'p1', a: s({ points: 3 }), b: s({ points: 1 }) })).toEqual(['b.points:lotr-points-pair']);
    expect(codes({ winner: 'p2', a: s({ points: 3 }), b: s({ points: 0 }) })).toEqual(['winner:winner-contradicts-points']);
    expect(codes({ winner: 'p1', a: side({ points: 3 }), b: s({ points: 0 }) })).toEqual(['a.bodyCount:field-required', 'a.kills:field-required']);
  });

  it('checks the ending, the camps, the body count and the tie steps when given', () => {
    expect(codes({ winner: 'p1', ending: 'time', a: s({ points: 3 }), b: s({ points: 0 }) })).toEqual(['ending:ending-contradicts-points']);
    expect(codes({ winner: 'p1', ending: 'frodo-killed', a: s({ points: 3, camp: 'good' }), b: s({ points: 0, camp: 'evil' }) })).toEqual(['ending:ending-contradicts-camp']);
    expect(codes({ winner: 'p1', a: s({ points: 3, camp: 'good' }), b: s({ points: 0, camp: 'good' }) })).toEqual(['b.camp:same-camp']);
    expect(codes({ winner: 'p1', a: s({ points: 3, survivors: 8, losses: 2, bodyCount: 5 }), b: s({ points: 0, kills: 2 }) })).toEqual(['a.bodyCount:derived-mismatch']);
    expect(codes({ winner: 'p1', a: s({ points: 3, kills: 4 }), b: s({ points: 0, losses: 3 }) })).toEqual(['a.kills:kills-not-opponent-losses(warning)']);
    const tally = (remainingValue: number) => ({ remainingValue, heroPoints: 50, survivors: 5, losses: 5, bodyCount: 0, kills: 5 });
    expect(codes({ winner: 'p1', ending: 'time', a: s({ points: 2, ...tally(80) }), b: s({ points: 1, ...tally(90) }) })).toEqual(['winner:winner-contradicts-tiebreak']);
    expect(codes({ winner: 'p2', ending: 'time', a: s({ points: 1, ...tally(80) }), b: s({ points: 2, ...tally(90) }) })).toEqual([]);
  });

  it('checks settings.pairing and settings.duels', () => {
    const ev = systemEvent('lotr-sbg', 3, {
      pairing: 'knockout',
      duels: [
        { players: ['p1', 'p9'], winner: 'p2' },
        { players: ['p1'], winner: 'p1' },
      ],
    });
    expect(lotr.validateEvent(ev).map((p) => `${p.path}:${p.code}`)).toEqual([
      'settings.pairing:bad-setting-choice',
      'settings.duels[0].players[1]:unknown-player-ref',
      'settings.duels[0].winner:duel-winner',
      'settings.duels[1].players:duel-players',
    ]);
    expect(lotr.clockProfile(ev.settings)).toBe('lotr-30-50');
  });
});

describe('LotR duel tiebreak: asked for the final standings only', () => {
  // p1 and p3 both win 3-0 with the same body count and kills: only a duel (or the number) splits them
  const round1 = [game('p1', 'p2', 3, 0), game('p3', 'p4', 3, 0)];
  it('after round 1 of a 3-round event: no duel asked', () => {
    const ev = eventOf(4, [round1], { rounds: 3 });
    expect(lotrDuelGroups(ev, lotr.computeStandings(ev))).toEqual([]);
    expect(lotrStandingsFinal(ev)).toBe(false);
  });
  it('once the fixed rounds are played, or the organizer closed the event: the tied players duel', () => {
    const done = eventOf(4, [round1], { rounds: 1 });
    expect(lotrDuelGroups(done, lotr.computeStandings(done)).map((g) => g.map((r) => r.id))).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    const closed = eventOf(4, [round1], { finished: true });
    expect(lotrStandingsFinal(closed)).toBe(true);
  });
  it('a round robin is final after its last round', () => {
    const ev = eventOf(2, [[game('p1', 'p2', 1.5, 1.5)]], { pairing: 'round-robin' });
    ev.rounds[0]!.roundRobinOrder = ['p1', 'p2'];
    expect(lotrStandingsFinal(ev)).toBe(true);
    expect(lotrDuelGroups(ev, lotr.computeStandings(ev)).map((g) => g.map((r) => r.id))).toEqual([['p1', 'p2']]);
  });
});
