// SR2011's army lists (ListRules for the one lists editor): warcaster / warlock, bonus points,
// theme force and tier, mercenary contract; the points window; the domain's list rules in words.
import type { ArmyList } from '../../../domain/event-file';
import { listTotal, MAX_LISTS, pointsWindow, requiredListCount, requiredTier, validateLists, type ListProblemCode } from '../../../domain/sr2011';
import type { Translate } from '../../../i18n';
import type { ListIssue, ListRules } from '../../screens/event/players/list-draft';
import { parseNumber } from '../../screens/event/players/list-draft';
import { listContract } from '../../screens/event/players/model';
import { ListPasteToggle, readPastedList } from './ListPaste';

/** The domain's codes plus the editor's own. */
export type EditorProblemCode = ListProblemCode | 'model-name' | 'bad-bonus';

export interface EditorProblem {
  code: EditorProblemCode;
  params?: Record<string, string | number>;
}

export const SR2011_LISTS: ListRules = {
  paste: { Toggle: ListPasteToggle, read: readPastedList },
  fields: [
    { key: 'caster', label: 'players.caster', kind: 'text', wide: true },
    { key: 'bonus', label: 'players.bonus', kind: 'number', wide: false },
    { key: 'themeForce', label: 'players.themeForce', kind: 'text', wide: true },
    { key: 'tier', label: 'players.tier', kind: 'tier', wide: false },
    { key: 'contract', label: 'players.contract', kind: 'text', wide: true },
  ],
  champion: false,
  costHeader: 'players.modelCostHeader',
  costLabel: 'players.modelCost',
  noListIsProblem: true,
  maxLists: (event) => requiredListCount(event.settings.variants) ?? MAX_LISTS,
  rule: (event, t) => {
    const required = requiredListCount(event.settings.variants);
    const tier = requiredTier(event.settings.variants);
    const head = required === null ? t('players.listsRuleUpTo', { max: MAX_LISTS }) : t('players.listsRuleExactly', { n: required });
    return tier === null ? head : `${head} ${t('players.listsRuleTier', { tier })}`;
  },
  fromList: (list) => {
    const { caster, themeForce, tier, bonus, models: _m, contract: _c, ...extra } = list;
    return {
      fields: { caster, bonus: String(bonus), themeForce: themeForce ?? '', tier: tier === null ? '' : String(tier), contract: listContract(list) },
      extra,
    };
  },
  toList: (f, extra, models) => {
    const themeForce = (f.themeForce ?? '').trim() === '' ? null : f.themeForce!.trim();
    const list: ArmyList = {
      ...extra,
      caster: (f.caster ?? '').trim(),
      themeForce,
      tier: themeForce === null || !f.tier ? null : Number(f.tier),
      bonus: (f.bonus ?? '').trim() === '' ? 0 : parseNumber(f.bonus!),
      models,
    };
    if ((f.contract ?? '').trim() !== '') list.contract = f.contract!.trim();
    return list;
  },
  problems: (lists, player, event, t, _lang, row) => {
    const out: ListIssue[] = [];
    lists.forEach((list, li) => {
      if (!Number.isInteger(list.bonus) || list.bonus < 0) out.push({ list: li, text: listProblemMessage({ code: 'bad-bonus' }, t) });
    });
    const faction = player.faction?.trim() ? player.faction : undefined;
    for (const p of validateLists({ lists, faction }, event.settings)) {
      if (p.code === 'no-list') continue;
      const params = { ...p.params };
      // a problem between two lists belongs to the second one, where the organizer just typed
      const index = typeof params.listB === 'number' ? params.listB : typeof params.list === 'number' ? params.list : null;
      if (index !== null && typeof params.model === 'number') params.model = row(index, params.model);
      out.push({ list: index, text: listProblemMessage({ code: p.code, params }, t) });
    }
    return out;
  },
  totalLine: (list, event, t) => {
    const total = listTotal({ models: list.models.filter((m) => Number.isFinite(m.cost)) });
    const { min, max } = pointsWindow(event.settings.points, Number.isFinite(list.bonus) ? list.bonus : 0);
    const state = total > max ? 'over' : total < min ? 'under' : 'ok';
    return {
      state,
      content: (
        <>
          {t('players.total')}
          {t('common.colon')}
          <strong>{t('players.pointsOf', { total, min, max })}</strong> <span aria-hidden="true">{state === 'ok' ? '✓' : '✗'}</span>
        </>
      ),
    };
  },
};

/**
 * Words a list problem. `list`/`listA`/`listB`/`model` params are 0-based in the domain and shown
 * 1-based. Codes are the domain's (lists.ts) plus the editor's 'model-name' and 'bad-bonus'.
 */
export function listProblemMessage(p: EditorProblem, t: Translate): string {
  const params = p.params ?? {};
  const num = (k: string): number => (typeof params[k] === 'number' ? (params[k] as number) : Number(params[k] ?? 0));
  const str = (k: string): string => String(params[k] ?? '');
  switch (p.code) {
    case 'no-list':
      return t('players.problem.no-list');
    case 'too-many-lists':
      return t('players.problem.too-many-lists', { count: num('count'), max: num('max') });
    case 'wrong-list-count':
      return t('players.problem.wrong-list-count', { n: num('required'), required: num('required'), count: num('count') });
    case 'missing-caster':
      return t('players.problem.missing-caster');
    case 'bad-cost':
      return t('players.problem.bad-cost', { model: num('model') + 1 });
    case 'points-over': {
      const diff = num('total') - num('max');
      return t('players.problem.points-over', { n: diff, diff, total: num('total'), max: num('max') });
    }
    case 'points-under': {
      const diff = num('min') - num('total');
      return t('players.problem.points-under', { n: diff, diff, total: num('total'), min: num('min') });
    }
    case 'same-caster':
      return t('players.problem.same-caster', { other: num('listA') + 1, caster: str('caster') });
    case 'same-character-caster':
      return t('players.problem.same-character-caster', { other: num('listA') + 1, character: str('character') });
    case 'same-character-model':
      return t('players.problem.same-character-model', { other: num('listA') + 1, model: str('model') });
    case 'faction-mismatch':
      return t('players.problem.faction-mismatch', { faction: str('faction'), expected: str('expected') });
    case 'tier-required':
      return num('tier') > 0
        ? t('players.problem.tier-required', { required: num('required'), tier: num('tier') })
        : t('players.problem.tier-missing', { required: num('required') });
    case 'other-list-needed':
      return t('players.problem.other-list-needed', { list: num('list') + 1, needed: num('needed'), gamesLeft: num('gamesLeft') });
    case 'bad-list-index':
      return t('players.problem.bad-list-index', { list: num('list') + 1 });
    case 'model-name':
      return t('players.problem.model-name', { model: num('model') + 1 });
    case 'bad-bonus':
      return t('players.problem.bad-bonus');
  }
}
