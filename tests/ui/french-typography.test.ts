// French typography of every French text the product writes: the typographic apostrophe ’ (never
// the typewriter ' that « L'application » once mixed with « d’armée »), and spacing left to the
// translator. The packs carry plain spaces before : ; ! ? and inside « »; frenchSpacing()
// (src/i18n/typography.ts) turns them into no-break ones, so a pack holding a no-break space
// of its own bypasses it (a wide one before « ? » where a narrow one belongs), and a pack with
// no space at all gets none.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { deName } from '../../src/i18n/typography';
import { USAGE, say } from '../../src/cli/messages';

const root = resolve(__dirname, '../..');

/** Every French message of every pack in src/i18n/messages (a new pack is read without a change here), by "file: key". */
function frenchValues(): Map<string, string> {
  const modules = import.meta.glob<Record<string, unknown>>('../../src/i18n/messages/*.ts', { eager: true });
  const out = new Map<string, string>();
  for (const [file, mod] of Object.entries(modules)) {
    for (const value of Object.values(mod)) {
      if (typeof value !== 'object' || value === null) continue;
      // a pack is { fr, en }; the core dictionary is French or English by its file's name
      const fr = 'fr' in value ? (value as { fr: unknown }).fr : file.endsWith('-fr.ts') ? value : null;
      if (typeof fr !== 'object' || fr === null) continue;
      for (const [key, text] of Object.entries(fr)) if (typeof text === 'string') out.set(`${file.replace(/^.*\//, '')}: ${key}`, text);
    }
  }
  return out;
}

type AstNode = { type?: string; start: number; end: number; [key: string]: unknown };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The French text written in the sources, wherever it lives: every string and template piece
 * under an `fr` property (the packs, the domain's problems, the CLI's messages, the systems'
 * labels) and in the core French dictionary. Returned as "file:line text".
 */
function frenchInSources(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const src = readFileSync(file, 'utf8');
    const name = relative(root, file);
    const { program } = parseSync(file, src);
    const visit = (node: unknown, french: boolean): void => {
      if (Array.isArray(node)) {
        for (const n of node) visit(n, french);
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      const n = node as AstNode;
      const key = n.type === 'Property' ? (n.key as { name?: string; value?: unknown }) : null;
      const inside = key ? (key.name ?? key.value) === 'fr' || ((key.name ?? key.value) !== 'en' && french) : french;
      if (inside && n.type === 'Literal' && typeof n.value === 'string') out.push(`${name}:${src.slice(0, n.start).split('\n').length} ${n.value}`);
      if (inside && n.type === 'TemplateElement') out.push(`${name}:${src.slice(0, n.start).split('\n').length} ${(n.value as { cooked: string }).cooked}`);
      for (const [k, v] of Object.entries(n)) if (k !== 'type' && typeof v === 'object') visit(v, inside);
    };
    visit(program, name.endsWith('core-fr.ts'));
  }
  return out;
}

describe('French apostrophes', () => {
  const packs = frenchValues();

  it('every French message of the packs takes the typographic apostrophe', () => {
    // the packs hold hundreds of French messages, about 400 apostrophes among them
    expect(packs.size).toBeGreaterThan(1500);
    expect([...packs.values()].join('').split('’').length).toBeGreaterThan(300);
    expect([...packs].filter(([, text]) => text.includes("'")).map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('every French text in the sources does too: the domain’s problems, the CLI, the systems’ labels', () => {
    const french = frenchInSources();
    // the packs, and the French written outside them (event-file, systems, SR2011 variants, the CLI)
    for (const file of ['src/cli/messages.ts', 'src/domain/event-file/messages.ts', 'src/domain/systems/messages.ts', 'src/domain/sr2011/variants.ts']) {
      expect(french.some((line) => line.startsWith(`${file}:`) && line.includes('’'))).toBe(true);
    }
    expect(french.filter((line) => line.includes("'"))).toEqual([]);
  });

  it('the elisions the code makes take the same apostrophe', () => {
    expect(deName('Aurélien')).toBe('d’Aurélien');
    const fr = translator('fr');
    expect(fr('action.player-registered', { name: 'Aurélien Faure' })).toBe('inscription d’Aurélien Faure');
    expect(fr('offline.ready')).toBe('L’application fonctionne maintenant hors ligne.');
    // the command line's French too (plain spaces there: it prints for scripts)
    expect(say('usage-hint', 'fr')).toBe('lancez avec --help pour l’aide');
    expect(USAGE.fr).toContain('fichier d’événement');
    expect(USAGE.fr).not.toContain("'");
  });
});

describe('French spacing in the packs', () => {
  const packs = [...frenchValues()];

  it('a plain space before : ; ! ? and inside « », which the translator makes no-break', () => {
    // a colon or mark that ends a phrase (a time « 14:30 », an address « http:// » are not one)
    const noSpace = packs.filter(([, text]) => /\S[:;!?](\s|$)|«\S|\S»/.test(text));
    expect(noSpace.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    const ownNoBreak = packs.filter(([, text]) => /[\u00a0\u202f][:;!?»]|«[\u00a0\u202f]/.test(text));
    expect(ownNoBreak.map(([key, text]) => `${key}: ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('the translator spaces them the French way', () => {
    const fr = translator('fr');
    expect(fr('offline.status.ready')).toBe('✓ Prête hors ligne\u00a0: vous pouvez couper le réseau.');
  });
});
