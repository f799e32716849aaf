// The edge of the public format: anything read from a file, a QR code or the command line goes
// through here before the domain trusts it. Problems are codes with a field path and parameters;
// messages.ts turns them into French or English for the organizer.
import { EVENT_FORMAT, EVENT_FORMAT_VERSION, SYSTEMS, WIN_HOW, type EventFile, type Player, type Round } from './types';
import { eventRuleProblems, NO_SIDE_NEEDS, resultSideNeeds } from './rules';
import { EVENT_NAME_MAX, MAX_DEPTH, MAX_FILE_CHARS, MAX_ITEMS, MAX_TEXT, MAX_VALUES, NAME_MAX, PLAYER_TEXT_FIELDS, RANGES } from './limits';
import type { Problem, ProblemCode } from './problem';
import type { ResultSideNeeds } from '../systems/game-system';

export type { Problem, ProblemCode } from './problem';

export type ValidationResult = { ok: true; event: EventFile; warnings: Problem[] } | { ok: false; problems: Problem[]; warnings: Problem[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Checker {
  problems: Problem[] = [];
  warnings: Problem[] = [];
  add(path: string, code: ProblemCode, params?: Record<string, string | number>): void {
    this.problems.push(params ? { path, code, params } : { path, code });
  }
  warn(path: string, code: ProblemCode, params?: Record<string, string | number>): void {
    this.warnings.push({ path, code, params: params ?? {}, warning: true });
  }
  // The field's path is only spelled out when something is wrong (at): a 4,096-player file has
  // hundreds of thousands of fields that are fine.
  private at(path: string, key: string): string {
    return `${path}${path ? '.' : ''}${key}`;
  }
  string(o: Obj, key: string, path: string, opts: { optional?: boolean; nullable?: boolean; nonEmpty?: boolean } = {}): boolean {
    const v = o[key];
    if (v === undefined) {
      if (!opts.optional) this.add(this.at(path, key), 'required');
      return false;
    }
    if (v === null && (opts.nullable || opts.optional)) return false;
    if (typeof v !== 'string') return (this.add(this.at(path, key), 'not-string'), false);
    if (opts.nonEmpty && v.trim() === '') return (this.add(this.at(path, key), 'empty-string'), false);
    return true;
  }
  number(o: Obj, key: string, path: string, opts: { optional?: boolean; nullable?: boolean; integer?: boolean; min?: 0 | 1; range?: readonly [number, number] } = {}): boolean {
    const v = o[key];
    if (v === undefined) {
      if (!opts.optional) this.add(this.at(path, key), 'required');
      return false;
    }
    if (v === null && (opts.nullable || opts.optional)) return false;
    if (typeof v !== 'number' || !Number.isFinite(v)) return (this.add(this.at(path, key), 'not-number'), false);
    if (opts.integer && !Number.isInteger(v)) return (this.add(this.at(path, key), 'not-integer'), false);
    if (opts.min === 0 && v < 0) return (this.add(this.at(path, key), 'negative'), false);
    if (opts.min === 1 && v < 1) return (this.add(this.at(path, key), 'not-positive'), false);
    if (opts.range && (v < opts.range[0] || v > opts.range[1])) return (this.add(this.at(path, key), 'out-of-range', { min: opts.range[0], max: opts.range[1] }), false);
    return true;
  }
  /** a text held to `max` characters (names travel on tickets, sheets and QR codes) */
  name(o: Obj, key: string, path: string, max: number): void {
    const v = o[key];
    if (typeof v === 'string' && v.length > max) this.add(`${path}${path ? '.' : ''}${key}`, 'name-too-long', { max, length: v.length });
  }
  array(o: Obj, key: string, path: string, optional = false, max?: number): unknown[] | null {
    const v = o[key];
    const p = `${path}${path ? '.' : ''}${key}`;
    if (v === undefined) {
      if (!optional) this.add(p, 'required');
      return null;
    }
    if (!Array.isArray(v)) return (this.add(p, 'not-array'), null);
    // one problem for the list, not one per item of an unreasonable list
    if (max !== undefined && v.length > max) return (this.add(p, 'too-many-items', { max, count: v.length }), null);
    return v;
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

/** Checker.string (with nonEmpty when `required`) and Checker.name would both pass it */
function textFine(v: unknown, required: boolean): boolean {
  if (v === undefined || v === null) return !required;
  return typeof v === 'string' && v.length <= NAME_MAX && (!required || v.trim() !== '');
}

/**
 * A registered list the loop below would find nothing in, read without a path: a 4,096-player
 * file has thousands of lists and models, whose paths were spelled out for each field before.
 */
function listFine(l: unknown): boolean {
  if (!isObj(l) || !textFine(l.caster, true) || !textFine(l.themeForce, false)) return false;
  if (!numberFine(l.tier, true, true, [1, 4]) || !numberFine(l.bonus, true, false, RANGES.bonus)) return false;
  const models = l.models;
  if (models === undefined) return true;
  if (!Array.isArray(models) || models.length > MAX_ITEMS.models) return false;
  for (const m of models) if (!isObj(m) || !textFine(m.name, true) || !numberFine(m.cost, false, false, RANGES.cost)) return false;
  return true;
}

const PLAYER_OPTIONAL_TEXTS = ['nickname', 'club', 'faction'] as const;

/** checkPlayer would find nothing: the same tests without a path, as listFine for a list */
function playerFine(p: unknown): boolean {
  if (!isObj(p) || !textFine(p.id, true) || !textFine(p.name, true) || !numberFine(p.number, false, true, RANGES.playerNumber)) return false;
  if (!textFine(p.nickname, false) || !textFine(p.club, false) || !textFine(p.faction, false)) return false;
  if ((p.dropped !== undefined && typeof p.dropped !== 'boolean') || !numberFine(p.droppedAfterRound, true, true, [0, RANGES.roundNumber[1]])) return false;
  const lists = p.lists;
  if (lists === undefined) return true;
  if (!Array.isArray(lists) || lists.length > MAX_ITEMS.lists) return false;
  for (const l of lists) if (!listFine(l)) return false;
  return true;
}

function checkPlayer(c: Checker, raw: unknown, path: string): void {
  // a 4,096-player file has 4,096 players that are fine: their fields are read once, without paths
  if (playerFine(raw)) return;
  if (!isObj(raw)) return c.add(path, 'not-object');
  c.string(raw, 'id', path, { nonEmpty: true });
  c.number(raw, 'number', path, { integer: true, min: 1, range: RANGES.playerNumber });
  c.string(raw, 'name', path, { nonEmpty: true });
  for (const k of PLAYER_OPTIONAL_TEXTS) c.string(raw, k, path, { optional: true });
  for (const k of PLAYER_TEXT_FIELDS) c.name(raw, k, path, NAME_MAX);
  if (raw.dropped !== undefined && typeof raw.dropped !== 'boolean') c.add(`${path}.dropped`, 'not-boolean');
  c.number(raw, 'droppedAfterRound', path, { optional: true, integer: true, min: 0, range: [0, RANGES.roundNumber[1]] });
  const lists = c.array(raw, 'lists', path, true, MAX_ITEMS.lists);
  lists?.forEach((l, i) => {
    if (listFine(l)) return;
    const lp = `${path}.lists[${i}]`;
    if (!isObj(l)) return c.add(lp, 'not-object');
    c.string(l, 'caster', lp, { nonEmpty: true });
    c.string(l, 'themeForce', lp, { optional: true });
    c.name(l, 'caster', lp, NAME_MAX);
    c.name(l, 'themeForce', lp, NAME_MAX);
    if (c.number(l, 'tier', lp, { optional: true, integer: true }) && ((l.tier as number) < 1 || (l.tier as number) > 4)) c.add(`${lp}.tier`, 'bad-tier');
    c.number(l, 'bonus', lp, { optional: true, min: 0, range: RANGES.bonus });
    const models = c.array(l, 'models', lp, true, MAX_ITEMS.models);
    models?.forEach((m, j) => {
      const mp = `${lp}.models[${j}]`;
      if (!isObj(m)) return c.add(mp, 'not-object');
      c.string(m, 'name', mp, { nonEmpty: true });
      c.name(m, 'name', mp, NAME_MAX);
      c.number(m, 'cost', mp, { min: 0, range: RANGES.cost });
    });
  });
}

/**
 * Whether Checker.number would pass this value without a word (the same tests, no path): the
 * hot fields of a round are read this way first, and their paths spelled out only when not.
 */
function numberFine(v: unknown, optional: boolean, integer: boolean, range: readonly [number, number]): boolean {
  if (v === undefined || v === null) return optional;
  return typeof v === 'number' && (integer ? Number.isInteger(v) : Number.isFinite(v)) && v >= range[0] && v <= range[1];
}

/** checkSide would find nothing (its ranges all start at 0, the fields' minimum) */
function sideFine(raw: unknown, lists: number | null, needs: ResultSideNeeds): boolean {
  if (!isObj(raw)) return false;
  if (!numberFine(raw.cp, !needs.cp, true, RANGES.cp) || !numberFine(raw.apd, !needs.apd, false, RANGES.apd) || !numberFine(raw.survived, true, false, RANGES.apd)) return false;
  const li = raw.listIndex;
  return numberFine(li, true, true, RANGES.listIndex) && (typeof li !== 'number' || lists === null || li < lists);
}

function checkSide(c: Checker, raw: unknown, path: string, lists: number | null, needs: ResultSideNeeds): void {
  if (!isObj(raw)) return c.add(path, raw === undefined ? 'required' : 'not-object');
  // CP and army points are needed only by a system that scores on them (resultSideNeeds); the
  // others record their own fields (vp, points...) and may leave these out, but when present
  // they must still make sense.
  c.number(raw, 'cp', path, { integer: true, min: 0, optional: !needs.cp, range: RANGES.cp });
  c.number(raw, 'apd', path, { min: 0, optional: !needs.apd, range: RANGES.apd });
  c.number(raw, 'survived', path, { min: 0, optional: true, range: RANGES.apd });
  if (c.number(raw, 'listIndex', path, { optional: true, integer: true, min: 0, range: RANGES.listIndex }) && lists !== null && (raw.listIndex as number) >= lists)
    c.add(`${path}.listIndex`, 'bad-list-index', { count: lists });
}

/**
 * A registered player as the rounds' checks read them: what they need of the player, and where
 * the player last sat (`round`, `seat`), kept on the entry the seat's one lookup finds rather
 * than in a map per round (a 4,096-player file seats 90,000 players).
 */
interface Registered {
  /** registered list count, null when `lists` is not an array */
  lists: number | null;
  /** the round after which the player dropped, null when still in */
  droppedAfter: number | null;
  /** index of the round checked when the player was last seated, -1 none yet */
  round: number;
  seat: number;
}

function registered(p: Obj): Registered {
  return {
    lists: Array.isArray(p.lists) ? p.lists.length : null,
    droppedAfter: p.dropped === true && typeof p.droppedAfterRound === 'number' ? p.droppedAfterRound : null,
    round: -1,
    seat: 0,
  };
}

function checkRound(c: Checker, raw: unknown, path: string, index: number, players: Map<string, Registered> | null, needs: ResultSideNeeds): void {
  if (!isObj(raw)) return c.add(path, 'not-object');
  if (c.number(raw, 'number', path, { integer: true, min: 1 }) && raw.number !== index + 1) c.add(`${path}.number`, 'round-order', { expected: index + 1 });
  c.string(raw, 'scenario', path, { optional: true, nonEmpty: true });
  c.name(raw, 'scenario', path, NAME_MAX);
  if (c.number(raw, 'variableMinutes', path, { optional: true, integer: true })) {
    const v = raw.variableMinutes as number;
    if (v < 2 || v > 12 || v % 2 !== 0) c.add(`${path}.variableMinutes`, 'bad-variable-minutes');
  }
  const roundNo = typeof raw.number === 'number' ? raw.number : index + 1;
  // the paths of a round's thousands of fields are spelled out only for a problem: where each
  // player sat first is kept as a number (pairing * 2 + side, -1 the bye)
  const pairingPath = (i: number): string => `${path}.pairings[${i}]`;
  const seatPath = (seat: number): string => (seat === -1 ? `${path}.bye` : `${pairingPath(seat >> 1)}.${seat & 1 ? 'b' : 'a'}`);
  /** checks a seat; returns the seated player's registered list count (null: unknown player or no lists) */
  const use = (id: unknown, seat: number): number | null => {
    if (typeof id !== 'string') return (c.add(seatPath(seat), id === undefined ? 'required' : 'not-string'), null);
    if (!players) return null;
    const player = players.get(id);
    if (!player) return (c.add(seatPath(seat), 'unknown-player', { id }), null);
    if (player.round === index) c.add(seatPath(seat), 'paired-twice', { id, other: seatPath(player.seat) });
    else {
      player.round = index;
      player.seat = seat;
    }
    if (player.droppedAfter !== null && roundNo > player.droppedAfter) c.add(seatPath(seat), 'paired-after-drop', { id, round: player.droppedAfter });
    // read here, with the one lookup of the seat's player (a second per side was a tenth of the rounds' checks)
    return player.lists;
  };
  const pairings = c.array(raw, 'pairings', path);
  const tables = new Set<number>();
  pairings?.forEach((pr, i) => {
    if (!isObj(pr)) return c.add(pairingPath(i), 'not-object');
    if (numberFine(pr.table, false, true, RANGES.table) || c.number(pr, 'table', pairingPath(i), { integer: true, min: 1, range: RANGES.table })) {
      if (tables.has(pr.table as number)) c.add(`${pairingPath(i)}.table`, 'duplicate-table', { table: pr.table as number });
      tables.add(pr.table as number);
    }
    const la = use(pr.a, 2 * i);
    const lb = use(pr.b, 2 * i + 1);
    if (typeof pr.a === 'string' && pr.a === pr.b) c.add(`${pairingPath(i)}.b`, 'self-pairing');
    const result = pr.result;
    if (result === undefined || result === null) return;
    if (!isObj(result)) return c.add(`${pairingPath(i)}.result`, 'not-object');
    if (result.winner === undefined) c.add(`${pairingPath(i)}.result.winner`, 'required');
    else if (result.winner !== null && result.winner !== pr.a && result.winner !== pr.b)
      c.add(`${pairingPath(i)}.result.winner`, 'winner-not-in-game', { id: String(result.winner) });
    if (result.how !== undefined && result.how !== null && !(WIN_HOW as readonly unknown[]).includes(result.how))
      c.add(`${pairingPath(i)}.result.how`, 'unknown-how', { value: String(result.how), allowed: WIN_HOW.join(', ') });
    if (!sideFine(result.a, la, needs)) checkSide(c, result.a, `${pairingPath(i)}.result.a`, la, needs);
    if (!sideFine(result.b, lb, needs)) checkSide(c, result.b, `${pairingPath(i)}.result.b`, lb, needs);
  });
  if (raw.bye === undefined) c.add(`${path}.bye`, 'required');
  else if (raw.bye !== null) void use(raw.bye, -1);
}

/** Fills the defaults the format allows to be left out, keeping every unknown field. */
function normalise(raw: Obj): EventFile {
  const e = raw as unknown as EventFile;
  return {
    ...e,
    settings: { ...e.settings, variants: e.settings.variants ?? [], rounds: e.settings.rounds ?? null },
    players: e.players.map(
      (p): Player => ({
        ...p,
        dropped: p.dropped ?? false,
        droppedAfterRound: p.droppedAfterRound ?? null,
        lists: (p.lists ?? []).map((l) => ({ ...l, themeForce: l.themeForce ?? null, tier: l.tier ?? null, bonus: l.bonus ?? 0, models: l.models ?? [] })),
      }),
    ),
    rounds: e.rounds.map((r): Round => ({ ...r, bye: r.bye ?? null })),
  };
}

/** Readable path of a value found by the walk below ("rounds[2].pairings[0].x"). */
interface Step {
  parent: Step | null;
  key: string | number;
}
function pathOf(step: Step | null): string {
  const parts: string[] = [];
  for (let s = step; s; s = s.parent) parts.push(typeof s.key === 'number' ? `[${s.key}]` : s.key);
  return parts.reverse().reduce((acc, part) => (part.startsWith('[') || acc === '' ? acc + part : `${acc}.${part}`), '');
}

/** A value JSON cannot give back as written (beyond 2^53, or 1e308 summing to Infinity). */
const unsafeNumber = (v: number): boolean => !Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER;

/**
 * The quick pass over every value: whether anything is too deep, too many, too long or unsafe.
 * Recursive but bounded by MAX_DEPTH (it never descends further, so a 20,000-deep file cannot
 * overflow it), and with no allocation per value: a 4,096-player event has ~10^6 of them, and
 * accepting a table's result on the organizer's tablet must stay cheap. The slow pass with paths
 * runs only when something is wrong.
 */
function shapeIsFine(input: unknown): boolean {
  let count = 0;
  const fine = (v: unknown, depth: number): boolean => {
    if (++count > MAX_VALUES) return false;
    if (typeof v === 'number') return !unsafeNumber(v);
    if (typeof v === 'string') return v.length <= MAX_TEXT;
    if (typeof v !== 'object' || v === null) return true;
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!fine(v[i], depth + 1)) return false;
      return true;
    }
    for (const k in v) if (!fine((v as Obj)[k], depth + 1)) return false;
    return true;
  };
  return fine(input, 0);
}

/**
 * Every value of the file, known field or not, without recursion (a deep file must not overflow
 * the stack that is checking it): nesting, count, text length and numbers JSON cannot carry.
 * Stops at the first structural problem: past it, nothing else is worth reading.
 */
function checkShape(input: unknown): Problem[] {
  if (shapeIsFine(input)) return [];
  const problems: Problem[] = [];
  const stack: Array<{ v: unknown; depth: number; at: Step | null }> = [{ v: input, depth: 0, at: null }];
  let count = 0;
  while (stack.length > 0) {
    const { v, depth, at } = stack.pop()!;
    if (++count > MAX_VALUES) return [{ path: '', code: 'too-many-values', params: { max: MAX_VALUES } }];
    if (typeof v === 'number') {
      if (unsafeNumber(v)) problems.push({ path: pathOf(at), code: 'unsafe-number', params: { max: Number.MAX_SAFE_INTEGER } });
    } else if (typeof v === 'string') {
      if (v.length > MAX_TEXT) problems.push({ path: pathOf(at), code: 'text-too-long', params: { max: MAX_TEXT, length: v.length } });
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_DEPTH) return [{ path: pathOf(at), code: 'too-deep', params: { max: MAX_DEPTH } }];
      if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, at: { parent: at, key: i } });
      else for (const k of Object.keys(v).reverse()) stack.push({ v: (v as Obj)[k], depth: depth + 1, at: { parent: at, key: k } });
    }
    if (problems.length >= 50) break;
  }
  return problems;
}

/**
 * `shapeChecked`: the caller vouches that the file's depth, size and numbers were checked already
 * (an event the store holds, with one result added whose numbers the store checks on write), so
 * the walk over every value is skipped on the organizer's main thread.
 */
export function validateEventFile(input: unknown, opts: { shapeChecked?: boolean } = {}): ValidationResult {
  const c = new Checker();
  if (!isObj(input)) {
    c.add('', 'not-object');
    return { ok: false, problems: c.problems, warnings: [] };
  }
  const shape = opts.shapeChecked ? [] : checkShape(input);
  // too deep or too big: nothing else is safe to read. An unsafe number or an overlong text is
  // one problem among the others the organizer should see at once.
  if (shape.some((p) => p.code === 'too-deep' || p.code === 'too-many-values')) return { ok: false, problems: shape, warnings: [] };
  for (const p of shape) c.problems.push(p);
  const shapePaths = new Set(shape.map((p) => p.path));
  if (input.format === undefined) c.add('format', 'required');
  else if (input.format !== EVENT_FORMAT) c.add('format', 'wrong-format', { expected: EVENT_FORMAT });
  if (typeof input.version !== 'number' || !Number.isInteger(input.version) || input.version < 1) c.add('version', 'bad-version');
  else if (input.version > EVENT_FORMAT_VERSION) c.add('version', 'newer-version', { version: input.version, supported: EVENT_FORMAT_VERSION });
  if (input.system === undefined) c.add('system', 'required');
  else if (!(SYSTEMS as readonly unknown[]).includes(input.system)) c.add('system', 'unknown-system', { value: String(input.system), allowed: SYSTEMS.join(', ') });
  c.string(input, 'name', '', { nonEmpty: true });
  c.name(input, 'name', '', EVENT_NAME_MAX);
  if (c.string(input, 'date', '') && !validDate(input.date as string)) c.add('date', 'bad-date');
  const settings = input.settings;
  if (!isObj(settings)) c.add('settings', settings === undefined ? 'required' : 'not-object');
  else {
    c.number(settings, 'points', 'settings', { min: 1, range: RANGES.points });
    const variants = c.array(settings, 'variants', 'settings', true, MAX_ITEMS.variants);
    variants?.forEach((v, i) => {
      if (typeof v !== 'string') c.add(`settings.variants[${i}]`, 'not-string');
    });
    c.number(settings, 'rounds', 'settings', { optional: true, integer: true, min: 1, range: RANGES.rounds });
    // optional: the table devices call no dice down of their own (issue 14); absent = they do
    if (settings.organizerCallsTime !== undefined && typeof settings.organizerCallsTime !== 'boolean') c.add('settings.organizerCallsTime', 'not-boolean');
  }

  const players = new Map<string, Registered>();
  const rawPlayers = c.array(input, 'players', '', false, MAX_ITEMS.players);
  const numbers = new Map<number, string>();
  const names = new Map<string, string>();
  rawPlayers?.forEach((p, i) => {
    const path = `players[${i}]`;
    checkPlayer(c, p, path);
    if (!isObj(p)) return;
    if (typeof p.id === 'string') {
      if (players.has(p.id)) c.add(`${path}.id`, 'duplicate-id', { id: p.id });
      else players.set(p.id, registered(p));
    }
    if (typeof p.number === 'number') {
      const other = numbers.get(p.number);
      if (other) c.add(`${path}.number`, 'duplicate-number', { number: p.number, other });
      else numbers.set(p.number, path);
    }
    if (typeof p.name === 'string' && p.name.trim()) {
      const key = p.name.trim().toLocaleLowerCase();
      const other = names.get(key);
      if (other) c.warn(`${path}.name`, 'duplicate-name', { name: p.name, other });
      else names.set(key, path);
    }
  });
  const rawRounds = c.array(input, 'rounds', '', false, MAX_ITEMS.rounds);
  // Without a readable player list every pairing would also be "unknown player": one problem
  // is enough to act on, so the rounds' references are only checked against a real list.
  const playersKnown = rawPlayers !== null ? players : null;
  const needs = resultSideNeeds(input.system);
  rawRounds?.forEach((r, i) => checkRound(c, r, `rounds[${i}]`, i, playersKnown, needs));

  // one message per field: a number already "too large to be kept" is not also "out of range"
  const problems = c.problems.filter((p, i) => i < shape.length || !shapePaths.has(p.path));
  // the system's rules: breaks in played rounds are warnings, what the engine cannot read errors
  if (problems.length > 0) {
    // listed with the format's problems when the file is whole enough, so the organizer fixes
    // everything in one pass; a file too broken for them gets the format's problems only
    let rules: Problem[] = [];
    if (shape.length === 0) {
      try {
        rules = (SYSTEMS as readonly unknown[]).includes(input.system) ? eventRuleProblems(normalise(input)) : [];
      } catch {
        rules = [];
      }
    }
    // warnings judged on a file the format refused would be guesses: errors only
    return { ok: false, problems: [...problems, ...rules.filter((p) => p.warning !== true)], warnings: c.warnings };
  }
  const event = normalise(input);
  const rules = eventRuleProblems(event);
  const ruleErrors = rules.filter((p) => p.warning !== true);
  const warnings = [...c.warnings, ...rules.filter((p) => p.warning === true)];
  if (ruleErrors.length > 0) return { ok: false, problems: ruleErrors, warnings };
  return { ok: true, event, warnings };
}

/** Parses text then validates: a file that is not JSON is one clear problem, not an exception. */
export function parseEventFile(text: string): ValidationResult {
  if (text.length > MAX_FILE_CHARS)
    return {
      ok: false,
      problems: [{ path: '', code: 'too-large', params: { max: Math.round(MAX_FILE_CHARS / 1024 / 1024), size: Math.ceil(text.length / 1024 / 1024) } }],
      warnings: [],
    };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [{ path: '', code: 'not-json', params: { detail: (e as Error).message } }], warnings: [] };
  }
  return validateEventFile(data);
}

// The same checks for the pieces of an event that a synced log entry carries (a player, a round,
// a result): a document from the server meets the import's limits, not a second set of rules.

/** Depth, value count, unsafe numbers and overlong texts anywhere in `input`. */
export function shapeProblems(input: unknown): Problem[] {
  return shapeIsFine(input) ? [] : checkShape(input);
}

export function playerProblems(raw: unknown, path = 'player'): Problem[] {
  const c = new Checker();
  checkPlayer(c, raw, path);
  return c.problems;
}

/** A round on its own (its players are checked where the round is folded). */
export function roundProblems(raw: unknown, path = 'round'): Problem[] {
  const c = new Checker();
  const n = isObj(raw) && typeof raw.number === 'number' && Number.isInteger(raw.number) ? raw.number : 1;
  checkRound(c, raw, path, n - 1, null, NO_SIDE_NEEDS);
  return c.problems;
}

/** A game's result as a form records it; `null` only where the action allows clearing it. */
export function resultProblems(raw: unknown, path = 'result'): Problem[] {
  const c = new Checker();
  if (!isObj(raw)) {
    c.add(path, raw === undefined ? 'required' : 'not-object');
    return c.problems;
  }
  if (raw.winner === undefined) c.add(`${path}.winner`, 'required');
  else if (raw.winner !== null && typeof raw.winner !== 'string') c.add(`${path}.winner`, 'not-string');
  if (raw.how !== undefined && raw.how !== null && !(WIN_HOW as readonly unknown[]).includes(raw.how))
    c.add(`${path}.how`, 'unknown-how', { value: String(raw.how), allowed: WIN_HOW.join(', ') });
  checkSide(c, raw.a, `${path}.a`, null, NO_SIDE_NEEDS);
  checkSide(c, raw.b, `${path}.b`, null, NO_SIDE_NEEDS);
  return c.problems;
}
