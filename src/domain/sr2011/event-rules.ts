// SR2011's rules run over a whole event file, after the format accepted it: the annex keywords,
// the scenarios of each round, the lists, each list picked, rematches, byes and the results that
// contradict the scenario's win condition. One function for the command line's `validate` and
// the app's import (through validateEventFile). What happened in a played round stays a warning
// naming the round and table (the event took place; the organizer decides what to do); only what
// makes the file unreadable for the engine (an unknown scenario id, a draw "won" by
// assassination, a way of winning the event's variants forbid) or a score line no game can end on
// (score-lines.ts) is an error.
import { HOW_NEEDS_WINNER, type EventFile, type Round } from '../event-file/types';
import type { SystemProblem } from '../systems/game-system';
import { listChoiceProblem, listVariantRules, requiredGamesPerList, validateLists } from './lists';
import { eventPlayerCount, plannedRounds } from './rounds';
import { allowedScenarios, announcedScenarioChoices, belowScenarioSize, isScenarioId, MISSING_TEXT_SETTING, scenarioById, scenarioWinner, SCENARIO_IDS } from './scenarios';
import { finalTablesRound } from './standings';
import { eventEndState, unusedListsAtEnd } from './event-end';
import { scoreLineEvent, scoreLineProblems } from './score-lines';
import { addRound, byeAboveLowest, emptyHistory, haveMet, pileSkips, rematchFreePossible } from '../systems/pairing-checks';
import { announcedScenarios, hasVariant, parseVariant, requiredListCount, validateVariants, type VariantProblem } from './variants';
import { variantProblemText } from './variant-messages';
import type { Lang } from '../event-file/messages';

/** Where a variant problem points: the keyword it names, else the variant list or the rounds. */
function variantPath(problem: VariantProblem, variants: readonly string[]): string {
  const p = problem.params ?? {};
  const names = variants.map((v) => parseVariant(v).name);
  const indexOf = (keyword: string, last: boolean): number => {
    const exact = variants.indexOf(keyword);
    if (exact >= 0 && !last) return exact;
    const name = parseVariant(keyword).name;
    return last ? names.lastIndexOf(name) : names.indexOf(name);
  };
  switch (problem.code) {
    case 'bad-rounds':
    case 'too-few-rounds-for-lists':
    case 'final-tables-below-recommended-rounds':
      return 'settings.rounds';
    case 'incompatible-variants': {
      const i = indexOf(String(p.b), false);
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
    case 'scenario-text-missing': {
      const i = names.indexOf('scenario');
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
    default: {
      if (typeof p.keyword !== 'string') return 'settings.variants';
      // the second occurrence is the one to remove
      const i = indexOf(p.keyword, problem.code === 'duplicate-variant');
      return i >= 0 ? `settings.variants[${i}]` : 'settings.variants';
    }
  }
}

function variantProblems(event: EventFile): SystemProblem[] {
  const { variants, rounds } = event.settings;
  const fixed = rounds !== null && Number.isInteger(rounds) && rounds >= 1 ? rounds : null;
  return validateVariants({ variants, rounds: fixed }, { playerCount: event.players.length }).map((problem) => ({
    path: variantPath(problem, variants),
    code: 'variant',
    params: { ...(problem.params ?? {}), variantCode: problem.code },
    ...(problem.warning === true && { warning: true }),
  }));
}

function scenarioProblems(event: EventFile): SystemProblem[] {
  const out: SystemProblem[] = [];
  const announced = hasVariant(event.settings.variants, 'scenario') ? announcedScenarios(event.settings.variants) : [];
  const confirmed = event.settings[MISSING_TEXT_SETTING] === true;
  const history: string[] = [];
  const firstPlayed = new Map<string, number>();
  event.rounds.forEach((r, i) => {
    const value = r.scenario;
    if (typeof value !== 'string' || value.trim() === '') return;
    const path = `rounds[${i}].scenario`;
    if (!isScenarioId(value)) {
      out.push({ path, code: 'unknown-scenario', params: { value, example: SCENARIO_IDS[0] } });
      return;
    }
    const round = r.number;
    if (announced.length > 0) {
      // « Scénarios (X) »: the announced list rules, repeats included
      if (!announcedScenarioChoices(announced, history).includes(value))
        out.push({ path, code: 'scenario-not-announced', params: { value, round, list: announced.join(', ') }, warning: true });
    } else {
      const before = firstPlayed.get(value);
      if (before !== undefined) out.push({ path, code: 'scenario-repeated', params: { value, round: before }, warning: true });
      else if (!allowedScenarios(history, { missingTextConfirmed: true }).includes(value)) out.push({ path, code: 'scenario-group', params: { value, round }, warning: true });
    }
    const card = scenarioById(value)!;
    if (belowScenarioSize(card, event.settings.points))
      out.push({ path, code: 'scenario-below-size', params: { value, round, points: event.settings.points, min: card.minPoints! }, warning: true });
    if (!confirmed && scenarioById(value)?.rulesTextProvided === false) out.push({ path, code: 'scenario-no-text', params: { value, round }, warning: true });
    if (!firstPlayed.has(value)) firstPlayed.set(value, round);
    history.push(value);
  });
  return out;
}

/** Results that contradict the scenario's win condition, or the event's victory variants. */
/** a result's path, spelled out only for a problem (most of a large file's results have none) */
const resultPath = (round: number, pairing: number): string => `rounds[${round}].pairings[${pairing}].result`;

function resultProblems(event: EventFile): SystemProblem[] {
  const out: SystemProblem[] = [];
  // the rules also run over a file the format refused (to list everything at once): no field is sure
  // built for a finding only: most results of a large file have none
  let names: Map<string, string> | null = null;
  const nameOf = (id: string): string | undefined => (names ??= new Map(event.players.map((pl) => [pl.id, typeof pl.name === 'string' ? pl.name : pl.id]))).get(id);
  const scoring = scoreLineEvent(event);
  // the event's variants read once, not at each of its thousands of games
  const forbidden = (
    [
      ['assassination', 'no-assassination'],
      ['tiebreak', 'no-tiebreakers'],
    ] as Array<[how: string, variant: string]>
  ).filter(([, variant]) => hasVariant(event.settings.variants, variant));
  event.rounds.forEach((r, i) =>
    r.pairings.forEach((p, j) => {
      const result = p.result;
      if (!result) return;
      const how = typeof result.how === 'string' ? result.how : null;
      const impossible = scoreLineProblems(scoring, r, p, result);
      for (let k = 0; k < impossible.length; k++) {
        const problem = impossible[k]!;
        const player = nameOf(p[problem.side]) ?? p[problem.side];
        const at = { round: typeof r.number === 'number' ? r.number : i + 1, table: typeof p.table === 'number' ? p.table : j + 1, name: player };
        out.push(
          problem.code === 'cp-impossible'
            ? { path: `${resultPath(i, j)}.${problem.side}.cp`, code: 'score-cp-impossible', params: { ...at, cp: problem.cp, max: problem.max, scenario: problem.scenario } }
            : {
                path: `${resultPath(i, j)}.${problem.side}.apd`,
                code: 'score-apd-impossible',
                params: { ...at, apd: problem.apd, max: problem.max, list: problem.listPoints ?? -1, points: String(event.settings.points) },
              },
        );
      }
      const atTime = how === 'tiebreak' || (result.winner === null && how === null);
      if (atTime) timeOutPastScenario(r, p, () => resultPath(i, j), out);
      if (result.winner === null) {
        if (how !== null && HOW_NEEDS_WINNER.has(how)) out.push({ path: `${resultPath(i, j)}.how`, code: 'draw-with-how-file', params: { how } });
        return;
      }
      if (forbidden.length > 0)
        for (const [h, variant] of forbidden) if (how === h) out.push({ path: `${resultPath(i, j)}.how`, code: 'how-forbidden-by-variant', params: { how: h, variant } });
      if (how !== 'scenario' || typeof r.scenario !== 'string') return;
      const card = scenarioById(r.scenario);
      if (!card) return;
      const where = { round: r.number, table: p.table };
      const rule = card.winRule;
      if (rule.kind === 'not-provided') {
        out.push({ path: `${resultPath(i, j)}.how`, code: 'scenario-win-no-rules', params: { ...where, scenario: r.scenario }, warning: true });
        return;
      }
      if (rule.kind !== 'control-points' || rule.targetCp === null) return;
      const [own, other] = result.winner === p.a ? [result.a, result.b] : [result.b, result.a];
      const short = own.cp < rule.targetCp;
      const notMore = rule.moreThanOpponent && own.cp <= other.cp;
      if (short || notMore)
        out.push({
          path: `${resultPath(i, j)}.how`,
          code: 'scenario-win-without-cp',
          params: { ...where, scenario: r.scenario, cp: own.cp, other: other.cp, target: rule.targetCp, more: rule.moreThanOpponent ? 1 : 0 },
          warning: true,
        });
    }),
  );
  return out;
}

/**
 * A game that went to time while its final CP already meet the scenario's win condition: the
 * scenario win would have ended it (the turn dice down interrupts is scored too). Scenarios that
 * reopen (Process of Elimination, Revelation) are left out: their totals alone cannot tell.
 */
function timeOutPastScenario(r: Round, p: Round['pairings'][number], path: () => string, out: SystemProblem[]): void {
  const card = typeof r.scenario === 'string' ? scenarioById(r.scenario) : undefined;
  const rule = card?.winRule;
  if (rule?.kind !== 'control-points' || rule.reopen !== null || !p.result) return;
  const side = scenarioWinner(rule, p.result.a.cp, p.result.b.cp);
  if (side === null) return;
  out.push({
    path: `${path()}.how`,
    code: 'time-out-past-scenario',
    params: { round: r.number, table: p.table, scenario: r.scenario!, id: p[side], cp: p.result[side].cp },
    warning: true,
  });
}

function listProblems(event: EventFile): SystemProblem[] {
  const out: SystemProblem[] = [];
  const rules = listVariantRules(event.settings.variants);
  event.players.forEach((player, i) => {
    for (const problem of validateLists(player, event.settings, rules))
      out.push({ path: `players[${i}].lists`, code: 'list-rule', params: { ...(problem.params ?? {}), listCode: problem.code, name: player.name }, warning: true });
  });
  // each list picked in a played round, judged as it stood before that round (listOptionsForRound's
  // rule, walked once through the rounds: a player's counts grow as the rounds go by)
  const variants = event.settings.variants;
  if (requiredListCount(variants) === null && !hasVariant(variants, 'divide-and-conquer')) return out;
  // only a player with two lists or more picks one: nobody has, nothing to judge
  if (!event.players.some((p) => p.lists.length >= 2)) return out;
  const planned = plannedRounds(eventPlayerCount(event), event.settings.rounds ?? null);
  const byId = new Map(event.players.map((p) => [p.id, p]));
  const tally = new Map<string, { played: number[]; games: number; byes: number }>();
  const of = (id: string) => {
    let t = tally.get(id);
    if (!t) tally.set(id, (t = { played: new Array<number>(byId.get(id)?.lists.length ?? 0).fill(0), games: 0, byes: 0 }));
    return t;
  };
  event.rounds.forEach((r, i) => {
    const after: Array<() => void> = [];
    r.pairings.forEach((p, j) => {
      if (!p.result) return;
      for (const side of ['a', 'b'] as const) {
        const player = byId.get(p[side]);
        if (!player) continue;
        const t = of(player.id);
        const listIndex = p.result[side].listIndex;
        after.push(() => {
          t.games += 1;
          if (typeof listIndex === 'number' && listIndex < t.played.length) t.played[listIndex]! += 1;
        });
        if (typeof listIndex !== 'number' || player.lists.length < 2 || listIndex >= player.lists.length) continue;
        const required = requiredGamesPerList(variants, player.lists.length, planned);
        const problem = listChoiceProblem(
          listIndex,
          t.played.map((n) => Math.max(0, required - n)),
          planned - t.games - t.byes - 1,
        );
        if (problem === null) continue;
        out.push({
          path: `rounds[${i}].pairings[${j}].result.${side}.listIndex`,
          code: 'list-choice-illegal',
          params: { round: r.number, table: p.table, name: player.name, caster: player.lists[listIndex]!.caster, ...(problem.params ?? {}), listCode: problem.code },
          warning: true,
        });
      }
    });
    for (const f of after) f();
    if (r.bye !== null && byId.has(r.bye)) of(r.bye).byes += 1;
  });
  return out;
}

/**
 * Avoidable rematches, a second bye while another player had none, tables paired across TP groups
 * when the same players could have stayed in their groups, and a bye above the lowest TP (rounds
 * before the final tables; round 1 is random). Players are named as the organizer knows them.
 */
function pairingProblems(event: EventFile): SystemProblem[] {
  const out: SystemProblem[] = [];
  const h = emptyHistory();
  const finals = finalTablesRound(event);
  // built for a finding only: most rounds of a large file have none
  let names: Map<string, string> | null = null;
  const name = (id: string): string => (names ??= new Map(event.players.map((p) => [p.id, p.name]))).get(id) ?? id;
  event.rounds.forEach((r: Round, i) => {
    let seatedList: string[] | null = null;
    const seated = (): string[] => (seatedList ??= r.pairings.flatMap((p) => [p.a, p.b]));
    // the final tables pair 1 v 2 and 3 v 4 whatever they played before
    if (r !== finals) {
      const rematches: number[] = [];
      r.pairings.forEach((p, j) => void (haveMet(h, p.a, p.b) && rematches.push(j)));
      if (rematches.length > 0 && rematchFreePossible(seated(), h.opponents)) {
        for (const j of rematches) {
          const p = r.pairings[j]!;
          out.push({ path: `rounds[${i}].pairings[${j}]`, code: 'avoidable-rematch', params: { round: r.number, table: p.table, a: p.a, b: p.b }, warning: true });
        }
      }
      if (i > 0) {
        const skips = pileSkips(r.pairings, h);
        // the first pairing at each table, looked up once (a search per finding was quadratic)
        const atTable = new Map<number, number>();
        if (skips.length > 0) r.pairings.forEach((p, j) => void (atTable.has(p.table) || atTable.set(p.table, j)));
        for (const s of skips) {
          const j = atTable.get(s.table) ?? -1;
          out.push({
            path: `rounds[${i}].pairings[${j}]`,
            code: 'pile-skip',
            params: { round: r.number, table: s.table, a: name(s.a), b: name(s.b), other: name(s.other), tpA: s.tpA, tpB: s.tpB, tpOther: s.tpOther },
            warning: true,
          });
        }
        const high = byeAboveLowest(r, h);
        if (high !== null)
          out.push({
            path: `rounds[${i}].bye`,
            code: 'bye-above-lowest',
            params: { round: r.number, bye: name(high.bye), other: name(high.other), tpBye: high.tpBye, tpOther: high.tpOther },
            warning: true,
          });
      }
    }
    if (r.bye !== null && (h.byes.get(r.bye) ?? 0) > 0) {
      const other = seated().find((id) => (h.byes.get(id) ?? 0) === 0);
      if (other !== undefined) out.push({ path: `rounds[${i}].bye`, code: 'second-bye', params: { round: r.number, id: r.bye, other }, warning: true });
    }
    addRound(h, r);
  });
  return out;
}

/** The end-of-event check of « X listes » when the rounds are not fixed (RULES.md decision). */
function endProblems(event: EventFile): SystemProblem[] {
  const unused = unusedListsAtEnd(event);
  if (unused.length === 0) return [];
  const end = eventEndState(event);
  if (end.kind !== 'propose-end' && end.kind !== 'finished') return [];
  const round = end.kind === 'finished' ? end.afterRound : end.completed;
  const index = new Map(event.players.map((p, i) => [p.id, i]));
  return unused.map((u) => ({
    path: `players[${index.get(u.id)}].lists`,
    code: 'list-never-used',
    params: {
      name: u.name,
      casters: u.casters.join(', '),
      round,
      required: requiredListCount(event.settings.variants) ?? 0,
      leader: end.kind === 'propose-end' ? end.leader.name : '',
    },
    warning: true,
  }));
}

/** Every SR2011 rule a well-formed event file can break. */
export function sr2011RuleProblems(event: EventFile): SystemProblem[] {
  return [...variantProblems(event), ...scenarioProblems(event), ...resultProblems(event), ...listProblems(event), ...pairingProblems(event), ...endProblems(event)];
}

// -------------------------------------------------------------------------------------------
// Wording (French first), looked up by systemProblemMessage
// -------------------------------------------------------------------------------------------

type Params = Record<string, string | number>;
type Template = (p: Params) => string;

const n1 = (p: Params, k: string): number => Number(p[k]) + 1;

const LIST_TEXT: Record<string, { fr: Template; en: Template }> = {
  'no-list': { fr: () => `aucune liste d’armée`, en: () => `no army list` },
  'too-many-lists': { fr: (p) => `${p.count} listes, au plus ${p.max}`, en: (p) => `${p.count} lists, at most ${p.max}` },
  'wrong-list-count': {
    fr: (p) => `${p.count} listes, il en faut exactement ${p.required} (« ${p.required} listes »)`,
    en: (p) => `${p.count} lists, exactly ${p.required} needed ("${p.required} lists")`,
  },
  'missing-caster': { fr: (p) => `liste ${n1(p, 'list')} : pas de warcaster/warlock`, en: (p) => `list ${n1(p, 'list')}: no warcaster/warlock` },
  'bad-cost': { fr: (p) => `liste ${n1(p, 'list')} : coût invalide (figurine ${n1(p, 'model')})`, en: (p) => `list ${n1(p, 'list')}: invalid cost (model ${n1(p, 'model')})` },
  'points-over': { fr: (p) => `liste ${n1(p, 'list')} : ${p.total} points, au plus ${p.max}`, en: (p) => `list ${n1(p, 'list')}: ${p.total} points, at most ${p.max}` },
  'points-under': { fr: (p) => `liste ${n1(p, 'list')} : ${p.total} points, au moins ${p.min}`, en: (p) => `list ${n1(p, 'list')}: ${p.total} points, at least ${p.min}` },
  'same-caster': {
    fr: (p) => `listes ${n1(p, 'listA')} et ${n1(p, 'listB')} : même warcaster/warlock (${p.caster})`,
    en: (p) => `lists ${n1(p, 'listA')} and ${n1(p, 'listB')}: same warcaster/warlock (${p.caster})`,
  },
  'same-character-caster': {
    fr: (p) => `listes ${n1(p, 'listA')} et ${n1(p, 'listB')} : même personnage (${p.character})`,
    en: (p) => `lists ${n1(p, 'listA')} and ${n1(p, 'listB')}: same character (${p.character})`,
  },
  'same-character-model': {
    fr: (p) => `listes ${n1(p, 'listA')} et ${n1(p, 'listB')} : même personnage (${p.model})`,
    en: (p) => `lists ${n1(p, 'listA')} and ${n1(p, 'listB')}: same character (${p.model})`,
  },
  'faction-mismatch': {
    fr: (p) => `liste ${n1(p, 'list')} : faction ${p.faction}, attendu ${p.expected}`,
    en: (p) => `list ${n1(p, 'list')}: faction ${p.faction}, expected ${p.expected}`,
  },
  'tier-required': {
    fr: (p) => `liste ${n1(p, 'list')} : force thématique de palier ${p.required} exigée`,
    en: (p) => `list ${n1(p, 'list')}: a tier ${p.required} theme force is required`,
  },
  'other-list-needed': {
    fr: (p) => `parties encore dues aux autres listes : ${p.needed} ; parties restantes : ${p.gamesLeft}`,
    en: (p) => `games the other lists still owed: ${p.needed}; games left: ${p.gamesLeft}`,
  },
  'bad-list-index': { fr: (p) => `liste ${n1(p, 'list')} inconnue`, en: (p) => `unknown list ${n1(p, 'list')}` },
};

const listText = (p: Params, lang: Lang): string => LIST_TEXT[String(p.listCode)]?.[lang](p) ?? String(p.listCode);

export const SR2011_RULE_MESSAGES: Record<string, { fr: Template; en: Template }> = {
  variant: {
    fr: (p) => variantProblemText({ code: p.variantCode as VariantProblem['code'], params: p }, 'fr'),
    en: (p) => variantProblemText({ code: p.variantCode as VariantProblem['code'], params: p }, 'en'),
  },
  'unknown-scenario': {
    en: (p) => `unknown scenario "${p.value}" (use the kebab-case ids of RULES.md, e.g. ${p.example})`,
    fr: (p) => `scénario inconnu « ${p.value} » (utilisez les identifiants de RULES.md, p. ex. ${p.example})`,
  },
  'scenario-repeated': {
    en: (p) => `scenario "${p.value}" was already played in round ${p.round} (no scenario twice in a standard event)`,
    fr: (p) => `le scénario « ${p.value} » a déjà été joué à la ronde ${p.round} (pas deux fois le même scénario dans un tournoi standard)`,
  },
  'scenario-group': {
    en: (p) => `round ${p.round}: "${p.value}" reuses a scenario group before every group was played once`,
    fr: (p) => `ronde ${p.round} : « ${p.value} » reprend un groupe de scénarios avant que chaque groupe ait été joué`,
  },
  'scenario-not-announced': {
    en: (p) => `round ${p.round}: "${p.value}" is not next in the announced scenarios (${p.list})`,
    fr: (p) => `ronde ${p.round} : « ${p.value} » ne fait pas partie des scénarios annoncés restants (${p.list})`,
  },
  'scenario-below-size': {
    en: (p) => `round ${p.round}: "${p.value}" is a radial scenario, made for games of ${p.min} points and up, in a ${p.points}-point event`,
    fr: (p) => `ronde ${p.round} : « ${p.value} » est un scénario radial, prévu pour des parties d’au moins ${p.min} points, dans un tournoi à ${p.points} points`,
  },
  'scenario-no-text': {
    en: (p) => `round ${p.round}: "${p.value}" has no rules text in the source (settings.demolitionRulesProvided not set)`,
    fr: (p) => `ronde ${p.round} : « ${p.value} » n’a pas de texte de règles dans la source (settings.demolitionRulesProvided absent)`,
  },
  'draw-with-how-file': {
    en: (p) => `a draw (winner null) cannot be won by "${p.how}": leave "how" out, null, or "tiebreak" for a game that went to time`,
    fr: (p) => `une égalité (winner null) ne peut pas être gagnée par « ${p.how} » : omettez "how", ou mettez null, ou "tiebreak" pour une partie allée au temps`,
  },
  'how-forbidden-by-variant': {
    en: (p) => `"${p.how}" is impossible under the "${p.variant}" variant`,
    fr: (p) => `« ${p.how} » est impossible avec la variante « ${p.variant} »`,
  },
  'scenario-win-no-rules': {
    en: (p) => `round ${p.round}, table ${p.table}: a scenario win in "${p.scenario}", whose rules text is missing`,
    fr: (p) => `ronde ${p.round}, table ${p.table} : victoire au scénario dans « ${p.scenario} », dont le texte de règles manque`,
  },
  'scenario-win-without-cp': {
    en: (p) =>
      `round ${p.round}, table ${p.table}: a scenario win with ${p.cp} CP against ${p.other}, where "${p.scenario}" needs ${p.more ? `at least ${p.target} and more than the opponent` : p.target}`,
    fr: (p) =>
      `ronde ${p.round}, table ${p.table} : victoire au scénario avec ${p.cp} PC contre ${p.other}, alors que « ${p.scenario} » demande ${p.more ? `au moins ${p.target} et plus que l’adversaire` : p.target}`,
  },
  'time-out-past-scenario': {
    en: (p) => `round ${p.round}, table ${p.table}: recorded as a game that went to time, yet ${p.id}'s ${p.cp} CP already win "${p.scenario}"`,
    fr: (p) => `ronde ${p.round}, table ${p.table} : partie notée allée au temps, alors que les ${p.cp} PC de ${p.id} gagnent déjà « ${p.scenario} »`,
  },
  'list-rule': {
    en: (p) => `${p.name}: ${listText(p, 'en')}`,
    fr: (p) => `${p.name} : ${listText(p, 'fr')}`,
  },
  'list-choice-illegal': {
    en: (p) => `round ${p.round}, table ${p.table}: ${p.name} played ${p.caster}, which the list variants did not allow (${listText(p, 'en')})`,
    fr: (p) => `ronde ${p.round}, table ${p.table} : ${p.name} a joué ${p.caster}, ce que les variantes de listes ne permettaient pas (${listText(p, 'fr')})`,
  },
  'avoidable-rematch': {
    en: (p) => `round ${p.round}, table ${p.table}: ${p.a} and ${p.b} had already met, and a pairing without any rematch existed`,
    fr: (p) => `ronde ${p.round}, table ${p.table} : ${p.a} et ${p.b} s’étaient déjà rencontrés, alors qu’un appariement sans revanche existait`,
  },
  'score-cp-impossible': {
    en: (p) => `round ${p.round}, table ${p.table}: ${p.name} cannot end a game of "${p.scenario}" on ${p.cp} CP (at most ${p.max}: the game ends the moment the scenario is won)`,
    fr: (p) =>
      `ronde ${p.round}, table ${p.table} : ${p.name} ne peut pas finir une partie de « ${p.scenario} » à ${p.cp} PC (au plus ${p.max} : la partie s’arrête dès que le scénario est gagné)`,
  },
  'score-apd-impossible': {
    en: (p) =>
      `round ${p.round}, table ${p.table}: ${p.name} cannot have destroyed ${p.apd} army points (at most ${p.max}: ${Number(p.list) >= 0 ? `the opponent's list of ${p.list} points` : `twice the event's ${p.points} points`} and 5 for the warcaster/warlock)`,
    fr: (p) =>
      `ronde ${p.round}, table ${p.table} : ${p.name} ne peut pas avoir détruit ${p.apd} points d’armée (au plus ${p.max} : ${Number(p.list) >= 0 ? `la liste adverse de ${p.list} points` : `deux fois les ${p.points} points de l’événement`} et 5 pour le warcaster/warlock)`,
  },
  'list-never-used': {
    en: (p) =>
      `${p.name} never played ${p.casters}, though "${p.required} lists" asks each list once: the event ${p.leader ? `can end after round ${p.round} (${p.leader} leads alone)` : `ended after round ${p.round}`} before every list was used`,
    fr: (p) =>
      `${p.name} n’a jamais joué ${p.casters}, alors que « ${p.required} listes » demande chaque liste au moins une fois : le tournoi ${p.leader ? `peut s’arrêter après la ronde ${p.round} (${p.leader} est seul en tête)` : `s’est arrêté après la ronde ${p.round}`} avant que toutes les listes aient servi`,
  },
  'pile-skip': {
    en: (p) =>
      `round ${p.round}, table ${p.table}: ${p.a} (${p.tpA} TP) plays ${p.b} (${p.tpB} TP) while ${p.other} (${p.tpOther} TP), whom ${p.a} never met, was free: pairing by TP groups keeps them together with no rematch`,
    fr: (p) =>
      `ronde ${p.round}, table ${p.table} : ${p.a} (${p.tpA} PT) joue contre ${p.b} (${p.tpB} PT) alors que ${p.other} (${p.tpOther} PT), jamais rencontré par ${p.a}, était libre : l’appariement par groupes de PT les aurait opposés sans revanche`,
  },
  'bye-above-lowest': {
    en: (p) =>
      `round ${p.round}: the bye went to ${p.bye} (${p.tpBye} TP) while ${p.other} (${p.tpOther} TP, no more byes) played; the bye goes to the lowest TP, and here that needed no rematch`,
    fr: (p) =>
      `ronde ${p.round} : l’exemption est allée à ${p.bye} (${p.tpBye} PT) alors que ${p.other} (${p.tpOther} PT, pas plus exempté) a joué ; l’exemption revient au plus petit total de PT, ce qui ici n’imposait aucune revanche`,
  },
  'second-bye': {
    en: (p) => `round ${p.round}: ${p.id} gets a second bye while ${p.other} never had one`,
    fr: (p) => `ronde ${p.round} : ${p.id} est exempté une deuxième fois alors que ${p.other} ne l’a jamais été`,
  },
};
