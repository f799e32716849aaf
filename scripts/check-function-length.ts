// Fails on any function in src/ longer than 100 lines (issue 22: a newcomer must be able to read a
// screen or a rule one piece at a time). Every kind counts: declarations, expressions, arrows,
// methods, class fields and Preact components. Biome's noExcessiveLinesPerFunction is not used:
// it missed most 200-450-line components (it does not look into arrows passed as arguments nor
// count a component's JSX the way a reader does).
// A function's length is its span in the file, first line to last, blank lines and comments
// included: that is what a reader scrolls through.
// Parsed with Oxc (re-exported by `vite`), as scripts/check-cycles.ts does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';

export const MAX_LINES = 100;
const DEFAULT_ROOTS = ['src'];
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.ts$/;
/** Offenders whose split is owned by another engineer; lint passes while they are listed. */
const PENDING_FILE = 'scripts/function-length-pending.txt';

/**
 * Functions allowed to stay longer than the limit because they are pure tables of data (a reader
 * looks a row up, never reads them through). "path name", the reason beside each. Empty for now:
 * the message catalogues are objects, not functions, and are not counted.
 */
export const DATA_TABLES: ReadonlyMap<string, string> = new Map<string, string>([]);

export interface LongFunction {
  /** path relative to the working folder, with forward slashes */
  file: string;
  /** enclosing functions' names then its own, joined by "/" (e.g. `ClockScreen/onKey`) */
  name: string;
  line: number;
  lines: number;
}

type Node = { type?: string; start?: number; end?: number; [key: string]: unknown };

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(name) && !DECLARATION.test(name)) out.push(path);
  }
  return out;
}

function keyName(key: unknown): string | null {
  const k = key as Node | null;
  if (!k) return null;
  if (k.type === 'Identifier' || k.type === 'PrivateIdentifier' || k.type === 'JSXIdentifier') return String(k.name);
  if (k.type === 'Literal') return String(k.value);
  return null;
}

/** `a.b.c` for a member chain, the callee's name for a call. */
function exprName(expr: unknown): string | null {
  const e = expr as Node | null;
  if (!e) return null;
  if (e.type === 'Identifier' || e.type === 'ThisExpression') return e.type === 'ThisExpression' ? 'this' : String(e.name);
  if (e.type === 'MemberExpression') {
    const object = exprName(e.object);
    const property = e.computed ? null : keyName(e.property);
    return object && property ? `${object}.${property}` : (property ?? object);
  }
  return null;
}

/**
 * The name a reader would look a function up by, from the node that holds it: its declaration,
 * the variable, property, method or class field it is assigned to, the JSX attribute
 * (`onClick handler`), or the call it is passed to (`useEffect callback`).
 */
function nameOf(fn: Node, parent: Node | null, grandparent: Node | null): string {
  const id = keyName(fn.id);
  if (id) return id;
  if (!parent) return '<anonymous>';
  switch (parent.type) {
    case 'VariableDeclarator':
      return keyName(parent.id) ?? '<anonymous>';
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
    case 'AccessorProperty':
      return keyName(parent.key) ?? '<computed>';
    case 'AssignmentExpression':
      return exprName(parent.left) ?? '<anonymous>';
    case 'ExportDefaultDeclaration':
      return 'default';
    case 'JSXExpressionContainer':
      if (grandparent?.type === 'JSXAttribute') return `${keyName(grandparent.name) ?? 'attribute'} handler`;
      return '<jsx callback>';
    case 'CallExpression':
    case 'NewExpression':
      return `${exprName(parent.callee) ?? 'call'} callback`;
    default:
      return '<anonymous>';
  }
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line of a UTF-16 offset. */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Every function of one file longer than `max` lines, outermost first. */
export function longFunctionsIn(file: string, source: string, max: number = MAX_LINES): Omit<LongFunction, 'file'>[] {
  const parsed = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (parsed.errors.length > 0) throw new Error(`${file}: cannot parse (${parsed.errors[0]?.message})`);
  const starts = lineStarts(source);
  const found: Omit<LongFunction, 'file'>[] = [];
  // Iterative walk: [node, parent, grandparent, enclosing function names].
  const work: [Node, Node | null, Node | null, string[]][] = [[parsed.program as unknown as Node, null, null, []]];
  while (work.length > 0) {
    const [node, parent, grandparent, scope] = work.pop()!;
    let inner = scope;
    if (node.type && FUNCTION_TYPES.has(node.type)) {
      const name = [...scope, nameOf(node, parent, grandparent)];
      inner = name;
      const line = lineAt(starts, node.start ?? 0);
      const lines = lineAt(starts, node.end ?? 0) - line + 1;
      if (lines > max) found.push({ name: name.join('/'), line, lines });
    }
    const children: Node[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'type' || key === 'start' || key === 'end' || !value || typeof value !== 'object') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') children.push(child as Node);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) work.push([children[i]!, node, parent, inner]);
  }
  return found.sort((a, b) => a.line - b.line);
}

export function findLongFunctions(roots: readonly string[], cwd: string = process.cwd(), max: number = MAX_LINES): LongFunction[] {
  const files = roots.flatMap((root) => listFiles(resolve(cwd, root))).sort();
  return files.flatMap((path) => {
    const file = relative(cwd, path).split('\\').join('/');
    return longFunctionsIn(file, readFileSync(path, 'utf8'), max).map((f) => ({ file, ...f }));
  });
}

/** `path name` of an offender, as written in the allow-lists. */
export function keyOf(f: Pick<LongFunction, 'file' | 'name'>): string {
  return `${f.file} ${f.name}`;
}

export interface PendingEntry {
  key: string;
  owner: string;
}

/**
 * The pending file: one `path name  # split pending: <area owner>` a line; blank lines and lines
 * starting with `#` are comments. A line without its "split pending:" reason is refused, so the
 * list says who is to shrink it.
 */
export function parsePending(text: string): PendingEntry[] {
  const entries: PendingEntry[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(\S+)\s+(.+?)\s+#\s*split pending:\s*(\S.*)$/.exec(line);
    if (!match) throw new Error(`${PENDING_FILE}:${i + 1}: expected "path name  # split pending: <area owner>", got "${line}"`);
    entries.push({ key: `${match[1]} ${match[2]}`, owner: match[3]! });
  });
  return entries;
}

export interface Verdict {
  /** long functions neither a data table nor pending: lint fails */
  offenders: LongFunction[];
  /** long functions listed as pending */
  pending: LongFunction[];
  /** pending lines that no longer match a long function: lint fails, so the list only shrinks */
  stale: string[];
}

export function judge(found: readonly LongFunction[], pending: readonly PendingEntry[], tables: ReadonlyMap<string, string> = DATA_TABLES): Verdict {
  const pendingKeys = new Set(pending.map((p) => p.key));
  const foundKeys = new Set(found.map(keyOf));
  const offenders: LongFunction[] = [];
  const listed: LongFunction[] = [];
  for (const f of found) {
    if (tables.has(keyOf(f))) continue;
    (pendingKeys.has(keyOf(f)) ? listed : offenders).push(f);
  }
  const stale = [...pendingKeys].filter((key) => !foundKeys.has(key));
  return { offenders, pending: listed, stale };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  const found = findLongFunctions(roots.length > 0 ? roots : DEFAULT_ROOTS);
  const pending = existsSync(PENDING_FILE) ? parsePending(readFileSync(PENDING_FILE, 'utf8')) : [];
  const { offenders, pending: listed, stale } = judge(found, pending);
  for (const f of offenders) console.error(`${f.file}:${f.line} ${f.name} is ${f.lines} lines (over ${MAX_LINES})`);
  for (const key of stale) console.error(`${PENDING_FILE}: "${key}" is no longer a function over ${MAX_LINES} lines: remove the line`);
  if (offenders.length > 0 || stale.length > 0) {
    if (offenders.length > 0) console.error(`${offenders.length} function(s) over ${MAX_LINES} lines. Split them into named helpers or components.`);
    process.exit(1);
  }
  console.log(`No function over ${MAX_LINES} lines (${listed.length} listed as split pending in ${PENDING_FILE}).`);
}
