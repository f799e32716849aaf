import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clockProfilesIn,
  DOMAIN_REGISTRIES,
  findNamings,
  findSystemImports,
  isSharedDomain,
  isSharedUi,
  namingsIn,
  systemImportsIn,
  systemNames,
} from '../../scripts/check-system-names';

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

  it("no file of src outside the systems' own places names a system, the shared domain included", () => {
    expect(findNamings()).toEqual([]);
  });

  it("fails on a new comparison in a shared domain file, not in a system's own folder", () => {
    const dir = mkdtempSync(join(tmpdir(), 'system-names-'));
    try {
      const put = (file: string, text: string): void => {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      mkdirSync(join(dir, 'src/domain/systems'), { recursive: true });
      copyFileSync('src/domain/systems/game-system.ts', join(dir, 'src/domain/systems/game-system.ts'));
      const compare = "export const own = (e: { system: string }): boolean => e.system === 'sr2011';\n";
      put('src/domain/event-file/rules.ts', compare);
      put('src/domain/public-view.ts', "export const x = (p: string): number => (p !== 'lotr-30-50' ? 1 : 0);\n");
      put('src/domain/sr2011/own.ts', compare);
      put('src/domain/systems/sr2011.ts', compare);
      put('src/domain/lotr/own.ts', "export const y = (p: string): boolean => p === 'lotr-30-50';\n");
      expect(findNamings(['src'], dir).map((n) => [n.file, n.line, n.name])).toEqual([
        ['src/domain/event-file/rules.ts', 1, 'sr2011'],
        ['src/domain/public-view.ts', 1, 'lotr-30-50'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds a shared UI file's imports of a system's code: import, type, re-export, import() and import types, any depth", () => {
    const file = 'src/ui/screens/event/players/SheetsView.tsx';
    const source = [
      "import { TournamentSheet } from '../../../systems/sr2011/TournamentSheet';",
      "import type { ScenarioId } from '../../../../domain/sr2011';",
      "export { LOTR_UI } from '../../../systems/lotr';",
      "const Wizard = () => import('../../../systems/confrontation/RackhamChallengeWizard');",
      "let m: typeof import('../../../../domain/warmaster/map');",
      "import { SR2011_SYSTEM } from '../../../../domain/systems/sr2011';",
      "import { uiFor } from '../../../systems';",
      "import { systemFor } from '../../../../domain/systems';",
      "import { FIELDS_RESULT } from '../../../systems/shared/FieldsResult';",
      "import { h } from 'preact';",
      "// import { x } from '../../../systems/sr2011/x';",
      'const text = "from \'../../../systems/lotr\'";',
    ].join('\n');
    expect(systemImportsIn(file, source).map((i) => [i.line, i.place])).toEqual([
      [1, 'src/ui/systems/sr2011'],
      [2, 'src/domain/sr2011'],
      [3, 'src/ui/systems/lotr'],
      [4, 'src/ui/systems/confrontation'],
      [5, 'src/domain/warmaster'],
      [6, 'src/domain/systems/sr2011'],
    ]);
  });

  it("counts as shared every UI file but the systems' own folders and the six registries", () => {
    for (const f of ['src/ui/App.tsx', 'src/ui/screens/Projector.tsx', 'src/ui/systems/shared/TableTools.tsx', 'src/ui/sync/PublicScreen.tsx']) expect(isSharedUi(f)).toBe(true);
    for (const f of [
      'src/ui/systems/index.tsx',
      'src/ui/systems/round-clocks.ts',
      'src/ui/systems/table-parts.ts',
      'src/ui/systems/table-tools.ts',
      'src/ui/systems/sizes.ts',
      'src/ui/systems/campaigns.ts',
      'src/ui/systems/sr2011/TournamentSheet.tsx',
      'src/ui/systems/warmaster/CampaignHome.tsx',
      'src/domain/public-view.ts',
    ])
      expect(isSharedUi(f)).toBe(false);
  });

  it('fails on an import planted in a shared screen', () => {
    const planted = systemImportsIn('src/ui/screens/Projector.tsx', "import { scenarioName } from '../../domain/sr2011';");
    expect(planted.map((i) => [i.file, i.line, i.place])).toEqual([['src/ui/screens/Projector.tsx', 1, 'src/domain/sr2011']]);
    // the shared helpers below the systems and the registries are no system's code
    expect(systemImportsIn('src/ui/screens/Projector.tsx', "import { isEventFinished } from '../../domain/systems/event-state';")).toEqual([]);
    expect(systemImportsIn('src/ui/App.tsx', "import { CAMPAIGN_ROUTES } from './systems/campaigns';")).toEqual([]);
  });

  it("no shared UI or domain file imports a system's code", () => {
    expect(findSystemImports()).toEqual([]);
  });
  it("finds every kind of import of a system's folder in a shared domain file, and only those", () => {
    const source = [
      "import { MINUTE_MS } from '../sr2011/timing';",
      "import type { ScenarioId } from '../sr2011';",
      "export { tablesById } from '../sr2011/next-round';",
      "export * from '../lotr/lotr-system';",
      "type Card = import('../confrontation/army').Army;",
      "const load = () => import('../warmaster/campaign');",
      "import { roundByes } from '../systems/rounds';",
      "import { systemFor } from '../systems';",
      "import { parseSync } from 'vite';",
      "import { x } from '../sr2011-notes';",
      "// import { y } from '../sr2011/timing';",
      'const s = "from \'../sr2011/timing\'";',
    ].join('\n');
    expect(systemImportsIn('src/domain/clock/config.ts', source).map((i) => [i.line, i.source, i.place])).toEqual([
      [1, '../sr2011/timing', 'src/domain/sr2011'],
      [2, '../sr2011', 'src/domain/sr2011'],
      [3, '../sr2011/next-round', 'src/domain/sr2011'],
      [4, '../lotr/lotr-system', 'src/domain/lotr'],
      [5, '../confrontation/army', 'src/domain/confrontation'],
      [6, '../warmaster/campaign', 'src/domain/warmaster'],
    ]);
    // a file at the top of the domain reaches a system's folder with './'
    expect(systemImportsIn('src/domain/public-view.ts', "import { a } from './sr2011/scenarios';").map((i) => i.place)).toEqual(['src/domain/sr2011']);
  });

  it("the domain's registry level is the systems' registry, their GameSystems and the wording of their problems", () => {
    expect(DOMAIN_REGISTRIES).toEqual([
      'src/domain/systems/index.ts',
      'src/domain/systems/messages.ts',
      'src/domain/systems/sr2011.ts',
      'src/domain/systems/confrontation.ts',
      'src/domain/systems/lotr.ts',
      'src/domain/systems/warmaster.ts',
    ]);
    for (const f of ['src/domain/clock/config.ts', 'src/domain/public-view.ts', 'src/domain/systems/rounds.ts']) expect(isSharedDomain(f)).toBe(true);
    for (const f of ['src/domain/systems/index.ts', 'src/domain/sr2011/timing.ts', 'src/domain/lotr/lotr-system.ts', 'src/ui/App.tsx']) expect(isSharedDomain(f)).toBe(false);
  });

  it("fails on a new import of a system's folder by a shared domain file, not by a system or the registry", () => {
    const dir = mkdtempSync(join(tmpdir(), 'system-imports-'));
    try {
      const put = (file: string, text: string): void => {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      const timing = "import { eventTiming } from '../sr2011/timing';\nexport const t = eventTiming;\n";
      put('src/domain/clock/config.ts', timing);
      put('src/domain/systems/rounds.ts', "export { tablesById } from '../sr2011/next-round';\n");
      put('src/domain/handoff/short-ticket.ts', "import type { ScenarioId } from '../sr2011/scenarios';\nexport type S = ScenarioId;\n");
      put('src/domain/public-view.ts', "import { LOTR_SYSTEM } from './lotr/lotr-system';\nexport const l = LOTR_SYSTEM;\n");
      put('src/domain/sr2011/turn-clock.ts', "import { roundEndsAt } from './round-timer';\nimport { turnClockConfig } from '../clock/config';\n");
      put('src/domain/lotr/own.ts', "import { x } from '../sr2011/timing';\nexport const y = x;\n");
      put('src/domain/systems/index.ts', "import { LOTR_SYSTEM } from '../lotr/lotr-system';\nexport const s = LOTR_SYSTEM;\n");
      put('src/domain/systems/sr2011.ts', timing);
      put('src/domain/systems/messages.ts', "import { SR2011_RULE_MESSAGES } from '../sr2011/event-rules';\nexport const m = SR2011_RULE_MESSAGES;\n");
      put('src/ui/screens/table/x.ts', timing);
      expect(findSystemImports(['src/ui', 'src/domain'], dir).map((i) => [i.file, i.line, i.source])).toEqual([
        ['src/domain/clock/config.ts', 1, '../sr2011/timing'],
        ['src/domain/handoff/short-ticket.ts', 1, '../sr2011/scenarios'],
        ['src/domain/public-view.ts', 1, './lotr/lotr-system'],
        ['src/domain/systems/rounds.ts', 1, '../sr2011/next-round'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
