import { describe, expect, it } from 'vitest';
import type { EventFile, Round } from '../../src/domain/event-file';
import { systemFor } from '../../src/domain/systems';
import { translator } from '../../src/i18n';
import { guideStep, pairBlock, roundProgress } from '../../src/ui/screens/event/rounds/guide';
import { eventOverText } from '../../src/ui/screens/event/rounds/RoundGuide';
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

describe('the round guide knows when the event is over (issue 21, 18)', () => {
  const played = (r: Round): Round => ({ ...r, pairings: r.pairings.map((p) => ({ ...p, result: { ...result, winner: p.a } })) });

  it('Rackham after the final: no « apparier la ronde 3 », the champion is named before any tap', () => {
    let ev: EventFile = { ...makeEvent({ rounds: [] }), system: 'confrontation-rackham', settings: { points: 200, variants: [], rounds: null } };
    ev.players = ev.players.slice(0, 4);
    const rackham = systemFor('confrontation-rackham');
    for (let n = 1; n <= 2; n++) {
      const r = rackham.pairNextRound(ev, { seed: 5 });
      if (!r.ok) throw new Error(r.reason);
      ev = { ...ev, rounds: [...ev.rounds, played(r.round)] };
    }
    expect(guideStep(ev, null)).toBe('finished');
    const over = rackham.eventOver(ev);
    expect(over).toMatchObject({ reason: 'champion' });
    expect(pairBlock(ev)).toEqual({ reason: 'over', over });
    const t = translator('fr');
    const champion = ev.players.find((p) => p.id === (over as { champion: string }).champion)!.name;
    expect(eventOverText(ev, over, t)).toBe(`La finale est jouée\u00a0: ${champion} remporte l’événement.`);
    // one round before, the guide still asks for the final
    expect(guideStep({ ...ev, rounds: ev.rounds.slice(0, 1) }, null)).toBe('pair');
  });

  it('SR2011: a unique leader ends the guide with the reason; pairing stays possible (the organizer confirms)', () => {
    const ev = withRound(round({ startedAt: 1, finishedAt: 2 }, [true, true]));
    const leader = {
      ...ev,
      players: ev.players.slice(0, 4),
      rounds: [
        { ...ev.rounds[0]!, bye: null, pairings: [ev.rounds[0]!.pairings[0]!, { ...ev.rounds[0]!.pairings[1]!, result: { ...result, winner: null, how: 'tiebreak' as const } }] },
      ],
    };
    expect(guideStep(leader, scenarioSet)).toBe('finished');
    expect(pairBlock(leader)).toBeNull();
    expect(eventOverText(leader, systemFor('sr2011').eventOver(leader), translator('en'))).toBe(
      'Player 1 leads alone after round 1: the rules end the event. Confirm the end in the Standings tab.',
    );
  });
});
