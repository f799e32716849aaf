// A log entry that arrives from another device is read like an imported file: the same limits
// (event-file/limits.ts) and the same checks of a player, a round, a result (event-file/validate)
// before anything folds it. What is not one of the app's actions, or not shaped like one, is
// refused here with the path of the problem, so no screen ever meets `a: null` or a missing patch.
import { EVENT_NAME_MAX, MAX_FILE_CHARS, MAX_ITEMS, NAME_MAX, RANGES } from '../event-file/limits';
import { playerProblems, resultProblems, roundProblems, shapeProblems, validateEventFile, type Problem } from '../event-file/validate';
import type { ActionType } from './actions';
import { actionProblems } from './limits';

/** Lamport values and writers' sequence numbers beyond this are not an honest log's. */
export const CLOCK_MAX = 2 ** 31 - 1;
/** one entry that does not carry a whole event (a player with lists is a few kB) */
export const MAX_ENTRY_CHARS = 256 * 1024;

export const ACTION_TYPES: readonly ActionType[] = [
  'event-created',
  'event-imported',
  'event-updated',
  'player-registered',
  'player-updated',
  'player-dropped',
  'player-reinstated',
  'players-absent',
  'players-checked-in',
  'round-paired',
  'round-updated',
  'pairings-swapped',
  'round-deleted',
  'result-recorded',
  'result-corrected',
  'action-undone',
  'conflict-resolved',
  'backup-restored',
  'event-replaced',
  'organizer-pin-reset',
];
const CARRIES_EVENT = new Set<string>(['event-created', 'event-imported', 'backup-restored', 'event-replaced']);

export type EntryCheck = { ok: true } | { ok: false; reason: 'too-large' | 'unknown-action' | 'invalid' | 'clock'; problems: Problem[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Out {
  problems: Problem[] = [];
  add(path: string, code: Problem['code'], params?: Record<string, string | number>): void {
    this.problems.push(params ? { path, code, params } : { path, code });
  }
  int(o: Obj, key: string, path: string, range: readonly [number, number], optional = false): boolean {
    const v = o[key];
    const p = `${path}.${key}`;
    if (v === undefined) {
      if (!optional) this.add(p, 'required');
      return false;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) return (this.add(p, 'not-number'), false);
    if (!Number.isInteger(v)) return (this.add(p, 'not-integer'), false);
    if (v < range[0] || v > range[1]) return (this.add(p, 'out-of-range', { min: range[0], max: range[1] }), false);
    return true;
  }
  str(o: Obj, key: string, path: string, max: number, optional = false): boolean {
    const v = o[key];
    const p = `${path}.${key}`;
    if (v === undefined) {
      if (!optional) this.add(p, 'required');
      return false;
    }
    if (typeof v !== 'string') return (this.add(p, 'not-string'), false);
    if (v.length > max) return (this.add(p, 'name-too-long', { max, length: v.length }), false);
    return true;
  }
  ids(o: Obj, key: string, path: string): void {
    const v = o[key];
    if (!Array.isArray(v)) return this.add(`${path}.${key}`, v === undefined ? 'required' : 'not-array');
    if (v.length > MAX_ITEMS.players) return this.add(`${path}.${key}`, 'too-many-items', { max: MAX_ITEMS.players, count: v.length });
    v.forEach((id, i) => {
      if (typeof id !== 'string') this.add(`${path}.${key}[${i}]`, 'not-string');
      else if (id.length > NAME_MAX) this.add(`${path}.${key}[${i}]`, 'name-too-long', { max: NAME_MAX, length: id.length });
    });
  }
  obj(o: Obj, key: string, path: string): Obj | null {
    const v = o[key];
    if (!isObj(v)) {
      this.add(`${path}.${key}`, v === undefined ? 'required' : 'not-object');
      return null;
    }
    return v;
  }
}

const ROUND = RANGES.roundNumber;
const SEQ: readonly [number, number] = [1, CLOCK_MAX];

function actionShape(o: Out, a: Obj): void {
  const p = 'action';
  switch (a.type as ActionType) {
    case 'event-created':
    case 'event-imported':
    case 'event-replaced':
    case 'backup-restored': {
      const checked = validateEventFile(a.event);
      if (!checked.ok) for (const pr of checked.problems) o.problems.push({ ...pr, path: `${p}.event${pr.path ? `.${pr.path}` : ''}` });
      if (a.type === 'backup-restored') {
        o.int(a, 'backupAt', p, [0, Number.MAX_SAFE_INTEGER]);
        o.int(a, 'backupRound', p, [0, ROUND[1]]);
      }
      if (a.type === 'event-replaced') o.str(a, 'fileName', p, 1_000, true);
      break;
    }
    case 'event-updated': {
      const patch = o.obj(a, 'patch', p);
      if (!patch) break;
      if (o.str(patch, 'name', `${p}.patch`, EVENT_NAME_MAX, true) && !(patch.name as string).trim()) o.add(`${p}.patch.name`, 'empty-string');
      if (patch.date !== undefined && (typeof patch.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(patch.date))) o.add(`${p}.patch.date`, 'bad-date');
      if (patch.settings !== undefined) {
        if (!isObj(patch.settings)) o.add(`${p}.patch.settings`, 'not-object');
        else {
          const s = patch.settings;
          if (s.points !== undefined) o.int(s, 'points', `${p}.patch.settings`, RANGES.points);
          if (s.rounds !== undefined && s.rounds !== null) o.int(s, 'rounds', `${p}.patch.settings`, RANGES.rounds);
          if (s.variants !== undefined) o.ids(s, 'variants', `${p}.patch.settings`);
        }
      }
      break;
    }
    case 'player-registered':
      o.problems.push(...playerProblems(a.player, `${p}.player`));
      break;
    case 'player-updated': {
      o.str(a, 'id', p, NAME_MAX);
      const patch = o.obj(a, 'patch', p);
      // the patch is checked as the player it makes: each field present meets the player's rule
      if (patch) o.problems.push(...playerProblems({ id: 'x', number: 1, name: 'x', ...patch }, `${p}.patch`));
      break;
    }
    case 'player-dropped':
      o.str(a, 'id', p, NAME_MAX);
      o.int(a, 'afterRound', p, [0, ROUND[1]]);
      break;
    case 'player-reinstated':
      o.str(a, 'id', p, NAME_MAX);
      break;
    case 'players-absent':
      o.ids(a, 'ids', p);
      o.int(a, 'afterRound', p, [0, ROUND[1]]);
      break;
    case 'players-checked-in':
      o.ids(a, 'ids', p);
      break;
    case 'round-paired':
      o.problems.push(...roundProblems(a.round, `${p}.round`));
      break;
    case 'round-updated': {
      if (!o.int(a, 'number', p, ROUND)) break;
      const patch = o.obj(a, 'patch', p);
      if (patch) o.problems.push(...roundProblems({ bye: null, ...patch, number: a.number, pairings: [] }, `${p}.patch`));
      break;
    }
    case 'pairings-swapped':
      o.int(a, 'round', p, ROUND);
      o.str(a, 'a', p, NAME_MAX);
      o.str(a, 'b', p, NAME_MAX);
      if (a.warnings !== undefined) o.ids(a, 'warnings', p);
      break;
    case 'round-deleted':
      o.int(a, 'number', p, ROUND);
      break;
    case 'result-recorded':
    case 'result-corrected':
      o.int(a, 'round', p, ROUND);
      o.int(a, 'table', p, RANGES.table);
      if (!(a.type === 'result-corrected' && a.result === null)) o.problems.push(...resultProblems(a.result, `${p}.result`));
      if (a.type === 'result-corrected') o.str(a, 'reason', p, 1_000, true);
      break;
    case 'action-undone':
      o.int(a, 'seq', p, SEQ);
      o.str(a, 'target', p, 200, true);
      break;
    case 'conflict-resolved':
      o.str(a, 'conflict', p, 200);
      o.str(a, 'keep', p, 200);
      o.ids(a, 'setAside', p);
      break;
    case 'organizer-pin-reset':
      if (a.how !== undefined && a.how !== 'recovery-code') o.add(`${p}.how`, 'not-string');
      break;
  }
  if (a.basedOn !== undefined) o.int(a, 'basedOn', p, [0, CLOCK_MAX]);
}

/**
 * Checks a replicated entry (`{ eventId, deviceId, at, action, lamport, origin, seen?, basedOn? }`)
 * read from outside. `chars` is the length of the text it was parsed from.
 */
export function checkEntry(raw: unknown, chars: number): EntryCheck {
  if (chars > MAX_FILE_CHARS) return { ok: false, reason: 'too-large', problems: [{ path: '', code: 'too-large', params: { max: MAX_FILE_CHARS, size: chars } }] };
  if (!isObj(raw)) return { ok: false, reason: 'invalid', problems: [{ path: '', code: 'not-object' }] };
  const a = raw.action;
  if (!isObj(a)) return { ok: false, reason: 'invalid', problems: [{ path: 'action', code: a === undefined ? 'required' : 'not-object' }] };
  if (typeof a.type !== 'string' || !(ACTION_TYPES as readonly string[]).includes(a.type))
    return { ok: false, reason: 'unknown-action', problems: [{ path: 'action.type', code: 'not-string', params: { value: String(a.type).slice(0, 60) } }] };
  if (!CARRIES_EVENT.has(a.type) && chars > MAX_ENTRY_CHARS)
    return { ok: false, reason: 'too-large', problems: [{ path: '', code: 'too-large', params: { max: MAX_ENTRY_CHARS, size: chars } }] };
  const o = new Out();
  // the clock first: a value past the bound is named as such, not as one more unsafe number
  const lamportOk = o.int(raw, 'lamport', 'entry', SEQ);
  const originOk = o.int(raw, 'origin', 'entry', SEQ);
  if (!lamportOk || !originOk) return { ok: false, reason: 'clock', problems: o.problems };
  // A writer's Lamport value is one more than the highest it holds, and it holds no more entries
  // than its own sequence number counts: a greater value is a clock pushed ahead to win the order.
  if ((raw.lamport as number) > (raw.origin as number))
    return { ok: false, reason: 'clock', problems: [{ path: 'entry.lamport', code: 'out-of-range', params: { min: 1, max: raw.origin as number } }] };
  const shape = shapeProblems(raw);
  if (shape.length) return { ok: false, reason: 'invalid', problems: shape };
  o.str(raw, 'eventId', 'entry', 200);
  o.str(raw, 'deviceId', 'entry', 200);
  o.int(raw, 'at', 'entry', [0, Number.MAX_SAFE_INTEGER]);
  if (raw.basedOn !== undefined) o.int(raw, 'basedOn', 'entry', [0, CLOCK_MAX]);
  if (raw.seen !== undefined) {
    if (!isObj(raw.seen)) o.add('entry.seen', 'not-object');
    else for (const d of Object.keys(raw.seen)) o.int(raw.seen, d, 'entry.seen', SEQ);
  }
  actionShape(o, a);
  // the name and number limits read fields the shape check has just vouched for
  if (!o.problems.length) o.problems.push(...actionProblems(a as never));
  return o.problems.length ? { ok: false, reason: 'invalid', problems: o.problems } : { ok: true };
}
