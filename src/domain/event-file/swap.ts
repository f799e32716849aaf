// Two players exchanged in a round not yet started (the organizer's swap): one function for the
// log's fold, the warnings' preview and the engine worker, so what the warnings describe is what
// gets stored. A round may list its byes in `byes` besides `bye` (systems/rounds.ts roundByes):
// both move alike.
import type { PlayerId, Round } from './types';

export function swapInRound(round: Round, a: PlayerId, b: PlayerId): Round {
  const s = (id: PlayerId): PlayerId => (id === a ? b : id === b ? a : id);
  const out: Round = { ...round, bye: round.bye === null ? null : s(round.bye), pairings: round.pairings.map((p) => ({ ...p, a: s(p.a), b: s(p.b) })) };
  if (Array.isArray(round.byes)) out.byes = round.byes.map((id) => (typeof id === 'string' ? s(id) : id));
  return out;
}
