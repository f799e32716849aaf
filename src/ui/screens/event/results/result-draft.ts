// The result form's state as typed (strings, so "1.5" and "-1" can be named back to the user),
// its checks against the SR2011 rules and the event, and the GameResult it becomes.
import type { ArmyList, EventFile, GameResult, Pairing, Player, Round, WinHow } from '../../../../domain/event-file';
import { hasVariant, listOptionsForRound, listTotal, maxApd, maxCp, scoreLineEvent, scenarioById, scenarioName, CASTER_VALUE } from '../../../../domain/sr2011';
import { systemFor } from '../../../../domain/systems';
import type { Lang, MessageKey } from '../../../../i18n';

export type WinnerChoice = 'a' | 'b' | 'draw' | null;
export type Side = 'a' | 'b';

export interface SideDraft {
  cp: string;
  apd: string;
  listIndex: number | null;
  /** survival standings: the side's own army points that survived ('' = not recorded) */
  survived: string;
}

export interface ResultDraft {
  winner: WinnerChoice;
  how: WinHow | null;
  a: SideDraft;
  b: SideDraft;
}

/** One message for the user: a catalogue key and its parameters. */
export interface Issue {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

export function playerOf(event: EventFile, id: string): Player | undefined {
  return event.players.find((p) => p.id === id);
}

export function nameOf(event: EventFile, id: string): string {
  return playerOf(event, id)?.name ?? id;
}

/** "" -> null; accepts a French decimal comma. */
export function parseNumber(raw: string): number | null {
  const s = raw.trim().replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

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
  const side = (s: Side): SideDraft => {
    const r = initial?.[s];
    const lists = playerOf(event, pairing[s])?.lists ?? [];
    const forced = roundNumber === undefined ? null : forcedList(event, pairing[s], roundNumber);
    return {
      cp: r ? String(r.cp) : '0',
      apd: r ? String(r.apd) : '0',
      listIndex: r ? (r.listIndex ?? null) : lists.length === 1 ? 0 : forced,
      survived: typeof r?.survived === 'number' ? String(r.survived) : '',
    };
  };
  let winner: WinnerChoice = null;
  if (initial) winner = initial.winner === null ? 'draw' : initial.winner === pairing.a ? 'a' : initial.winner === pairing.b ? 'b' : null;
  return { winner, how: initial?.how ?? null, a: side('a'), b: side('b') };
}

/** The system's result fields offer each side's surviving army points (SR2011's survival standings). */
export const survivedOffered = (event: EventFile): boolean => systemFor(event.system).resultFields(event.settings).some((f) => f.key === 'survived');

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

/** Refusals (errors) and things to double-check (warnings), in the order of the form. */
export function checkDraft(d: ResultDraft, ctx: CheckContext): { errors: Issue[]; warnings: Issue[] } {
  const { event, round, pairing } = ctx;
  const variants = event.settings.variants;
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const name = (s: Side): string => nameOf(event, pairing[s]);

  // winner and how
  if (d.winner === null) errors.push({ key: 'results.error.winnerMissing' });
  else if (d.winner === 'draw') {
    if (d.how === 'assassination') errors.push({ key: 'results.error.drawAssassination' });
    if (d.how === 'scenario') errors.push({ key: 'results.error.drawScenario' });
    if (!hasVariant(variants, 'no-tiebreakers')) warnings.push({ key: 'results.warning.draw' });
  } else {
    if (d.how === null) errors.push({ key: 'results.error.howMissing', params: { name: name(d.winner) } });
    if (d.how === 'tiebreak' && hasVariant(variants, 'no-tiebreakers')) warnings.push({ key: 'results.warning.tiebreakNoTiebreakers' });
  }
  if (d.how === 'assassination' && hasVariant(variants, 'no-assassination')) errors.push({ key: 'results.error.assassinationDisabled' });

  // lists
  for (const s of ['a', 'b'] as const) {
    const i = d[s].listIndex;
    const count = playerOf(event, pairing[s])?.lists.length ?? 0;
    if (i !== null && (!Number.isInteger(i) || i < 0 || i >= count)) {
      errors.push({ key: 'results.error.listOutOfRange', params: { name: name(s), number: i + 1, n: count } });
    } else if (i !== null) {
      // a list the list-use variants had closed: the game was played, so a warning, not a refusal
      const option = listOptionsForRound(event, pairing[s], round.number).options[i];
      if (option && !option.legal) warnings.push({ key: 'results.warning.listClosed', params: { name: name(s), number: i + 1, caster: option.caster } });
    }
  }

  // control points
  const cp: Record<Side, number | null> = { a: null, b: null };
  for (const s of ['a', 'b'] as const) {
    const raw = d[s].cp.trim();
    const n = parseNumber(raw);
    if (n === null) errors.push({ key: 'results.error.cpMissing', params: { name: name(s) } });
    else if (n < 0) errors.push({ key: 'results.error.cpNegative', params: { name: name(s), value: raw } });
    else if (!Number.isInteger(n)) errors.push({ key: 'results.error.cpNotInteger', params: { name: name(s), value: raw } });
    else cp[s] = n;
  }

  // army points destroyed: side s destroyed points of the opponent's list
  for (const s of ['a', 'b'] as const) {
    const raw = d[s].apd.trim();
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
    const bound = maxApd(scoreLineEvent(event), { a: { cp: 0, apd: 0, listIndex: d.a.listIndex }, b: { cp: 0, apd: 0, listIndex: d.b.listIndex } }, pairing, s);
    if (n > bound.max) {
      if (bound.listPoints !== null)
        errors.push({ key: 'results.error.apdOverList', params: { name: name(s), value: raw, max: bound.max, opponent: name(opp), total: bound.listPoints } });
      else errors.push({ key: 'results.error.apdOverEvent', params: { name: name(s), value: raw, max: bound.max, points: event.settings.points } });
    }
  }

  // control points no game of this scenario can end on (the game stops once the scenario is won)
  if (round.scenario) {
    const winner = d.winner === 'a' || d.winner === 'b' ? pairing[d.winner] : null;
    const asResult = { winner, how: d.how, a: { cp: cp.a ?? 0, apd: 0 }, b: { cp: cp.b ?? 0, apd: 0 } };
    for (const s of ['a', 'b'] as const) {
      const max = maxCp(round.scenario, asResult, pairing, s);
      if (cp[s] !== null && max !== null && cp[s]! > max)
        errors.push({ key: 'results.error.cpOverScenario', params: { name: name(s), value: cp[s]!, max, scenario: scenarioName(round.scenario, ctx.lang) } });
    }
  }

  // surviving army points (survival standings): at most the side's own list + 5 for the caster
  if (survivedOffered(event)) {
    for (const s of ['a', 'b'] as const) {
      const raw = d[s].survived.trim();
      const n = parseNumber(raw);
      if (raw === '') continue;
      if (n === null || n < 0) {
        errors.push({ key: n === null ? 'results.error.survivedNotNumber' : 'results.error.survivedNegative', params: { name: name(s), value: raw } });
        continue;
      }
      const own = playerOf(event, pairing[s])?.lists ?? [];
      if (own.length === 0) continue;
      const chosen = d[s].listIndex;
      const total = Math.max(...(chosen !== null && own[chosen] ? [own[chosen]!] : own).map(listTotal));
      if (n > total + CASTER_VALUE) errors.push({ key: 'results.error.survivedOverList', params: { name: name(s), value: raw, max: total + CASTER_VALUE, total } });
    }
  }

  // scenario target (a warning: the table may have scored in a way we cannot see)
  if (d.how === 'scenario' && (d.winner === 'a' || d.winner === 'b')) {
    const card = round.scenario ? scenarioById(round.scenario) : undefined;
    const rule = card?.winRule;
    const w = cp[d.winner];
    const l = cp[other(d.winner)];
    if (card && rule && rule.kind === 'control-points' && rule.targetCp !== null && w !== null) {
      const scenario = scenarioName(card.id, ctx.lang);
      if (w < rule.targetCp) warnings.push({ key: 'results.warning.scenarioTarget', params: { cp: w, scenario, target: rule.targetCp } });
      else if (rule.moreThanOpponent && l !== null && w <= l) warnings.push({ key: 'results.warning.scenarioNotMore', params: { cp: w, other: l, scenario } });
    }
  }
  return { errors, warnings };
}

/**
 * The GameResult of a checked draft. Fields of `initial` the form does not know (extra data from
 * an import) are kept, so a correction does not drop them.
 */
export function buildResult(d: ResultDraft, pairing: Pairing, initial?: GameResult): GameResult {
  const side = (s: Side) => {
    const { survived: _was, ...kept } = initial?.[s] ?? {};
    const survived = parseNumber(d[s].survived);
    // a value cleared in the form is dropped: the standings then estimate that game
    return { ...kept, cp: parseNumber(d[s].cp) ?? 0, apd: parseNumber(d[s].apd) ?? 0, listIndex: d[s].listIndex, ...(survived !== null && { survived }) };
  };
  const winner = d.winner === 'a' ? pairing.a : d.winner === 'b' ? pairing.b : null;
  return { ...initial, winner, how: d.how, a: side('a'), b: side('b') };
}
