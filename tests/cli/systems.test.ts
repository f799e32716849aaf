// validate, pair and standings for every system other than SR2011, through the command line only.
import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult, Pairing, SystemId } from '../../src/domain/event-file';
import { makePlayer } from '../fixtures/events';
import { cli, lines } from './helpers';

const json = (ev: unknown): string => JSON.stringify(ev, null, 2);

function eventOf(system: SystemId, players: number, settings: Record<string, unknown> = {}): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system,
    name: 'Open',
    date: '2026-05-09',
    settings: { points: 200, variants: [], rounds: null, ...settings },
    players: Array.from({ length: players }, (_, i) => makePlayer(i + 1, { lists: [] })),
    rounds: [],
  };
}

/** `pair` through the command line; results filled in by `result`. */
async function pairAndPlay(ev: EventFile, seed: number, result: (p: Pairing) => GameResult): Promise<{ event: EventFile; stderr: string }> {
  const r = await cli(['pair', 'e.json', '--seed', String(seed)], { 'e.json': json(ev) });
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as EventFile;
  const round = out.rounds.at(-1)!;
  round.pairings = round.pairings.map((p) => ({ ...p, result: result(p) }));
  return { event: out, stderr: r.stderr };
}

const standings = async (ev: EventFile): Promise<Array<Record<string, unknown>>> => {
  const r = await cli(['standings', 'e.json'], { 'e.json': json(ev) });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Array<Record<string, unknown>>;
};

describe('confrontation-rackham, 200-PA challenge: a knockout', () => {
  const higherNumberWins = (p: Pairing): GameResult => ({
    winner: Number(p.a.slice(1)) > Number(p.b.slice(1)) ? p.a : p.b,
    a: { cp: 0, apd: 0 },
    b: { cp: 0, apd: 0 },
  });

  it('pairs the bracket round by round, byes to the top seeds, until a champion', async () => {
    let ev = eventOf('confrontation-rackham', 5, { seeding: 'organizer' });
    const first = await pairAndPlay(ev, 3, higherNumberWins);
    expect(first.stderr).toBe('round 1 paired: 1 table, byes p1, p2, p3, seed 3 (replay with --seed 3)\n');
    expect(first.event.rounds[0]).toMatchObject({ stage: 'quarter-final', seeding: ['p1', 'p2', 'p3', 'p4', 'p5'], bye: 'p1', byes: ['p1', 'p2', 'p3'] });
    ev = first.event;
    const semi = await pairAndPlay(ev, 3, higherNumberWins);
    expect(semi.stderr).toBe('round 2 paired: 2 tables, bye none, seed 3 (replay with --seed 3)\n');
    expect(semi.event.rounds[1]!.pairings.map((p) => [p.a, p.b])).toEqual([
      ['p1', 'p5'],
      ['p2', 'p3'],
    ]);
    const final = await pairAndPlay(semi.event, 3, higherNumberWins);
    expect(final.event.rounds[2]).toMatchObject({ stage: 'final', pairings: [{ a: 'p5', b: 'p3' }] });
    ev = final.event;
    expect((await cli(['validate', 'e.json'], { 'e.json': json(ev) })).code).toBe(0);
    const done = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(done).toEqual({ code: 1, stdout: '', stderr: 'nothing to pair: the knockout is over, Player 5 (p5) is champion\n' });

    const rows = await standings(ev);
    expect(Object.keys(rows[0]!).slice(0, 6)).toEqual(['rank', 'id', 'name', 'stage', 'roundReached', 'eliminated']);
    expect(rows.map((r) => [r.rank, r.id, r.stage, r.roundReached])).toEqual([
      [1, 'p5', 'champion', 3],
      [2, 'p3', 'final', 3],
      [3, 'p1', 'semi-final', 2],
      [3, 'p2', 'semi-final', 2],
      [5, 'p4', 'quarter-final', 1],
    ]);
  });

  it('refuses to pair past a drawn game, naming it, and says why validate fails', async () => {
    const ev = eventOf('confrontation-rackham', 4);
    const played = await pairAndPlay(ev, 8, (p) => ({ winner: p.table === 1 ? null : p.a, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } }));
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(played.event) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('e.json: not a valid event file (1 problem)');
    expect(r.stderr).toContain('  rounds[0].pairings[0].result.winner: a knockout game needs a winner (the duel always decides one)');
    const fr = await cli(['validate', 'e.json', '--lang', 'fr'], { 'e.json': json(played.event) });
    expect(lines(fr.stderr)[1]).toBe('  rounds[0].pairings[0].result.winner : une partie à élimination directe doit avoir un vainqueur (le duel départage toujours)');
  });

  it('says the Swiss-only options have no effect on a knockout', async () => {
    const r = await cli(['pair', 'e.json', '--seed', '1', '--avoid-same-club'], { 'e.json': json(eventOf('confrontation-rackham', 4)) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)[0]).toBe('warning: --avoid-same-club has no effect: this event is paired as a knockout');
  });

  it('plays 200 or 500 points only', async () => {
    const r = await cli(['validate', 'e.json'], { 'e.json': json(eventOf('confrontation-rackham', 4, { points: 400 })) });
    expect(lines(r.stderr)).toEqual([
      'e.json: not a valid event file (1 problem)',
      '  settings.points: 400 points: the Rackham tournament rules are the 200-PA challenge or 500 points',
    ]);
  });
});

describe('confrontation-rackham, 500 points: a Swiss points event', () => {
  it('ranks by game points then the totals summed', async () => {
    const ev = eventOf('confrontation-rackham', 4, { points: 500 });
    const played = await pairAndPlay(ev, 2, (p) => ({ winner: p.a, a: { cp: 0, apd: 210, killedMostExpensive: true }, b: { cp: 0, apd: 90 } }));
    const rows = await standings(played.event);
    expect(Object.keys(rows[0]!).slice(0, 5)).toEqual(['rank', 'id', 'name', 'points', 'score']);
    expect(rows.map((r) => [r.rank, r.points, r.score])).toEqual([
      [1, 1, 230],
      [1, 1, 230],
      [3, 0, 90],
      [3, 0, 90],
    ]);
    const wrong = structuredClone(played.event);
    wrong.rounds[0]!.pairings[0]!.result!.winner = wrong.rounds[0]!.pairings[0]!.b;
    const r = await cli(['validate', 'e.json'], { 'e.json': json(wrong) });
    expect(lines(r.stderr)[1]).toBe(`  rounds[0].pairings[0].result.winner: by the totals the result is a win for "${wrong.rounds[0]!.pairings[0]!.a}"`);
  });
});

describe('confrontation-cdr', () => {
  const cdrResult = (p: Pairing): GameResult => ({ winner: p.a, a: { cp: 0, apd: 120, vp: 2, bonus: 150 }, b: { cp: 0, apd: 80, vp: 1 } });

  it('prints rank, id, name, tp, goalAverage first; pairs Swiss on TP', async () => {
    const played = await pairAndPlay(eventOf('confrontation-cdr', 4, { points: 400 }), 5, cdrResult);
    const rows = await standings(played.event);
    expect(Object.keys(rows[0]!).slice(0, 5)).toEqual(['rank', 'id', 'name', 'tp', 'goalAverage']);
    expect(rows.map((r) => [r.rank, r.tp, r.goalAverage])).toEqual([
      [1, 7, 140],
      [1, 7, 140],
      [3, 3, -40],
      [3, 3, -40],
    ]);
    const second = await pairAndPlay(played.event, 5, cdrResult);
    const winners = rows
      .slice(0, 2)
      .map((r) => r.id)
      .sort();
    expect(second.event.rounds[1]!.pairings.some((p) => [p.a, p.b].sort().join() === winners.join())).toBe(true);
  });

  it('names VP problems with their field', async () => {
    const played = await pairAndPlay(eventOf('confrontation-cdr', 2, { points: 400 }), 1, () => ({ winner: null, a: { cp: 0, apd: 0, vp: 2 }, b: { cp: 0, apd: 0, vp: 2 } }));
    const r = await cli(['validate', 'e.json'], { 'e.json': json(played.event) });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(['e.json: not a valid event file (1 problem)', '  rounds[0].pairings[0].result.b.vp: 2 + 2 VP: a 3-condition scenario gives at most 3']);
  });
});

describe('lotr-sbg', () => {
  const lotrResult = (p: Pairing): GameResult => ({
    winner: p.a,
    a: { cp: 0, apd: 0, points: 3, bodyCount: 4, kills: 6 },
    b: { cp: 0, apd: 0, points: 0, bodyCount: -4, kills: 2 },
  });

  it('prints rank, id, name, points, bodyCount, kills first', async () => {
    const played = await pairAndPlay(eventOf('lotr-sbg', 3), 4, lotrResult);
    const rows = await standings(played.event);
    expect(Object.keys(rows[0]!).slice(0, 6)).toEqual(['rank', 'id', 'name', 'points', 'bodyCount', 'kills']);
    expect(rows.map((r) => [r.rank, r.points, r.bodyCount, r.kills])).toEqual([
      [1, 3, 4, 6],
      [2, 2, 0, 0], // the bye: the narrowest win
      [3, 0, -4, 2],
    ]);
  });

  it('plays a round robin to the end, then says every pair has met', async () => {
    let ev = eventOf('lotr-sbg', 4, { pairing: 'round-robin' });
    for (let round = 1; round <= 3; round++) ev = (await pairAndPlay(ev, 9, lotrResult)).event;
    const met = ev.rounds.flatMap((r) => r.pairings.map((p) => [p.a, p.b].sort().join('-')));
    expect(new Set(met).size).toBe(6);
    const r = await cli(['pair', 'e.json', '--seed', '9'], { 'e.json': json(ev) });
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'nothing to pair: every pair has met in the 3 rounds of the round robin\n' });
  });

  it('refuses past a fixed round count (Swiss) unless --force, never stops on a unique leader (an SR2011 rule)', async () => {
    const played = await pairAndPlay(eventOf('lotr-sbg', 4, { rounds: 1 }), 4, lotrResult);
    const r = await cli(['pair', 'e.json', '--seed', '4'], { 'e.json': json(played.event) });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'cannot pair: the 1 rounds fixed for this event are played (settings.rounds): the event is over (--force pairs anyway)\n',
    });
    const forced = await cli(['pair', 'e.json', '--seed', '4', '--force'], { 'e.json': json(played.event) });
    expect(forced.code).toBe(0);
    expect(lines(forced.stderr)[0]).toBe('warning: the 1 rounds fixed for this event are played (settings.rounds): the event is over');
    // 3 players: the winner (3) leads the bye (2) and the loser (0) alone, and pairing goes on quietly
    const open = await pairAndPlay(eventOf('lotr-sbg', 3), 4, lotrResult);
    expect(lines((await cli(['pair', 'e.json', '--seed', '4'], { 'e.json': json(open.event) })).stderr)).toEqual([expect.stringMatching(/^round 2 paired: /)]);
  });

  it('words a bad duel record in French', async () => {
    const ev = eventOf('lotr-sbg', 2, { duels: [{ players: ['p1', 'p2'], winner: 'p3' }] });
    const r = await cli(['validate', 'e.json', '--lang', 'fr'], { 'e.json': json(ev) });
    expect(lines(r.stderr)).toEqual(['e.json : fichier d’événement invalide (1 problème)', '  settings.duels[0].winner : le vainqueur « p3 » ne fait pas partie du duel']);
  });
});
