// Resources: where they may be placed, whether they reach a friendly city, what they yield.
import { hexDistance, hexKey, sameHex } from './hex';
import type { Hex } from './hex';
import { edgeCrossable, getCell, mapNeighbours } from './hex-map';
import { factionOf } from './queries';
import { refuse } from './refusal';
import type { Refusal } from './refusal';
import {
  canCreateResources,
  INITIAL_ENEMY_RESOURCE_DISTANCE,
  isCityKind,
  MINE_DOUBLE_ON,
  MINE_EXHAUSTED_ON,
  MINE_FRIENDLY_DISTANCE,
  RESOURCE_INCOME,
  TERRAIN_COST,
  VILLAGE_DISTANCE,
  yieldsFor,
} from './rules';
import type { CityKind } from './rules';
import type { CampaignState, IncomeLine, PlayerId, PlayerIncome, Resource } from './types';

/**
 * Why a resource cannot go on this hex, or null. The "more than 6 hexes from any enemy resource"
 * rule binds the set-up only ("au début du jeu"); the mine and village spacing binds always.
 */
export function placementRefusal(state: CampaignState, player: PlayerId, kind: CityKind | 'mine' | 'village', h: Hex, setup: boolean): Refusal | null {
  const cell = getCell(state.map, h);
  if (!cell) return refuse('hex-off-map', { q: h.q, r: h.r });
  if (TERRAIN_COST[cell.terrain] === null) return refuse('hex-impassable', { q: h.q, r: h.r, terrain: cell.terrain });
  if (!isCityKind(kind) && !canCreateResources(factionOf(state, player))) return refuse('faction-cannot-create-resources', { player, faction: factionOf(state, player) });
  const here = state.resources.find((r) => sameHex(r.hex, h));
  if (here) return refuse('hex-has-resource', { resourceId: here.id });
  const enemy = state.detachments.find((d) => d.owner !== player && sameHex(d.hex, h));
  if (enemy) return refuse('hex-has-enemy-detachment', { detachmentId: enemy.id });
  for (const r of state.resources) {
    const distance = hexDistance(r.hex, h);
    // « chaque mine doit être créée à plus de 1 hexagone d'une autre ressource amie »: the rule binds
    // the mine being created, so a village may go next to an existing friendly mine
    if (kind === 'mine' && r.owner === player && distance <= MINE_FRIENDLY_DISTANCE)
      return refuse('mine-too-close', { resourceId: r.id, distance, minimum: MINE_FRIENDLY_DISTANCE + 1 });
    // "un autre village ou une ville", whoever owns it: the source does not say friendly here.
    if (kind === 'village' && (r.kind === 'village' || isCityKind(r.kind)) && distance <= VILLAGE_DISTANCE)
      return refuse('village-too-close', { resourceId: r.id, distance, minimum: VILLAGE_DISTANCE + 1 });
    if (setup && r.owner !== player && distance <= INITIAL_ENEMY_RESOURCE_DISTANCE)
      return refuse('too-close-to-enemy-resource', { resourceId: r.id, distance, minimum: INITIAL_ENEMY_RESOURCE_DISTANCE + 1 });
  }
  return null;
}

/**
 * Resources of `player` joined to one of their cities by road, path or resource hexes with no
 * enemy detachment or resource on the way, both ends included (an enemy sitting on the resource
 * or on the city cuts it). Crossing a river needs its bridge or ford, as for movement.
 */
export function linkedResourceIds(state: CampaignState, player: PlayerId): Set<string> {
  const enemyHexes = new Set<string>();
  for (const d of state.detachments) if (d.owner !== player) enemyHexes.add(hexKey(d.hex));
  const ownResource = new Map<string, Resource>();
  for (const r of state.resources) {
    if (r.owner === player) ownResource.set(hexKey(r.hex), r);
    else enemyHexes.add(hexKey(r.hex));
  }
  const passable = (h: Hex): boolean => {
    const k = hexKey(h);
    if (enemyHexes.has(k)) return false;
    return ownResource.has(k) || getCell(state.map, h)?.road !== undefined;
  };
  const seen = new Set<string>();
  const queue: Hex[] = [];
  for (const r of ownResource.values()) {
    if (isCityKind(r.kind) && !enemyHexes.has(hexKey(r.hex))) {
      seen.add(hexKey(r.hex));
      queue.push(r.hex);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    for (const n of mapNeighbours(state.map, at)) {
      const k = hexKey(n);
      if (seen.has(k) || !passable(n) || !edgeCrossable(state.map, at, n)) continue;
      seen.add(k);
      queue.push(n);
    }
  }
  const out = new Set<string>();
  for (const [k, r] of ownResource) if (seen.has(k)) out.add(r.id);
  return out;
}

/**
 * This turn's income. `mineRoll` gives each producing mine's d6 (null in a forecast: no roll, a
 * normal yield). Mines created this turn neither yield nor roll; every other mine rolls, linked or
 * not, since exhaustion is about the mine, not the road. Returns the mines found exhausted.
 */
export function computeIncome(state: CampaignState, mineRoll: (r: Resource) => number | null): { players: PlayerIncome[]; exhausted: string[] } {
  const links = new Map(state.players.map((p) => [p.id, linkedResourceIds(state, p.id)]));
  const lines = new Map<PlayerId, IncomeLine[]>(state.players.map((p) => [p.id, []]));
  const exhausted: string[] = [];
  for (const r of state.resources) {
    const line = (status: IncomeLine['status'], amount: number, roll: number | null): void => {
      lines.get(r.owner)?.push({ resourceId: r.id, kind: r.kind, status, mineRoll: roll, amount });
    };
    if (r.createdTurn === state.turn) {
      line('new', 0, null);
      continue;
    }
    const roll = r.kind === 'mine' ? mineRoll(r) : null;
    if (roll === MINE_EXHAUSTED_ON) {
      exhausted.push(r.id);
      line('exhausted', 0, roll);
      continue;
    }
    const base = RESOURCE_INCOME[r.kind] * (roll === MINE_DOUBLE_ON ? 2 : 1);
    if (r.capture && r.capture.turn === state.turn) line('captured', 0, roll);
    else if (!yieldsFor(factionOf(state, r.owner), r.kind)) line('not-for-faction', 0, roll);
    else if (isCityKind(r.kind)) line('city', base, roll);
    else if (links.get(r.owner)?.has(r.id)) line('linked', base, roll);
    else line('unlinked', 0, roll);
  }
  const players = state.players.map((p): PlayerIncome => {
    const ls = lines.get(p.id) ?? [];
    const gross = ls.reduce((s, l) => s + l.amount, 0);
    // a raid takes from this turn's gains only ("sur les gains de ce tour"), never the treasury
    const raided = Math.min(
      gross,
      state.raids.filter((x) => x.target === p.id).reduce((s, x) => s + x.amount, 0),
    );
    return { player: p.id, lines: ls, gross, raided, net: gross - raided };
  });
  return { players, exhausted };
}

/** What each player would collect now, mines at their normal yield: a forecast, no dice. */
export function incomeForecast(state: CampaignState): PlayerIncome[] {
  return computeIncome(state, () => null).players;
}
