// A registered list as rows the organizer can tick, and each tick as the ArmyEntry the SR2011
// rules module counts. The event format records only a name and a cost per model (no kind, no
// model count), so the tick carries what the table saw: the organizer has already counted the
// unit, we only need the rules' arithmetic.
import type { ArmyList } from '../../../domain/event-file';
import type { ArmyEntry } from '../../../domain/sr2011';

export type ApdMark = 'alive' | 'destroyed' | 'under-half' | 'inert-wild';
export type ZoneMark = 'out' | 'in' | 'in-not-counted';

export interface ListRow {
  caster: boolean;
  name: string;
  cost: number;
}

/** The caster first (worth 5 whatever its bonus), then the models in list order. */
export function listRows(list: ArmyList): ListRow[] {
  return [{ caster: true, name: list.caster, cost: 0 }, ...list.models.map((m) => ({ caster: false, name: m.name, cost: m.cost }))];
}

export const APD_MARKS_CASTER: readonly ApdMark[] = ['alive', 'destroyed'];
export const APD_MARKS_MODEL: readonly ApdMark[] = ['alive', 'destroyed', 'under-half', 'inert-wild'];
export const ZONE_MARKS_CASTER: readonly ZoneMark[] = ['out', 'in'];
export const ZONE_MARKS_MODEL: readonly ZoneMark[] = ['out', 'in', 'in-not-counted'];

/**
 * "Under half" stands for a unit with fewer models left than half its starting strength rounded
 * up: 1 of 3 models says exactly that to entryApd, which then pays half the cost rounded up.
 */
const UNDER_HALF = { startingStrength: 3, remaining: 1 } as const;

export function apdEntry(row: ListRow, mark: ApdMark): ArmyEntry {
  if (row.caster) return { kind: 'caster', name: row.name, cost: 0, destroyed: mark === 'destroyed' };
  switch (mark) {
    case 'alive':
      return { kind: 'solo', name: row.name, cost: row.cost };
    case 'destroyed':
      return { kind: 'solo', name: row.name, cost: row.cost, destroyed: true };
    case 'under-half':
      return { kind: 'unit', name: row.name, cost: row.cost, ...UNDER_HALF };
    case 'inert-wild':
      // an inert warjack and a wild warbeast count the same: their full value
      return { kind: 'warjack', name: row.name, cost: row.cost, inert: true };
  }
}

/**
 * "In the zone" means the entry qualifies as the rules put it (a unit with at least half its
 * remaining models inside); "not counted" covers inert, wild, fleeing and under-half entries.
 */
export function zoneEntry(row: ListRow, mark: ZoneMark): ArmyEntry {
  const kind = row.caster ? 'caster' : 'solo';
  switch (mark) {
    case 'out':
      return { kind, name: row.name, cost: row.cost, inZone: false };
    case 'in':
      return { kind, name: row.name, cost: row.cost, inZone: true };
    case 'in-not-counted':
      return { kind, name: row.name, cost: row.cost, inZone: true, fleeing: true };
  }
}
