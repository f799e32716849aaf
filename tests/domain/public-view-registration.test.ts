// Issue 20: the public page invites players to register only before the first round is paired
// and only with an intake to send to; it then carries what the phone's list check needs (size,
// variants, rounds) and nothing private.
import { describe, expect, it } from 'vitest';
import { publicView } from '../../src/domain/public-view';
import { makeEvent } from '../fixtures/events';

const INTAKE = 'https://couch.example.org/open-intake';

describe('the public page registration block', () => {
  it('before the first round, with an intake: the address and the list rules inputs only', () => {
    const e = { ...makeEvent({ settings: { points: 35, variants: ['extended-warcasters'], rounds: null, organizerPin: 'x' } as never }), rounds: [] };
    const v = publicView(e, 1, INTAKE);
    expect(v.registration).toEqual({ intake: INTAKE, points: 35, variants: ['extended-warcasters'], rounds: null });
    expect(JSON.stringify(v)).not.toContain('organizerPin');
  });

  it('no intake, or a round paired: no invitation', () => {
    const e = makeEvent({ settings: { points: 35, variants: [], rounds: null } });
    expect(publicView({ ...e, rounds: [] }, 1).registration).toBeUndefined();
    expect(e.rounds.length).toBeGreaterThan(0);
    expect(publicView(e, 1, INTAKE).registration).toBeUndefined();
  });
});
