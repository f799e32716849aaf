import { describe, expect, it } from 'vitest';
import { listTotal, parseListText, pointsWindow, validateLists } from '../../../src/domain/sr2011';

describe('SR2011 list pasted as text', () => {
  it('reads the caster and its bonus, one model a line, bullets and « pts » aside', () => {
    const r = parseListText(
      ['Stryker (+6)', '- Ironclad 7', '* Lancer : 6 pts', '• Stormblade Infantry (max) - 9', '2x Arcane Tempest Gun Mage Officer 2', 'Journeyman Warcaster = 3'].join('\n'),
    );
    expect(r.problems).toEqual([]);
    expect(r.list).toEqual({
      caster: 'Stryker',
      themeForce: null,
      tier: null,
      bonus: 6,
      models: [
        { name: 'Ironclad', cost: 7 },
        { name: 'Lancer', cost: 6 },
        { name: 'Stormblade Infantry (max)', cost: 9 },
        { name: 'Arcane Tempest Gun Mage Officer', cost: 2 },
        { name: 'Arcane Tempest Gun Mage Officer', cost: 2 },
        { name: 'Journeyman Warcaster', cost: 3 },
      ],
    });
  });

  it('recognises the usual ways of writing the bonus', () => {
    for (const [line, name, bonus] of [
      ['Stryker +6', 'Stryker', 6],
      ['pStryker *6', 'pStryker', 6],
      ['Haley2 : bonus 5', 'Haley2', 5],
      ['Warcaster : Commander Coleman Stryker (WJ +6 pts)', 'Commander Coleman Stryker', 6],
      ['Kaya the Wildborne - WB: 6', 'Kaya the Wildborne', 6],
      ['Sorscha bonus de 5', 'Sorscha', 5],
    ] as const) {
      const r = parseListText(`${line}\nJuggernaut 7`);
      expect(r.list).toMatchObject({ caster: name, bonus });
    }
  });

  it('takes the theme force and tier, checks a declared total instead of trusting it', () => {
    const r = parseListText('Thème : Ghost Fleet, tier 2\nSkarre +5\nDeathripper 4\nTotal : 60\n');
    expect(r.list).toMatchObject({ caster: 'Skarre', themeForce: 'Ghost Fleet', tier: 2, bonus: 5 });
    expect(r.problems).toEqual([{ line: 4, code: 'total-differs', declared: 60, computed: 4 }]);
    expect(parseListText('Skarre +5\nDeathripper 4\nTotal 4').problems).toEqual([]);
  });

  it('names every line it cannot read, a second caster, and a list with no caster or no model', () => {
    const r = parseListText('Stryker +6\nIronclad\n# commentaire\nHaley +5\nLancer 6');
    expect(r.list).toMatchObject({ caster: 'Stryker', models: [{ name: 'Lancer', cost: 6 }] });
    expect(r.problems).toEqual([
      { line: 2, code: 'no-cost', text: 'Ironclad' },
      { line: 4, code: 'second-caster', name: 'Haley' },
    ]);
    expect(parseListText('Ironclad 7').problems).toEqual([{ line: 0, code: 'no-caster' }]);
    expect(parseListText('Ironclad 7').list).toBeNull();
    expect(parseListText('Stryker +6').problems).toEqual([{ line: 0, code: 'no-models' }]);
  });

  it('gives a list the registration rules check like a typed one (the source example: 50 pts, +7 -> 55..57)', () => {
    const models = ['Ironclad 7', 'Ironclad 7', 'Defender 9', 'Cyclone 8', 'Stormblade Infantry 9', 'Stormblade Infantry 9', 'Journeyman Warcaster 3', 'Squire 1'];
    const r = parseListText(['Caine2 +7', ...models].join('\n'));
    expect(listTotal(r.list!)).toBe(53);
    expect(pointsWindow(50, 7)).toEqual({ min: 55, max: 57 });
    expect(validateLists({ lists: [r.list!] }, { points: 50, variants: [] }).map((p) => p.code)).toEqual(['points-under']);
    const ok = parseListText(['Caine2 +7', ...models, 'Charger 4'].join('\n'));
    expect(validateLists({ lists: [ok.list!] }, { points: 50, variants: [] })).toEqual([]);
  });
});

describe('the list formats players paste (issue 21, 16)', () => {
  it('« Cygnar - 50 pts » is the header, not a 50-point model', () => {
    const r = parseListText('Cygnar - 50 pts\nStryker +6\nIronclad 7\nLancer 6');
    expect(r.problems).toEqual([]);
    expect(r.faction).toBe('Cygnar');
    expect(r.points).toBe(50);
    expect(r.list!.models).toEqual([
      { name: 'Ironclad', cost: 7 },
      { name: 'Lancer', cost: 6 },
    ]);
    for (const header of ['Khador 35 points', 'Légion d’Everblight : 50 pts', 'Cryx 50/50 pts', '50 pts', 'Tournoi de Lyon - 50 pts']) {
      const h = parseListText(`${header}\nSkarre +5\nDeathripper 4`);
      expect(h.list!.models, header).toEqual([{ name: 'Deathripper', cost: 4 }]);
      expect(h.points, header).toBe(Number(/(\d+)\s*(?:pts|points)/.exec(header)![1]));
    }
    // after the caster a « name - N pts » line is a model, whatever N is
    expect(parseListText('Stryker +6\nStormwall - 19 pts').list!.models).toEqual([{ name: 'Stormwall', cost: 19 }]);
  });

  it('reads an army builder text export: its header lines, battlegroup tags, attachments and footer', () => {
    const text = [
      'System: Warmachine',
      'Faction: Cygnar',
      'Casters: 1/1',
      'Points: 50/50',
      'Tier: 2',
      'Theme Force: Sword of Cygnar',
      '',
      '(Stryker 1) Commander Coleman Stryker (*6pts)',
      ' * Ironclad (7pts)',
      ' * Lancer (6pts)',
      'Stormblade Infantry (Leader and 5 Grunts) (10pts)',
      '  - Stormblade Infantry Officer & Standard (3pts)',
      'Journeyman Warcaster (3pts)',
      '',
      '-----',
      'Created with War Room',
      'Total: 29/50',
    ].join('\n');
    const r = parseListText(text);
    expect(r.problems).toEqual([]);
    expect(r.faction).toBe('Cygnar');
    expect(r.points).toBe(50);
    expect(r.list).toEqual({
      caster: 'Commander Coleman Stryker',
      themeForce: 'Sword of Cygnar',
      tier: 2,
      bonus: 6,
      models: [
        { name: 'Ironclad', cost: 7 },
        { name: 'Lancer', cost: 6 },
        { name: 'Stormblade Infantry (Leader and 5 Grunts)', cost: 10 },
        { name: 'Stormblade Infantry Officer & Standard', cost: 3 },
        { name: 'Journeyman Warcaster', cost: 3 },
      ],
    });
  });

  it('« Tier 3 » alone and « Theme Force: X (Tier 4) » give the tier; tab-separated costs read', () => {
    expect(parseListText('Theme Force: Ghost Fleet\nTier 3\nSkarre +5\nDeathripper\t4').list).toMatchObject({
      themeForce: 'Ghost Fleet',
      tier: 3,
      models: [{ name: 'Deathripper', cost: 4 }],
    });
  });
});
