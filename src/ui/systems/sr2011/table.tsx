// Steamroller 2011's parts of table mode: the scenario and the format's timing at the setup, the
// list each player picks, the turn clock timed by the format with assassination and concession in
// its end menu, the time-out wizard after DICE DOWN, and the result form started from what the
// clock decided, with CP, APD and lists on the confirmation.
import type { ClockResult } from '../../../domain/clock';
import type { GameResult } from '../../../domain/event-file';
import { ticketEvent, type TableTicket } from '../../../domain/handoff';
import { eventTiming, scenarioById, scenarioName } from '../../../domain/sr2011';
import { type Lang, useI18n } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { ResultForm } from '../../screens/event/results/ResultForm';
import { chosenList, type Side } from '../../screens/table/parts';
import type { ClockScenario, SetupPartProps, TableParts, TableResultProps, TimeOutProps } from '../shared/table-parts';
import { TimeOutWizard } from './TimeOutWizard';

export function TimingLine({ points, variants }: { points: number; variants: readonly string[] }) {
  const { t } = useI18n();
  const timing = eventTiming({ points, variants });
  let text: string;
  if (!timing.timeLimited) text = t('table.timing.untimed');
  else if (timing.reserveMinutes !== null) text = `${t('table.timing.reserve', { reserve: timing.reserveMinutes })}${timing.diceDown ? '' : ` · ${t('table.timing.suddenDeath')}`}`;
  else if (timing.extensionMinutes === null) text = t('table.timing.noExtensions', { turn: timing.turnMinutes ?? 0 });
  else text = t('table.timing.turns', { turn: timing.turnMinutes ?? 0, ext: timing.extensionMinutes });
  return (
    <>
      <p class="setup-timing" data-testid="timing">
        {text}
      </p>
      {timing.diceDown && <p class="muted">{t('table.timing.diceDown')}</p>}
    </>
  );
}

function ScenarioAndTiming({ record }: SetupPartProps) {
  const { t, lang } = useI18n();
  const { ticket } = record;
  return (
    <>
      <p>{ticket.scenario ? t('table.setup.scenario', { name: scenarioName(ticket.scenario, lang) }) : t('table.setup.noScenario')}</p>
      <TimingLine points={ticket.points} variants={ticket.variants} />
    </>
  );
}

/** The result form's starting point from what the clock knows; lists from the setup. */
export function prefillResult(
  ticket: TableTicket,
  record: TableGameRecord,
  result: ClockResult | undefined,
  cp: Record<Side, number> | null,
  apd: Record<Side, number> | null,
): GameResult | undefined {
  if (!result) return undefined;
  const side = (s: Side) => ({ cp: cp?.[s] ?? 0, apd: apd?.[s] ?? 0, listIndex: chosenList(ticket, record.setup, s)?.index ?? null });
  return { winner: result.winner === null ? null : ticket[result.winner].id, how: result.how, a: side('a'), b: side('b') };
}

function Sr2011Result({ record, ended, onSubmit, onCancel }: TableResultProps) {
  const { ticket } = record;
  const { event, round, pairing } = ticketEvent(ticket);
  return (
    <main class="screen table-result">
      <ResultForm
        event={event}
        round={round}
        pairing={pairing}
        initial={ended && prefillResult(ticket, record, ended.result, ended.cp, ended.apd)}
        atTable
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </main>
  );
}

function Sr2011Summary({ ticket, result }: { ticket: TableTicket; result: GameResult }) {
  const { t } = useI18n();
  const listName = (s: Side): string => {
    const i = result[s].listIndex;
    const l = i === null || i === undefined ? null : ticket[s].lists[i];
    return l ? l.caster : t('table.summary.noList');
  };
  return (
    <>
      <p>{t('table.summary.cp', { a: result.a.cp, b: result.b.cp })}</p>
      <p>{t('table.summary.apd', { a: result.a.apd, b: result.b.apd })}</p>
      <p>{t('table.summary.lists', { a: listName('a'), b: listName('b') })}</p>
    </>
  );
}

function Sr2011TimeOut({ record, cp, onDone, onCancel }: TimeOutProps) {
  const { event, round, pairing } = ticketEvent(record.ticket);
  const seed = (s: Side) => ({ cp: cp[s], listIndex: record.setup?.lists[s] ?? null });
  return (
    <main class="screen table-result">
      <TimeOutWizard event={event} round={round} pairing={pairing} initial={{ a: seed('a'), b: seed('b') }} onCancel={onCancel} onDone={onDone} />
    </main>
  );
}

/** A scenario card as the shared turn clock scores it. */
export function clockScenario(id: string, lang: Lang): ClockScenario | null {
  const card = scenarioById(id);
  if (!card) return null;
  const { kind } = card.winRule;
  return {
    name: card.name[lang],
    win: kind === 'control-points' || kind === 'not-provided' ? kind : 'other',
    cpPerElementCap: card.winRule.cpPerElementCap,
    elements: card.elements.flatMap((e) => Array.from({ length: e.count }, () => e.kind)),
  };
}

export const SR2011_TABLE: TableParts = {
  setup: { Part: ScenarioAndTiming, asksFirst: true, choosesLists: true },
  Result: Sr2011Result,
  Summary: Sr2011Summary,
  clock: { kind: 'turns', timed: true, clockEnds: true, TimeOut: Sr2011TimeOut, scenario: clockScenario },
};
