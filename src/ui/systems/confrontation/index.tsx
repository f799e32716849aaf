// Confrontation's entries in the systems' UI registry: the Rackham tournament rules (the 200-PA
// knockout challenge, or 500 points) and the CDR 9..0 scoring. Both print the tournament
// reference card for each table and get their result form generated from their fields.
import { rackhamFormat } from '../../../domain/confrontation';
import type { GameResult, SideResult } from '../../../domain/event-file';
import { systemFor } from '../../../domain/systems';
import { systemFormat } from '../shared/format';
import { numberText as num, SCORED_SYSTEM, type SystemUi } from '../shared/system-ui';
import { CDR_LISTS, RACKHAM_LISTS } from './lists';
import { ReferenceCard } from './ReferenceCard';
import { CDR_STANDINGS, RACKHAM_STANDINGS } from './standings';

function ConfrontationCard() {
  return <ReferenceCard />;
}

/** What both rule sets share: scored byes and the generated result form, the reference card printed per table, peoples as factions. */
const CONFRONTATION = {
  ...SCORED_SYSTEM,
  format: systemFormat({}),
  printCard: { Card: ConfrontationCard, ready: () => true, label: 'rounds.printReference' },
  factions: { label: 'players.faction.people', list: 'players.factionList.confrontation' },
} satisfies Partial<SystemUi>;

const mapSides = (r: GameResult, f: (side: SideResult) => SideResult): GameResult => ({ ...r, a: f(r.a), b: f(r.b) });
const BONUS_FLAGS = ['killedMostExpensive', 'halfWithoutDamage', 'objectiveHeld', 'noModelLeft'] as const;

export const RACKHAM_UI: SystemUi = {
  ...CONFRONTATION,
  lists: RACKHAM_LISTS,
  standings: RACKHAM_STANDINGS,
  tableNeedsLists: (settings) => rackhamFormat(settings) !== 'points-500',
  resultLine: (_e, _p, r, t, lang) => t('systems.summary.totals', { a: num(r.a.score ?? r.a.apd, lang), b: num(r.b.score ?? r.b.apd, lang) }),
  // v1 codes of 500 points: the kills' PA travelled as APD, the four +20 / no-model flags as bits of CP
  fromCode: (r, _p, settings) =>
    rackhamFormat(settings) === 'points-500' ? mapSides(r, (x) => ({ ...x, ...Object.fromEntries(BONUS_FLAGS.map((f, i) => [f, (x.cp & (1 << i)) !== 0])), cp: 0 })) : r,
};

export const CDR_UI: SystemUi = {
  ...CONFRONTATION,
  lists: CDR_LISTS,
  standings: CDR_STANDINGS,
  resultLine: (event, pairing, r, t, lang) => {
    const score = systemFor(event.system).scoreGame(r, pairing, event.settings);
    return `${t('systems.summary.vp', { a: num(r.a.vp, lang), b: num(r.b.vp, lang) })} · ${t('systems.summary.tp', { a: score.a, b: score.b })}`;
  },
  // v1 codes: VP travelled as CP, the strategic value of the losses as APD
  fromCode: (r) => mapSides(r, (x) => ({ ...x, vp: x.cp, cp: 0 })),
};
