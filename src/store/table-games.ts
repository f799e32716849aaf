// Owns the table games: one record per game played on this device (a table device's ticket, or
// a game the organizer's tablet runs itself), holding the ticket, the players' setup, every
// clock action in order and the end-of-game outcome. The clock on screen is fold(actions) at
// now, so an action is only shown as done once its write is on disk: each write is one
// readwrite transaction with strict durability, awaited to `done`.
import type { ClockAction } from '../domain/clock';
import type { GameResult } from '../domain/event-file/types';
import type { TableTicket } from '../domain/handoff';
import type { WargameDb } from './db';
import type { TableGame } from './schema';

const STRICT = { durability: 'strict' } as const;

/**
 * The turn clock's actions, or a system's own clock's (LotR's game clock), which that system's
 * table part folds; a clock with no 'start' of its own has the table's start stored as one.
 */
export type TableAction = ClockAction | { type: 'start'; at: number } | { type: string; at: number };

export interface TableSetup {
  firstPlayer: 'a' | 'b';
  /** the list each player chose, when they have more than one */
  lists: { a: number | null; b: number | null };
  /**
   * A Confrontation challenge set up at the table before the game (its ticket carried no limit):
   * the challenge die as thrown and the minutes the booklet gives for its time-limit row.
   */
  challenge?: { rolls: number[]; seed: number; atTable: boolean; minutes: number };
  /** a Confrontation challenge's hands and stakes, revealed before the game: the end only plays the stages */
  hands?: ChallengeHands;
}

/** The cards each player fights with and stakes, as the challenge wizard set them at the start. */
export interface ChallengeHands {
  /** every later die (an equal-stakes roll-off) comes from this seed */
  seed: number;
  /** a registered list (its index) or cards typed at the table */
  source: { a: number | 'adhoc'; b: number | 'adhoc' };
  adHoc: { a: Array<{ id: string; name: string; cost: number }>; b: Array<{ id: string; name: string; cost: number }> };
  stakes: { a: string[]; b: string[] };
}

export interface TableOutcome {
  result: GameResult;
  /** both players must confirm before the result leaves the table */
  confirmed: { a: boolean; b: boolean };
  /** the players disagree on the result and call the organizer (« La salle » shows it first after time out and dice down) */
  disputed?: boolean;
  /** 'local': recorded in the event on this device; 'code': handed over as a result code */
  delivered: { how: 'local' | 'code'; at: number; code?: string } | null;
}

export interface TableGameRecord extends TableGame {
  ticket: TableTicket;
  actions: TableAction[];
  /** 'organizer': the organizer's own tablet (the result goes straight into the event) */
  origin: 'organizer' | 'ticket';
  setup: TableSetup | null;
  outcome: TableOutcome | null;
  /**
   * How far this device's clock was behind the ticket's issuer when the ticket was read (ms, over
   * a minute; absent when in step): the game counts from the issuer's time, and says so.
   */
  clockOffsetMs?: number;
}

export class TableGameNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`table game ${id} not found`);
  }
}

/** Opens the game of this ticket id, creating it the first time: scanning a ticket twice resumes it. */
export async function openTableGame(
  db: WargameDb,
  id: string,
  ticket: TableTicket,
  origin: TableGameRecord['origin'],
  now: number,
  clockOffsetMs = 0,
): Promise<{ record: TableGameRecord; created: boolean }> {
  const tx = db.transaction('tableGames', 'readwrite', STRICT);
  const existing = (await tx.store.get(id)) as TableGameRecord | undefined;
  if (existing) {
    await tx.done;
    return { record: existing, created: false };
  }
  const record: TableGameRecord = { id, ticket, actions: [], origin, setup: null, outcome: null, createdAt: now, updatedAt: now, ...(clockOffsetMs > 0 && { clockOffsetMs }) };
  await Promise.all([tx.store.add(record), tx.done]);
  return { record, created: true };
}

export async function getTableGame(db: WargameDb, id: string): Promise<TableGameRecord | null> {
  return ((await db.get('tableGames', id)) as TableGameRecord | undefined) ?? null;
}

export async function listTableGames(db: WargameDb): Promise<TableGameRecord[]> {
  return ((await db.getAllFromIndex('tableGames', 'byUpdated')) as TableGameRecord[]).reverse();
}

/** Read, change and write back in one transaction, so two tabs on one game cannot lose a tap. */
async function update(db: WargameDb, id: string, change: (r: TableGameRecord) => TableGameRecord): Promise<TableGameRecord> {
  const tx = db.transaction('tableGames', 'readwrite', STRICT);
  const current = (await tx.store.get(id)) as TableGameRecord | undefined;
  if (!current) {
    tx.abort();
    tx.done.catch(() => undefined);
    throw new TableGameNotFoundError(id);
  }
  const next = change(current);
  await Promise.all([tx.store.put(next), tx.done]);
  return next;
}

export function appendTableAction(db: WargameDb, id: string, action: TableAction): Promise<TableGameRecord> {
  return update(db, id, (r) => ({ ...r, actions: [...r.actions, action], updatedAt: action.at }));
}

export function saveTableSetup(db: WargameDb, id: string, setup: TableSetup, now: number): Promise<TableGameRecord> {
  return update(db, id, (r) => ({ ...r, setup, updatedAt: now }));
}

export function saveTableOutcome(db: WargameDb, id: string, outcome: TableOutcome | null, now: number): Promise<TableGameRecord> {
  return update(db, id, (r) => ({ ...r, outcome, updatedAt: now }));
}

export async function deleteTableGame(db: WargameDb, id: string): Promise<void> {
  const tx = db.transaction('tableGames', 'readwrite', STRICT);
  await Promise.all([tx.store.delete(id), tx.done]);
}
