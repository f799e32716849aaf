// Sorting people as a French organizer does: by surname, then given name. « Pierre-Yves
// Morel-Delacroix » files under M; the particles « de », « du », « des », « d' » are not filed
// under (« Charles de Gaulle » under G), while an article that is part of the name is
// (« Anne Le Goff », « Jean de La Fontaine » under L). A list written « MOREL Pierre », surname
// first in capitals as on many registration sheets, is read that way round.

const PARTICLES = new Set(['de', 'du', 'des', "d'", 'd’', 'van', 'von', 'der', 'di', 'da']);

const isUpperWord = (w: string): boolean => w.length > 1 && /\p{L}/u.test(w) && w === w.toLocaleUpperCase('fr') && w !== w.toLocaleLowerCase('fr');

/** A name's given part and surname part (particles included), or null for a one-word name. */
export function splitName(name: string): { given: string[]; surname: string[] } | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return null;
  const caps = words.findIndex((w) => !isUpperWord(w));
  // « MOREL-DELACROIX Pierre-Yves »: the capitals first are the surname
  if (caps > 0 && caps < words.length) return { surname: words.slice(0, caps), given: words.slice(caps) };
  // otherwise the first word is the given name; a lowercase particle may open the surname
  return { given: [words[0]!], surname: words.slice(1) };
}

/**
 * Filing keys already worked out, by name: the Players tab, the pairings by name and the
 * projector sort the same names again and again, and a key costs a split and locale case tests
 * per word (512 names: a fifth of the Players tab's first task on a tablet 4x slower than a
 * laptop). Emptied when it grows past any event's field, so it never holds more than one hall.
 */
const keys = new Map<string, string>();
const KEPT_KEYS = 20_000;

/** The name split as the filing order reads it: the surname to file under, then the rest. */
export function surnameKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= KEPT_KEYS) keys.clear();
    keys.set(name, (key = fileUnder(name)));
  }
  return key;
}

function fileUnder(name: string): string {
  const parts = splitName(name);
  if (parts === null) return name.trim();
  const { given } = parts;
  let { surname } = parts;
  // « d'Artagnan » is filed under A, « de La Fontaine » under La
  while (surname.length > 1 && PARTICLES.has(surname[0]!.toLocaleLowerCase('fr'))) surname = surname.slice(1);
  const first = surname[0]!.replace(/^d['’]/i, '');
  return [first, ...surname.slice(1), ...given].join(' ');
}

/** « Pierre-Yves » → « P.-Y. », « Éloïse » → « É. » */
const initials = (word: string): string =>
  word
    .split('-')
    .map((part) => {
      const first = [...part][0];
      return first ? `${first.toLocaleUpperCase('fr')}.` : '';
    })
    .join('-');

/**
 * « P.-Y. Morel-Delacroix »: the given name's initials, then the whole surname, for where a whole
 * name does not fit (a bracket's column on a tablet). « MOREL Pierre » reads « P. MOREL ». A name
 * of one word, or whose surname has no letter (« Joueur 1 »), stays whole.
 */
export function shortName(name: string): string {
  const parts = splitName(name);
  if (parts === null || !parts.surname.some((w) => /\p{L}/u.test(w))) return name.trim();
  return `${parts.given.map(initials).join(' ')} ${parts.surname.join(' ')}`;
}

/**
 * Each of `names` shortened, except where two players of `field` (everybody who could be shown
 * beside them) would read the same. Only the field's names that share a word with one of the
 * short names are shortened to compare: two names that read the same end with the same word, and
 * a 4,096-player bracket shows a few dozen names (shortening the whole field was most of the
 * bracket's first render at 4,096 players).
 */
export function shortNames(names: readonly string[], field: readonly string[] = names): Map<string, string> {
  const short = new Map(names.map((n) => [n, shortName(n)]));
  const lastWords = new Set([...short.values()].map((s) => s.toLowerCase().split(/\s+/).pop()!));
  const count = new Map<string, number>();
  for (const n of field) {
    if (
      !n
        .toLowerCase()
        .split(/\s+/)
        .some((w) => lastWords.has(w))
    )
      continue;
    const key = (short.get(n) ?? shortName(n)).toLocaleLowerCase('fr');
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return new Map([...short].map(([n, s]) => [n, (count.get(s.toLocaleLowerCase('fr')) ?? 0) > 1 ? n.trim() : s]));
}

/** A comparator by surname, accents and case ignored, for the given language's collation. */
export function bySurname(lang: string): (a: string, b: string) => number {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return (a, b) => collator.compare(surnameKey(a), surnameKey(b)) || collator.compare(a, b);
}

/**
 * `items` sorted as bySurname sorts their names, each name's key worked out once rather than at
 * every comparison (4,096 players: ~50,000 comparisons, 120-170 ms when keyed each time).
 */
export function sortBySurname<T>(items: readonly T[], nameOf: (item: T) => string, lang: string): T[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const keyed = items.map((item) => {
    const name = nameOf(item);
    return { item, name, key: surnameKey(name) };
  });
  keyed.sort((x, y) => collator.compare(x.key, y.key) || collator.compare(x.name, y.name));
  return keyed.map((k) => k.item);
}

type Person = { readonly id: string; readonly name: string };
/** Each list of people's ids and names in one string, worked out once per list (a new array at each change) */
const signatures = new WeakMap<readonly Person[], string>();
const signatureOf = (people: readonly Person[]): string => {
  let s = signatures.get(people);
  if (s === undefined) signatures.set(people, (s = people.map((p) => `${p.id}\n${p.name}`).join('\n')));
  return s;
};

/**
 * The surname order of the last list of names sorted: the Players tab, the pairings by name and
 * the projector all file the same field, and a check-in or a new round makes new arrays of the
 * same names. Sorting 4,096 names was a 20-25 ms share of the projector's first task even with
 * every key kept, so the order is sorted again only when a name or the language changes.
 */
let kept: { names: string; lang: string; ids: string[] } | null = null;

/** Whether surnameOrder would answer without sorting */
export function surnameOrderKept(people: readonly Person[], lang: string): boolean {
  return kept !== null && kept.lang === lang && kept.names === signatureOf(people);
}

/** The ids of `people` sorted by surname (sortBySurname's order: ties keep the list's order) */
export function surnameOrder(people: readonly Person[], lang: string): readonly string[] {
  if (!surnameOrderKept(people, lang)) kept = { names: signatureOf(people), lang, ids: sortBySurname(people, (p) => p.name, lang).map((p) => p.id) };
  return kept!.ids;
}
