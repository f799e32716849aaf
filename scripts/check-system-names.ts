// Fails when a file outside a game system's own folders compares a value with a system's name
// (issue 22: "shared screens never name a system"): `system === 'sr2011'`, `profile !==
// 'lotr-30-50'`, `case 'confrontation-rackham':`. A shared screen asks the system's registered
// parts instead (src/ui/systems/index.tsx, table-parts.ts, round-clocks.ts; in the domain the
// GameSystem's hooks, src/domain/systems/game-system.ts). The names are the
// event format's system ids, the clock profiles the systems declare (GameSystem.clockProfile,
// 'none' excepted) and the systems' short names. Parsed with Oxc, as check-cycles.ts does, so
// comments and strings that are not compared never count. It also fails when a shared domain file
// imports a system's folder (findSystemImports, below).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

// ---- Imports (issue 22, item 2: "shared code never names a system; the registry sits above the
// systems, shared helpers below them"). A shared domain file that imports a system's folder, even
// for a type or a constant, ties every system to that one: what it needs is a shared helper below
// the systems or a hook of the event's GameSystem (src/domain/systems/game-system.ts).

/** The systems' own domain folders, named as their import paths are. */
export const SYSTEM_DOMAIN_FOLDERS: readonly string[] = SYSTEM_PLACES.filter((p) => p.startsWith('src/domain/') && p.endsWith('/')).map((p) => p.slice(0, -1));

/**
 * Registry level, above the systems, so they may import a system's folder: the registry
 * (systems/index.ts), a system's GameSystem beside it (systems/<system>.ts), and the wording of
 * every system's problems (systems/messages.ts gathers each system's codes, as the registry
 * gathers their GameSystems). No system may import these back (check-cycles.ts).
 */
export const REGISTRY_FILES: readonly string[] = [
  'src/domain/systems/index.ts',
  'src/domain/systems/messages.ts',
  ...SYSTEM_DOMAIN_FOLDERS.map((folder) => `src/domain/systems/${folder.slice('src/domain/'.length)}.ts`),
];

export interface SystemImport {
  file: string;
  line: number;
  specifier: string;
  /** the system folder it reaches, e.g. src/domain/sr2011 */
  folder: string;
}

const IMPORTING = new Set(['ImportDeclaration', 'ExportAllDeclaration', 'ExportNamedDeclaration', 'ImportExpression', 'TSImportType']);

/**
 * Each import of a system's domain folder in one file (`file` relative to the project root), type
 * imports, re-exports and `import()` included. Only relative paths can reach the folder.
 */
export function systemImportsIn(file: string, source: string): SystemImport[] {
  const found: SystemImport[] = [];
  const lineOf = (offset: number): number => source.slice(0, offset).split('\n').length;
  for (const node of walk(parse(file, source))) {
    if (!IMPORTING.has(String(node.type))) continue;
    const specifier = (node.source as Node | null | undefined)?.value;
    if (typeof specifier !== 'string' || !specifier.startsWith('.')) continue;
    const target = join(dirname(file), specifier).split('\\').join('/');
    const folder = SYSTEM_DOMAIN_FOLDERS.find((f) => target === f || target.startsWith(`${f}/`));
    if (folder) found.push({ file, line: lineOf(node.start ?? 0), specifier, folder });
  }
  return found.sort((a, b) => a.line - b.line);
}

const isSystemDomainFile = (file: string): boolean => SYSTEM_DOMAIN_FOLDERS.some((f) => file.startsWith(`${f}/`)) || REGISTRY_FILES.includes(file);

/** Every import of a system's folder by a shared domain file (src/domain outside the systems' folders and the registry). */
export function findSystemImports(cwd: string = process.cwd()): SystemImport[] {
  const files = listFiles(resolve(cwd, 'src/domain')).sort();
  return files.flatMap((path) => {
    const file = relative(cwd, path).split('\\').join('/');
    return isSystemDomainFile(file) ? [] : systemImportsIn(file, readFileSync(path, 'utf8'));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const imports = findSystemImports();
  if (imports.length === 0) {
    console.log("No shared domain file imports a system's folder.");
  } else {
    for (const i of imports) console.error(`${i.file}:${i.line}: imports '${i.specifier}' (${i.folder}): move what it needs below the systems or ask the event's GameSystem`);
    console.error(`${imports.length} import(s) of a system's folder by shared domain files.`);
    // the other checks below still run and print
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findNamings();
  if (found.length === 0) {
    console.log("No shared file compares with a system's name.");
  } else {
    for (const n of found) console.error(`${n.file}:${n.line}: compares with '${n.name}': ask the system's registered parts instead`);
    console.error(`${found.length} comparison(s) with a system's name outside the systems' folders.`);
    process.exit(1);
  }
}
