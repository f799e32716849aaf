import { describe, expect, it } from 'vitest';
import type { EventFile, Round } from '../../src/domain/event-file';
import { guideStep, pairBlock, roundProgress } from '../../src/ui/screens/event/rounds/guide';
import { makeEvent } from '../fixtures/events';

const result = { winner: 'p1', how: 'assassination' as const, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } };
const round = (patch: Partial<Round> = {}, results = [false, false]): Round => ({
  number: 1,
  scenario: null,
  bye: 'p5',
  pairings: [
    { table: 1, a: 'p1', b: 'p2', ...(results[0] ? { result } : {}) },
    { table: 2, a: 'p3', b: 'p4', ...(results[1] ? { result: { ...result, winner: 'p3' } } : {}) },
  ],
  ...patch,
});
const withRound = (r: Round | null, settings: Partial<EventFile['settings']> = {}): EventFile => {
  const e = makeEvent({ rounds: r ? [r] : [] });
  return { ...e, settings: { ...e.settings, ...settings } };
};
const scenarioSet = (r: Round) => typeof r.scenario === 'string';

describe('the round guide', () => {
  it('walks pair -> scenario -> start -> results -> close -> pair', () => {
    expect(guideStep(withRound(null), scenarioSet)).toBe('pair');
    expect(guideStep(withRound(round()), scenarioSet)).toBe('prestart');
    expect(guideStep(withRound(round()), null)).toBe('start');
    expect(guideStep(withRound(round({ scenario: 'overrun' })), scenarioSet)).toBe('start');
    expect(guideStep(withRound(round({ scenario: 'overrun', startedAt: 1 })), scenarioSet)).toBe('results');
    expect(guideStep(withRound(round({ scenario: 'overrun', startedAt: 1 }, [true, true])), scenarioSet)).toBe('close');
    expect(guideStep(withRound(round({ scenario: 'overrun', startedAt: 1, finishedAt: 2 }, [true, true])), scenarioSet)).toBe('pair');
    expect(guideStep(withRound(round({}, [true, true]), { finished: true }), scenarioSet)).toBe('finished');
  });

  it('counts results and names the tables still playing', () => {
    expect(roundProgress(round({}, [true, false]))).toEqual({ done: 1, total: 2, missing: [2] });
  });

  it('knows before the tap why the next round cannot be paired', () => {
    expect(pairBlock(withRound(round({ startedAt: 1 }, [true, true])))).toEqual({ reason: 'running', round: 1 });
    expect(pairBlock(withRound(round({}, [true, false])))).toEqual({ reason: 'unfinished', round: 1, tables: [2] });
    expect(pairBlock(withRound(round({}, [true, true]), { finished: true }))).toEqual({ reason: 'finished' });
    expect(pairBlock(withRound(round({ startedAt: 1, finishedAt: 2 }, [true, true])))).toBeNull();
  });
});
