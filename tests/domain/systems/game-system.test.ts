import { describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../../src/domain/event-file/types';
import { computeStandings, pairNextRound } from '../../../src/domain/sr2011';
import { listProblemMessage, systemFor, systemProblemMessage } from '../../../src/domain/systems';
import { makeEvent } from '../../fixtures/events';
import { side } from './helpers';

describe('systemFor', () => {
  it('registers every system of the format, under its own id, with both names', () => {
    for (const id of SYSTEMS) {
      const system = systemFor(id);
      expect(system.id).toBe(id);
      expect(system.names.fr).not.toBe('');
      expect(system.names.en).not.toBe('');
    }
  });

  it.each([
    ['sr2011', {}, 'swiss', 'sr2011'],
    ['confrontation-rackham', { points: 200 }, 'knockout', 'confrontation-challenge'],
    ['confrontation-rackham', { points: 500 }, 'swiss', 'none'],
    ['confrontation-cdr', {}, 'swiss', 'none'],
    ['lotr-sbg', {}, 'swiss', 'lotr-30-50'],
    ['lotr-sbg', { pairing: 'round-robin' }, 'round-robin', 'lotr-30-50'],
  ] as const)('%s %j: %s pairing, %s clock', (id, extra, pairing, clock) => {
    const settings = { points: 50, variants: [], rounds: null, ...extra };
    expect(systemFor(id).pairingMethod(settings).kind).toBe(pairing);
    expect(systemFor(id).clockProfile(settings)).toBe(clock);
  });

  it('gives every result field a key, a scope and both labels', () => {
    for (const id of SYSTEMS)
      for (const points of [200, 500]) {
        const fields = systemFor(id).resultFields({ points, variants: [], rounds: null });
        expect(fields.length).toBeGreaterThan(0);
        for (const f of fields) {
          expect(['side', 'game']).toContain(f.scope);
          expect(f.label.fr && f.label.en).toBeTruthy();
          if (f.kind === 'choice') expect(f.choices?.length).toBeGreaterThan(0);
        }
      }
  });
});

describe('SR2011 behind the interface: the sr2011 module, unchanged', () => {
  const sr = systemFor('sr2011');

  it('pairs exactly as sr2011.pairNextRound', () => {
    const ev = makeEvent();
    ev.rounds[0]!.pairings[1]!.result = { winner: null, how: 'tiebreak', a: side({ cp: 1, apd: 10 }), b: side({ cp: 1, apd: 10 }) };
    for (const seed of [0, 1, 7, 123456]) {
      const direct = pairNextRound(ev, { seed });
      const wrapped = sr.pairNextRound(ev, { seed });
      expect(wrapped.ok && direct.ok && wrapped.round).toEqual(direct.ok && direct.round);
      expect(wrapped).toMatchObject({ byes: direct.ok && direct.round.bye ? [direct.round.bye] : [] });
    }
    expect(sr.pairNextRound(makeEvent(), { seed: 1 })).toEqual(pairNextRound(makeEvent(), { seed: 1 }));
  });

  it('ranks exactly as sr2011.computeStandings, with points = TP', () => {
    const ev = makeEvent();
    const rows = sr.computeStandings(ev);
    expect(rows.map(({ points, ...rest }) => (expect(points).toBe(rest.tp as number), rest))).toEqual(computeStandings(ev));
    expect(Object.keys(sr.standingsJson(rows[0]!)).slice(0, 7)).toEqual(['rank', 'id', 'name', 'tp', 'sos', 'cp', 'apd']);
    expect(sr.standingsJson(rows[0]!)).not.toHaveProperty('points');
  });

  it('scores a win 1 TP, a draw or a loss 0, a bye 1', () => {
    const settings = makeEvent().settings;
    expect(sr.scoreGame({ winner: 'p2', a: side(), b: side() }, { a: 'p1', b: 'p2' }, settings)).toEqual({ a: 0, b: 1 });
    expect(sr.scoreGame({ winner: null, a: side(), b: side() }, { a: 'p1', b: 'p2' }, settings)).toEqual({ a: 0, b: 0 });
    expect(sr.byeScore(settings)).toBe(1);
  });

  it('checks a result form: CP, APD, a draw won by assassination', () => {
    const problems = sr.validateResult({ winner: null, how: 'assassination', a: side({ cp: -1 }), b: side({ apd: 3.5 }) }, { a: 'p1', b: 'p2' }, makeEvent().settings);
    expect(problems.map((p) => `${p.path}:${p.code}`)).toEqual(['a.cp:field-below-min', 'how:draw-with-how']);
  });
});

describe('messages', () => {
  it('words every problem in both languages, field path first', () => {
    expect(systemProblemMessage({ path: 'rounds[0].pairings[1].result.b.vp', code: 'vp-over-conditions', params: { a: 2, b: 2, max: 3 } }, 'en')).toBe(
      'rounds[0].pairings[1].result.b.vp: 2 + 2 VP: a 3-condition scenario gives at most 3',
    );
    expect(systemProblemMessage({ path: 'winner', code: 'winner-contradicts-points', params: { expected: 'p2' } }, 'fr')).toBe(
      'winner : d’après les points le résultat est une victoire de « p2 »',
    );
    expect(listProblemMessage({ code: 'challenge-over', params: { list: 0, total: 225, max: 222.5, cheapest: 45 } }, 'en')).toBe(
      'list 1: 225 PA; at most 222.5 (200 + half the 45 PA of the cheapest model)',
    );
  });
});
