// One decision for the end of an SR2011 event, used by the command line and the app.
import { describe, expect, it } from 'vitest';
import { eventEndState } from '../../../src/domain/sr2011';
import { cli, lines } from '../../cli/helpers';
import { makeEvent, makePlayer } from './helpers';

const four = () => [1, 2, 3, 4].map((n) => makePlayer(n));

describe('eventEndState', () => {
  it('a dropped player is no rival: the one player still in who leads alone ends the event', () => {
    const players = four();
    players[2] = makePlayer(3, { dropped: true, droppedAfterRound: 2 });
    // p1 and p3 both on 2 TP, but p3 left after round 2
    const ev = makeEvent(players, [
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4', 'p3'],
        ],
      },
      {
        pairings: [
          ['p1', 'p4', 'p1'],
          ['p3', 'p2', 'p3'],
        ],
      },
    ]);
    expect(eventEndState(ev)).toMatchObject({ kind: 'propose-end', completed: 2, leader: { id: 'p1' } });
  });

  it('a dropped leader does not end the event for the others', () => {
    const players = four();
    players[0] = makePlayer(1, { dropped: true, droppedAfterRound: 2 });
    const ev = makeEvent(players, [
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4', 'p3'],
        ],
      },
      {
        pairings: [
          ['p1', 'p3', 'p1'],
          ['p2', 'p4', 'p2'],
        ],
      },
    ]);
    // 4 players: 3 rounds planned; p2 and p3 level on 1 TP
    expect(eventEndState(ev)).toEqual({ kind: 'continue', completed: 2, planned: 3 });
  });

  it('« tables finales »: a unique leader before the final-tables round does not end the event', () => {
    const rounds = [
      {
        pairings: [
          ['p1', 'p2', 'p1'],
          ['p3', 'p4', 'p3'],
        ] as [string, string, string][],
      },
      {
        pairings: [
          ['p1', 'p3', 'p1'],
          ['p2', 'p4', 'p2'],
        ] as [string, string, string][],
      },
    ];
    const ev = makeEvent(four(), rounds, { variants: ['final-tables'] });
    expect(eventEndState(ev)).toEqual({ kind: 'continue', completed: 2, planned: 3 });
    const after = makeEvent(
      four(),
      [
        ...rounds,
        {
          pairings: [
            ['p1', 'p2', 'p1'],
            ['p3', 'p4', 'p4'],
          ],
          finalTables: true,
        },
      ],
      { variants: ['final-tables'] },
    );
    expect(eventEndState(after)).toEqual({ kind: 'end', completed: 3, reason: 'final-tables' });
  });

  it('the command line says the same: no "leads alone" before the final tables', async () => {
    const ev = makeEvent(
      four(),
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
            ['p2', 'p4', 'p2'],
          ],
        },
      ],
      { variants: ['final-tables'] },
    );
    const r = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': JSON.stringify(ev) });
    expect(r.code).toBe(0);
    expect(lines(r.stderr).some((l) => l.includes('leads alone'))).toBe(false);
    const plain = await cli(['pair', 'e.json', '--seed', '1'], { 'e.json': JSON.stringify({ ...ev, settings: { ...ev.settings, variants: [] } }) });
    expect(plain.code).toBe(1);
    expect(lines(plain.stderr)).toContain('cannot pair: Player 1 already leads alone after round 2: by the rules the event ends with no further game (--force pairs anyway)');
  });
});
