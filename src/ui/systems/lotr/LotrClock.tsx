// Lord of the Rings (Sabertooth) table: one game clock from the round's start (or the table's),
// the 30-minute "at most one more turn" announcement and the 50-minute hard stop, all from
// lotrClockView over the stored actions.
import { useEffect, useRef, useState } from 'preact/hooks';
import { lotrClockView, type LotrAction } from '../../../domain/lotr';
import { useI18n } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { formatDuration } from '../../use-now';
import { refusalText } from '../../screens/table/parts';
import { signal } from '../../screens/table/signal';
import { ClockSkewNote } from '../../screens/table/time-limit';

export function lotrStart(record: TableGameRecord): number | null {
  const start = record.actions[0];
  if (start?.type !== 'start') return null;
  return record.ticket.startedAt ?? start.at;
}

export const lotrActions = (record: TableGameRecord): LotrAction[] => record.actions.slice(1) as LotrAction[];

export function LotrClock({
  record,
  now,
  at,
  send,
  exitHref,
}: {
  record: TableGameRecord;
  now: number;
  at: () => number;
  send: (action: LotrAction) => Promise<string | null>;
  exitHref: string;
}) {
  const { t } = useI18n();
  const startedAt = lotrStart(record)!;
  const view = lotrClockView(startedAt, lotrActions(record), now);
  const [message, setMessage] = useState<string | null>(null);
  const heard = useRef<string>('none');

  useEffect(() => {
    if (view.message === heard.current) return;
    heard.current = view.message;
    if (view.message === 'announce-one-more-turn' || view.message === 'last-turn') signal('announce');
    if (view.message === 'stop-now') signal('dice-down');
  }, [view.message]);

  const act = async (action: LotrAction): Promise<void> => {
    const why = await send(action);
    setMessage(why === null ? null : refusalText(t, why === 'time-over' ? 'dice-down' : why));
  };

  const banner =
    view.message === 'announce-one-more-turn'
      ? t('table.lotr.announce')
      : view.message === 'last-turn'
        ? t('table.lotr.lastTurn')
        : view.message === 'stop-now'
          ? t('table.lotr.stop')
          : view.message === 'game-over'
            ? t('table.lotr.over')
            : null;
  const { ticket } = record;
  return (
    <main class={`table-screen lotr phase-${view.phase}`} data-phase={view.phase}>
      <section class="half top lotr-players" data-state="waiting">
        <p class="half-name">
          {ticket.a.name} · {ticket.b.name}
        </p>
      </section>
      <div class="table-bar">
        <div class="bar-line">
          <a class="btn bar-exit" href={exitHref} aria-label={t('nav.back')}>
            ←
          </a>
          <strong class="bar-turn" data-testid="turn">
            {t('table.lotr.turn', { n: view.turn })}
          </strong>
          <button type="button" class="btn" onClick={() => void act({ type: 'undo', at: at() })}>
            ↶ {t('table.undo')}
          </button>
        </div>
        {banner && (
          <p class={`bar-note ${view.message === 'none' ? '' : 'warn'}`} role="status" data-testid="lotr-message">
            {banner}
          </p>
        )}
        <ClockSkewNote record={record} />
        {message && (
          <p class="bar-note error" role="alert">
            {message}
          </p>
        )}
      </div>
      <section class="half bottom" data-state={view.phase === 'playing' ? 'active' : 'out'}>
        <div class="half-tap lotr-clock">
          <span class="half-label">{t('table.lotr.elapsed')}</span>
          <span class="half-time" role="timer" aria-live="off" data-testid="lotr-time">
            {formatDuration(view.elapsedMs)}
          </span>
        </div>
        <div class="half-tools">
          <button type="button" class="btn primary big" disabled={view.phase !== 'playing'} onClick={() => void act({ type: 'end-turn', at: at() })}>
            {t('table.lotr.endTurn', { n: view.turn })}
          </button>
          <button type="button" class="btn big" disabled={view.phase !== 'playing'} onClick={() => void act({ type: 'game-over', at: at() })}>
            {t('table.lotr.victory')}
          </button>
        </div>
      </section>
    </main>
  );
}
