// The 200-PA "challenge" game of the Rackham tournament rules (seed 001), as pure steps: the
// challenge roll, the stakes, then First Blood, Revenge and Duel until one player wins. The
// objectives and time limits themselves are rows of the CONFRONTATION booklet's challenge table,
// which the source does not reproduce: the app records the row numbers, not their text.
import type { ListModel } from '../event-file/types';
import type { Rng } from '../random';
import { otherSide, rollOff, type RollOff } from '../systems/dice';
import { mostExpensiveModels, type Card } from './army';

export type Side = 'a' | 'b';

export interface ChallengeRoll {
  /** every d6 thrown: 6s are thrown again */
  rolls: number[];
  /** the challenge table row giving the objective: 1..5 */
  objective: number;
  /** "6 - résultat du précédent D6": the challenge table row read for the time limit, 1..5 */
  timeLimitRow: number;
}

/** From the dice thrown in order: the first that is not a 6 gives both rows. */
export function challengeFromRolls(rolls: readonly number[]): ChallengeRoll {
  const used: number[] = [];
  for (const die of rolls) {
    if (!Number.isInteger(die) || die < 1 || die > 6) throw new Error(`challengeFromRolls: ${die} is not a d6`);
    used.push(die);
    if (die !== 6) return { rolls: used, objective: die, timeLimitRow: 6 - die };
  }
  throw new Error('challengeFromRolls: every die was a 6, throw again');
}

export function rollChallenge(rng: Rng): ChallengeRoll {
  const rolls: number[] = [];
  for (;;) {
    const die = rng.die(6);
    rolls.push(die);
    if (die !== 6) return challengeFromRolls(rolls);
  }
}

export type StakeProblemCode = 'stake-empty' | 'stake-all' | 'unknown-card' | 'card-twice';

/** "Chaque joueur doit miser au moins une carte et ne peut pas toutes les miser." */
export function checkStake(hand: readonly Card[], staked: readonly string[]): StakeProblemCode[] {
  const ids = new Set(hand.map((c) => c.id));
  const out: StakeProblemCode[] = [];
  if (staked.some((id) => !ids.has(id))) out.push('unknown-card');
  if (new Set(staked).size !== staked.length) out.push('card-twice');
  const distinct = new Set(staked.filter((id) => ids.has(id)));
  if (distinct.size === 0) out.push('stake-empty');
  else if (distinct.size === hand.length) out.push('stake-all');
  return out;
}

export const stakeTotal = (hand: readonly Card[], staked: readonly string[]): number => hand.filter((c) => staked.includes(c.id)).reduce((sum, c) => sum + c.cost, 0);

export type ChallengeStage = 'first-blood' | 'revenge' | 'duel';

export interface ChallengeState {
  stage: ChallengeStage | 'over';
  /** who must achieve the objective now; null in the duel and once over */
  challenger: Side | null;
  totals: Record<Side, number>;
  /** cards each side fights with in the current stage (card ids) */
  forces: Record<Side, string[]>;
  /** the cards not staked, played in the Revenge */
  unstaked: Record<Side, string[]>;
  /** each side's most expensive model(s) of the whole selection, for the Duel (ties: the player picks) */
  duelists: Record<Side, ListModel[]>;
  /** equal staked totals: the roll-off whose winner takes the challenge */
  rollOff: RollOff | null;
  winner: Side | null;
  decidedIn: ChallengeStage | null;
}

export type ChallengeStart = { ok: true; state: ChallengeState } | { ok: false; problems: Array<{ side: Side; code: StakeProblemCode }> };

/**
 * Reveals the stakes: the lower total takes the challenge ("Premier sang"). The source says
 * nothing of equal totals: then a roll-off decides, and its winner takes the challenge (the
 * challenger deploys first, the usual prize of a roll-off).
 */
export function startChallenge(hands: Record<Side, readonly Card[]>, stakes: Record<Side, readonly string[]>, rng: Rng): ChallengeStart {
  const problems = (['a', 'b'] as const).flatMap((side) => checkStake(hands[side], stakes[side]).map((code) => ({ side, code })));
  if (problems.length > 0) return { ok: false, problems };
  const totals = { a: stakeTotal(hands.a, stakes.a), b: stakeTotal(hands.b, stakes.b) };
  const roll = totals.a === totals.b ? rollOff(rng) : null;
  const challenger: Side = roll ? roll.winner : totals.a < totals.b ? 'a' : 'b';
  const staked = (side: Side): string[] => hands[side].filter((c) => stakes[side].includes(c.id)).map((c) => c.id);
  const unstaked = (side: Side): string[] => hands[side].filter((c) => !stakes[side].includes(c.id)).map((c) => c.id);
  const models = (side: Side): ListModel[] => hands[side].flatMap((c) => c.models);
  return {
    ok: true,
    state: {
      stage: 'first-blood',
      challenger,
      totals,
      forces: { a: staked('a'), b: staked('b') },
      unstaked: { a: unstaked('a'), b: unstaked('b') },
      duelists: { a: mostExpensiveModels(models('a')), b: mostExpensiveModels(models('b')) },
      rollOff: roll,
      winner: null,
      decidedIn: null,
    },
  };
}

export type ChallengeEvent =
  /** the challenger achieved the objective: they win */
  | { type: 'objective-achieved' }
  /** the challenger can no longer win this stage: stop and go on */
  | { type: 'objective-impossible' }
  /** the duel: the first to eliminate the other */
  | { type: 'duel-won'; side: Side };

export function challengeStep(state: ChallengeState, event: ChallengeEvent): ChallengeState {
  const stage = state.stage;
  if (stage === 'over') throw new Error('challengeStep: the challenge is over');
  if (stage === 'duel') {
    if (event.type !== 'duel-won') throw new Error(`challengeStep: the duel ends only with a winner, not ${event.type}`);
    return { ...state, stage: 'over', challenger: null, winner: event.side, decidedIn: 'duel' };
  }
  if (event.type === 'duel-won') throw new Error(`challengeStep: no duel during ${stage}`);
  const challenger = state.challenger!;
  if (event.type === 'objective-achieved') return { ...state, stage: 'over', challenger: null, winner: challenger, decidedIn: stage };
  if (stage === 'first-blood') return { ...state, stage: 'revenge', challenger: otherSide(challenger), forces: state.unstaked };
  return { ...state, stage: 'duel', challenger: null, forces: { a: [], b: [] } };
}

/**
 * Who may have won at a stage, given the stakes: the First Blood is won only by the lower stake,
 * the Revenge only by the other player; the Duel by either. Null when the stakes are equal (a
 * roll-off chose) or unknown.
 */
export function stageWinner(stage: ChallengeStage, stakes: Record<Side, number | null>): Side | 'either' | null {
  if (stage === 'duel') return 'either';
  const { a, b } = stakes;
  if (a === null || b === null || a === b) return null;
  const lower: Side = a < b ? 'a' : 'b';
  return stage === 'first-blood' ? lower : otherSide(lower);
}
