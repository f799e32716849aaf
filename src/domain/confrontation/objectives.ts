// The objective calculator of the Confrontation scenarios (seed 003, XX-C): which fighters count
// around an objective, each side's strength (effectif) and value, and whether a side occupies
// or controls it. Thresholds differ per scenario, so they are inputs.

export type FighterSize = 'small' | 'medium' | 'large' | 'very-large';
export type WoundLevel = 'none' | 'light' | 'serious' | 'critical';

/** Power (I-E-10): 1 small or medium, 2 large, 3 very large ("Énorme/X"). */
export const POWER: Readonly<Record<FighterSize, number>> = { small: 1, medium: 1, large: 2, 'very-large': 3 };

/** Strategic value penalty by wound level: light none, serious -5, critical -10. */
export const WOUND_PENALTY: Readonly<Record<WoundLevel, number>> = { none: 0, light: 0, serious: 5, critical: 10 };

export interface Fighter {
  id?: string;
  size: FighterSize;
  /** strategic value (I-E-6), the card's PA */
  strategicValue: number;
  wound?: WoundLevel;
  routed?: boolean;
  /** palier: 0 on the ground; a flyer at level 1 or 2 does not count */
  level?: number;
  /** a scout still hidden ("Éclaireur") */
  hidden?: boolean;
  neutral?: boolean;
  summoned?: boolean;
  /** for a summoned fighter: its rank names the army's people */
  samePeople?: boolean;
  /** summoned, resurrected or back in play (e.g. "Renfort") during the last turn of the game */
  arrivedLastTurn?: boolean;
}

export type Exclusion = 'routed' | 'not-level-0' | 'hidden' | 'neutral' | 'summoned-other-people' | 'arrived-last-turn';

/** Why a fighter does not count around an objective, or null when it counts. */
export function exclusion(f: Fighter): Exclusion | null {
  if (f.routed === true) return 'routed';
  if ((f.level ?? 0) !== 0) return 'not-level-0';
  if (f.hidden === true) return 'hidden';
  if (f.neutral === true) return 'neutral';
  if (f.summoned === true && f.samePeople !== true) return 'summoned-other-people';
  if (f.arrivedLastTurn === true) return 'arrived-last-turn';
  return null;
}

/** A wounded fighter's value: serious -5, critical -10, never below 0 (XX-C-1). */
export function fighterValue(f: Pick<Fighter, 'strategicValue' | 'wound'>): number {
  return Math.max(0, f.strategicValue - WOUND_PENALTY[f.wound ?? 'none']);
}

export interface SideTotals {
  strength: number;
  value: number;
  counted: Fighter[];
  excluded: Array<{ fighter: Fighter; reason: Exclusion }>;
}

export function sideTotals(fighters: readonly Fighter[]): SideTotals {
  const out: SideTotals = { strength: 0, value: 0, counted: [], excluded: [] };
  for (const f of fighters) {
    const reason = exclusion(f);
    if (reason) {
      out.excluded.push({ fighter: f, reason });
      continue;
    }
    out.counted.push(f);
    out.strength += POWER[f.size];
    out.value += fighterValue(f);
  }
  return out;
}

/** What a scenario asks to occupy an objective, e.g. strength 6 and value 50 for a hill. */
export interface Threshold {
  strength: number;
  value: number;
}

/** Occupation: both thresholds met (reached or passed). */
export const occupies = (side: Pick<SideTotals, 'strength' | 'value'>, threshold: Threshold): boolean => side.strength >= threshold.strength && side.value >= threshold.value;

export interface ObjectiveState {
  a: SideTotals & { occupies: boolean | null };
  b: SideTotals & { occupies: boolean | null };
  /** control: both strength and value strictly greater than the opponent's; anything else a tie */
  control: 'a' | 'b' | 'tie';
}

/** One objective; without a threshold, occupation is not asked (null). */
export function objectiveState(a: readonly Fighter[], b: readonly Fighter[], threshold?: Threshold): ObjectiveState {
  const [ta, tb] = [sideTotals(a), sideTotals(b)];
  const control = ta.strength > tb.strength && ta.value > tb.value ? 'a' : tb.strength > ta.strength && tb.value > ta.value ? 'b' : 'tie';
  return {
    a: { ...ta, occupies: threshold ? occupies(ta, threshold) : null },
    b: { ...tb, occupies: threshold ? occupies(tb, threshold) : null },
    control,
  };
}

export interface ObjectiveInput {
  id: string;
  threshold?: Threshold;
  /** ids of the fighters each side counts here */
  a: readonly string[];
  b: readonly string[];
}

export type ObjectivesResult =
  | { ok: true; objectives: Array<{ id: string } & ObjectiveState> }
  | { ok: false; problems: Array<{ code: 'fighter-on-two-objectives' | 'unknown-fighter'; fighter: string; objectives: string[] }> };

/**
 * Several objectives at once. "Un même combattant ne peut pas être pris en compte pour plusieurs
 * zones": a fighter astride two objectives is counted where its owner says, so the input must
 * name it under one objective only.
 */
export function objectivesState(fighters: ReadonlyMap<string, Fighter>, objectives: readonly ObjectiveInput[]): ObjectivesResult {
  const where = new Map<string, string[]>();
  for (const o of objectives) for (const id of [...o.a, ...o.b]) where.set(id, [...(where.get(id) ?? []), o.id]);
  const problems: Extract<ObjectivesResult, { ok: false }>['problems'] = [];
  for (const [fighter, ids] of where) {
    if (!fighters.has(fighter)) problems.push({ code: 'unknown-fighter', fighter, objectives: ids });
    else if (ids.length > 1) problems.push({ code: 'fighter-on-two-objectives', fighter, objectives: ids });
  }
  if (problems.length > 0) return { ok: false, problems };
  const pick = (ids: readonly string[]): Fighter[] => ids.map((id) => fighters.get(id)!);
  return { ok: true, objectives: objectives.map((o) => ({ id: o.id, ...objectiveState(pick(o.a), pick(o.b), o.threshold) })) };
}
