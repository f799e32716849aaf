// @vitest-environment jsdom
// Issue 20, « La salle »: the tables' clock states read from the intake, each checked with its
// table's key. The table whose time ran out comes first, then dice down, then the running ones;
// a forged state is refused and counted and changes nothing; the time left counts from when the
// state was taken.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventFile } from '../../src/domain/event-file';
import { encodeHallState, eventTag, tableKey, ticketId, type HallState } from '../../src/domain/handoff';
import { openEventDb } from '../../src/store/db';
import { createEvent } from '../../src/store/events';
import { eventSecret } from '../../src/store/secrets';
import { setSyncConfig } from '../../src/store/sync-config';
import type { TabProps } from '../../src/ui/screens/event/types';
import { appendTableAction, openTableGame, saveTableSetup } from '../../src/store/table-games';
import { issueTicket } from '../../src/ui/screens/table/ticket-for';
import { Hall } from '../../src/ui/desk/Hall';
import { makeEvent, makePlayer } from '../fixtures/events';
import { renderTabOn } from './render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = Date.UTC(2026, 11, 5, 10, 0);

function threeTables(): EventFile {
  const players = Array.from({ length: 6 }, (_, i) => makePlayer(i + 1, { name: `Joueur ${i + 1}`, nickname: undefined }));
  return makeEvent({
    settings: { points: 50, variants: [], rounds: null },
    players,
    rounds: [
      { number: 1, scenario: 'overrun', startedAt: NOW - 3_600_000, pairings: [1, 2, 3].map((table) => ({ table, a: `p${2 * table - 1}`, b: `p${2 * table}` })), bye: null },
    ],
  });
}

describe('« La salle »', () => {
  it('time out first, then dice down, then the running clocks; a forged state refused and counted', async () => {
    const db = await openEventDb({}, `hall-${Math.random()}`);
    const { meta } = await createEvent(db, threeTables(), { deviceId: 'dev-ui' });
    const eventId = meta.id;
    await setSyncConfig(db, eventId, { url: 'https://couch.example.org', db: 'open' });
    const secret = await eventSecret(db, eventId);
    const base = (table: number, over: Partial<HallState>): HallState => ({
      eventTag: eventTag(eventId),
      round: 1,
      table,
      at: NOW - 30_000,
      turn: 3,
      active: 'a',
      phase: 'running',
      leftMs: 300_000,
      extensionUsed: { a: false, b: false },
      cp: { a: 1, b: 0 },
      diceDown: false,
      timeOut: false,
      resultIn: false,
      dispute: false,
      ...over,
    });
    const sign = async (s: HallState) => encodeHallState(s, await tableKey(secret, ticketId({ eventId, round: 1, table: s.table })));
    const codes = [
      await sign(base(1, {})),
      await sign(base(2, { diceDown: true, phase: 'over', leftMs: 0 })),
      await sign(base(3, { timeOut: true, leftMs: -20_000, active: 'b', extensionUsed: { a: false, b: true } })),
      // forged: table 1 "time out", signed with a made-up key
      await encodeHallState(base(1, { timeOut: true, at: NOW - 1_000 }), 'ef'.repeat(32)),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.includes('_changes')) return new Response('{}', { status: 200 });
        const first = /since=0(&|$)/.test(url);
        return new Response(
          JSON.stringify({ results: first ? codes.map((code) => ({ doc: { _id: `clock:${code.slice(-16)}`, type: 'clock', code, at: 1 } })) : [], last_seq: '4' }),
          { status: 200 },
        );
      }),
    );
    const Screen = ({ event, eventId: id }: TabProps) => <Hall event={event} eventId={id} round={1} onClose={() => undefined} />;
    await renderTabOn(Screen, db, eventId, { now: () => NOW });
    await waitFor(() => expect(screen.getByTestId('hall-network').textContent).toMatch(/1 état de pendule refusé/), { timeout: 5000 });
    const order = () => screen.getAllByTestId('hall-table').map((li) => li.getAttribute('data-table'));
    await waitFor(() => expect(order()).toEqual(['3', '2', '1']), { timeout: 5000 });
    const [t3, t2, t1] = screen.getAllByTestId('hall-table');
    expect(t3!.textContent).toContain('Temps écoulé');
    expect(t3!.textContent).toContain('Prolongation prise\u00a0: Joueur 6');
    expect(t2!.textContent).toContain('Dés posés');
    // taken 30 s ago with 5:00 left: 4:30 now; the forged time out did not replace it
    expect(t1!.querySelector('[data-testid=hall-time]')!.textContent).toBe('04:30');
    expect(t1!.textContent).not.toContain('Temps écoulé');
    expect(t1!.textContent).toContain('À jouer\u00a0: Joueur 1');
    expect(t1!.textContent).toContain('PC\u00a0: 1–0');
  });

  it('without a server: the clocks running on this tablet, from its own store', async () => {
    const event = threeTables();
    const db = await openEventDb({}, `hall-local-${Math.random()}`);
    const { meta } = await createEvent(db, event, { deviceId: 'dev-ui' });
    const issued = (await issueTicket(event, meta.id, 1, 2, await eventSecret(db, meta.id)))!;
    const id = `${meta.id}:1:2`;
    await openTableGame(db, id, issued.ticket, 'organizer', NOW - 120_000);
    await saveTableSetup(db, id, { firstPlayer: 'b', lists: { a: null, b: null } }, NOW - 120_000);
    await appendTableAction(db, id, { type: 'start', at: NOW - 120_000 });
    const fetches = vi.fn();
    vi.stubGlobal('fetch', fetches);
    const Screen = ({ event: e, eventId: eid }: TabProps) => <Hall event={e} eventId={eid} round={1} onClose={() => undefined} />;
    await renderTabOn(Screen, db, meta.id, { now: () => NOW });
    expect((await screen.findByTestId('hall-network')).textContent).toContain('Pendules de cette tablette seulement');
    await waitFor(() => expect(screen.getAllByTestId('hall-table')[0]!.getAttribute('data-table')).toBe('2'), { timeout: 5000 });
    const t2 = screen.getAllByTestId('hall-table')[0]!;
    expect(t2.textContent).toContain('À jouer\u00a0: Joueur 4');
    expect(t2.querySelector('[data-testid=hall-turn]')!.textContent).toContain('tour 1');
    expect(fetches).not.toHaveBeenCalled();
  });
});
