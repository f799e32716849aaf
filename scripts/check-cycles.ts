// Fails on any file-level import cycle under the given folders (default: src, sw, scripts,
// tests). Every static edge counts, type-only ones included (`import type`, `export type … from`, `import('./x').T` in a
// type): a type cycle is still two files that cannot be read, moved or layered one without the
// other. A runtime `import()` does not count: it is how a screen or the sync code is loaded on
// demand, and it is evaluated long after both files are.
// Parsed with Oxc (the parser Vite itself builds with, re-exported by `vite`), so strings,
// comments, template literals and JSX never pass for imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';

/** The app, its service worker, the scripts and the tests. */
const DEFAULT_ROOTS = ['src', 'sw', 'scripts', 'tests'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const TRY = ['', '.ts', '.tsx', '.d.ts', '.mts', '.js', '.jsx', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listFiles(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** Relative specifiers only: packages cannot import back into the project. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  // A `.js` specifier naming a `.ts` file, as TypeScript allows.
  const candidates = [...TRY.map((ext) => base + ext), base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The specifiers a file imports statically, type-only imports included. */
export function importsOf(file: string, source: string = readFileSync(file, 'utf8')): string[] {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) {
    throw new Error(`${file}: cannot parse (${parsed.errors[0]?.message})`);
  }
  const specifiers: string[] = [];
  const add = (node: unknown): void => {
    const value = (node as { value?: unknown } | null | undefined)?.value;
    if (typeof value === 'string') specifiers.push(value);
  };
  new Visitor({
    ImportDeclaration: (n) => add(n.source),
    ExportAllDeclaration: (n) => add(n.source),
    ExportNamedDeclaration: (n) => add(n.source),
    TSImportType: (n) => add(n.source),
    TSExternalModuleReference: (n) => add(n.expression),
  }).visit(parsed.program);
  return specifiers;
}

/** file -> the project files it imports. */
export type Graph = Map<string, string[]>;

export interface Cycle {
  /** every file of the loop's strongly connected component */
  files: string[];
  /** one concrete loop through them, first file repeated at the end */
  loop: string[];
}

export function importGraph(files: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const specifier of importsOf(file)) {
      const target = resolveSpecifier(file, specifier);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * Every strongly connected component with more than one file (or a file importing itself),
 * each given as one concrete loop through it, so the message names a path to cut.
 */
export function findCycles(graph: Graph): Cycle[] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  // Iterative Tarjan: the graph may be deep enough to overflow a recursive walk.
  for (const root of graph.keys()) {
    if (indexOf.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    indexOf.set(root, index);
    low.set(root, index++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1]++;
        const target = next[i]!;
        if (!graph.has(target)) continue;
        if (!indexOf.has(target)) {
          indexOf.set(target, index);
          low.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node)!, indexOf.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfLoop = (graph.get(node) ?? []).includes(node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((component) => ({ files: component, loop: loopThrough(graph, component) }));
}

/** A shortest loop from the component's first file back to itself, inside the component. */
function loopThrough(graph: Graph, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        for (let at = previous.get(node) ?? null; at !== null; at = previous.get(at) ?? null) path.unshift(at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

export function checkCycles(roots: readonly string[], cwd: string = process.cwd()): Cycle[] {
  const files = roots.flatMap((root) => listFiles(resolve(cwd, root)));
  const cycles = findCycles(importGraph(files));
  return cycles.map((cycle) => ({
    files: cycle.files.map((f) => relative(cwd, f)),
    loop: cycle.loop.map((f) => relative(cwd, f)),
  }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  const cycles = checkCycles(roots.length > 0 ? roots : DEFAULT_ROOTS);
  if (cycles.length === 0) {
    console.log(`No import cycle in ${(roots.length > 0 ? roots : DEFAULT_ROOTS).join(', ')}.`);
  } else {
    for (const cycle of cycles) {
      console.error(`Import cycle through ${cycle.files.length} files:\n  ${cycle.loop.join('\n  -> ')}`);
      if (cycle.files.length > cycle.loop.length - 1) {
        console.error(`  (all ${cycle.files.length}: ${cycle.files.join(', ')})`);
      }
    }
    console.error(`${cycles.length} import cycle(s). Move what both sides need into a lower module.`);
    process.exit(1);
  }
}
