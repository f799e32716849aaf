// The lines of SR2011's tournament sheet: one per round with the opponent, W/L/D, TP, CP and APD,
// and the totals the sheet prints under them.
import type { EventFile, Player } from '../../../domain/event-file';
import { plannedRounds } from '../../../domain/sr2011';
import { roundsPaired } from '../../screens/event/players/model';

export type SheetRowKind = 'game' | 'pending' | 'bye' | 'absent' | 'blank';

export interface SheetRow {
  round: number;
  kind: SheetRowKind;
  opponent?: number | string;
  result?: 'W' | 'L' | 'D';
  tp?: number;
  cp?: number;
  apd?: number;
}

/**
 * One line per round: the rounds planned for the event (or paired, if more), so a sheet printed
 * before the event has empty lines to fill by hand. A pairing without a result shows only the
 * opponent; a round the player did not take part in (late arrival, dropped) shows a dash.
 */
export function sheetRows(event: EventFile, player: Player): { rows: SheetRow[]; totals: { tp: number; cp: number; apd: number } } {
  const numbers = new Map(event.players.map((p) => [p.id, p.number]));
  const active = event.players.filter((p) => !p.dropped).length;
  const count = Math.max(plannedRounds(active, event.settings.rounds), roundsPaired(event));
  const totals = { tp: 0, cp: 0, apd: 0 };
  const rows: SheetRow[] = [];
  for (let n = 1; n <= count; n++) {
    const round = event.rounds.find((r) => r.number === n);
    if (!round) {
      const gone = player.dropped && player.droppedAfterRound !== null && n > player.droppedAfterRound;
      rows.push({ round: n, kind: gone ? 'absent' : 'blank' });
      continue;
    }
    if (round.bye === player.id) {
      rows.push({ round: n, kind: 'bye', tp: 1, cp: 0, apd: 0 });
      totals.tp += 1;
      continue;
    }
    const pairing = round.pairings.find((p) => p.a === player.id || p.b === player.id);
    if (!pairing) {
      rows.push({ round: n, kind: 'absent' });
      continue;
    }
    const mine = pairing.a === player.id ? 'a' : 'b';
    const opponentId = mine === 'a' ? pairing.b : pairing.a;
    const opponent = numbers.get(opponentId) ?? opponentId;
    const result = pairing.result;
    if (!result) {
      rows.push({ round: n, kind: 'pending', opponent });
      continue;
    }
    const side = result[mine];
    const outcome = result.winner === null ? 'D' : result.winner === player.id ? 'W' : 'L';
    const tp = outcome === 'W' ? 1 : 0;
    rows.push({ round: n, kind: 'game', opponent, result: outcome, tp, cp: side.cp, apd: side.apd });
    totals.tp += tp;
    totals.cp += side.cp;
    totals.apd += side.apd;
  }
  return { rows, totals };
}
