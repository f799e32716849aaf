// Army points for the standings (points destroyed) and for the 3rd time-out condition (points in
// the scoring zone). The caller describes the opponent's (or own) army as entries; each entry is
// one army choice as printed on its card: a unit's cost and model count include its attachments
// ("soutiens inclus"), and the printed cost is used even if the model arrived another way.

/** A warcaster/warlock is worth 5 army points, whatever its bonus points. */
export const CASTER_VALUE = 5;

export type EntryKind = 'caster' | 'warjack' | 'warbeast' | 'solo' | 'unit';

export interface ArmyEntry {
  kind: EntryKind;
  name?: string;
  /** printed cost; ignored for a caster (worth CASTER_VALUE) */
  cost: number;
  /** models paid for ("effectif de départ"), attachments included; 1 when absent */
  startingStrength?: number;
  /** models still in play; startingStrength when absent */
  remaining?: number;
  /** shorthand for remaining = 0 */
  destroyed?: boolean;
  /** warjack without a controller */
  inert?: boolean;
  /** warbeast without a controller */
  wild?: boolean;
  fleeing?: boolean;
  /** a model that came with the caster's choice (not a warcaster/warlock): it adds nothing */
  includedWithCaster?: boolean;
  /** models of this entry inside the scoring zone(s): a count, or true/false for one model */
  inZone?: number | boolean;
}

export type ApdReason = 'destroyed' | 'under-half' | 'inert' | 'wild' | 'caster-destroyed' | 'included-with-caster' | 'none';

export interface ApdLine {
  index: number;
  points: number;
  reason: ApdReason;
}

const strength = (e: ArmyEntry): number => Math.max(1, e.startingStrength ?? 1);
const remaining = (e: ArmyEntry): number => (e.destroyed ? 0 : Math.max(0, Math.min(strength(e), e.remaining ?? strength(e))));
/** "50 % de leur effectif de départ, arrondi au supérieur" */
export const halfStrength = (startingStrength: number): number => Math.ceil(startingStrength / 2);
/** "50 % de leur valeur en points d'armée, arrondie au supérieur" */
export const halfValue = (cost: number): number => Math.ceil(cost / 2);

export function entryApd(e: ArmyEntry): { points: number; reason: ApdReason } {
  if (e.includedWithCaster) return { points: 0, reason: 'included-with-caster' };
  const left = remaining(e);
  if (e.kind === 'caster') return left === 0 ? { points: CASTER_VALUE, reason: 'caster-destroyed' } : { points: 0, reason: 'none' };
  if (left === 0) return { points: e.cost, reason: 'destroyed' };
  if (e.inert) return { points: e.cost, reason: 'inert' };
  if (e.wild) return { points: e.cost, reason: 'wild' };
  // the half-value rule names units only; a multi-model solo pays only when wholly destroyed
  if (e.kind === 'unit' && left < halfStrength(strength(e))) return { points: halfValue(e.cost), reason: 'under-half' };
  return { points: 0, reason: 'none' };
}

/** Army points destroyed, for the enemy army described by `entries`. */
export function armyPointsDestroyed(entries: readonly ArmyEntry[]): { total: number; lines: ApdLine[] } {
  const lines = entries.map((e, index) => ({ index, ...entryApd(e) }));
  return { total: lines.reduce((s, l) => s + l.points, 0), lines };
}

export type ZoneReason = 'counted' | 'destroyed' | 'inert' | 'wild' | 'fleeing' | 'under-half' | 'not-in-zone' | 'included-with-caster';

const inZoneCount = (e: ArmyEntry): number => (e.inZone === true ? 1 : e.inZone === false || e.inZone === undefined ? 0 : e.inZone);

export function entryPointsInZone(e: ArmyEntry): { points: number; reason: ZoneReason } {
  if (e.includedWithCaster) return { points: 0, reason: 'included-with-caster' };
  const left = remaining(e);
  if (left === 0) return { points: 0, reason: 'destroyed' };
  if (e.inert) return { points: 0, reason: 'inert' };
  if (e.wild) return { points: 0, reason: 'wild' };
  if (e.fleeing) return { points: 0, reason: 'fleeing' };
  const inside = Math.min(inZoneCount(e), left);
  const n = strength(e);
  switch (e.kind) {
    case 'caster':
      // a multi-model caster choice counts only with all its warcaster/warlock models inside
      return inside >= left ? { points: CASTER_VALUE, reason: 'counted' } : { points: 0, reason: 'not-in-zone' };
    case 'warjack':
    case 'warbeast':
      return inside >= 1 ? { points: e.cost, reason: 'counted' } : { points: 0, reason: 'not-in-zone' };
    case 'solo':
      if (n === 1) return inside >= 1 ? { points: e.cost, reason: 'counted' } : { points: 0, reason: 'not-in-zone' };
      if (left < halfStrength(n)) return { points: 0, reason: 'under-half' };
      // multi-model solo choice: every remaining model inside
      return inside >= left ? { points: e.cost, reason: 'counted' } : { points: 0, reason: 'not-in-zone' };
    case 'unit':
      if (left < halfStrength(n)) return { points: 0, reason: 'under-half' };
      // "au moins la moitié des figurines restantes, arrondie au supérieur"
      return inside >= halfStrength(left) ? { points: e.cost, reason: 'counted' } : { points: 0, reason: 'not-in-zone' };
  }
}

/** The 3rd time-out condition's count for one player's army. */
export function armyPointsInZone(entries: readonly ArmyEntry[]): { total: number; lines: Array<{ index: number; points: number; reason: ZoneReason }> } {
  const lines = entries.map((e, index) => ({ index, ...entryPointsInZone(e) }));
  return { total: lines.reduce((s, l) => s + l.points, 0), lines };
}

/** Warcasters/warlocks still in play, for the 1st time-out condition. */
export function castersInPlay(entries: readonly ArmyEntry[]): number {
  return entries.filter((e) => e.kind === 'caster' && !e.includedWithCaster && remaining(e) > 0).length;
}

export type SurvivedReason = 'intact' | 'under-half' | 'destroyed' | 'inert' | 'wild' | 'caster' | 'caster-destroyed' | 'included-with-caster';

/**
 * One entry's surviving army points for « Classement à la survie », counted as the seed's
 * « Victoire et conditions de départage » counts army points: a unit under 50 % of its starting
 * strength (rounded up) is worth 50 % of its value (rounded up), attachments included; an inert
 * warjack or a wild warbeast counts as destroyed (its whole value goes to the opponent); a
 * warcaster/warlock is worth 5; models included with the caster add nothing.
 */
export function entrySurvived(e: ArmyEntry): { points: number; reason: SurvivedReason } {
  if (e.includedWithCaster) return { points: 0, reason: 'included-with-caster' };
  const left = remaining(e);
  if (e.kind === 'caster') return left > 0 ? { points: CASTER_VALUE, reason: 'caster' } : { points: 0, reason: 'caster-destroyed' };
  if (left === 0) return { points: 0, reason: 'destroyed' };
  if (e.inert) return { points: 0, reason: 'inert' };
  if (e.wild) return { points: 0, reason: 'wild' };
  if (e.kind === 'unit' && left < halfStrength(strength(e))) return { points: halfValue(e.cost), reason: 'under-half' };
  return { points: e.cost, reason: 'intact' };
}

/** A player's own army at the end of a game: the army points that survived (survival standings). */
export function armyPointsSurvived(entries: readonly ArmyEntry[]): { total: number; lines: Array<{ index: number; points: number; reason: SurvivedReason }> } {
  const lines = entries.map((e, index) => ({ index, ...entrySurvived(e) }));
  return { total: lines.reduce((s, l) => s + l.points, 0), lines };
}
