// A synced entry is read like an imported file: every action the app writes passes; anything
// else is refused with the path of its problem and a reason the sync panel words.
import { describe, expect, it } from 'vitest';
import type { Action } from '../../../src/domain/log';
import { ACTION_TYPES, checkEntry, MAX_ENTRY_CHARS } from '../../../src/domain/log/validate-entry';
import { makeEvent, makePlayer } from '../../fixtures/events';

const entry = (action: unknown, extra: object = {}) => ({
  eventId: 'ev-1',
  deviceId: 'dev-a',
  at: 1_700_000_000_000,
  lamport: 3,
  origin: 5,
  seen: { 'dev-b': 2 },
  action,
  ...extra,
});
const check = (action: unknown, extra: object = {}) => {
  const e = entry(action, extra);
  return checkEntry(e, JSON.stringify(e).length);
};
const result = { winner: 'p1', how: 'scenario', a: { cp: 3, apd: 20 }, b: { cp: 1, apd: 10 } };
const round = { number: 1, scenario: 'overrun', variableMinutes: 8, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null };

/** One action of every type, as the app's forms write them. */
const valid: Action[] = [
  { type: 'event-created', event: makeEvent({ players: [makePlayer(1), makePlayer(2)], rounds: [] }) },
  { type: 'event-imported', event: makeEvent() },
  { type: 'event-updated', patch: { name: 'Open de Lyon', settings: { points: 35 } } },
  { type: 'player-registered', player: makePlayer(3) },
  { type: 'player-updated', id: 'p1', patch: { club: 'Nantes' } },
  { type: 'player-dropped', id: 'p1', afterRound: 1 },
  { type: 'player-reinstated', id: 'p1' },
  { type: 'players-absent', ids: ['p1', 'p2'], afterRound: 0 },
  { type: 'players-checked-in', ids: ['p1'] },
  { type: 'round-paired', round } as Action,
  { type: 'round-updated', number: 1, patch: { startedAt: 1_700_000_000_000 } },
  { type: 'pairings-swapped', round: 1, a: 'p1', b: 'p3', warnings: ['rematch'] },
  { type: 'round-deleted', number: 1 },
  { type: 'result-recorded', round: 1, table: 1, result } as Action,
  { type: 'result-corrected', round: 1, table: 1, result: null, reason: 'typo' },
  { type: 'action-undone', seq: 4, target: 'dev-a:4' },
  { type: 'conflict-resolved', conflict: 'result:1:1', keep: 'dev-a:4', setAside: ['dev-b:2'] },
  { type: 'backup-restored', event: makeEvent(), backupAt: 1_700_000_000_000, backupRound: 1 },
  { type: 'event-replaced', event: makeEvent(), fileName: 'open.json' },
  { type: 'organizer-pin-reset', how: 'recovery-code' },
];

describe('checkEntry', () => {
  it('passes one action of every type the app writes', () => {
    expect(new Set(valid.map((a) => a.type))).toEqual(new Set(ACTION_TYPES));
    for (const a of valid) expect(check(a), a.type).toEqual({ ok: true });
  });

  it('refuses an unknown action type, and no action at all', () => {
    expect(check({ type: 'player-teleported', id: 'p1' })).toMatchObject({ ok: false, reason: 'unknown-action' });
    expect(check(null)).toMatchObject({ ok: false, reason: 'invalid', problems: [{ path: 'action', code: 'not-object' }] });
    expect(check({ type: '__proto__' })).toMatchObject({ ok: false, reason: 'unknown-action' });
  });

  it('refuses payloads shaped wrong: patch null, a side null, a missing player, a round without pairings', () => {
    expect(check({ type: 'event-updated', patch: null })).toMatchObject({ ok: false, reason: 'invalid', problems: [{ path: 'action.patch', code: 'not-object' }] });
    expect(check({ type: 'result-recorded', round: 1, table: 1, result: { ...result, a: null } })).toMatchObject({
      ok: false,
      reason: 'invalid',
      problems: [{ path: 'action.result.a', code: 'not-object' }],
    });
    expect(check({ type: 'result-recorded', round: 1, table: 1, result: null })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(check({ type: 'player-registered' })).toMatchObject({ ok: false, problems: [{ path: 'action.player', code: 'not-object' }] });
    expect(check({ type: 'round-paired', round: { number: 1, bye: null } })).toMatchObject({ ok: false, problems: [{ path: 'action.round.pairings', code: 'required' }] });
    expect(check({ type: 'player-updated', id: 'p1', patch: { number: -3 } })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(check({ type: 'round-updated', number: 1, patch: { variableMinutes: 7 } })).toMatchObject({ ok: false, problems: [{ code: 'bad-variable-minutes' }] });
    expect(check({ type: 'event-created', event: { ...makeEvent(), system: 'chess' } })).toMatchObject({
      ok: false,
      problems: [{ path: 'action.event.system', code: 'unknown-system' }],
    });
  });

  it('holds names, texts, numbers and depth to the event file limits', () => {
    expect(check({ type: 'player-registered', player: makePlayer(1, { name: 'x'.repeat(101) }) })).toMatchObject({
      ok: false,
      problems: [{ path: 'action.player.name', code: 'name-too-long' }],
    });
    const huge = { type: 'player-registered', player: makePlayer(1, { name: 'x'.repeat(5_000_000) }) };
    expect(checkEntry(entry(huge), 5_000_200)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(checkEntry(entry(huge), MAX_ENTRY_CHARS - 1)).toMatchObject({ ok: false, reason: 'invalid', problems: [{ code: 'text-too-long' }] });
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { deep };
    expect(check({ type: 'player-updated', id: 'p1', patch: { club: 'x', extra: deep } })).toMatchObject({ ok: false, problems: [{ code: 'too-deep' }] });
    expect(check({ type: 'result-recorded', round: 1, table: 1, result: { ...result, a: { cp: 1e308, apd: 1 } } })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(check({ type: 'round-deleted', number: 1.5 })).toMatchObject({ ok: false, problems: [{ path: 'action.number', code: 'not-integer' }] });
  });

  it("refuses a Lamport clock past the bound or past its writer's own log length", () => {
    const rename = { type: 'event-updated', patch: { name: 'Piraté' } };
    expect(check(rename, { lamport: 2 ** 53, origin: 2 ** 53 })).toMatchObject({ ok: false, reason: 'clock' });
    expect(check(rename, { lamport: 2 ** 31, origin: 2 ** 31 })).toMatchObject({ ok: false, reason: 'clock' });
    expect(check(rename, { lamport: 9, origin: 5 })).toMatchObject({ ok: false, reason: 'clock', problems: [{ path: 'entry.lamport' }] });
    expect(check(rename, { lamport: 0 })).toMatchObject({ ok: false, reason: 'clock' });
    expect(check(rename, { origin: undefined })).toMatchObject({ ok: false, reason: 'clock' });
    expect(check(rename, { lamport: 5, origin: 5 })).toEqual({ ok: true });
  });

  it('refuses a bad envelope: seen vector, device id, time', () => {
    expect(check(valid[2], { seen: { 'dev-b': -1 } })).toMatchObject({ ok: false, problems: [{ path: 'entry.seen.dev-b' }] });
    expect(check(valid[2], { deviceId: 7 })).toMatchObject({ ok: false, problems: [{ path: 'entry.deviceId', code: 'not-string' }] });
    expect(check(valid[2], { at: 'now' })).toMatchObject({ ok: false, problems: [{ path: 'entry.at', code: 'not-number' }] });
  });
});
