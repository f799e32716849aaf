// Read-only questions about a campaign state: who stands where, who may move, where a beaten or
// overrun detachment may flee. The UI asks the same functions the fold uses.
import { hexDistance, hexKey, sameHex } from './hex';
import type { Hex } from './hex';
import { getCell } from './hex-map';
import { pathCost, reachableHexes } from './movement';
import type { MoveContext, Reach } from './movement';
import { FACTION_MINIMUM_POINTS, isCityKind, meetsMinimum, TERRAIN_COST } from './rules';
import type { Faction } from './rules';
import type { CampaignPlayer, CampaignState, Detachment, PlayerId, Resource } from './types';

export function findPlayer(state: CampaignState, id: PlayerId): CampaignPlayer | undefined {
  return state.players.find((p) => p.id === id);
}

export function factionOf(state: CampaignState, id: PlayerId): Faction {
  const p = findPlayer(state, id);
  if (!p) throw new RangeError(`unknown player ${id}`);
  return p.faction;
}

export function minimumPoints(state: CampaignState, player: PlayerId): number {
  return FACTION_MINIMUM_POINTS[factionOf(state, player)];
}

export function meetsMp(state: CampaignState, d: Detachment): boolean {
  return meetsMinimum(factionOf(state, d.owner), d.points);
}

export function findDetachment(state: CampaignState, id: string): Detachment | undefined {
  return state.detachments.find((d) => d.id === id);
}

export function detachmentsAt(state: CampaignState, h: Hex): Detachment[] {
  return state.detachments.filter((d) => sameHex(d.hex, h));
}

export function enemyDetachmentsAt(state: CampaignState, h: Hex, player: PlayerId): Detachment[] {
  return state.detachments.filter((d) => d.owner !== player && sameHex(d.hex, h));
}

export function resourceAt(state: CampaignState, h: Hex): Resource | undefined {
  return state.resources.find((r) => sameHex(r.hex, h));
}

export function isEnemyResourceAt(state: CampaignState, h: Hex, player: PlayerId): boolean {
  const r = resourceAt(state, h);
  return r !== undefined && r.owner !== player;
}

export function friendlyCityAt(state: CampaignState, h: Hex, player: PlayerId): Resource | undefined {
  const r = resourceAt(state, h);
  return r && r.owner === player && isCityKind(r.kind) ? r : undefined;
}

/** Bad weather slows the turn after it was rolled; resource hexes count as road for everyone. */
export function moveContext(state: CampaignState): MoveContext {
  return {
    resourceHexes: new Set(state.resources.map((r) => hexKey(r.hex))),
    weather: new Set(state.weather.filter((w) => w.turn === state.turn).flatMap((w) => w.hexes.map(hexKey))),
  };
}

/** Deception rolled on the previous turn's fate pins the detachment for this turn's movement. */
export function isPinned(state: CampaignState, detachmentId: string): boolean {
  return state.deceptions.some((x) => x.detachmentId === detachmentId && x.turn === state.turn - 1);
}

/** Deception rolled this turn forbids this turn's destroy attempt. */
export function isDeceivedNow(state: CampaignState, detachmentId: string): boolean {
  return state.deceptions.some((x) => x.detachmentId === detachmentId && x.turn === state.turn);
}

export function canMoveInStage(state: CampaignState, d: Detachment, stage: 'mp' | 'under'): boolean {
  if (d.moved || isPinned(state, d.id)) return false;
  return meetsMp(state, d) === (stage === 'mp');
}

/** The player whose turn it is to move, or null between moves or outside the movement phase. */
export function currentMover(state: CampaignState): PlayerId | null {
  if (state.phase !== 'movement' || state.movement.cursor < 0) return null;
  return state.order[state.movement.cursor] ?? null;
}

/** players with an MP-meeting detachment on the hex: entering it means battle */
function enemyArmiesAt(state: CampaignState, h: Hex, player: PlayerId): Set<PlayerId> {
  const out = new Set<PlayerId>();
  for (const d of enemyDetachmentsAt(state, h, player)) if (meetsMp(state, d)) out.add(d.owner);
  return out;
}

export function hasEnemyArmyAt(state: CampaignState, h: Hex, player: PlayerId): boolean {
  return enemyArmiesAt(state, h, player).size > 0;
}

/**
 * Where the detachment may end its move this turn, with the cheapest path to each hex. An
 * MP-meeting detachment stops on contact; one under MP never enters an enemy's hex and never ends
 * on an enemy resource.
 */
export function movementOptions(state: CampaignState, detachmentId: string): Map<string, Reach> {
  const d = findDetachment(state, detachmentId);
  if (!d) return new Map();
  const ctx = moveContext(state);
  const budget = state.options.movementPoints;
  if (meetsMp(state, d)) {
    return reachableHexes(state.map, d.hex, { ...ctx, budget, stopsAt: (h) => hasEnemyArmyAt(state, h, d.owner) });
  }
  return reachableHexes(state.map, d.hex, {
    ...ctx,
    budget,
    canEnter: (h) => enemyDetachmentsAt(state, h, d.owner).length === 0,
    canEnd: (h) => !isEnemyResourceAt(state, h, d.owner),
  });
}

/** A chosen path's cost, step by step, under this turn's weather (for the UI's preview line). */
export function previewPath(state: CampaignState, detachmentId: string, path: readonly Hex[]): ReturnType<typeof pathCost> | null {
  const d = findDetachment(state, detachmentId);
  if (!d) return null;
  return pathCost(state.map, d.hex, path, moveContext(state));
}

/**
 * "la case la plus proche (au choix) libre d'ennemi (détachement ou ressource)": the nearest hexes,
 * by hex distance, holding no enemy detachment or resource; a sea hex is no refuge. The owner
 * picks among ties.
 */
export function fleeDestinations(state: CampaignState, detachmentId: string): Hex[] {
  const d = findDetachment(state, detachmentId);
  if (!d) return [];
  const blocked = new Set<string>();
  for (const o of state.detachments) if (o.owner !== d.owner) blocked.add(hexKey(o.hex));
  for (const r of state.resources) if (r.owner !== d.owner) blocked.add(hexKey(r.hex));
  let best = Infinity;
  let out: Hex[] = [];
  for (const c of state.map.cells) {
    if (TERRAIN_COST[c.terrain] === null) continue;
    const k = hexKey(c);
    if (blocked.has(k) || sameHex(c, d.hex)) continue;
    const dist = hexDistance(c, d.hex);
    if (dist < best) {
      best = dist;
      out = [{ q: c.q, r: c.r }];
    } else if (dist === best) out.push({ q: c.q, r: c.r });
  }
  return out;
}

/** What an MP-meeting detachment standing here could try to destroy at the end of the turn. */
export function destroyTargetAt(state: CampaignState, d: Detachment): { kind: 'resource'; resource: Resource } | { kind: 'road' } | null {
  const r = resourceAt(state, d.hex);
  if (r) return r.owner !== d.owner ? { kind: 'resource', resource: r } : null;
  const cell = getCell(state.map, d.hex);
  if (cell?.road !== undefined && cell.roadOwner !== d.owner) return { kind: 'road' };
  return null;
}
