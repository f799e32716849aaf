import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/domain/random';
import {
  RADIAL_DEPLOYMENT,
  SCENARIOS,
  SCENARIO_GROUPS,
  STANDARD_DEPLOYMENT,
  allowedScenarios,
  nextScenarioTarget,
  rollScenario,
  scenarioRollNotes,
  scenarioPickOptions,
  announcedScenarioChoices,
  scenarioAt,
  scenarioById,
  scenarioWinner,
  type ScenarioId,
} from '../../../src/domain/sr2011';

describe('the random table: first die = group, second die = scenario', () => {
  it.each([
    [1, 1, 'overrun', 'Déborder', 'Overrun'],
    [1, 2, 'kill-box', 'La Cage', 'Kill Box'],
    [1, 3, 'close-quarters', 'Mano a Mano', 'Close Quarters'],
    [1, 4, 'gaining-ground', 'Prise de Terrain', 'Gaining Ground'],
    [2, 1, 'process-of-elimination', 'Processus d’Élimination', 'Process of Elimination'],
    [2, 2, 'revelation', 'Révélation', 'Revelation'],
    [2, 3, 'incursion', 'Incursion', 'Incursion'],
    [2, 4, 'outflank-outfight-outlast', 'Dépasser, Défaire, Durer', 'Outflank, Outfight, Outlast'],
    [3, 1, 'capture-the-flag', 'Capture du Drapeau', 'Capture the Flag'],
    [3, 2, 'grind', 'Grind', 'Grind'],
    [3, 3, 'destruction', 'Destruction', 'Destruction'],
    [3, 4, 'the-gauntlet', 'Gantelet', 'The Gauntlet'],
    [4, 1, 'command-and-control', 'Contrôle et Conquête', 'Command and Control'],
    [4, 2, 'diversion', 'Diversion', 'Diversion'],
    [4, 3, 'demolition', 'Démolition', 'Demolition'],
    [4, 4, 'sacrifice', 'Sacrifice', 'Sacrifice'],
  ])('%i/%i -> %s', (g, d, id, fr, en) => {
    const s = scenarioAt(g, d)!;
    expect(s.id).toBe(id);
    expect(s.name).toEqual({ fr, en });
    expect(s.number).toBe((g - 1) * 4 + d);
    expect(s.group).toBe(SCENARIO_GROUPS[g - 1]);
  });
  it('has 16 distinct scenarios, 4 per group', () => {
    expect(new Set(SCENARIOS.map((s) => s.id)).size).toBe(16);
    for (const g of SCENARIO_GROUPS) expect(SCENARIOS.filter((s) => s.group === g)).toHaveLength(4);
  });
});

describe('win rules per scenario', () => {
  it.each([
    // [id, kind, target, more than opponent]
    ['overrun', 'control-points', 2, false],
    ['kill-box', 'kill-box', null, false],
    ['close-quarters', 'control-points', 2, true],
    ['gaining-ground', 'control-points', 4, true],
    ['process-of-elimination', 'control-points', 2, true],
    ['revelation', 'control-points', 3, true],
    ['incursion', 'control-points', 3, true],
    ['outflank-outfight-outlast', 'control-points', 3, true],
    ['capture-the-flag', 'control-points', 2, true],
    ['grind', 'control-points', 2, true],
    ['destruction', 'control-points', 2, false],
    ['the-gauntlet', 'control-points', 2, true],
    ['command-and-control', 'control-points', 2, false],
    ['diversion', 'control-points', 2, true],
    ['demolition', 'not-provided', null, false],
    ['sacrifice', 'control-points', 2, false],
  ] as const)('%s: %s, target %s, more than opponent %s', (id, kind, target, more) => {
    const r = scenarioById(id)!.winRule;
    expect([r.kind, r.targetCp, r.moreThanOpponent]).toEqual([kind, target, more]);
  });
  it('scoring starts at the second player’s second turn except Destruction (from the second game turn: objectives cannot be damaged in the first) and Kill Box', () => {
    for (const s of SCENARIOS) {
      const expected = s.winRule.kind !== 'control-points' ? null : s.id === 'destruction' ? 'first-player-second-turn' : 'second-player-second-turn';
      expect(s.winRule.scoringStarts, s.id).toBe(expected);
    }
    expect(scenarioById('destruction')!.winRule.scoring).toBe('objective-destroyed');
  });
  it('Process of Elimination: 1 CP per turn, 1 per zone per game, reopens +2', () => {
    const r = scenarioById('process-of-elimination')!.winRule;
    expect([r.cpPerTurnCap, r.cpPerElementCap, r.reopen]).toEqual([1, 1, { targetIncrease: 2 }]);
  });
  it('Revelation: 2 CP per flag, 2 flags so 2 per turn, reopens without raising the target', () => {
    const r = scenarioById('revelation')!.winRule;
    expect([r.cpPerTurnCap, r.cpPerElementCap, r.reopen]).toEqual([2, 2, { targetIncrease: 0 }]);
  });
  it('Kill Box: 24" box, from the first player’s second turn', () => {
    expect(scenarioById('kill-box')!.winRule.killBox).toEqual({ sideInches: 24, fromTurn: 'first-player-second-turn' });
  });
  it('Grind’s 3rd time-out condition counts objectives in your own half', () => {
    expect(scenarioById('grind')!.tiebreak3).toBe('objectives-in-own-half');
    expect(SCENARIOS.filter((s) => s.tiebreak3 === 'army-points')).toHaveLength(14);
  });
});

describe('scenarioWinner / nextScenarioTarget', () => {
  it.each([
    ['overrun', 2, 0, 'a'],
    ['overrun', 1, 1, null],
    ['overrun', 1, 2, 'b'],
    ['close-quarters', 2, 2, null],
    ['close-quarters', 3, 2, 'a'],
    ['close-quarters', 2, 1, 'a'],
    ['gaining-ground', 3, 0, null],
    ['gaining-ground', 4, 3, 'a'],
    ['gaining-ground', 4, 4, null],
    ['gaining-ground', 5, 4, 'a'],
    ['revelation', 3, 2, 'a'],
    ['revelation', 2, 2, null],
    ['incursion', 2, 3, 'b'],
    ['destruction', 2, 1, 'a'],
    ['sacrifice', 0, 2, 'b'],
    ['kill-box', 5, 0, null],
    ['demolition', 5, 0, null],
  ] as const)('%s %i-%i -> %s', (id, a, b, w) => {
    expect(scenarioWinner(scenarioById(id)!.winRule, a, b)).toBe(w);
  });
  it('Process of Elimination: both at 2 in the same turn -> play to 4; 3-2 is not a win, 4-3 is', () => {
    const r = scenarioById('process-of-elimination')!.winRule;
    const next = nextScenarioTarget(r, 2, 2);
    expect(next).toEqual({ target: 4, capsReset: true });
    expect(scenarioWinner(r, 3, 2, next.target)).toBeNull();
    expect(scenarioWinner(r, 4, 3, next.target)).toBe('a');
    expect(nextScenarioTarget(r, 4, 4, 4)).toEqual({ target: 6, capsReset: true });
  });
  it('Revelation: both at 3 in the same turn -> caps lift, first to lead wins', () => {
    const r = scenarioById('revelation')!.winRule;
    const next = nextScenarioTarget(r, 3, 3);
    expect(next).toEqual({ target: 3, capsReset: true });
    expect(scenarioWinner(r, 4, 3, next.target)).toBe('a');
  });
  it('nothing reopens elsewhere', () => {
    expect(nextScenarioTarget(scenarioById('close-quarters')!.winRule, 2, 2)).toEqual({ target: 2, capsReset: false });
  });
});

describe('cards', () => {
  it.each([
    ['overrun', 'zone', 'rectangle', 36, 8],
    ['gaining-ground', 'zone', 'rectangle', 18, 6],
    ['process-of-elimination', 'zone', 'rectangle', 6, 14],
    ['the-gauntlet', 'zone', 'rectangle', 6, 8],
    ['kill-box', 'box', 'square', 24, 24],
  ] as const)('%s: %s %s %ix%i"', (id, kind, shape, w, d) => {
    expect(scenarioById(id)!.elements[0]).toMatchObject({ kind, shape, widthInches: w, depthInches: d });
  });
  it.each([
    ['close-quarters', 2, 8],
    ['outflank-outfight-outlast', 2, 12],
    ['command-and-control', 1, 12],
    ['diversion', 2, 8],
    ['sacrifice', 1, 12],
    ['grind', 2, 4],
  ] as const)('%s: %i circular zone(s) of %i"', (id, count, diameter) => {
    const zone = scenarioById(id)!.elements.find((e) => e.kind === 'zone')!;
    expect([zone.count, zone.shape, zone.diameterInches]).toEqual([count, 'circle', diameter]);
  });
  it.each([
    ['revelation', 2],
    ['incursion', 3],
    ['capture-the-flag', 2],
    ['command-and-control', 4],
    ['diversion', 2],
    ['sacrifice', 1],
  ] as const)('%s: %i flag(s)', (id, count) => {
    expect(scenarioById(id)!.elements.find((e) => e.kind === 'flag')!.count).toBe(count);
  });
  it('deployment: standard 8"/10" (advance 14"/16"), radial 18"/20" (24"/26")', () => {
    expect(STANDARD_DEPLOYMENT).toMatchObject({ first: 8, second: 10, advanceFirst: 14, advanceSecond: 16 });
    expect(RADIAL_DEPLOYMENT).toMatchObject({ first: 18, second: 20, advanceFirst: 24, advanceSecond: 26 });
    for (const s of SCENARIOS) {
      expect(s.deployment, s.id).toBe(s.group === 'radial' ? RADIAL_DEPLOYMENT : STANDARD_DEPLOYMENT);
      expect(s.minPoints, s.id).toBe(s.group === 'radial' ? 35 : null);
    }
  });
  it('Demolition is listed without rules text; every other card has fr and en text', () => {
    for (const s of SCENARIOS) {
      if (s.id === 'demolition') {
        expect(s.rulesTextProvided).toBe(false);
        expect(s.summary).toBeNull();
        continue;
      }
      expect(s.rulesTextProvided, s.id).toBe(true);
      expect(s.summary?.fr.length, s.id).toBeGreaterThan(10);
      expect(s.summary?.en.length, s.id).toBeGreaterThan(10);
      expect(s.winText?.fr, s.id).toBeTruthy();
      expect(s.tiebreak3Text?.en, s.id).toBeTruthy();
    }
  });
});

const groupOf = (id: string): string => scenarioById(id)!.group;

describe('allowedScenarios: one scenario of each group before a group is reused', () => {
  // the source's worked example of group choices: 1, 4, 3, 2, then all four open again
  it.each([
    [[], ['central', 'double', 'distant', 'radial']],
    [['overrun'], ['double', 'distant', 'radial']],
    [
      ['overrun', 'sacrifice'],
      ['double', 'distant'],
    ],
    [['overrun', 'sacrifice', 'grind'], ['double']],
    [
      ['overrun', 'sacrifice', 'grind', 'incursion'],
      ['central', 'double', 'distant', 'radial'],
    ],
  ] as const)('after %j the open groups are %j', (history, groups) => {
    const allowed = allowedScenarios(history);
    expect([...new Set(allowed.map(groupOf))].sort()).toEqual([...groups].sort());
    for (const h of history) expect(allowed).not.toContain(h);
  });
  it('after one full cycle, 12 scenarios remain (11 while Demolition has no text)', () => {
    expect(allowedScenarios(['overrun', 'sacrifice', 'grind', 'incursion'], { missingTextConfirmed: true })).toHaveLength(12);
    expect(allowedScenarios(['overrun', 'sacrifice', 'grind', 'incursion'])).toHaveLength(11);
  });
  it('never offers a scenario twice', () => {
    expect(allowedScenarios(['overrun', 'revelation', 'grind', 'diversion'])).not.toContain('overrun');
  });
  it('all 16 played: nothing left', () => {
    expect(allowedScenarios([...SCENARIOS.map((s) => s.id)], { missingTextConfirmed: true })).toEqual([]);
  });
  it('ignores unknown ids and empty rounds', () => {
    expect(allowedScenarios([null, undefined, 'not-a-scenario'], { missingTextConfirmed: true })).toHaveLength(16);
  });
  it('Demolition (no. 15, no rules text in the seed) is offered only when the organizer confirms they have its rules', () => {
    expect(allowedScenarios([])).toHaveLength(15);
    expect(allowedScenarios([])).not.toContain('demolition');
    expect(allowedScenarios(['overrun', 'revelation', 'grind'])).toEqual(['command-and-control', 'diversion', 'sacrifice']);
    expect(allowedScenarios([], scenarioPickOptions({ demolitionRulesProvided: true }))).toContain('demolition');
    expect(scenarioPickOptions({})).toEqual({ missingTextConfirmed: false });
  });
  it('can leave Demolition out when the organizer has no text for it', () => {
    expect(allowedScenarios(['overrun', 'revelation', 'grind'], { exclude: ['demolition'] })).toEqual(['command-and-control', 'diversion', 'sacrifice']);
  });
  it('a group with nothing left does not block the others', () => {
    // hand-picked history that used all central scenarios
    const history = ['overrun', 'kill-box', 'close-quarters', 'gaining-ground'];
    expect(new Set(allowedScenarios(history).map(groupOf))).toEqual(new Set(['double', 'distant', 'radial']));
  });
});

describe('rollScenario over many seeds', () => {
  it('plays 16 rounds with no repeat and every block of 4 rounds covering the 4 groups', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rng = createRng(seed);
      const history: ScenarioId[] = [];
      for (let round = 0; round < 16; round++) {
        const roll = rollScenario(history, rng, { missingTextConfirmed: true });
        expect(roll.ok).toBe(true);
        if (!roll.ok) return;
        const last = roll.rolls.at(-1)!;
        expect(scenarioAt(last[0], last[1])!.id).toBe(roll.scenario);
        if (roll.rolls.some(([g, d]) => g < 1 || g > 4 || d < 1 || d > 4)) expect.fail(`bad die in ${JSON.stringify(roll.rolls)}`);
        history.push(roll.scenario);
      }
      expect(new Set(history).size).toBe(16);
      for (let block = 0; block < 4; block++) {
        expect(new Set(history.slice(block * 4, block * 4 + 4).map(groupOf)).size).toBe(4);
      }
      expect(rollScenario(history, rng, { missingTextConfirmed: true })).toEqual({ ok: false, reason: 'no-scenario-left', rolls: [] });
    }
  });
  it('the same seed rolls the same scenario', () => {
    expect(rollScenario(['overrun'], createRng(5))).toEqual(rollScenario(['overrun'], createRng(5)));
  });
  it('the first roll of an event is roughly uniform over the 16 cells', () => {
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 16000; seed++) {
      const r = rollScenario([], createRng(seed * 7919 + 1), { missingTextConfirmed: true });
      if (r.ok) counts.set(r.scenario, (counts.get(r.scenario) ?? 0) + 1);
    }
    expect(counts.size).toBe(16);
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });
  it('a 4-3 (Demolition) is re-rolled and the roll says so; 1 roll in 16 without the confirmation', () => {
    let seen = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const r = rollScenario([], createRng(seed));
      if (!r.ok) throw new Error('no scenario');
      expect(r.scenario).not.toBe('demolition');
      const hit = r.rolls.some(([g, d]) => g === 4 && d === 3);
      expect(r.rerolledTextMissing).toEqual(hit ? ['demolition'] : []);
      if (hit) {
        seen++;
        expect(scenarioRollNotes(r, 'fr')).toEqual(['Les dés ont donné Démolition (n° 15) : son texte de règles manque dans la source, les dés ont été relancés.']);
        // the same note from the rolls stored with the round
        expect(scenarioRollNotes(r.rolls, 'fr')).toEqual(scenarioRollNotes(r, 'fr'));
        expect(scenarioRollNotes(r.rolls, 'fr', { missingTextConfirmed: true })).toEqual([]);
      } else expect(scenarioRollNotes(r, 'en')).toEqual([]);
    }
    // a first roll gives 4-3 once in 16
    expect(Math.abs(seen - 2000 / 16)).toBeLessThan(40);
  });
  it('re-rolls a radial scenario below 35 points and says so (issue 21, 11)', () => {
    let seen = 0;
    for (let seed = 0; seed < 1000; seed++) {
      const r = rollScenario([], createRng(seed), { points: 25 });
      if (!r.ok) throw new Error('no scenario');
      expect(scenarioById(r.scenario)!.group).not.toBe('radial');
      if (r.rerolledBelowSize.length > 0) {
        seen++;
        expect(scenarioRollNotes(r.rolls, 'en', { points: 25 })).toContain(
          `The dice gave ${scenarioById(r.rerolledBelowSize[0]!)!.name.en} (no. ${scenarioById(r.rerolledBelowSize[0]!)!.number}): a radial scenario, made for 35 points and up, so the dice were rolled again.`,
        );
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(allowedScenarios([], scenarioPickOptions({ points: 25 })).filter((id) => scenarioById(id)!.group === 'radial')).toEqual([]);
    expect(allowedScenarios([], scenarioPickOptions({ points: 35 }))).toContain('sacrifice');
    // with the radial group out, the three others still take turns
    expect(allowedScenarios(['overrun', 'revelation', 'grind'], { points: 25 })).toHaveLength(3 + 3 + 3);
  });
  it('honours exclusions', () => {
    for (let seed = 0; seed < 200; seed++) {
      const r = rollScenario(['overrun', 'revelation', 'grind'], createRng(seed), { exclude: ['demolition'] });
      expect(r.ok && r.scenario).not.toBe('demolition');
    }
  });
});

describe('« Scénarios (X) »: the announced list rules, repeats included', () => {
  it('« Scénario (La Cage) »: Kill Box every round', () => {
    const list = ['kill-box'];
    expect(announcedScenarioChoices(list, [])).toEqual(['kill-box']);
    expect(announcedScenarioChoices(list, ['kill-box'])).toEqual(['kill-box']);
    expect(announcedScenarioChoices(list, ['kill-box', 'kill-box', 'kill-box', 'kill-box'])).toEqual(['kill-box']);
  });
  it('a listed repeat is played as many times as listed, the announced order first', () => {
    const list = ['overrun', 'grind', 'overrun'];
    expect(announcedScenarioChoices(list, [])).toEqual(['overrun', 'grind']);
    expect(announcedScenarioChoices(list, ['overrun'])).toEqual(['grind', 'overrun']);
    expect(announcedScenarioChoices(list, ['overrun', 'grind'])).toEqual(['overrun']);
    // more rounds than entries: the list starts over
    expect(announcedScenarioChoices(list, ['overrun', 'grind', 'overrun'])).toEqual(['overrun', 'grind']);
  });
  it('no announced list: no choices from it', () => {
    expect(announcedScenarioChoices([], ['overrun'])).toEqual([]);
  });
});
