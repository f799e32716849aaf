// The standings as issue 23 made them (sos set in place, the sort over keys read once into a typed
// array, rows spelled out) against the reference they replaced, over random events of every
// standings variant: the same rows, fields in the same order (the JSON output's), ties and ranks.
import { describe, expect, it } from 'vitest';
import type { EventFile, Pairing, Round } from '../../../src/domain/event-file/types';
import { createRng, type Rng } from '../../../src/domain/random';
import { computeStandings } from '../../../src/domain/sr2011';
import { makeLargeEvent } from '../../fixtures/events';
import * as reference from './standings.reference';

const VARIANTS = [[], ['control-points-standings'], ['scenario-standings'], ['assassination-standings'], ['attrition-standings'], ['survival-standings'], ['final-tables']];
const HOW = ['scenario', 'assassination', 'tiebreak', 'clock', 'forfeit'] as const;

function randomEvent(rng: Rng, players: number, rounds: number, variants: string[]): EventFile {
  const base = makeLargeEvent(players, 0);
  const ids = base.players.map((p) => p.id);
  const out: Round[] = [];
  for (let r = 1; r <= rounds; r++) {
    // shuffled, so rematches, byes and equal scores all occur; few CP and APD values, many ties
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const bye = order.length % 2 === 1 ? order.pop()! : null;
    const pairings: Pairing[] = [];
    for (let i = 0; i < order.length; i += 2) {
      const [a, b] = [order[i]!, order[i + 1]!];
      const w = rng.int(8);
      const side = () => ({ cp: rng.int(3), apd: rng.int(3) * 5, ...(rng.int(2) ? { survived: rng.int(40) } : {}) });
      // one game in eight not played yet: no result, no TP, its opponent not faced
      pairings.push(
        w === 7 ? { table: i / 2 + 1, a, b } : { table: i / 2 + 1, a, b, result: { winner: w === 6 ? null : w % 2 ? a : b, how: HOW[rng.int(HOW.length)]!, a: side(), b: side() } },
      );
    }
    out.push({ number: r, scenario: null, variableMinutes: null, bye, pairings, ...(r === rounds && variants.includes('final-tables') ? { finalTables: true } : {}) });
  }
  const dropped = rng.int(players);
  return { ...base, settings: { ...base.settings, variants }, players: base.players.map((p, i) => (i === dropped ? { ...p, dropped: true } : p)), rounds: out };
}

describe('the fast standings rank exactly as the reference did', () => {
  it('same rows, same field order, over random events of every standings variant', () => {
    let ties = 0;
    for (let seed = 1; seed <= 140; seed++) {
      const rng = createRng(seed);
      const event = randomEvent(rng, 4 + rng.int(60), 1 + rng.int(7), VARIANTS[seed % VARIANTS.length]!);
      const rows = computeStandings(event);
      expect(JSON.stringify(rows)).toBe(JSON.stringify(reference.computeStandings(event)));
      ties += rows.filter((r) => r.decidedBy === 'tied').length;
    }
    // the comparison ran over shared ranks, not only strict orders
    expect(ties).toBeGreaterThan(20);
  });
});
