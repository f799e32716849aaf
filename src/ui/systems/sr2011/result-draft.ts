// SR2011's result draft: its values ('how', 'a.cp', 'a.apd', 'a.listIndex', 'a.survived') in the
// one form's draft, the checks against the SR2011 rules and the event, and the GameResult it
// becomes.
import type { ArmyList, EventFile, GameResult, Pairing, Player, Round, WinHow } from '../../../domain/event-file';
import { hasVariant, listOptionsForRound, listTotal, maxApd, maxCp, scoreLineEvent, scenarioById, scenarioName, CASTER_VALUE, type ScoreLineEvent } from '../../../domain/sr2011';
import { systemFor } from '../../../domain/systems';
import type { Lang, MessageKey, Translate } from '../../../i18n';
import { nameOf, other, parseNumber, playerOf, SIDES, textOf, winnerPickOf, type ResultDraft, type Side } from '../../screens/event/results/result-draft';

/** One message for the user: a catalogue key and its parameters. */
export interface Issue {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** The draft's « how » ('' = not said yet); an imported value outside WIN_HOW is kept, so the form names it. */
export const howOf = (d: ResultDraft): WinHow | null => {
  const v = textOf(d, 'how');
  return v === '' ? null : (v as WinHow);
};

/** The list index a side's draft names (null: none chosen). */
export const listIndexOf = (d: ResultDraft, s: Side): number | null => {
  const v = textOf(d, `${s}.listIndex`);
  return v === '' ? null : Number(v);
};

/**
 * The list a side played, when it can be known: the chosen one, or the only one registered.
 * null when the player has no list, several and none chosen, or an index out of range.
 */
export function playedList(player: Player | undefined, listIndex: number | null | undefined): ArmyList | null {
  const lists = player?.lists ?? [];
  if (listIndex !== null && listIndex !== undefined) return lists[listIndex] ?? null;
  return lists.length === 1 ? lists[0]! : null;
}

/**
 * The form's start: the saved result, or a blank one whose list is the only one registered or,
 * given the round's number, the only one still open (the player has no choice left).
 */
export function draftFrom(pairing: Pairing, event: EventFile, initial?: GameResult, roundNumber?: number): ResultDraft {
  const values: ResultDraft['values'] = { how: initial?.how ?? '' };
  for (const s of SIDES) {
    const r = initial?.[s];
    const lists = playerOf(event, pairing[s])?.lists ?? [];
    const forced = roundNumber === undefined ? null : forcedList(event, pairing[s], roundNumber);
    const listIndex = r ? (r.listIndex ?? null) : lists.length === 1 ? 0 : forced;
    values[`${s}.cp`] = r ? String(r.cp) : '0';
    values[`${s}.apd`] = r ? String(r.apd) : '0';
    values[`${s}.listIndex`] = listIndex === null ? '' : String(listIndex);
    values[`${s}.survived`] = typeof r?.survived === 'number' ? String(r.survived) : '';
  }
  return { values, picked: initial ? winnerPickOf(initial, pairing) : null };
}

/** The system's result fields offer each side's surviving army points (SR2011's survival standings). */
export const survivedOffered = (event: EventFile): boolean =>
  systemFor(event.system)
    .resultFields(event.settings)
    .some((f) => f.key === 'survived');

/** The one list a player with several may still play in this round, or null when they have a choice. */
export function forcedList(event: EventFile, playerId: string, roundNumber: number): number | null {
  const o = listOptionsForRound(event, playerId, roundNumber);
  return o.forced ? (o.options.find((x) => x.legal)?.listIndex ?? null) : null;
}

export interface CheckContext {
  event: EventFile;
  round: Round;
  pairing: Pairing;
  lang: Lang;
}

/** What every check of a draft reads, and where it puts what it finds. */
interface Checking extends CheckContext {
  d: ResultDraft;
  errors: Issue[];
  warnings: Issue[];
  name: (s: Side) => string;
  text: (s: Side, key: string) => string;
}

/** A winner (or a draw) and how the game was won. */
function checkWinner({ d, event, errors, warnings, name }: Checking): void {
  const variants = event.settings.variants;
  const winner = d.picked;
  const how = howOf(d);
  if (winner === null) errors.push({ key: 'results.error.winnerMissing' });
  else if (winner === 'draw') {
    if (how === 'assassination') errors.push({ key: 'results.error.drawAssassination' });
    if (how === 'scenario') errors.push({ key: 'results.error.drawScenario' });
    if (!hasVariant(variants, 'no-tiebreakers')) warnings.push({ key: 'results.warning.draw' });
  } else {
    if (how === null) errors.push({ key: 'results.error.howMissing', params: { name: name(winner) } });
    if (how === 'tiebreak' && hasVariant(variants, 'no-tiebreakers')) warnings.push({ key: 'results.warning.tiebreakNoTiebreakers' });
  }
  if (how === 'assassination' && hasVariant(variants, 'no-assassination')) errors.push({ key: 'results.error.assassinationDisabled' });
}

/** Each side's list: one the player registered, and open in this round. */
function checkLists({ d, event, round, pairing, errors, warnings, name }: Checking): void {
  for (const s of SIDES) {
    const i = listIndexOf(d, s);
    const count = playerOf(event, pairing[s])?.lists.length ?? 0;
    if (i !== null && (!Number.isInteger(i) || i < 0 || i >= count)) {
      errors.push({ key: 'results.error.listOutOfRange', params: { name: name(s), number: i + 1, n: count } });
    } else if (i !== null) {
      // a list the list-use variants had closed: the game was played, so a warning, not a refusal
      const option = listOptionsForRound(event, pairing[s], round.number).options[i];
      if (option && !option.legal) warnings.push({ key: 'results.warning.listClosed', params: { name: name(s), number: i + 1, caster: option.caster } });
    }
  }
}

/** Each side's control points, a whole number of 0 or more (null where refused). */
function checkCp({ errors, name, text }: Checking): Record<Side, number | null> {
  const cp: Record<Side, number | null> = { a: null, b: null };
  for (const s of SIDES) {
    const raw = text(s, 'cp').trim();
    const n = parseNumber(raw);
    if (n === null) errors.push({ key: 'results.error.cpMissing', params: { name: name(s) } });
    else if (n < 0) errors.push({ key: 'results.error.cpNegative', params: { name: name(s), value: raw } });
    else if (!Number.isInteger(n)) errors.push({ key: 'results.error.cpNotInteger', params: { name: name(s), value: raw } });
    else cp[s] = n;
  }
  return cp;
}

/**
 * The score-line lookup of an event (its players' lists and the points), built once per players
 * list and settings: each side of each row's check built its own, 4,096 players mapped twice per
 * row on screen at every render of the round's table (15-35 ms of the page's task when the
 * organizer taps « Apparier », and the garbage after it). An event's players are never changed in
 * place: a change makes a new list.
 */
const lookups = new WeakMap<readonly Player[], { settings: EventFile['settings']; line: ScoreLineEvent }>();
function lookupOf(event: EventFile): ScoreLineEvent {
  const kept = lookups.get(event.players);
  if (kept?.settings === event.settings) return kept.line;
  const line = scoreLineEvent(event);
  lookups.set(event.players, { settings: event.settings, line });
  return line;
}

/** Army points destroyed: side s destroyed points of the opponent's list. */
function checkApd({ d, event, pairing, errors, name, text }: Checking): void {
  for (const s of SIDES) {
    const raw = text(s, 'apd').trim();
    const n = parseNumber(raw);
    if (n === null) {
      errors.push({ key: 'results.error.apdMissing', params: { name: name(s) } });
      continue;
    }
    if (n < 0) {
      errors.push({ key: 'results.error.apdNegative', params: { name: name(s), value: raw } });
      continue;
    }
    // the file's own bound (score-lines.ts): the list played, else the largest, + 5 for the caster
    const opp = other(s);
    const bound = maxApd(lookupOf(event), { a: { cp: 0, apd: 0, listIndex: listIndexOf(d, 'a') }, b: { cp: 0, apd: 0, listIndex: listIndexOf(d, 'b') } }, pairing, s);
    if (n > bound.max) {
      if (bound.listPoints !== null)
        errors.push({ key: 'results.error.apdOverList', params: { name: name(s), value: raw, max: bound.max, opponent: name(opp), total: bound.listPoints } });
      else errors.push({ key: 'results.error.apdOverEvent', params: { name: name(s), value: raw, max: bound.max, points: event.settings.points } });
    }
  }
}

/** Control points no game of this scenario can end on (the game stops once the scenario is won). */
function checkCpScenario({ d, round, pairing, errors, name, lang }: Checking, cp: Record<Side, number | null>): void {
  if (!round.scenario) return;
  const winner = d.picked;
  const winnerId = winner === 'a' || winner === 'b' ? pairing[winner] : null;
  const asResult = { winner: winnerId, how: howOf(d), a: { cp: cp.a ?? 0, apd: 0 }, b: { cp: cp.b ?? 0, apd: 0 } };
  for (const s of SIDES) {
    const max = maxCp(round.scenario, asResult, pairing, s);
    if (cp[s] !== null && max !== null && cp[s]! > max)
      errors.push({ key: 'results.error.cpOverScenario', params: { name: name(s), value: cp[s]!, max, scenario: scenarioName(round.scenario, lang) } });
  }
}

/** Surviving army points (survival standings): at most the side's own list + 5 for the caster. */
function checkSurvived({ d, event, pairing, errors, name, text }: Checking): void {
  if (!survivedOffered(event)) return;
  for (const s of SIDES) {
    const raw = text(s, 'survived').trim();
    const n = parseNumber(raw);
    if (raw === '') continue;
    if (n === null || n < 0) {
      errors.push({ key: n === null ? 'results.error.survivedNotNumber' : 'results.error.survivedNegative', params: { name: name(s), value: raw } });
      continue;
    }
    const own = playerOf(event, pairing[s])?.lists ?? [];
    if (own.length === 0) continue;
    const chosen = listIndexOf(d, s);
    const total = Math.max(...(chosen !== null && own[chosen] ? [own[chosen]!] : own).map(listTotal));
    if (n > total + CASTER_VALUE) errors.push({ key: 'results.error.survivedOverList', params: { name: name(s), value: raw, max: total + CASTER_VALUE, total } });
  }
}

/** The scenario's target (a warning: the table may have scored in a way we cannot see). */
function checkScenarioTarget({ d, round, warnings, lang }: Checking, cp: Record<Side, number | null>): void {
  const winner = d.picked;
  if (howOf(d) !== 'scenario' || (winner !== 'a' && winner !== 'b')) return;
  const card = round.scenario ? scenarioById(round.scenario) : undefined;
  const rule = card?.winRule;
  const w = cp[winner];
  const l = cp[other(winner)];
  if (card && rule && rule.kind === 'control-points' && rule.targetCp !== null && w !== null) {
    const scenario = scenarioName(card.id, lang);
    if (w < rule.targetCp) warnings.push({ key: 'results.warning.scenarioTarget', params: { cp: w, scenario, target: rule.targetCp } });
    else if (rule.moreThanOpponent && l !== null && w <= l) warnings.push({ key: 'results.warning.scenarioNotMore', params: { cp: w, other: l, scenario } });
  }
}

/** Refusals (errors) and things to double-check (warnings), in the order of the form. */
export function checkDraft(d: ResultDraft, ctx: CheckContext): { errors: Issue[]; warnings: Issue[] } {
  const c: Checking = {
    ...ctx,
    d,
    errors: [],
    warnings: [],
    name: (s) => nameOf(ctx.event, ctx.pairing[s]),
    text: (s, key) => textOf(d, `${s}.${key}`),
  };
  checkWinner(c);
  checkLists(c);
  const cp = checkCp(c);
  checkApd(c);
  checkCpScenario(c, cp);
  checkSurvived(c);
  checkScenarioTarget(c, cp);
  return { errors: c.errors, warnings: c.warnings };
}

/**
 * The GameResult of a checked draft. Fields of `initial` the form does not know (extra data from
 * an import) are kept, so a correction does not drop them.
 */
export function buildResult(d: ResultDraft, pairing: Pairing, initial?: GameResult): GameResult {
  const side = (s: Side) => {
    const { survived: _was, ...kept } = initial?.[s] ?? {};
    const survived = parseNumber(textOf(d, `${s}.survived`));
    const number = (key: string): number => parseNumber(textOf(d, `${s}.${key}`)) ?? 0;
    // a value cleared in the form is dropped: the standings then estimate that game
    return { ...kept, cp: number('cp'), apd: number('apd'), listIndex: listIndexOf(d, s), ...(survived !== null && { survived }) };
  };
  const winner = d.picked === 'a' ? pairing.a : d.picked === 'b' ? pairing.b : null;
  return { ...initial, winner, how: howOf(d), a: side('a'), b: side('b') };
}

/**
 * A saved result against the SR2011 rules the form checks (a scenario won with fewer CP than it
 * needs, APD over the opponent's list...), worded. A draw is legal and common enough that flagging
 * every one would hide the real problems, so its warning is left out.
 */
export function sr2011ResultIssues(event: EventFile, round: Round, pairing: Pairing, result: GameResult, t: Translate, lang: Lang): { errors: string[]; warnings: string[] } {
  const checked = checkDraft(draftFrom(pairing, event, result), { event, round, pairing, lang });
  return { errors: checked.errors.map((e) => t(e.key, e.params)), warnings: checked.warnings.filter((w) => w.key !== 'results.warning.draw').map((w) => t(w.key, w.params)) };
}
