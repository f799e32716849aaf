// Wording of the annex variant problems, French and English, shared by the command line and
// the event format screen (the variants module returns codes only).
import type { Lang } from '../event-file/messages';
import { parseVariant, variantDef, VARIANT_CATALOGUE, type VariantProblem, type VariantProblemCode } from './variants';

type Params = Record<string, string | number>;
type Template = (p: Params) => string;

const PARAM_EXAMPLES: Record<string, string> = {
  count: 'lists:2',
  tier: 'theme-force-tier:2',
  'painting-level': 'painting:minimum',
  scenarios: 'scenario:the-gauntlet',
};

const PARAM_EXPECTED: Record<string, Record<Lang, string>> = {
  count: { en: 'a whole number from 1', fr: 'un entier à partir de 1' },
  tier: { en: 'a tier from 1 to 4', fr: 'un palier de 1 à 4' },
  'painting-level': { en: 'minimum or hardcore', fr: 'minimum ou hardcore' },
  scenarios: { en: 'scenario ids separated by commas', fr: 'des identifiants de scénario séparés par des virgules' },
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** The closest known keyword for a typo ("atrition-standings"), or null when nothing is close. */
export function suggestVariant(name: string): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const d of VARIANT_CATALOGUE) {
    const dist = editDistance(name, d.name);
    if (dist < bestD) [best, bestD] = [d.name, dist];
  }
  return bestD <= Math.max(2, Math.floor(name.length / 4)) ? best : null;
}

const paramKind = (keyword: string | number | undefined): string => {
  const def = typeof keyword === 'string' ? variantDef(parseVariant(keyword).name) : undefined;
  return def?.param ?? 'none';
};

const VARIANT_MESSAGES: Record<VariantProblemCode, { en: Template; fr: Template }> = {
  'unknown-variant': {
    en: (p) => {
      const s = suggestVariant(parseVariant(String(p.keyword)).name);
      return `unknown annex variant "${p.keyword}"${s ? ` (did you mean "${s}"?)` : ''}`;
    },
    fr: (p) => {
      const s = suggestVariant(parseVariant(String(p.keyword)).name);
      return `variante d’annexe inconnue « ${p.keyword} »${s ? ` (vouliez-vous dire « ${s} » ?)` : ''}`;
    },
  },
  'missing-parameter': {
    en: (p) => `"${p.keyword}" needs a parameter after a colon, e.g. ${PARAM_EXAMPLES[paramKind(p.keyword)] ?? ''}`,
    fr: (p) => `« ${p.keyword} » attend un paramètre après deux-points, p. ex. ${PARAM_EXAMPLES[paramKind(p.keyword)] ?? ''}`,
  },
  'unexpected-parameter': {
    en: (p) => `"${p.keyword}" takes no parameter`,
    fr: (p) => `« ${p.keyword} » n’attend pas de paramètre`,
  },
  'bad-parameter': {
    en: (p) => `"${p.value}" is not a valid parameter of "${p.keyword}" (expected ${PARAM_EXPECTED[paramKind(p.keyword)]?.en ?? 'no parameter'})`,
    fr: (p) => `« ${p.value} » n’est pas un paramètre valide de « ${p.keyword} » (attendu : ${PARAM_EXPECTED[paramKind(p.keyword)]?.fr ?? 'aucun paramètre'})`,
  },
  'duplicate-variant': {
    en: (p) => `variant "${p.keyword}" is given more than once`,
    fr: (p) => `la variante « ${p.keyword} » est donnée plusieurs fois`,
  },
  'incompatible-variants': {
    en: (p) => `"${p.a}" and "${p.b}" cannot be combined`,
    fr: (p) => `« ${p.a} » et « ${p.b} » ne peuvent pas être combinées`,
  },
  'requires-fixed-rounds': {
    en: (p) => `"${p.keyword}" needs a fixed number of rounds (settings.rounds)`,
    fr: (p) => `« ${p.keyword} » exige un nombre de rondes fixé (settings.rounds)`,
  },
  'too-few-rounds-for-lists': {
    en: (p) => `${p.rounds} rounds are too few for ${p.lists} lists: each list must be played at least once`,
    fr: (p) => `${p.rounds} rondes, c’est trop peu pour ${p.lists} listes : chaque liste doit être jouée au moins une fois`,
  },
  'use-settings-rounds': {
    en: (p) => `"${p.keyword}": the "X rounds" variant is settings.rounds, not a keyword`,
    fr: (p) => `« ${p.keyword} » : la variante « X rondes » se règle dans settings.rounds, pas par un mot-clé`,
  },
  'redundant-variant': {
    en: (p) => `"${p.keyword}" is redundant: "${p.impliedBy}" already implies it`,
    fr: (p) => `« ${p.keyword} » est superflue : « ${p.impliedBy} » l’implique déjà`,
  },
  'scenario-text-missing': {
    en: (p) => `scenario "${p.scenario}": its rules text is not provided by the source`,
    fr: (p) => `scénario « ${p.scenario} » : son texte de règles manque dans la source`,
  },
  'bad-rounds': {
    en: (p) => `rounds must be a whole number of at least 1, not ${p.rounds}`,
    fr: (p) => `le nombre de rondes doit être un entier d’au moins 1, pas ${p.rounds}`,
  },
  'final-tables-below-recommended-rounds': {
    en: (p) => `final tables are meant for events playing the recommended ${p.recommended} rounds; this one plays ${p.rounds}`,
    fr: (p) => `les tables de finale sont prévues pour les tournois en ${p.recommended} rondes (nombre recommandé) ; celui-ci en joue ${p.rounds}`,
  },
};

export function variantProblemText(problem: VariantProblem, lang: Lang): string {
  return VARIANT_MESSAGES[problem.code][lang](problem.params ?? {});
}
