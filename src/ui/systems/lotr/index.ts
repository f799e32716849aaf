// Lord of the Rings' entry in the systems' UI registry: the desk's result parts, Swiss or round
// robin, no lists editor (the costs only are checked), the duel column in the standings.
import { systemFormat } from '../shared/format';
import { numberText as num, SCORED_SYSTEM, type SystemUi } from '../shared/system-ui';
import { LOTR_DESK_RESULT } from './DeskResult';
import { LOTR_STANDINGS } from './standings';

export const LOTR_UI: SystemUi = {
  ...SCORED_SYSTEM,
  // the points follow from the winner and the victory: the desk asks body count and kills only
  result: LOTR_DESK_RESULT,
  format: systemFormat({ pairingMethods: true }),
  lists: null,
  standings: LOTR_STANDINGS,
  printCard: null,
  factions: { label: 'players.faction.side', list: 'players.factionList.lotr' },
  resultLine: (_e, _p, r, t, lang) => t('systems.summary.pair', { a: num(r.a.points, lang), b: num(r.b.points, lang) }),
  /**
   * A v1 code carried winner and how, enough to rebuild LotR's points: the table's wizard saves a
   * total victory as 'scenario' (3-0), a points victory as 'tiebreak' with a winner (2-1) and a
   * perfect draw as 'tiebreak' with none (1.5-1.5). Body count and kills did not fit: the
   * organizer completes them from the players' sheet when a tie needs them.
   */
  codeOmits: ['bodyCount', 'kills'],
  fromCode: (result, pairing) => {
    const [win, lose] = result.winner === null ? [1.5, 1.5] : result.how === 'scenario' ? [3, 0] : [2, 1];
    const points = (id: string): number => (result.winner === null || result.winner === id ? win : lose);
    return { ...result, a: { ...result.a, points: points(pairing.a) }, b: { ...result.b, points: points(pairing.b) } };
  },
};
