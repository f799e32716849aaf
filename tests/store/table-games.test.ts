import { describe, expect, it } from 'vitest';
import { clockView, type ClockAction } from '../../src/domain/clock';
import { buildTicket, ticketId } from '../../src/domain/handoff';
import { openEventDb } from '../../src/store/db';
import {
  appendTableAction,
  deleteTableGame,
  getTableGame,
  listTableGames,
  openTableGame,
  saveTableOutcome,
  saveTableSetup,
  TableGameNotFoundError,
} from '../../src/store/table-games';
import { tableClockConfig } from '../../src/ui/screens/table/use-table-game';
import { makeEvent } from '../fixtures/events';

const START = Date.UTC(2026, 11, 5, 9, 0);
const SEC = 1000;
const ticket = () => {
  const e = makeEvent();
  e.rounds[0] = { ...e.rounds[0]!, startedAt: START } as (typeof e.rounds)[0];
  return buildTicket(e, 'ev-1', 1, 2, null)!;
};

describe('table games store', () => {
  it('creates a game once per ticket id: scanning the ticket again resumes it', async () => {
    const db = await openEventDb({}, `tg-${Math.random()}`);
    const id = ticketId(ticket());
    const first = await openTableGame(db, id, ticket(), 'ticket', START);
    expect(first.created).toBe(true);
    await appendTableAction(db, id, { type: 'start', at: START + SEC });
    const again = await openTableGame(db, id, ticket(), 'ticket', START + 5 * SEC);
    expect(again.created).toBe(false);
    expect(again.record.actions).toEqual([{ type: 'start', at: START + SEC }]);
    expect((await listTableGames(db)).map((g) => g.id)).toEqual([id]);
  });

  it('writes each action in one readwrite transaction with strict durability', async () => {
    const db = await openEventDb({}, `tg-${Math.random()}`);
    const id = ticketId(ticket());
    await openTableGame(db, id, ticket(), 'ticket', START);
    const seen: Array<{ stores: unknown; mode: unknown; options: unknown }> = [];
    const original = db.transaction.bind(db);
    (db as { transaction: unknown }).transaction = (stores: unknown, mode: unknown, options: unknown) => {
      seen.push({ stores, mode, options });
      return (original as (...a: unknown[]) => unknown)(stores, mode, options);
    };
    await saveTableSetup(db, id, { firstPlayer: 'b', lists: { a: 0, b: null } }, START);
    await appendTableAction(db, id, { type: 'start', at: START + SEC });
    await saveTableOutcome(db, id, null, START + 2 * SEC);
    expect(seen).toHaveLength(3);
    for (const s of seen) expect(s).toEqual({ stores: 'tableGames', mode: 'readwrite', options: { durability: 'strict' } });
  });

  it('resumes after the browser is killed: reopening the database gives the same clock to the millisecond', async () => {
    const name = `tg-${Math.random()}`;
    let db = await openEventDb({}, name);
    const t = ticket();
    const id = ticketId(t);
    await openTableGame(db, id, t, 'ticket', START);
    await saveTableSetup(db, id, { firstPlayer: 'a', lists: { a: 0, b: 0 } }, START);
    const actions: ClockAction[] = [
      { type: 'start', at: START + 10 * SEC },
      { type: 'end-turn', at: START + 400 * SEC, player: 'a' },
      { type: 'pause', at: START + 500 * SEC },
      { type: 'resume', at: START + 530 * SEC },
    ];
    for (const a of actions) await appendTableAction(db, id, a);
    const config = tableClockConfig(t, { firstPlayer: 'a', lists: { a: 0, b: 0 } }, null);
    const before = clockView(config, actions, START + 600 * SEC);
    db.close();

    db = await openEventDb({}, name);
    const record = (await getTableGame(db, id))!;
    expect(record.actions).toEqual(actions);
    expect(record.setup).toEqual({ firstPlayer: 'a', lists: { a: 0, b: 0 } });
    const after = clockView(config, record.actions as ClockAction[], START + 600 * SEC);
    expect(after).toEqual(before);
    // b's turn: 200 s since the end of a's, less the 30 s the turn clock stood still
    expect(after.turnRemainingMs).toBe(after.turnClock!.budgetMs - 170 * SEC);
  });

  it('loses no tap when two tabs append to the same game', async () => {
    const name = `tg-${Math.random()}`;
    const [one, two] = await Promise.all([openEventDb({}, name), openEventDb({}, name)]);
    const id = ticketId(ticket());
    await openTableGame(one, id, ticket(), 'ticket', START);
    await Promise.all([
      appendTableAction(one, id, { type: 'start', at: START + 1 }),
      appendTableAction(two, id, { type: 'pause', at: START + 2 }),
      appendTableAction(one, id, { type: 'resume', at: START + 3 }),
    ]);
    expect((await getTableGame(two, id))!.actions.map((a) => a.at).sort()).toEqual([START + 1, START + 2, START + 3]);
  });

  it('refuses to write to a game that is not there, and deletes', async () => {
    const db = await openEventDb({}, `tg-${Math.random()}`);
    await expect(appendTableAction(db, 'nope', { type: 'start', at: 1 })).rejects.toBeInstanceOf(TableGameNotFoundError);
    const id = ticketId(ticket());
    await openTableGame(db, id, ticket(), 'ticket', START);
    await deleteTableGame(db, id);
    expect(await getTableGame(db, id)).toBeNull();
  });
});
