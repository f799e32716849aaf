// French typography for text built from messages: elision where a name (or any inserted word)
// follows « de », « que », « le », « la »... (« de Aurélien » → « d’Aurélien »), and numbers
// with a decimal comma and a true minus sign (« −3 », « 1,5 »). French text takes the
// typographic apostrophe ’ everywhere, as every French message does (tests/ui/french-typography.test.ts).

const VOWELS = new Set('aeiouàâäéèêëîïôöùûüœæ');
// the same few hundred names are asked about for every row of a list, at each render
const elides = new Map<string, boolean>();

/** A word French elides before: a vowel, a mute h (names: Hélène, Hugo), a Y before a consonant (Yves). */
export function elidesBefore(word: string): boolean {
  // only the first two letters decide: a few code units (room for combining accents) are enough
  const head = word.trimStart().slice(0, 8);
  let known = elides.get(head);
  if (known === undefined) {
    const [first = '', second = ''] = [...head.normalize('NFC').toLocaleLowerCase('fr')];
    known = VOWELS.has(first) || (first === 'h' && VOWELS.has(second)) || (first === 'y' && second !== '' && !VOWELS.has(second));
    if (elides.size > 5000) elides.clear();
    elides.set(head, known);
  }
  return known;
}

const ELIDING = /(^|[\s(«'’])(de|De|que|Que|le|Le|la|La|jusque|lorsque|puisque) \{(\w+)\}/g;

/**
 * Rewrites « de {name} » as « d’{name} » (and que, le, la...) wherever the value inserted begins
 * with a vowel sound. Runs on the French template before its placeholders are filled, so only
 * inserted values decide, never the message's own words.
 */
export function elideTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(ELIDING, (all, before: string, word: string, key: string) => {
    const value = params[key];
    if (typeof value !== 'string' || !elidesBefore(value)) return all;
    const short = word.toLowerCase() === 'la' ? word.slice(0, 1) : word.slice(0, -1);
    return `${before}${short}’{${key}}`;
  });
}

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/**
 * French spacing in a message: a no-break space before « : » and inside « », a narrow no-break
 * space before ; ! ? — so a line never breaks with the colon or the closing guillemet alone at
 * the start of the next one. Runs on the template, never on the names inserted in it.
 */
export function frenchSpacing(template: string): string {
  return template
    .replace(/ :/g, `${NBSP}:`)
    .replace(/ ([;!?])/g, `${NNBSP}$1`)
    .replace(/« /g, `«${NBSP}`)
    .replace(/ »/g, `${NBSP}»`);
}

/** Text made outside the message catalog (the domain's, which the command line prints plainly), spaced for a French screen. */
export function typeset(text: string, lang: 'fr' | 'en'): string {
  return lang === 'fr' ? frenchSpacing(text) : text;
}

/** « de » + a name, elided when it must be: « d’Aurélien », « de Bruno ». */
export function deName(name: string): string {
  return elidesBefore(name) ? `d’${name}` : `de ${name}`;
}

/**
 * A number for display: French gets a decimal comma, a real minus sign (U+2212) and, from
 * 10 000, a narrow no-break space between thousands; English keeps "1.5" and "-3".
 */
export function formatNumber(n: number, lang: 'fr' | 'en' = 'fr', maxDecimals = 2): string {
  const abs = Math.abs(n);
  const rounded = Number(abs.toFixed(maxDecimals));
  let [int = '0', dec] = String(rounded).split('.');
  if (lang === 'fr' && int.length > 4) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const body = dec ? `${int}${lang === 'fr' ? ',' : '.'}${dec}` : int;
  return n < 0 && rounded !== 0 ? `${lang === 'fr' ? '\u2212' : '-'}${body}` : body;
}

/**
 * Days already said, by language: the event screen's header says its day at every render (each
 * check-in), and `toLocaleDateString` with options builds a new formatter each time (12 ms on a
 * tablet 4x slower than a laptop for the first, a few ms each after).
 */
const days = new Map<string, string>();

/** An ISO day (2026-12-05) as a reader says it: « 5 décembre 2026 », « 1er mai 2027 », "5 December 2026". */
export function formatDay(iso: string, lang: 'fr' | 'en' = 'fr'): string {
  const key = `${lang}${iso}`;
  let text = days.get(key);
  if (text === undefined) {
    if (days.size > 1000) days.clear();
    days.set(key, (text = sayDay(iso, lang)));
  }
  return text;
}

function sayDay(iso: string, lang: 'fr' | 'en'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const text = d.toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return lang === 'fr' && m[3] === '01' ? text.replace(/^1 /, '1er ') : text;
}
