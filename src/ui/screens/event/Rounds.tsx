// The rounds of an event, for every game system: pair the next one in the worker (the clock never
// stutters), start it, run the clock the system declares, hand each table its ticket and clock,
// take results, close, print and project. What differs per system comes from the domain's
// GameSystem and the system's UI companion (uiFor): extra round panels, result form, table cards.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameResult, Pairing } from '../../../domain/event-file';
import { absentAfterRound, notCheckedIn, type PairOutcome } from '../../../domain/systems';
import { useI18n } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { saveErrorMessage } from '../../errors';
import { href } from '../../router';
import { useServices } from '../../services';
import { usePrint } from '../../use-print';
import { clearSessionDraft } from '../../use-session-draft';
import { lazyScreen } from '../../lazy';
import { PairingsTable } from './rounds/PairingsTable';
import { ResultForm } from './results/ResultForm';
import { uiFor } from '../../systems';
import { RoundClock } from './rounds/RoundClock';
import { DeviceClock } from './rounds/DeviceClock';
import { eventOverText, RoundGuide } from './rounds/RoundGuide';
import { guideStep, pairBlock } from './rounds/guide';
import { isKnockout, refusalText, roundLabel, roundStage, stageLabel } from '../../systems/shared/model';
import type { TabProps } from './types';
import { TicketSheetButton } from '../table/TicketSheetButton';

// table mode's QR pieces load on first use: most rounds never show one
const TicketPanel = lazyScreen<import('../table/TicketPanel').TicketPanelProps>(() => import('../table/TicketPanel').then((m) => m.TicketPanel));
const Hall = lazyScreen<import('../../desk/Hall').HallProps>(() => import('../../desk/Hall').then((m) => m.Hall));
const ResultsDesk = lazyScreen<import('../../desk/ResultsDesk').ResultsDeskProps>(() => import('../../desk/ResultsDesk').then((m) => m.ResultsDesk));

/** Which result form is open, per tab session: a reload reopens it (its draft is kept by the form). */
const enteringKey = (eventId: string): string => `result-open:${eventId}`;
function readEntering(eventId: string): { round: number; table: number; seq: number } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(enteringKey(eventId)) ?? 'null') as { round?: unknown; table?: unknown; seq?: unknown } | null;
    return v && typeof v.round === 'number' && typeof v.table === 'number' && typeof v.seq === 'number' ? { round: v.round, table: v.table, seq: v.seq } : null;
  } catch {
    return null;
  }
}

export function Rounds({ eventId, event, meta, dispatch }: TabProps) {
  const { t } = useI18n();
  const { engine, notify } = useServices();
  const last = event.rounds[event.rounds.length - 1];
  const reopened = readEntering(eventId);
  const [selected, setSelected] = useState<number | null>(reopened?.round ?? null);
  const [busy, setBusy] = useState(false);
  const [entering, setEnteringState] = useState<Pairing | null>(
    () => (reopened && event.rounds.find((r) => r.number === reopened.round)?.pairings.find((p) => p.table === reopened.table)) || null,
  );
  // the log seq the result form was opened at: a save after another tab's change is refused
  // (a form reopened after a reload keeps the seq it was first opened at)
  const openedAt = useRef(reopened?.seq ?? meta.lastSeq);
  const [absentees, setAbsentees] = useState<string[] | null>(null);
  const [focusTable, setFocusTable] = useState<number | null>(null);
  const [printing, setPrinting] = useState<'pairings' | 'cards' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [ticketFor, setTicketFor] = useState<Pairing | null>(null);
  const [intake, setIntake] = useState(false);
  const [hall, setHall] = useState(false);
  const round = event.rounds.find((r) => r.number === (selected ?? last?.number)) ?? last;
  const setEntering = (p: Pairing | null): void => {
    if (p) openedAt.current = meta.lastSeq;
    setEnteringState(p);
    try {
      if (p && round) sessionStorage.setItem(enteringKey(eventId), JSON.stringify({ round: round.number, table: p.table, seq: meta.lastSeq }));
      else sessionStorage.removeItem(enteringKey(eventId));
    } catch {
      // storage refused (private mode): the form simply does not come back after a reload
    }
  };
  // after a save the list keeps the organizer's place: back to the row just entered
  useEffect(() => {
    if (focusTable === null) return;
    const row = document.querySelector<HTMLElement>(`[data-testid=pairings-table] tr[data-table="${focusTable}"]`);
    row?.scrollIntoView?.({ block: 'center' });
    row?.querySelector<HTMLElement>('button.result-btn')?.focus({ preventScroll: true });
    setFocusTable(null);
  }, [focusTable]);

  usePrint(printing, () => setPrinting(null));

  const ui = uiFor(event.system);
  const PrintCard = ui.printCard;
  const nameOf = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;

  /** What the organizer needs to hear after a pairing: the stage, who goes through without a game, who has no place. */
  const pairedText = (r: Extract<PairOutcome, { ok: true }>): string => {
    const stage = roundStage(r.round);
    const head = stage
      ? t('systems.paired.stage', { n: r.round.number, stage: stageLabel(stage, t), tables: r.round.pairings.length })
      : t('rounds.paired', { n: r.round.number, tables: r.round.pairings.length });
    const parts = [head];
    if (ui.byes === 'scored' && r.byes.length > 0)
      parts.push(t(isKnockout(event) ? 'systems.paired.through' : 'systems.paired.byes', { n: r.byes.length, names: r.byes.map(nameOf).join(', ') }));
    if (r.unscheduled.length > 0) parts.push(t('systems.paired.unscheduled', { n: r.unscheduled.length, names: r.unscheduled.map(nameOf).join(', ') }));
    return parts.join(' ');
  };

  const block = pairBlock(event);
  const blockText =
    block === null
      ? null
      : block.reason === 'finished'
        ? t('rounds.refused.finished')
        : block.reason === 'over'
          ? eventOverText(event, block.over, t)
          : block.reason === 'running'
            ? t('guide.blocked.running', { round: block.round })
            : t('rounds.refused.round-unfinished', { round: block.round, tables: block.tables.join(', ') });
  const step = guideStep(event, ui.prestart?.ready ?? null);

  /** Check-in in use and players still not ticked: ask first (issue 12). */
  const askThenPair = (): void => {
    if (block) return notify(blockText!, 'error');
    const absent = notCheckedIn(event);
    if (absent.length > 0) return setAbsentees(absent);
    void pairNext(event);
  };

  const markAbsentThenPair = async (ids: string[]): Promise<void> => {
    setAbsentees(null);
    try {
      const after = await dispatch({ type: 'players-absent', ids, afterRound: absentAfterRound(event), basedOn: meta.lastSeq });
      notify(t('checkin.absentDone', { n: ids.length, names: ids.map(nameOf).join(', ') }));
      // paired on the state just written: one entry after the one this screen showed
      await pairNext(after, meta.lastSeq + 1);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  const pairNext = async (event: TabProps['event'], basedOn = meta.lastSeq): Promise<void> => {
    setBusy(true);
    try {
      const r = await engine.call('pairNextRound', [event, { seed: randomSeed() }]);
      if (!r.ok) return notify(refusalText(event, r, t), 'error');
      await dispatch({ type: 'round-paired', round: r.round, basedOn });
      setSelected(r.round.number);
      notify(r.rematches > 0 ? t('rounds.rematchWarning', { n: r.rematches }) : pairedText(r), r.rematches > 0 || r.unscheduled.length > 0 ? 'error' : 'info');
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const saveResult = async (pairing: Pairing, result: GameResult): Promise<void> => {
    const type = pairing.result ? 'result-corrected' : 'result-recorded';
    await dispatch({ type, round: round!.number, table: pairing.table, result, basedOn: openedAt.current });
    clearSessionDraft(`${eventId}:${round!.number}:${pairing.table}`);
    setEntering(null);
    setFocusTable(pairing.table);
    notify(t('rounds.resultSaved', { table: pairing.table }));
  };

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

  const nextNumber = event.rounds.length + 1;
  const canDelete = round === last && round && !round.pairings.some((p) => p.result) && typeof round.startedAt !== 'number';

  return (
    <section class={`rounds ${printing ? `printing-${printing}` : ''}`}>
      <div class="toolbar no-print">
        <nav class="round-tabs" aria-label={t('event.rounds')}>
          {event.rounds.map((r) => (
            <button key={r.number} type="button" class={r.number === round?.number ? 'btn primary' : 'btn'} aria-current={r.number === round?.number ? 'true' : undefined} onClick={() => setSelected(r.number)}>
              {roundLabel(r, t)}
            </button>
          ))}
        </nav>
        <div class="pair-next">
          {/* the big button only when pairing is the step; otherwise plain, and why it waits is shown before any tap */}
          <button
            type="button"
            class={step === 'pair' ? 'btn primary big' : 'btn'}
            onClick={askThenPair}
            disabled={busy || block !== null}
            aria-describedby={blockText ? 'pair-blocked' : undefined}
          >
            {busy ? t('rounds.pairing') : t('rounds.pairNext', { n: nextNumber })}
          </button>
          {blockText && (
            <p class="blocked-reason muted" id="pair-blocked" data-testid="pair-blocked">
              {blockText}
            </p>
          )}
        </div>
      </div>
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
            {ui.roundPanels.map((Panel, i) => (
              <Panel key={i} event={event} round={round} dispatch={dispatch} />
            ))}
          </div>
          {entering && (
            <div class="panel no-print">
              <ResultForm
                key={`${round.number}-${entering.table}`}
                event={event}
                round={round}
                pairing={entering}
                initial={entering.result}
                draftKey={`${eventId}:${round.number}:${entering.table}`}
                onSubmit={(result) => saveResult(entering, result)}
                onCancel={() => {
                  clearSessionDraft(`${eventId}:${round.number}:${entering.table}`);
                  setEntering(null);
                }}
              />
            </div>
          )}
          {ticketFor && (
            <div class="no-print">
              <TicketPanel key={`${round.number}-${ticketFor.table}`} event={event} eventId={eventId} round={round.number} pairing={ticketFor} onClose={() => setTicketFor(null)} />
            </div>
          )}
          {intake && (
            <div class="no-print">
              <ResultsDesk key={round.number} event={event} eventId={eventId} round={round.number} dispatch={dispatch} onClose={() => setIntake(false)} />
            </div>
          )}
          {hall && (
            <div class="no-print">
              <Hall key={round.number} event={event} eventId={eventId} round={round.number} onClose={() => setHall(false)} />
            </div>
          )}
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
          <div class="row no-print actions">
            <button type="button" class="btn" onClick={() => setPrinting('pairings')}>
              🖨 {t('rounds.print')}
            </button>
            {PrintCard?.ready(round) && (
              <button type="button" class="btn" onClick={() => setPrinting('cards')}>
                🖨 {t(PrintCard.label)}
              </button>
            )}
            <TicketSheetButton event={event} eventId={eventId} round={round.number} />
            <button type="button" class="btn" onClick={() => setIntake(true)}>
              {t('table.scanResult')}
            </button>
            <button type="button" class="btn" onClick={() => setHall(true)} data-testid="open-hall">
              {t('salle.open')}
            </button>
            <a class="btn" href={href({ name: 'projector', id: eventId, what: 'pairings' })}>
              📽 {t('rounds.projector')}
            </a>
            {canDelete && (
              <button type="button" class="btn danger" onClick={() => setDeleting(true)}>
                {t('rounds.delete')}
              </button>
            )}
          </div>
          {printing === 'cards' && PrintCard?.ready(round) && (
            <div class="print-cards">
              {round.pairings.map((p) => (
                <PrintCard.Card key={p.table} round={round} table={p.table} />
              ))}
            </div>
          )}
        </>
      )}
      {absentees && (
        <ConfirmDialog
          message={`${t('checkin.ask', { n: absentees.length, names: absentees.map(nameOf).join(', ') })} ${t('checkin.help')}`}
          confirmLabel={t('checkin.markAbsent', { n: absentees.length })}
          onConfirm={() => void markAbsentThenPair(absentees)}
          extra={{
            label: t('checkin.pairAnyway', { n: absentees.length }),
            onClick: () => {
              setAbsentees(null);
              void pairNext(event);
            },
          }}
          onCancel={() => setAbsentees(null)}
        />
      )}
      {deleting && round && (
        <ConfirmDialog message={t('rounds.deleteConfirm', { n: round.number })} confirmLabel={t('rounds.delete')} danger onConfirm={() => void deleteRound()} onCancel={() => setDeleting(false)} />
      )}
    </section>
  );
}
