// The SR2011 annex ("Règles annexes") as keywords stored in settings.variants. A keyword is
// kebab-case, with its parameter after a colon ('lists:2', 'scenario:the-gauntlet'). The annex's
// "X rounds" variant is not a keyword: it is settings.rounds, so the count has one home.
// Problems are codes with parameters; the UI words them in French or English.
import type { Lang } from '../event-file/messages';
import { isScenarioId, scenarioName, scenarioById } from './scenarios';
import { recommendedRounds } from './rounds';

export type VariantCategory = 'lists' | 'painting' | 'rounds' | 'timing' | 'scenarios' | 'victory' | 'standings';
export type VariantParamKind = 'none' | 'count' | 'tier' | 'painting-level' | 'scenarios';

export const PAINTING_LEVELS = ['minimum', 'hardcore'] as const;
export type PaintingLevel = (typeof PAINTING_LEVELS)[number];

export const STANDINGS_VARIANTS = [
  'control-points-standings',
  'scenario-standings',
  'assassination-standings',
  'attrition-standings',
  'survival-standings',
  'final-tables',
] as const;
export type StandingsVariant = (typeof STANDINGS_VARIANTS)[number];

export const TIMING_VARIANTS = ['no-time-limit', 'relaxed-timing', 'accelerated-timing', 'hardcore-timing', 'no-extensions', 'time-reserve', 'sudden-death'] as const;

export interface VariantDef {
  /** the keyword, or its part before the colon */
  name: string;
  category: VariantCategory;
  param: VariantParamKind;
  /** the label as the source prints it (French) and our English, for catalogue screens */
  title: Record<Lang, string>;
  /** the fragment used in the event description line; `param` is the raw parameter text */
  phrase: Record<Lang, (param: string | null) => string>;
}

const plural = (n: string | null, one: string, many: string): string => `${n ?? 'X'} ${n === '1' ? one : many}`;

const scenarioList = (param: string | null, lang: Lang): string =>
  (param ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map((id) => scenarioName(id, lang))
    .join(', ');

const fixed = (fr: string, en: string): Record<Lang, () => string> => ({ fr: () => fr, en: () => en });

export const VARIANT_CATALOGUE: readonly VariantDef[] = [
  // 1. army lists
  {
    name: 'theme-force-tier',
    category: 'lists',
    param: 'tier',
    title: { fr: 'Forces thématiques : Palier X obligatoire', en: 'Theme force tier X required' },
    phrase: {
      fr: (p) => `forces thématiques : palier ${p ?? 'X'} obligatoire`,
      en: (p) => `theme force tier ${p ?? 'X'} required`,
    },
  },
  {
    name: 'lists',
    category: 'lists',
    param: 'count',
    title: { fr: 'X listes', en: 'X lists' },
    phrase: { fr: (p) => plural(p, 'liste', 'listes'), en: (p) => plural(p, 'list', 'lists') },
  },
  {
    name: 'caster-restriction',
    category: 'lists',
    param: 'none',
    title: {
      fr: 'Restriction sur les personnages warcasters/warlocks',
      en: 'Warcaster/warlock character restriction',
    },
    phrase: fixed('restriction sur les personnages warcasters/warlocks', 'warcaster/warlock character restriction'),
  },
  {
    name: 'character-restriction',
    category: 'lists',
    param: 'none',
    title: { fr: 'Restriction sur les figurines/unités personnages', en: 'Character model/unit restriction' },
    phrase: fixed('restriction sur les figurines/unités personnages', 'character model/unit restriction'),
  },
  {
    name: 'divide-and-conquer',
    category: 'lists',
    param: 'none',
    title: { fr: 'Diviser pour mieux régner', en: 'Divide and conquer' },
    phrase: fixed('diviser pour mieux régner', 'divide and conquer'),
  },
  // 2. painting
  {
    name: 'painting',
    category: 'painting',
    param: 'painting-level',
    title: { fr: 'Peinture minimale / hardcore', en: 'Minimum / hardcore painting' },
    phrase: {
      fr: (p) => (p === 'hardcore' ? 'peinture hardcore' : 'peinture minimale'),
      en: (p) => (p === 'hardcore' ? 'hardcore painting' : 'minimum painting'),
    },
  },
  // 4. game length
  {
    name: 'no-time-limit',
    category: 'timing',
    param: 'none',
    title: { fr: 'Pas de limite de temps', en: 'No time limit' },
    phrase: fixed('pas de limite de temps', 'no time limit'),
  },
  {
    name: 'relaxed-timing',
    category: 'timing',
    param: 'none',
    title: { fr: 'Temps limité « Jeu pépère »', en: 'Relaxed timing' },
    phrase: fixed('temps limité « jeu pépère »', 'relaxed timing'),
  },
  {
    name: 'accelerated-timing',
    category: 'timing',
    param: 'none',
    title: { fr: 'Temps limité « Jeu accéléré »', en: 'Accelerated timing' },
    phrase: fixed('temps limité « jeu accéléré »', 'accelerated timing'),
  },
  {
    name: 'hardcore-timing',
    category: 'timing',
    param: 'none',
    title: { fr: 'Temps limité Hardcore', en: 'Hardcore timing' },
    phrase: fixed('temps limité hardcore', 'hardcore timing'),
  },
  {
    name: 'no-extensions',
    category: 'timing',
    param: 'none',
    title: { fr: 'Pas d’extensions', en: 'No extensions' },
    phrase: fixed('pas d’extensions', 'no extensions'),
  },
  {
    name: 'time-reserve',
    category: 'timing',
    param: 'none',
    title: { fr: 'Réserve de temps', en: 'Time reserve' },
    phrase: fixed('réserve de temps', 'time reserve'),
  },
  {
    name: 'sudden-death',
    category: 'timing',
    param: 'none',
    title: { fr: 'Mort subite', en: 'Sudden death' },
    phrase: fixed('mort subite', 'sudden death'),
  },
  // 5. scenarios
  {
    name: 'scenario',
    category: 'scenarios',
    param: 'scenarios',
    title: { fr: 'Scénarios (X)', en: 'Scenarios (X)' },
    phrase: {
      fr: (p) => `${(p ?? '').includes(',') ? 'scénarios' : 'scénario'} (${scenarioList(p, 'fr')})`,
      en: (p) => `${(p ?? '').includes(',') ? 'scenarios' : 'scenario'} (${scenarioList(p, 'en')})`,
    },
  },
  // 6. victory
  {
    name: 'no-assassination',
    category: 'victory',
    param: 'none',
    title: { fr: 'Pas d’assassinat', en: 'No assassination' },
    phrase: fixed('pas d’assassinat', 'no assassination'),
  },
  {
    name: 'no-tiebreakers',
    category: 'victory',
    param: 'none',
    title: { fr: 'Pas de conditions de départage', en: 'No tiebreakers' },
    phrase: fixed('pas de conditions de départage', 'no tiebreakers'),
  },
  // 7. final standings
  {
    name: 'control-points-standings',
    category: 'standings',
    param: 'none',
    title: { fr: 'Classement aux points de contrôle', en: 'Control points standings' },
    phrase: fixed('classement aux points de contrôle', 'control points standings'),
  },
  {
    name: 'scenario-standings',
    category: 'standings',
    param: 'none',
    title: { fr: 'Classement au scénario', en: 'Scenario standings' },
    phrase: fixed('classement au scénario', 'scenario standings'),
  },
  {
    name: 'assassination-standings',
    category: 'standings',
    param: 'none',
    title: { fr: 'Classement à l’assassinat', en: 'Assassination standings' },
    phrase: fixed('classement à l’assassinat', 'assassination standings'),
  },
  {
    name: 'attrition-standings',
    category: 'standings',
    param: 'none',
    title: { fr: 'Classement à l’attrition', en: 'Attrition standings' },
    phrase: fixed('classement à l’attrition', 'attrition standings'),
  },
  {
    name: 'survival-standings',
    category: 'standings',
    param: 'none',
    title: { fr: 'Classement à la survie', en: 'Survival standings' },
    phrase: fixed('classement à la survie', 'survival standings'),
  },
  {
    name: 'final-tables',
    category: 'standings',
    param: 'none',
    title: { fr: 'Tables de finale', en: 'Final tables' },
    phrase: fixed('tables de finale', 'final tables'),
  },
];

/** The annex's "X rounds" variant, stored as settings.rounds. */
export const ROUNDS_PHRASE: Record<Lang, (n: number) => string> = {
  fr: (n) => `tournoi en ${n} ${n === 1 ? 'ronde' : 'rondes'}`,
  en: (n) => `${n} ${n === 1 ? 'round' : 'rounds'}`,
};

/** Scenarios the annex recommends with control points standings. */
export const CONTROL_POINTS_RECOMMENDED_SCENARIOS = ['gaining-ground', 'incursion', 'grind', 'command-and-control'] as const;

/** The annex's example combinations ("Exemples de combinaisons"), ready to pick from a menu. */
export const EXAMPLE_COMBINATIONS: ReadonlyArray<{
  id: string;
  title: Record<Lang, string>;
  points: number | null;
  rounds: number | null;
  variants: readonly string[];
}> = [
  {
    id: 'hardcore',
    title: { fr: 'Hardcore', en: 'Hardcore' },
    points: null,
    rounds: null,
    variants: ['painting:hardcore', 'assassination-standings', 'hardcore-timing', 'lists:1', 'scenario:kill-box'],
  },
  {
    id: 'limited-hall-time',
    title: { fr: 'Temps de disponibilité de salle limité', en: 'Limited hall time' },
    points: null,
    rounds: 3,
    variants: ['control-points-standings', 'accelerated-timing'],
  },
  {
    id: 'relaxed-event',
    title: { fr: 'Tournoi pépère', en: 'Relaxed event' },
    points: null,
    rounds: null,
    variants: ['scenario-standings', 'no-time-limit', 'no-assassination'],
  },
  {
    id: 'friday-demolition',
    title: { fr: '« Démolition »', en: '"Demolition"' },
    points: 50,
    rounds: null,
    variants: ['attrition-standings', 'accelerated-timing', 'lists:1', 'scenario:the-gauntlet'],
  },
  {
    id: 'saturday-hardcore',
    title: { fr: '« Hardcore ! »', en: '"Hardcore!"' },
    points: 75,
    rounds: null,
    variants: ['painting:hardcore', 'assassination-standings', 'hardcore-timing', 'lists:1', 'scenario:kill-box'],
  },
  {
    id: 'sunday-triple',
    title: { fr: '« Triple détente »', en: '"Triple trigger"' },
    points: 35,
    rounds: 4,
    variants: ['lists:3', 'caster-restriction', 'divide-and-conquer'],
  },
];

const BY_NAME = new Map(VARIANT_CATALOGUE.map((d) => [d.name, d]));

export interface ParsedVariant {
  keyword: string;
  name: string;
  param: string | null;
  def: VariantDef | undefined;
}

export function parseVariant(keyword: string): ParsedVariant {
  const colon = keyword.indexOf(':');
  const name = colon < 0 ? keyword : keyword.slice(0, colon);
  const param = colon < 0 ? null : keyword.slice(colon + 1);
  return { keyword, name, param, def: BY_NAME.get(name) };
}

export function variantDef(name: string): VariantDef | undefined {
  return BY_NAME.get(name);
}

export function hasVariant(variants: readonly string[], name: string): boolean {
  return variants.some((v) => parseVariant(v).name === name);
}

export function variantParam(variants: readonly string[], name: string): string | null {
  for (const v of variants) {
    const p = parseVariant(v);
    if (p.name === name) return p.param;
  }
  return null;
}

const intParam = (s: string | null): number | null => (s !== null && /^\d+$/.test(s) ? Number(s) : null);

/** 'lists:X': exactly X lists; null when the base rule (up to 2) applies */
export function requiredListCount(variants: readonly string[]): number | null {
  return intParam(variantParam(variants, 'lists'));
}

export function requiredTier(variants: readonly string[]): number | null {
  return intParam(variantParam(variants, 'theme-force-tier'));
}

export function paintingLevel(variants: readonly string[]): PaintingLevel | 'none' {
  const p = variantParam(variants, 'painting');
  return p === 'minimum' || p === 'hardcore' ? p : 'none';
}

/** 'scenario:a,b': the scenarios announced before the event, in play order when given */
export function announcedScenarios(variants: readonly string[]): string[] {
  const p = variantParam(variants, 'scenario');
  return p === null ? [] : p.split(',').filter((s) => s !== '');
}

/** The one standings variant in force, or null for the base order. */
export function standingsVariant(variants: readonly string[]): StandingsVariant | null {
  for (const v of variants) {
    const name = parseVariant(v).name;
    if ((STANDINGS_VARIANTS as readonly string[]).includes(name)) return name as StandingsVariant;
  }
  return null;
}

export type VariantProblemCode =
  | 'unknown-variant'
  | 'missing-parameter'
  | 'unexpected-parameter'
  | 'bad-parameter'
  | 'duplicate-variant'
  | 'incompatible-variants'
  | 'requires-fixed-rounds'
  | 'too-few-rounds-for-lists'
  | 'use-settings-rounds'
  | 'redundant-variant'
  | 'scenario-text-missing'
  | 'bad-rounds'
  | 'final-tables-below-recommended-rounds';

export interface VariantProblem {
  code: VariantProblemCode;
  params?: Record<string, string | number>;
  /** a warning does not stop the event from being created */
  warning?: boolean;
}

function checkParam(p: ParsedVariant, out: VariantProblem[]): void {
  const def = p.def!;
  if (def.param === 'none') {
    if (p.param !== null) out.push({ code: 'unexpected-parameter', params: { keyword: p.keyword } });
    return;
  }
  if (p.param === null || p.param === '') {
    out.push({ code: 'missing-parameter', params: { keyword: p.keyword } });
    return;
  }
  const bad = (): void => void out.push({ code: 'bad-parameter', params: { keyword: p.keyword, value: p.param ?? '' } });
  const n = intParam(p.param);
  switch (def.param) {
    case 'count':
      if (n === null || n < 1) bad();
      return;
    case 'tier':
      if (n === null || n < 1 || n > 4) bad();
      return;
    case 'painting-level':
      if (!(PAINTING_LEVELS as readonly string[]).includes(p.param)) bad();
      return;
    case 'scenarios': {
      const ids = p.param.split(',');
      const seen = new Set<string>();
      for (const id of ids) {
        if (!isScenarioId(id)) {
          out.push({ code: 'bad-parameter', params: { keyword: p.keyword, value: id } });
          continue;
        }
        // an announced list may repeat a scenario on purpose (one scenario for every round)
        if (seen.has(id)) continue;
        seen.add(id);
        if (scenarioById(id)?.rulesTextProvided === false) {
          out.push({ code: 'scenario-text-missing', params: { scenario: id }, warning: true });
        }
      }
      return;
    }
  }
}

const EXCLUSIVE_TIMING: ReadonlyArray<readonly string[]> = [['relaxed-timing', 'accelerated-timing', 'hardcore-timing']];

/**
 * Checks a variant list. The source forbids only final tables with another standings variant;
 * two other standings variants together are refused too, since a ranking has one primary order.
 * Timing: no time limit excludes every other timing variant, and relaxed/accelerated/hardcore
 * exclude each other (each picks a row of the same table).
 */
export function validateVariants(settings: { variants: readonly string[]; rounds: number | null }, context: { playerCount?: number } = {}): VariantProblem[] {
  const out: VariantProblem[] = [];
  const seenNames = new Set<string>();
  const present: ParsedVariant[] = [];
  for (const keyword of settings.variants) {
    const p = parseVariant(keyword);
    if (p.name === 'rounds' || p.name === 'x-rounds') {
      out.push({ code: 'use-settings-rounds', params: { keyword } });
      continue;
    }
    if (!p.def) {
      out.push({ code: 'unknown-variant', params: { keyword } });
      continue;
    }
    if (seenNames.has(p.name)) {
      out.push({ code: 'duplicate-variant', params: { keyword: p.name } });
      continue;
    }
    seenNames.add(p.name);
    present.push(p);
    checkParam(p, out);
  }
  const has = (n: string): boolean => seenNames.has(n);
  const incompatible = (a: string, b: string): void => void out.push({ code: 'incompatible-variants', params: { a, b } });

  const standings = present.filter((p) => p.def?.category === 'standings').map((p) => p.name);
  for (let i = 1; i < standings.length; i++) incompatible(standings[0]!, standings[i]!);

  if (has('no-time-limit')) {
    for (const t of TIMING_VARIANTS) if (t !== 'no-time-limit' && has(t)) incompatible('no-time-limit', t);
  }
  for (const group of EXCLUSIVE_TIMING) {
    const on = group.filter(has);
    for (let i = 1; i < on.length; i++) incompatible(on[0]!, on[i]!);
  }
  if (has('sudden-death') && has('time-reserve')) {
    out.push({ code: 'redundant-variant', params: { keyword: 'time-reserve', impliedBy: 'sudden-death' }, warning: true });
  }
  // a time reserve replaces turn timing, so there is no turn to extend
  for (const r of ['time-reserve', 'sudden-death']) {
    if (has(r) && has('no-extensions')) {
      out.push({ code: 'redundant-variant', params: { keyword: 'no-extensions', impliedBy: r }, warning: true });
      break;
    }
  }

  if (settings.rounds !== null && (!Number.isInteger(settings.rounds) || settings.rounds < 1)) {
    out.push({ code: 'bad-rounds', params: { rounds: String(settings.rounds) } });
  }
  if (has('divide-and-conquer')) {
    if (settings.rounds === null) out.push({ code: 'requires-fixed-rounds', params: { keyword: 'divide-and-conquer' } });
    const lists = requiredListCount(settings.variants);
    if (settings.rounds !== null && lists !== null && Math.floor(settings.rounds / lists) < 1) {
      out.push({ code: 'too-few-rounds-for-lists', params: { rounds: settings.rounds, lists } });
    }
  }
  // "only in events that play the recommended number of rounds for their player count"
  if (has('final-tables') && settings.rounds !== null && context.playerCount !== undefined) {
    const recommended = recommendedRounds(context.playerCount);
    if (settings.rounds < recommended) {
      out.push({
        code: 'final-tables-below-recommended-rounds',
        params: { rounds: settings.rounds, recommended },
        warning: true,
      });
    }
  }
  return out;
}

export function variantPhrase(keyword: string, lang: Lang): string {
  const p = parseVariant(keyword);
  return p.def ? p.def.phrase[lang](p.param) : keyword;
}
