import { describe, expect, it } from 'vitest';
import { parsePublicView, publicView, PUBLIC_VIEW_MAX_CHARS } from '../../src/domain/public-view';
import { isScenarioId } from '../../src/domain/sr2011/scenarios';
import { makeEvent, makeLargeEvent } from '../fixtures/events';

describe("players' public view", () => {
  it("shows the round's tables, but the scenario only once started and never the hidden length", () => {
    const ev = makeEvent();
    ev.rounds[0] = { ...ev.rounds[0]!, variableMinutes: 8, startedAt: undefined };
    const before = publicView(ev, 5);
    expect(before.round).toMatchObject({
      number: 1,
      startedAt: null,
      scenario: null,
      tables: [
        { table: 1, a: 'Player 1', b: 'Player 2' },
        { table: 2, a: 'Player 3', b: 'Player 4' },
      ],
      bye: ['Player 5'],
    });
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

  it('reads back exactly what the app publishes, and drops every field the app does not publish', () => {
    const ev = makeLargeEvent(40, 2);
    ev.rounds[1]!.startedAt = 1_000;
    ev.rounds[1]!.scenario = 'overrun';
    const view = publicView(ev, 7);
    expect(parsePublicView(JSON.stringify(view), isScenarioId)).toEqual({ ok: true, view });
    const extra = parsePublicView(JSON.stringify({ ...view, notice: 'Entrez votre mot de passe ici', round: { ...view.round, html: '<a href=x>' } }), isScenarioId);
    expect(extra.ok && JSON.stringify(extra.view)).toBe(JSON.stringify(view));
    // a scenario the app does not know is server text: not shown
    const odd = parsePublicView(JSON.stringify({ ...view, round: { ...view.round, scenario: 'Connectez-vous sur evil.example' } }), isScenarioId);
    expect(odd.ok && odd.view.round!.scenario).toBeNull();
  });

  it('names what is wrong with a hostile or malformed document', () => {
    const view = publicView(makeLargeEvent(8, 1), 1);
    const bad = (patch: Record<string, unknown>) => parsePublicView(JSON.stringify({ ...view, ...patch }), isScenarioId);
    expect(parsePublicView('<html>', isScenarioId)).toEqual({ ok: false, problem: { why: 'json' } });
    expect(parsePublicView('null', isScenarioId)).toEqual({ ok: false, problem: { why: 'format' } });
    expect(parsePublicView(JSON.stringify({ ...view, format: 'other' }), isScenarioId)).toEqual({ ok: false, problem: { why: 'format' } });
    expect(parsePublicView(' '.repeat(PUBLIC_VIEW_MAX_CHARS + 1), isScenarioId)).toEqual({ ok: false, problem: { why: 'size' } });
    expect(bad({ name: 'x'.repeat(5_000_000 / 4) })).toEqual({ ok: false, problem: { why: 'field', field: 'name' } });
    expect(bad({ standings: null })).toEqual({ ok: false, problem: { why: 'field', field: 'standings' } });
    expect(bad({ standings: [{ ...view.standings[0], name: 'A\u202eB' }] })).toEqual({ ok: false, problem: { why: 'field', field: 'standings[0].name' } });
    expect(bad({ standings: [{ ...view.standings[0], points: 'NaN' }] })).toEqual({ ok: false, problem: { why: 'field', field: 'standings[0].points' } });
    expect(bad({ round: { ...view.round, tables: [null] } })).toEqual({ ok: false, problem: { why: 'field', field: 'round.tables[0]' } });
    expect(bad({ round: { ...view.round, tables: [{ ...view.round!.tables[0], a: { $ne: 1 } }] } })).toEqual({ ok: false, problem: { why: 'field', field: 'round.tables[0].a' } });
    expect(bad({ round: { ...view.round, number: 1e300 } })).toEqual({ ok: false, problem: { why: 'field', field: 'round.number' } });
    expect(bad({ round: 'soon' })).toEqual({ ok: false, problem: { why: 'field', field: 'round' } });
    expect(bad({ updatedAt: -1 })).toEqual({ ok: false, problem: { why: 'field', field: 'updatedAt' } });
  });
});
