// The one time formula of the app (ARCHITECTURE.md "Time"): a clock stores what it has used and
// when it last started, never a countdown, so any `now` (after a reload, a sleeping tablet, a
// killed browser) gives the exact remaining time without anything having counted intervals.

export type Side = 'a' | 'b';

export interface ClockSide {
  budgetMs: number;
  /** time used up to runningSince (or in total while stopped) */
  usedMs: number;
  /** epoch ms (Date.now()) the clock last started; null while stopped */
  runningSince: number | null;
}

export function other(side: Side): Side {
  return side === 'a' ? 'b' : 'a';
}

export function usedAt(clock: ClockSide, now: number): number {
  return clock.usedMs + (clock.runningSince === null ? 0 : now - clock.runningSince);
}

/** budgetMs - usedMs - (now - runningSince); negative once the budget is overrun */
export function remainingAt(clock: ClockSide, now: number): number {
  return clock.budgetMs - usedAt(clock, now);
}
