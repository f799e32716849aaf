import { describe, expect, it } from 'vitest';
import { clockView, EXTENSION_WINDOW_MS, turnClockConfig, type TurnClockRules } from '../../../src/domain/clock';
import { clockConfig } from '../../../src/domain/sr2011/turn-clock';
import { act, config50, DICE_DOWN, MIN, numbersIn, T0 } from './helpers';

describe('clockConfig: the table clock from the event settings', () => {
  it('50 points: turn 12 min, extension 6 min, window 30 s, the sealed end kept for the fold', () => {
    const c = config50();
    expect(c).toMatchObject({
      mode: 'turns',
      firstPlayer: 'a',
      turnMs: 12 * MIN,
      extensionMs: 6 * MIN,
      reserveMs: null,
      diceDownAt: DICE_DOWN,
      roundStartedAt: T0,
      scenario: null,
    });
    expect(EXTENSION_WINDOW_MS).toBe(30_000);
  });

  it('time reserve at 50 points: round((100 + 7) x 0.55) = 59 min each, no turn clock, no extension', () => {
    const c = config50(['time-reserve']);
    expect(c).toMatchObject({ mode: 'reserve', reserveMs: 59 * MIN, turnMs: null, extensionMs: null, diceDownAt: DICE_DOWN });
  });

  it('sudden death: the reserve and no dice down even when a sealed end is passed', () => {
    const c = config50(['sudden-death']);
    expect(c).toMatchObject({ mode: 'reserve', reserveMs: 59 * MIN, diceDownAt: null });
  });

  it('no time limit: untimed, no clocks at all', () => {
    expect(config50(['no-time-limit'])).toMatchObject({ mode: 'untimed', turnMs: null, extensionMs: null, reserveMs: null, diceDownAt: null });
  });

  it('no extensions, and the timing rows shifted by the annex variants', () => {
    expect(config50(['no-extensions'])).toMatchObject({ turnMs: 12 * MIN, extensionMs: null });
    expect(config50(['accelerated-timing'])).toMatchObject({ turnMs: 10 * MIN, extensionMs: 5 * MIN });
    expect(config50(['relaxed-timing'])).toMatchObject({ turnMs: 15 * MIN, extensionMs: 7 * MIN });
    expect(config50(['hardcore-timing'])).toMatchObject({ turnMs: 7 * MIN, extensionMs: 3 * MIN });
  });

  it('the organizer device derives the sealed end from the start and the hidden minutes (roundEndsAt)', () => {
    const c = clockConfig({ points: 50, variants: [] }, { firstPlayer: 'b', roundStartedAt: T0, variableMinutes: 8 });
    expect(c.diceDownAt).toBe(T0 + 108 * MIN);
    expect(c.firstPlayer).toBe('b');
    // without the hidden minutes the table never guesses an end
    expect(clockConfig({ points: 50, variants: [] }, { firstPlayer: 'a', roundStartedAt: T0 }).diceDownAt).toBeNull();
  });

  it('keeps a known scenario and the victory variants, drops an unknown scenario id', () => {
    expect(config50([], { scenario: 'revelation' }).scenario).toBe('revelation');
    expect(config50([], { scenario: 'nope' }).scenario).toBeNull();
    expect(config50(['no-assassination', 'no-tiebreakers'])).toMatchObject({ noAssassination: true, noTiebreakers: true });
  });

  it('the view never carries the sealed end, under any key or value, before dice down', () => {
    const c = config50(['no-extensions'], { scenario: 'overrun' });
    const actions = [act('start', 0), act('end-turn', 11 * MIN), act('pause', 15 * MIN)];
    for (const now of [T0, T0 + 30 * MIN, DICE_DOWN - 1]) {
      const v = clockView(c, actions, now);
      expect(JSON.stringify(v)).not.toMatch(/diceDownAt|roundEndsAt|sealed/i);
      expect(numbersIn(v)).not.toContain(DICE_DOWN);
      expect(numbersIn(v)).not.toContain(DICE_DOWN - T0);
    }
  });

  it("takes every number and the scenario rules from the system's TurnClockRules, knowing no system", () => {
    const asked: string[] = [];
    const rules: TurnClockRules = {
      timeLimited: true,
      turnMinutes: 4,
      extensionMinutes: 1,
      reserveMinutes: null,
      diceDown: true,
      endsAt: (startedAt, variableMinutes) => startedAt + (30 + variableMinutes) * MIN,
      noAssassination: true,
      noTiebreakers: false,
      scenario: (id) => (asked.push(id), null),
    };
    const c = turnClockConfig(rules, { firstPlayer: 'b', roundStartedAt: T0, variableMinutes: 3, scenario: 'anything' });
    expect(c).toMatchObject({ mode: 'turns', turnMs: 4 * MIN, extensionMs: MIN, reserveMs: null, diceDownAt: T0 + 33 * MIN, scenario: null, tracker: null, noAssassination: true });
    expect(asked).toEqual(['anything']);
    expect(turnClockConfig({ ...rules, reserveMinutes: 20 }, { firstPlayer: 'a' })).toMatchObject({ mode: 'reserve', reserveMs: 20 * MIN, turnMs: null, diceDownAt: null });
    expect(turnClockConfig({ ...rules, timeLimited: false }, { firstPlayer: 'a' }).mode).toBe('untimed');
  });
});
