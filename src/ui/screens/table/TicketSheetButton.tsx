// The Rounds screen's door to the printable ticket sheet. Light on purpose: the sheet and its QR
// code generator load on the first tap, like the other table screens.
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { EventFile } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import type { TicketSheetProps } from './TicketSheet';

export function TicketSheetButton({ event, eventId, round }: { event: EventFile; eventId: string; round: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [Sheet, setSheet] = useState<((p: TicketSheetProps) => JSX.Element) | null>(null);
  useEffect(() => {
    if (!open || Sheet) return;
    let alive = true;
    void import('./TicketSheet').then((m) => alive && setSheet(() => m.TicketSheet));
    return () => {
      alive = false;
    };
  }, [open, Sheet]);
  const close = useCallback(() => setOpen(false), []);
  const started = typeof event.rounds.find((r) => r.number === round)?.startedAt === 'number';
  return (
    <>
      <button type="button" class="btn" onClick={() => setOpen(true)} disabled={!started} title={started ? undefined : t('sheet.notStarted')} aria-expanded={open}>
        🖨 {t('sheet.open')}
      </button>
      {open && Sheet && <Sheet event={event} eventId={eventId} round={round} onClose={close} />}
    </>
  );
}
