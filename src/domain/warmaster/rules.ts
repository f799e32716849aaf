// The numbers of the Warmaster campaign system (SCW, chsic.free.fr), in one place so a test can
// quote them against the source and a house rule changes one line.
import type { Terrain } from './hex-map';

export type Faction = 'empire' | 'elves' | 'dwarfs' | 'orcs' | 'undead' | 'chaos';
export const FACTIONS: readonly Faction[] = ['empire', 'elves', 'dwarfs', 'orcs', 'undead', 'chaos'];

/** MP: the points an army needs to meet its minimum units (Khemri are the source's Undead). */
export const FACTION_MINIMUM_POINTS: Readonly<Record<Faction, number>> = {
  empire: 325,
  elves: 350,
  dwarfs: 275,
  orcs: 275,
  undead: 260,
  chaos: 335,
};

export type ResourceKind = 'city' | 'necropolis' | 'portal' | 'village' | 'mine';
/** the three that follow city rules ("Les nécropoles/portails suivent les règles des villes") */
export type CityKind = 'city' | 'necropolis' | 'portal';

export const STARTING_RP = 1000;
export const MOVEMENT_POINTS = 3;
/** null: impassable */
export const TERRAIN_COST: Readonly<Record<Terrain, number | null>> = { plain: 1, hill: 2, wood: 2, mountain: 3, sea: null };
/** a bad-weather hex costs this much more to enter, after the road halving */
export const BAD_WEATHER_EXTRA = 1;

export const RESOURCE_COST: Readonly<Record<'mine' | 'village', number>> = { mine: 50, village: 100 };
export const RESOURCE_INCOME: Readonly<Record<ResourceKind, number>> = { city: 250, necropolis: 250, portal: 250, village: 25, mine: 10 };
export const ROAD_COST_PER_HEX = 5;

/** strictly more than this many hexes from any enemy resource, at the start of the game only */
export const INITIAL_ENEMY_RESOURCE_DISTANCE = 6;
/** a mine: strictly more than this from another friendly resource */
export const MINE_FRIENDLY_DISTANCE = 1;
/** a village: strictly more than this from another village or a city, whoever owns them */
export const VILLAGE_DISTANCE = 3;

export const MINE_EXHAUSTED_ON = 1;
export const MINE_DOUBLE_ON = 6;

/** d6 score needed to destroy, before the +1 per full 1000 points of the detachment */
export const DESTROY_TARGET: Readonly<Record<ResourceKind | 'road', number>> = { mine: 2, road: 2, village: 4, city: 6, necropolis: 6, portal: 6 };
export const DESTROY_BONUS_STEP = 1000;
/** a destroyed city (or an Undead / Chaos razed village) pays this many turns of its income */
export const PLUNDER_TURNS = 5;

export const FATE_UNIT_RP = 25;

export function isCityKind(kind: ResourceKind): kind is CityKind {
  return kind === 'city' || kind === 'necropolis' || kind === 'portal';
}

export function homeCityKind(faction: Faction): CityKind {
  return faction === 'undead' ? 'necropolis' : faction === 'chaos' ? 'portal' : 'city';
}

/** "Les morts vivants et le chaos ne peuvent pas créer de ressources" (roads are not resources). */
export function canCreateResources(faction: Faction): boolean {
  return faction !== 'undead' && faction !== 'chaos';
}

/** Undead and Chaos may use mines but never hold villages: they can only raze them. */
export function canHold(faction: Faction, kind: ResourceKind): boolean {
  return !(kind === 'village' && (faction === 'undead' || faction === 'chaos'));
}

/** A necropolis yields only to Undead, a portal only to Chaos. */
export function yieldsFor(faction: Faction, kind: ResourceKind): boolean {
  if (kind === 'necropolis') return faction === 'undead';
  if (kind === 'portal') return faction === 'chaos';
  return canHold(faction, kind);
}

export function destroyTarget(kind: ResourceKind | 'road', points: number): { target: number; bonus: number } {
  return { target: DESTROY_TARGET[kind], bonus: Math.floor(points / DESTROY_BONUS_STEP) };
}

export function meetsMinimum(faction: Faction, points: number): boolean {
  return points >= FACTION_MINIMUM_POINTS[faction];
}

export type FateResult = 'bad-weather' | 'reinforcements' | 'supply-line' | 'raid' | 'scouts' | 'deception';
export const FATE_TABLE: readonly FateResult[] = ['bad-weather', 'reinforcements', 'supply-line', 'raid', 'scouts', 'deception'];

export function fateResult(roll: number): FateResult {
  const r = FATE_TABLE[roll - 1];
  if (!r) throw new RangeError(`fate roll ${roll}`);
  return r;
}

/** reinforcements: 1d3 x 25, or 1d6 x 25 for Chaos and Undead */
export function reinforcementDie(faction: Faction): 3 | 6 {
  return faction === 'undead' || faction === 'chaos' ? 6 : 3;
}
