import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLongFunctions, judge, longFunctionsIn, parsePending } from '../../scripts/check-function-length';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** `n` statement lines, so a function holding them spans n + 2 lines. */
const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('check-function-length', () => {
  it('counts a function from its first line to its last, and passes one of exactly the limit', () => {
    const source = `export function fits() {\n${body(98)}\n}\nexport function over() {\n${body(99)}\n}\n`;
    expect(longFunctionsIn('a.ts', source)).toEqual([{ name: 'over', line: 101, lines: 101 }]);
  });

  it('finds every kind: arrow component with JSX, expression, method, class field, object method, callback, JSX handler', () => {
    const long = body(101);
    const source = [
      `export const Screen = ({ a }: { a: number }) => {\n${long}\n  return <div onClick={() => {\n${long}\n  }}>{a}</div>;\n};`,
      `const expr = function () {\n${long}\n};`,
      `class K {\n  method() {\n${long}\n  }\n  field = () => {\n${long}\n  };\n}`,
      `const table = { parse(x: string) {\n${long}\n  return x;\n} };`,
      `useEffect(() => {\n${long}\n}, []);`,
      `export default function () {\n${long}\n}`,
    ].join('\n');
    const names = longFunctionsIn('b.tsx', source).map((f) => f.name);
    expect(names).toEqual(['Screen', 'Screen/onClick handler', 'expr', 'method', 'field', 'parse', 'useEffect callback', 'default']);
  });

  it('names a nested long function by its enclosing ones', () => {
    const source = `function Outer() {\n  const inner = () => {\n${body(101)}\n  };\n  return inner;\n}\n`;
    expect(longFunctionsIn('c.ts', source).map((f) => [f.name, f.lines])).toEqual([
      ['Outer', 106],
      ['Outer/inner', 103],
    ]);
  });

  it('does not count a long object of data, a long type or a long string', () => {
    const rows = Array.from({ length: 150 }, (_, i) => `  k${i}: ${i},`).join('\n');
    const fields = Array.from({ length: 150 }, (_, i) => `  f${i}: number;`).join('\n');
    const source = `export const table = {\n${rows}\n};\nexport interface T {\n${fields}\n}\nexport const s = \`\n${'x\n'.repeat(150)}\`;\n`;
    expect(longFunctionsIn('d.ts', source)).toEqual([]);
  });

  it('walks a folder, skips .d.ts files, and reports paths relative to the working folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'fnlen-'));
    const files: Record<string, string> = {
      'src/ui/Long.tsx': `export function Long() {\n${body(120)}\n  return <p />;\n}\n`,
      'src/ui/short.ts': 'export const f = () => 1;\n',
      'src/types.d.ts': `declare function g(): void;\n${'// x\n'.repeat(200)}`,
    };
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    expect(findLongFunctions(['src'], dir)).toEqual([{ file: 'src/ui/Long.tsx', name: 'Long', line: 1, lines: 123 }]);
  });

  it('lets pending and data-table offenders pass, fails the rest, and flags a stale pending line', () => {
    const found = [
      { file: 'src/a.tsx', name: 'A', line: 1, lines: 150 },
      { file: 'src/b.ts', name: 'table', line: 1, lines: 300 },
      { file: 'src/c.ts', name: 'C/inner', line: 9, lines: 120 },
    ];
    const pending = parsePending('# comment\n\nsrc/a.tsx A  # split pending: sync\nsrc/gone.ts Old  # split pending: screens\nsrc/c.ts C/inner # split pending: x\n');
    expect(pending.map((p) => p.owner)).toEqual(['sync', 'screens', 'x']);
    const verdict = judge(found, pending, new Map([['src/b.ts table', 'a lookup table']]));
    expect(verdict.offenders).toEqual([]);
    expect(verdict.pending.map((f) => f.name)).toEqual(['A', 'C/inner']);
    expect(verdict.stale).toEqual(['src/gone.ts Old']);
    expect(judge(found, []).offenders.map((f) => f.name)).toEqual(['A', 'table', 'C/inner']);
  });

  it('accepts a pending list down to its comment header (the list is meant to empty)', () => {
    const pending = parsePending('# Functions over 100 lines whose split is pending.\n# One line each.\n\n');
    expect(pending).toEqual([]);
    expect(judge([], pending)).toEqual({ offenders: [], pending: [], stale: [] });
    expect(judge([{ file: 'src/a.tsx', name: 'A', line: 1, lines: 101 }], pending).offenders.map((f) => f.name)).toEqual(['A']);
  });

  it('refuses a pending line without its "split pending: <owner>" reason', () => {
    expect(() => parsePending('src/a.tsx A\n')).toThrow(/split pending/);
    expect(() => parsePending('src/a.tsx A  # later\n')).toThrow(/:1:/);
  });
});
