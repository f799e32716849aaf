import { describe, expect, it } from 'vitest';
import { newEvent, swapInRound } from '../../../src/domain/event-file';
import { applyAction, FoldError, foldDetailed, foldLog, lastUndoable, type Action, type LogEntry } from '../../../src/domain/log';
import { makePlayer } from '../../fixtures/events';

function log(actions: Action[]): LogEntry[] {
  return actions.map((action, i) => ({ eventId: 'e1', seq: i + 1, at: 1000 + i, deviceId: 'd1', action }));
}

const created: Action = { type: 'event-created', event: newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }) };

describe('foldLog', () => {
  it('builds the event from its actions', () => {
    const ev = foldLog(
      log([
        created,
        { type: 'player-registered', player: makePlayer(1) },
        { type: 'player-registered', player: makePlayer(2) },
        { type: 'round-paired', round: { number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null } },
        { type: 'result-recorded', round: 1, table: 1, result: { winner: 'p2', how: 'assassination', a: { cp: 0, apd: 10 }, b: { cp: 1, apd: 25 } } },
        { type: 'result-corrected', round: 1, table: 1, result: { winner: 'p1', how: 'scenario', a: { cp: 3, apd: 10 }, b: { cp: 1, apd: 25 } } },
        { type: 'player-dropped', id: 'p2', afterRound: 1 },
        { type: 'event-updated', patch: { name: 'Open de Lyon', settings: { rounds: 4 } } },
      ]),
    )!;
    expect(ev.name).toBe('Open de Lyon');
    expect(ev.settings).toEqual({ points: 50, variants: [], rounds: 4 });
    expect(ev.rounds[0]!.pairings[0]!.result).toMatchObject({ winner: 'p1', how: 'scenario' });
    expect(ev.players[1]).toMatchObject({ dropped: true, droppedAfterRound: 1 });
  });

  it('undoes the last action, redoes it by undoing the undo, and never undoes the creation', () => {
    const entries = log([created, { type: 'player-registered', player: makePlayer(1) }, { type: 'player-registered', player: makePlayer(2) }]);
    expect(lastUndoable(entries)!.seq).toBe(3);
    entries.push({ eventId: 'e1', seq: 4, at: 2000, deviceId: 'd1', action: { type: 'action-undone', seq: 3 } });
    expect(foldLog(entries)!.players.map((p) => p.id)).toEqual(['p1']);
    expect(lastUndoable(entries)!.seq).toBe(2);
    entries.push({ eventId: 'e1', seq: 5, at: 2001, deviceId: 'd1', action: { type: 'action-undone', seq: 2 } });
    expect(foldLog(entries)!.players).toEqual([]);
    expect(lastUndoable(entries)).toBeNull();
    entries.push({ eventId: 'e1', seq: 6, at: 2002, deviceId: 'd1', action: { type: 'action-undone', seq: 5 } });
    expect(foldLog(entries)!.players.map((p) => p.id)).toEqual(['p1']);
  });

  it('swaps two players between tables or with the bye', () => {
    const ev = foldLog(
      log([
        created,
        ...[1, 2, 3, 4, 5].map((n): Action => ({ type: 'player-registered', player: makePlayer(n) })),
        {
          type: 'round-paired',
          round: {
            number: 1,
            pairings: [
              { table: 1, a: 'p1', b: 'p2' },
              { table: 2, a: 'p3', b: 'p4' },
            ],
            bye: 'p5',
          },
        },
        { type: 'pairings-swapped', round: 1, a: 'p2', b: 'p5' },
      ]),
    )!;
    expect(ev.rounds[0]).toMatchObject({
      bye: 'p2',
      pairings: [
        { a: 'p1', b: 'p5' },
        { a: 'p3', b: 'p4' },
      ],
    });
  });

  it('moves a bye listed in `byes` too: what the swap warnings previewed is what is stored', () => {
    const round = { number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null, byes: ['p3', 'p4'] };
    const ev = foldLog(
      log([
        created,
        ...[1, 2, 3, 4].map((n): Action => ({ type: 'player-registered', player: makePlayer(n) })),
        { type: 'round-paired', round },
        { type: 'pairings-swapped', round: 1, a: 'p2', b: 'p4' },
      ]),
    )!;
    expect(ev.rounds[0]).toMatchObject({ bye: null, byes: ['p3', 'p2'], pairings: [{ a: 'p1', b: 'p4' }] });
    expect(ev.rounds[0]).toEqual(swapInRound(round, 'p2', 'p4'));
  });

  it('checks several players in with one action, and refuses an unknown one whole', () => {
    const base = [created, ...[1, 2, 3].map((n): Action => ({ type: 'player-registered', player: makePlayer(n) }))];
    const ev = foldLog(log([...base, { type: 'players-checked-in', ids: ['p1', 'p3'] }]))!;
    expect(ev.players.map((p) => p.checkedIn === true)).toEqual([true, false, true]);
    expect(() => applyAction(foldLog(log(base)), { type: 'players-checked-in', ids: ['p1', 'p9'] })).toThrow(FoldError);
  });

  it('refuses actions on players, rounds or tables that do not exist', () => {
    const ev = foldLog(log([created]));
    expect(() => applyAction(ev, { type: 'player-dropped', id: 'zz', afterRound: 0 })).toThrow(FoldError);
    expect(() => applyAction(ev, { type: 'result-recorded', round: 1, table: 1, result: { winner: null, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } } })).toThrow(/unknown-round/);
    expect(() => applyAction(applyAction(ev, { type: 'player-registered', player: makePlayer(1) }), { type: 'player-registered', player: makePlayer(1) })).toThrow(
      /duplicate-player/,
    );
  });

  it('a log merged from several devices folds what applies and lists what does not, with why', () => {
    const folded = foldDetailed(
      log([
        created,
        { type: 'player-dropped', id: 'zz', afterRound: 0 },
        { type: 'player-registered', player: makePlayer(1) },
        { type: 'player-registered', player: makePlayer(1) },
      ]),
    );
    expect(folded.event!.players.map((p) => p.id)).toEqual(['p1']);
    expect(folded.unapplied).toEqual([
      { key: 'd1:2', code: 'unknown-player' },
      { key: 'd1:4', code: 'duplicate-player' },
    ]);
  });
});
