// Small factories for SR2011 tests: players and events written the way a tournament sheet reads.
import type { EventFile, GameResult, Pairing, Player, Round, WinHow } from '../../../src/domain/event-file/types';

export function makePlayer(n: number, extra: Partial<Player> = {}): Player {
  return {
    id: `p${n}`,
    number: n,
    name: `Player ${n}`,
    faction: 'Cygnar',
    dropped: false,
    droppedAfterRound: null,
    lists: [{ caster: 'Stryker', themeForce: null, tier: null, bonus: 6, models: [{ name: 'Ironclad', cost: 7 }] }],
    ...extra,
  };
}

export interface Game {
  a: string;
  b: string;
  /** undefined: not played yet; null: a draw */
  winner?: string | null;
  how?: WinHow;
  cp?: [number, number];
  apd?: [number, number];
  list?: [number, number];
  table?: number;
}

/** [a, b] unplayed, [a, b, winner] played (winner null = draw), with optional how / cp / apd */
export type GameSpec = Game | [string, string] | [string, string, string | null] | [string, string, string | null, WinHow];

export interface RoundSpec {
  pairings: GameSpec[];
  bye?: string | null;
  finalTables?: boolean;
  scenario?: string;
}

function toGame(spec: GameSpec): Game {
  if (!Array.isArray(spec)) return spec;
  const [a, b, winner, how] = spec as [string, string, (string | null)?, WinHow?];
  return spec.length === 2 ? { a, b } : { a, b, winner: winner ?? null, how: how ?? 'scenario' };
}

export function makePairing(spec: GameSpec, table: number): Pairing {
  const g = toGame(spec);
  const pairing: Pairing = { table: g.table ?? table, a: g.a, b: g.b };
  if (g.winner !== undefined) {
    const result: GameResult = {
      winner: g.winner,
      how: g.how ?? (g.winner === null ? 'tiebreak' : 'scenario'),
      a: { cp: g.cp?.[0] ?? 0, apd: g.apd?.[0] ?? 0, listIndex: g.list?.[0] ?? 0 },
      b: { cp: g.cp?.[1] ?? 0, apd: g.apd?.[1] ?? 0, listIndex: g.list?.[1] ?? 0 },
    };
    pairing.result = result;
  }
  return pairing;
}

export function makeEvent(players: Player[], rounds: RoundSpec[] = [], settings: Partial<EventFile['settings']> = {}): EventFile {
  return {
    format: 'wargame-event',
    version: 1,
    system: 'sr2011',
    name: 'Test Steamroller',
    date: '2026-12-05',
    settings: { points: 50, variants: [], rounds: null, ...settings },
    players,
    rounds: rounds.map((r, i): Round => {
      const round: Round = {
        number: i + 1,
        scenario: r.scenario ?? null,
        pairings: r.pairings.map((p, t) => makePairing(p, t + 1)),
        bye: r.bye ?? null,
      };
      if (r.finalTables) round.finalTables = true;
      return round;
    }),
  };
}

export const players = (n: number): Player[] => Array.from({ length: n }, (_, i) => makePlayer(i + 1));
