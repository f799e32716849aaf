import { describe, expect, it } from 'vitest';
import { parseEventFile } from '../../src/domain/event-file';
import { openEventDb } from '../../src/store/db';
import { BACKUPS_KEPT, listBackups, restoreBackup, snapshotEvent } from '../../src/store/backups';
import { appendActions, createEvent, getLog, loadEvent, undoLast } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';

const ctx = { deviceId: 'dev-test' };

async function setup() {
  const db = await openEventDb({}, `backups-${Math.random()}`);
  const { meta } = await createEvent(db, makeEvent(), ctx, 'event-imported');
  return { db, id: meta.id };
}

describe('event backups', () => {
  it('keeps a valid event file with its time and round count', async () => {
    const { db, id } = await setup();
    const b = await snapshotEvent(db, id, 'round', 1234);
    expect(b).toMatchObject({ eventId: id, at: 1234, round: 1, reason: 'round' });
    const parsed = parseEventFile(b!.file);
    expect(parsed.ok && parsed.event).toEqual(makeEvent());
  });

  it(`keeps only the last ${BACKUPS_KEPT}, newest first`, async () => {
    const { db, id } = await setup();
    for (let i = 0; i < BACKUPS_KEPT + 5; i++) await snapshotEvent(db, id, 'interval', 1000 + i);
    const list = await listBackups(db, id);
    expect(list).toHaveLength(BACKUPS_KEPT);
    expect(list[0]!.at).toBe(1000 + BACKUPS_KEPT + 4);
    expect(list.at(-1)!.at).toBe(1005);
  });

  it('restores as a logged action after snapshotting the current state, and the restore can be undone', async () => {
    const { db, id } = await setup();
    const early = await snapshotEvent(db, id, 'manual', 10);
    await appendActions(db, id, [{ type: 'player-registered', player: makePlayer(9) }], ctx);
    const restored = await restoreBackup(db, id, early!.id!, { ...ctx, now: () => 20 });
    expect(restored.event.players).toHaveLength(5);
    const log = await getLog(db, id);
    expect(log.at(-1)!.action).toMatchObject({ type: 'backup-restored', backupAt: 10, backupRound: 1 });
    const list = await listBackups(db, id);
    expect(list[0]).toMatchObject({ reason: 'before-restore', at: 20 });
    expect(parseEventFile(list[0]!.file).ok && (parseEventFile(list[0]!.file) as { event: { players: unknown[] } }).event.players).toHaveLength(6);
    await undoLast(db, id, ctx);
    expect((await loadEvent(db, id)).event.players).toHaveLength(6);
  });

  it('keeps backups per event', async () => {
    const { db, id } = await setup();
    const other = (await createEvent(db, makeEvent({ name: 'Autre' }), ctx)).meta.id;
    await snapshotEvent(db, id, 'manual', 1);
    await snapshotEvent(db, other, 'manual', 2);
    expect((await listBackups(db, id)).map((b) => b.at)).toEqual([1]);
    await expect(restoreBackup(db, id, (await listBackups(db, other))[0]!.id!, ctx)).rejects.toThrow(/not found/);
  });
});
