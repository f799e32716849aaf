import { describe, expect, it } from 'vitest';
import type { EventFile, GameResult } from '../../src/domain/event-file';
import { runCli } from '../../src/cli/run';
import { makeEvent, makePlayer } from '../fixtures/events';
import { cli, fakeIo, lines } from './helpers';

const json = (ev: unknown): string => JSON.stringify(ev, null, 2);

const draw: GameResult = { winner: null, how: 'tiebreak', a: { cp: 1, apd: 10 }, b: { cp: 1, apd: 10 } };

/** The fixture with its round 1 finished (p1 beat p2, p3 drew p4, p5 had the bye). */
function finishedEvent(): EventFile {
  const ev = makeEvent();
  ev.rounds[0]!.pairings[1]!.result = draw;
  return ev;
}

function freshEvent(n: number, extra: Partial<EventFile> = {}): EventFile {
  return makeEvent({ players: Array.from({ length: n }, (_, i) => makePlayer(i + 1)), rounds: [], ...extra });
}

describe('usage', () => {
  it('prints the usage on stdout for --help and -h, exit 0, in the chosen language', async () => {
    const en = await cli(['--help']);
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/^Usage: npm run -s cli -- <command> FILE/);
    expect(en.stdout).toContain('--seed N');
    expect(en.stderr).toBe('');
    const fr = await cli(['-h', '--lang', 'fr']);
    expect(fr.stdout).toMatch(/^Usage : /);
    expect((await cli(['-h'], {}, { env: { LANG: 'fr_FR.UTF-8' } })).stdout).toMatch(/^Usage : /);
  });

  it('lets --help win over any other mistake on the line', async () => {
    expect((await cli(['frobnicate', '--seed', 'x', '--help'])).code).toBe(0);
  });

  it('prints the usage on stderr with exit 2 when run with no argument', async () => {
    const r = await cli([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Usage: /);
  });

  it.each([
    [['frobnicate', 'x.json'], 'unknown command "frobnicate"'],
    [['validate', 'x.json', '--frob'], 'unknown option --frob'],
    [['validate', 'x.json', '-v'], 'unknown option -v'],
    [['validate'], '"validate" needs a FILE'],
    [['pair'], '"pair" needs a FILE'],
    [['standings', 'a.json', 'b.json'], 'unexpected argument "b.json"'],
    [['pair', 'x.json', '--seed', '1.5'], '--seed must be a whole number from 0 to 4294967295, not "1.5"'],
    [['pair', 'x.json', '--seed', 'abc'], 'not "abc"'],
    [['pair', 'x.json', '--seed', '-1'], 'not "-1"'],
    [['pair', 'x.json', '--seed', '4294967296'], 'not "4294967296"'],
    [['pair', 'x.json', '--seed', ''], 'not ""'],
    [['pair', 'x.json', '--seed'], 'option --seed needs a value'],
    [['pair', 'x.json', '--seed', '1', '--seed', '2'], 'option --seed is given twice'],
    [['pair', 'x.json', '--avoid-same-club=yes'], 'option --avoid-same-club takes no value'],
    [['validate', 'x.json', '--seed', '3'], 'option --seed does not apply to "validate"'],
    [['standings', 'x.json', '--avoid-same-club'], 'option --avoid-same-club does not apply to "standings"'],
    [['validate', 'x.json', '--lang', 'de'], '--lang must be fr or en, not "de"'],
  ])('refuses %j with exit 2', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)[0]).toContain(message);
    expect(r.stderr).toContain('--help');
  });

  it('words usage mistakes in French when asked', async () => {
    const r = await cli(['frobnicate', 'x.json', '--lang=fr']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('erreur : commande inconnue « frobnicate »');
  });

  it('accepts --opt=value, options before the command, and -- before a FILE that starts with a dash', async () => {
    const files = { '-odd.json': json(finishedEvent()) };
    const a = await cli(['pair', '--seed=7', '--', '-odd.json'], files);
    const b = await cli(['--seed', '7', 'pair', '--', '-odd.json'], files);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  it('takes the seed range end to end: 0 and 4294967295 are seeds', async () => {
    const files = { 'e.json': json(freshEvent(6)) };
    expect((await cli(['pair', 'e.json', '--seed', '0'], files)).code).toBe(0);
    expect((await cli(['pair', 'e.json', '--seed', '4294967295'], files)).code).toBe(0);
  });
});

describe('reading the file', () => {
  it('names a missing file, exit 1, no stack trace', async () => {
    for (const command of ['validate', 'pair', 'standings']) {
      const r = await cli([command, 'missing.json']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('cannot read missing.json: no such file\n');
    }
  });

  it('names a directory and an unreadable file', async () => {
    expect((await cli(['validate', 'events/'])).stderr).toBe('cannot read events/: it is a directory\n');
    const { io, out } = fakeIo();
    io.readFile = async () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    };
    expect(await runCli(['validate', 'secret.json'], io)).toBe(1);
    expect(out.stderr).toBe('cannot read secret.json: permission denied\n');
    io.readFile = async () => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    };
    expect(await runCli(['validate', 'bad-disk.json'], io)).toBe(1);
    expect(out.stderr).toContain('cannot read bad-disk.json: EIO: i/o error, read\n');
  });

  it('says a file is not JSON, an empty file included', async () => {
    for (const text of ['{ "format": ', '', 'hello']) {
      const r = await cli(['validate', 'x.json'], { 'x.json': text });
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual(['x.json: not a valid event file (1 problem)', expect.stringMatching(/^ {2}the file is not readable JSON \(.+\)$/)]);
    }
  });

  it('reads standard input for FILE "-"', async () => {
    const r = await cli(['validate', '-'], {}, { stdin: json(makeEvent()) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('OK: standard input:');
    const bad = await cli(['standings', '-'], {}, { stdin: 'nope' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('standard input: not a valid event file');
  });

  it('accepts a UTF-8 byte order mark', async () => {
    expect((await cli(['validate', 'bom.json'], { 'bom.json': '\ufeff' + json(makeEvent()) })).code).toBe(0);
  });
});

describe('validate', () => {
  it('prints a one-line summary on stdout and nothing else for a valid file', async () => {
    const r = await cli(['validate', 'e.json'], { 'e.json': json(makeEvent()) });
    expect(r).toEqual({ code: 0, stdout: 'OK: e.json: "Winter Steamroller" (sr2011, 2026-12-05), 5 players, 1 round\n', stderr: '' });
  });

  it('keeps warnings on stderr and still exits 0', async () => {
    const ev = makeEvent();
    ev.players[1]!.name = 'player 1';
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 warning');
    expect(lines(r.stderr)).toEqual(['warning: players[1].name: "player 1" has the same name as players[0] (add a nickname to tell them apart)']);
  });

  it('lists every problem of an invalid file, one line each, naming the field', async () => {
    const ev = makeEvent() as unknown as Record<string, any>;
    ev.date = '2026-02-30';
    delete ev.players[2].name;
    ev.players[3].number = 1;
    ev.rounds[0].pairings[0].result.winner = 'p9';
    ev.rounds[0].pairings[1].b = 'p3';
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      'e.json: not a valid event file (6 problems)',
      '  date: invalid date (format YYYY-MM-DD)',
      '  players[2].name: required field is missing',
      '  players[3].number: number 1 is already used by players[0]',
      '  rounds[0].pairings[0].result.winner: winner "p9" does not play at this table',
      '  rounds[0].pairings[1].b: player "p3" is already placed in this round (rounds[0].pairings[1].a)',
      '  rounds[0].pairings[1].b: a player cannot play against themselves',
    ]);
  });

  it('says what an object that is not an event is', async () => {
    const r = await cli(['validate', 'e.json'], { 'e.json': '[1, 2]' });
    expect(lines(r.stderr)).toEqual(['e.json: not a valid event file (1 problem)', '  must be an object { … }']);
    const other = await cli(['validate', 'e.json'], { 'e.json': '{"format": "something-else"}' });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('  format: this is not an event file (expected "wargame-event")');
    expect(other.stderr).toContain('  system: required field is missing');
  });

  it('checks SR2011 annex keywords, scenario ids and impossible results with the format problems', async () => {
    const ev = makeEvent() as unknown as Record<string, any>;
    ev.name = '';
    ev.settings.variants = ['atrition-standings', 'lists', 'no-assassination', 'relaxed-timing', 'hardcore-timing', 'lists:2'];
    ev.rounds[0].scenario = 'overun';
    ev.rounds[0].pairings[1].result = { winner: null, how: 'assassination', a: { cp: 0, apd: 5 }, b: { cp: 0, apd: 5 } };
    ev.rounds[0].pairings[0].result.how = 'assassination';
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'e.json: not a valid event file (8 problems)',
      '  name: must not be empty',
      '  settings.variants[0]: unknown annex variant "atrition-standings" (did you mean "attrition-standings"?)',
      '  settings.variants[1]: "lists" needs a parameter after a colon, e.g. lists:2',
      '  settings.variants[5]: variant "lists" is given more than once',
      '  settings.variants[4]: "relaxed-timing" and "hardcore-timing" cannot be combined',
      '  rounds[0].scenario: unknown scenario "overun" (use the kebab-case ids of RULES.md, e.g. overrun)',
      '  rounds[0].pairings[0].result.how: "assassination" is impossible under the "no-assassination" variant',
      '  rounds[0].pairings[1].result.how: a draw (winner null) cannot be won by "assassination": leave "how" out, null, or "tiebreak" for a game that went to time',
    ]);
  });

  it('words the SR2011 problems in French too', async () => {
    const ev = makeEvent();
    ev.settings.variants = ['lists:x'];
    const r = await cli(['validate', 'e.json', '--lang', 'fr'], { 'e.json': json(ev) });
    expect(lines(r.stderr)).toEqual([
      'e.json : fichier d’événement invalide (1 problème)',
      '  settings.variants[0] : « x » n’est pas un paramètre valide de « lists:x » (attendu : un entier à partir de 1)',
    ]);
  });

  it('warns, without refusing, about a repeated scenario and redundant keywords', async () => {
    const ev = finishedEvent();
    ev.settings.variants = ['sudden-death', 'time-reserve'];
    ev.rounds.push({ number: 2, scenario: 'overrun', pairings: [{ table: 1, a: 'p1', b: 'p5' }], bye: null });
    ev.players = ev.players.map((p) => (['p2', 'p3', 'p4'].includes(p.id) ? { ...p, dropped: true, droppedAfterRound: 1 } : p));
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual([
      'warning: settings.variants[1]: "time-reserve" is redundant: "sudden-death" already implies it',
      'warning: rounds[1].scenario: scenario "overrun" was already played in round 1 (no scenario twice in a standard event)',
    ]);
    // an announced scenario list may repeat on purpose (the annex's "Hardcore" example)
    ev.settings.variants = ['scenario:overrun'];
    expect((await cli(['validate', 'e.json'], { 'e.json': json(ev) })).stderr).toBe('');
  });

  it('accepts a draw that went to time, and a tiebreak win unless "no tiebreakers" is on', async () => {
    const ev = finishedEvent();
    ev.rounds[0]!.pairings[0]!.result!.how = 'tiebreak';
    // 1 CP: short of Overrun's 2, so the game could go to time
    ev.rounds[0]!.pairings[0]!.result!.a.cp = 1;
    expect((await cli(['validate', 'e.json'], { 'e.json': json(ev) })).code).toBe(0);
    ev.settings.variants = ['no-tiebreakers'];
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      'e.json: not a valid event file (1 problem)',
      '  rounds[0].pairings[0].result.how: "tiebreak" is impossible under the "no-tiebreakers" variant',
    ]);
  });

  it("checks each system's own rules too (here LotR results without their points)", async () => {
    const ev = makeEvent({ system: 'lotr-sbg', settings: { points: 50, variants: [], rounds: null } });
    const r = await cli(['validate', 'e.json'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    // points are required; body count and kills (tie-breaks a table's code cannot carry) are to complete
    expect(lines(r.stderr)).toEqual([
      ...['bodyCount', 'kills'].flatMap((k) =>
        ['a', 'b'].map(
          (side) => `warning: rounds[0].pairings[0].result.${side}.${k}: not entered yet (the table's code does not carry it): complete it at the desk; it only breaks ties`,
        ),
      ),
      'e.json: not a valid event file (2 problems)',
      ...['a', 'b'].map((side) => `  rounds[0].pairings[0].result.${side}.points: required field is missing`),
    ]);
  });

  it('picks the language from the environment: LC_ALL, then LC_MESSAGES, then LANG', async () => {
    const files = { 'e.json': '{' };
    const fr = await cli(['validate', 'e.json'], files, { env: { LANG: 'fr_FR.UTF-8' } });
    expect(fr.stderr).toContain('fichier d’événement invalide');
    const c = await cli(['validate', 'e.json'], files, { env: { LC_ALL: 'C.UTF-8', LANG: 'fr_FR.UTF-8' } });
    expect(c.stderr).toContain('not a valid event file');
    const forced = await cli(['validate', 'e.json', '--lang', 'en'], files, { env: { LANG: 'fr_FR.UTF-8' } });
    expect(forced.stderr).toContain('not a valid event file');
  });
});

describe('pair', () => {
  it('prints the event with the next round appended: every active player once, no results', async () => {
    const input = finishedEvent();
    const r = await cli(['pair', 'e.json', '--seed', '7'], { 'e.json': json(input) });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as EventFile;
    expect({ ...out, rounds: out.rounds.slice(0, 1) }).toEqual(input);
    const round = out.rounds[1]!;
    expect(round.number).toBe(2);
    expect(round.pairings.every((p) => p.result === undefined)).toBe(true);
    const placed = [...round.pairings.flatMap((p) => [p.a, p.b]), round.bye];
    expect(placed.sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(round.bye).not.toBe('p5');
    expect(r.stderr).toBe(`round 2 paired: 2 tables, bye ${round.bye}, seed 7 (replay with --seed 7)\n`);
    // the output is itself a valid event file, pretty-printed like an export
    expect((await cli(['validate', 'out.json'], { 'out.json': r.stdout })).code).toBe(0);
    expect(r.stdout).toBe(JSON.stringify(out, null, 2) + '\n');
  });

  it('gives byte-identical output for the same seed, and uses other seeds', async () => {
    const files = { 'e.json': json(freshEvent(12)) };
    const a = await cli(['pair', 'e.json', '--seed', '123'], files);
    const b = await cli(['pair', 'e.json', '--seed', '123'], files);
    expect(b.stdout).toBe(a.stdout);
    const others = new Set<string>();
    for (let seed = 0; seed < 5; seed++) others.add((await cli(['pair', 'e.json', '--seed', String(seed)], files)).stdout);
    expect(others.size).toBeGreaterThan(1);
  });

  it('draws a seed when none is given and prints it so the pairing can be replayed', async () => {
    const files = { 'e.json': json(freshEvent(9)) };
    const r = await cli(['pair', 'e.json'], files, { seed: 987654321 });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('seed 987654321 (replay with --seed 987654321)');
    expect((await cli(['pair', 'e.json', '--seed', '987654321'], files)).stdout).toBe(r.stdout);
  });

  it('draws its default seed from node:crypto', async () => {
    const { io, out } = fakeIo({ 'e.json': json(freshEvent(4)) });
    delete io.randomSeed;
    expect(await runCli(['pair', 'e.json'], io)).toBe(0);
    expect(out.stderr).toMatch(/seed (\d+) \(replay with --seed \1\)/);
  });

  it('refuses while the last round has tables without a result, naming them', async () => {
    const ev = freshEvent(6);
    ev.rounds.push({
      number: 1,
      pairings: [
        { table: 1, a: 'p1', b: 'p2' },
        { table: 2, a: 'p3', b: 'p4', result: draw },
        { table: 3, a: 'p5', b: 'p6' },
      ],
      bye: null,
    });
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(r).toEqual({ code: 1, stdout: '', stderr: 'cannot pair round 2: round 1 is not finished (no result yet at tables 1, 3)\n' });
    const fr = await cli(['pair', 'e.json', '--seed', '1', '--lang', 'fr'], { 'e.json': json(makeEvent()) });
    expect(fr.stderr).toBe('impossible d’apparier la ronde 2 : la ronde 1 n’est pas finie (pas encore de résultat à la table 2)\n');
  });

  it('refuses with fewer than two active players', async () => {
    const ev = freshEvent(3);
    ev.players[0]!.dropped = true;
    ev.players[1]!.dropped = true;
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('cannot pair: 1 active player (at least 2 are needed; dropped players are never paired)\n');
  });

  it('refuses final tables with fewer than four players', async () => {
    const ev = freshEvent(3, { settings: { points: 50, variants: ['final-tables'], rounds: 2 } });
    ev.rounds.push({ number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2', result: draw }], bye: 'p3' });
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(lines(r.stderr).at(-1)).toBe('cannot pair the final tables: they need at least 4 active players');
  });

  it('refuses an invalid file with its problems and prints nothing on stdout', async () => {
    const ev = finishedEvent();
    ev.settings.variants = ['bogus'];
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': json(ev) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual(['e.json: not a valid event file (1 problem)', '  settings.variants[0]: unknown annex variant "bogus"']);
  });

  it('reads the event from standard input', async () => {
    const input = json(finishedEvent());
    const r = await cli(['pair', '-', '--seed', '5'], {}, { stdin: input });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe((await cli(['pair', 'e.json', '--seed', '5'], { 'e.json': input })).stdout);
  });

  it('honours --avoid-same-club (clubs alternate Lyon / Paris in the fixture)', async () => {
    const files = { 'e.json': json(freshEvent(4)) };
    const club = (id: string): number => Number(id.slice(1)) % 2;
    let clashesWithout = 0;
    for (let seed = 0; seed < 20; seed++) {
      const withFlag = JSON.parse((await cli(['pair', 'e.json', '--seed', String(seed), '--avoid-same-club'], files)).stdout) as EventFile;
      for (const p of withFlag.rounds[0]!.pairings) expect(club(p.a)).not.toBe(club(p.b));
      const without = JSON.parse((await cli(['pair', 'e.json', '--seed', String(seed)], files)).stdout) as EventFile;
      clashesWithout += without.rounds[0]!.pairings.filter((p) => club(p.a) === club(p.b)).length;
    }
    expect(clashesWithout).toBeGreaterThan(0);
  });

  it('accepts --avoid-same-table', async () => {
    const r = await cli(['pair', 'e.json', '--seed', '3', '--avoid-same-table'], { 'e.json': json(finishedEvent()) });
    expect(r.code).toBe(0);
  });

  it('refuses with exit 1 and the reason past the fixed round count or once a player leads alone; --force pairs anyway', async () => {
    const fixed = finishedEvent();
    fixed.settings.rounds = 1;
    const r = await cli(['pair', 'e.json', '--seed', '3'], { 'e.json': json(fixed) });
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: 'cannot pair: the 1 rounds fixed for this event are played (settings.rounds): the event is over (--force pairs anyway)\n',
    });
    const forcedFixed = await cli(['pair', 'e.json', '--seed', '3', '--force'], { 'e.json': json(fixed) });
    expect(forcedFixed.code).toBe(0);
    expect(lines(forcedFixed.stderr)[0]).toBe('warning: the 1 rounds fixed for this event are played (settings.rounds): the event is over');
    const ev = freshEvent(4);
    ev.rounds.push({
      number: 1,
      pairings: [
        { table: 1, a: 'p1', b: 'p2', result: { winner: 'p1', how: 'scenario', a: { cp: 2, apd: 5 }, b: { cp: 0, apd: 0 } } },
        { table: 2, a: 'p3', b: 'p4', result: draw },
      ],
      bye: null,
    });
    const leader = await cli(['pair', 'e.json', '--seed', '3'], { 'e.json': json(ev) });
    expect(leader.code).toBe(1);
    expect(leader.stdout).toBe('');
    expect(lines(leader.stderr)).toEqual(['cannot pair: Player 1 already leads alone after round 1: by the rules the event ends with no further game (--force pairs anyway)']);
    const fr = await cli(['pair', 'e.json', '--seed', '3', '--lang', 'fr'], { 'e.json': json(ev) });
    expect(lines(fr.stderr)).toEqual([
      'appariement refusé : Player 1 est déjà seul en tête après la ronde 1 : selon les règles le tournoi s’arrête sans partie supplémentaire (--force apparie quand même)',
    ]);
    const forced = await cli(['pair', 'e.json', '--seed', '3', '--force'], { 'e.json': json(ev) });
    expect(forced.code).toBe(0);
    expect(lines(forced.stderr)[0]).toBe('warning: Player 1 already leads alone after round 1: by the rules the event ends with no further game');
    expect((JSON.parse(forced.stdout) as EventFile).rounds).toHaveLength(2);
    // an event the organizer closed
    const closed = { ...ev, settings: { ...ev.settings, finished: true, finishedAfterRound: 1 } };
    expect(lines((await cli(['pair', 'e.json', '--seed', '3'], { 'e.json': json(closed) })).stderr)).toEqual([
      'cannot pair: the organizer ended this event after round 1 (settings.finished) (--force pairs anyway)',
    ]);
  });

  it('takes --force only with pair', async () => {
    const r = await cli(['validate', 'e.json', '--force']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)[0]).toContain('option --force does not apply to "validate"');
  });
});

describe('standings', () => {
  it('prints a JSON array best first, with the format fields first and every StandingRow field', async () => {
    const r = await cli(['standings', 'e.json'], { 'e.json': json(finishedEvent()) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const rows = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'rank',
      'id',
      'name',
      'tp',
      'sos',
      'cp',
      'apd',
      'number',
      'wins',
      'draws',
      'losses',
      'scenarioWins',
      'assassinationWins',
      'byes',
      'dropped',
      'opponents',
      'decidedBy',
    ]);
    // attrition standings (the fixture's variant): TP, then APD
    expect(rows.map((x) => [x.rank, x.id, x.tp, x.sos, x.cp, x.apd])).toEqual([
      [1, 'p1', 1, 0, 2, 31],
      [2, 'p5', 1, 0, 0, 0],
      [3, 'p2', 0, 1, 0, 12],
      [4, 'p3', 0, 0, 1, 10],
      [4, 'p4', 0, 0, 1, 10],
    ]);
    expect(rows[0]).toMatchObject({ wins: 1, scenarioWins: 1, opponents: ['p2'], decidedBy: null });
    expect(rows[1]).toMatchObject({ byes: 1, opponents: [] });
    expect(rows[4]).toMatchObject({ draws: 1, decidedBy: 'tied' });
  });

  it('includes the survival total under survival standings', async () => {
    const ev = finishedEvent();
    ev.settings.variants = ['survival-standings'];
    const rows = JSON.parse((await cli(['standings', 'e.json'], { 'e.json': json(ev) })).stdout) as Record<string, unknown>[];
    expect(rows.every((x) => typeof x.survived === 'number')).toBe(true);
  });

  it('refuses an invalid file', async () => {
    const r = await cli(['standings', 'e.json'], { 'e.json': '{"format":"wargame-event"}' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)[0]).toMatch(/^e\.json: not a valid event file \(\d+ problems\)$/);
  });
});

describe('internal errors', () => {
  it('prints one line and exits 3', async () => {
    const { io, out } = fakeIo({ 'e.json': json(makeEvent()) });
    io.stdout = () => {
      throw new Error('disk full\n    at somewhere (x.ts:1:1)');
    };
    expect(await runCli(['standings', 'e.json'], io)).toBe(3);
    expect(out.stderr).toBe('internal error: disk full\n');
  });
});
