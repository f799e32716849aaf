// The tournament sheets of some players (one, or every player still in), previewed on screen and
// every one printed. The sheet is the system's own (SystemUi.printSheet).
import type { ComponentType } from 'preact';
import type { EventFile, Player } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { usePrinting } from '../../../components/VirtualRows';

/** Sheets previewed on screen; every one is rendered for the printer (4,096 sheets would freeze the screen). */
const SHEETS_ON_SCREEN = 12;

export function SheetsView({
  event,
  Sheet,
  sheets,
  onClose,
}: {
  event: EventFile;
  Sheet: ComponentType<{ event: EventFile; player: Player }>;
  sheets: Player[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const printing = usePrinting();
  return (
    <section class="players sheets" aria-label={t('players.sheetTitle')}>
      <div class="row no-print sheets-toolbar">
        <button type="button" class="btn big" onClick={onClose}>
          {t('nav.back')}
        </button>
        <button type="button" class="btn primary big" onClick={() => window.print()}>
          {t('players.print')}
        </button>
        <span class="muted">{t('players.sheetsCount', { n: sheets.length })}</span>
      </div>
      {(printing ? sheets : sheets.slice(0, SHEETS_ON_SCREEN)).map((p) => (
        <Sheet key={p.id} event={event} player={p} />
      ))}
      {!printing && sheets.length > SHEETS_ON_SCREEN && (
        <p class="muted no-print" data-testid="sheets-more">
          {t('players.sheetsMore', { n: sheets.length - SHEETS_ON_SCREEN })}
        </p>
      )}
    </section>
  );
}
