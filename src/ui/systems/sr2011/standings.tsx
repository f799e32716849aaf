// SR2011's standings parts: the annex variants' columns and order, the survival estimate, and the
// end-of-event proposals (unique leader, extra round) decided on every round played.
import { useStandings } from '../../use-standings';
import type { MessageKey, Translate } from '../../../i18n';
import { eventEndState, plannedWithExtra, type StandingRow } from '../../../domain/sr2011';
import { roundsCompleted } from '../../../domain/systems/event-state';
import { orderKeys, orderSentence, standingsCsv, statColumns, statValue, whyText as sr2011Why } from './standings-model';
import type { StandingsUi, EndPanelProps } from '../shared/standings';
import { WDL, type AnyRow, type Column } from '../shared/standings-model';
import { EndCheck } from './EndCheck';

const asSr2011 = (rows: readonly AnyRow[]): StandingRow[] => rows as unknown as StandingRow[];

function Sr2011End({ eventId, event, dispatch }: EndPanelProps) {
  // the end of the event is decided on every round played, whichever view is on screen
  const { rows, pending } = useStandings(eventId, event);
  const all = rows as StandingRow[] | null;
  if (!all || pending) return null;
  return <EndCheck state={eventEndState(event, all)} eventId={eventId} event={event} dispatch={dispatch} />;
}

/**
 * Survival standings: the players some of whose games had no surviving points recorded, whose
 * figure the domain estimates (list + 5 - the opponent's APD); empty when every game has one.
 */
function estimatedSurvival(rows: readonly StandingRow[], t: Translate): string {
  const estimated = rows.filter((r) => (r.survivedEstimated ?? 0) > 0);
  if (estimated.length === 0) return '';
  return t('standings.survivedEstimated', { list: estimated.map((r) => `${r.name} (${r.survivedEstimated})`).join(', ') });
}

export const SR2011_STANDINGS: StandingsUi = {
  columns: (event) => [
    ...statColumns(event).map(
      (k): Column => ({
        id: k,
        label: `standings.col.${k}` as MessageKey,
        long: `standings.key.${k}` as MessageKey,
        orderKey: k,
        text: (r) => String(statValue(r as unknown as StandingRow, k)),
      }),
    ),
    WDL,
  ],
  keys: (event, rows) => orderKeys(event, asSr2011(rows)),
  orderText: (event, rows, t, lang) => [orderSentence(event, asSr2011(rows), t, lang), estimatedSurvival(asSr2011(rows), t)].filter(Boolean).join(' '),
  progress: (event, t) => t(event.settings.rounds != null ? 'standings.progressFixed' : 'standings.progress', { n: roundsCompleted(event), planned: plannedWithExtra(event) }),
  why: (row, t) => sr2011Why(row as unknown as StandingRow, t),
  csv: (event, rows, t, _lang, people) => standingsCsv(event, asSr2011(rows), t, people),
  EndPanel: Sr2011End,
};
