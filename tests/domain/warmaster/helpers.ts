// Test helpers: a small campaign builder over the real log, and seeds picked for the dice a test
// needs (so a test says "a fate roll of 4" instead of a magic number).
import { createRng } from '../../../src/domain/random';
import type { Rng } from '../../../src/domain/random';
import { appendCampaignAction, createHexMap, foldCampaign, hex } from '../../../src/domain/warmaster';
import type { CampaignAction, CampaignPlayer, CampaignState, Hex, HexMap, Faction, CampaignOptions } from '../../../src/domain/warmaster';

/** The first seed whose dice satisfy `want` (dice come from createRng(seed).die, as the roller does). */
export function seedFor(want: (rng: Rng) => boolean): number {
  for (let seed = 1; seed < 200_000; seed++) if (want(createRng(seed))) return seed;
  throw new Error('no seed found');
}

/** a seed whose first dice are exactly these (sides given per die) */
export function seedRolling(...dice: [sides: number, value: number][]): number {
  return seedFor((rng) => dice.every(([sides, value]) => rng.die(sides) === value));
}

export class Log {
  actions: CampaignAction[] = [];
  state!: CampaignState;

  constructor(first?: CampaignAction) {
    if (first) this.do(first);
  }

  do(...actions: CampaignAction[]): this {
    for (const action of actions) {
      const r = appendCampaignAction(this.actions, action);
      if (!r.ok) throw new Error(`refused ${action.type}: ${r.refusal.code} ${JSON.stringify(r.refusal.params)}`);
      this.actions = r.actions;
      this.state = r.state;
    }
    return this;
  }

  /** the refusal code, or 'ok' (and then the action is kept) */
  try(action: CampaignAction): string {
    const r = appendCampaignAction(this.actions, action);
    if (!r.ok) return r.refusal.code;
    this.actions = r.actions;
    this.state = r.state;
    return 'ok';
  }

  refusal(action: CampaignAction): { code: string; params: Record<string, string | number> } | null {
    const r = appendCampaignAction(this.actions, action);
    return r.ok ? null : r.refusal;
  }

  refold(): CampaignState {
    return foldCampaign(this.actions);
  }
}

export const A = 'a';
export const B = 'b';

/** a row of hexes along r = 0 is (col, 0): the distance between (x, 0) and (y, 0) is |x - y| */
export const at = (q: number, r = 0): Hex => hex(q, r);

export function players(fa: Faction = 'empire', fb: Faction = 'orcs'): CampaignPlayer[] {
  return [
    { id: A, name: 'Alice', faction: fa },
    { id: B, name: 'Bruno', faction: fb },
  ];
}

export function plainMap(width = 24, height = 10): HexMap {
  return createHexMap({ width, height });
}

export function newCampaign(opts: { map?: HexMap; factions?: [Faction, Faction]; options?: Partial<CampaignOptions> } = {}): Log {
  const [fa, fb] = opts.factions ?? ['empire', 'orcs'];
  return new Log({ type: 'create-campaign', name: 'Test', map: opts.map ?? plainMap(), players: players(fa, fb), ...(opts.options ? { options: opts.options } : {}) });
}
