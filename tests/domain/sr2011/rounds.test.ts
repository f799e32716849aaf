import { describe, expect, it } from 'vitest';
import { eventEndCheck, plannedRounds, recommendedRounds, uniqueLeader } from '../../../src/domain/sr2011';

describe('recommendedRounds: the source table and its doubling beyond 64', () => {
  it.each([
    [1, 3],
    [2, 3],
    [8, 3],
    [9, 4],
    [16, 4],
    [17, 5],
    [32, 5],
    [33, 6],
    [64, 6],
    [65, 7],
    [128, 7],
    [129, 8],
    [256, 8],
    [257, 9],
  ])('%i players -> %i rounds', (players, rounds) => {
    expect(recommendedRounds(players)).toBe(rounds);
  });
});

describe('plannedRounds: "X rounds" overrides the table', () => {
  it.each([
    [20, null, 5],
    [20, 3, 3],
    [6, 4, 4],
    [100, 5, 5],
  ])('%i players, fixed %s -> %i', (players, fixed, expected) => {
    expect(plannedRounds(players, fixed)).toBe(expected);
  });
});

const tps = (...xs: number[]) => xs.map((tp) => ({ tp }));

describe('uniqueLeader', () => {
  it.each([
    [[3, 2, 2, 1], 3],
    [[2, 3, 1], 3],
    [[3, 3, 1], null],
    [[0, 0], null],
    [[1], 1],
    [[], null],
  ] as const)('%j -> %s', (list, leader) => {
    expect(uniqueLeader(tps(...list))?.tp ?? null).toBe(leader);
  });
});

describe('eventEndCheck', () => {
  it.each([
    // [tps, roundsPlayed, planned, fixed, decision]
    [[0, 0, 0, 0], 0, 3, null, 'continue'],
    [[1, 1, 0, 0], 1, 3, null, 'continue'],
    [[2, 1, 1, 0], 2, 3, null, 'propose-end'],
    [[3, 2, 2, 1, 1, 1, 1, 0], 3, 3, null, 'propose-end'],
    [[3, 3, 2, 1, 1, 1], 3, 3, null, 'propose-extra-round'],
    [[4, 4, 2], 4, 3, null, 'propose-extra-round'],
    [[2, 2, 1, 1], 2, 3, null, 'continue'],
    [[2, 1, 1, 0], 2, 4, 4, 'continue'],
    [[4, 4, 2, 2], 4, 3, 4, 'end'],
    [[3, 3, 1, 1], 3, 5, 3, 'end'],
  ] as const)('%j after %i of %i (fixed %s) -> %s', (list, played, planned, fixed, decision) => {
    expect(eventEndCheck(tps(...list), played, planned, fixed)).toBe(decision);
  });
});
