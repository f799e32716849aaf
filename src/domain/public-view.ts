// What players may see on their phones, built by whitelist from the event: the current round's
// pairings with table numbers, the scenario once the round has started, the base game time and the
// standings from completed rounds. Never the log, the hidden variable length, a PIN, a table key,
// a list, or a result of a round still being played (results count once the round is complete).
import type { EventFile, Round, SystemId } from './event-file/types';
import { eventTiming } from './sr2011/timing';
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
  const standings = system.computeStandings({ ...event, rounds: counted }).map((row) => ({ rank: row.rank, name: row.name, number: row.number, points: row.points, dropped: row.dropped }));
  let round: PublicView['round'] = null;
  if (current) {
    const startedAt = num(current.startedAt);
    const byes = current.bye ? [current.bye] : [];
    for (const b of (current.byes as unknown[] | undefined) ?? []) if (typeof b === 'string' && !byes.includes(b)) byes.push(b);
    round = {
      number: current.number,
      startedAt,
      finished: num(current.finishedAt) !== null || complete(current),
      baseMinutes: event.system === 'sr2011' ? eventTiming(event.settings).gameBaseMinutes : null,
      scenario: startedAt !== null && typeof current.scenario === 'string' ? current.scenario : null,
      tables: current.pairings.map((p) => ({ table: p.table, a: nameOf(p.a), b: nameOf(p.b), aNumber: byId.get(p.a)?.number ?? 0, bNumber: byId.get(p.b)?.number ?? 0 })),
      bye: byes.map(nameOf),
    };
  }
  const registration =
    intake && event.rounds.length === 0
      ? { registration: { intake, points: event.settings.points, variants: event.settings.variants.filter((v) => typeof v === 'string'), rounds: event.settings.rounds } }
      : {};
  return { format: PUBLIC_VIEW_FORMAT, name: event.name, date: event.date, system: event.system, updatedAt: now, round, standings, standingsAfter: counted.length, ...registration };
}
