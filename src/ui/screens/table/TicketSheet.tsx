// Every table's ticket of a round on one printable sheet: QR, short code, table and players, so
// the organizer puts a slip on each table instead of walking the tablet round the hall.
import { createPortal } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import { eventSecret } from '../../../store/secrets';
import { useServices } from '../../services';
import { QrCode } from './QrCode';
import { ShortCode } from './ShortCode';
import { issueTicket, qrTicketText, shortTicketCode, ticketIntake } from './ticket-for';

export interface TicketSheetProps {
  event: EventFile;
  eventId: string;
  round: number;
  onClose: () => void;
}

export interface Slip {
  table: number;
  a: string;
  b: string;
  text: string;
  short: string | null;
}

/**
 * The round's slips (every table's ticket texts), made again when the event changes; `tables`:
 * only those tables. null while they are made.
 */
export function useSlips(event: EventFile, eventId: string, round: number, tables?: readonly number[]): Slip[] | 'not-started' | null {
  const { db, now } = useServices();
  const [slips, setSlips] = useState<Slip[] | 'not-started' | null>(null);
  const only = tables?.join(',');
  useEffect(() => {
    let alive = true;
    void (async () => {
      const r = event.rounds.find((x) => x.number === round);
      if (!r || typeof r.startedAt !== 'number') return alive && setSlips('not-started');
      const secret = await eventSecret(db, eventId);
      const intake = await ticketIntake(db, eventId);
      const name = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
      const out: Slip[] = [];
      for (const p of [...r.pairings].sort((x, y) => x.table - y.table)) {
        if (only !== undefined && !only.split(',').includes(String(p.table))) continue;
        const issued = await issueTicket(event, eventId, round, p.table, secret, now(), intake);
        if (!issued) continue;
        // only the texts leave this loop: the dice-down instant is never kept or rendered
        const short = await shortTicketCode(issued);
        out.push({ table: p.table, a: name(p.a), b: name(p.b), text: qrTicketText(issued.ticket, short), short });
      }
      if (alive) setSlips(out);
    })();
    return () => {
      alive = false;
    };
  }, [event, eventId, round, db, only]);
  return slips;
}

/** The slips as the sheet prints them and the results desk shows them. */
export function SlipList({ slips }: { slips: readonly Slip[] }) {
  const { t } = useI18n();
  return (
    <ul class="ticket-slips">
      {slips.map((s) => (
        <li key={s.table} class="ticket-slip" data-table={s.table}>
          <h3>{t('sheet.table', { table: s.table })}</h3>
          <p class="slip-players">
            {s.a} – {s.b}
          </p>
          <QrCode text={s.text} label={t('table.ticketDialog.title', { table: s.table })} ecc="auto" />
          {s.short ? <ShortCode code={s.short} label={t('shortTicket.codeLabel')} /> : <p class="muted">{t('sheet.noCode')}</p>}
        </li>
      ))}
    </ul>
  );
}

export function TicketSheet({ event, eventId, round, onClose }: TicketSheetProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLElement>(null);

  const slips = useSlips(event, eventId, round);

  // A layer of its own at the body's level: printing shows it alone (styles.css hides the app
  // while the class is on), and Escape or « Fermer » gives the Rounds screen back untouched.
  useEffect(() => {
    document.body.classList.add('printing-tickets');
    ref.current?.focus();
    const onKey = (e: KeyboardEvent): void => void (e.key === 'Escape' && onClose());
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.classList.remove('printing-tickets');
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  return createPortal(
    <section ref={ref} tabIndex={-1} role="dialog" aria-modal="true" class="ticket-sheet" aria-label={t('sheet.title', { round })} data-testid="ticket-sheet">
      <div class="row no-print">
        <h2>{t('sheet.title', { round })}</h2>
        <button type="button" class="btn primary" onClick={() => window.print()} disabled={!Array.isArray(slips) || slips.length === 0}>
          🖨 {t('sheet.print')}
        </button>
        <button type="button" class="btn" onClick={onClose}>
          {t('sheet.close')}
        </button>
      </div>
      <p class="muted no-print">{t('sheet.intro')}</p>
      {slips === null && <p>{t('sheet.preparing')}</p>}
      {slips === 'not-started' && <p class="warning-text">{t('sheet.notStarted')}</p>}
      {Array.isArray(slips) && <SlipList slips={slips} />}
    </section>,
    document.body,
  );
}
