// The organizer shows one table's ticket as a QR for the table's device to scan. Tickets exist
// only once the round has started: they carry its start, its scenario (secret until then) and
// its sealed end.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile, Pairing } from '../../../domain/event-file';
import { encodeTicket } from '../../../domain/handoff';
import { qrTicketText } from './ticket-for';
import { useI18n } from '../../../i18n';
import { QrCode } from './QrCode';
import { eventSecret } from '../../../store/secrets';
import { useServices } from '../../services';
import { issueTicket, shortTicketCode, ticketIntake } from './ticket-for';
import { ShortCode } from './ShortCode';

export interface TicketPanelProps {
  event: EventFile;
  eventId: string;
  round: number;
  pairing: Pairing;
  onClose: () => void;
}

export function TicketPanel({ event, eventId, round, pairing, onClose }: TicketPanelProps) {
  const { t } = useI18n();
  const { db, now } = useServices();
  const [issued, setIssued] = useState<{ text: string; qr: string; short: string | null; unsealed: boolean } | null | 'not-started'>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void Promise.all([eventSecret(db, eventId), ticketIntake(db, eventId)])
      .then(([secret, intake]) => issueTicket(event, eventId, round, pairing.table, secret, now(), intake))
      .then(async (r) => {
        // only the texts are kept: the dice-down instant stays inside this callback
        const short = r ? await shortTicketCode(r) : null;
        if (alive) setIssued(r ? { text: encodeTicket(r.ticket), qr: qrTicketText(r.ticket, short), short, unsealed: r.unsealed } : 'not-started');
      })
      .catch((err: unknown) => alive && setFailed(err instanceof Error ? err.message : String(err)));
    return () => {
      alive = false;
    };
  }, [event, eventId, round, pairing.table]);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView?.({ block: 'start' }), [pairing.table]);
  const name = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
  return (
    <section ref={panel} class="panel ticket-panel" aria-label={t('table.ticketDialog.title', { table: pairing.table })}>
      <div class="row">
        <h2>{t('table.ticketDialog.title', { table: pairing.table })}</h2>
        <button type="button" class="btn" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <p class="muted">
        {name(pairing.a)} – {name(pairing.b)}
      </p>
      {failed && (
        <p class="error" role="alert">
          {t('table.ticketDialog.failed', { detail: failed })}
        </p>
      )}
      {issued === 'not-started' && <p class="warning-text">{t('table.ticketDialog.notStarted')}</p>}
      {issued !== null && issued !== 'not-started' && (
        <>
          <p>{t('table.ticketDialog.help')}</p>
          {issued.unsealed && <p class="warning-text">{t('table.ticketDialog.noSeal')}</p>}
          <div class="qr-frame">
            <QrCode text={issued.qr} label={t('table.ticketDialog.title', { table: pairing.table })} testId="ticket-qr" ecc="auto" />
          </div>
          {issued.short && <ShortCode code={issued.short} label={t('shortTicket.codeLabel')} testId="ticket-short-code" />}
          {issued.short && <p class="muted">{t('shortTicket.codeHelp')}</p>}
          <details>
            <summary>{t('table.ticketDialog.text')}</summary>
            <textarea class="ticket-text" readOnly rows={4} value={issued.text} data-testid="ticket-text" />
          </details>
        </>
      )}
    </section>
  );
}
