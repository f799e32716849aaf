// The table parts of a system whose clock profile is 'none' (CDR, Rackham's 500-point games):
// a turn counter without limits, the organizer's limit shown at the setup when the round has
// one, and the result form generated from the system's result fields.
import { ticketEvent } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import { ResultForm } from '../../screens/event/results/ResultForm';
import type { SetupPartProps, TableParts, TableResultProps } from './table-parts';

function PlainLimit({ record }: SetupPartProps) {
  const { t } = useI18n();
  const limit = record.ticket.timeLimit;
  if (!limit) return null;
  return (
    <p class="setup-timing" data-testid="timing">
      {t('table.limit.line', { minutes: limit.minutes })}
    </p>
  );
}

function PlainResult({ record, onSubmit, onCancel }: TableResultProps) {
  const { event, round, pairing } = ticketEvent(record.ticket);
  return (
    <main class="screen table-result">
      <ResultForm event={event} round={round} pairing={pairing} atTable onSubmit={onSubmit} onCancel={onCancel} />
    </main>
  );
}

export const PLAIN_TABLE: TableParts = {
  setup: { Part: PlainLimit, asksFirst: true, choosesLists: false },
  Result: PlainResult,
  clock: { kind: 'turns', timed: false, clockEnds: false },
};
