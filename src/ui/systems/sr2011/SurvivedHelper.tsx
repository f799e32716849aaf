// « Classement à la survie »: a player's own army points that survived the game, counted on their
// registered list with the seed's counting (armyPointsSurvived): the same marks as the APD helper,
// read the other way round (a unit under half keeps half its value, rounded up).
import { armyPointsSurvived } from '../../../domain/sr2011';
import { APD_MARK_SET, MarksHelper, type ApdHelperProps, type MarksCount } from './ApdHelper';
import { apdEntry, type ApdMark } from './army';

const SURVIVED: MarksCount<ApdMark> = {
  keys: { title: 'results.survivedHelper.title', noList: 'results.survivedHelper.noList', rule: 'results.survivedHelper.rule', total: 'results.survivedHelper.total' },
  ...APD_MARK_SET,
  count: (rows, marks) => armyPointsSurvived(rows.map((r, i) => apdEntry(r, marks[i]!))),
};

export const SurvivedHelper = (props: ApdHelperProps) => <MarksHelper {...props} how={SURVIVED} />;
