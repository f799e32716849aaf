import { describe, expect, it } from 'vitest';
import { clockView, foldClock, type ClockAction, type Side } from '../../../src/domain/clock';
import { SECOND_PLAYER_SECOND_TURN } from '../../../src/domain/sr2011/scenario-tracker';
import { act, config50, DICE_DOWN, MIN, T0 } from './helpers';

/** A game script: turns end a minute apart; scores go in the turn they are written in. */
class Game {
  readonly actions: ClockAction[] = [act('start', 0)];
  private ms = 0;
  private tick(): number {
    this.ms += MIN;
    return this.ms;
  }
  endTurns(n = 1): this {
    for (let i = 0; i < n; i++) this.actions.push(act('end-turn', this.tick()));
    return this;
  }
  score(player: Side, cp: number, element?: number): this {
    this.actions.push(act('score', this.tick(), element === undefined ? { player, cp } : { player, cp, element }));
    return this;
  }
  /** ends turns until the player-turn index is `index` */
  toTurn(index: number): this {
    const done = this.actions.filter((a) => a.type === 'end-turn').length;
    return this.endTurns(index - done);
  }
}

const refusals = (config: ReturnType<typeof config50>, g: Game) => foldClock(config, g.actions).refused.map((r) => [r.index, r.reason]);
/** a minute after the last action: before dice down in every game here */
const viewOf = (config: ReturnType<typeof config50>, g: Game) => clockView(config, g.actions, g.actions[g.actions.length - 1]!.at + MIN);

describe('scenario tracker: Process of Elimination (>= 2 and more, 1 CP per turn, 1 per zone, reopen)', () => {
  const c = config50([], { scenario: 'process-of-elimination', roundEndsAt: null });

  it('scoring starts at the end of the second player second turn', () => {
    const g = new Game().toTurn(2).score('a', 1, 1).endTurns().score('a', 1, 1);
    expect(SECOND_PLAYER_SECOND_TURN).toBe(3);
    expect(refusals(c, g)).toEqual([[3, 'scoring-not-started']]);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 1, b: 0 }, scoringOpen: true });
  });

  it('at most 1 CP per turn, 1 per zone per game, a zone must be named', () => {
    const g = new Game()
      .toTurn(3)
      .score('a', 1, 1)
      .score('a', 1, 2) // second CP in the same turn
      .score('b', 2, 2) // 2 at once breaks the turn cap too
      .score('b', 1) // which zone?
      .score('b', 1, 3) // there are two zones
      .endTurns()
      .score('a', 1, 1); // zone 1 already scored by a
    expect(refusals(c, g).map(([, r]) => r)).toEqual(['turn-cap', 'turn-cap', 'element-required', 'bad-element', 'element-cap']);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 1, b: 0 }, elementCp: { a: [1, 0], b: [0, 0] } });
  });

  it('the win is judged when the turn scoring closes (end-turn), not on the first entry', () => {
    const g = new Game().toTurn(3).score('a', 1, 1).endTurns().score('a', 1, 2);
    const open = viewOf(c, g);
    expect(open.phase).toBe('running');
    expect(open.scenario).toMatchObject({ cp: { a: 2, b: 0 }, provisionalWinner: 'a', winner: null });
    g.endTurns();
    const closed = clockView(c, g.actions, T0 + 300 * MIN);
    expect(closed).toMatchObject({ phase: 'over', result: { winner: 'a', how: 'scenario', at: T0 + 7 * MIN } });
    // the clocks stopped at that end-turn
    expect(closed.elapsedMs).toBe(7 * MIN);
  });

  it('both reach 2 in the same turn: the zones reopen and the target becomes 4', () => {
    const g = new Game().toTurn(3).score('a', 1, 1).score('b', 1, 1).endTurns().score('a', 1, 2).score('b', 1, 2).endTurns();
    const v = viewOf(c, g);
    expect(v.phase).toBe('running');
    expect(v.scenario).toMatchObject({ cp: { a: 2, b: 2 }, target: 4, reopened: 1, elementCp: { a: [0, 0], b: [0, 0] }, winner: null });
    // zone 1 scores again; still 1 CP per turn
    g.score('a', 1, 1).score('a', 1, 2).endTurns().score('a', 1, 2).endTurns();
    expect(refusals(c, g)).toEqual([[11, 'turn-cap']]);
    expect(viewOf(c, g)).toMatchObject({ phase: 'over', result: { winner: 'a', how: 'scenario' }, scenario: { cp: { a: 4, b: 2 } } });
  });
});

describe('scenario tracker: Revelation (>= 3 and more, flag 2 after flag 1, 2 CP per flag)', () => {
  const c = config50([], { scenario: 'revelation', roundEndsAt: null });

  it('flag 2 scores only from the turn after flag 1 first scored, by either player', () => {
    const g = new Game().toTurn(3).score('a', 1, 2).score('b', 1, 1).score('a', 1, 2).endTurns().score('a', 1, 2);
    expect(refusals(c, g)).toEqual([
      [4, 'element-locked'],
      [6, 'element-locked'],
    ]);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 1, b: 1 }, lockedElements: [] });
    expect(clockView(c, g.actions.slice(0, 5), T0 + 10 * MIN).scenario!.lockedElements).toEqual([2]);
  });

  it('at most 2 CP per flag per player; two flags in one turn', () => {
    const g = new Game()
      .toTurn(3)
      .score('a', 1, 1)
      .score('b', 1, 1)
      .endTurns()
      .score('a', 1, 1)
      .score('a', 1, 2) // two flags in one turn is fine
      .score('b', 1, 1);
    expect(refusals(c, g)).toEqual([]);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 3, b: 2 }, turnCp: { a: 2, b: 1 }, elementCp: { a: [2, 1], b: [2, 0] } });
    const h = new Game().toTurn(3).score('a', 1, 1).score('b', 1, 1).endTurns().score('a', 1, 1).endTurns().score('a', 1, 1); // a third CP on flag 1
    expect(refusals(c, h)).toEqual([[9, 'element-cap']]);
  });

  it('both reach 3 in the same turn: both flags reopen at the same target until one has more', () => {
    const g = new Game().toTurn(3).score('a', 1, 1).score('b', 1, 1).endTurns().score('a', 1, 1).score('b', 1, 1).score('a', 1, 2).score('b', 1, 2).endTurns();
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 3, b: 3 }, target: 3, reopened: 1, elementCp: { a: [0, 0], b: [0, 0] } });
    // a quiet turn is not "both reached it in the same turn": nothing reopens again
    g.endTurns();
    expect(viewOf(c, g).scenario!.reopened).toBe(1);
    g.score('b', 1, 1).endTurns();
    expect(viewOf(c, g)).toMatchObject({ phase: 'over', result: { winner: 'b', how: 'scenario' } });
  });
});

describe('scenario tracker: other rules', () => {
  it('Kill Box: the reminder from the first player second turn; no CP', () => {
    const c = config50([], { scenario: 'kill-box' });
    const g = new Game();
    expect(viewOf(c, g).scenario).toMatchObject({ killBoxActive: false, scoringOpen: false });
    g.endTurns();
    expect(viewOf(c, g).scenario!.killBoxActive).toBe(false);
    g.endTurns();
    expect(viewOf(c, g)).toMatchObject({ turnIndex: 2, active: 'a', scenario: { killBoxActive: true } });
    g.score('a', 1);
    expect(refusals(c, g)).toEqual([[3, 'no-control-points']]);
  });

  it('Destruction: 1 CP per destroyed objective from the second game turn, first to 2 wins at once', () => {
    const c = config50([], { scenario: 'destruction' });
    const g = new Game().toTurn(2).score('b', 1, 1).endTurns().score('b', 1, 2);
    expect(viewOf(c, g)).toMatchObject({ phase: 'over', result: { winner: 'b', how: 'scenario', at: T0 + 5 * MIN } });
  });

  it('Destruction: no CP in the first game turn, objectives cannot be damaged then (seed, « Objectif »)', () => {
    const c = config50([], { scenario: 'destruction' });
    // player turns 0 (first player's turn 1) and 1 (second player's turn 1) refuse; turn 2 takes it
    const g = new Game().score('a', 1, 1).endTurns().score('b', 1, 1).endTurns().score('a', 1, 1);
    expect(refusals(c, g)).toEqual([
      [1, 'objectives-protected'],
      [3, 'objectives-protected'],
    ]);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 1, b: 0 } });
  });

  it('Destruction: no scenario victory declared in the first game turn either; Overrun takes one then', () => {
    const c = config50([], { scenario: 'destruction' });
    const g = new Game().endTurns();
    g.actions.push(act('scenario-win', 3 * MIN, { winner: 'b' }));
    expect(refusals(c, g)).toEqual([[2, 'objectives-protected']]);
    expect(viewOf(c, g).scenario).toMatchObject({ scenarioWinOpen: false });
    const later = new Game().toTurn(2);
    expect(viewOf(c, later).scenario).toMatchObject({ scenarioWinOpen: true });
    later.actions.push(act('scenario-win', 10 * MIN, { winner: 'b' }));
    expect(viewOf(c, later).result).toMatchObject({ winner: 'b', how: 'scenario' });
    // a scenario whose data does not protect objectives keeps the hand-entered victory
    const overrun = config50([], { scenario: 'overrun' });
    expect(viewOf(overrun, g)).toMatchObject({ scenario: { scenarioWinOpen: true }, result: { winner: 'b', how: 'scenario' } });
  });

  it('Overrun (first to 2): both reaching it in one turn is left to the table', () => {
    const c = config50([], { scenario: 'overrun' });
    const g = new Game().toTurn(3).score('a', 1).score('b', 1).endTurns().score('a', 1).score('b', 1).endTurns();
    expect(viewOf(c, g)).toMatchObject({ phase: 'running', scenario: { cp: { a: 2, b: 2 }, winner: null, simultaneous: true } });
    g.actions.push(act('scenario-win', 20 * MIN, { winner: 'a' }));
    expect(viewOf(c, g).result).toMatchObject({ winner: 'a', how: 'scenario' });
  });

  it('bad CP and a table without a scenario are refused', () => {
    const g = new Game().toTurn(3).score('a', 0).score('a', -1);
    expect(refusals(config50([], { scenario: 'overrun' }), g).map(([, r]) => r)).toEqual(['bad-cp', 'bad-cp']);
    expect(refusals(config50(), new Game().toTurn(3).score('a', 1)).map(([, r]) => r)).toEqual(['no-scenario']);
  });

  it('dice down: the interrupted turn still scores; the ack closes the scoring and can give a scenario win', () => {
    const c = config50([], { scenario: 'close-quarters' });
    const g = new Game().toTurn(3).score('a', 1).endTurns();
    const end = DICE_DOWN - T0;
    g.actions.push(act('score', end + MIN, { player: 'a', cp: 1 }));
    expect(clockView(c, g.actions, DICE_DOWN + 2 * MIN)).toMatchObject({ phase: 'dice-down', scenario: { cp: { a: 2, b: 0 }, scoringOpen: true, provisionalWinner: 'a' } });
    g.actions.push(act('dice-down-ack', end + 2 * MIN), act('score', end + 3 * MIN, { player: 'b', cp: 1 }));
    expect(clockView(c, g.actions, DICE_DOWN + 4 * MIN)).toMatchObject({ phase: 'over', result: { winner: 'a', how: 'scenario' } });
    expect(refusals(c, g)).toEqual([[8, 'game-over']]);
  });

  it('after dice down a time-out result still gives way to the interrupted turn scoring', () => {
    const c = config50([], { scenario: 'close-quarters' });
    const g = new Game().toTurn(3).score('a', 1).endTurns();
    const end = DICE_DOWN - T0;
    g.actions.push(act('score', end + MIN, { player: 'a', cp: 1 }), act('tiebreak', end + 2 * MIN, { winner: 'b' }));
    expect(clockView(c, g.actions, DICE_DOWN + 4 * MIN).result).toMatchObject({ winner: 'a', how: 'scenario' });
    const h = new Game().toTurn(3).score('a', 1).endTurns();
    h.actions.push(act('dice-down-ack', end + MIN), act('score', end + 2 * MIN, { player: 'a', cp: 1 }));
    expect(refusals(c, h)).toEqual([[7, 'scoring-closed']]);
  });
});

describe('scenario tracker: per-turn caps from each scenario text (seed 000, scoring at the end of a player turn)', () => {
  // the most one player can score in one player turn, read from each scenario's scoring text
  const caps: Array<[scenario: string, cap: number]> = [
    ['overrun', 1], // « 1 point de contrôle s’il contrôle la zone »
    ['close-quarters', 1],
    ['gaining-ground', 3], // zone centrale 1 + zone adverse 2
    ['process-of-elimination', 1], // « un seul point de contrôle par séquence de jeu »
    ['revelation', 2], // two flags, 1 each
    ['incursion', 2], // three flags, one removed at the end of the second player's first turn
    ['outflank-outfight-outlast', 2], // « 1 point de contrôle par zone », two zones
    ['capture-the-flag', 1],
    ['grind', 2], // « 1 point de contrôle par objectif », two objectives
    ['the-gauntlet', 1],
    ['command-and-control', 1],
    ['diversion', 1],
    ['sacrifice', 1],
  ];

  it.each(caps)('%s: at most %i CP per player per turn, the next tap is refused as turn-cap', (scenario, cap) => {
    const c = config50([], { scenario: scenario as never, roundEndsAt: null });
    const per = c.scenario === 'revelation' || c.scenario === 'process-of-elimination';
    const g = new Game().toTurn(SECOND_PLAYER_SECOND_TURN);
    // Revelation's flag 2 opens the turn after flag 1 first scored: score flag 1 once a turn before
    if (scenario === 'revelation') g.score('b', 1, 1).endTurns().score('b', 1, 1).endTurns();
    for (let i = 0; i < cap; i++) per ? g.score('a', 1, i + 1) : g.score('a', 1);
    const before = refusals(c, g).length;
    const view = viewOf(c, g).scenario!;
    expect(view.turnCap).toBe(cap);
    expect(view.turnCpLeft.a).toBe(0);
    g.score('a', 1, per ? 1 : undefined);
    const r = refusals(c, g);
    expect(r.length).toBe(before + 1);
    expect(r[r.length - 1]![1]).toMatch(/turn-cap/);
  });

  it('Overrun: two +1 taps in one turn no longer end the game (1 CP per turn; 2 CP wins)', () => {
    const c = config50([], { scenario: 'overrun', roundEndsAt: null });
    const g = new Game().toTurn(3).score('a', 1).score('a', 1).endTurns();
    expect(refusals(c, g)).toEqual([[5, 'turn-cap']]);
    expect(viewOf(c, g)).toMatchObject({ phase: 'running', scenario: { cp: { a: 1, b: 0 }, winner: null } });
    // both players score in each player's turn: the next turn's scoring gives a the win
    g.score('a', 1).endTurns();
    expect(viewOf(c, g)).toMatchObject({ phase: 'over', result: { winner: 'a', how: 'scenario' } });
  });

  it('Gaining Ground: centre 1 + opponent half 2 = 3 in one turn, a 4th CP is refused', () => {
    const c = config50([], { scenario: 'gaining-ground', roundEndsAt: null });
    const g = new Game().toTurn(3).score('a', 1).score('a', 2).score('a', 1);
    expect(refusals(c, g)).toEqual([[6, 'turn-cap']]);
    expect(viewOf(c, g).scenario).toMatchObject({ cp: { a: 3, b: 0 }, turnCpLeft: { a: 0, b: 3 } });
  });

  it('Revelation: one flag scores once a turn (2 taps on flag 1 in one turn are refused)', () => {
    const c = config50([], { scenario: 'revelation', roundEndsAt: null });
    const g = new Game().toTurn(3).score('a', 1, 1).score('a', 1, 1);
    expect(refusals(c, g)).toEqual([[5, 'element-turn-cap']]);
  });

  it('Destruction: one objective in the opponent half at a time, so 1 CP per player turn', () => {
    const c = config50([], { scenario: 'destruction' });
    const g = new Game().toTurn(2).score('b', 1, 1).score('b', 1, 2);
    expect(refusals(c, g)).toEqual([[4, 'turn-cap']]);
    expect(viewOf(c, g)).toMatchObject({ phase: 'running', scenario: { cp: { a: 0, b: 1 } } });
  });

  it('the cap resets at the end of each player turn and is offered in the view', () => {
    const c = config50([], { scenario: 'outflank-outfight-outlast', roundEndsAt: null });
    const g = new Game().toTurn(3).score('a', 2);
    expect(viewOf(c, g).scenario).toMatchObject({ turnCap: 2, turnCpLeft: { a: 0, b: 2 } });
    g.endTurns();
    expect(viewOf(c, g).scenario).toMatchObject({ turnCpLeft: { a: 2, b: 2 } });
  });
});

describe('scenario tracker: Demolition (no. 15, no rules text in the seed)', () => {
  const c = config50([], { scenario: 'demolition', roundEndsAt: null });
  it('takes no CP and refuses a scenario win: the game ends by time or assassination only', () => {
    const g = new Game().toTurn(3).score('a', 1);
    g.actions.push(act('scenario-win', 10 * MIN, { winner: 'a' }));
    expect(refusals(c, g).map(([, r]) => r)).toEqual(['no-control-points', 'no-scenario-rules']);
    expect(viewOf(c, g).phase).toBe('running');
    g.actions.push(act('assassination', 11 * MIN, { winner: 'b' }));
    expect(viewOf(c, g).result).toMatchObject({ winner: 'b', how: 'assassination' });
  });
});
