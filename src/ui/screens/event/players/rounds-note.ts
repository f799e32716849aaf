// A registration, a drop before round 1 or a reinstatement can move the event into another row of
// its system's table of rounds (SR2011: 17 players play 5 rounds, 16 play 4). The organizer hears it
// when it happens, with the reason, not later from « 4 rondes terminées sur 5 prévues ».
import type { EventFile } from '../../../../domain/event-file';
import { systemFor } from '../../../../domain/systems';
import type { MessageKey } from '../../../../i18n';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function roundsChangeNote(before: EventFile, after: EventFile, t: Translate): string | null {
  const system = systemFor(after.system);
  const was = system.plannedRounds?.(before) ?? null;
  const now = system.plannedRounds?.(after) ?? null;
  if (!was || !now || was.rounds === now.rounds) return null;
  return t(now.rounds > was.rounds ? 'players.roundsUp' : 'players.roundsDown', {
    players: now.players,
    rounds: now.rounds,
    before: was.rounds,
    first: now.first,
    last: now.last,
  });
}
