// Steamroller 2011's entry in the systems' UI registry: its result parts, format, lists,
// standings, the scenario roll beside the round clock and the scenario card printed per table.
import type { Round } from '../../../domain/event-file';
import { eventTiming, paintingLevel, roundEndsAt } from '../../../domain/sr2011';
import type { SystemUi } from '../shared/system-ui';
import { SR2011_FORMAT } from './format';
import { SR2011_LISTS } from './lists';
import { sr2011ResultIssues } from './result-draft';
import { SR2011_RESULT } from './ResultFields';
import { ScenarioCardView } from './ScenarioCardView';
import { ScenarioPanel } from './ScenarioPanel';
import { SR2011_STANDINGS } from './standings';
import { TournamentSheet } from './TournamentSheet';

function ScenarioCard({ round, table }: { round: Round; table: number }) {
  return round.scenario ? <ScenarioCardView id={round.scenario} table={table} /> : null;
}

export const SR2011_UI: SystemUi = {
  result: SR2011_RESULT,
  format: SR2011_FORMAT,
  lists: SR2011_LISTS,
  standings: SR2011_STANDINGS,
  roundPanels: [ScenarioPanel],
  prestart: { step: 'guide.step.scenario', next: 'guide.next.scenario', ready: (round) => typeof round.scenario === 'string' && round.scenario !== '' },
  printCard: { Card: ScenarioCard, ready: (r) => Boolean(r.scenario), label: 'rounds.printCards' },
  painting: (settings) => paintingLevel(settings.variants),
  factions: { label: 'players.faction', list: 'players.factionList' },
  printSheet: TournamentSheet,
  byes: 'single',
  resultLine: (_e, _p, r, t) => t('rounds.cpLine', { a: r.a.cp, b: r.b.cp }),
  checkResult: sr2011ResultIssues,
  hiddenEnd: (event, round) => roundEndsAt(round, eventTiming(event.settings)),
};
