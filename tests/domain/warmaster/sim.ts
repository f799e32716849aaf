// Rule tests on hand-built positions: a started campaign whose detachments (and anything else)
// are patched in, then driven through the same applyCampaignAction the log uses.
import { applyCampaignAction, currentMover, nextActionPlayer, nextFatePlayer } from '../../../src/domain/warmaster';
import type { CampaignAction, CampaignState, Detachment, Faction, Hex, CampaignOptions, HexMap } from '../../../src/domain/warmaster';
import { A, B, at, newCampaign, seedRolling } from './helpers';

export const A_FIRST = seedRolling([6, 6], [6, 1]);
export const B_FIRST = seedRolling([6, 1], [6, 6]);
/** a fate roll of 5 (scouts): no choice, no RP */
export const FATE_QUIET = seedRolling([6, 5]);

export function det(id: string, owner: string, h: Hex, points = 400, extra: Partial<Detachment> = {}): Detachment {
  return { id, owner, hex: h, points, moved: false, fought: false, destroyAttempted: false, ...extra };
}

/** A's city at (2,0), B's at (20,0), turn 1 waiting for initiative. */
export function started(opts: { factions?: [Faction, Faction]; options?: Partial<CampaignOptions>; map?: HexMap; detachments?: Detachment[]; build?: CampaignAction[] } = {}): Sim {
  const log = newCampaign(opts).do({ type: 'place-city', player: A, hex: at(2) }, { type: 'place-city', player: B, hex: at(20) }, ...(opts.build ?? []), {
    type: 'start-campaign',
  });
  return new Sim({ ...log.state, detachments: opts.detachments ?? [] });
}

export class Sim {
  constructor(public state: CampaignState) {}

  do(...actions: CampaignAction[]): this {
    for (const a of actions) {
      const r = applyCampaignAction(this.state, a);
      if (!r.ok) throw new Error(`refused ${a.type}: ${r.refusal.code} ${JSON.stringify(r.refusal.params)}`);
      this.state = r.state;
    }
    return this;
  }

  try(a: CampaignAction): string {
    const r = applyCampaignAction(this.state, a);
    if (!r.ok) return r.refusal.code;
    this.state = r.state;
    return 'ok';
  }

  patch(f: (s: CampaignState) => CampaignState): this {
    this.state = f(this.state);
    return this;
  }

  det(id: string): Detachment | undefined {
    return this.state.detachments.find((d) => d.id === id);
  }

  /** everyone holds: movement ends */
  passMovement(): this {
    for (let guard = 0; this.state.phase === 'movement' && guard < 20; guard++) {
      const p = currentMover(this.state);
      if (!p) break;
      this.do({ type: 'pass', player: p });
    }
    return this;
  }

  /** quiet fates (or the given seeds in turn order), open choices declined, actions skipped */
  throughFateAndActions(fateSeeds: number[] = []): this {
    for (let guard = 0; guard < 20; guard++) {
      const s = this.state;
      if (s.phase !== 'resources') break;
      const open = s.fate.find((f) => !f.resolved);
      if (open) this.do({ type: 'resolve-fate', player: open.player, choice: null });
      else if (s.resourcesStep === 'fate') this.do({ type: 'roll-fate', player: nextFatePlayer(s)!, seed: fateSeeds.shift() ?? FATE_QUIET });
      else if (s.resourcesStep === 'action') this.do({ type: 'skip-action', player: nextActionPlayer(s)! });
      else break;
    }
    return this;
  }

  /** quiet fates, open choices declined: stops at the first player's action */
  throughFate(fateSeeds: number[] = []): this {
    for (let guard = 0; guard < 20 && this.state.phase === 'resources' && this.state.resourcesStep === 'fate'; guard++) {
      const open = this.state.fate.find((f) => !f.resolved);
      if (open) this.do({ type: 'resolve-fate', player: open.player, choice: null });
      else this.do({ type: 'roll-fate', player: nextFatePlayer(this.state)!, seed: fateSeeds.shift() ?? FATE_QUIET });
    }
    return this;
  }

  /** from the initiative to the muster step, nothing happening on the way */
  toMuster(initiative = A_FIRST, incomeSeed = 1): this {
    if (this.state.phase === 'initiative') this.do({ type: 'roll-initiative', seed: initiative });
    this.passMovement();
    this.throughFateAndActions();
    if (this.state.resourcesStep === 'income') this.do({ type: 'collect-income', seed: incomeSeed });
    return this;
  }
}

export { A, B, at };
