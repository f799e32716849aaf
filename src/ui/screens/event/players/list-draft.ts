// The army lists editor works on drafts (text as typed); a draft becomes an ArmyList only to be
// checked and saved. Fields the editor does not know (faction, character, ...) ride along intact.
// What differs per game system (the list's own fields, a champion column, the rule, the total
// line, the problems in words) is the system's ListRules (src/ui/systems).
import type { ComponentChildren, ComponentType } from 'preact';
import type { ArmyList, EventFile, ListModel, Player } from '../../../../domain/event-file';
import type { Lang, MessageKey, Translate } from '../../../../i18n';

export interface ModelDraft {
  key: number;
  name: string;
  cost: string;
  champion: boolean;
  extra: Record<string, unknown>;
}

export interface ListDraft {
  key: number;
  /** the list's own fields as typed, by ListField key */
  fields: Record<string, string>;
  models: ModelDraft[];
  extra: Record<string, unknown>;
}

/** One input of a list: text (counts for "is this list blank"), a number, or SR2011's tier select. */
export interface ListField {
  key: string;
  label: MessageKey;
  kind: 'text' | 'number' | 'tier';
  wide: boolean;
}

/** A problem of a list (index in the saved lists) or of the player (null), in words. */
export interface ListIssue {
  list: number | null;
  text: string;
}

export interface ListRules {
  fields: readonly ListField[];
  /** a champion column (Confrontation: the commander is the dearest champion) */
  champion: boolean;
  costHeader: MessageKey;
  costLabel: MessageKey;
  /** the player table counts "no list" as a problem (SR2011: lists are due at registration) */
  noListIsProblem: boolean;
  /** lists can be pasted as text (« modèle coût » a line): the system's list parser, its paste panel and its reading of a player's pasted text */
  paste?: {
    Toggle: ComponentType<{ points: number; onUse: (list: ArmyList) => void }>;
    read: (text: string, t: Translate) => { list: ArmyList | null; problems: string[] };
  };
  /** how many lists a player may register; null = no limit */
  maxLists: (event: EventFile) => number | null;
  /** the rule above the lists, in one sentence */
  rule: (event: EventFile, t: Translate) => ComponentChildren;
  /** a saved list's own fields as typed, and what rides along untouched */
  fromList: (list: ArmyList) => { fields: Record<string, string>; extra: Record<string, unknown> };
  /** the saved list; `models` are built already, `fallbackName` is the player's faction or "List n" */
  toList: (fields: Record<string, string>, extra: Record<string, unknown>, models: ListModel[], fallbackName: string) => ArmyList;
  /** problems of the lists as they would be saved; `row(list, model)` is the model's row on screen */
  problems: (lists: ArmyList[], player: Pick<Player, 'faction'>, event: EventFile, t: Translate, lang: Lang, row: (list: number, model: number) => number) => ListIssue[];
  /** the live line under a list: its total against the rule */
  totalLine: (list: ArmyList, event: EventFile, t: Translate, lang: Lang, hasProblems: boolean) => { content: ComponentChildren; state: 'ok' | 'under' | 'over' };
}

let nextKey = 1;
export const newKey = (): number => nextKey++;

export const emptyModel = (): ModelDraft => ({ key: newKey(), name: '', cost: '', champion: false, extra: {} });

export const emptyList = (rules: ListRules): ListDraft => ({
  key: newKey(),
  fields: Object.fromEntries(rules.fields.map((f) => [f.key, ''])),
  models: [emptyModel()],
  extra: {},
});

export const isBlankModel = (m: ModelDraft): boolean => m.name.trim() === '' && m.cost.trim() === '';

/** A list with nothing typed in it is not a list: it is dropped on save, never reported. */
export function isBlankList(d: ListDraft, rules: ListRules): boolean {
  return rules.fields.every((f) => f.kind !== 'text' || (d.fields[f.key] ?? '').trim() === '') && d.models.every(isBlankModel);
}

/** Keeps one empty row at the end of the models so the organizer can always type the next one. */
export function withTrailingRow(models: ModelDraft[]): ModelDraft[] {
  const last = models[models.length - 1];
  return !last || !isBlankModel(last) ? [...models, emptyModel()] : models;
}

export function toDraft(list: ArmyList, rules: ListRules): ListDraft {
  const { fields, extra } = rules.fromList(list);
  const models = list.models.map(({ name, cost, champion, ...rest }) => ({
    key: newKey(),
    name,
    cost: String(cost),
    champion: rules.champion && champion === true,
    // a champion flag the system does not ask for rides along untouched
    extra: rules.champion || champion === undefined ? rest : { ...rest, champion },
  }));
  return { key: newKey(), fields, models: withTrailingRow(models), extra };
}

export const parseNumber = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')));

export function fromDraft(d: ListDraft, rules: ListRules, fallbackName: string): ArmyList {
  const models: ListModel[] = d.models
    .filter((m) => !isBlankModel(m))
    .map((m) => {
      const model: ListModel = { ...m.extra, name: m.name.trim(), cost: parseNumber(m.cost) };
      if (rules.champion) {
        if (m.champion) model.champion = true;
        else delete model.champion;
      }
      return model;
    });
  return rules.toList(d.fields, d.extra, models, fallbackName);
}

/** A problem attached to the draft it belongs to (index in the drafts), null for the player. */
export interface DraftProblem {
  draft: number | null;
  text: string;
}

/**
 * Checks the non-blank drafts as they would be saved: a model without a name, then the system's
 * own problems, each attached to the draft the organizer is typing in.
 */
export function checkDrafts(
  drafts: readonly ListDraft[],
  rules: ListRules,
  player: Pick<Player, 'faction'>,
  event: EventFile,
  t: Translate,
  lang: Lang,
): { lists: ArmyList[]; problems: DraftProblem[] } {
  const kept: number[] = [];
  drafts.forEach((d, i) => {
    if (!isBlankList(d, rules)) kept.push(i);
  });
  const lists = kept.map((i, k) => fromDraft(drafts[i]!, rules, player.faction?.trim() || t('players.listN', { n: k + 1 })));
  // saved model j of a list is this row of its draft
  const rows = kept.map((i) => drafts[i]!.models.map((m, r) => (isBlankModel(m) ? -1 : r)).filter((r) => r >= 0));
  const problems: DraftProblem[] = [];
  lists.forEach((list, li) =>
    list.models.forEach((m, j) => {
      if (m.name === '') problems.push({ draft: kept[li]!, text: t('players.problem.model-name', { model: rows[li]![j]! + 1 }) });
    }),
  );
  for (const p of rules.problems(lists, player, event, t, lang, (l, m) => rows[l]?.[m] ?? m))
    problems.push({ draft: p.list === null ? null : (kept[p.list] ?? null), text: p.text });
  return { lists, problems };
}

/** JSON with sorted keys: two lists are the same whatever order their fields were written in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The lists editor's drafts with a pasted list added: it takes the place of a blank list, else comes last. */
export function withPastedList(drafts: readonly ListDraft[], list: ArmyList, rules: ListRules): ListDraft[] {
  const pasted = toDraft(list, rules);
  const blank = drafts.findIndex((d) => isBlankList(d, rules));
  return blank >= 0 ? drafts.map((d, i) => (i === blank ? pasted : d)) : [...drafts, pasted];
}
