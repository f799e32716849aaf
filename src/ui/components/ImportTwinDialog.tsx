import { useEffect, useRef } from 'preact/hooks';
import type { EventFile } from '../../domain/event-file';
import { useI18n } from '../../i18n';
import { formatDay } from '../../i18n/typography';
import type { EventMeta } from '../../store/schema';

interface Props {
  twin: EventMeta;
  file: EventFile;
  copyName: string;
  onReplace: () => void;
  onCopy: () => void;
  onCancel: () => void;
}

/** Importing an event the device already has: replace it (backed up, logged) or keep both. */
export function ImportTwinDialog({ twin, file, copyName, onReplace, onCopy, onCancel }: Props) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} class="dialog" onCancel={onCancel} aria-labelledby="twin-title">
      <h2 id="twin-title">{t('twin.title')}</h2>
      <p>
        {t('twin.intro', {
          name: twin.name,
          date: formatDay(twin.date, lang),
          players: t('home.players', { n: twin.registeredCount ?? twin.playerCount }),
          rounds: t('home.rounds', { n: twin.roundCount }),
          filePlayers: t('home.players', { n: file.players.length }),
          fileRounds: t('home.rounds', { n: file.rounds.length }),
        })}
      </p>
      {twin.roundRunning && (
        <p class="muted" role="alert">
          {t('twin.running')}
        </p>
      )}
      <p class="muted">{t('twin.replaceHelp')}</p>
      <p class="muted">{t('twin.copyHelp', { name: copyName })}</p>
      <div class="row end">
        <button type="button" class="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" class="btn" onClick={onCopy}>
          {t('twin.copy')}
        </button>
        <button type="button" class="btn danger" onClick={onReplace}>
          {t('twin.replace')}
        </button>
      </div>
    </dialog>
  );
}
