// The command line as a function of its arguments and a small IO object, so tests run it in-process
// and src/cli.ts only wires Node's process to it. Everything the user can get wrong ends as a
// message and an exit code: 0 done, 1 invalid file or refused pairing, 2 bad usage, 3 a bug.
import { MAX_FILE_CHARS, parseEventFile, problemMessage, serializeEventFile, validateEventFile, type EventFile, type Lang, type Problem } from '../domain/event-file';
import { pairingImpossible, systemFor, type EventOver, type GameSystem } from '../domain/systems';
import { say, USAGE, type CliMessageKey } from './messages';

export interface CliIo {
  readFile(path: string): Promise<string>;
  /** the whole standard input, for FILE "-" */
  stdin(): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** a fresh seed when --seed is absent; defaults to node:crypto */
  randomSeed?: () => number;
}

export const EXIT = { ok: 0, invalid: 1, usage: 2, internal: 3 } as const;

const COMMANDS = ['validate', 'pair', 'standings'] as const;
type Command = (typeof COMMANDS)[number];

/** The seed is a mulberry32 state (seed >>> 0): a larger number would silently alias another. */
const MAX_SEED = 0xffffffff;

type Args =
  | { help: true; lang: Lang | null }
  | {
      help: false;
      lang: Lang | null;
      command: Command;
      file: string;
      seed: number | null;
      avoidSameClub: boolean;
      avoidSameTable: boolean;
      force: boolean;
    };

class UsageError {
  constructor(
    readonly key: CliMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {}
}

const OPTIONS: Record<string, { value: boolean; commands: readonly Command[] }> = {
  '--seed': { value: true, commands: ['pair'] },
  '--avoid-same-club': { value: false, commands: ['pair'] },
  '--avoid-same-table': { value: false, commands: ['pair'] },
  '--force': { value: false, commands: ['pair'] },
  '--lang': { value: true, commands: COMMANDS },
};

function parseLang(value: string): Lang | null {
  return value === 'fr' || value === 'en' ? value : null;
}

/**
 * --help wins over any other mistake on the line (the user is asking how to fix it), so errors
 * are collected and only the first is raised at the end.
 */
function parseArgs(argv: readonly string[]): { args: Args } | { error: UsageError; lang: Lang | null } {
  let help = false;
  let error: UsageError | null = null;
  const fail = (e: UsageError): void => void (error ??= e);
  const positional: string[] = [];
  const given = new Map<string, string | true>();
  let lang: Lang | null = null;
  let endOfOptions = false;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (endOfOptions || arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--') {
      endOfOptions = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const spec = OPTIONS[name];
    if (!spec) {
      fail(new UsageError('unknown-option', { option: name }));
      continue;
    }
    let value: string | true = true;
    if (spec.value) {
      if (eq > 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i]!;
      else {
        fail(new UsageError('option-needs-value', { option: name }));
        continue;
      }
    } else if (eq > 0) {
      fail(new UsageError('option-takes-no-value', { option: name }));
      continue;
    }
    if (given.has(name)) fail(new UsageError('option-twice', { option: name }));
    given.set(name, value);
    if (name === '--lang') {
      lang = parseLang(value as string);
      if (!lang) fail(new UsageError('bad-lang', { value: value as string }));
    }
  }

  if (help) return { args: { help: true, lang } };
  const [command, file, ...extra] = positional;
  if (command === undefined) fail(new UsageError('no-command'));
  else if (!(COMMANDS as readonly string[]).includes(command)) fail(new UsageError('unknown-command', { command }));
  else {
    for (const name of given.keys()) {
      if (!OPTIONS[name]!.commands.includes(command as Command)) fail(new UsageError('option-not-for-command', { option: name, command }));
    }
    if (file === undefined) fail(new UsageError('missing-file', { command }));
    else if (extra.length > 0) fail(new UsageError('extra-argument', { arg: extra[0]! }));
  }

  let seed: number | null = null;
  const rawSeed = given.get('--seed');
  if (typeof rawSeed === 'string') {
    seed = /^\d{1,10}$/.test(rawSeed) ? Number(rawSeed) : NaN;
    if (!(seed <= MAX_SEED)) fail(new UsageError('bad-seed', { value: rawSeed }));
  }
  if (error) return { error, lang };
  return {
    args: {
      help: false,
      lang,
      command: command as Command,
      file: file!,
      seed,
      avoidSameClub: given.has('--avoid-same-club'),
      avoidSameTable: given.has('--avoid-same-table'),
      force: given.has('--force'),
    },
  };
}

/** POSIX precedence (LC_ALL, then LC_MESSAGES, then LANG): French only when it says so. */
export function langFromEnv(env: CliIo['env']): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

const line = (text: string): string => `${text}\n`;
const fileLabel = (file: string, lang: Lang): string => (file === '-' ? say('stdin-name', lang) : file);

export interface Finding {
  warning: boolean;
  /** the whole line, field path first */
  text: (lang: Lang) => string;
}

type Loaded = { ok: true; event: EventFile; warnings: Finding[] } | { ok: false; problems: Finding[]; warnings: Finding[] } | { ok: false; unreadable: string };

const fromProblem = (p: Problem): Finding => ({ warning: p.warning === true, text: (lang) => problemMessage(p, lang) });

function readError(e: unknown, file: string, lang: Lang): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? (e as { code: unknown }).code : undefined;
  if (code === 'ENOENT') return say('file-not-found', lang, { file });
  if (code === 'EISDIR') return say('file-is-directory', lang, { file });
  if (code === 'EACCES' || code === 'EPERM') return say('file-no-permission', lang, { file });
  return say('file-unreadable', lang, { file, detail: e instanceof Error ? e.message : String(e) });
}

async function load(file: string, io: CliIo, lang: Lang): Promise<Loaded> {
  let text: string;
  try {
    text = file === '-' ? await io.stdin() : await io.readFile(file);
  } catch (e) {
    return { ok: false, unreadable: readError(e, fileLabel(file, lang), lang) };
  }
  // editors on Windows save UTF-8 with a byte order mark, which JSON.parse refuses
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let raw: unknown;
  try {
    if (text.length > MAX_FILE_CHARS) throw new RangeError('too large');
    raw = JSON.parse(text);
  } catch {
    // the domain words the parse error; it fails the same way
    const r = parseEventFile(text);
    return { ok: false, problems: r.ok ? [] : r.problems.map(fromProblem), warnings: [] };
  }
  // the same validation as the app's import: the format, then the system's rules
  const result = validateEventFile(raw);
  const warnings = result.warnings.map(fromProblem);
  if (!result.ok) return { ok: false, problems: result.problems.map(fromProblem), warnings };
  return { ok: true, event: result.event, warnings };
}

/** Prints what is wrong or worth knowing about the file; returns the event when it is usable. */
function report(loaded: Loaded, file: string, io: CliIo, lang: Lang): EventFile | null {
  if ('unreadable' in loaded) {
    io.stderr(line(loaded.unreadable));
    return null;
  }
  for (const w of loaded.warnings) io.stderr(line(say('warning', lang, { text: w.text(lang) })));
  if (loaded.ok) return loaded.event;
  io.stderr(line(say('invalid-summary', lang, { file: fileLabel(file, lang), count: loaded.problems.length })));
  for (const p of loaded.problems) io.stderr(line(`  ${p.text(lang)}`));
  return null;
}

const loadOrReport = async (file: string, io: CliIo, lang: Lang): Promise<EventFile | null> => report(await load(file, io, lang), file, io, lang);

async function validate(file: string, io: CliIo, lang: Lang): Promise<number> {
  const loaded = await load(file, io, lang);
  const e = report(loaded, file, io, lang);
  if (!e) return EXIT.invalid;
  const warnings = loaded.ok ? loaded.warnings.length : 0;
  io.stdout(
    line(
      say('valid-summary', lang, {
        file: fileLabel(file, lang),
        name: e.name,
        system: e.system,
        date: e.date,
        players: e.players.length,
        rounds: e.rounds.length,
        warnings,
      }),
    ),
  );
  return EXIT.ok;
}

/** Why the event is over, in the words the command line uses for it. */
function overText(over: EventOver, event: EventFile, lang: Lang): string {
  switch (over.reason) {
    case 'finished':
      return say('event-finished', lang, { round: over.afterRound });
    case 'unique-leader':
      return say('has-leader', lang, { name: over.name, round: over.round });
    case 'final-tables':
      return say('final-tables-played', lang, { round: over.round });
    case 'fixed-rounds':
      return say('fixed-rounds-played', lang, { planned: over.rounds });
    case 'champion': {
      const champion = event.players.find((p) => p.id === over.champion);
      return champion ? say('knockout-complete', lang, { name: champion.name, id: champion.id }) : say('nobody-left', lang);
    }
    case 'all-met':
      return say('round-robin-complete', lang, { rounds: over.rounds });
  }
}

async function pair(args: Extract<Args, { help: false }>, io: CliIo, lang: Lang): Promise<number> {
  const event = await loadOrReport(args.file, io, lang);
  if (!event) return EXIT.invalid;
  const system: GameSystem = systemFor(event.system);
  const method = system.pairingMethod(event.settings).kind;
  // whether the event is over and its next round may both read the standings: tallied once
  let rows: ReturnType<GameSystem['computeStandings']> | null = null;
  const standings = (): ReturnType<GameSystem['computeStandings']> => (rows ??= system.computeStandings(event));
  // RULES.md 1: an event that is over is not paired again unless the organizer insists
  const over = system.eventOver(event, standings);
  if (over !== null && !pairingImpossible(over)) {
    if (!args.force) {
      io.stderr(line(say('event-over', lang, { reason: overText(over, event, lang) })));
      return EXIT.invalid;
    }
    io.stderr(line(say('warning', lang, { text: overText(over, event, lang) })));
  }
  if (method !== 'swiss') {
    for (const [option, given] of [
      ['--avoid-same-club', args.avoidSameClub],
      ['--avoid-same-table', args.avoidSameTable],
    ] as const)
      if (given) io.stderr(line(say('warning', lang, { text: say('option-no-effect', lang, { option, method }) })));
  }
  // node:crypto loaded only when a seed must be drawn (the other runs skip initialising it)
  const seed = args.seed ?? (io.randomSeed ? io.randomSeed() : (await import('node:crypto')).randomInt(MAX_SEED + 1));
  const result = system.pairNextRound(event, {
    seed,
    // absent flags leave the event's own settings in force
    avoidSameClub: args.avoidSameClub || undefined,
    avoidSameTable: args.avoidSameTable || undefined,
    standings,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'round-unfinished':
        io.stderr(
          line(
            say('round-unfinished', lang, {
              next: event.rounds.length + 1,
              round: result.round,
              tables: say('tables', lang, { list: result.tables.join(', ') }),
            }),
          ),
        );
        break;
      case 'too-few-players':
        io.stderr(line(say('too-few-players', lang, { active: result.active })));
        break;
      case 'fewer-than-four-players':
        io.stderr(line(say('fewer-than-four-players', lang)));
        break;
      case 'event-complete': {
        const champion = event.players.find((p) => p.id === result.champion);
        if (champion) io.stderr(line(say('knockout-complete', lang, { name: champion.name, id: champion.id })));
        else if (method === 'round-robin') io.stderr(line(say('round-robin-complete', lang, { rounds: event.rounds.length })));
        else io.stderr(line(say('nobody-left', lang)));
        break;
      }
      case 'knockout-needs-winner':
        io.stderr(
          line(say('knockout-needs-winner', lang, { next: event.rounds.length + 1, round: result.round, tables: say('tables', lang, { list: result.tables.join(', ') }) })),
        );
        break;
      case 'bracket-invalid':
        io.stderr(line(say('bracket-invalid', lang)));
        break;
    }
    return EXIT.invalid;
  }
  const round = result.round;
  const bye = result.byes.length > 0 ? result.byes.join(', ') : say('no-bye', lang);
  io.stderr(line(say('paired', lang, { round: round.number, tables: round.pairings.length, bye, byes: result.byes.length, seed })));
  if (result.rematches > 0) io.stderr(line(say('warning', lang, { text: say('rematches', lang, { count: result.rematches }) })));
  if (result.unscheduled.length > 0) io.stderr(line(say('warning', lang, { text: say('unscheduled', lang, { ids: result.unscheduled.join(', ') }) })));
  io.stdout(serializeEventFile({ ...event, rounds: [...event.rounds, round] }));
  return EXIT.ok;
}

async function standings(file: string, io: CliIo, lang: Lang): Promise<number> {
  const event = await loadOrReport(file, io, lang);
  if (!event) return EXIT.invalid;
  // each system puts its headline fields first (SR2011: EVENT_FORMAT.md's rank, id, name, tp, sos, cp, apd)
  const system: GameSystem = systemFor(event.system);
  io.stdout(
    JSON.stringify(
      system.computeStandings(event).map((row) => system.standingsJson(row)),
      null,
      2,
    ) + '\n',
  );
  return EXIT.ok;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let lang: Lang = 'en';
  try {
    lang = langFromEnv(io.env);
    const parsed = parseArgs(argv);
    if ('error' in parsed) {
      lang = parsed.lang ?? lang;
      // a bare invocation gets the whole usage; a mistake gets the mistake and a pointer to it
      if (argv.length === 0) {
        io.stderr(USAGE[lang]);
        return EXIT.usage;
      }
      const { key, params } = parsed.error;
      io.stderr(line(`${lang === 'fr' ? 'erreur : ' : 'error: '}${say(key, lang, params)}`));
      io.stderr(line(say('usage-hint', lang)));
      return EXIT.usage;
    }
    const args = parsed.args;
    lang = args.lang ?? lang;
    if (args.help) {
      io.stdout(USAGE[lang]);
      return EXIT.ok;
    }
    switch (args.command) {
      case 'validate':
        return await validate(args.file, io, lang);
      case 'pair':
        return await pair(args, io, lang);
      case 'standings':
        return await standings(args.file, io, lang);
    }
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    try {
      io.stderr(line(say('internal-error', lang, { detail: detail.split('\n')[0] ?? '' })));
    } catch {
      // nowhere left to report to
    }
    return EXIT.internal;
  }
}
