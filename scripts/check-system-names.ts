// Fails when a file outside a game system's own folders compares a value with a system's name
// (issue 22: "shared screens never name a system"): `system === 'sr2011'`, `profile !==
// 'lotr-30-50'`, `case 'confrontation-rackham':`. A shared screen asks the system's registered
// parts instead (src/ui/systems/index.tsx, table-parts.ts, round-clocks.ts; in the domain the
// GameSystem's hooks, src/domain/systems/game-system.ts). The names are the
// event format's system ids, the clock profiles the systems declare (GameSystem.clockProfile,
// 'none' excepted) and the systems' short names. Parsed with Oxc, as check-cycles.ts does, so
// comments and strings that are not compared never count.
//
// It also fails when a shared file imports a system's own code (issue 22: "the shared screens
// not knowing any system by name"; "the registry sits above the systems, shared helpers below
// them"): anything under src/ui/ outside src/ui/systems/<system>/, or under src/domain/ outside
// src/domain/<system>/, the registries excepted, importing from src/ui/systems/<system>/,
// src/domain/<system>/ or src/domain/systems/<system>.ts, type-only imports, re-exports and
// import() included. A screen reaches those parts through uiFor, tablePartsFor, roundClockFor or
// systemFor; a shared domain file needs a helper below the systems or a hook of the event's
// GameSystem (src/domain/systems/game-system.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import { SYSTEMS } from '../src/domain/event-file/types';

const DEFAULT_ROOTS = ['src'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.ts$/;
const PROFILE_FILE = 'src/domain/systems/game-system.ts';

/** Where a system's own code lives: its UI folder and its domain folder (SR2011's GameSystem sits beside the registry). */
export const SYSTEM_PLACES: readonly string[] = [
  'src/ui/systems/',
  'src/domain/sr2011/',
  'src/domain/lotr/',
  'src/domain/confrontation/',
  'src/domain/warmaster/',
  'src/domain/systems/sr2011.ts',
];

/** The folders of the systems' own code, in src/ui/systems/ and src/domain/. */
export const SYSTEM_FOLDERS: readonly string[] = ['sr2011', 'confrontation', 'lotr', 'warmaster'];

/** The UI registries: the one place a shared UI file lists the systems' folders. */
export const UI_REGISTRIES: readonly string[] = [
  'src/ui/systems/index.tsx',
  'src/ui/systems/round-clocks.ts',
  'src/ui/systems/table-parts.ts',
  'src/ui/systems/table-tools.ts',
  'src/ui/systems/sizes.ts',
  'src/ui/systems/campaigns.ts',
];

/**
 * The domain's registry level, above the systems, so they may import a system's folder: the
 * registry (systems/index.ts), a system's GameSystem beside it (systems/<system>.ts), and the
 * wording of every system's problems (systems/messages.ts gathers each system's codes, as the
 * registry gathers their GameSystems). No system may import these back (check-cycles.ts).
 */
export const DOMAIN_REGISTRIES: readonly string[] = ['src/domain/systems/index.ts', 'src/domain/systems/messages.ts', ...SYSTEM_FOLDERS.map((s) => `src/domain/systems/${s}.ts`)];

/** The systems' short names, as folders and words say them. */
const SHORT_NAMES = ['lotr', 'rackham', 'cdr', 'confrontation', 'warmaster'];

type Node = { type?: string; start?: number; end?: number; [key: string]: unknown };

function parse(file: string, source: string): Node {
  const parsed = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${file}: cannot parse (${parsed.errors[0]?.message})`);
  return parsed.program as unknown as Node;
}

/** Every node under `root`, parents first, in source order. */
function* walk(root: Node): Generator<Node> {
  const work: Node[] = [root];
  while (work.length > 0) {
    const node = work.pop()!;
    yield node;
    const children: Node[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end' || !value || typeof value !== 'object') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') children.push(child as Node);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!);
  }
}

/** The clock profiles GameSystem declares: the string literals of the `ClockProfile` union. */
export function clockProfilesIn(source: string): string[] {
  const out: string[] = [];
  for (const node of walk(parse(PROFILE_FILE, source))) {
    if (node.type !== 'TSTypeAliasDeclaration' || (node.id as Node | undefined)?.name !== 'ClockProfile') continue;
    for (const inner of walk(node.typeAnnotation as Node)) {
      const literal = inner.type === 'TSLiteralType' ? (inner.literal as Node) : null;
      if (literal && typeof literal.value === 'string') out.push(literal.value);
    }
  }
  return out;
}

/** The names no shared file may compare with. */
export function systemNames(cwd: string = process.cwd()): Set<string> {
  const profiles = clockProfilesIn(readFileSync(resolve(cwd, PROFILE_FILE), 'utf8')).filter((p) => p !== 'none');
  return new Set([...SYSTEMS, ...profiles, ...SHORT_NAMES]);
}

const COMPARISONS = new Set(['===', '!==', '==', '!=']);

const namedIn = (node: unknown, names: ReadonlySet<string>): string | null => {
  const n = node as Node | null;
  return n?.type === 'Literal' && typeof n.value === 'string' && names.has(n.value) ? n.value : null;
};

export interface Naming {
  file: string;
  line: number;
  name: string;
}

/** Each comparison with a system's name in one file: `x === 'name'`, `'name' !== x`, `case 'name':`. */
export function namingsIn(file: string, source: string, names: ReadonlySet<string>): Naming[] {
  const found: Naming[] = [];
  const lineOf = (offset: number): number => source.slice(0, offset).split('\n').length;
  for (const node of walk(parse(file, source))) {
    let name: string | null = null;
    if (node.type === 'BinaryExpression' && COMPARISONS.has(String(node.operator))) name = namedIn(node.left, names) ?? namedIn(node.right, names);
    else if (node.type === 'SwitchCase') name = namedIn(node.test, names);
    if (name !== null) found.push({ file, line: lineOf(node.start ?? 0), name });
  }
  return found.sort((a, b) => a.line - b.line);
}

const isSystemPlace = (file: string): boolean => SYSTEM_PLACES.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place));

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(name) && !DECLARATION.test(name)) out.push(path);
  }
  return out;
}

/** Every comparison with a system's name outside the systems' own places. */
export function findNamings(roots: readonly string[] = DEFAULT_ROOTS, cwd: string = process.cwd()): Naming[] {
  const names = systemNames(cwd);
  const files = roots.flatMap((root) => listFiles(resolve(cwd, root))).sort();
  return files.flatMap((path) => {
    const file = relative(cwd, path).split('\\').join('/');
    return isSystemPlace(file) ? [] : namingsIn(file, readFileSync(path, 'utf8'), names);
  });
}

export interface SystemImport {
  file: string;
  line: number;
  /** the module as written */
  source: string;
  /** the system's place it reaches, from the repository root: src/domain/sr2011, src/ui/systems/lotr, src/domain/systems/sr2011 */
  place: string;
}

/** A shared UI file: under src/ui/, neither in a system's own UI folder nor a registry. */
export const isSharedUi = (file: string): boolean =>
  file.startsWith('src/ui/') && !UI_REGISTRIES.includes(file) && !SYSTEM_FOLDERS.some((s) => file.startsWith(`src/ui/systems/${s}/`));

/** A shared domain file: under src/domain/, neither in a system's own folder nor at the registry level. */
export const isSharedDomain = (file: string): boolean =>
  file.startsWith('src/domain/') && !DOMAIN_REGISTRIES.includes(file) && !SYSTEM_FOLDERS.some((s) => file.startsWith(`src/domain/${s}/`));

/** The system's place a resolved module path (no extension needed) lies in, or null. */
export function systemPlaceOf(path: string): string | null {
  const bare = path.replace(/\.(tsx?|mts|cts|js|jsx|mjs)$/, '').replace(/\/index$/, '');
  for (const s of SYSTEM_FOLDERS) {
    for (const place of [`src/ui/systems/${s}`, `src/domain/${s}`]) if (bare === place || bare.startsWith(`${place}/`)) return place;
    if (bare === `src/domain/systems/${s}`) return bare;
  }
  return null;
}

/** Each import of a system's own code in one file: import, import type, export from, import(), import('…') types. */
export function systemImportsIn(file: string, source: string): SystemImport[] {
  const found: SystemImport[] = [];
  const lineOf = (offset: number): number => source.slice(0, offset).split('\n').length;
  for (const node of walk(parse(file, source))) {
    let spec: Node | undefined;
    if (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ImportExpression')
      spec = node.source as Node | undefined;
    else if (node.type === 'TSImportType') spec = ((node.argument as Node | undefined)?.literal as Node | undefined) ?? (node.source as Node | undefined);
    const text = spec?.type === 'Literal' && typeof spec.value === 'string' ? spec.value : null;
    if (text === null || !text.startsWith('.')) continue;
    const place = systemPlaceOf(posix.normalize(posix.join(posix.dirname(file), text)));
    if (place !== null) found.push({ file, line: lineOf(node.start ?? 0), source: text, place });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every import of a system's own code from a shared UI or domain file. */
export function findSystemImports(roots: readonly string[] = ['src/ui', 'src/domain'], cwd: string = process.cwd()): SystemImport[] {
  const files = roots.flatMap((root) => listFiles(resolve(cwd, root))).sort();
  return files.flatMap((path) => {
    const file = relative(cwd, path).split('\\').join('/');
    return isSharedUi(file) || isSharedDomain(file) ? systemImportsIn(file, readFileSync(path, 'utf8')) : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findNamings();
  const imports = findSystemImports();
  if (found.length === 0 && imports.length === 0) {
    console.log("No shared file compares with a system's name.");
    console.log("No shared UI or domain file imports a system's code.");
  } else {
    for (const n of found) console.error(`${n.file}:${n.line}: compares with '${n.name}': ask the system's registered parts instead`);
    for (const i of imports)
      console.error(
        `${i.file}:${i.line}: imports '${i.source}' (${i.place}): a shared file reaches a system through its registered parts, a helper below the systems or the GameSystem's hooks`,
      );
    if (found.length > 0) console.error(`${found.length} comparison(s) with a system's name outside the systems' folders.`);
    if (imports.length > 0) console.error(`${imports.length} import(s) of a system's code from shared files.`);
    process.exit(1);
  }
}
