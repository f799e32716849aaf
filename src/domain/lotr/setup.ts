// Setting up a Lord of the Rings tournament game (Sabertooth Games, seed 004), one choice at a
// time: roll-off (ties thrown again); the winner is the Attacker in turn 1 and picks Good or
// Evil; the Defender picks the map (River or Ruins); the Attacker picks the map side (North or
// South, the Sabertooth Games side) and deploys, the Defender deploys on the other side; the
// Attacker plays first.
import type { Rng } from '../random';
import { otherSide, rollOff, type RollOff } from '../systems/dice';

export type Camp = 'good' | 'evil';
export type LotrMap = 'river' | 'ruins';
export type MapSide = 'north' | 'south';

export interface LotrSetup {
  step: 'camp' | 'map' | 'side' | 'done';
  rollOff: RollOff;
  attacker: 'a' | 'b';
  defender: 'a' | 'b';
  camps: { a: Camp; b: Camp } | null;
  map: LotrMap | null;
  sides: { a: MapSide; b: MapSide } | null;
  /** the Attacker, once the setup is done */
  firstPlayer: 'a' | 'b' | null;
}

export function startLotrSetup(rng: Rng): LotrSetup {
  const roll = rollOff(rng);
  return { step: 'camp', rollOff: roll, attacker: roll.winner, defender: otherSide(roll.winner), camps: null, map: null, sides: null, firstPlayer: null };
}

const otherCamp = (c: Camp): Camp => (c === 'good' ? 'evil' : 'good');
const otherMapSide = (s: MapSide): MapSide => (s === 'north' ? 'south' : 'north');

function expect(setup: LotrSetup, step: LotrSetup['step']): void {
  if (setup.step !== step) throw new Error(`LotR setup: expected the ${setup.step} choice, not ${step}`);
}

/** The Attacker picks a camp. */
export function chooseCamp(setup: LotrSetup, camp: Camp): LotrSetup {
  expect(setup, 'camp');
  const camps = setup.attacker === 'a' ? { a: camp, b: otherCamp(camp) } : { a: otherCamp(camp), b: camp };
  return { ...setup, step: 'map', camps };
}

/** The Defender picks the map. */
export function chooseMap(setup: LotrSetup, map: LotrMap): LotrSetup {
  expect(setup, 'map');
  return { ...setup, step: 'side', map };
}

/** The Attacker picks a map side; the Defender takes the other; the Attacker plays first. */
export function chooseMapSide(setup: LotrSetup, side: MapSide): LotrSetup {
  expect(setup, 'side');
  const sides = setup.attacker === 'a' ? { a: side, b: otherMapSide(side) } : { a: otherMapSide(side), b: side };
  return { ...setup, step: 'done', sides, firstPlayer: setup.attacker };
}
