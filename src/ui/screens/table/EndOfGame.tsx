// After the last action: what the clock decided, the two players' confirmations with the
// result's summary (its system's own lines included), and the hand-over (straight into the event
// on the organizer's tablet, or a result code on a table device).
import { useState } from 'preact/hooks';
import type { ClockResult } from '../../../domain/clock';
import type { GameResult, WinHow } from '../../../domain/event-file';
import { encodeResultCode, packFields, payloadFromResult, resultCodeProblem, signPayload, ticketEvent, withTicketTags, type TableTicket } from '../../../domain/handoff';
import { systemFor } from '../../../domain/systems';
import { useI18n, type MessageKey } from '../../../i18n';
import type { TableGameRecord, TableOutcome } from '../../../store/table-games';
import { PinForm } from '../../components/PinGate';
import { href } from '../../router';
import { useServices } from '../../services';
import { tablePartsFor } from '../../systems/table-parts';
import { SIDES, type Side } from './parts';
import { QrCode } from './QrCode';
import { SendResult } from './SendResult';
import { CodeGroups } from './ShortCode';

export const HOW_KEYS: Record<WinHow, MessageKey> = {
  assassination: 'results.how.assassination',
  scenario: 'results.how.scenario',
  tiebreak: 'results.how.tiebreak',
  clock: 'results.how.clock',
  forfeit: 'results.how.forfeit',
};

/**
 * The organizer's tablet records the result itself: null once recorded, the refusals, or
 * 'as-code' when the event is locked: the result then goes out as a signed code, through the
 * same gate as any table's code (the organizer takes it once unlocked).
 */
export type RecordResult = (result: GameResult) => Promise<string[] | null | 'as-code'>;

export function GameOver({
  ticket,
  result,
  clockLoser,
  onNext,
  onBack,
}: {
  ticket: TableTicket;
  result: ClockResult;
  clockLoser: Side | null;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  return (
    <main class="screen table-over">
      <h1>{t('table.over.title')}</h1>
      <p class="result-consequence" data-testid="over-line">
        {result.winner === null ? t('table.over.draw') : t('table.over.winner', { name: ticket[result.winner].name, how: result.how ? t(HOW_KEYS[result.how]) : '' })}
      </p>
      {clockLoser && (
        <p class="warning-text" data-testid="clock-loss">
          {t('table.over.clockLoss', { name: ticket[clockLoser].name })}
        </p>
      )}
      <div class="row">
        <button type="button" class="btn" onClick={onBack}>
          ↶ {t('table.over.back')}
        </button>
        <button type="button" class="btn primary big" onClick={onNext}>
          {t('table.over.next')}
        </button>
      </div>
    </main>
  );
}

function Summary({ ticket, result }: { ticket: TableTicket; result: GameResult }) {
  const { t } = useI18n();
  const { pairing } = ticketEvent(ticket);
  const winnerSide: Side | null = result.winner === null ? null : result.winner === pairing.a ? 'a' : 'b';
  const Lines = tablePartsFor(ticket).Summary;
  return (
    <div class="panel table-summary" data-testid="result-summary">
      <p class="result-consequence">
        {winnerSide === null
          ? t('table.over.draw')
          : result.how
            ? t('table.over.winner', { name: ticket[winnerSide].name, how: t(HOW_KEYS[result.how]) })
            : t('table.over.wins', { name: ticket[winnerSide].name })}
      </p>
      {Lines && <Lines ticket={ticket} result={result} />}
      <p class="muted">
        {ticket.a.name} – {ticket.b.name}
      </p>
    </div>
  );
}

/** The result code a table hands over: packed, checked for size, signed with the table's key. */
async function resultCodeFor(o: TableOutcome, ticket: TableTicket, t: ReturnType<typeof useI18n>['t']): Promise<{ ok: true; code: string } | { ok: false; problem: string }> {
  const { event, pairing } = ticketEvent(ticket);
  // the code carries winner, how, CP, APD, the list and every field of the system's own (v2);
  // a ticket entered by short code hands back the organizer's fingerprints it carried
  const fields = systemFor(ticket.system).resultFields(event.settings);
  const packed = packFields(o.result, fields);
  if (!packed.ok) return { ok: false, problem: t('table.deliver.tooBig', { field: packed.field }) };
  let payload = withTicketTags(payloadFromResult(o.result, { eventId: ticket.eventId, round: ticket.round, pairing }, fields), ticket);
  const problem = resultCodeProblem(payload);
  if (problem) return { ok: false, problem: t('table.deliver.tooBig', { field: problem.field }) };
  // signed with this table's key from the ticket, so the organizer can tell it was not altered
  if (ticket.key) payload = await signPayload(payload, ticket.key);
  return { ok: true, code: encodeResultCode(payload) };
}

/** Two confirmations, then the hand-over; shows the code (or the recorded note) once done. */
export function Outcome({
  record,
  outcome,
  change,
  onRecord,
  onEdit,
  exitHref,
}: {
  record: TableGameRecord;
  outcome: TableOutcome;
  change: (f: (o: TableOutcome) => TableOutcome) => Promise<TableOutcome | null>;
  onRecord?: RecordResult;
  onEdit: () => void;
  exitHref: string;
}) {
  const { t } = useI18n();
  const { now } = useServices();
  const { ticket } = record;
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const deliver = async (o: TableOutcome): Promise<void> => {
    if (record.origin === 'organizer' && onRecord) {
      const refused = await onRecord(o.result);
      if (Array.isArray(refused)) return setProblems(refused);
      if (refused === null) {
        await change((x) => ({ ...x, delivered: { how: 'local', at: now() } }));
        return;
      }
    }
    const coded = await resultCodeFor(o, ticket, t);
    if (!coded.ok) return setProblems([coded.problem]);
    await change((x) => ({ ...x, delivered: { how: 'code', at: now(), code: coded.code } }));
  };

  /** after the PIN on a locked tablet: the same recording as an open organizer mode */
  const recordNow = async (): Promise<void> => {
    const refused = await onRecord?.(outcome.result);
    if (Array.isArray(refused)) return setProblems(refused);
    if (refused === null) await change((x) => ({ ...x, delivered: { how: 'local', at: now() } }));
  };

  const confirm = async (s: Side): Promise<void> => {
    setBusy(true);
    try {
      // from the stored outcome, not this render's: both players may tap at the same moment
      const next = await change((x) => ({ ...x, confirmed: { ...x.confirmed, [s]: true } }));
      if (next?.confirmed.a && next.confirmed.b && !next.delivered) await deliver(next);
    } finally {
      setBusy(false);
    }
  };

  const delivered = outcome.delivered;
  if (delivered?.how === 'code' && delivered.code) {
    return <DeliveredAsCode record={record} result={outcome.result} code={delivered.code} onRecord={onRecord} recordNow={() => void recordNow()} problems={problems} />;
  }
  if (delivered?.how === 'local') {
    return (
      <main class="screen table-delivered">
        <h1 data-testid="delivered-local">{t('table.deliver.local')}</h1>
        <Summary ticket={ticket} result={outcome.result} />
        <a class="btn primary big" href={exitHref}>
          {t('table.deliver.back')}
        </a>
      </main>
    );
  }
  return (
    <main class="screen table-confirm">
      <h1>{t('table.confirm.title')}</h1>
      <Summary ticket={ticket} result={outcome.result} />
      <div class="confirm-buttons">
        {SIDES.map((s) =>
          outcome.confirmed[s] ? (
            <p key={s} class="chip used" data-testid={`confirmed-${s}`}>
              ✓ {t('table.confirm.done', { name: ticket[s].name })}
            </p>
          ) : (
            <button key={s} type="button" class="btn primary big" disabled={busy} onClick={() => void confirm(s)}>
              {t('table.confirm.by', { name: ticket[s].name })}
            </button>
          ),
        )}
      </div>
      <RefusedList problems={problems} />
      <EditOrDispute
        busy={busy}
        disputed={outcome.disputed}
        onEdit={() => {
          setProblems([]);
          onEdit();
        }}
        onDispute={() => void change((x) => ({ ...x, disputed: true }))}
      />
    </main>
  );
}

/** The hand-over as a code: the QR and the typed code, and on the organizer's locked tablet the PIN that records it here. */
function DeliveredAsCode({
  record,
  result,
  code,
  onRecord,
  recordNow,
  problems,
}: {
  record: TableGameRecord;
  result: GameResult;
  code: string;
  onRecord?: RecordResult;
  recordNow: () => void;
  problems: string[];
}) {
  const { t } = useI18n();
  const { ticket } = record;
  return (
    <main class="screen table-delivered">
      <h1>{t('table.deliver.code')}</h1>
      {record.origin === 'organizer' && (
        <>
          <p class="warning-text" data-testid="locked-as-code">
            {t('table.deliver.lockedAsCode')}
          </p>
          {onRecord && (
            <details class="panel">
              <summary>{t('table.deliver.withPin')}</summary>
              {/* the organizer at the tablet: the PIN opens the event, and the result goes in */}
              <PinForm eventId={ticket.eventId} onUnlocked={recordNow} />
            </details>
          )}
          {problems.length > 0 && (
            <ul class="error" role="alert">
              {problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {ticket.intake && <SendResult address={ticket.intake} code={code} />}
      <QrCode text={code} label={t('table.intake.code')} testId="result-qr" ecc="auto" />
      <p class="muted">{t('table.deliver.codeHelp')}</p>
      <p class="result-code" data-testid="result-code">
        <CodeGroups code={code} />
      </p>
      <Summary ticket={ticket} result={result} />
      <a class="btn big" href={href({ name: 'table-home' })}>
        {t('table.deliver.games')}
      </a>
    </main>
  );
}

/** Back to the form, or « not agreed »: the organizer is called to the table. */
function EditOrDispute({ busy, disputed, onEdit, onDispute }: { busy: boolean; disputed: boolean | undefined; onEdit: () => void; onDispute: () => void }) {
  const { t } = useI18n();
  return (
    <div class="row">
      <button type="button" class="btn" disabled={busy} onClick={onEdit}>
        {t('table.confirm.edit')}
      </button>
      {disputed ? (
        <p class="warning-text" role="status" data-testid="disputed">
          {t('table.confirm.disputed')}
        </p>
      ) : (
        <button type="button" class="btn" disabled={busy} onClick={onDispute}>
          {t('table.confirm.dispute')}
        </button>
      )}
    </div>
  );
}

/** What the organizer's event refused in the result, to be corrected in the form. */
function RefusedList({ problems }: { problems: string[] }) {
  const { t } = useI18n();
  if (problems.length === 0) return null;
  return (
    <div class="panel result-errors" role="alert">
      <strong>{t('table.deliver.refused')}</strong>
      <ul class="error">
        {problems.map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
