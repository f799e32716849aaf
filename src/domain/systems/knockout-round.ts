// Pairing the next round of a knockout event. Round 1 seeds the active players (random or the
// organizer's order) and stores the seeding on the round so the whole bracket can be read back
// from the file; later rounds follow the bracket.
import type { EventFile, Pairing, PlayerId } from '../event-file/types';
import { firstRoundSlots, type KnockoutSlot } from '../pairing';
import { createRng } from '../random';
import { knockoutStage, nextBracketMatches, readBracket, seedingOrder } from './bracket';
import type { PairOptions, PairOutcome } from './game-system';
import { unfinishedRound } from './rounds';

export function pairKnockoutRound(event: EventFile, options: PairOptions, seeding: 'random' | 'organizer'): PairOutcome {
  const open = unfinishedRound(event);
  if (open) return open;
  for (const round of event.rounds) {
    const drawn = round.pairings.filter((p) => p.result?.winner === null).map((p) => p.table);
    if (drawn.length > 0) return { ok: false, reason: 'knockout-needs-winner', round: round.number, tables: drawn };
  }
  const number = event.rounds.length + 1;
  let slots: KnockoutSlot<PlayerId>[];
  let extra: { seeding?: PlayerId[] } = {};
  if (number === 1) {
    const active = event.players.filter((p) => !p.dropped);
    if (active.length < 2) return { ok: false, reason: 'too-few-players', active: active.length };
    const seedOrder = Array.isArray(event.settings.seedOrder) ? event.settings.seedOrder : [];
    const order = seedingOrder(active, seeding, seedOrder, (ids) => createRng(options.seed).shuffle(ids));
    slots = firstRoundSlots(order);
    extra = { seeding: order };
  } else {
    const bracket = readBracket(event);
    if (bracket.complete) return { ok: false, reason: 'event-complete', champion: bracket.champion };
    const next = nextBracketMatches(event, bracket);
    // undecided or off-bracket games: the file's validation names them
    if (next === null) return { ok: false, reason: 'bracket-invalid' };
    slots = next;
  }
  const pairings: Pairing[] = [];
  const byes: PlayerId[] = [];
  for (const { a, b } of slots) {
    if (a !== null && b !== null) pairings.push({ table: pairings.length + 1, a, b });
    else if (a !== null || b !== null) byes.push((a ?? b)!);
  }
  if (pairings.length === 0 && byes.length === 0) return { ok: false, reason: 'event-complete', champion: null };
  return {
    ok: true,
    round: { number, stage: knockoutStage(slots.length * 2), ...extra, pairings, bye: byes[0] ?? null, byes, pairingSeed: options.seed },
    byes,
    rematches: 0,
    unscheduled: [],
  };
}
