import { describe, expect, it } from 'vitest';
import { parseEventFile } from '../../src/domain/event-file';
import { openEventDb } from '../../src/store/db';
import { listBackups, replaceFromImport } from '../../src/store/backups';
import { appendActions, createEvent, findTwins, freeName, getLog, listEvents, loadEvent, undoLast } from '../../src/store/events';
import { makeEvent, makePlayer } from '../fixtures/events';

const ctx = { deviceId: 'dev-test', now: () => 5000 };
const db = () => openEventDb({}, `twins-${Math.random()}`);

describe('import twins', () => {
  it('finds the event of the same system, name (any case, spaces) and date, and nothing else', async () => {
    const d = await db();
    const { meta } = await createEvent(d, makeEvent(), ctx);
    await createEvent(d, makeEvent({ date: '2027-01-09' }), ctx);
    await createEvent(d, makeEvent({ system: 'lotr-sbg' }), ctx);
    const twins = await findTwins(d, { system: 'sr2011', name: '  winter STEAMROLLER ', date: makeEvent().date });
    expect(twins.map((m) => m.id)).toEqual([meta.id]);
    expect(await findTwins(d, { system: 'sr2011', name: 'Winter Steamroller 2', date: makeEvent().date })).toEqual([]);
  });

  it('replaces as a logged, undoable action after backing up what it replaces', async () => {
    const d = await db();
    const { meta } = await createEvent(d, makeEvent(), ctx);
    await appendActions(d, meta.id, [{ type: 'player-registered', player: makePlayer(9) }], ctx);
    const incoming = makeEvent({ players: makeEvent().players.slice(0, 3) });
    const loaded = await replaceFromImport(d, meta.id, incoming, ctx, 'winter.json');
    expect(loaded.event).toEqual(incoming);
    const log = await getLog(d, meta.id);
    expect(log.at(-1)!.action).toMatchObject({ type: 'event-replaced', fileName: 'winter.json' });
    const [backup] = await listBackups(d, meta.id);
    expect(backup).toMatchObject({ reason: 'before-import', at: 5000 });
    const saved = parseEventFile(backup!.file);
    expect(saved.ok && saved.event.players).toHaveLength(6);
    expect(await listEvents(d)).toHaveLength(1);
    const undone = await undoLast(d, meta.id, ctx);
    expect(undone!.loaded.event.players).toHaveLength(6);
    expect((await loadEvent(d, meta.id)).event.players).toHaveLength(6);
  });

  it('picks a free copy name', async () => {
    const d = await db();
    const numbered = (n: number) => `Winter Steamroller (copie) ${n}`;
    expect(await freeName(d, 'Winter Steamroller (copie)', numbered)).toBe('Winter Steamroller (copie)');
    await createEvent(d, makeEvent({ name: 'Winter Steamroller (copie)' }), ctx);
    expect(await freeName(d, 'Winter Steamroller (copie)', numbered)).toBe('Winter Steamroller (copie) 2');
    await createEvent(d, makeEvent({ name: 'winter steamroller (copie) 2' }), ctx);
    expect(await freeName(d, 'Winter Steamroller (copie)', numbered)).toBe('Winter Steamroller (copie) 3');
  });

  it('keeps registered, dropped and finished on the card data, also for metas written before them', async () => {
    const d = await db();
    const base = makeEvent();
    const event = { ...base, settings: { ...base.settings, finished: true }, players: base.players.map((p, i) => (i === 0 ? { ...p, dropped: true, droppedAfterRound: 1 } : p)) };
    const { meta } = await createEvent(d, event, ctx);
    expect(meta).toMatchObject({ playerCount: 4, registeredCount: 5, finished: true });
    // a meta from before these fields existed
    const { registeredCount: _r, finished: _f, ...old } = meta;
    await d.put('events', old);
    const [listed] = await listEvents(d);
    expect(listed).toMatchObject({ playerCount: 4, registeredCount: 5, finished: true });
  });
});
