// The limits of the event file (event-file/limits.ts) applied to what the organizer types: the
// store refuses an action that would put into the event a name or a number an import would
// refuse, so a file the app exports is always one the app (and the CLI) reads back.
import { EVENT_NAME_MAX, NAME_MAX, PLAYER_TEXT_FIELDS, RANGES } from '../event-file/limits';
import type { Problem } from '../event-file/problem';
import type { GameResult } from '../event-file/types';
import type { Action } from './actions';

export class InvalidActionError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `${p.path} ${p.code}`).join('; '));
    this.name = 'InvalidActionError';
  }
}

function names(o: Record<string, unknown> | undefined, fields: readonly string[], path: string, out: Problem[]): void {
  if (!o) return;
  for (const k of fields) {
    const v = o[k];
    if (typeof v === 'string' && v.length > NAME_MAX) out.push({ path: `${path}.${k}`, code: 'name-too-long', params: { max: NAME_MAX, length: v.length } });
  }
  const lists = o.lists;
  if (Array.isArray(lists))
    lists.forEach((l: { caster?: unknown; models?: Array<{ name?: unknown; cost?: unknown }> }, i) => {
      if (typeof l?.caster === 'string' && l.caster.length > NAME_MAX)
        out.push({ path: `${path}.lists[${i}].caster`, code: 'name-too-long', params: { max: NAME_MAX, length: l.caster.length } });
      l?.models?.forEach((m, j) => {
        if (typeof m?.name === 'string' && m.name.length > NAME_MAX)
          out.push({ path: `${path}.lists[${i}].models[${j}].name`, code: 'name-too-long', params: { max: NAME_MAX, length: m.name.length } });
        if (typeof m?.cost === 'number' && !(m.cost >= RANGES.cost[0] && m.cost <= RANGES.cost[1]))
          out.push({ path: `${path}.lists[${i}].models[${j}].cost`, code: 'out-of-range', params: { min: RANGES.cost[0], max: RANGES.cost[1] } });
      });
    });
}

function numbers(result: GameResult | null, path: string, out: Problem[]): void {
  if (!result) return;
  for (const s of ['a', 'b'] as const) {
    const side = result[s] as unknown as Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(side ?? {})) {
      if (typeof v !== 'number') continue;
      const range = k === 'cp' ? RANGES.cp : k === 'apd' ? RANGES.apd : k === 'listIndex' ? RANGES.listIndex : null;
      if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) out.push({ path: `${path}.${s}.${k}`, code: 'unsafe-number', params: {} });
      else if (range && (v < range[0] || v > range[1])) out.push({ path: `${path}.${s}.${k}`, code: 'out-of-range', params: { min: range[0], max: range[1] } });
    }
  }
}

/** What an action would break of the file's limits; [] when it is within them. */
export function actionProblems(action: Action): Problem[] {
  const out: Problem[] = [];
  switch (action.type) {
    case 'player-registered':
      names(action.player, PLAYER_TEXT_FIELDS, 'player', out);
      break;
    case 'player-updated':
      names(action.patch as Record<string, unknown>, PLAYER_TEXT_FIELDS, 'player', out);
      break;
    case 'event-updated': {
      const n = action.patch.name;
      if (typeof n === 'string' && n.length > EVENT_NAME_MAX) out.push({ path: 'name', code: 'name-too-long', params: { max: EVENT_NAME_MAX, length: n.length } });
      const points = action.patch.settings?.points;
      if (typeof points === 'number' && !(points >= RANGES.points[0] && points <= RANGES.points[1]))
        out.push({ path: 'settings.points', code: 'out-of-range', params: { min: RANGES.points[0], max: RANGES.points[1] } });
      break;
    }
    case 'result-recorded':
    case 'result-corrected':
      numbers(action.result, 'result', out);
      break;
    default:
      break;
  }
  return out;
}
