import { formatNumber as formatNumberTypo } from '../../../i18n/typography';
// What the organizer's screens need to know about an event's game system from its GameSystem
// (pairing method, stages, refusals, bye score), in one place: the screens ask "what does this
// system want" and never test system ids. The UI-side declarations are the companions (src/ui/systems).
import type { EventFile, EventSettings, PlayerId, Round } from '../../../domain/event-file';
import { roundByes, systemFor, type GameSystem, type PairRefusal } from '../../../domain/systems';
import type { MessageKey, Translate } from '../../../i18n';
import { CATALOG } from '../../../i18n/catalog';

export const systemOf = (event: Pick<EventFile, 'system'>): GameSystem => systemFor(event.system);

export type PairingKind = ReturnType<GameSystem['pairingMethod']>['kind'];

export const pairingKind = (event: Pick<EventFile, 'system' | 'settings'>): PairingKind => systemOf(event).pairingMethod(event.settings).kind;

export const isKnockout = (event: Pick<EventFile, 'system' | 'settings'>): boolean => pairingKind(event) === 'knockout';

/** Whether a key exists in the catalogue: choice values and stages come from the domain. */
export const hasMessage = (key: string): key is MessageKey => key in CATALOG.fr;

// ---------------------------------------------------------------------------------------------
// Rounds
// ---------------------------------------------------------------------------------------------

const ROUND_OF: Record<string, MessageKey> = {
  'round-of-16': 'systems.stage.round-of-16',
  'round-of-32': 'systems.stage.round-of-32',
  'round-of-64': 'systems.stage.round-of-64',
};

/** "Finale", "Demi-finale"... from the domain's stage id ('final', 'round-of-128'). */
export function stageLabel(stage: string, t: Translate): string {
  const key = `systems.stage.${stage}`;
  if (hasMessage(key)) return t(key);
  if (ROUND_OF[stage]) return t(ROUND_OF[stage]!);
  const field = /^round-of-(\d+)$/.exec(stage)?.[1];
  return field ? t('systems.stage.roundOfN', { n: field }) : stage;
}

export const roundStage = (round: Round): string | null => (typeof round.stage === 'string' ? round.stage : null);

/** The round's tab label: "Ronde 2 · Demi-finale" in a knockout, "Ronde 2" elsewhere. */
export function roundLabel(round: Round, t: Translate): string {
  const stage = roundStage(round);
  return stage ? t('systems.round.stage', { n: round.number, stage: stageLabel(stage, t) }) : t('rounds.round', { n: round.number });
}

/** 1.5 as "1,5" and -3 as "−3" in French: LotR's perfect draw, Rackham's half point, CDR's goal average. */
export const formatNumber = (n: number, lang: 'fr' | 'en' = 'fr'): string => formatNumberTypo(n, lang);

export const allByes = (round: Round): PlayerId[] => roundByes(round);

/** Tables listed in a sentence: the first 12, then how many more (a 4,096-player round's 2,048 said one by one filled a tablet's screen). */
export function tableList(tables: readonly number[], t: Translate, shown = 12): string {
  const list = tables.slice(0, shown).join(', ');
  return tables.length > shown ? t('common.andMore', { list, n: tables.length - shown }) : list;
}

/** Every refusal of `pairNextRound`, worded. */
export function refusalText(event: EventFile, r: PairRefusal, t: Translate): string {
  const nameOf = (id: PlayerId): string => event.players.find((p) => p.id === id)?.name ?? id;
  switch (r.reason) {
    case 'round-unfinished':
      return t('rounds.refused.round-unfinished', { round: r.round, tables: tableList(r.tables, t) });
    case 'too-few-players':
      return t('rounds.refused.too-few-players', { active: r.active });
    case 'fewer-than-four-players':
      return t('rounds.refused.fewer-than-four-players');
    case 'event-complete':
      if (r.champion !== null) return t('systems.refused.champion', { name: nameOf(r.champion) });
      return pairingKind(event) === 'round-robin' ? t('systems.refused.round-robin-complete') : t('systems.refused.event-complete');
    case 'knockout-needs-winner':
      return t('systems.refused.knockout-needs-winner', { n: r.tables.length, round: r.round, tables: tableList(r.tables, t) });
    case 'bracket-invalid':
      return t('systems.refused.bracket-invalid');
  }
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const byePointsOf = (settings: EventSettings): number | null => (typeof settings.byePoints === 'number' && Number.isFinite(settings.byePoints) ? settings.byePoints : null);

/** What a bye is worth when the organizer sets nothing: the system's own default. */
export function defaultByeScore(event: Pick<EventFile, 'system' | 'settings'>): number {
  const { byePoints: _ignored, ...rest } = event.settings;
  return systemOf(event).byeScore(rest as EventSettings);
}

// ---------------------------------------------------------------------------------------------
// Results: naming a system problem for a person at the desk
// ---------------------------------------------------------------------------------------------

export interface Named {
  /** the player ids of the pairing, to show names instead of ids */
  names: ReadonlyMap<string, string>;
  /**
   * field keys, to show their labels instead of code words. Not choice values: the system's
   * templates branch on them ('first-blood' words "au Premier sang").
   */
  labels: ReadonlyMap<string, string>;
}

/** A problem's params with player ids and field keys replaced by what the organizer sees. */
export function readableParams(params: Record<string, string | number> | undefined, named: Named): Record<string, string | number> | undefined {
  if (!params) return params;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'string' ? (named.names.get(v) ?? named.labels.get(v) ?? v) : v;
  return out;
}
