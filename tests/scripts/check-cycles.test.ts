import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCycles, importsOf } from '../../scripts/check-cycles';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A throw-away project: path -> source. */
function project(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

describe('check-cycles', () => {
  it('finds a loop through a registry, a system and a helper importing back', () => {
    const cwd = project({
      'src/systems/index.ts': "import { lotr } from '../lotr/system';\nexport const all = [lotr];\n",
      'src/lotr/system.ts': "import { helper } from '../systems';\nexport const lotr = helper();\n",
      'src/other.ts': "import { all } from './systems';\nexport const n = all.length;\n",
    });
    const cycles = checkCycles(['src'], cwd);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.files).toEqual(['src/lotr/system.ts', 'src/systems/index.ts']);
    expect(cycles[0]!.loop).toEqual(['src/lotr/system.ts', 'src/systems/index.ts', 'src/lotr/system.ts']);
  });

  it('counts type-only edges: import type, export type from, import("…") in a type', () => {
    for (const back of ["import type { A } from './a';\nexport type B = A;\n", "export type { A } from './a';\n", "export type B = import('./a').A;\n", "export * from './a';\n"]) {
      const cwd = project({ 'src/a.tsx': "import type { B } from './b';\nexport type A = { b?: B };\n", 'src/b.ts': back });
      expect(checkCycles(['src'], cwd).map((c) => c.files)).toEqual([['src/a.tsx', 'src/b.ts']]);
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('finds a file importing itself', () => {
    const cwd = project({ 'src/self.ts': "import { x } from './self';\nexport const y = x;\n" });
    expect(checkCycles(['src'], cwd).map((c) => c.loop)).toEqual([['src/self.ts', 'src/self.ts']]);
  });

  it('passes a layered tree, and a lazy import() back up (loaded on demand, not a loop)', () => {
    const cwd = project({
      'src/app.tsx': "import { b } from './lower/b';\nexport const App = () => <div>{b}</div>;\n",
      'src/lower/b.ts': "import { c } from './c';\nexport const b = c;\nexport const later = () => import('../app');\n",
      'src/lower/c.ts': 'export const c = 1;\n',
    });
    expect(checkCycles(['src'], cwd)).toEqual([]);
  });

  it('does not take an import written in a string, a comment, a template or a regular expression', () => {
    const source = [
      'const s = "import { x } from \'./b\'";',
      "// import './b'",
      "/* export * from './b' */",
      "const t = `import './b'`;",
      "const r = /import '.\\/b'/;",
      "import { c } from './c';",
    ].join('\n');
    expect(importsOf('x.ts', source)).toEqual(['./c']);
  });
});
