// The rounds of an event, for every game system: pair the next one in the worker (the clock never
// stutters), start it, run the clock the system declares, hand each table its ticket and clock,
// take results, close, print and project. What differs per system comes from the domain's
// GameSystem and the system's UI companion (uiFor): extra round panels, result form, table cards.
import { useState } from 'preact/hooks';
import type { Pairing } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { saveErrorMessage } from '../../errors';
import { href } from '../../router';
import { useServices } from '../../services';
import { usePrint } from '../../use-print';
import { PairingsTable } from './rounds/PairingsTable';
import { uiFor } from '../../systems';
import { RoundClock } from './rounds/RoundClock';
import { DeviceClock } from './rounds/DeviceClock';
import { RoundGuide } from './rounds/RoundGuide';
import { AbsenteesDialog, RoundsToolbar, usePairNext } from './rounds/PairNext';
import { PrintCards, RoundActions, RoundPanels } from './rounds/RoundTools';
import { readEntering, useResultEntry } from './rounds/use-result-entry';
import { roundLabel, roundStage } from '../../systems/shared/model';
import type { TabProps } from './types';

export function Rounds({ eventId, event, meta, dispatch }: TabProps) {
  const { t } = useI18n();
  const { notify } = useServices();
  const last = event.rounds[event.rounds.length - 1];
  const reopened = readEntering(eventId);
  const [selected, setSelected] = useState<number | null>(reopened?.round ?? null);
  const round = event.rounds.find((r) => r.number === (selected ?? last?.number)) ?? last;
  const { entering, setEntering, saveResult, cancel } = useResultEntry({ eventId, event, lastSeq: meta.lastSeq, dispatch, round, reopened });
  const pairing = usePairNext({ event, meta, dispatch }, setSelected);
  const [printing, setPrinting] = useState<'pairings' | 'cards' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [ticketFor, setTicketFor] = useState<Pairing | null>(null);
  const [intake, setIntake] = useState(false);
  const [hall, setHall] = useState(false);

  usePrint(printing, () => setPrinting(null));

  const deleteRound = async (): Promise<void> => {
    setDeleting(false);
    try {
      await dispatch({ type: 'round-deleted', number: round!.number });
      setSelected(null);
      notify(t('rounds.deleted', { n: round!.number }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  const canDelete = round === last && round && !round.pairings.some((p) => p.result) && typeof round.startedAt !== 'number';

  return (
    <section class={`rounds ${printing ? `printing-${printing}` : ''}`}>
      <RoundsToolbar event={event} round={round} onSelect={setSelected} pairing={pairing} />
      <RoundGuide event={event} round={round} />
      {!round ? (
        <p class="empty">{t('rounds.empty')}</p>
      ) : (
        <>
          <h2 class="print-title">
            {event.name} — {roundLabel(round, t)}
          </h2>
          {roundStage(round) && (
            <h2 class="round-stage no-print" data-testid="round-stage">
              {roundLabel(round, t)}
            </h2>
          )}
          <div class="round-grid no-print">
            <DeviceClock eventId={eventId} version={event}>
              <RoundClock event={event} round={round} dispatch={dispatch} />
            </DeviceClock>
            {uiFor(event.system).roundPanels.map((Panel, i) => (
              <Panel key={i} event={event} round={round} dispatch={dispatch} />
            ))}
          </div>
          <RoundPanels
            {...{ event, eventId, round, dispatch, entering, ticketFor, intake, hall }}
            onResult={saveResult}
            onCancelResult={cancel}
            onCloseTicket={() => setTicketFor(null)}
            onCloseIntake={() => setIntake(false)}
            onCloseHall={() => setHall(false)}
          />
          <div class="printable-pairings">
            <PairingsTable
              eventId={eventId}
              event={event}
              round={round}
              dispatch={dispatch}
              onEnterResult={setEntering}
              clockHref={(p) => href({ name: 'event-table', id: eventId, round: round.number, table: p.table })}
              onTicket={setTicketFor}
            />
          </div>
          <RoundActions
            {...{ event, eventId, round }}
            onPrint={setPrinting}
            onIntake={() => setIntake(true)}
            onHall={() => setHall(true)}
            onDelete={canDelete ? () => setDeleting(true) : null}
          />
          {printing === 'cards' && <PrintCards event={event} round={round} />}
        </>
      )}
      <AbsenteesDialog event={event} pairing={pairing} />
      {deleting && round && (
        <ConfirmDialog
          message={t('rounds.deleteConfirm', { n: round.number })}
          confirmLabel={t('rounds.delete')}
          danger
          onConfirm={() => void deleteRound()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </section>
  );
}
