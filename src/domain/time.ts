// Time units every part of the domain counts in. Clocks keep integer milliseconds, so a minute
// is one constant here rather than a figure each system's timing repeats (and could get wrong).

export const MINUTE_MS = 60_000;
