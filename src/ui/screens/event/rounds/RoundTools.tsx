// What the rounds' tab offers around the pairings of the round shown: the panels opened above the
// list (a result form, a table's ticket, the results desk, the hall) and the row of actions below
// it (print, tickets, scan, hall, projector, delete), with the system's printed cards.
import type { EventFile, GameResult, Pairing, Round } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { lazyScreen } from '../../../lazy';
import { href } from '../../../router';
import { uiFor } from '../../../systems';
import { ResultForm } from '../results/ResultForm';
import { TicketSheetButton } from '../../table/TicketSheetButton';
import type { TabProps } from '../types';

// table mode's QR pieces load on first use: most rounds never show one
const TicketPanel = lazyScreen<import('../../table/TicketPanel').TicketPanelProps>(() => import('../../table/TicketPanel').then((m) => m.TicketPanel));
const Hall = lazyScreen<import('../../../desk/Hall').HallProps>(() => import('../../../desk/Hall').then((m) => m.Hall));
const ResultsDesk = lazyScreen<import('../../../desk/ResultsDesk').ResultsDeskProps>(() => import('../../../desk/ResultsDesk').then((m) => m.ResultsDesk));

interface PanelsProps {
  event: EventFile;
  eventId: string;
  round: Round;
  dispatch: TabProps['dispatch'];
  /** the result form's table, if one is open */
  entering: Pairing | null;
  onResult: (pairing: Pairing, result: GameResult) => Promise<void>;
  onCancelResult: () => void;
  ticketFor: Pairing | null;
  onCloseTicket: () => void;
  intake: boolean;
  onCloseIntake: () => void;
  hall: boolean;
  onCloseHall: () => void;
}

/** The panels opened above the pairings. */
export function RoundPanels(props: PanelsProps) {
  const { event, eventId, round, dispatch, entering, ticketFor, intake, hall } = props;
  return (
    <>
      {entering && (
        <div class="panel no-print">
          <ResultForm
            key={`${round.number}-${entering.table}`}
            event={event}
            round={round}
            pairing={entering}
            initial={entering.result}
            draftKey={`${eventId}:${round.number}:${entering.table}`}
            onSubmit={(result) => props.onResult(entering, result)}
            onCancel={props.onCancelResult}
          />
        </div>
      )}
      {ticketFor && (
        <div class="no-print">
          <TicketPanel key={`${round.number}-${ticketFor.table}`} event={event} eventId={eventId} round={round.number} pairing={ticketFor} onClose={props.onCloseTicket} />
        </div>
      )}
      {intake && (
        <div class="no-print">
          <ResultsDesk key={round.number} event={event} eventId={eventId} round={round.number} dispatch={dispatch} onClose={props.onCloseIntake} />
        </div>
      )}
      {hall && (
        <div class="no-print">
          <Hall key={round.number} event={event} eventId={eventId} round={round.number} onClose={props.onCloseHall} />
        </div>
      )}
    </>
  );
}

interface ActionsProps {
  event: EventFile;
  eventId: string;
  round: Round;
  onPrint: (what: 'pairings' | 'cards') => void;
  onIntake: () => void;
  onHall: () => void;
  /** shown only when the round may be deleted */
  onDelete: (() => void) | null;
}

/** The actions on the round shown, below its pairings. */
export function RoundActions({ event, eventId, round, onPrint, onIntake, onHall, onDelete }: ActionsProps) {
  const { t } = useI18n();
  const PrintCard = uiFor(event.system).printCard;
  return (
    <div class="row no-print actions">
      <button type="button" class="btn" onClick={() => onPrint('pairings')}>
        🖨 {t('rounds.print')}
      </button>
      {PrintCard?.ready(round) && (
        <button type="button" class="btn" onClick={() => onPrint('cards')}>
          🖨 {t(PrintCard.label)}
        </button>
      )}
      <TicketSheetButton event={event} eventId={eventId} round={round.number} />
      <button type="button" class="btn" onClick={onIntake}>
        {t('table.scanResult')}
      </button>
      <button type="button" class="btn" onClick={onHall} data-testid="open-hall">
        {t('salle.open')}
      </button>
      <a class="btn" href={href({ name: 'projector', id: eventId, what: 'pairings' })}>
        📽 {t('rounds.projector')}
      </a>
      {onDelete && (
        <button type="button" class="btn danger" onClick={onDelete}>
          {t('rounds.delete')}
        </button>
      )}
    </div>
  );
}

/** The system's table cards for the printer, when it has some and the round is ready for them. */
export function PrintCards({ event, round }: { event: EventFile; round: Round }) {
  const PrintCard = uiFor(event.system).printCard;
  if (!PrintCard?.ready(round)) return null;
  return (
    <div class="print-cards">
      {round.pairings.map((p) => (
        <PrintCard.Card key={p.table} round={round} table={p.table} />
      ))}
    </div>
  );
}
