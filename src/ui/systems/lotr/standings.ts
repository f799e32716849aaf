// Lord of the Rings' standings: points, body count, kills, and the duels once one is recorded.
import { lotrDuelGroups } from '../../../domain/lotr';
import { ranked } from '../shared/standings';
import { BYES, numberColumn, recordedDuels, WDL } from '../shared/standings-model';

export const LOTR_STANDINGS = ranked(
  (event) => [
    numberColumn('points', 'systems.col.points', 'systems.col.pointsLong', 'points'),
    numberColumn('bodyCount', 'systems.col.bodyCount', 'systems.col.bodyCountLong', 'bodyCount'),
    numberColumn('kills', 'systems.col.kills', 'systems.col.killsLong', 'kills'),
    // a duel is rare: its column only once the organizer has recorded one
    ...(recordedDuels(event).length > 0 ? [{ ...numberColumn('duelWins', 'systems.col.duels', 'systems.col.duelsLong'), orderKey: 'duel' }] : []),
    WDL,
    BYES,
  ],
  () => 'systems.order.lotr-sbg',
  lotrDuelGroups,
);
