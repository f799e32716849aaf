import { describe, expect, it } from 'vitest';
import { publicView } from '../../src/domain/public-view';
import { makeEvent, makeLargeEvent } from '../fixtures/events';

describe('players\' public view', () => {
  it('shows the round\'s tables, but the scenario only once started and never the hidden length', () => {
    const ev = makeEvent();
    ev.rounds[0] = { ...ev.rounds[0]!, variableMinutes: 8, startedAt: undefined };
    const before = publicView(ev, 5);
    expect(before.round).toMatchObject({ number: 1, startedAt: null, scenario: null, tables: [{ table: 1, a: 'Player 1', b: 'Player 2' }, { table: 2, a: 'Player 3', b: 'Player 4' }], bye: ['Player 5'] });
    expect(before.round!.baseMinutes).toBeGreaterThan(0);
    ev.rounds[0]!.startedAt = 1_000;
    const during = publicView(ev, 6);
    expect(during.round!.scenario).toBe('overrun');
    const text = JSON.stringify(during);
    expect(text).not.toMatch(/variableMinutes|"8"|lists|nickname|club|result|winner|apd/);
  });

  it('counts a round in the standings only once every table has a result', () => {
    const ev = makeLargeEvent(8, 2);
    const { result: _r, ...unplayed } = ev.rounds[1]!.pairings[0]!;
    ev.rounds[1]!.pairings[0] = unplayed;
    const view = publicView(ev, 1);
    expect(view.standingsAfter).toBe(1);
    expect(view.standings.map((r) => r.points)).toEqual(publicView({ ...ev, rounds: ev.rounds.slice(0, 1) }, 1).standings.map((r) => r.points));
    const complete = publicView(makeLargeEvent(8, 2), 1);
    expect(complete.standingsAfter).toBe(2);
  });
});
