// An SR2011 army list pasted as text, as players send them: one « model cost » a line, the
// warcaster/warlock on the line that gives its warjack/warbeast bonus (« Stryker +6 »,
// « Stryker (*6) », « Haley2 : bonus 5 », « pStryker WJ +6 »), optionally a theme force line
// (« Thème : Ghost Fleet, tier 2 ») and a total line that is checked, not trusted. Pure; every
// line it cannot read is reported with its number and left out, never guessed.
import type { ArmyList, ListModel } from '../event-file/types';
import { listTotal } from './lists';

export type ListPasteProblem =
  | { line: number; code: 'no-cost'; text: string }
  | { line: number; code: 'second-caster'; name: string }
  | { line: 0; code: 'no-caster' }
  | { line: 0; code: 'no-models' }
  | { line: number; code: 'total-differs'; declared: number; computed: number };

export interface ListPasteResult {
  /** null when the text has no warcaster/warlock line or no model */
  list: ArmyList | null;
  problems: ListPasteProblem[];
}

const BULLET = /^\s*(?:[-•·–—>]|\*(?=\s)|\d+[.)](?=\s))\s*/;
/** « +6 », « *6 », « (+6) », « bonus 6 », « WJ +6 », « WB: 6 », « bonus de 6 », at the end of the line */
const BONUS = /(?:^|[\s(:,-])(?:\+|\*|(?:bonus|wj|wb|warjack|warbeast)\s*(?:de\s+)?:?\s*\+?)\s*(\d{1,2})\s*(?:pts?|points?)?\s*\)?\s*$/i;
/** the cost: the last number of the line, before an optional « pts » */
const COST = /(?:^|[\s(:,=-])(\d{1,3})\s*(?:pts?|points?|pc|pa)?\s*\)?\s*$/i;
const QUANTITY = /^(\d{1,2})\s*[x×]\s+/i;
const THEME = /^\s*(?:th[eè]me(?:\s+force)?|theme force|tf)\s*:?\s*(.+?)\s*(?:[,(-]\s*tier\s*:?\s*(\d)\s*\)?)?\s*$/i;
const TOTAL = /^\s*total\s*:?\s*(\d{1,4})\b/i;
const COMMENT = /^\s*(?:#|\/\/)/;

const cleanName = (s: string): string => s.replace(/[\s:=(,-]+$/, '').replace(/^[\s:=-]+/, '').replace(/\s+/g, ' ').trim();

export function parseListText(text: string): ListPasteResult {
  const problems: ListPasteProblem[] = [];
  const models: ListModel[] = [];
  let caster: { name: string; bonus: number } | null = null;
  let themeForce: string | null = null;
  let tier: number | null = null;
  let declared: { line: number; total: number } | null = null;

  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || COMMENT.test(raw)) return;
    const total = TOTAL.exec(raw);
    if (total) return void (declared = { line, total: Number(total[1]) });
    const theme = THEME.exec(raw);
    if (theme) {
      themeForce = cleanName(theme[1]!);
      tier = theme[2] ? Number(theme[2]) : null;
      return;
    }
    let body = raw.replace(BULLET, '');
    const bonus = BONUS.exec(body);
    if (bonus) {
      const name = cleanName(body.slice(0, bonus.index).replace(/\b(?:warcaster|warlock|caster)\s*:?\s*/i, ''));
      if (caster) return void problems.push({ line, code: 'second-caster', name });
      caster = { name, bonus: Number(bonus[1]) };
      return;
    }
    let count = 1;
    const qty = QUANTITY.exec(body);
    if (qty) {
      count = Number(qty[1]);
      body = body.slice(qty[0].length);
    }
    const cost = COST.exec(body);
    const name = cost ? cleanName(body.slice(0, cost.index)) : '';
    if (!cost || name === '' || count === 0) return void problems.push({ line, code: 'no-cost', text: raw.trim() });
    for (let k = 0; k < count; k++) models.push({ name, cost: Number(cost[1]) });
  });

  if (!caster) problems.push({ line: 0, code: 'no-caster' });
  if (models.length === 0) problems.push({ line: 0, code: 'no-models' });
  const found = caster as { name: string; bonus: number } | null;
  const list: ArmyList | null = found && models.length > 0 ? { caster: found.name, themeForce, tier, bonus: found.bonus, models } : null;
  const d = declared as { line: number; total: number } | null;
  if (list && d && d.total !== listTotal(list)) problems.push({ line: d.line, code: 'total-differs', declared: d.total, computed: listTotal(list) });
  return { list, problems };
}
