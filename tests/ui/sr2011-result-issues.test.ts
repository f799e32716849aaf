import { describe, expect, it } from 'vitest';
import type { EventFile, Pairing, Player } from '../../src/domain/event-file/types';
import { translator } from '../../src/i18n';
import { sr2011ResultIssues } from '../../src/ui/systems/sr2011/result-draft';
import { makeEvent, makePlayer } from '../fixtures/events';

const t = translator('fr');
const round = { number: 1, scenario: null, variableMinutes: null, pairings: [], bye: null };
// b destroyed 70 points of a's list, a 40 of b's: over a's 55-point list (+ 5), within twice 50 + 5
const pairing: Pairing = { table: 1, a: 'p1', b: 'p2' };
const result = { winner: 'p1', how: 'assassination' as const, a: { cp: 0, apd: 40 }, b: { cp: 0, apd: 70 } };
const issues = (event: EventFile): string[] => sr2011ResultIssues(event, round, pairing, result, t, 'fr').errors;
const apdOf = (name: string): RegExp => new RegExp(`^Points d’armée détruits par ${name}`);

describe('SR2011 result flags: the score-line lookup kept per players and settings', () => {
  it('reads the bound from the event as it is now: a new list or new points are seen at once', () => {
    const players: Player[] = [makePlayer(1), makePlayer(2, { lists: [] })];
    const event = makeEvent({ settings: { points: 50, variants: [], rounds: null }, players, rounds: [] });
    const first = issues(event);
    expect(first.filter((e) => apdOf('Player 2').test(e))).toHaveLength(1);
    expect(first.some((e) => apdOf('Player 1').test(e))).toBe(false);
    // asked again on the same event: the same answer
    expect(issues(event)).toEqual(first);
    // a's list grows to 75 points (a new players list): 70 is within it now
    const bigger = { ...event, players: [makePlayer(1, { lists: [{ ...makePlayer(1).lists[0]!, models: [{ name: 'Stormblades', cost: 75 }] }] }), players[1]!] };
    expect(issues(bigger).some((e) => apdOf('Player 2').test(e))).toBe(false);
    // the points lowered to 15 (same players, new settings): 40 is over twice 15 + 5 against b's missing list
    const smaller = { ...bigger, settings: { ...bigger.settings, points: 15 } };
    expect(issues(smaller).filter((e) => apdOf('Player 1').test(e))).toEqual([expect.stringContaining('maximum possible, 35 (deux fois les 15')]);
    // and the first event still reads its own
    expect(issues(event)).toEqual(first);
  });
});
