// A campaign is foldCampaign(actions): every step of a turn is an action validated against the
// state it lands on, every die comes from a seed stored in its action, so replaying the log on
// another device gives the same campaign, roll for roll.
import { DEFAULT_ZONES, generateBattlefield } from './battlefield';
import { computeIncome, placementRefusal } from './economy';
import { areAdjacent, hexKey, sameHex } from './hex';
import type { Hex } from './hex';
import { getCell, isOnMap, parseHexMap, withoutRoad, withRoad } from './hex-map';
import { enterCost, stepRefusal } from './movement';
import {
  canMoveInStage,
  currentMover,
  destroyTargetAt,
  detachmentsAt,
  enemyDetachmentsAt,
  factionOf,
  findDetachment,
  findPlayer,
  fleeDestinations,
  friendlyCityAt,
  isDeceivedNow,
  isEnemyResourceAt,
  isPinned,
  meetsMp,
  minimumPoints,
  moveContext,
  resourceAt,
} from './queries';
import { CampaignError, refuse } from './refusal';
import type { Refusal } from './refusal';
import { roadCost, roadHexesToBuild, roadRefusal } from './roads';
import { createRoller } from './roller';
import type { Roller } from './roller';
import {
  canHold,
  destroyTarget,
  FACTIONS,
  FATE_UNIT_RP,
  fateResult,
  homeCityKind,
  isCityKind,
  MOVEMENT_POINTS,
  PLUNDER_TURNS,
  RESOURCE_COST,
  RESOURCE_INCOME,
  reinforcementDie,
  STARTING_RP,
} from './rules';
import type { Battle, CampaignAction, CampaignOptions, CampaignState, Detachment, Edge, FateRecord, PlayerId } from './types';

export type ApplyResult = { ok: true; state: CampaignState } | { ok: false; refusal: Refusal };

export const DEFAULT_OPTIONS: CampaignOptions = {
  startingRp: STARTING_RP,
  movementPoints: MOVEMENT_POINTS,
  battleZones: DEFAULT_ZONES,
  capturableCities: false,
};

const EDGES: readonly Edge[] = ['north', 'south', 'east', 'west'];

const no = (code: string, params: Record<string, string | number> = {}): ApplyResult => ({ ok: false, refusal: refuse(code, params) });
const yes = (state: CampaignState): ApplyResult => ({ ok: true, state });

// Per action, a shallow working copy whose small collections are copied too, so the handlers can
// edit it in place while the state they were given stays untouched (the UI may still show it).
function draft(s: CampaignState): CampaignState {
  return {
    ...s,
    bank: { ...s.bank },
    resources: s.resources.map((r) => ({ ...r })),
    detachments: s.detachments.map((d) => ({ ...d })),
    battles: s.battles.map((b) => ({ ...b })),
    movement: { ...s.movement },
    pendingFlees: [...s.pendingFlees],
    fate: s.fate.map((f) => ({ ...f })),
    actionsTaken: [...s.actionsTaken],
    raids: [...s.raids],
    weather: [...s.weather],
    deceptions: [...s.deceptions],
    history: [...s.history],
    journal: [...s.journal],
    rolls: [...s.rolls],
  };
}

function note(s: CampaignState, code: string, params: Record<string, string | number>): void {
  s.journal.push({ turn: s.turn, code, params });
}

function newId(s: CampaignState, prefix: string): string {
  const id = `${prefix}${s.nextId}`;
  s.nextId += 1;
  return id;
}

function keepRolls(s: CampaignState, roller: Roller): void {
  s.rolls.push(...roller.rolls);
}

function isPositiveInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > 0;
}

function needRp(s: CampaignState, player: PlayerId, amount: number): ApplyResult | null {
  const available = s.bank[player] ?? 0;
  return available < amount ? no('not-enough-rp', { player, needed: amount, available }) : null;
}

function hexParams(h: Hex): Record<string, number> {
  return { q: h.q, r: h.r };
}

// ---------------------------------------------------------------- creation and set-up

function createCampaign(a: Extract<CampaignAction, { type: 'create-campaign' }>): ApplyResult {
  if (a.players.length < 2) return no('too-few-players', { count: a.players.length });
  const ids = new Set<string>();
  for (const p of a.players) {
    if (ids.has(p.id)) return no('duplicate-player', { player: p.id });
    ids.add(p.id);
    if (!FACTIONS.includes(p.faction)) return no('unknown-faction', { player: p.id, faction: String(p.faction) });
  }
  const parsed = parseHexMap(a.map);
  if (!parsed.ok) return { ok: false, refusal: parsed.refusal };
  const options: CampaignOptions = { ...DEFAULT_OPTIONS, ...a.options };
  return yes({
    name: a.name,
    options,
    map: parsed.map,
    players: a.players.map((p) => ({ ...p })),
    bank: Object.fromEntries(a.players.map((p) => [p.id, options.startingRp])),
    resources: [],
    detachments: [],
    turn: 0,
    phase: 'setup',
    initiative: [],
    order: a.players.map((p) => p.id),
    movement: { stage: 'mp', cursor: -1 },
    battles: [],
    combatCursor: 0,
    pendingFlees: [],
    resourcesStep: 'fate',
    fate: [],
    actionsTaken: [],
    raids: [],
    weather: [],
    scouts: null,
    deceptions: [],
    income: null,
    history: [],
    journal: [],
    rolls: [],
    nextId: 1,
  });
}

function hasCity(s: CampaignState, player: PlayerId): boolean {
  return s.resources.some((r) => r.owner === player && isCityKind(r.kind));
}

function placeCity(s0: CampaignState, player: PlayerId, h: Hex): ApplyResult {
  if (s0.phase !== 'setup') return no('wrong-phase', { phase: s0.phase, expected: 'setup' });
  if (!findPlayer(s0, player)) return no('unknown-player', { player });
  if (hasCity(s0, player)) return no('city-already-placed', { player });
  const kind = homeCityKind(factionOf(s0, player));
  const refusal = placementRefusal(s0, player, kind, h, true);
  if (refusal) return { ok: false, refusal };
  const s = draft(s0);
  s.resources.push({ id: newId(s, 'r'), kind, owner: player, hex: { q: h.q, r: h.r }, createdTurn: 0, capture: null });
  return yes(s);
}

function inMuster(s: CampaignState): boolean {
  return s.phase === 'resources' && s.resourcesStep === 'muster';
}

function recruit(s0: CampaignState, a: Extract<CampaignAction, { type: 'recruit' }>): ApplyResult {
  if (s0.phase !== 'setup' && !inMuster(s0)) return no('wrong-phase', { phase: s0.phase, expected: 'setup|muster' });
  if (!findPlayer(s0, a.player)) return no('unknown-player', { player: a.player });
  if (!friendlyCityAt(s0, a.hex, a.player)) return no('not-a-friendly-city', hexParams(a.hex));
  const enemy = enemyDetachmentsAt(s0, a.hex, a.player)[0];
  if (enemy) return no('hex-has-enemy-detachment', { detachmentId: enemy.id });
  if (!isPositiveInt(a.points)) return no('points-invalid', { points: String(a.points) });
  const minimum = minimumPoints(s0, a.player);
  if (a.points < minimum) return no('below-minimum-points', { points: a.points, minimum });
  const rp = needRp(s0, a.player, a.points);
  if (rp) return rp;
  const s = draft(s0);
  s.bank[a.player] = (s.bank[a.player] ?? 0) - a.points;
  const id = newId(s, 'd');
  s.detachments.push({ id, owner: a.player, hex: { q: a.hex.q, r: a.hex.r }, points: a.points, moved: false, fought: false, destroyAttempted: false });
  note(s, 'detachment-recruited', { detachmentId: id, player: a.player, points: a.points });
  return yes(s);
}

function reinforce(s0: CampaignState, a: Extract<CampaignAction, { type: 'reinforce' }>): ApplyResult {
  if (s0.phase !== 'setup' && !inMuster(s0)) return no('wrong-phase', { phase: s0.phase, expected: 'setup|muster' });
  const d = findDetachment(s0, a.detachmentId);
  if (!d) return no('unknown-detachment', { detachmentId: a.detachmentId });
  // in a city even below MP ("même si ça ne lui permet pas d'atteindre le MP"); elsewhere only by the supply-line fate
  if (!friendlyCityAt(s0, d.hex, d.owner)) return no('not-in-friendly-city', { detachmentId: d.id });
  if (!isPositiveInt(a.points)) return no('points-invalid', { points: String(a.points) });
  const rp = needRp(s0, d.owner, a.points);
  if (rp) return rp;
  const s = draft(s0);
  s.bank[d.owner] = (s.bank[d.owner] ?? 0) - a.points;
  findDetachment(s, d.id)!.points += a.points;
  note(s, 'detachment-reinforced', { detachmentId: d.id, points: a.points });
  return yes(s);
}

/** Whose one resources-phase action it is, or null when every player has had theirs. */
export function nextActionPlayer(s: CampaignState): PlayerId | null {
  if (s.phase !== 'resources' || s.resourcesStep !== 'action') return null;
  return s.order.find((p) => !s.actionsTaken.includes(p)) ?? null;
}

function checkActionTurn(s: CampaignState, player: PlayerId): ApplyResult | null {
  if (s.phase === 'setup') return null;
  if (s.phase !== 'resources' || s.resourcesStep !== 'action') return no('wrong-phase', { phase: s.phase, expected: 'resources-action' });
  const expected = nextActionPlayer(s);
  if (expected !== player) return no('not-your-action', { player, expected: expected ?? '' });
  return null;
}

function build(s0: CampaignState, kind: 'mine' | 'village', player: PlayerId, h: Hex): ApplyResult {
  if (!findPlayer(s0, player)) return no('unknown-player', { player });
  const turn = checkActionTurn(s0, player);
  if (turn) return turn;
  // the city first, so the village spacing and the 6-hex rule always see it
  if (s0.phase === 'setup' && !hasCity(s0, player)) return no('city-first', { player });
  const refusal = placementRefusal(s0, player, kind, h, s0.phase === 'setup');
  if (refusal) return { ok: false, refusal };
  const rp = needRp(s0, player, RESOURCE_COST[kind]);
  if (rp) return rp;
  const s = draft(s0);
  s.bank[player] = (s.bank[player] ?? 0) - RESOURCE_COST[kind];
  const id = newId(s, 'r');
  s.resources.push({ id, kind, owner: player, hex: { q: h.q, r: h.r }, createdTurn: s.turn, capture: null });
  if (s.phase !== 'setup') s.actionsTaken.push(player);
  note(s, 'resource-built', { resourceId: id, kind, player });
  return yes(s);
}

function buildRoad(s0: CampaignState, player: PlayerId, path: readonly Hex[]): ApplyResult {
  if (!findPlayer(s0, player)) return no('unknown-player', { player });
  if (s0.phase === 'setup') return no('wrong-phase', { phase: s0.phase, expected: 'resources-action' });
  const turn = checkActionTurn(s0, player);
  if (turn) return turn;
  const refusal = roadRefusal(s0, player, path);
  if (refusal) return { ok: false, refusal };
  const cost = roadCost(s0, path);
  const rp = needRp(s0, player, cost);
  if (rp) return rp;
  const s = draft(s0);
  s.bank[player] = (s.bank[player] ?? 0) - cost;
  s.map = withRoad(s.map, roadHexesToBuild(s0, path), 'road', player);
  s.actionsTaken.push(player);
  note(s, 'road-built', { player, hexes: roadHexesToBuild(s0, path).length, cost });
  return yes(s);
}

function startCampaign(s0: CampaignState): ApplyResult {
  if (s0.phase !== 'setup') return no('wrong-phase', { phase: s0.phase, expected: 'setup' });
  const missing = s0.players.find((p) => !hasCity(s0, p.id));
  if (missing) return no('missing-city', { player: missing.id });
  const s = draft(s0);
  s.turn = 1;
  s.phase = 'initiative';
  note(s, 'campaign-started', {});
  return yes(s);
}

// ---------------------------------------------------------------- movement

/** Highest first; tied players re-roll among themselves (the source is silent on ties). */
function rank(players: readonly PlayerId[], roller: Roller, rolls: Map<PlayerId, number[]>): PlayerId[] {
  const vals = players.map((p) => {
    const v = roller.die(6, 'initiative', p);
    rolls.get(p)!.push(v);
    return { p, v };
  });
  const distinct = [...new Set(vals.map((x) => x.v))].sort((x, y) => y - x);
  const out: PlayerId[] = [];
  for (const v of distinct) {
    const group = vals.filter((x) => x.v === v).map((x) => x.p);
    out.push(...(group.length > 1 ? rank(group, roller, rolls) : group));
  }
  return out;
}

function findMover(s: CampaignState, stage: 'mp' | 'under', start: number): number {
  const n = s.order.length;
  for (let i = 0; i < n; i++) {
    const idx = (start + i) % n;
    const p = s.order[idx]!;
    if (s.detachments.some((d) => d.owner === p && canMoveInStage(s, d, stage))) return idx;
  }
  return -1;
}

/** The next player to move after `start - 1`, falling to the under-MP stage when the MP one is done. */
function nextMovement(s: CampaignState, start: number): void {
  if (s.movement.stage === 'mp') {
    const i = findMover(s, 'mp', start);
    if (i >= 0) {
      s.movement = { stage: 'mp', cursor: i };
      return;
    }
    // the under-MP detachments move last, again from the initiative winner
    s.movement = { stage: 'under', cursor: findMover(s, 'under', 0) };
    return;
  }
  s.movement = { stage: 'under', cursor: findMover(s, 'under', start) };
}

function rollInitiative(s0: CampaignState, seed: number, index: number): ApplyResult {
  if (s0.phase !== 'initiative') return no('wrong-phase', { phase: s0.phase, expected: 'initiative' });
  const s = draft(s0);
  const roller = createRoller(seed, index);
  const rolls = new Map<PlayerId, number[]>(s.players.map((p) => [p.id, []]));
  s.order = rank(
    s.players.map((p) => p.id),
    roller,
    rolls,
  );
  s.initiative = s.players.map((p) => ({ player: p.id, rolls: rolls.get(p.id) ?? [] }));
  keepRolls(s, roller);
  for (const d of s.detachments) {
    d.moved = false;
    d.fought = false;
    d.destroyAttempted = false;
  }
  s.phase = 'movement';
  s.movement = { stage: 'mp', cursor: -1 };
  nextMovement(s, 0);
  note(s, 'initiative-rolled', { order: s.order.join(',') });
  return yes(s);
}

function checkMoverTurn(s: CampaignState, d: Detachment): ApplyResult | null {
  if (s.phase !== 'movement') return no('wrong-phase', { phase: s.phase, expected: 'movement' });
  const flee = s.pendingFlees[0];
  if (flee) return no('flee-pending', { detachmentId: flee.detachmentId });
  const mover = currentMover(s);
  if (mover !== d.owner) return no('not-your-move', { player: d.owner, expected: mover ?? '' });
  if (d.moved) return no('detachment-already-moved', { detachmentId: d.id });
  if (isPinned(s, d.id)) return no('detachment-deceived', { detachmentId: d.id });
  if (!canMoveInStage(s, d, s.movement.stage)) return no('under-mp-moves-last', { detachmentId: d.id });
  return null;
}

/** Merges every detachment of `player` on the hex into one; the host is the first listed. */
function mergeAt(s: CampaignState, player: PlayerId, h: Hex, host?: string): Detachment | null {
  const here = s.detachments.filter((d) => d.owner === player && sameHex(d.hex, h));
  if (here.length === 0) return null;
  const keeper = here.find((d) => d.id === host) ?? here[0]!;
  if (here.length === 1) return keeper;
  for (const d of here) {
    if (d === keeper) continue;
    keeper.points += d.points;
    keeper.moved ||= d.moved;
    keeper.fought ||= d.fought;
  }
  const gone = new Set(here.filter((d) => d !== keeper).map((d) => d.id));
  s.detachments = s.detachments.filter((d) => !gone.has(d.id));
  s.pendingFlees = s.pendingFlees.filter((f) => !gone.has(f.detachmentId));
  note(s, 'detachments-merged', { detachmentId: keeper.id, merged: [...gone].join(','), points: keeper.points });
  return keeper;
}

function addFlee(s: CampaignState, d: Detachment, reason: 'enemy-entered' | 'lost-battle'): void {
  if (s.pendingFlees.some((f) => f.detachmentId === d.id)) return;
  if (fleeDestinations(s, d.id).length === 0) {
    // nowhere free of enemies on the whole map: the source has no answer, the detachment is lost
    s.detachments = s.detachments.filter((x) => x.id !== d.id);
    note(s, 'detachment-trapped', { detachmentId: d.id, player: d.owner });
    return;
  }
  s.pendingFlees.push({ detachmentId: d.id, reason });
}

function startBattle(s: CampaignState, h: Hex, players: readonly PlayerId[]): void {
  let battle = s.battles.find((b) => b.status !== 'resolved' && sameHex(b.hex, h));
  if (!battle) {
    battle = { id: newId(s, 'b'), hex: { q: h.q, r: h.r }, players: [], status: 'pending', sheet: null, result: null };
    s.battles.push(battle);
    note(s, 'battle-started', { battleId: battle.id, ...hexParams(h) });
  }
  for (const p of players) if (!battle.players.includes(p)) battle.players.push(p);
  // "une fois que des détachements adverses sont sur le même hexagone, leurs déplacements pour ce tour sont terminés"
  for (const d of s.detachments) if (sameHex(d.hex, h)) d.moved = true;
}

function move(s0: CampaignState, a: Extract<CampaignAction, { type: 'move' }>): ApplyResult {
  const d0 = findDetachment(s0, a.detachmentId);
  if (!d0) return no('unknown-detachment', { detachmentId: a.detachmentId });
  const turn = checkMoverTurn(s0, d0);
  if (turn) return turn;
  if (a.path.length === 0) return no('path-empty', {});
  const meets = meetsMp(s0, d0);
  const ctx = moveContext(s0);
  const budget = s0.options.movementPoints;
  let at = d0.hex;
  let spent = 0;
  for (let i = 0; i < a.path.length; i++) {
    const to = a.path[i]!;
    const c = enterCost(s0.map, at, to, ctx);
    if (c === null) return { ok: false, refusal: stepRefusal(s0.map, at, to, i) };
    spent += c;
    // the cost is paid before entering: a hex the points cannot pay for is out of reach
    if (spent > budget) return no('path-too-expensive', { index: i, cost: spent, budget });
    const enemies = enemyDetachmentsAt(s0, to, d0.owner);
    if (!meets && enemies.length > 0) return no('under-mp-enemy-contact', { index: i, ...hexParams(to) });
    if (meets && i < a.path.length - 1 && enemies.some((e) => meetsMp(s0, e))) return no('path-continues-after-contact', { index: i, ...hexParams(to) });
    at = to;
  }
  if (!meets && isEnemyResourceAt(s0, at, d0.owner)) return no('under-mp-end-on-enemy-resource', hexParams(at));

  const s = draft(s0);
  const d = findDetachment(s, d0.id)!;
  d.hex = { q: at.q, r: at.r };
  d.moved = true;
  note(s, 'detachment-moved', { detachmentId: d.id, ...hexParams(at), cost: spent });
  if (meets) {
    a.path.forEach((h) => {
      const enemies = enemyDetachmentsAt(s, h, d.owner);
      const owners = [...new Set(enemies.map((e) => e.owner))];
      const fighting = owners.filter((o) => enemies.some((e) => e.owner === o && meetsMp(s, e)));
      // an owner with an army here fights with all of it; one with only under-MP detachments runs
      for (const e of enemies) if (!fighting.includes(e.owner)) addFlee(s, e, 'enemy-entered');
      if (fighting.length > 0) startBattle(s, h, [d.owner, ...fighting]);
    });
  }
  // "s'il s'arrête ... sur un hexagone contenant un détachement ami": both moves end, one detachment
  const host = s.detachments.find((x) => x.owner === d.owner && x.id !== d.id && sameHex(x.hex, at));
  if (host) mergeAt(s, d.owner, at, host.id)!.moved = true;
  nextMovement(s, s.movement.cursor + 1);
  return yes(s);
}

function hold(s0: CampaignState, detachmentId: string): ApplyResult {
  const d0 = findDetachment(s0, detachmentId);
  if (!d0) return no('unknown-detachment', { detachmentId });
  const turn = checkMoverTurn(s0, d0);
  if (turn) return turn;
  const s = draft(s0);
  findDetachment(s, d0.id)!.moved = true;
  nextMovement(s, s.movement.cursor + 1);
  return yes(s);
}

function pass(s0: CampaignState, player: PlayerId): ApplyResult {
  if (s0.phase !== 'movement') return no('wrong-phase', { phase: s0.phase, expected: 'movement' });
  const flee = s0.pendingFlees[0];
  if (flee) return no('flee-pending', { detachmentId: flee.detachmentId });
  const mover = currentMover(s0);
  if (mover !== player) return no('not-your-move', { player, expected: mover ?? '' });
  const s = draft(s0);
  for (const d of s.detachments) if (d.owner === player && canMoveInStage(s, d, s.movement.stage)) d.moved = true;
  nextMovement(s, s.movement.cursor + 1);
  return yes(s);
}

function split(s0: CampaignState, a: Extract<CampaignAction, { type: 'split' }>): ApplyResult {
  const d0 = findDetachment(s0, a.detachmentId);
  if (!d0) return no('unknown-detachment', { detachmentId: a.detachmentId });
  const turn = checkMoverTurn(s0, d0);
  if (turn) return turn;
  if (!isPositiveInt(a.points)) return no('points-invalid', { points: String(a.points) });
  const minimum = minimumPoints(s0, d0.owner);
  if (a.points < minimum || d0.points - a.points < minimum) return no('split-below-minimum', { points: a.points, rest: d0.points - a.points, minimum });
  const s = draft(s0);
  findDetachment(s, d0.id)!.points -= a.points;
  const id = newId(s, 'd');
  s.detachments.push({ id, owner: d0.owner, hex: { ...d0.hex }, points: a.points, moved: false, fought: false, destroyAttempted: false });
  note(s, 'detachment-split', { detachmentId: d0.id, newDetachmentId: id, points: a.points });
  return yes(s);
}

function flee(s0: CampaignState, a: Extract<CampaignAction, { type: 'flee' }>): ApplyResult {
  if (!s0.pendingFlees.some((f) => f.detachmentId === a.detachmentId)) return no('no-flee-pending', { detachmentId: a.detachmentId });
  const options = fleeDestinations(s0, a.detachmentId);
  if (!options.some((h) => sameHex(h, a.to))) return no('flee-not-nearest', { ...hexParams(a.to), options: options.map(hexKey).join(' ') });
  const s = draft(s0);
  const d = findDetachment(s, a.detachmentId)!;
  d.hex = { q: a.to.q, r: a.to.r };
  s.pendingFlees = s.pendingFlees.filter((f) => f.detachmentId !== d.id);
  note(s, 'detachment-fled', { detachmentId: d.id, ...hexParams(a.to) });
  // a refugee joins whoever it finds; the host's own move is not used up by someone else's flight
  const host = s.detachments.find((x) => x.owner === d.owner && x.id !== d.id && sameHex(x.hex, a.to));
  if (host) {
    const moved = host.moved;
    mergeAt(s, d.owner, a.to, host.id)!.moved = moved;
  }
  return yes(s);
}

// ---------------------------------------------------------------- combat

function chooseBattle(s0: CampaignState, a: Extract<CampaignAction, { type: 'choose-battle' }>, index: number): ApplyResult {
  if (s0.phase !== 'combat') return no('wrong-phase', { phase: s0.phase, expected: 'combat' });
  const flee0 = s0.pendingFlees[0];
  if (flee0) return no('flee-pending', { detachmentId: flee0.detachmentId });
  const open = s0.battles.find((b) => b.status === 'chosen');
  if (open) return no('battle-in-progress', { battleId: open.id });
  const expected = s0.order[s0.combatCursor % s0.order.length]!;
  if (a.player !== expected) return no('not-your-choice', { player: a.player, expected });
  const b0 = s0.battles.find((b) => b.id === a.battleId);
  if (!b0) return no('unknown-battle', { battleId: a.battleId });
  if (b0.status !== 'pending') return no('battle-not-pending', { battleId: b0.id });
  const s = draft(s0);
  const battle = s.battles.find((b) => b.id === b0.id)!;
  // "les détachements amis qui y participent forment un seul nouveau détachement"
  const armies = battle.players.flatMap((p) => {
    const d = mergeAt(s, p, battle.hex);
    return d ? [{ player: p, detachmentId: d.id, points: d.points }] : [];
  });
  const roller = createRoller(a.seed, index);
  const cell = getCell(s.map, battle.hex);
  const battlefield = generateBattlefield(roller, {
    ...(cell ? { terrain: cell.terrain } : {}),
    zones: a.zones ?? s.options.battleZones,
    ...(a.inventory ? { inventory: a.inventory } : {}),
  });
  const players = armies.map((x) => x.player);
  const firstPlacer = roller.pick(players, 'terrain-first-placer');
  const scout = s.scouts && s.scouts.turn === s.turn && players.includes(s.scouts.player) ? s.scouts.player : null;
  let deployment: NonNullable<Battle['sheet']>['deployment'];
  if (scout) deployment = { kind: 'scouts', chooser: scout };
  else {
    const edges = roller.shuffle(EDGES.slice(0, Math.max(2, players.length)), 'deployment-side');
    deployment = { kind: 'random', sides: Object.fromEntries(players.map((p, i) => [p, edges[i]!])) };
  }
  const firstPlayer = roller.pick(players, 'first-player');
  keepRolls(s, roller);
  battle.status = 'chosen';
  battle.sheet = { chosenBy: a.player, armies, battlefield, firstPlacer, deployment, firstPlayer };
  s.combatCursor = (s.combatCursor + 1) % s.order.length;
  note(s, 'battle-chosen', { battleId: battle.id, player: a.player });
  return yes(s);
}

function recordBattle(s0: CampaignState, a: Extract<CampaignAction, { type: 'record-battle' }>): ApplyResult {
  if (s0.phase !== 'combat') return no('wrong-phase', { phase: s0.phase, expected: 'combat' });
  const b0 = s0.battles.find((b) => b.id === a.battleId);
  if (!b0) return no('unknown-battle', { battleId: a.battleId });
  if (b0.status !== 'chosen' || !b0.sheet) return no('battle-not-chosen', { battleId: b0.id });
  const sides = b0.sheet.armies.map((x) => x.player);
  if (!sides.includes(a.winner)) return no('winner-not-in-battle', { winner: a.winner });
  for (const p of sides) {
    const v = a.vp[p];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return no('vp-invalid', { player: p });
  }
  const s = draft(s0);
  const battle = s.battles.find((b) => b.id === b0.id)!;
  const losses: Record<PlayerId, number> = {};
  for (const army of b0.sheet.armies) {
    // each side loses what the others scored, and gains nothing for what it killed
    const loss = sides.filter((p) => p !== army.player).reduce((sum, p) => sum + (a.vp[p] ?? 0), 0);
    losses[army.player] = loss;
    const d = findDetachment(s, army.detachmentId);
    if (!d) continue;
    d.points -= loss;
    d.fought = true;
    if (d.points <= 0) {
      s.detachments = s.detachments.filter((x) => x.id !== d.id);
      note(s, 'detachment-destroyed', { detachmentId: d.id, player: d.owner });
    } else if (army.player !== a.winner) addFlee(s, d, 'lost-battle');
  }
  battle.status = 'resolved';
  battle.result = { winner: a.winner, vp: { ...a.vp }, losses };
  note(s, 'battle-resolved', { battleId: battle.id, winner: a.winner });
  return yes(s);
}

/**
 * End of the combat phase: a resource with an enemy on it changes hands, though not yet: nothing
 * to anyone this turn, the enemy's from the next (applied by end-turn). A city is never taken, only
 * razed (unless the house rule says otherwise); Undead and Chaos never take a village.
 */
function applyCaptures(s: CampaignState): CampaignState {
  for (const r of s.resources) {
    const occupant = s.detachments.find((d) => d.owner !== r.owner && sameHex(d.hex, r.hex));
    if (!occupant) continue;
    if (isCityKind(r.kind) && !s.options.capturableCities) continue;
    if (!canHold(factionOf(s, occupant.owner), r.kind)) continue;
    r.capture = { by: occupant.owner, turn: s.turn };
    note(s, 'resource-captured', { resourceId: r.id, from: r.owner, by: occupant.owner });
  }
  return s;
}

// ---------------------------------------------------------------- resources phase

/** Whose fate roll is next, or null when every player has rolled. */
export function nextFatePlayer(s: CampaignState): PlayerId | null {
  if (s.phase !== 'resources' || s.resourcesStep !== 'fate') return null;
  return s.order.find((p) => !s.fate.some((f) => f.player === p)) ?? null;
}

function rollFate(s0: CampaignState, a: Extract<CampaignAction, { type: 'roll-fate' }>, index: number): ApplyResult {
  if (s0.phase !== 'resources' || s0.resourcesStep !== 'fate') return no('wrong-phase', { phase: s0.phase, expected: 'resources-fate' });
  const open = s0.fate.find((f) => !f.resolved);
  if (open) return no('fate-choice-pending', { player: open.player });
  const expected = nextFatePlayer(s0);
  if (expected !== a.player) return no('not-your-fate', { player: a.player, expected: expected ?? '' });
  const s = draft(s0);
  const roller = createRoller(a.seed, index);
  const faction = factionOf(s, a.player);
  const roll = roller.die(6, 'fate', a.player);
  const result = fateResult(roll);
  const rec: FateRecord = { player: a.player, roll, result, amount: null, resolved: false, choice: null };
  switch (result) {
    case 'bad-weather':
      rec.amount = roller.die(6, 'bad-weather-hexes', a.player);
      break;
    case 'reinforcements':
      rec.amount = roller.die(reinforcementDie(faction), 'reinforcements', a.player) * FATE_UNIT_RP;
      s.bank[a.player] = (s.bank[a.player] ?? 0) + rec.amount;
      rec.resolved = true;
      break;
    case 'raid':
      rec.amount = roller.die(3, 'raid', a.player) * FATE_UNIT_RP;
      break;
    case 'scouts':
      // the last to roll it benefits: a later 5 this turn simply overwrites
      s.scouts = { player: a.player, turn: s.turn + 1 };
      rec.resolved = true;
      break;
    case 'supply-line':
    case 'deception':
      break;
  }
  keepRolls(s, roller);
  s.fate.push(rec);
  note(s, 'fate-rolled', { player: a.player, roll, result, amount: rec.amount ?? 0 });
  return yes(s);
}

/** "tous adjacents entre eux" read as one connected patch: six hexes cannot all touch each other. */
function isConnected(hexes: readonly Hex[]): boolean {
  if (hexes.length === 0) return true;
  const seen = new Set<number>([0]);
  const queue = [0];
  while (queue.length > 0) {
    const i = queue.pop()!;
    hexes.forEach((h, j) => {
      if (!seen.has(j) && areAdjacent(hexes[i]!, h)) {
        seen.add(j);
        queue.push(j);
      }
    });
  }
  return seen.size === hexes.length;
}

function resolveFate(s0: CampaignState, a: Extract<CampaignAction, { type: 'resolve-fate' }>): ApplyResult {
  if (s0.phase !== 'resources' || s0.resourcesStep !== 'fate') return no('wrong-phase', { phase: s0.phase, expected: 'resources-fate' });
  const rec0 = s0.fate.find((f) => f.player === a.player && !f.resolved);
  if (!rec0) return no('no-fate-choice-pending', { player: a.player });
  const c = a.choice;
  if (c !== null && c.kind !== rec0.result) return no('fate-choice-mismatch', { expected: rec0.result, kind: c.kind });
  const s = draft(s0);
  const rec = s.fate.find((f) => f.player === a.player && !f.resolved)!;
  if (c?.kind === 'bad-weather') {
    const wanted = Math.min(rec0.amount ?? 0, s0.map.cells.length);
    const keys = new Set(c.hexes.map(hexKey));
    if (c.hexes.length !== wanted || keys.size !== wanted) return no('weather-hex-count', { expected: wanted, count: c.hexes.length });
    const off = c.hexes.find((h) => !isOnMap(s0.map, h));
    if (off) return no('hex-off-map', hexParams(off));
    if (!isConnected(c.hexes)) return no('weather-not-adjacent', {});
    s.weather.push({ turn: s.turn + 1, by: a.player, hexes: c.hexes.map((h) => ({ q: h.q, r: h.r })) });
  } else if (c?.kind === 'supply-line') {
    const d = findDetachment(s0, c.detachmentId);
    if (!d || d.owner !== a.player) return no('not-your-detachment', { detachmentId: c.detachmentId });
    const r = resourceAt(s0, d.hex);
    if (r && isCityKind(r.kind)) return no('supply-line-in-city', { detachmentId: d.id });
    if (!isPositiveInt(c.amount)) return no('points-invalid', { points: String(c.amount) });
    const rp = needRp(s0, a.player, c.amount);
    if (rp) return rp;
    s.bank[a.player] = (s.bank[a.player] ?? 0) - c.amount;
    findDetachment(s, d.id)!.points += c.amount;
  } else if (c?.kind === 'raid') {
    if (c.target === a.player || !findPlayer(s0, c.target)) return no('raid-target-invalid', { target: c.target });
    s.raids.push({ by: a.player, target: c.target, amount: rec0.amount ?? 0 });
  } else if (c?.kind === 'deception') {
    const d = findDetachment(s0, c.detachmentId);
    if (!d || d.owner === a.player) return no('deception-target-invalid', { detachmentId: c.detachmentId });
    s.deceptions.push({ detachmentId: d.id, by: a.player, turn: s.turn });
  }
  rec.resolved = true;
  rec.choice = c;
  note(s, 'fate-resolved', { player: a.player, result: rec.result, declined: c === null ? 1 : 0 });
  return yes(s);
}

function skipAction(s0: CampaignState, player: PlayerId): ApplyResult {
  if (!findPlayer(s0, player)) return no('unknown-player', { player });
  if (s0.phase === 'setup') return no('wrong-phase', { phase: s0.phase, expected: 'resources-action' });
  const turn = checkActionTurn(s0, player);
  if (turn) return turn;
  const s = draft(s0);
  s.actionsTaken.push(player);
  return yes(s);
}

function collectIncome(s0: CampaignState, seed: number, index: number): ApplyResult {
  if (s0.phase !== 'resources' || s0.resourcesStep !== 'income') return no('wrong-phase', { phase: s0.phase, expected: 'resources-income' });
  const s = draft(s0);
  const roller = createRoller(seed, index);
  const { players, exhausted } = computeIncome(s0, (r) => (r.kind === 'mine' ? roller.die(6, 'mine', r.owner) : null));
  keepRolls(s, roller);
  for (const p of players) s.bank[p.player] = (s.bank[p.player] ?? 0) + p.net;
  const gone = new Set(exhausted);
  for (const id of exhausted) note(s, 'mine-exhausted', { resourceId: id });
  s.resources = s.resources.filter((r) => !gone.has(r.id));
  s.income = players;
  s.resourcesStep = 'muster';
  return yes(s);
}

function attemptDestroy(s0: CampaignState, a: Extract<CampaignAction, { type: 'attempt-destroy' }>, index: number): ApplyResult {
  if (!inMuster(s0)) return no('wrong-phase', { phase: s0.phase, expected: 'resources-muster' });
  const d = findDetachment(s0, a.detachmentId);
  if (!d) return no('unknown-detachment', { detachmentId: a.detachmentId });
  if (!meetsMp(s0, d)) return no('below-minimum-points', { points: d.points, minimum: minimumPoints(s0, d.owner) });
  if (d.fought) return no('fought-this-turn', { detachmentId: d.id });
  if (d.destroyAttempted) return no('destroy-already-attempted', { detachmentId: d.id });
  if (isDeceivedNow(s0, d.id)) return no('detachment-deceived', { detachmentId: d.id });
  const target = destroyTargetAt(s0, d);
  if (!target) return no('nothing-to-destroy', hexParams(d.hex));
  const kind = target.kind === 'road' ? 'road' : target.resource.kind;
  const { target: needed, bonus } = destroyTarget(kind, d.points);
  const s = draft(s0);
  const roller = createRoller(a.seed, index);
  const roll = roller.die(6, 'destroy', d.owner);
  keepRolls(s, roller);
  findDetachment(s, d.id)!.destroyAttempted = true;
  const success = roll + bonus >= needed;
  note(s, 'destroy-attempted', { detachmentId: d.id, kind, roll, bonus, needed, success: success ? 1 : 0 });
  if (!success) return yes(s);
  if (target.kind === 'road') {
    s.map = withoutRoad(s.map, [d.hex]);
    return yes(s);
  }
  const r = target.resource;
  s.resources = s.resources.filter((x) => x.id !== r.id);
  const faction = factionOf(s, d.owner);
  const plunders = isCityKind(r.kind) || (r.kind === 'village' && (faction === 'undead' || faction === 'chaos'));
  const plunder = plunders ? RESOURCE_INCOME[r.kind] * PLUNDER_TURNS : 0;
  s.bank[d.owner] = (s.bank[d.owner] ?? 0) + plunder;
  note(s, 'resource-destroyed', { resourceId: r.id, kind: r.kind, by: d.owner, plunder });
  return yes(s);
}

function endTurn(s0: CampaignState): ApplyResult {
  if (!inMuster(s0)) return no('wrong-phase', { phase: s0.phase, expected: 'resources-muster' });
  const s = draft(s0);
  for (const r of s.resources) {
    if (r.capture && r.capture.turn === s.turn) {
      note(s, 'resource-changed-hands', { resourceId: r.id, from: r.owner, to: r.capture.by });
      r.owner = r.capture.by;
      r.capture = null;
    }
  }
  s.history.push({ turn: s.turn, initiative: s.initiative, order: s.order, battles: s.battles, fate: s.fate, income: s.income ?? [] });
  const live = new Set(s.detachments.map((d) => d.id));
  s.weather = s.weather.filter((w) => w.turn > s.turn);
  s.deceptions = s.deceptions.filter((x) => x.turn === s.turn && live.has(x.detachmentId));
  if (s.scouts && s.scouts.turn <= s.turn) s.scouts = null;
  for (const d of s.detachments) {
    d.moved = false;
    d.fought = false;
    d.destroyAttempted = false;
  }
  s.battles = [];
  s.fate = [];
  s.actionsTaken = [];
  s.raids = [];
  s.income = null;
  s.pendingFlees = [];
  s.combatCursor = 0;
  s.resourcesStep = 'fate';
  s.turn += 1;
  s.phase = 'initiative';
  return yes(s);
}

// ---------------------------------------------------------------- phase changes nobody has to ask for

/** Moves the campaign on once nothing is left to do in a phase or step. */
function settle(s0: CampaignState): CampaignState {
  let s = s0;
  for (;;) {
    if (s.phase === 'movement') {
      const c = s.movement.cursor;
      const p = c >= 0 ? s.order[c] : undefined;
      if (p !== undefined && !s.detachments.some((d) => d.owner === p && canMoveInStage(s, d, s.movement.stage))) {
        s = draft(s);
        nextMovement(s, c);
        continue;
      }
      if (c >= 0 || s.pendingFlees.length > 0) return s;
      s = draft(s);
      s.phase = 'combat';
      s.combatCursor = 0;
      continue;
    }
    if (s.phase === 'combat') {
      // a battle whose other side fled or vanished before it was fought is no battle
      const hollow = s.battles.find((b) => b.status === 'pending' && new Set(detachmentsAt(s, b.hex).map((d) => d.owner)).size < 2);
      if (hollow) {
        s = draft(s);
        s.battles = s.battles.map((b) => (b.id === hollow.id ? { ...b, status: 'resolved' } : b));
        note(s, 'battle-cancelled', { battleId: hollow.id });
        continue;
      }
      if (s.pendingFlees.length > 0 || s.battles.some((b) => b.status !== 'resolved')) return s;
      s = applyCaptures(draft(s));
      s.phase = 'resources';
      s.resourcesStep = 'fate';
      continue;
    }
    if (s.phase === 'resources' && s.resourcesStep === 'fate') {
      if (s.fate.length < s.players.length || s.fate.some((f) => !f.resolved)) return s;
      s = { ...s, resourcesStep: 'action' };
      continue;
    }
    if (s.phase === 'resources' && s.resourcesStep === 'action') {
      if (nextActionPlayer(s) !== null) return s;
      s = { ...s, resourcesStep: 'income' };
      continue;
    }
    return s;
  }
}

// ---------------------------------------------------------------- entry points

/**
 * Validates one action against the state and applies it. `index` is the action's place in the
 * log, written next to each roll it makes. Undo is not an action on a state: see foldCampaign.
 */
export function applyCampaignAction(state: CampaignState | null, action: CampaignAction, index = -1): ApplyResult {
  if (action.type === 'create-campaign') return state ? no('campaign-exists') : createCampaign(action);
  if (!state) return no('no-campaign');
  const r = dispatch(state, action, index);
  return r.ok ? yes(settle(r.state)) : r;
}

function dispatch(s: CampaignState, a: CampaignAction, index: number): ApplyResult {
  switch (a.type) {
    case 'create-campaign':
      return no('campaign-exists');
    case 'place-city':
      return placeCity(s, a.player, a.hex);
    case 'recruit':
      return recruit(s, a);
    case 'reinforce':
      return reinforce(s, a);
    case 'build-mine':
      return build(s, 'mine', a.player, a.hex);
    case 'build-village':
      return build(s, 'village', a.player, a.hex);
    case 'start-campaign':
      return startCampaign(s);
    case 'roll-initiative':
      return rollInitiative(s, a.seed, index);
    case 'move':
      return move(s, a);
    case 'hold':
      return hold(s, a.detachmentId);
    case 'pass':
      return pass(s, a.player);
    case 'split':
      return split(s, a);
    case 'flee':
      return flee(s, a);
    case 'choose-battle':
      return chooseBattle(s, a, index);
    case 'record-battle':
      return recordBattle(s, a);
    case 'roll-fate':
      return rollFate(s, a, index);
    case 'resolve-fate':
      return resolveFate(s, a);
    case 'build-road':
      return buildRoad(s, a.player, a.path);
    case 'skip-action':
      return skipAction(s, a.player);
    case 'collect-income':
      return collectIncome(s, a.seed, index);
    case 'attempt-destroy':
      return attemptDestroy(s, a, index);
    case 'end-turn':
      return endTurn(s);
    case 'undo':
      return no('undo-needs-log');
  }
  // only reachable from untyped input (an imported file)
  return no('unknown-action', { type: String((a as { type: unknown }).type) });
}

export type NextStep =
  | { awaiting: 'setup' }
  | { awaiting: 'initiative' }
  | { awaiting: 'flee'; player: PlayerId; detachmentId: string }
  | { awaiting: 'move'; player: PlayerId; stage: 'mp' | 'under' }
  | { awaiting: 'choose-battle'; player: PlayerId }
  | { awaiting: 'record-battle'; battleId: string }
  | { awaiting: 'fate'; player: PlayerId }
  | { awaiting: 'fate-choice'; player: PlayerId; result: FateRecord['result'] }
  | { awaiting: 'action'; player: PlayerId }
  | { awaiting: 'income' }
  | { awaiting: 'muster' };

/** What the campaign waits for, and from whom: the one question a thin UI has to ask. */
export function nextStep(s: CampaignState): NextStep {
  const flee = s.pendingFlees[0];
  if (flee) {
    const d = findDetachment(s, flee.detachmentId);
    if (d) return { awaiting: 'flee', player: d.owner, detachmentId: d.id };
  }
  switch (s.phase) {
    case 'setup':
      return { awaiting: 'setup' };
    case 'initiative':
      return { awaiting: 'initiative' };
    case 'movement':
      return { awaiting: 'move', player: currentMover(s) ?? '', stage: s.movement.stage };
    case 'combat': {
      const open = s.battles.find((b) => b.status === 'chosen');
      if (open) return { awaiting: 'record-battle', battleId: open.id };
      return { awaiting: 'choose-battle', player: s.order[s.combatCursor % s.order.length] ?? '' };
    }
    case 'resources': {
      if (s.resourcesStep === 'fate') {
        const open = s.fate.find((f) => !f.resolved);
        if (open) return { awaiting: 'fate-choice', player: open.player, result: open.result };
        return { awaiting: 'fate', player: nextFatePlayer(s) ?? '' };
      }
      if (s.resourcesStep === 'action') return { awaiting: 'action', player: nextActionPlayer(s) ?? '' };
      return s.resourcesStep === 'income' ? { awaiting: 'income' } : { awaiting: 'muster' };
    }
  }
}

/** The actions still standing once each undo has cancelled the latest one before it. */
export function activeActions(actions: readonly CampaignAction[]): { action: CampaignAction; index: number }[] {
  const stack: { action: CampaignAction; index: number }[] = [];
  actions.forEach((action, index) => {
    if (action.type !== 'undo') {
      stack.push({ action, index });
      return;
    }
    const top = stack[stack.length - 1];
    // the creation is the campaign itself: undoing it would leave nothing to fold
    if (!top || top.action.type === 'create-campaign') throw new CampaignError(refuse('nothing-to-undo'), index);
    stack.pop();
  });
  return stack;
}

/** The campaign as it stands. Throws a CampaignError at the first action its state refuses. */
export function foldCampaign(actions: readonly CampaignAction[]): CampaignState {
  let state: CampaignState | null = null;
  for (const { action, index } of activeActions(actions)) {
    const r = applyCampaignAction(state, action, index);
    if (!r.ok) throw new CampaignError(r.refusal, index);
    state = r.state;
  }
  if (!state) throw new CampaignError(refuse('no-campaign'), -1);
  return state;
}

/**
 * What a UI calls on each command: the log with the action appended and the new state, or the
 * refusal (nothing appended). Rolls get the index the action will have in the log.
 */
export function appendCampaignAction(
  actions: readonly CampaignAction[],
  action: CampaignAction,
): { ok: true; actions: CampaignAction[]; state: CampaignState } | { ok: false; refusal: Refusal } {
  const next = [...actions, action];
  if (action.type === 'undo') {
    try {
      return { ok: true, actions: next, state: foldCampaign(next) };
    } catch (e) {
      if (e instanceof CampaignError) return { ok: false, refusal: e.refusal };
      throw e;
    }
  }
  let state: CampaignState | null = null;
  if (actions.length > 0) {
    try {
      state = foldCampaign(actions);
    } catch (e) {
      if (e instanceof CampaignError) return { ok: false, refusal: refuse('log-invalid', { index: e.index, code: e.refusal.code }) };
      throw e;
    }
  }
  const r = applyCampaignAction(state, action, actions.length);
  return r.ok ? { ok: true, actions: next, state: r.state } : r;
}

/** The refusal this action would get, or null: for a UI that greys out a button. */
export function validateCampaignAction(state: CampaignState | null, action: CampaignAction): Refusal | null {
  const r = applyCampaignAction(state, action);
  return r.ok ? null : r.refusal;
}
