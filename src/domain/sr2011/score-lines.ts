// Score lines no SR2011 game can end on, whoever typed them: one check for the file's validation
// (event-rules.ts), the organizer's result form and a table's code (through the same file
// validation). Bounds from the seed's numbers (RULES.md 1, "Scenarios", "Army points destroyed"):
//  - a first-to-N scenario (Overrun, Destruction, Command and Control, Sacrifice) ends the game the
//    moment a player reaches N, and a player scores at most `cpPerTurnCap` in one turn, so nobody
//    ends above N - 1 + cap (Overrun: 2);
//  - an "at least N and more than the opponent" scenario ends the moment the winner gets there: the
//    winner scored at most `cap` in the winning turn from a total that did not yet win, so at most
//    max(N - 1, opponent's CP) + cap. Scenarios whose scoring reopens (Process of Elimination,
//    Revelation) are not bounded here;
//  - army points destroyed: at most the opponent's whole list (the list played when known, else
//    their largest) plus 5 for the warcaster/warlock; with no list of models registered (none, or
//    a caster's name only), a list of the event's size cannot hold a caster bonus as large as the
//    size itself, so 2 x size + 5.
import type { ArmyList, EventFile, GameResult, Pairing, PlayerId, Round } from '../event-file/types';
import { CASTER_VALUE } from './apd';
import { listTotal } from './lists';
import { scenarioById } from './scenarios';

type Side = 'a' | 'b';
const other = (s: Side): Side => (s === 'a' ? 'b' : 'a');

export type ScoreLineProblem =
  | { code: 'cp-impossible'; side: Side; cp: number; max: number; scenario: string }
  | { code: 'apd-impossible'; side: Side; apd: number; max: number; listPoints: number | null };

/** The most CP `side` can hold when the game ended, or null where the scenario does not bound it. */
export function maxCp(scenario: string | null | undefined, result: Pick<GameResult, 'winner' | 'how' | 'a' | 'b'>, pairing: Pick<Pairing, 'a' | 'b'>, side: Side): number | null {
  const rule = typeof scenario === 'string' ? scenarioById(scenario)?.winRule : undefined;
  if (rule?.kind !== 'control-points' || rule.targetCp === null || rule.cpPerTurnCap === null || rule.reopen !== null) return null;
  const target = rule.targetCp;
  const cap = rule.cpPerTurnCap;
  if (!rule.moreThanOpponent) return target - 1 + cap;
  const won = result.how === 'scenario' && result.winner === pairing[side];
  if (!won) return null;
  const opponent = result[other(side)]?.cp;
  return typeof opponent === 'number' ? Math.max(target - 1, opponent) + cap : null;
}

/** The most army points `side` can have destroyed: the opponent's list and caster. */
export function maxApd(event: ScoreLineEvent, result: Pick<GameResult, 'a' | 'b'>, pairing: Pick<Pairing, 'a' | 'b'>, side: Side): { max: number; listPoints: number | null } {
  const opp = other(side);
  const chosen = result[opp]?.listIndex;
  if (typeof chosen !== 'number' && event.unchosenBound) return event.unchosenBound(pairing[opp]);
  const lists = event.listsOf(pairing[opp]);
  // the list played when known, else all of them (indices, not an array per game)
  const one = typeof chosen === 'number' && Boolean(lists[chosen]);
  if (!one && event.unchosenBound) return event.unchosenBound(pairing[opp]);
  return apdBound(event, lists, one ? chosen : 0, one ? chosen + 1 : lists.length);
}

/** maxApd over the lists from..to-1 (the largest army among them) */
function apdBound(event: ScoreLineEvent, lists: readonly ArmyList[], from: number, to: number): { max: number; listPoints: number | null } {
  const points = event.settings.points;
  if (to > from) {
    // a list registered by its caster's name only says nothing of the army
    let total = -Infinity;
    for (let i = from; i < to; i++) {
      const l = lists[i];
      total = Math.max(total, Array.isArray(l?.models) && l.models.length > 0 ? (event.listTotal ?? listTotal)(l) : NaN);
    }
    if (Number.isFinite(total)) return { max: total + CASTER_VALUE, listPoints: total };
  }
  return { max: typeof points === 'number' ? 2 * points + CASTER_VALUE : Infinity, listPoints: null };
}

/** The event as these checks read it: its settings and each player's registered lists. */
export interface ScoreLineEvent {
  settings: Pick<EventFile['settings'], 'points'>;
  listsOf(id: PlayerId): readonly ArmyList[];
  /** listTotal, remembered per list when the same lists are read game after game */
  listTotal?(list: Pick<ArmyList, 'models'>): number;
  /** maxApd against `id` when the list they played is not known, remembered per player */
  unchosenBound?(id: PlayerId): { max: number; listPoints: number | null };
}

/** Builds the lookup once per event (a 4,096-player file has thousands of results). */
export function scoreLineEvent(event: Pick<EventFile, 'players' | 'settings'>): ScoreLineEvent {
  // one entry per player, its bound against an unknown list filled on first use
  const players = new Map(event.players.map((p) => [p.id, { lists: Array.isArray(p.lists) ? p.lists : [], bound: null as { max: number; listPoints: number | null } | null }]));
  const totals = new Map<Pick<ArmyList, 'models'>, number>();
  const total = (list: Pick<ArmyList, 'models'>): number => {
    let t = totals.get(list);
    if (t === undefined) totals.set(list, (t = listTotal(list)));
    return t;
  };
  const line: ScoreLineEvent = {
    settings: event.settings,
    listsOf: (id) => players.get(id)?.lists ?? [],
    listTotal: total,
    unchosenBound: (id) => {
      const entry = players.get(id);
      if (!entry) return apdBound(line, [], 0, 0);
      return (entry.bound ??= apdBound(line, entry.lists, 0, entry.lists.length));
    },
  };
  return line;
}

const SIDES: readonly Side[] = ['a', 'b'];
const NONE: readonly ScoreLineProblem[] = Object.freeze([]);

/**
 * Indexed loops and no array until a problem is found: run on each of a large file's tens of
 * thousands of results, mostly before the engine optimises it, where for-of pays the iterator.
 */
export function scoreLineProblems(event: ScoreLineEvent, round: Pick<Round, 'scenario'>, pairing: Pick<Pairing, 'a' | 'b'>, result: GameResult): readonly ScoreLineProblem[] {
  let out: ScoreLineProblem[] | null = null;
  for (let k = 0; k < 2; k++) {
    const side = SIDES[k]!;
    const cp = result[side]?.cp;
    const max = maxCp(round.scenario, result, pairing, side);
    if (typeof cp === 'number' && max !== null && cp > max) (out ??= []).push({ code: 'cp-impossible', side, cp, max, scenario: round.scenario! });
  }
  for (let k = 0; k < 2; k++) {
    const side = SIDES[k]!;
    const apd = result[side]?.apd;
    if (typeof apd !== 'number') continue;
    const { max, listPoints } = maxApd(event, result, pairing, side);
    if (Number.isFinite(max) && apd > max) (out ??= []).push({ code: 'apd-impossible', side, apd, max, listPoints });
  }
  return out ?? NONE;
}
