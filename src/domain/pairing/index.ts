export { pairSwiss, pairSwissWithStats, pairFirstRound } from './swiss';
export type { SwissPlayer, SwissOptions, SwissPairing, SwissResult, SwissStats } from './swiss';
export { maxWeightMatching, minCostPerfectMatching, edgeList, EdgeBuilder } from './blossom';
export type { EdgeList } from './blossom';
export { minCostAssignment } from './tables';
export { bracketSize, knockoutRoundCount, bracketPositions, firstRoundSlots, nextRoundSlots } from './knockout';
export type { KnockoutSlot } from './knockout';
export { roundRobinRound, roundRobinRoundCount, roundRobinSchedule } from './round-robin';
export type { RoundRobinRound } from './round-robin';
