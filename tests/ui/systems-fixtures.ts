// Hand-made events of the systems other than SR2011 for the component tests, with their numbers
// worked out in the comments.
import type { EventFile, GameResult, Pairing, SystemId } from '../../src/domain/event-file';
import { systemFor } from '../../src/domain/systems';
import { makePlayer } from '../fixtures/events';

export function systemEvent(system: SystemId, points: number, players: number, extra: Partial<EventFile> = {}): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name: 'Coupe des Systèmes',
    date: '2026-12-05',
    settings: { points, variants: [], rounds: null },
    players: Array.from({ length: players }, (_, i) => makePlayer(i + 1, { name: `Joueur ${i + 1}`, lists: [], faction: undefined })),
    rounds: [],
    ...extra,
  };
}

const side = (extra: Record<string, unknown>) => ({ cp: 0, apd: 0, ...extra });

export const cdrGame = (table: number, a: string, b: string, vp: [number, number], apd: [number, number], bonus: [number, number] = [0, 0]): Pairing => ({
  table,
  a,
  b,
  result: {
    winner: vp[0] > vp[1] ? a : vp[1] > vp[0] ? b : null,
    a: side({ vp: vp[0], apd: apd[0], bonus: bonus[0] }),
    b: side({ vp: vp[1], apd: apd[1], bonus: bonus[1] }),
  },
});

/**
 * R1: p1-p2 VP 2-1 (TP 7/3), apd 100/40 (GA +60/-60); p3-p4 VP 1-1 (5/5), apd 30/30, p3 bonus
 * 150 counted 100 (GA +100/0). R2: p1-p3 VP 0-0 (4/4), apd 10/20 (GA -10/+10); p2-p4 VP 1-0
 * (6/2), apd 20/10 (GA +10/-10). Totals: p1 11 TP GA 50; p3 9 TP GA 110; p2 9 TP GA -50; p4 7
 * TP GA -10.
 */
export function cdrEvent(): EventFile {
  return systemEvent('confrontation-cdr', 400, 4, {
    rounds: [
      { number: 1, bye: null, pairings: [cdrGame(1, 'p1', 'p2', [2, 1], [100, 40]), cdrGame(2, 'p3', 'p4', [1, 1], [30, 30], [150, 0])] },
      { number: 2, bye: null, pairings: [cdrGame(1, 'p1', 'p3', [0, 0], [10, 20]), cdrGame(2, 'p2', 'p4', [1, 0], [20, 10])] },
    ],
  });
}

export const lotrGame = (table: number, a: string, b: string, points: [number, number], bodyCount: [number, number] = [0, 0], kills: [number, number] = [0, 0]): Pairing => ({
  table,
  a,
  b,
  result: {
    winner: points[0] > points[1] ? a : points[1] > points[0] ? b : null,
    a: side({ points: points[0], bodyCount: bodyCount[0], kills: kills[0] }),
    b: side({ points: points[1], bodyCount: bodyCount[1], kills: kills[1] }),
  },
});

/**
 * Three players, a bye (2 points) each round. p1 beats p2 2-1, p3 beats p1 3-0, p3 beats p2 2-1.
 * p1 = 2 + 0 + 2 (bye) = 4, p2 = 1 + 2 (bye) + 1 = 4, p3 = 2 (bye) + 3 + 2 = 7: p1 and p2 level
 * on points, p1 above on their game ("résultats entre ex aequo") although p2 has the better
 * body count.
 */
export function lotrHeadToHeadEvent(): EventFile {
  return systemEvent('lotr-sbg', 500, 3, {
    rounds: [
      { number: 1, bye: 'p3', byes: ['p3'], pairings: [lotrGame(1, 'p1', 'p2', [2, 1], [1, 5], [2, 2])] },
      { number: 2, bye: 'p2', byes: ['p2'], pairings: [lotrGame(1, 'p1', 'p3', [0, 3], [-4, 6], [1, 6])] },
      { number: 3, bye: 'p1', byes: ['p1'], pairings: [lotrGame(1, 'p2', 'p3', [1, 2], [3, 4], [3, 4])] },
    ],
  });
}

/**
 * p1-p2 a perfect draw with the same body count and kills: only a duel (or the number) splits them.
 * `rounds`: the event's fixed round count; at 1 these are the final standings.
 */
export function lotrDuelEvent(rounds = 1): EventFile {
  return systemEvent('lotr-sbg', 500, 4, {
    settings: { points: 500, variants: [], rounds },
    rounds: [{ number: 1, bye: null, pairings: [lotrGame(1, 'p1', 'p2', [1.5, 1.5], [2, 2], [4, 4]), lotrGame(2, 'p3', 'p4', [3, 0], [8, -6], [9, 1])] }],
  });
}

const winnerA = (p: Pairing): Pairing => ({ ...p, result: { winner: p.a, a: side({}), b: side({}) } as GameResult });

/**
 * A Rackham 200-PA knockout of `players` seeded by number, `rounds` rounds played, side A (the
 * better seed) winning every game. With 6 players: R1 quarter-finals 1 bye, 4-5, 2 bye, 3-6;
 * R2 semi-finals 1-4, 2-3; R3 final 1-2.
 */
export function knockoutEvent(players: number, rounds: number, lastUnplayed = false): EventFile {
  let event = systemEvent('confrontation-rackham', 200, players);
  event = { ...event, settings: { ...event.settings, seeding: 'organizer' } };
  const system = systemFor('confrontation-rackham');
  for (let r = 1; r <= rounds; r++) {
    const out = system.pairNextRound(event, { seed: 7 });
    if (!out.ok) throw new Error(`round ${r}: ${out.reason}`);
    const round = lastUnplayed && r === rounds ? out.round : { ...out.round, pairings: out.round.pairings.map(winnerA) };
    event = { ...event, rounds: [...event.rounds, round] };
  }
  return event;
}

export function rackham500Event(): EventFile {
  const game = (table: number, a: string, b: string, apd: [number, number], killed: boolean): Pairing => ({
    table,
    a,
    b,
    result: { winner: a, a: side({ apd: apd[0], killedMostExpensive: killed }), b: side({ apd: apd[1] }) },
  });
  // p1 1 pt, total 140; p3 1 pt, total 90; p4 0 pt total 85; p2 0 pt total 60
  return systemEvent('confrontation-rackham', 500, 4, {
    rounds: [{ number: 1, bye: null, pairings: [game(1, 'p1', 'p2', [120, 60], true), game(2, 'p3', 'p4', [90, 85], false)] }],
  });
}
