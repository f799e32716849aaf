// The hall's timer, read only: what a locked tablet or the projector shows of the running round
// after a reload, without the PIN (issue 12). Same stored timestamps as the organizer's clock,
// no control, and never a secret: SR2011's variable minutes stay hidden until DICE DOWN.
import type { EventFile, Round } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { useServices } from '../../../services';
import { roundClockFor, type HallLine } from '../../../systems/round-clocks';
import { useNow } from '../../../use-now';
import { useWakeLock } from '../../../use-wake-lock';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The round the hall follows: the latest one that has started. */
export function hallRound(event: EventFile): Round | null {
  for (let i = event.rounds.length - 1; i >= 0; i--) if (num(event.rounds[i]!.startedAt) !== null) return event.rounds[i]!;
  return null;
}

export function HallTimer({ event, className = 'panel hall-timer' }: { event: EventFile; className?: string }) {
  const { t } = useI18n();
  const { now: clock } = useServices();
  const now = useNow(clock, 500);
  const round = hallRound(event);
  // the hall's timer keeps its screen on while the round runs
  useWakeLock(round !== null && num(round.finishedAt) === null);
  if (!round) return <p class="muted">{t('hall.none')}</p>;
  // each clock profile says what its running round shows the hall (../../../systems/round-clocks.ts)
  const { label, value, sub }: HallLine = num(round.finishedAt) !== null ? { label: t('timer.finished') } : roundClockFor(event).hallLine(event, round, now, t);
  return (
    <section class={className} aria-label={t('hall.title')} data-testid="hall-timer">
      <h2>
        {t('hall.title')} · {t('hall.round', { n: round.number })}
      </h2>
      <p class="timer-label">{label}</p>
      {value && (
        <p class="timer-big" role="timer" aria-live="off">
          {value}
        </p>
      )}
      {sub && <p class="muted">{sub}</p>}
    </section>
  );
}
