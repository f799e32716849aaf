// The one-line event description the annex asks organizers to publish ("Règles annexes SR2011 :
// ..."), written from settings and read back from text typed or pasted by a human: French or
// English, any case, accents or not, commas or bullet lines, raw keywords too.
import type { Lang } from '../event-file/messages';
import { SCENARIOS, type ScenarioId } from './scenarios';
import { ROUNDS_PHRASE, VARIANT_CATALOGUE, parseVariant, variantPhrase } from './variants';

export interface DescriptionSettings {
  points: number;
  variants: string[];
  rounds: number | null;
}

const HEADER: Record<Lang, (points: number) => string> = {
  fr: (p) => `Tournoi SR2011 en ${p} points.`,
  en: (p) => `SR2011 ${p} points.`,
};
const ANNEX: Record<Lang, string> = { fr: 'Règles annexes SR2011 :', en: 'Annex rules:' };

/** "SR2011 50 points. Annex rules: attrition standings, accelerated timing, 1 list, scenario (The Gauntlet)" */
export function describeEvent(settings: { points: number; variants: readonly string[]; rounds: number | null }, lang: Lang): string {
  const items: string[] = [];
  // the source's examples list "Tournoi en X rondes" first
  if (settings.rounds !== null) items.push(ROUNDS_PHRASE[lang](settings.rounds));
  for (const v of settings.variants) items.push(variantPhrase(v, lang));
  const head = HEADER[lang](settings.points);
  return items.length === 0 ? head : `${head} ${ANNEX[lang]} ${items.join(', ')}`;
}

export type DescriptionErrorCode = 'missing-points' | 'unreadable-item' | 'unknown-scenario';

export interface DescriptionError {
  code: DescriptionErrorCode;
  /** the fragment as typed */
  text?: string;
}

export type DescriptionParse =
  | { ok: true; settings: DescriptionSettings }
  | { ok: false; settings: Omit<DescriptionSettings, 'points'> & { points: number | null }; errors: DescriptionError[] };

const NUMBER_WORDS: Record<string, string> = {
  un: '1',
  une: '1',
  deux: '2',
  trois: '3',
  quatre: '4',
  cinq: '5',
  six: '6',
  sept: '7',
  huit: '8',
  neuf: '9',
  dix: '10',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
};

const stripAccents = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe');

/**
 * Folds a fragment to comparable words: no accents, no case, no punctuation, number words as
 * digits, and a crude plural strip (final s of longer words) so "3 listes" and "1 liste",
 * "Restrictions ... warlocks" and "Restriction ... warlock" meet. Both sides go through it.
 */
export function foldWords(s: string): string {
  return stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => NUMBER_WORDS[w] ?? (w === 'aux' ? 'au' : w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');
}

type Reader = { pattern: RegExp; keyword: (n: string) => { keyword: string } | { rounds: number } };

const EXTRA_ALIASES: Record<string, string[]> = {
  'no-time-limit': ['untimed', 'sans limite de temps'],
  'relaxed-timing': ['relaxed', 'jeu pepere', 'relaxed time limit', 'temps limite pepere'],
  'accelerated-timing': ['accelerated', 'jeu accelere', 'accelerated time limit', 'temps limite accelere'],
  'hardcore-timing': ['hardcore time limit', 'hardcore time', 'temps hardcore'],
  'no-extensions': ['sans extension', 'no turn extensions'],
  'time-reserve': ['deathclock', 'death clock', 'reserve de temps'],
  'no-tiebreakers': ['no tiebreaks', 'no tie breakers', 'no tie breaks', 'sans departage', 'pas de departage'],
  'no-assassination': ['sans assassinat'],
  'control-points-standings': ['cp standings', 'classement aux pc', 'control point standings'],
  'caster-restriction': ['caster restriction', 'warcaster warlock restriction', 'restriction warcaster warlock', 'restriction sur les warcasters warlocks'],
  'character-restriction': ['character restriction', 'restriction sur les personnages'],
  'final-tables': ['final table'],
};

function buildReaders(): Reader[] {
  const readers: Reader[] = [];
  const exact = (phrase: string, keyword: string): void => {
    readers.push({ pattern: new RegExp(`^${foldWords(phrase)}$`), keyword: () => ({ keyword }) });
  };
  const withNumber = (phrase: string, make: (n: string) => { keyword: string } | { rounds: number }): void => {
    readers.push({ pattern: new RegExp(`^${foldWords(phrase).replace('#', '(\\d+)')}$`), keyword: make });
  };
  for (const def of VARIANT_CATALOGUE) {
    switch (def.param) {
      case 'none':
        for (const p of [def.phrase.fr(null), def.phrase.en(null), def.title.fr, def.title.en, def.name, ...(EXTRA_ALIASES[def.name] ?? [])]) {
          exact(p, def.name);
        }
        break;
      case 'painting-level':
        for (const level of ['minimum', 'hardcore']) {
          const keyword = `painting:${level}`;
          exact(def.phrase.fr(level), keyword);
          exact(def.phrase.en(level), keyword);
          exact(`painting ${level}`, keyword);
          exact(`peinture ${level}`, keyword);
        }
        break;
      case 'count':
        for (const p of ['# liste', '# list', '# liste d armee', '# army list', 'list #', 'liste #']) withNumber(p, (n) => ({ keyword: `lists:${n}` }));
        break;
      case 'tier':
        for (const p of [
          def.phrase.fr('#'),
          def.phrase.en('#'),
          'force thematique palier # obligatoire',
          'palier # obligatoire',
          'theme force tier #',
          'tier # theme force required',
          'tier # theme force',
          'tier # required',
        ]) {
          withNumber(p, (n) => ({ keyword: `theme-force-tier:${n}` }));
        }
        break;
      case 'scenarios':
        // read separately: its parameter is a list of names in parentheses
        break;
    }
  }
  for (const p of ['tournoi en # ronde', 'en # ronde', '# ronde', '# round', '# round event', 'event in # round']) {
    withNumber(p, (n) => ({ rounds: Number(n) }));
  }
  return readers;
}

let READERS: Reader[] | null = null;
const readers = (): Reader[] => (READERS ??= buildReaders());

let SCENARIO_NAMES: Map<string, ScenarioId> | null = null;
function scenarioNames(): Map<string, ScenarioId> {
  if (SCENARIO_NAMES) return SCENARIO_NAMES;
  const m = new Map<string, ScenarioId>();
  for (const s of SCENARIOS) {
    for (const n of [s.name.fr, s.name.en, s.id]) {
      const f = foldWords(n);
      m.set(f, s.id);
      // "Gauntlet" for "The Gauntlet", "Cage" for "La Cage"
      const bare = f.replace(/^(the|la|le|les) /, '');
      if (bare !== f) m.set(bare, s.id);
    }
  }
  SCENARIO_NAMES = m;
  return m;
}

/** Scenario names separated by commas, where a name may itself hold commas (Outflank, Outfight, Outlast). */
function readScenarioNames(arg: string): ScenarioId[] | null {
  const parts = arg
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const names = scenarioNames();
  const ids: ScenarioId[] = [];
  let i = 0;
  while (i < parts.length) {
    let found = false;
    for (let len = parts.length - i; len >= 1; len--) {
      const id = names.get(foldWords(parts.slice(i, i + len).join(' ')));
      if (id) {
        ids.push(id);
        i += len;
        found = true;
        break;
      }
    }
    if (!found) return null;
  }
  return ids.length > 0 ? ids : null;
}

/** Splits on commas, semicolons, new lines and bullets, but not inside parentheses. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ';' || ch === '\n' || ch === '•')) {
      items.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  items.push(cur);
  return items
    .map((s) =>
      s
        .replace(/^[\s\-–—*·.:]+/, '')
        .replace(/[\s.]+$/, '')
        .trim(),
    )
    .filter((s) => s !== '');
}

const RAW_KEYWORD = /^[a-z][a-z0-9-]*(:[a-z0-9,-]+)?$/;
const ANNEX_MARK = /(?:r[eéè]gles?\s+annexes?|annex(?:e)?\s+rules?)(?:\s+sr\s*2011)?\s*:?|\bannexes?\s*:/i;
const POINTS = /(\d+)\s*(?:points?|pts?)\b/i;

type ItemRead = { keyword: string } | { rounds: number } | { error: DescriptionError };

function readItem(item: string): ItemRead {
  const lower = item.trim().toLowerCase();
  if (RAW_KEYWORD.test(lower)) {
    const p = parseVariant(lower);
    if (p.def) return { keyword: lower };
    if (p.name === 'rounds' && p.param !== null && /^\d+$/.test(p.param)) return { rounds: Number(p.param) };
  }
  const paren = /^(.*?)\((.*)\)\s*$/s.exec(item);
  if (paren) {
    const head = foldWords(paren[1] ?? '');
    if (head === 'scenario') {
      const ids = readScenarioNames(paren[2] ?? '');
      return ids ? { keyword: `scenario:${ids.join(',')}` } : { error: { code: 'unknown-scenario', text: item } };
    }
  }
  const folded = foldWords(item);
  for (const r of readers()) {
    const m = r.pattern.exec(folded);
    if (m) return r.keyword(m[1] ?? '');
  }
  return { error: { code: 'unreadable-item', text: item } };
}

/**
 * Reads a description line back into settings. Everything it cannot read is listed in `errors`
 * (fragment as typed) so the organizer sees exactly what to fix; what it could read is still
 * returned in `settings`.
 */
export function parseDescription(text: string): DescriptionParse {
  const errors: DescriptionError[] = [];
  let head = text;
  let rest = '';
  const mark = ANNEX_MARK.exec(text);
  if (mark) {
    head = text.slice(0, mark.index);
    rest = text.slice(mark.index + mark[0].length);
  } else {
    const pts = POINTS.exec(text);
    if (pts) {
      head = text.slice(0, pts.index + pts[0].length);
      rest = text.slice(pts.index + pts[0].length);
    }
  }
  const pts = POINTS.exec(head);
  const points = pts ? Number(pts[1]) : null;
  if (points === null) errors.push({ code: 'missing-points' });

  const variants: string[] = [];
  let rounds: number | null = null;
  for (const item of splitItems(rest)) {
    const r = readItem(item);
    if ('error' in r) errors.push(r.error);
    else if ('rounds' in r) rounds = r.rounds;
    else variants.push(r.keyword);
  }
  if (errors.length === 0 && points !== null) return { ok: true, settings: { points, variants, rounds } };
  return { ok: false, settings: { points, variants, rounds }, errors };
}
