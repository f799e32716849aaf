import { describe, expect, it } from 'vitest';
import { FACTION_MINIMUM_POINTS, STARTING_RP } from '../../../src/domain/warmaster';
import { A, B, at, newCampaign } from './helpers';

describe('factions', () => {
  it('have the source minimum points', () => {
    expect(FACTION_MINIMUM_POINTS).toEqual({ empire: 325, elves: 350, dwarfs: 275, orcs: 275, undead: 260, chaos: 335 });
  });

  it.each([
    ['empire', 'city'],
    ['elves', 'city'],
    ['dwarfs', 'city'],
    ['orcs', 'city'],
    ['undead', 'necropolis'],
    ['chaos', 'portal'],
  ] as const)('%s starts with 1000 RP and a free %s', (faction, kind) => {
    const log = newCampaign({ factions: [faction, 'empire'] }).do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.state.resources).toEqual([{ id: 'r1', kind, owner: A, hex: at(0), createdTurn: 0, capture: null }]);
    expect(log.state.bank[A]).toBe(STARTING_RP);
    expect(STARTING_RP).toBe(1000);
  });
});

describe('set-up placement', () => {
  it('places the cities more than 6 hexes apart', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.refusal({ type: 'place-city', player: B, hex: at(6) })).toEqual({ code: 'too-close-to-enemy-resource', params: { resourceId: 'r1', distance: 6, minimum: 7 } });
    expect(log.try({ type: 'place-city', player: B, hex: at(7) })).toBe('ok');
    expect(log.try({ type: 'place-city', player: B, hex: at(20) })).toBe('city-already-placed');
  });

  it('keeps every initial resource more than 6 hexes from any enemy resource', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) }, { type: 'place-city', player: B, hex: at(20) });
    log.do({ type: 'build-mine', player: B, hex: at(14) });
    expect(log.refusal({ type: 'build-mine', player: A, hex: at(8) })).toEqual({ code: 'too-close-to-enemy-resource', params: { resourceId: 'r3', distance: 6, minimum: 7 } });
    expect(log.try({ type: 'build-mine', player: A, hex: at(7) })).toBe('ok');
  });

  it('puts a mine more than 1 hex from another friendly resource', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.refusal({ type: 'build-mine', player: A, hex: at(1) })).toEqual({ code: 'mine-too-close', params: { resourceId: 'r1', distance: 1, minimum: 2 } });
    expect(log.try({ type: 'build-mine', player: A, hex: at(2) })).toBe('ok');
    expect(log.try({ type: 'build-mine', player: A, hex: at(3) })).toBe('mine-too-close');
    expect(log.try({ type: 'build-mine', player: A, hex: at(4) })).toBe('ok');
  });

  it('puts a village more than 3 hexes from another village or a city', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.refusal({ type: 'build-village', player: A, hex: at(3) })).toEqual({ code: 'village-too-close', params: { resourceId: 'r1', distance: 3, minimum: 4 } });
    expect(log.try({ type: 'build-village', player: A, hex: at(4) })).toBe('ok');
    expect(log.try({ type: 'build-village', player: A, hex: at(7) })).toBe('village-too-close');
    expect(log.try({ type: 'build-village', player: A, hex: at(8) })).toBe('ok');
    // a mine is no village: it does not count for the village spacing
    expect(log.try({ type: 'build-mine', player: A, hex: at(6) })).toBe('ok');
    expect(log.state.bank[A]).toBe(1000 - 100 - 100 - 50);
  });

  it("spaces only the mine being created: a village next to the player's own mine is allowed", () => {
    // seed 002: « chaque mine doit être créée à plus de 1 hexagone d'une autre ressource amie »
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) }, { type: 'build-mine', player: A, hex: at(12) });
    expect(log.try({ type: 'build-village', player: A, hex: at(11) })).toBe('ok');
    // a new mine next to that village (or the mine) is still refused
    expect(log.refusal({ type: 'build-mine', player: A, hex: at(13) })).toEqual({ code: 'mine-too-close', params: { resourceId: 'r2', distance: 1, minimum: 2 } });
  });

  it('wants the city first, and a hex with nothing on it', () => {
    const log = newCampaign();
    expect(log.try({ type: 'build-mine', player: A, hex: at(5) })).toBe('city-first');
    log.do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.try({ type: 'build-mine', player: A, hex: at(0) })).toBe('hex-has-resource');
  });

  it.each(['undead', 'chaos'] as const)('%s create no resources', (faction) => {
    const log = newCampaign({ factions: [faction, 'empire'] }).do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.try({ type: 'build-mine', player: A, hex: at(3) })).toBe('faction-cannot-create-resources');
    expect(log.try({ type: 'build-village', player: A, hex: at(5) })).toBe('faction-cannot-create-resources');
  });

  it('recruits detachments in the city only, each meeting MP', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.refusal({ type: 'recruit', player: A, hex: at(0), points: 324 })).toEqual({ code: 'below-minimum-points', params: { points: 324, minimum: 325 } });
    expect(log.try({ type: 'recruit', player: A, hex: at(1), points: 400 })).toBe('not-a-friendly-city');
    log.do({ type: 'recruit', player: A, hex: at(0), points: 325 }, { type: 'recruit', player: A, hex: at(0), points: 500 });
    expect(log.refusal({ type: 'recruit', player: A, hex: at(0), points: 325 })).toEqual({ code: 'not-enough-rp', params: { player: A, needed: 325, available: 175 } });
    // reinforcing in a city is allowed whatever the total
    log.do({ type: 'reinforce', detachmentId: 'd2', points: 10 });
    expect(log.state.detachments.map((d) => [d.id, d.points])).toEqual([
      ['d2', 335],
      ['d3', 500],
    ]);
    expect(log.state.bank[A]).toBe(165);
  });

  it('starts once every player has a city', () => {
    const log = newCampaign().do({ type: 'place-city', player: A, hex: at(0) });
    expect(log.refusal({ type: 'start-campaign' })).toEqual({ code: 'missing-city', params: { player: B } });
    log.do({ type: 'place-city', player: B, hex: at(20) }, { type: 'start-campaign' });
    expect(log.state).toMatchObject({ phase: 'initiative', turn: 1 });
    expect(log.try({ type: 'place-city', player: A, hex: at(10) })).toBe('wrong-phase');
  });

  it('needs two players or more', () => {
    const log = newCampaign();
    expect(log.try({ type: 'create-campaign', name: 'x', map: log.state.map, players: [] })).toBe('campaign-exists');
  });
});
