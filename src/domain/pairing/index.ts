export { pairSwiss, pairSwissWithStats, pairFirstRound } from './swiss';
export type { SwissPlayer, SwissOptions, SwissPairing, SwissResult, SwissStats } from './swiss';
export { maxWeightMatching, minCostPerfectMatching, edgeList, EdgeBuilder } from './blossom';
export type { EdgeList } from './blossom';
export { minCostAssignment } from './tables';
