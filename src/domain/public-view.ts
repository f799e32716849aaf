// What players may see on their phones, built by whitelist from the event: the current round's
// pairings with table numbers, the scenario once the round has started, the base game time and the
// standings from completed rounds. Never the log, the hidden variable length, a PIN, a table key,
// a list, or a result of a round still being played (results count once the round is complete).
import type { EventFile, Round, SystemId } from './event-file/types';
import { EVENT_NAME_MAX, MAX_ITEMS, NAME_MAX, RANGES } from './event-file/limits';
import { isIntakeAddress } from './handoff/ticket';
import { systemFor, type GameSystem } from './systems';

export const PUBLIC_VIEW_FORMAT = 'wargame-public-view';

export interface PublicView {
  format: typeof PUBLIC_VIEW_FORMAT;
  name: string;
  date: string;
  system: SystemId;
  /** when the organizer's device built it (epoch ms) */
  updatedAt: number;
  round: {
    number: number;
    /** epoch ms; null before the organizer starts the clock */
    startedAt: number | null;
    finished: boolean;
    /** the base game time in minutes (the variable part stays hidden); null when untimed */
    baseMinutes: number | null;
    /** only once the round has started */
    scenario: string | null;
    tables: { table: number; a: string; b: string; aNumber: number; bNumber: number }[];
    bye: string[];
  } | null;
  standings: { rank: number; name: string; number: number; points: number; dropped: boolean }[];
  /** rounds the standings count */
  standingsAfter: number;
  /**
   * Players may register themselves (issue 20): where to send it and what the phone needs to
   * check the lists with the event's list rules (system above, size, variants, rounds); only
   * before the first round is paired and when the event has an intake
   */
  registration?: { intake: string; points: number; variants: string[]; rounds: number | null };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const complete = (r: Round): boolean => r.pairings.every((p) => p.result !== undefined);

export function publicView(event: EventFile, now: number, intake?: string): PublicView {
  const byId = new Map(event.players.map((p) => [p.id, p]));
  const nameOf = (id: string): string => byId.get(id)?.name ?? '?';
  const current = event.rounds[event.rounds.length - 1];
  const done = event.rounds.filter(complete);
  const counted = done.length === event.rounds.length ? event.rounds : event.rounds.filter((r) => r !== current || complete(r));
  const system = systemFor(event.system) as GameSystem;
  const standings = system
    .computeStandings({ ...event, rounds: counted })
    .map((row) => ({ rank: row.rank, name: row.name, number: row.number, points: row.points, dropped: row.dropped }));
  let round: PublicView['round'] = null;
  if (current) {
    const startedAt = num(current.startedAt);
    const byes = current.bye ? [current.bye] : [];
    for (const b of (current.byes as unknown[] | undefined) ?? []) if (typeof b === 'string' && !byes.includes(b)) byes.push(b);
    round = {
      number: current.number,
      startedAt,
      finished: num(current.finishedAt) !== null || complete(current),
      baseMinutes: system.publicBaseMinutes?.(event.settings) ?? null,
      scenario: startedAt !== null && typeof current.scenario === 'string' ? current.scenario : null,
      tables: current.pairings.map((p) => ({ table: p.table, a: nameOf(p.a), b: nameOf(p.b), aNumber: byId.get(p.a)?.number ?? 0, bNumber: byId.get(p.b)?.number ?? 0 })),
      bye: byes.map(nameOf),
    };
  }
  const registration =
    intake && event.rounds.length === 0
      ? { registration: { intake, points: event.settings.points, variants: event.settings.variants.filter((v) => typeof v === 'string'), rounds: event.settings.rounds } }
      : {};
  return {
    format: PUBLIC_VIEW_FORMAT,
    name: event.name,
    date: event.date,
    system: event.system,
    updatedAt: now,
    round,
    standings,
    standingsAfter: counted.length,
    ...registration,
  };
}

/** Largest public document read, in characters: 4,096 players' standings and pairings fit in a tenth of it. */
export const PUBLIC_VIEW_MAX_CHARS = 4 * 1024 * 1024;

export type PublicViewProblem = { why: 'json' } | { why: 'format' } | { why: 'size' } | { why: 'field'; field: string };

/** Text shown on a player's phone: a name's length, no control or direction-changing characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The first field that fails, thrown up to parsePublicView. */
class Bad extends Error {
  constructor(readonly field: string) {
    super(field);
  }
}
const str = (v: unknown, field: string, max: number): string => {
  if (typeof v !== 'string' || v.length > max || UNSAFE_TEXT.test(v)) throw new Bad(field);
  return v;
};
const int = (v: unknown, field: string, [min, max]: readonly [number, number]): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new Bad(field);
  return v;
};
const fin = (v: unknown, field: string, min = -1e9, max = 1e15): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw new Bad(field);
  return v;
};
const list = <T>(v: unknown, field: string, max: number, item: (x: Record<string, unknown>, i: number) => T): T[] => {
  if (!Array.isArray(v) || v.length > max) throw new Bad(field);
  return v.map((x, i) => {
    if (!x || typeof x !== 'object' || Array.isArray(x)) throw new Bad(`${field}[${i}]`);
    return item(x as Record<string, unknown>, i);
  });
};
const bool = (v: unknown, field: string): boolean => {
  if (typeof v !== 'boolean') throw new Bad(field);
  return v;
};

function readRound(r: unknown, knownScenario: (id: string) => boolean): PublicView['round'] {
  if (r === null || r === undefined) return null;
  if (typeof r !== 'object' || Array.isArray(r)) throw new Bad('round');
  const o = r as Record<string, unknown>;
  const scenario = o.scenario === null || o.scenario === undefined ? null : str(o.scenario, 'round.scenario', 60);
  return {
    number: int(o.number, 'round.number', RANGES.roundNumber),
    startedAt: o.startedAt === null ? null : fin(o.startedAt, 'round.startedAt', 0),
    finished: bool(o.finished, 'round.finished'),
    baseMinutes: o.baseMinutes === null ? null : fin(o.baseMinutes, 'round.baseMinutes', 0, 10_000),
    scenario: scenario !== null && knownScenario(scenario) ? scenario : null,
    tables: list(o.tables, 'round.tables', MAX_ITEMS.players, (t, i) => ({
      table: int(t.table, `round.tables[${i}].table`, RANGES.table),
      a: str(t.a, `round.tables[${i}].a`, NAME_MAX),
      b: str(t.b, `round.tables[${i}].b`, NAME_MAX),
      aNumber: int(t.aNumber, `round.tables[${i}].aNumber`, [0, RANGES.playerNumber[1]]),
      bNumber: int(t.bNumber, `round.tables[${i}].bNumber`, [0, RANGES.playerNumber[1]]),
    })),
    bye: (() => {
      if (!Array.isArray(o.bye) || o.bye.length > MAX_ITEMS.players) throw new Bad('round.bye');
      return o.bye.map((b, i) => str(b, `round.bye[${i}]`, NAME_MAX));
    })(),
  };
}

function readRegistration(reg: unknown): NonNullable<PublicView['registration']> {
  if (!reg || typeof reg !== 'object' || Array.isArray(reg)) throw new Bad('registration');
  const o = reg as Record<string, unknown>;
  const intake = str(o.intake, 'registration.intake', 200);
  // the address players send to: http(s), a host and one database, never credentials
  if (!isIntakeAddress(intake)) throw new Bad('registration.intake');
  if (!Array.isArray(o.variants) || o.variants.length > 40) throw new Bad('registration.variants');
  return {
    intake,
    points: int(o.points, 'registration.points', RANGES.points),
    variants: o.variants.map((v, i) => str(v, `registration.variants[${i}]`, 60)),
    rounds: o.rounds === null ? null : int(o.rounds, 'registration.rounds', [1, RANGES.rounds[1]]),
  };
}

/**
 * Reads a public document as the players' phones receive it, from any server: hostile until
 * checked. Only the app's own fields are kept (anything else a server adds is dropped), each
 * with the event file's limits; a scenario is kept only when it is one the app knows (the screen
 * shows the app's own name for it). The first field that fails is named.
 */
export function parsePublicView(text: string, knownScenario: (id: string) => boolean): { ok: true; view: PublicView } | { ok: false; problem: PublicViewProblem } {
  if (text.length > PUBLIC_VIEW_MAX_CHARS) return { ok: false, problem: { why: 'size' } };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: { why: 'json' } };
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== PUBLIC_VIEW_FORMAT) return { ok: false, problem: { why: 'format' } };
  const doc = raw as Record<string, unknown>;
  try {
    const round = readRound(doc.round, knownScenario);
    const view: PublicView = {
      format: PUBLIC_VIEW_FORMAT,
      name: str(doc.name, 'name', EVENT_NAME_MAX),
      date: str(doc.date, 'date', 40),
      system: str(doc.system, 'system', 40) as SystemId,
      updatedAt: fin(doc.updatedAt, 'updatedAt', 0),
      round,
      standings: list(doc.standings, 'standings', MAX_ITEMS.players, (s, i) => ({
        rank: int(s.rank, `standings[${i}].rank`, [1, MAX_ITEMS.players]),
        name: str(s.name, `standings[${i}].name`, NAME_MAX),
        number: int(s.number, `standings[${i}].number`, [0, RANGES.playerNumber[1]]),
        points: fin(s.points, `standings[${i}].points`, -1e6, 1e6),
        dropped: bool(s.dropped, `standings[${i}].dropped`),
      })),
      standingsAfter: int(doc.standingsAfter, 'standingsAfter', [0, RANGES.rounds[1]]),
    };
    if (doc.registration !== undefined) view.registration = readRegistration(doc.registration);
    return { ok: true, view };
  } catch (err) {
    if (err instanceof Bad) return { ok: false, problem: { why: 'field', field: err.field } };
    throw err;
  }
}
