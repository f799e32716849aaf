// Issue 20, « La salle »: what each clock kind a ticket's system declares sends to the hall.
// SR2011's turn clock: turn, player to act, the turn time left, extensions, CP, dice down once
// passed (and only then), time out; LotR's game clock: its turn and the time to the 50-minute stop;
// Confrontation's turn counter: its turn and player, no time. Nothing names a system here but the
// fixtures: the kinds come from each system's clock profile.
import { describe, expect, it } from 'vitest';
import { LOTR_STOP_MS } from '../../src/domain/lotr';
import { eventTag, newEventSecret } from '../../src/domain/handoff';
import type { EventFile } from '../../src/domain/event-file';
import type { TableAction, TableGameRecord } from '../../src/store/table-games';
import { hallStateOf } from '../../src/ui/screens/table/hall-push';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { makeEvent, makePlayer } from '../fixtures/events';
import { systemEvent } from './systems-fixtures';

const START = Date.UTC(2026, 11, 5, 9, 0);
const MIN = 60_000;

function withRound(e: EventFile): EventFile {
  return { ...e, rounds: [{ number: 1, scenario: null, startedAt: START, pairings: [{ table: 1, a: e.players[0]!.id, b: e.players[1]!.id }], bye: null }] };
}

async function record(event: EventFile, actions: TableAction[], setup = true): Promise<TableGameRecord> {
  const issued = (await issueTicket(event, 'ev-hall', 1, 1, newEventSecret(), START, 'https://couch.example.org/x-intake'))!;
  return {
    id: 'ev-hall:1:1',
    ticket: issued.ticket,
    actions,
    origin: 'ticket',
    setup: setup ? { firstPlayer: 'a', lists: { a: null, b: null } } : null,
    outcome: null,
    createdAt: START,
    updatedAt: START,
  };
}

describe('a table clock state for the hall', () => {
  it('SR2011: turn, player to act, turn time left, extension, CP; dice down only once passed', async () => {
    const event = withRound(makeEvent({ settings: { points: 50, variants: [], rounds: null }, players: [makePlayer(1), makePlayer(2)] }));
    const waiting = hallStateOf(await record(event, [], false), null, START);
    expect(waiting).toMatchObject({ eventTag: eventTag('ev-hall'), round: 1, table: 1, phase: 'waiting', turn: 0, active: null });
    const rec = await record(event, [
      { type: 'start', at: START + MIN },
      { type: 'end-turn', at: START + 5 * MIN, player: 'a' },
    ] as TableAction[]);
    const endAt = START + 3 * 60 * MIN;
    const s = hallStateOf(rec, endAt, START + 6 * MIN);
    expect(s).toMatchObject({ phase: 'running', turn: 1, active: 'b', diceDown: false, timeOut: false, resultIn: false, extensionUsed: { a: false, b: false } });
    expect(s.leftMs).toBeGreaterThan(0);
    // the same game seen after the sealed end: « dés posés », the instant itself nowhere
    const after = hallStateOf(rec, endAt, endAt + MIN);
    expect(after).toMatchObject({ diceDown: true, phase: 'over' });
    expect(Object.values(after).includes(endAt)).toBe(false);
    // the players disagree on the result: the hall is told until it is in
    const disputed = {
      ...rec,
      outcome: { result: { winner: null, how: null, a: { cp: 0, apd: 0 }, b: { cp: 0, apd: 0 } }, confirmed: { a: true, b: false }, delivered: null, disputed: true },
    } as TableGameRecord;
    expect(hallStateOf(disputed, endAt, START + 6 * MIN)).toMatchObject({ dispute: true, resultIn: false });
    const agreed = { ...disputed, outcome: { ...disputed.outcome!, confirmed: { a: true, b: true } } };
    expect(hallStateOf(agreed, endAt, START + 6 * MIN)).toMatchObject({ dispute: false, resultIn: true });
  });

  it('LotR: the game clock, no player to act, the time to the 50-minute stop; time out once past it', async () => {
    const event = withRound(systemEvent('lotr-sbg', 400, 2));
    const rec = await record(event, [{ type: 'start', at: START }] as TableAction[]);
    const s = hallStateOf(rec, null, START + 10 * MIN);
    expect(s).toMatchObject({ phase: 'running', active: null, cp: null, turn: 1 });
    expect(s.leftMs).toBe(LOTR_STOP_MS - 10 * MIN);
    expect(hallStateOf(rec, null, START + LOTR_STOP_MS + MIN)).toMatchObject({ phase: 'over', timeOut: true });
  });

  it('Confrontation: a turn counter, the player to act, no time and no CP', async () => {
    const event = withRound(systemEvent('confrontation-cdr', 200, 2));
    const rec = await record(event, [
      { type: 'start', at: START },
      { type: 'end-turn', at: START + MIN, player: 'a' },
    ] as TableAction[]);
    const s = hallStateOf(rec, null, START + 2 * MIN);
    expect(s).toMatchObject({ phase: 'running', active: 'b', leftMs: null, cp: null, timeOut: false });
  });
});
