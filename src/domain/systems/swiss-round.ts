// Swiss pairing on points for the systems that are not SR2011 (whose own next-round.ts adds final
// tables): random first round, then the proven Swiss engine on whatever the points are (CDR's
// 9..0 TP, LotR's 3/2/1.5/1/0).
import type { EventFile, Pairing, PlayerId } from '../event-file/types';
import { pairFirstRound, pairSwiss, type SwissPairing } from '../pairing';
import type { PairOptions, PairOutcome } from './game-system';
import { activePlayerIds, tablesById, unfinishedRound } from './rounds';

export interface SwissStanding {
  id: PlayerId;
  points: number;
  opponents: readonly PlayerId[];
  byes: number;
}

const toPairing = ({ table, a, b }: SwissPairing): Pairing => ({ table, a, b });

export function pairSwissRound(event: EventFile, standings: readonly SwissStanding[], options: PairOptions): PairOutcome {
  const open = unfinishedRound(event);
  if (open) return open;
  const active = activePlayerIds(event);
  if (active.length < 2) return { ok: false, reason: 'too-few-players', active: active.length };
  const number = event.rounds.length + 1;
  const avoidSameClub = options.avoidSameClub ?? event.settings.avoidSameClub === true;
  const avoidSameTable = options.avoidSameTable ?? event.settings.avoidSameTable === true;
  const base = { number, pairingSeed: options.seed };

  const r =
    number === 1 && !avoidSameClub
      ? pairFirstRound(active, options.seed)
      : (() => {
          const rows = new Map(standings.map((s) => [s.id, s]));
          const clubs = new Map(event.players.map((p) => [p.id, p.club?.trim() || null]));
          // where each player sat is read only by avoidSameTable: not a walk over every game otherwise
          const tables = avoidSameTable ? tablesById(event) : null;
          const players = active.map((id) => {
            const row = rows.get(id);
            return { id, score: row?.points ?? 0, opponents: row?.opponents ?? [], byes: row?.byes ?? 0, club: clubs.get(id) ?? null, tables: tables?.get(id) ?? [] };
          });
          return pairSwiss(players, { seed: options.seed, avoidSameClub, avoidSameTable });
        })();
  return {
    ok: true,
    round: { ...base, pairings: r.pairings.map(toPairing), bye: r.bye },
    byes: r.bye ? [r.bye] : [],
    rematches: r.rematches,
    unscheduled: [],
  };
}
