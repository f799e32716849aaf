// The hall's timer, read only: what a locked tablet or the projector shows of the running round
// after a reload, without the PIN (issue 12). Same stored timestamps as the organizer's clock,
// no control, and never a secret: SR2011's variable minutes stay hidden until DICE DOWN.
import { lightFormat } from 'date-fns';
import { LOTR_ANNOUNCE_MS, LOTR_STOP_MS } from '../../../../domain/clock';
import type { EventFile, Round } from '../../../../domain/event-file';
import { eventTiming, roundTimer } from '../../../../domain/sr2011';
import { systemFor } from '../../../../domain/systems';
import { useI18n } from '../../../../i18n';
import { useServices } from '../../../services';
import { formatDuration, useNow } from '../../../use-now';
import { plainMinutes } from './RoundClock';
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
  const start = num(round.startedAt)!;
  const finished = num(round.finishedAt);
  const elapsed = Math.max(0, (finished ?? now) - start);
  const profile = systemFor(event.system).clockProfile(event.settings);
  let label: string;
  let value: string | null = null;
  let sub: string | null = null;
  if (finished !== null) label = t('timer.finished');
  else if (profile === 'sr2011') {
    const view = roundTimer(round, eventTiming(event.settings), now);
    if (view.phase === 'base') [label, value] = [t('timer.base'), formatDuration(view.baseRemainingMs)];
    else if (view.phase === 'variable') [label, value, sub] = [t('timer.variable'), formatDuration(view.elapsedMs), t('timer.variableHelp')];
    else if (view.phase === 'over') label = t('timer.diceDown');
    else [label, value] = [t('timer.untimed'), formatDuration(view.elapsedMs)];
  } else if (profile === 'lotr-30-50') {
    if (elapsed < LOTR_ANNOUNCE_MS) [label, value] = [t('clock.lotr.toAnnounce'), formatDuration(LOTR_ANNOUNCE_MS - elapsed)];
    else if (elapsed < LOTR_STOP_MS) [label, value] = [t('clock.lotr.toStop'), formatDuration(LOTR_STOP_MS - elapsed)];
    else label = t('clock.lotr.stopped', { time: lightFormat(start + LOTR_STOP_MS, 'HH:mm:ss') });
  } else {
    const limit = plainMinutes(round);
    if (limit !== null && elapsed < limit * 60_000) [label, value] = [t('clock.plain.left', { n: limit }), formatDuration(limit * 60_000 - elapsed)];
    else if (limit !== null) label = t('timer.over', { time: lightFormat(start + limit * 60_000, 'HH:mm:ss') });
    else [label, value] = [t('hall.elapsed'), formatDuration(elapsed)];
  }
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
