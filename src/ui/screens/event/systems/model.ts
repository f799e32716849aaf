// What the organizer's screens need to know about an event's game system, in one place, so the
// tabs ask "what does this system want" instead of testing system ids everywhere. Everything
// here reaches the rules through `systemFor(event.system)`; SR2011 keeps its own screens.
import type { EventFile, EventSettings, Pairing, PlayerId, Round, SystemId } from '../../../../domain/event-file';
import { roundByes, systemFor, type GameSystem, type PairRefusal } from '../../../../domain/systems';
import type { MessageKey, Translate } from '../../../../i18n';
import { CATALOG } from '../../../../i18n/catalog';

export const systemOf = (event: Pick<EventFile, 'system'>): GameSystem => systemFor(event.system);

export const isSr2011 = (event: Pick<EventFile, 'system'>): boolean => event.system === 'sr2011';

export { DEFAULT_POINTS, RACKHAM_SIZES } from '../../system-defaults';

export type PairingKind = ReturnType<GameSystem['pairingMethod']>['kind'];

export const pairingKind = (event: Pick<EventFile, 'system' | 'settings'>): PairingKind => systemOf(event).pairingMethod(event.settings).kind;

export const isKnockout = (event: Pick<EventFile, 'system' | 'settings'>): boolean => pairingKind(event) === 'knockout';

/**
 * A system whose rules accept a player with no list at all has no list rules worth an editor
 * (LotR only checks costs): the lists column and editor are hidden for it.
 */
export function hasListRules(event: Pick<EventFile, 'system' | 'settings'>): boolean {
  if (isSr2011(event)) return true;
  return systemOf(event).validateLists({ lists: [] }, event.settings).length > 0;
}

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

/** "7 PT", "2 pts": a number in the unit the system's standings count. */
export function pointsText(event: Pick<EventFile, 'system' | 'settings'>, n: number, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  if (event.system === 'sr2011' || event.system === 'confrontation-cdr') return t('rounds.tp', { n });
  return t('systems.points', { n, value: formatNumber(n, lang) });
}

/** 1.5 as "1,5" in French: LotR's perfect draw and Rackham's half point. */
export function formatNumber(n: number, lang: 'fr' | 'en' = 'fr'): string {
  return Number.isInteger(n) ? String(n) : lang === 'fr' ? String(n).replace('.', ',') : String(n);
}

/** A bye line: knockout byes go through; elsewhere a bye is worth the system's bye score. */
export function byeText(event: EventFile, id: PlayerId, nameOf: (id: PlayerId) => string, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  if (isSr2011(event)) return t('rounds.bye', { name: nameOf(id) });
  if (isKnockout(event)) return t('systems.byeKnockout', { name: nameOf(id) });
  return t('systems.bye', { name: nameOf(id), points: pointsText(event, systemOf(event).byeScore(event.settings), t, lang) });
}

export const allByes = (round: Round): PlayerId[] => roundByes(round);

/** One table's result in a line: who won and the numbers that decided it. */
export function resultSummary(event: EventFile, pairing: Pairing, nameOf: (id: PlayerId) => string, t: Translate, lang: 'fr' | 'en' = 'fr'): string {
  const r = pairing.result;
  if (!r) return t('rounds.pending');
  if (isKnockout(event)) {
    if (r.winner === null) return t('rounds.draw');
    const stage = typeof r.stage === 'string' && hasMessage(`systems.choice.stage.${r.stage}`) ? t(`systems.choice.stage.${r.stage}` as MessageKey) : null;
    return stage ? t('systems.summary.throughAt', { name: nameOf(r.winner), stage }) : t('systems.summary.through', { name: nameOf(r.winner) });
  }
  const head = r.winner === null ? t('rounds.draw') : t('rounds.wins', { name: nameOf(r.winner) });
  const num = (v: unknown): string => (typeof v === 'number' ? formatNumber(v, lang) : '?');
  switch (event.system) {
    case 'confrontation-cdr': {
      const score = systemOf(event).scoreGame(r, pairing, event.settings);
      return `${head} · ${t('systems.summary.vp', { a: num(r.a.vp), b: num(r.b.vp) })} · ${t('systems.summary.tp', { a: score.a, b: score.b })}`;
    }
    case 'lotr-sbg':
      return `${head} · ${t('systems.summary.pair', { a: num(r.a.points), b: num(r.b.points) })}`;
    case 'confrontation-rackham':
      return `${head} · ${t('systems.summary.totals', { a: num(r.a.score ?? r.a.apd), b: num(r.b.score ?? r.b.apd) })}`;
    default:
      return `${head} · ${t('rounds.cpLine', { a: r.a.cp, b: r.b.cp })}`;
  }
}

/** Every refusal of `pairNextRound`, worded. */
export function refusalText(event: EventFile, r: PairRefusal, t: Translate): string {
  const nameOf = (id: PlayerId): string => event.players.find((p) => p.id === id)?.name ?? id;
  switch (r.reason) {
    case 'round-unfinished':
      return t('rounds.refused.round-unfinished', { round: r.round, tables: r.tables.join(', ') });
    case 'too-few-players':
      return t('rounds.refused.too-few-players', { active: r.active });
    case 'fewer-than-four-players':
      return t('rounds.refused.fewer-than-four-players');
    case 'event-complete':
      if (r.champion !== null) return t('systems.refused.champion', { name: nameOf(r.champion) });
      return pairingKind(event) === 'round-robin' ? t('systems.refused.round-robin-complete') : t('systems.refused.event-complete');
    case 'knockout-needs-winner':
      return t('systems.refused.knockout-needs-winner', { n: r.tables.length, round: r.round, tables: r.tables.join(', ') });
    case 'bracket-invalid':
      return t('systems.refused.bracket-invalid');
  }
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** The standings order as the app's help states it, per system and format. */
export function orderHelp(event: Pick<EventFile, 'system' | 'settings'>, t: Translate): string {
  switch (event.system) {
    case 'confrontation-cdr':
      return t('systems.order.confrontation-cdr');
    case 'lotr-sbg':
      return t('systems.order.lotr-sbg');
    case 'confrontation-rackham':
      return isKnockout(event) ? t('systems.order.knockout') : t('systems.order.rackham500');
    default:
      return '';
  }
}

export const byePointsOf = (settings: EventSettings): number | null =>
  typeof settings.byePoints === 'number' && Number.isFinite(settings.byePoints) ? settings.byePoints : null;

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
