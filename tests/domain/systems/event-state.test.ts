// The event-state helpers every system shares (src/domain/systems/event-state.ts).
import { describe, expect, it } from 'vitest';
import { isEventFinished, isRoundRunning, roundsCompleted } from '../../../src/domain/systems/event-state';
import { makeEvent, makePlayer } from '../sr2011/helpers';

describe('roundsCompleted', () => {
  it('counts only rounds whose every game has a result', () => {
    const ev = makeEvent(
      [1, 2, 3, 4].map((n) => makePlayer(n)),
      [
        {
          pairings: [
            ['p1', 'p2', 'p1'],
            ['p3', 'p4', 'p3'],
          ],
        },
        {
          pairings: [
            ['p1', 'p3', 'p1'],
            ['p2', 'p4'],
          ],
        },
      ],
    );
    expect(roundsCompleted(ev)).toBe(1);
  });
});

describe('isRoundRunning', () => {
  it('runs from its start until the organizer closes it', () => {
    expect(isRoundRunning({})).toBe(false);
    expect(isRoundRunning({ startedAt: 1_000 })).toBe(true);
    expect(isRoundRunning({ startedAt: 1_000, finishedAt: 2_000 })).toBe(false);
  });
  it("reads a timestamp only: a hostile file's string or NaN is no start", () => {
    expect(isRoundRunning({ startedAt: '1000' })).toBe(false);
    expect(isRoundRunning({ startedAt: Number.NaN })).toBe(false);
    expect(isRoundRunning({ startedAt: 1_000, finishedAt: 'later' })).toBe(true);
  });
});

describe('isEventFinished', () => {
  it("is the organizer's confirmed end only", () => {
    const ev = makeEvent(
      [1, 2].map((n) => makePlayer(n)),
      [],
    );
    expect(isEventFinished(ev)).toBe(false);
    expect(isEventFinished({ settings: { ...ev.settings, finished: true } })).toBe(true);
    expect(isEventFinished({ settings: { ...ev.settings, finished: 'yes' as unknown as boolean } })).toBe(false);
  });
});
