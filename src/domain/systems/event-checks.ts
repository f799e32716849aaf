// File-level checks every non-SR2011 system runs in validateEvent: each result through the
// system's own validateResult, the `byes` lists the common format does not know, and the
// settings the systems add (byePoints).
import type { EventFile, EventSettings, GameResult, Pairing } from '../event-file/types';
import { atResult } from './fields';
import type { SystemProblem } from './game-system';

export function resultProblems(event: EventFile, validate: (result: GameResult, pairing: Pick<Pairing, 'a' | 'b'>, settings: EventSettings) => SystemProblem[]): SystemProblem[] {
  const out: SystemProblem[] = [];
  event.rounds.forEach((round, i) =>
    round.pairings.forEach((p, j) => {
      if (p.result) out.push(...atResult(validate(p.result, p, event.settings), `rounds[${i}].pairings[${j}].result`));
    }),
  );
  return out;
}

/** `byes` (knockout, round robin): known players, each once, none also seated at a table. */
export function byesProblems(event: EventFile): SystemProblem[] {
  const out: SystemProblem[] = [];
  const known = new Set(event.players.map((p) => p.id));
  event.rounds.forEach((round, i) => {
    const byes = round.byes;
    if (byes === undefined) return;
    const path = `rounds[${i}].byes`;
    if (!Array.isArray(byes)) return void out.push({ path, code: 'byes-not-list' });
    const seated = new Set(round.pairings.flatMap((p) => [p.a, p.b]));
    const seen = new Set<unknown>();
    byes.forEach((id, k) => {
      const at = `${path}[${k}]`;
      if (typeof id !== 'string' || !known.has(id)) out.push({ path: at, code: 'bye-unknown-player', params: { id: String(id) } });
      else if (seen.has(id)) out.push({ path: at, code: 'bye-twice', params: { id } });
      else if (seated.has(id)) out.push({ path: at, code: 'bye-and-table', params: { id } });
      seen.add(id);
    });
    if (round.bye !== null && !byes.includes(round.bye)) out.push({ path: `rounds[${i}].bye`, code: 'bye-not-in-byes', params: { id: round.bye } });
  });
  return out;
}

export function byePointsProblems(settings: EventSettings): SystemProblem[] {
  const v = settings.byePoints;
  if (v === undefined || v === null) return [];
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? [] : [{ path: 'settings.byePoints', code: 'bad-bye-points' }];
}

/** A settings field that must be one of a few words. */
export function choiceSettingProblems(settings: EventSettings, key: string, allowed: readonly string[]): SystemProblem[] {
  const v = settings[key];
  if (v === undefined || v === null || (typeof v === 'string' && allowed.includes(v))) return [];
  return [{ path: `settings.${key}`, code: 'bad-setting-choice', params: { value: String(v), allowed: allowed.join(', ') } }];
}
