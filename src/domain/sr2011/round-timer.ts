// The organizer's round timer. The hidden d6 x 2 lives in the round record and is read only
// here: the screen gets phases and the base time left, never the variable minutes, until the
// round is over (then `revealedVariableMinutes` carries them for the audit).
import type { GameTiming } from './timing';
import { MINUTE_MS } from '../time';

export type RoundPhase = 'not-started' | 'base' | 'variable' | 'over' | 'untimed' | 'finished';

export interface RoundTimerView {
  phase: RoundPhase;
  /** since the start; 0 before it */
  elapsedMs: number;
  /** base game time left (phase 'base'), else 0 */
  baseRemainingMs: number;
  /** only once the round is over or finished: the hidden minutes, for the organizer's audit */
  revealedVariableMinutes: number | null;
  /** when the round ended (dice down), only once it has */
  endedAt: number | null;
}

export interface TimedRound {
  startedAt?: unknown;
  finishedAt?: unknown;
  variableMinutes?: number | null;
  /** the file was exported without the hidden length (export-file.ts): no end can be known */
  hiddenLengthWithheld?: unknown;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The hidden end of the round, or null without dice down. Never send this to a display. */
export function roundEndsAt(round: TimedRound, timing: GameTiming): number | null {
  const start = num(round.startedAt);
  if (start === null || !timing.diceDown || timing.gameBaseMinutes === null) return null;
  // a copy without the hidden minutes must not call dice down at the base time: the hall's
  // organizer calls it (or closes the round)
  if (round.hiddenLengthWithheld === true && typeof round.variableMinutes !== 'number') return null;
  return start + (timing.gameBaseMinutes + (round.variableMinutes ?? 0)) * MINUTE_MS;
}

export function isRoundOver(round: TimedRound, timing: GameTiming, now: number): boolean {
  if (num(round.finishedAt) !== null) return true;
  const end = roundEndsAt(round, timing);
  return end !== null && now >= end;
}

export function roundTimer(round: TimedRound, timing: GameTiming, now: number): RoundTimerView {
  const start = num(round.startedAt);
  const finished = num(round.finishedAt);
  if (start === null) return { phase: 'not-started', elapsedMs: 0, baseRemainingMs: 0, revealedVariableMinutes: null, endedAt: null };
  const end = roundEndsAt(round, timing);
  const stop = finished ?? (end !== null && now >= end ? end : null);
  const elapsedMs = Math.max(0, (stop ?? now) - start);
  const reveal = (endedAt: number): RoundTimerView => ({
    phase: finished !== null ? 'finished' : 'over',
    elapsedMs,
    baseRemainingMs: 0,
    revealedVariableMinutes: round.variableMinutes ?? null,
    endedAt,
  });
  if (finished !== null) return reveal(end !== null ? Math.min(end, finished) : finished);
  if (end === null) return { phase: 'untimed', elapsedMs, baseRemainingMs: 0, revealedVariableMinutes: null, endedAt: null };
  if (now >= end) return reveal(end);
  const baseEnd = start + timing.gameBaseMinutes! * MINUTE_MS;
  if (now < baseEnd) return { phase: 'base', elapsedMs, baseRemainingMs: baseEnd - now, revealedVariableMinutes: null, endedAt: null };
  return { phase: 'variable', elapsedMs, baseRemainingMs: 0, revealedVariableMinutes: null, endedAt: null };
}
