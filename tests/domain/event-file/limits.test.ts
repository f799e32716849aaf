// Unreasonable files: depth, size, numbers beyond what JSON gives back exactly, names too long
// for a ticket. Each is refused by the one validation the app, the worker and the CLI share,
// with a message naming the field; nothing throws, nothing overflows a stack.
import { describe, expect, it } from 'vitest';
import { MAX_FILE_CHARS, parseEventFile, problemMessage, validateEventFile, type EventFile } from '../../../src/domain/event-file';
import { cli } from '../../cli/helpers';
import { makeEvent } from '../../fixtures/events';

function deepText(depth: number): string {
  return '{"x":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const messages = (r: ReturnType<typeof validateEventFile>, lang: 'fr' | 'en' = 'fr'): string[] => (r.ok ? [] : r.problems.map((p) => problemMessage(p, lang)));

describe('unreasonable depth and size', () => {
  it('refuses a 20,000-deep unknown field with a message, in the domain and the CLI', async () => {
    const file = JSON.stringify(makeEvent()).replace(/^\{/, `{"extra":${deepText(20_000)},`);
    const r = parseEventFile(file);
    expect(r.ok).toBe(false);
    expect(messages(r)[0]).toMatch(/^extra(\.x)+ : imbrication trop profonde/);
    expect(messages(r, 'en')[0]).toMatch(/nested too deep/);
    for (const cmd of [['validate'], ['pair', '--seed', '1'], ['standings']]) {
      const run = await cli([...cmd, 'deep.json'], { 'deep.json': file }, { env: { LANG: 'fr_FR.UTF-8' } });
      expect(run.code, cmd[0]).toBe(1);
      expect(run.stderr).toMatch(/imbrication trop profonde/);
      expect(run.stderr).not.toMatch(/call stack|RangeError| {4}at /);
    }
  });

  it('refuses a deep value the app built (not parsed from text), without recursing', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const r = validateEventFile({ ...makeEvent(), extra: deep });
    expect(r.ok).toBe(false);
    expect(messages(r)[0]).toMatch(/imbrication trop profonde/);
  });

  it('refuses a file larger than the limit before parsing it', () => {
    const r = parseEventFile(' '.repeat(MAX_FILE_CHARS + 1));
    expect(r.ok).toBe(false);
    expect(messages(r)[0]).toMatch(/fichier trop gros/);
  });

  it('accepts the format nested as deep as it goes, with unknown fields a few levels down', () => {
    const ev = makeEvent();
    (ev.rounds[0]!.pairings[0]!.result!.a as Record<string, unknown>).notes = { by: { table: { judge: ['ok'] } } };
    expect(validateEventFile(ev).ok).toBe(true);
  });
});

describe('numbers bounded to what the rules allow', () => {
  const withResult = (side: Record<string, unknown>): EventFile => {
    const ev = makeEvent();
    const p = ev.rounds[0]!.pairings[0]!;
    p.result = { ...p.result!, a: { ...p.result!.a, ...side } };
    return ev;
  };

  it('refuses points 1e308, apd 1.7e308 and cp 9007199254740993, naming the field', async () => {
    const cases: Array<[string, string, RegExp]> = [
      [JSON.stringify(makeEvent()).replace('"points":50', '"points":1e308'), 'settings.points', /nombre trop grand/],
      [JSON.stringify(withResult({ apd: 1 })).replace('"apd":1,', '"apd":1.7e308,'), 'rounds[0].pairings[0].result.a.apd', /nombre trop grand/],
      [JSON.stringify(withResult({ cp: 1 })).replace('"cp":1,', '"cp":9007199254740993,'), 'rounds[0].pairings[0].result.a.cp', /nombre trop grand/],
      // within what JSON keeps, but beyond the rules
      [JSON.stringify(makeEvent()).replace('"points":50', '"points":200000'), 'settings.points', /doit être compris entre 1 et 100\u202f000/],
      [JSON.stringify(withResult({ apd: 1 })).replace('"apd":1,', '"apd":1000000,'), 'rounds[0].pairings[0].result.a.apd', /doit être compris entre 0 et 100\u202f000/],
      [JSON.stringify(withResult({ cp: 1 })).replace('"cp":1,', '"cp":101,'), 'rounds[0].pairings[0].result.a.cp', /doit être compris entre 0 et 100/],
    ];
    for (const [text, field, expected] of cases) {
      const r = parseEventFile(text);
      expect(r.ok, field).toBe(false);
      const line = messages(r).find((m) => m.startsWith(`${field} : `));
      expect(line, field).toMatch(expected);
      const run = await cli(['validate', 'f.json'], { 'f.json': text }, { env: { LANG: 'fr_FR.UTF-8' } });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(line);
    }
  });

  it('refuses any number a JSON round trip would not give back, even in an unknown field', () => {
    for (const bad of ['1e308', '-1e400', '9007199254740993', '1e16']) {
      const text = JSON.stringify({ ...makeEvent(), sponsor: { budget: 0 } }).replace('"budget":0', `"budget":${bad}`);
      const r = parseEventFile(text);
      expect(r.ok, bad).toBe(false);
      expect(messages(r, 'en')[0]).toMatch(/^sponsor\.budget: number too large/);
    }
    const ok = validateEventFile({ ...makeEvent(), sponsor: { budget: 12.5, at: 1_767_225_600_000 } });
    expect(ok.ok).toBe(true);
  });

  it('bounds tables, player numbers, list index, costs and rounds', () => {
    const ev = makeEvent();
    ev.players[0]!.number = 2_000_000;
    ev.players[1]!.lists[0]!.models[0]!.cost = 1e9;
    ev.rounds[0]!.pairings[0]!.table = 1e7;
    ev.settings.rounds = 10_000;
    const r = validateEventFile(ev);
    expect(messages(r, 'en')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^settings\.rounds: must be between 1 and 100/),
        expect.stringMatching(/^players\[0\]\.number: must be between/),
        expect.stringMatching(/^players\[1\]\.lists\[0\]\.models\[0\]\.cost: must be between/),
        expect.stringMatching(/^rounds\[0\]\.pairings\[0\]\.table: must be between/),
      ]),
    );
  });
});

describe('names limited', () => {
  it('refuses a 10,000-character name (and club, event name) with a message', async () => {
    const ev = makeEvent();
    ev.players[2]!.name = 'N'.repeat(10_000);
    ev.players[3]!.club = 'C'.repeat(101);
    ev.name = 'E'.repeat(121);
    const r = validateEventFile(ev);
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        'players[2].name : nom trop long (10\u202f000 caractères ; au plus 100)',
        'players[3].club : nom trop long (101 caractères ; au plus 100)',
        'name : nom trop long (121 caractères ; au plus 120)',
      ]),
    );
    const run = await cli(['validate', 'f.json'], { 'f.json': JSON.stringify(ev) }, { env: { LANG: 'fr_FR.UTF-8' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('players[2].name : nom trop long');
    // a long French name is fine
    const fine = makeEvent();
    fine.players[0]!.name = "Marie-Geneviève de La Tour d'Auvergne-Lauragais de Saint-Rémy-de-Provence";
    expect(validateEventFile(fine).ok).toBe(true);
  });
});

describe('the strict end-of-game setting (issue 14, item 7)', () => {
  it('is optional, a boolean when present, and old files stay valid', () => {
    expect(validateEventFile(makeEvent()).ok).toBe(true);
    const on = makeEvent();
    on.settings.organizerCallsTime = true;
    expect(validateEventFile(on).ok).toBe(true);
    const bad = makeEvent();
    (bad.settings as Record<string, unknown>).organizerCallsTime = 'yes';
    expect(messages(validateEventFile(bad), 'en')).toEqual(['settings.organizerCallsTime: must be true or false']);
  });
});

describe('lists of unreasonable length', () => {
  it('refuses 200,000 players in one message, not one per player', () => {
    const ev = makeEvent({ rounds: [] });
    ev.players = Array.from({ length: 200_000 }, (_, i) => ({ id: `p${i}`, number: i + 1, name: `N${i}`, dropped: false, droppedAfterRound: null, lists: [] }));
    const r = validateEventFile(ev);
    expect(messages(r, 'en')).toEqual(['players: list too long (200,000 items; at most 10,000)']);
    // 4,096 players, the largest event the app is built for, are fine
    ev.players = ev.players.slice(0, 4096);
    expect(validateEventFile(ev).ok).toBe(true);
  });
});
