// The message catalogue is split: start-up modules in the entry bundle, the others loaded by
// each lazy screen (src/ui/lazy.tsx). A key whose module a screen does not load would show raw,
// so this reads the sources: every message key a screen's code names (literally, or as the
// prefix of a template like `standings.col.${k}`) must come from a module that screen loads.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it, expect } from 'vitest';
import { lazyModules, startModules } from '../../src/i18n/catalog';
import { SCREEN_MESSAGES } from '../../src/ui/App';

const root = resolve(__dirname, '../..');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const c of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(c)) return c;
  return null;
}

/** Source files reached from `entry` by static (non-type) imports, i18n excluded. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [resolve(root, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/g)) {
      const r = resolveImport(file, m[1]!);
      if (r && !relative(root, r).startsWith('src/i18n')) stack.push(r);
    }
  }
  return [...seen];
}

const keyModule = new Map<string, string>();
for (const m of startModules) for (const k of Object.keys(m.fr)) keyModule.set(k, 'start');

/** The modules a set of files needs, by name ('start' for the start-up ones). */
function needed(files: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (mod: string, why: string): void => {
    if (!out.has(mod)) out.set(mod, []);
    out.get(mod)!.push(why);
  };
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/['`]([a-zA-Z][\w-]*\.[\w.-]+)['`]/g)) {
      const mod = keyModule.get(m[1]!);
      if (mod) add(mod, `${relative(root, f)}: ${m[1]}`);
    }
    for (const m of src.matchAll(/`([a-zA-Z][\w-]*\.[\w.-]*)\$\{/g)) {
      for (const [k, mod] of keyModule) if (k.startsWith(m[1]!)) add(mod, `${relative(root, f)}: ${m[1]}…`);
    }
  }
  return out;
}

describe('message modules per screen', () => {
  it('the start-up screens only use start-up messages', async () => {
    for (const [pack, load] of Object.entries(lazyModules)) {
      const mod = await load();
      for (const k of Object.keys(mod.fr)) {
        keyModule.set(k, pack);
      }
    }
    const need = needed(staticClosure('src/main.tsx'));
    const missing = [...need].filter(([mod]) => mod !== 'start');
    expect(missing.map(([mod, why]) => `${mod} (${why.slice(0, 3).join('; ')})`)).toEqual([]);
  });

  const entries: Record<keyof typeof SCREEN_MESSAGES, string[]> = {
    // the tabs and the sync panel are chunks of their own (src/ui/screens/event/tabs.tsx), shown inside the event screen
    event: [
      'src/ui/screens/Event.tsx',
      ...['Players', 'Rounds', 'Standings', 'EventSettings', 'TrustPanel'].map((f) => `src/ui/screens/event/${f}.tsx`),
      'src/ui/sync/SyncPanel.tsx',
      'src/ui/screens/event/HallLocked.tsx',
    ],
    projector: ['src/ui/screens/Projector.tsx'],
    table: ['src/ui/screens/table/TableScreens.tsx'],
    campaign: ['src/ui/systems/warmaster/CampaignScreens.tsx'],
  };
  for (const [screen, files] of Object.entries(entries) as [keyof typeof SCREEN_MESSAGES, string[]][]) {
    it(`the ${screen} screens load every module they use`, async () => {
      for (const [pack, load] of Object.entries(lazyModules)) for (const k of Object.keys((await load()).fr)) keyModule.set(k, pack);
      const loads = new Set<string>(['start', ...SCREEN_MESSAGES[screen]]);
      const need = needed(files.flatMap(staticClosure));
      const missing = [...need].filter(([mod]) => !loads.has(mod));
      expect(missing.map(([mod, why]) => `${mod} (${why.slice(0, 3).join('; ')})`)).toEqual([]);
    });
  }
});
