// The army lists editor works on drafts (text as typed); a draft becomes an ArmyList only to be
// checked and saved. Fields the editor does not know (faction, character, ...) ride along intact.
import type { ArmyList, ListModel, Player } from '../../../../domain/event-file';
import { listTotal, pointsWindow, validateLists, type ListProblemCode, type ListRulesSettings } from '../../../../domain/sr2011';
import type { Translate } from '../../../../i18n';
import { listContract } from './model';

export interface ModelDraft {
  key: number;
  name: string;
  cost: string;
  extra: Record<string, unknown>;
}

export interface ListDraft {
  key: number;
  caster: string;
  bonus: string;
  themeForce: string;
  tier: string;
  contract: string;
  models: ModelDraft[];
  extra: Record<string, unknown>;
}

let nextKey = 1;
export const newKey = (): number => nextKey++;

export const emptyModel = (): ModelDraft => ({ key: newKey(), name: '', cost: '', extra: {} });

export const emptyList = (): ListDraft => ({
  key: newKey(),
  caster: '',
  bonus: '',
  themeForce: '',
  tier: '',
  contract: '',
  models: [emptyModel()],
  extra: {},
});

export function toDraft(list: ArmyList): ListDraft {
  const { caster, themeForce, tier, bonus, models, contract: _c, ...extra } = list;
  return {
    key: newKey(),
    caster,
    bonus: String(bonus),
    themeForce: themeForce ?? '',
    tier: tier === null ? '' : String(tier),
    contract: listContract(list),
    models: models.map(({ name, cost, ...rest }) => ({ key: newKey(), name, cost: String(cost), extra: rest })),
    extra,
  };
}

const isBlankModel = (m: ModelDraft): boolean => m.name.trim() === '' && m.cost.trim() === '';

/** A list with nothing typed in it is not a list: it is dropped on save, never reported. */
export function isBlankList(d: ListDraft): boolean {
  return d.caster.trim() === '' && d.themeForce.trim() === '' && d.contract.trim() === '' && d.models.every(isBlankModel);
}

const parseNumber = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')));

export function fromDraft(d: ListDraft): ArmyList {
  const themeForce = d.themeForce.trim() === '' ? null : d.themeForce.trim();
  const bonus = d.bonus.trim() === '' ? 0 : parseNumber(d.bonus);
  const models: ListModel[] = d.models.filter((m) => !isBlankModel(m)).map((m) => ({ ...m.extra, name: m.name.trim(), cost: parseNumber(m.cost) }));
  const list: ArmyList = {
    ...d.extra,
    caster: d.caster.trim(),
    themeForce,
    tier: themeForce === null || d.tier === '' ? null : Number(d.tier),
    bonus,
    models,
  };
  if (d.contract.trim() !== '') list.contract = d.contract.trim();
  return list;
}

/** The domain's codes plus the editor's own. */
export type EditorProblemCode = ListProblemCode | 'model-name' | 'bad-bonus';

export interface EditorProblem {
  code: EditorProblemCode;
  params?: Record<string, string | number>;
}

/**
 * A problem attached to the draft it belongs to (index in the drafts, not in the saved lists);
 * a `model` param is the row as shown in the editor, blank rows included.
 */
export interface DraftProblem extends EditorProblem {
  draft: number | null;
}

/**
 * Checks the non-blank drafts as they would be saved: the domain's problems (minus "no list": a
 * player may register without one) plus the editor's own (model without a name, bad bonus).
 */
export function checkDrafts(drafts: readonly ListDraft[], player: Pick<Player, 'faction'>, settings: ListRulesSettings): { lists: ArmyList[]; problems: DraftProblem[] } {
  const kept: number[] = [];
  drafts.forEach((d, i) => {
    if (!isBlankList(d)) kept.push(i);
  });
  const lists = kept.map((i) => fromDraft(drafts[i]!));
  // saved model j of a list is this row of its draft
  const rows = kept.map((i) => drafts[i]!.models.map((m, r) => (isBlankModel(m) ? -1 : r)).filter((r) => r >= 0));
  const faction = player.faction?.trim() ? player.faction : undefined;
  const problems: DraftProblem[] = [];
  lists.forEach((list, li) => {
    const draft = kept[li]!;
    if (!Number.isInteger(list.bonus) || list.bonus < 0) problems.push({ code: 'bad-bonus', params: { list: li }, draft });
    list.models.forEach((m, j) => {
      if (m.name === '') problems.push({ code: 'model-name', params: { list: li, model: rows[li]![j]! }, draft });
    });
  });
  for (const p of validateLists({ lists, faction }, settings)) {
    if (p.code === 'no-list') continue;
    const params = { ...p.params };
    // a problem between two lists belongs to the second one, where the organizer just typed
    const index = typeof params.listB === 'number' ? params.listB : typeof params.list === 'number' ? params.list : null;
    if (index !== null && typeof params.model === 'number') params.model = rows[index]?.[params.model] ?? params.model;
    problems.push({ code: p.code, params, draft: index === null ? null : (kept[index] ?? null) });
  }
  return { lists, problems };
}

/** The live points line of a draft: total, window and where the total stands. */
export function draftPoints(d: ListDraft, points: number): { total: number; min: number; max: number; state: 'ok' | 'under' | 'over' } {
  const list = fromDraft(d);
  const total = listTotal({ models: list.models.filter((m) => Number.isFinite(m.cost)) });
  const { min, max } = pointsWindow(points, Number.isFinite(list.bonus) ? list.bonus : 0);
  return { total, min, max, state: total > max ? 'over' : total < min ? 'under' : 'ok' };
}

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
    case 'list-used-up':
      return t('players.problem.list-used-up', { list: num('list') + 1, required: num('required') });
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

/** JSON with sorted keys: two lists are the same whatever order their fields were written in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
