// The rules the shared domain files ask the event's system for (issue 22, item 2), each pinned
// through the shared file that asks: a system that loses its hook, or a shared file that stops
// asking, fails here. Only SR2011 declares them today; every other system takes the common rule.
import { describe, expect, it } from 'vitest';
import { validateEventFile, type Problem } from '../../../src/domain/event-file';
import { SYSTEMS, type EventFile, type Round } from '../../../src/domain/event-file/types';
import { buildTicket, decodeShortTicket, encodeShortTicket } from '../../../src/domain/handoff';
import { publicView } from '../../../src/domain/public-view';
import { eventTiming } from '../../../src/domain/sr2011/timing';
import { systemFor, type GameSystem } from '../../../src/domain/systems';
import { makePlayer } from '../../fixtures/events';
import { systemEvent } from './helpers';

const OTHERS = SYSTEMS.filter((id) => id !== 'sr2011');

/** Two players, one played round whose result is `result`. */
function played(system: EventFile['system'], result: Record<string, unknown>): EventFile {
  const e = systemEvent(system, 2, { points: 50 });
  const round = { number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2', result }], bye: null } as unknown as Round;
  return { ...e, rounds: [round] };
}

const pathsOf = (ps: readonly Problem[]): string[] => ps.map((p) => p.path);
const allProblems = (input: unknown): Problem[] => {
  const r = validateEventFile(input);
  return r.ok ? r.warnings : [...r.problems, ...r.warnings];
};

describe('resultSideNeeds: the side fields a file must carry', () => {
  const noCp = { winner: 'p1', how: 'tiebreak', a: { apd: 10 }, b: { apd: 0 } };

  it('refuses an SR2011 result without CP: its standings break ties on them', () => {
    expect(systemFor('sr2011').resultSideNeeds).toEqual({ cp: true, apd: true });
    const r = validateEventFile(played('sr2011', noCp));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems.filter((p) => p.code === 'required').map((p) => p.path)).toEqual(['rounds[0].pairings[0].result.a.cp', 'rounds[0].pairings[0].result.b.cp']);
    const noApd = validateEventFile(played('sr2011', { ...noCp, a: { cp: 1 }, b: { cp: 0 } }));
    expect(noApd.ok ? [] : pathsOf(noApd.problems)).toContain('rounds[0].pairings[0].result.a.apd');
  });

  it('accepts a Rackham, CDR or LotR result without CP or APD, but checks them when present', () => {
    // the format's own problems; a system's rules (code 'rule') may still ask for their fields
    const formatPaths = (e: EventFile): string[] => pathsOf(allProblems(e).filter((p) => p.code !== 'rule'));
    for (const id of OTHERS) {
      expect(formatPaths(played(id, { winner: 'p1', a: {}, b: {} })).filter((p) => /result\.[ab]\.(cp|apd)$/.test(p))).toEqual([]);
      expect(formatPaths(played(id, { winner: 'p1', a: { cp: -1, apd: 0 }, b: {} }))).toContain('rounds[0].pairings[0].result.a.cp');
    }
  });

  it("holds a file naming no system to every system's needs, an unknown one to none, as before", () => {
    const { system: _, ...nameless } = played('sr2011', noCp);
    expect(pathsOf(allProblems(nameless))).toEqual(expect.arrayContaining(['system', 'rounds[0].pairings[0].result.a.cp']));
    const unknown = pathsOf(allProblems({ ...nameless, system: 'chess' }));
    expect(unknown).toContain('system');
    expect(unknown.filter((p) => p.endsWith('.cp'))).toEqual([]);
  });
});

describe('validateEventCoversFile: who judges the lists and the draws of a file', () => {
  const drawByAssassination = { winner: null, how: 'assassination', a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } };
  const drawProblems = (e: EventFile): Problem[] => allProblems(e).filter((p) => p.code === 'rule' && p.params?.rule === 'draw-with-how-file');

  it('refuses a draw "won" by assassination once, whichever system', () => {
    for (const id of SYSTEMS) {
      const found = drawProblems(played(id, drawByAssassination));
      expect(found.map((p) => [p.path, p.warning ?? false])).toEqual([['rounds[0].pairings[0].result.how', false]]);
    }
  });

  it("SR2011 judges its lists itself; the others' list problems are added once, as warnings", () => {
    expect(systemFor('sr2011').validateEventCoversFile).toBe(true);
    const heavy = { caster: 'Haley', themeForce: null, tier: null, bonus: 0, models: [{ name: 'A', cost: 900 }] };
    const listed = (id: EventFile['system']): { e: EventFile; found: Problem[] } => {
      const e = systemEvent(id, 2, { points: 50 });
      e.players[0] = makePlayer(1, { lists: [heavy] });
      return { e, found: allProblems(e).filter((p) => p.path === 'players[0].lists') };
    };
    const sr = listed('sr2011');
    const own = systemFor('sr2011')
      .validateEvent(sr.e)
      .filter((p) => p.path === 'players[0].lists');
    expect(own.length).toBeGreaterThan(0);
    expect(sr.found.map((p) => p.params?.rule)).toEqual(own.map((p) => p.code));
    let warned = 0;
    for (const id of OTHERS) {
      const { e, found } = listed(id);
      const problems = systemFor(id).validateLists(e.players[0]!, e.settings);
      expect(found.map((p) => [p.params?.rule, p.warning])).toEqual(problems.map((p) => [p.code, true]));
      warned += found.length;
    }
    // Rackham's challenge overage and CDR's army cap
    expect(warned).toBeGreaterThanOrEqual(2);
  });

  it('does not warn a system without lists of its own rules about an event that recorded none', () => {
    for (const id of OTHERS) {
      const paths = pathsOf(allProblems(systemEvent(id, 2, { points: 50 })));
      expect(paths.filter((p) => p.startsWith('players['))).toEqual([]);
    }
    // SR2011 asks every player for a list
    expect(pathsOf(allProblems(systemEvent('sr2011', 2, { points: 50 })))).toContain('players[0].lists');
  });
});

describe('refusedLists: the lists a table ticket refuses', () => {
  const two = [
    { caster: 'Haley', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
    { caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] },
  ];
  /** « 2 listes » over two rounds: each list played once, so round 2 refuses the list of round 1 */
  function listUse(system: EventFile['system']): EventFile {
    const e = systemEvent(system, 2, { points: 50, variants: ['lists:2'], rounds: 2 });
    e.players = [makePlayer(1, { lists: two }), makePlayer(2, { lists: two })];
    const result = { winner: 'p1', how: 'scenario', a: { cp: 2, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 0 } };
    e.rounds = [
      { number: 1, scenario: 'overrun', pairings: [{ table: 1, a: 'p1', b: 'p2', result }], bye: null },
      { number: 2, scenario: 'grind', pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null },
    ] as Round[];
    return e;
  }

  it('an SR2011 ticket carries the list-use rules; no other system has any', () => {
    const refusal = [{ list: 0, code: 'other-list-needed', needed: 1, gamesLeft: 0 }];
    expect(systemFor('sr2011').refusedLists!(listUse('sr2011'), 'p1', 2)).toEqual(refusal);
    expect(buildTicket(listUse('sr2011'), 'ev', 2, 1, null)!.listRules).toEqual({ a: refusal, b: refusal });
    for (const id of OTHERS) {
      expect((systemFor(id) as GameSystem).refusedLists).toBeUndefined();
      expect(buildTicket(listUse(id), 'ev', 2, 1, null)!.listRules).toBeUndefined();
    }
  });
});

describe("publicBaseMinutes: the game length the players' view shows", () => {
  const running = (system: EventFile['system'], settings: Partial<EventFile['settings']> = {}): EventFile => ({
    ...systemEvent(system, 2, { points: 50, ...settings }),
    rounds: [{ number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null, startedAt: 1_000 } as Round],
  });

  it("shows SR2011's base minutes (never the hidden part) and none for the others", () => {
    const sr = publicView(running('sr2011'), 5).round!;
    expect(sr.baseMinutes).toBe(eventTiming({ points: 50, variants: [] }).gameBaseMinutes);
    expect(sr.baseMinutes).toBeGreaterThan(0);
    expect(publicView(running('sr2011', { variants: ['no-time-limit'] }), 5).round!.baseMinutes).toBe(eventTiming({ points: 50, variants: ['no-time-limit'] }).gameBaseMinutes);
    for (const id of OTHERS) expect(publicView(running(id), 5).round!.baseMinutes).toBeNull();
  });
});

describe('ticketScenarios: the scenarios the short table code numbers', () => {
  const labels = { event: 'Événement', player: (n: number) => `Joueur n° ${n}`, list: (i: number) => `Liste ${i + 1}` };
  const withScenario = (system: EventFile['system'], scenario: string): EventFile => ({
    ...systemEvent(system, 2, { points: 50 }),
    rounds: [{ number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null, scenario, startedAt: Date.UTC(2026, 11, 5, 9) } as Round],
  });
  const throughCode = async (event: EventFile): Promise<string | null> => {
    const code = await encodeShortTicket({ ticket: buildTicket(event, 'ev', 1, 1, null)!, endAt: null });
    const back = await decodeShortTicket(code, Date.UTC(2026, 11, 5, 10), labels);
    if (!back.ok) throw new Error(back.reason);
    return back.ticket.scenario;
  };

  it("numbers SR2011's scenarios in the code's fixed order (its wire format), each read back the same", async () => {
    expect(systemFor('sr2011').ticketScenarios).toEqual([
      'overrun',
      'kill-box',
      'close-quarters',
      'gaining-ground',
      'process-of-elimination',
      'revelation',
      'incursion',
      'outflank-outfight-outlast',
      'capture-the-flag',
      'grind',
      'destruction',
      'the-gauntlet',
      'command-and-control',
      'diversion',
      'demolition',
      'sacrifice',
    ]);
    for (const id of systemFor('sr2011').ticketScenarios!) expect(await throughCode(withScenario('sr2011', id))).toBe(id);
  });

  it("carries no scenario for a system without numbered ones, even a text that is an SR2011 scenario's id", async () => {
    for (const id of OTHERS) {
      expect((systemFor(id) as GameSystem).ticketScenarios).toBeUndefined();
      expect(await throughCode(withScenario(id, 'overrun'))).toBeNull();
    }
  });
});
