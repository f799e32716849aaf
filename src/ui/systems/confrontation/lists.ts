// Confrontation's army lists (ListRules for the one lists editor): a list is a set of models with
// their PA and champion flag; the rule and the live total follow the event (the 200-PA
// challenge's overage allowance, the 500 cap, the CDR size and commander); the problems are the
// system's own validateLists in words.
import type { ListModel } from '../../../domain/event-file';
import { challengeArmy, commanderCandidates, rackhamFormat } from '../../../domain/confrontation';
import { listProblemMessage, systemFor } from '../../../domain/systems';
import type { ListRules } from '../../screens/event/players/list-draft';
import { formatNumber } from '../shared/model';
import { typeset } from '../../../i18n/typography';

const priced = (models: readonly ListModel[]): ListModel[] => models.filter((m) => Number.isFinite(m.cost));
const sum = (models: readonly ListModel[]): number => models.reduce((s, m) => s + m.cost, 0);

const BASE: Omit<ListRules, 'rule' | 'totalLine'> = {
  fields: [{ key: 'name', label: 'systems.lists.name', kind: 'text', wide: true }],
  champion: true,
  costHeader: 'systems.lists.costHeader',
  costLabel: 'systems.lists.modelCost',
  noListIsProblem: false,
  maxLists: () => null,
  fromList: ({ caster, models: _m, ...extra }) => ({ fields: { name: caster }, extra }),
  // the format wants a non-empty `caster`: a Confrontation list has none, so the list's name (the people, by default the player's faction) takes its place
  toList: (f, extra, models, fallbackName) => ({ themeForce: null, tier: null, bonus: 0, ...extra, caster: (f.name ?? '').trim() || fallbackName, models }),
  problems: (lists, player, event, _t, lang) =>
    systemFor(event.system)
      .validateLists({ lists, faction: player.faction }, event.settings)
      // a player may register first and bring the list later
      .filter((p) => p.code !== 'no-list')
      .map((p) => ({ list: typeof p.params?.list === 'number' ? p.params.list : null, text: typeset(listProblemMessage(p, lang), lang) })),
};

export const RACKHAM_LISTS: ListRules = {
  ...BASE,
  rule: (event, t) => (rackhamFormat(event.settings) === 'points-500' ? t('systems.lists.rule500') : t('systems.lists.ruleChallenge')),
  totalLine: (list, event, t, lang, hasProblems) => {
    const models = priced(list.models);
    const total = sum(models);
    const state = hasProblems ? 'over' : 'ok';
    if (rackhamFormat(event.settings) === 'points-500') return { state, content: t('systems.lists.totalOf', { total, max: 500 }) };
    const army = challengeArmy(models);
    return {
      state,
      content:
        army.cheapest === null
          ? t('systems.lists.total', { total })
          : t('systems.lists.totalChallenge', { total, max: formatNumber(200 + army.allowance, lang), cheapest: army.cheapest }),
    };
  },
};

export const CDR_LISTS: ListRules = {
  ...BASE,
  rule: (event, t) => t('systems.lists.ruleCdr', { points: event.settings.points }),
  totalLine: (list, event, t, _lang, hasProblems) => {
    const models = priced(list.models);
    const commanders = commanderCandidates(models);
    const line = t('systems.lists.totalOf', { total: sum(models), max: event.settings.points });
    return {
      state: hasProblems ? 'over' : 'ok',
      content: commanders.length > 0 ? `${line} · ${t('systems.lists.commander', { name: commanders.map((m) => m.name).join(' / ') })}` : line,
    };
  },
};
