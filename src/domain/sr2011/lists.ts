// Army list checks for SR2011 registration and for the choice of a list before each game.
// Problems are codes + parameters only; the UI words them.
import { listTotal, type EventFile, type Player, type PlayerId } from '../event-file/types';
import { eventPlayerCount, plannedRounds } from './rounds';
import { hasVariant, requiredListCount, requiredTier } from './variants';

/** Base rule: the second list is optional. */
export const MAX_LISTS = 2;
/** An army may be at most this many points under the event size (+ caster bonus). */
export const POINTS_UNDER_ALLOWED = 2;

export type ListProblemCode =
  | 'no-list'
  | 'too-many-lists'
  | 'wrong-list-count'
  | 'missing-caster'
  | 'bad-cost'
  | 'points-over'
  | 'points-under'
  | 'same-caster'
  | 'same-character-caster'
  | 'same-character-model'
  | 'faction-mismatch'
  | 'tier-required'
  | 'other-list-needed'
  | 'bad-list-index';

export interface ListProblem {
  code: ListProblemCode;
  params?: Record<string, string | number>;
}

// the common sum, kept under its name here: the SR2011 screens read it with the other list rules
export { listTotal };

/** 50-point event, caster with 7 bonus points -> 55..57 points of models. */
export function pointsWindow(points: number, bonus: number): { min: number; max: number } {
  return { min: points + bonus - POINTS_UNDER_ALLOWED, max: points + bonus };
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The character behind a name, so that a prime and an epic version meet. Names are too free to
 * recognise every epic title ("Commander Coleman Stryker" vs "Lord Commander Stryker"), so an
 * explicit `character` field on the list or model wins; otherwise we drop the usual epic markers:
 * "epic"/"épique"/"prime" as a word or in parentheses, the community's e/p prefix ("eHaley",
 * "pStryker") and a trailing version number ("Butcher 3", "Haley2").
 */
export function characterKey(name: string, explicit?: unknown): string {
  if (typeof explicit === 'string' && explicit.trim() !== '') return fold(explicit);
  const bare = name
    .trim()
    .replace(/\(\s*(?:epic|[ée]pique|prime)\s*\)/gi, ' ')
    .replace(/^(?:epic|[ée]pique|prime)\s+/i, '')
    .replace(/\s+(?:epic|[ée]pique|prime)$/i, '')
    .replace(/^[ep](?=[A-Z])/, '')
    .replace(/\s*\d+$/, '');
  return fold(bare);
}

export interface ListRulesSettings {
  points: number;
  variants: readonly string[];
}

/** What the event's variants ask of every player's lists. */
export interface ListVariantRules {
  required: number | null;
  tier: number | null;
  casterRestriction: boolean;
  characterRestriction: boolean;
}

/**
 * Read once per event by a caller that checks every player: the keywords parsed again for each
 * player were a tenth of validating a 4,096-player file (issue 23).
 */
export function listVariantRules(variants: readonly string[]): ListVariantRules {
  return {
    required: requiredListCount(variants),
    tier: requiredTier(variants),
    casterRestriction: hasVariant(variants, 'caster-restriction'),
    characterRestriction: hasVariant(variants, 'character-restriction'),
  };
}

/**
 * Registration check of one player's lists. `list` in params is the list's index (0-based).
 * Mercenary contracts / Minion pacts and theme forces may differ between lists, so only a
 * list-level `faction` field (when present) is compared with the player's faction.
 * `rules`: listVariantRules(settings.variants), when the caller has it already.
 */
export function validateLists(
  player: Pick<Player, 'lists' | 'faction'>,
  settings: ListRulesSettings,
  rules: ListVariantRules = listVariantRules(settings.variants),
): ListProblem[] {
  const out: ListProblem[] = [];
  const lists = player.lists;
  const required = rules.required;
  if (lists.length === 0) out.push({ code: 'no-list' });
  if (required !== null) {
    if (lists.length !== required && lists.length > 0) out.push({ code: 'wrong-list-count', params: { count: lists.length, required } });
  } else if (lists.length > MAX_LISTS) {
    out.push({ code: 'too-many-lists', params: { count: lists.length, max: MAX_LISTS } });
  }

  const tier = rules.tier;
  lists.forEach((list, i) => {
    if (list.caster.trim() === '') out.push({ code: 'missing-caster', params: { list: i } });
    list.models.forEach((m, j) => {
      if (!Number.isFinite(m.cost) || m.cost < 0) out.push({ code: 'bad-cost', params: { list: i, model: j } });
    });
    const total = listTotal(list);
    const { min, max } = pointsWindow(settings.points, list.bonus);
    if (total > max) out.push({ code: 'points-over', params: { list: i, total, max } });
    if (total < min) out.push({ code: 'points-under', params: { list: i, total, min } });
    if (tier !== null && (list.themeForce === null || list.themeForce.trim() === '' || (list.tier ?? 0) < tier)) {
      out.push({ code: 'tier-required', params: { list: i, required: tier, tier: list.tier ?? 0 } });
    }
    const listFaction = typeof list.faction === 'string' ? list.faction : null;
    // a blank faction on the player means "not entered yet", not a faction named ''
    const expected = player.faction?.trim() || (typeof lists[0]?.faction === 'string' ? lists[0].faction : null);
    if (listFaction !== null && expected !== null && fold(listFaction) !== fold(expected)) {
      out.push({ code: 'faction-mismatch', params: { list: i, faction: listFaction, expected } });
    }
  });

  const { casterRestriction, characterRestriction } = rules;
  for (let i = 0; i < lists.length; i++) {
    for (let j = i + 1; j < lists.length; j++) {
      const a = lists[i]!;
      const b = lists[j]!;
      if (fold(a.caster) !== '' && fold(a.caster) === fold(b.caster)) {
        out.push({ code: 'same-caster', params: { listA: i, listB: j, caster: a.caster } });
      } else if (casterRestriction && characterKey(a.caster, a.character) === characterKey(b.caster, b.character)) {
        out.push({ code: 'same-character-caster', params: { listA: i, listB: j, character: a.caster } });
      }
      if (characterRestriction) {
        const inA = new Map<string, string>();
        for (const m of a.models) if (m.character === true || typeof m.character === 'string') inA.set(characterKey(m.name, m.character), m.name);
        const reported = new Set<string>();
        for (const m of b.models) {
          if (!(m.character === true || typeof m.character === 'string')) continue;
          const key = characterKey(m.name, m.character);
          if (inA.has(key) && !reported.has(key)) {
            reported.add(key);
            out.push({ code: 'same-character-model', params: { listA: i, listB: j, model: inA.get(key)! } });
          }
        }
      }
    }
  }
  return out;
}

export interface ListUse {
  listIndex: number;
  /** games this list must be played in the whole event */
  required: number;
  played: number;
  left: number;
}

function listIndexesPlayed(player: Pick<Player, 'id'>, event: Pick<EventFile, 'rounds'>): { indexes: number[]; games: number; byes: number } {
  const indexes: number[] = [];
  let games = 0;
  let byes = 0;
  for (const round of event.rounds) {
    if (round.bye === player.id) byes++;
    for (const p of round.pairings) {
      if (!p.result) continue;
      const side = p.a === player.id ? p.result.a : p.b === player.id ? p.result.b : null;
      if (!side) continue;
      games++;
      if (typeof side.listIndex === 'number') indexes.push(side.listIndex);
    }
  }
  return { indexes, games, byes };
}

/**
 * Divide and conquer: each list is played floor(rounds / lists) times, lists being the 'lists:X'
 * count or, without it, the lists the player registered. With 'lists:X' alone each list must be
 * played at least once. Otherwise nothing is required (required 0).
 */
export function listUsesLeft(player: Pick<Player, 'id' | 'lists'>, rounds: number, event: Pick<EventFile, 'rounds' | 'settings'>): ListUse[] {
  const required = requiredGamesPerList(event.settings.variants, player.lists.length, rounds);
  const { indexes } = listIndexesPlayed(player, event);
  return player.lists.map((_, i) => {
    const played = indexes.filter((x) => x === i).length;
    return { listIndex: i, required, played, left: Math.max(0, required - played) };
  });
}

/**
 * Can the player pick this list for the next game? Under « X listes » and « Diviser pour régner »
 * each list owes a minimum of games (1, or floor(rounds / lists)); the remainder of the rounds is
 * free (3 lists in 4 rounds: each once, the 4th game any list). So a pick is refused only when it
 * would leave too few games for the lists still owed games.
 */
export function checkListChoice(player: Pick<Player, 'id' | 'lists'>, listIndex: number, rounds: number, event: Pick<EventFile, 'rounds' | 'settings'>): ListProblem | null {
  if (!Number.isInteger(listIndex) || listIndex < 0 || listIndex >= player.lists.length) {
    return { code: 'bad-list-index', params: { list: listIndex } };
  }
  const uses = listUsesLeft(player, rounds, event);
  const { games, byes } = listIndexesPlayed(player, event);
  return listChoiceProblem(
    listIndex,
    uses.map((u) => u.left),
    rounds - games - byes - 1,
  );
}

/**
 * The rule behind checkListChoice on counts alone: `left[i]` games list i still owes, and the
 * games the player has after this one. Picking a list that owes nothing must leave enough games
 * for the lists that still do; a list still owed games always helps, even when byes already
 * made the duty impossible.
 */
export function listChoiceProblem(listIndex: number, left: readonly number[], gamesLeftAfterThis: number): ListProblem | null {
  const othersNeed = left.reduce((sum, l, i) => (i === listIndex ? sum : sum + l), 0);
  if ((left[listIndex] ?? 0) === 0 && othersNeed > gamesLeftAfterThis && gamesLeftAfterThis >= 0) {
    return { code: 'other-list-needed', params: { list: listIndex, needed: othersNeed, gamesLeft: gamesLeftAfterThis } };
  }
  return null;
}

/** Games each list must be played in the whole event (listUsesLeft's `required`). */
export function requiredGamesPerList(variants: readonly string[], registered: number, rounds: number): number {
  const count = requiredListCount(variants) ?? registered;
  if (hasVariant(variants, 'divide-and-conquer') && count > 0) return Math.floor(rounds / count);
  return requiredListCount(variants) !== null ? 1 : 0;
}

/** The lists the player may still pick; one entry means they must tell their opponent. */
export function listChoices(player: Pick<Player, 'id' | 'lists'>, rounds: number, event: Pick<EventFile, 'rounds' | 'settings'>): number[] {
  return player.lists.map((_, i) => i).filter((i) => checkListChoice(player, i, rounds, event) === null);
}

export interface ListOption {
  listIndex: number;
  caster: string;
  legal: boolean;
  /** why the list cannot be picked this round (null when it can) */
  problem: ListProblem | null;
  /** games this list still owes under « X listes » / « Diviser pour régner » */
  owed: number;
}

export interface RoundListOptions {
  playerId: PlayerId;
  options: ListOption[];
  /** one legal list among several: the player has no choice left and must tell the opponent */
  forced: boolean;
}

/**
 * Each player's legal lists for round `roundNumber`, with the reason for every refused one,
 * judged on the games of the rounds before it (so editing a played round's result asks the
 * question as it stood then). The round count is « X rondes » when set, else the rules' table.
 * One function for the command line, the import, the table set-up and the result form.
 */
export function listOptionsForRound(event: EventFile, playerId: PlayerId, roundNumber: number): RoundListOptions {
  const player = event.players.find((p) => p.id === playerId);
  if (!player) return { playerId, options: [], forced: false };
  const before = { ...event, rounds: event.rounds.filter((r) => r.number < roundNumber) };
  const rounds = plannedRounds(eventPlayerCount(event), event.settings.rounds ?? null);
  const uses = listUsesLeft(player, rounds, before);
  const options = player.lists.map((l, i): ListOption => {
    const problem = checkListChoice(player, i, rounds, before);
    return { listIndex: i, caster: l.caster, legal: problem === null, problem, owed: uses[i]?.left ?? 0 };
  });
  const legal = options.filter((o) => o.legal).length;
  return { playerId, options, forced: player.lists.length > 1 && legal === 1 };
}
