import { describe, expect, it } from 'vitest';
import { newEvent } from '../../../src/domain/event-file';
import { SYSTEMS, type EventFile } from '../../../src/domain/event-file/types';
import { foldLog, type Action, type LogEntry } from '../../../src/domain/log';
import { absentAfterRound, checkInInUse, notCheckedIn, systemFor, type GameSystem } from '../../../src/domain/systems';
import { player, systemEvent } from './helpers';

const log = (actions: Action[]): LogEntry[] => actions.map((action, i) => ({ eventId: 'e1', seq: i + 1, at: 1000 + i, deviceId: 'd1', action }));

describe('check-in gate', () => {
  it('asks about nobody while no player is checked in', () => {
    const ev = systemEvent('sr2011', 16);
    expect(checkInInUse(ev)).toBe(false);
    expect(notCheckedIn(ev)).toEqual([]);
  });

  it('names the active players not checked in once one is', () => {
    const ev = systemEvent('sr2011', 16);
    ev.players = ev.players.map((p, i) => (i < 13 ? { ...p, checkedIn: true } : p));
    ev.players[14] = { ...ev.players[14]!, dropped: true, droppedAfterRound: 0 };
    expect(checkInInUse(ev)).toBe(true);
    expect(notCheckedIn(ev)).toEqual(['p14', 'p16']);
  });

  it('does not ask again about a player who already played a round', () => {
    const ev = systemEvent('sr2011', 4);
    ev.players[0] = { ...ev.players[0]!, checkedIn: true };
    ev.rounds = [{ number: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: 'p3' }];
    expect(notCheckedIn(ev)).toEqual(['p4']);
    expect(absentAfterRound(ev)).toBe(1);
  });

  it('marks absent players in one undoable entry, and a reinstatement brings one back', () => {
    const created: Action = { type: 'event-created', event: newEvent({ name: 'Open', date: '2026-12-05', system: 'sr2011', points: 50 }) };
    const actions: Action[] = [created, ...[1, 2, 3, 4].map((n): Action => ({ type: 'player-registered', player: player(n) }))];
    actions.push({ type: 'players-absent', ids: ['p3', 'p4'], afterRound: 0 });
    const entries = log(actions);
    const ev = foldLog(entries)!;
    expect(ev.players.filter((p) => p.dropped).map((p) => [p.id, p.droppedAfterRound, p.absent])).toEqual([
      ['p3', 0, true],
      ['p4', 0, true],
    ]);
    const undone = foldLog([...entries, { eventId: 'e1', seq: entries.length + 1, at: 3000, deviceId: 'd1', action: { type: 'action-undone', seq: entries.length } }])!;
    expect(undone.players.some((p) => p.dropped)).toBe(false);
    const back = foldLog(log([...actions, { type: 'player-reinstated', id: 'p3' }]))!;
    expect(back.players.find((p) => p.id === 'p3')).toMatchObject({ dropped: false, droppedAfterRound: null });
    expect(back.players.find((p) => p.id === 'p3')!.absent).toBeUndefined();
  });

  it.each(SYSTEMS)('%s pairs only the checked-in players once the others are marked absent', (id) => {
    const system: GameSystem = systemFor(id);
    let ev: EventFile = systemEvent(id, 16);
    ev.players = ev.players.map((p, i) => (i < 13 ? { ...p, checkedIn: true } : p));
    const absent = notCheckedIn(ev);
    expect(absent).toEqual(['p14', 'p15', 'p16']);
    ev = foldLog(
      log([
        { type: 'event-created', event: ev },
        { type: 'players-absent', ids: absent, afterRound: absentAfterRound(ev) },
      ]),
    )!;
    const out = system.pairNextRound(ev, { seed: 7 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const seated = [...out.round.pairings.flatMap((p) => [p.a, p.b]), ...out.byes, ...out.unscheduled];
    for (const id of absent) expect(seated).not.toContain(id);
    expect(new Set(seated).size).toBe(13);
  });
});
