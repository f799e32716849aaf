// An SR2011 army list pasted as text, as players send them: one « model cost » a line, the
// warcaster/warlock on the line that gives its warjack/warbeast bonus (« Stryker +6 »,
// « Stryker (*6) », « Haley2 : bonus 5 », « pStryker WJ +6 »), optionally a theme force line
// (« Thème : Ghost Fleet, tier 2 ») and a total line that is checked, not trusted. The lines an
// army builder's text export puts around the list are read as what they are, never as models:
// the faction and size header (« Cygnar - 50 pts », « Faction: Cygnar », « Points: 50/50 »),
// « System: », « Casters: 1/1 », « Tier 2 », the battlegroup tag before a caster
// (« (Stryker 1) Commander Coleman Stryker (*6pts) »), separator rules and « Created with… »
// footers. Pure; every line it cannot read is reported with its number and left out, never guessed.
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
  /** what the header said, when it said it: the faction and the game size (for the organizer to compare) */
  faction: string | null;
  points: number | null;
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
/** « System: Warmachine », « Faction: Cygnar », « Casters: 1/1 », « Points: 50/50 », « Tier: 2 »... */
const META =
  /^\s*(system|syst[eè]me|game|jeu|faction|arm[ée]e|army|casters?|warcasters?|warlocks?|points?|army points|taille|size|tier|palier|player|joueur|list|liste|name|nom)\s*:\s*(.*?)\s*$/i;
/** « Tier 2 », « Palier 3 », « Tier 4 (Ghost Fleet) » alone on a line */
const TIER_LINE = /^\s*(?:tier|palier)\s*(\d)\b[^\d]*$/i;
/** « Cygnar - 50 pts », « Khador 35 points », « Cryx: 50/50 pts », « 50 pts » */
const SIZE_HEADER = /^\s*(.*?)\s*[-–—:,]?\s*(\d{1,3})\s*(?:\/\s*(\d{1,3})\s*)?(?:pts?|points?)\.?\s*$/i;
/** rules and footers: « ----- », « ===== », « Created with War Room », a link */
const DECORATION = /^\s*(?:[-=_*~.]{3,}|(?:created|generated|made|exported|built)\s+(?:with|by|using)\b.*|cr[ée]{2}e?\s+avec\b.*|https?:\/\/\S+)\s*$/i;
/** the battlegroup tag an army builder puts before a caster: « (Stryker 1) », « [BG1] » */
const BATTLEGROUP_TAG = /^\s*(?:\([^)]*\)|\[[^\]]*\])\s*(?=\S)/;
/** the game sizes of the rules' timing table: a header's size, not a model's cost */
const GAME_SIZES = new Set([15, 25, 35, 50, 75, 100, 150, 200]);
/** words of the Warmachine / Hordes factions, as a header names them (French or English) */
const FACTION_WORDS =
  /\b(?:cygnar|khador|menoth|protectorat(?:e)?|cryx|retribution|r[ée]tribution|scyrah|convergence|cyriss|mercenar(?:y|ies|ies)|mercenaires?|trollbloods?|circle|cercle|orboros|legion|l[ée]gion|everblight|skorne|minions?|warmachine|hordes)\b/i;

const cleanName = (s: string): string =>
  s
    .replace(/[\s:=(,-]+$/, '')
    .replace(/^[\s:=-]+/, '')
    .replace(/\s+/g, ' ')
    .trim();

export function parseListText(text: string): ListPasteResult {
  const problems: ListPasteProblem[] = [];
  const models: ListModel[] = [];
  let caster: { name: string; bonus: number } | null = null;
  let themeForce: string | null = null;
  let tier: number | null = null;
  let declared: { line: number; total: number } | null = null;
  let faction: string | null = null;
  let points: number | null = null;

  const lines = text.split(/\r\n|\r|\n/);
  const firstLine = lines.findIndex((l) => l.trim() !== '' && !COMMENT.test(l) && !DECORATION.test(l)) + 1;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || COMMENT.test(raw) || DECORATION.test(raw)) return;
    const total = TOTAL.exec(raw);
    if (total) return void (declared = { line, total: Number(total[1]) });
    const theme = THEME.exec(raw);
    if (theme) {
      themeForce = cleanName(theme[1]!);
      tier = theme[2] ? Number(theme[2]) : tier;
      return;
    }
    const tierLine = TIER_LINE.exec(raw);
    if (tierLine) return void (tier = Number(tierLine[1]));
    const meta = META.exec(raw);
    // « Warcaster : Stryker +6 » names the caster; « Casters: 1/1 » only counts them
    if (meta && !(/^(?:casters?|warcasters?|warlocks?)$/i.test(meta[1]!) && !/^\d+(?:\s*\/\s*\d+)?$/.test(meta[2]!))) {
      const key = meta[1]!.toLowerCase();
      const value = meta[2]!;
      const n = /^(\d{1,4})/.exec(value);
      if (/^(?:faction|arm[ée]e|army)$/.test(key) && value !== '' && !/^\d/.test(value)) faction = value;
      else if (/^(?:points?|army points|taille|size)$/.test(key) && n) {
        // « Points: 49/50 »: the size is the second number
        const sized = /\/\s*(\d{1,4})/.exec(value);
        points = Number(sized ? sized[1] : n[1]);
      } else if (/^(?:tier|palier)$/.test(key) && n) tier = Number(n[1]);
      return;
    }
    // « Cygnar - 50 pts » before the list: the faction and the size, not a 50-point model
    const header = caster === null && models.length === 0 ? SIZE_HEADER.exec(raw) : null;
    if (header) {
      const name = cleanName(header[1]!);
      const size = Number(header[3] ?? header[2]);
      // a faction's name, a « 50/50 », or a game size alone or on the text's first line
      if (FACTION_WORDS.test(name) || header[3] !== undefined || (GAME_SIZES.has(size) && (name === '' || line === firstLine))) {
        if (name !== '') faction = name;
        points = size;
        return;
      }
    }
    let body = raw.replace(BULLET, '');
    const bonus = BONUS.exec(body);
    if (bonus) {
      const name = cleanName(
        body
          .slice(0, bonus.index)
          .replace(BATTLEGROUP_TAG, '')
          .replace(/\b(?:warcaster|warlock|caster)\s*:?\s*/i, ''),
      );
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
  return { list, problems, faction, points };
}
