import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { CATALOG, type MessageKey } from './catalog';
import { elideTemplate, formatNumber, frenchSpacing } from './typography';

export { loadMessages, ALL_PACKS, type MessagePack } from './catalog';

export type Lang = 'fr' | 'en';
export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(lang: Lang): Translate {
  // live: grows as lazy screens load their messages; a module not loaded yet shows the key
  return translatorOf(CATALOG[lang], lang);
}

/**
 * A translator over one dictionary (the app's catalogue, or a lazy chunk's own pack such as
 * sync's): "one|other" forms picked from params.n (French treats 0 and 1 as singular), and in
 * French the spacing before : ; ! ? and inside « », and elision before the values inserted.
 * A number inserted is written as the language writes numbers (« 1,5 », « −3 », « 20 000 »);
 * an identifier that only looks like a number (a roll's seed, a code) is passed as a string.
 */
export function translatorOf<K extends string>(dict: Record<K, string>, lang: Lang): (key: K, params?: Record<string, string | number>) => string {
  const singular = (n: number): boolean => (lang === 'fr' ? Math.abs(n) < 2 : n === 1);
  // each French template is spaced once (a standings page asks for the same few hundred times)
  const spaced = new Map<string, string>();
  const typeset = (s: string): string => {
    if (lang !== 'fr') return s;
    let out = spaced.get(s);
    if (out === undefined) spaced.set(s, (out = frenchSpacing(s)));
    return out;
  };
  const shown = (v: string | number): string => (typeof v === 'number' ? formatNumber(v, lang, 6) : v);
  return (key, params) => {
    let text: string = typeset(dict[key] ?? key);
    if (text.includes('|') && typeof params?.n === 'number') {
      const [one, other] = text.split('|') as [string, string];
      text = singular(params.n) ? one : other;
    }
    if (params && lang === 'fr') text = elideTemplate(text, params);
    return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? shown(params[k] as string | number) : m)) : text;
  };
}

export interface I18n {
  lang: Lang;
  t: Translate;
  setLang: (lang: Lang) => void;
}

export const I18nContext = createContext<I18n>({ lang: 'fr', t: translator('fr'), setLang: () => undefined });
export const useI18n = (): I18n => useContext(I18nContext);
