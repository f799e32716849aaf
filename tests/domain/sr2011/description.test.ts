import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMBINATIONS, describeEvent, parseDescription } from '../../../src/domain/sr2011';

const S = (points: number, variants: string[], rounds: number | null = null) => ({ points, variants, rounds });

describe('describeEvent', () => {
  it('writes the example line in English', () => {
    expect(describeEvent(S(50, ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet']), 'en')).toBe(
      'SR2011 50 points. Annex rules: attrition standings, accelerated timing, 1 list, scenario (The Gauntlet)',
    );
  });
  it('writes the same event in French, in the source’s words', () => {
    expect(describeEvent(S(50, ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet']), 'fr')).toBe(
      'Tournoi SR2011 en 50 points. Règles annexes SR2011 : classement à l’attrition, temps limité « jeu accéléré », 1 liste, scénario (Gantelet)',
    );
  });
  it('puts "X rounds" first, as the source’s examples do', () => {
    expect(describeEvent(S(35, ['lists:3', 'caster-restriction', 'divide-and-conquer'], 4), 'en')).toBe(
      'SR2011 35 points. Annex rules: 4 rounds, 3 lists, warcaster/warlock character restriction, divide and conquer',
    );
    expect(describeEvent(S(35, ['lists:3', 'caster-restriction', 'divide-and-conquer'], 4), 'fr')).toBe(
      'Tournoi SR2011 en 35 points. Règles annexes SR2011 : tournoi en 4 rondes, 3 listes, restriction sur les personnages warcasters/warlocks, diviser pour mieux régner',
    );
  });
  it('no annex rules: just the size', () => {
    expect(describeEvent(S(75, []), 'en')).toBe('SR2011 75 points.');
    expect(describeEvent(S(75, []), 'fr')).toBe('Tournoi SR2011 en 75 points.');
  });
  it.each([
    ['theme-force-tier:3', 'theme force tier 3 required', 'forces thématiques : palier 3 obligatoire'],
    ['painting:minimum', 'minimum painting', 'peinture minimale'],
    ['painting:hardcore', 'hardcore painting', 'peinture hardcore'],
    ['scenario:overrun,kill-box', 'scenarios (Overrun, Kill Box)', 'scénarios (Déborder, La Cage)'],
    ['relaxed-timing', 'relaxed timing', 'temps limité « jeu pépère »'],
    ['no-tiebreakers', 'no tiebreakers', 'pas de conditions de départage'],
    ['final-tables', 'final tables', 'tables de finale'],
    ['lists:2', '2 lists', '2 listes'],
  ])('%s -> "%s" / "%s"', (keyword, en, fr) => {
    expect(describeEvent(S(50, [keyword]), 'en')).toBe(`SR2011 50 points. Annex rules: ${en}`);
    expect(describeEvent(S(50, [keyword]), 'fr')).toBe(`Tournoi SR2011 en 50 points. Règles annexes SR2011 : ${fr}`);
  });
});

const ALL_SETTINGS = [
  S(50, ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet']),
  S(75, ['painting:hardcore', 'assassination-standings', 'hardcore-timing', 'lists:1', 'scenario:kill-box']),
  S(35, ['lists:3', 'caster-restriction', 'divide-and-conquer'], 4),
  S(50, ['control-points-standings', 'accelerated-timing'], 3),
  S(50, ['scenario-standings', 'no-time-limit', 'no-assassination']),
  S(25, ['survival-standings', 'relaxed-timing', 'no-extensions', 'theme-force-tier:2']),
  S(100, ['final-tables', 'time-reserve', 'painting:minimum', 'character-restriction', 'no-tiebreakers']),
  S(15, ['sudden-death', 'lists:2']),
  S(50, ['scenario:outflank-outfight-outlast,process-of-elimination,command-and-control,capture-the-flag']),
  S(50, ['scenario:demolition,diversion,revelation,sacrifice,incursion,destruction,grind,gaining-ground,close-quarters']),
  S(200, []),
  S(50, [], 1),
  ...EXAMPLE_COMBINATIONS.map((c) => S(c.points ?? 50, [...c.variants], c.rounds)),
];

describe('round trips: parseDescription(describeEvent(s)) = s', () => {
  it.each(ALL_SETTINGS.flatMap((s) => (['en', 'fr'] as const).map((lang) => [lang, s] as const)))('%s %j', (lang, s) => {
    const text = describeEvent(s, lang);
    const back = parseDescription(text);
    expect(back).toEqual({ ok: true, settings: s });
  });
  it('reads French and writes English and back', () => {
    const s = ALL_SETTINGS[2]!;
    const fromFr = parseDescription(describeEvent(s, 'fr'));
    expect(fromFr.ok && describeEvent(fromFr.settings, 'en')).toBe(describeEvent(s, 'en'));
  });
});

describe('parseDescription is tolerant', () => {
  it.each([
    ['sr2011 50 POINTS. ANNEX RULES: ATTRITION STANDINGS, ACCELERATED TIMING, 1 LIST, SCENARIO (THE GAUNTLET)'],
    ['SR2011   50 points.   Annex rules :attrition standings ,accelerated  timing,1 list,scenario ( the gauntlet )'],
    ["tournoi sr2011 en 50 points. regles annexes sr2011 : classement a l'attrition, temps limite jeu accelere, une liste, scenario (gantelet)"],
    ['Tournoi SR2011 en 50 points\nRègles annexes SR2011 :\n- Classement à l’attrition\n- Temps limité « Jeu accéléré »\n- 1 liste\n- Scénario (Gantelet)'],
    ['SR2011 50 pts. Annex rules: attrition-standings, accelerated-timing, lists:1, scenario:the-gauntlet'],
    ['SR2011 50 points. Annex rules: attrition standings; accelerated timing; one list; scenario (Gauntlet).'],
  ])('%s', (text) => {
    expect(parseDescription(text)).toEqual({
      ok: true,
      settings: S(50, ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet']),
    });
  });
  it('reads the source’s Sunday example, "Trois listes" and the plural "Restrictions ... warcaster/warlocks"', () => {
    const text = `Dimanche : « Triple détente » : Tournoi SR2011 en 35 points
Règles annexes SR2011 :
- Tournoi en 4 rondes
- Trois listes
- Restrictions sur les personnages warcaster/warlocks
- Diviser pour mieux régner`;
    expect(parseDescription(text)).toEqual({
      ok: true,
      settings: S(35, ['lists:3', 'caster-restriction', 'divide-and-conquer'], 4),
    });
  });
  it('reads the source’s Saturday example with "Scénario (La Cage)"', () => {
    const text = `Samedi : « Hardcore ! » : Tournoi SR2011 en 75 points
Règles annexes SR2011 :
- Peinture hardcore
- Classement à l'assassinat
- Temps limité Hardcore
- 1 liste
- Scénario (La Cage)`;
    expect(parseDescription(text)).toEqual({
      ok: true,
      settings: S(75, ['painting:hardcore', 'assassination-standings', 'hardcore-timing', 'lists:1', 'scenario:kill-box']),
    });
  });
  it.each([
    ['deathclock', 'time-reserve'],
    ['Jeu pépère', 'relaxed-timing'],
    ['no tiebreaks', 'no-tiebreakers'],
    ["pas d'extension", 'no-extensions'],
    ['Forces thématiques : Palier 2 obligatoire', 'theme-force-tier:2'],
    ['tier 4 theme force required', 'theme-force-tier:4'],
    ['Restriction sur les figurines/unités personnages', 'character-restriction'],
    ['Peinture minimale', 'painting:minimum'],
    ['Classement aux points de contrôle', 'control-points-standings'],
    ['Classement à la survie', 'survival-standings'],
    ['Scénarios (Dépasser, Défaire, Durer, Capture du Drapeau)', 'scenario:outflank-outfight-outlast,capture-the-flag'],
    ['Scenario (Diversions)', 'scenario:diversion'],
  ])('"%s" -> %s', (item, keyword) => {
    const r = parseDescription(`SR2011 50 points. Annex rules: ${item}`);
    expect(r).toEqual({ ok: true, settings: S(50, [keyword]) });
  });
  it('accepts a bare size line', () => {
    expect(parseDescription('SR2011 35 points')).toEqual({ ok: true, settings: S(35, []) });
  });
});

describe('parseDescription reports what it could not read', () => {
  it('lists every unreadable fragment as typed and keeps what it read', () => {
    const r = parseDescription('SR2011 50 points. Annex rules: attrition standings, free pizza, scenario (Moon Base), 1 list');
    expect(r).toEqual({
      ok: false,
      settings: S(50, ['attrition-standings', 'lists:1']),
      errors: [
        { code: 'unreadable-item', text: 'free pizza' },
        { code: 'unknown-scenario', text: 'scenario (Moon Base)' },
      ],
    });
  });
  it('missing size', () => {
    const r = parseDescription('Annex rules: attrition standings');
    expect(r).toEqual({ ok: false, settings: { points: null, variants: ['attrition-standings'], rounds: null }, errors: [{ code: 'missing-points' }] });
  });
  it('empty text', () => {
    expect(parseDescription('')).toMatchObject({ ok: false, errors: [{ code: 'missing-points' }] });
  });
});
