// Checks the common validation (validateEventFile) does not make: impossible result shapes and the
// SR2011 rules a file can break (annex keywords, scenario ids). They read the raw JSON defensively
// so that one run lists these problems together with the format's own, instead of one batch
// after another as the organizer fixes the file. The other systems' rules need a well-formed
// event, so systemChecks runs once the format accepted the file.
import type { EventFile, Lang } from '../domain/event-file';
import { hasVariant, isScenarioId, parseVariant, SCENARIO_IDS, validateVariants, type VariantProblem } from '../domain/sr2011';
import { systemFor, systemProblemMessage, type GameSystem } from '../domain/systems';
import { HOW_NEEDS_WINNER } from '../domain/systems/sr2011';
import { atPath, say, variantProblemText } from './messages';

export interface Finding {
  warning: boolean;
  /** the whole line, field path first */
  text: (lang: Lang) => string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);


interface ResultAt {
  path: string;
  result: Obj;
}

function resultsOf(raw: Obj): ResultAt[] {
  const out: ResultAt[] = [];
  if (!Array.isArray(raw.rounds)) return out;
  raw.rounds.forEach((r, i) => {
    if (!isObj(r) || !Array.isArray(r.pairings)) return;
    r.pairings.forEach((p, j) => {
      if (isObj(p) && isObj(p.result)) out.push({ path: `rounds[${i}].pairings[${j}].result`, result: p.result });
    });
  });
  return out;
}

function commonChecks(raw: Obj): Finding[] {
  const out: Finding[] = [];
  for (const { path, result } of resultsOf(raw)) {
    if (result.winner === null && typeof result.how === 'string' && HOW_NEEDS_WINNER.has(result.how)) {
      const how = result.how;
      out.push({ warning: false, text: (lang) => atPath(`${path}.how`, say('draw-with-how', lang, { how }), lang) });
    }
  }
  return out;
}

/** Where a variant problem points: the keyword it names, else the variant list or the rounds. */
function variantPath(problem: VariantProblem, variants: readonly unknown[]): string {
  const p = problem.params ?? {};
  const names = variants.map((v) => (typeof v === 'string' ? parseVariant(v).name : null));
  const indexOf = (keyword: string, last: boolean): number => {
    const exact = variants.indexOf(keyword);
    if (exact >= 0 && !last) return exact;
    const name = parseVariant(keyword).name;
    return last ? names.lastIndexOf(name) : names.indexOf(name);
  };
  switch (problem.code) {
    case 'bad-rounds':
    case 'too-few-rounds-for-lists':
    case 'final-tables-below-recommended-rounds':
      return 'settings.rounds';
    case 'incompatible-variants': {
      const i = indexOf(String(p.b), false);
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
    case 'scenario-text-missing': {
      const i = names.indexOf('scenario');
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
    default: {
      if (typeof p.keyword !== 'string') return 'settings.variants';
      // the second occurrence is the one to remove
      const i = indexOf(p.keyword, problem.code === 'duplicate-variant');
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
  }
}

function sr2011Checks(raw: Obj): Finding[] {
  const out: Finding[] = [];
  const settings = isObj(raw.settings) ? raw.settings : null;
  const rawVariants = settings && Array.isArray(settings.variants) ? settings.variants : [];
  const variants = rawVariants.filter((v): v is string => typeof v === 'string');
  const rounds = settings && typeof settings.rounds === 'number' ? settings.rounds : null;
  const playerCount = Array.isArray(raw.players) ? raw.players.length : undefined;
  // bad settings.rounds is already the format's problem; here only the keywords are judged
  const roundsForVariants = rounds !== null && Number.isInteger(rounds) && rounds >= 1 ? rounds : null;
  for (const problem of validateVariants({ variants, rounds: roundsForVariants }, playerCount === undefined ? {} : { playerCount })) {
    const path = variantPath(problem, rawVariants);
    out.push({ warning: problem.warning === true, text: (lang) => atPath(path, variantProblemText(problem, lang), lang) });
  }

  // an announced scenario list (the 'scenario' variant) may repeat a scenario on purpose
  const repeatsAllowed = hasVariant(variants, 'scenario');
  const played = new Map<string, number>();
  if (Array.isArray(raw.rounds)) {
    raw.rounds.forEach((r, i) => {
      if (!isObj(r) || typeof r.scenario !== 'string' || r.scenario.trim() === '') return;
      const value = r.scenario;
      const path = `rounds[${i}].scenario`;
      if (!isScenarioId(value)) {
        out.push({ warning: false, text: (lang) => atPath(path, say('unknown-scenario', lang, { value, example: SCENARIO_IDS[0] }), lang) });
        return;
      }
      const before = played.get(value);
      if (before !== undefined && !repeatsAllowed) {
        out.push({ warning: true, text: (lang) => atPath(path, say('scenario-repeated', lang, { value, round: before }), lang) });
      }
      if (before === undefined) played.set(value, typeof r.number === 'number' ? r.number : i + 1);
    });
  }

  // a draw is left out: it is either fine ("tiebreak": went to time) or already a problem above
  const forbidden: Array<[how: string, variant: string]> = [
    ['assassination', 'no-assassination'],
    ['tiebreak', 'no-tiebreakers'],
  ];
  for (const { path, result } of resultsOf(raw)) {
    if (result.winner === null) continue;
    for (const [how, variant] of forbidden) {
      if (result.how !== how || !hasVariant(variants, variant)) continue;
      out.push({ warning: false, text: (lang) => atPath(`${path}.how`, say('how-forbidden-by-variant', lang, { how, variant }), lang) });
    }
  }
  return out;
}

export function extraChecks(raw: unknown): Finding[] {
  if (!isObj(raw)) return [];
  return [...commonChecks(raw), ...(raw.system === 'sr2011' ? sr2011Checks(raw) : [])];
}

/** The event's own game system's rules (results, settings, bracket); SR2011's are above. */
export function systemChecks(event: EventFile): Finding[] {
  const system: GameSystem = systemFor(event.system);
  return system
    .validateEvent(event)
    .map((p) => ({ warning: p.warning === true, text: (lang: Lang) => systemProblemMessage(p, lang) }));
}
