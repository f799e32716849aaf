// Every feature's messages, in two tiers so the start-up bundle carries only what the first
// screens say:
// - start-up modules (statically imported): the app shell, home, settings, event creation, PIN;
// - lazy modules: one chunk each, loaded by the lazily loaded screens that use them
//   (src/ui/lazy.tsx awaits them before the screen renders, so no key ever shows).
// A feature adds its module to one of the two lists (one line each); the types below keep
// `MessageKey` the union of every module's keys either way, so `t()` is checked as before.
import { coreEn } from './messages/core-en';
import { coreFr } from './messages/core-fr';
import { eventDay } from './messages/event-day';
import { systemsUi } from './messages/systems-ui';
import { trust } from './messages/trust';

/** The modules in the start-up bundle. */
export const startModules: readonly Module[] = [{ fr: coreFr, en: coreEn }, trust, systemsUi, eventDay];

/** One feature's messages (see define.ts). */
export type Module = { fr: Record<string, string>; en: Record<string, string> };

export const lazyModules = {
  players: () => import('./messages/players').then((m) => m.players),
  results: () => import('./messages/results').then((m) => m.results),
  rounds: () => import('./messages/rounds').then((m) => m.rounds),
  standings: () => import('./messages/standings').then((m) => m.standings),
  settings: () => import('./messages/settings').then((m) => m.settings),
  table: () => import('./messages/table').then((m) => m.table),
  campaign: () => import('./messages/campaign').then((m) => m.campaign),
  systemsTools: () => import('./messages/systems-tools').then((m) => m.systemsTools),
  guide: () => import('./messages/guide').then((m) => m.guide),
} satisfies Record<string, () => Promise<Module>>;

/** A lazily loaded message module. */
export type MessagePack = keyof typeof lazyModules;
export const ALL_PACKS = Object.keys(lazyModules) as MessagePack[];

type LazyFr = { [P in MessagePack]: Awaited<ReturnType<(typeof lazyModules)[P]>>['fr'] };
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Fr = typeof coreFr & (typeof trust)['fr'] & (typeof systemsUi)['fr'] & (typeof eventDay)['fr'] & UnionToIntersection<LazyFr[MessagePack]>;
export type MessageKey = keyof Fr;

/**
 * The live dictionaries: the start-up messages now, each lazy module's once loaded. Typed with
 * every key; a key of a module not loaded yet reads undefined (translator() then shows the key).
 */
export const CATALOG = {
  fr: { ...coreFr, ...trust.fr, ...systemsUi.fr, ...eventDay.fr },
  en: { ...coreEn, ...trust.en, ...systemsUi.en, ...eventDay.en },
} as Record<'fr' | 'en', Record<MessageKey, string>>;

const loaded = new Map<MessagePack, Promise<void>>();

/** Loads the given lazy modules (both languages, so switching language needs no wait). */
export function loadMessages(packs: readonly MessagePack[] = ALL_PACKS): Promise<void> {
  return Promise.all(
    packs.map((p) => {
      let done = loaded.get(p);
      if (!done) {
        done = lazyModules[p]().then((m) => {
          Object.assign(CATALOG.fr, m.fr);
          Object.assign(CATALOG.en, m.en);
        });
        // a failed load (chunk missing after an update) may be retried by the next screen
        done.catch(() => loaded.delete(p));
        loaded.set(p, done);
      }
      return done;
    }),
  ).then(() => undefined);
}
