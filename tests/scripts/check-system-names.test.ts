import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clockProfilesIn, findNamings, namingsIn, parsePending, systemNames } from '../../scripts/check-system-names';

const names = systemNames();

describe('check-system-names', () => {
  it("knows every system id, every clock profile but 'none', and the short names", () => {
    for (const n of ['sr2011', 'confrontation-rackham', 'confrontation-cdr', 'lotr-sbg', 'lotr-30-50', 'confrontation-challenge', 'lotr', 'rackham', 'cdr', 'warmaster'])
      expect(names.has(n)).toBe(true);
    expect(names.has('none')).toBe(false);
    expect(clockProfilesIn("export type ClockProfile =\n  /** a */\n  | 'x-1'\n  | 'none';\nexport type Other = 'y';")).toEqual(['x-1', 'none']);
  });

  it('finds a comparison either way round, loose or strict, and a switch case', () => {
    const source = [
      "const a = event.system === 'sr2011';",
      "if ('lotr-30-50' !== profile) go();",
      "const c = kind == 'rackham' ? 1 : 2;",
      "switch (system) {\n  case 'confrontation-cdr':\n    break;\n}",
    ].join('\n');
    expect(namingsIn('x.tsx', source, names).map((n) => [n.line, n.name])).toEqual([
      [1, 'sr2011'],
      [2, 'lotr-30-50'],
      [3, 'rackham'],
      [5, 'confrontation-cdr'],
    ]);
  });

  it('leaves alone a name that is not compared, in a comment, a string, a key or a JSX attribute, and other comparisons', () => {
    const source = [
      "// system === 'sr2011' in a comment",
      "const ui = { sr2011: 1, 'lotr-sbg': 2 };",
      'const s = "profile === \'sr2011\'";',
      'const el = <div data-system="sr2011" />;',
      "const done = phase === 'over' || kind !== 'plain' || systems.includes('sr2011');",
    ].join('\n');
    expect(namingsIn('y.tsx', source, names)).toEqual([]);
  });

  it('the UI outside src/ui/systems/ names no system; the domain only in the files listed as pending', () => {
    const found = findNamings();
    expect(found.filter((n) => n.file.startsWith('src/ui/'))).toEqual([]);
    const pending = new Set(parsePending(readFileSync('scripts/system-names-pending.txt', 'utf8')));
    expect(found.filter((n) => !pending.has(n.file))).toEqual([]);
  });

  it('refuses a pending line without its owner', () => {
    expect(() => parsePending('src/a.ts\n')).toThrow(/pending/);
    expect(parsePending('# c\n\nsrc/a.ts  # pending: sync\n')).toEqual(['src/a.ts']);
  });
});
