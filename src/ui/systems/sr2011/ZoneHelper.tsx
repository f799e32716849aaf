// Army points inside the scenario's zone(s) for the 3rd time-out condition, counted on the
// player's own registered list with the SR2011 rules (armyPointsInZone).
import { armyPointsInZone } from '../../../domain/sr2011';
import { MarksHelper, type ApdHelperProps, type MarksCount } from './ApdHelper';
import { ZONE_MARKS_CASTER, ZONE_MARKS_MODEL, zoneEntry, type ZoneMark } from './army';

const ZONE: MarksCount<ZoneMark> = {
  keys: { title: 'results.zoneHelper.title', noList: 'results.zoneHelper.noList', rule: 'results.zoneHelper.rule', total: 'results.zoneHelper.total' },
  casterMarks: ZONE_MARKS_CASTER,
  modelMarks: ZONE_MARKS_MODEL,
  labels: { out: 'results.mark.out', in: 'results.mark.in', 'in-not-counted': 'results.mark.inNotCounted' },
  count: (rows, marks) => armyPointsInZone(rows.map((r, i) => zoneEntry(r, marks[i]!))),
};

export const ZoneHelper = (props: ApdHelperProps) => <MarksHelper {...props} how={ZONE} />;
