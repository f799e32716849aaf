// Confrontation's standings: Rackham by points then score (a knockout by the round reached), CDR
// by TP then goal-average.
import { isKnockout } from '../shared/model';
import { ranked } from '../shared/standings';
import { BYES, numberColumn, WDL } from '../shared/standings-model';

export const RACKHAM_STANDINGS = ranked(
  () => [numberColumn('points', 'systems.col.points', 'systems.col.pointsLong', 'points'), numberColumn('score', 'systems.col.score', 'systems.col.scoreLong', 'score'), WDL, BYES],
  (event) => (isKnockout(event) ? 'systems.order.knockout' : 'systems.order.rackham500'),
);

export const CDR_STANDINGS = ranked(
  () => [
    numberColumn('tp', 'standings.col.tp', 'standings.key.tp', 'tp'),
    numberColumn('goalAverage', 'systems.col.goalAverage', 'systems.col.goalAverageLong', 'goalAverage'),
    numberColumn('vp', 'systems.col.vp', 'systems.col.vpLong'),
    WDL,
    BYES,
  ],
  () => 'systems.order.confrontation-cdr',
);
