// The round clock of systems whose rules set no game length (clock profile 'none': CDR,
// Rackham's 500-point games): the organizer picks the minutes at the start, the hall hears the
// end. The hall's timer shows the time left, or the elapsed time of a round without a limit.
import { lightFormat } from 'date-fns';
import { useState } from 'preact/hooks';
import type { EventFile, Round } from '../../../domain/event-file';
import { useI18n, type Translate } from '../../../i18n';
import { formatDuration } from '../../use-now';
import { CallsClock, finiteNumber, MINUTE_MS, minutesProblem, type HallCallAt, type HallLine, type RoundClockParts, type RoundClockProps } from './round-clock';

/** The length a plain round runs for: chosen at its start, stored in the round. */
export const plainMinutes = (round: Round): number | null => finiteNumber(round.timeLimitMinutes);

/** A round timer for systems whose rules set no game length: the organizer chooses it at the start. */
function PlainClock(props: RoundClockProps) {
  const { t } = useI18n();
  const { event, round } = props;
  const previous =
    [...event.rounds]
      .reverse()
      .map(plainMinutes)
      .find((m) => m !== null) ?? null;
  const [minutes, setMinutes] = useState<string>(previous === null ? '' : String(previous));
  const [error, setError] = useState<string | null>(null);
  const limit = plainMinutes(round);
  const end = (finiteNumber(round.startedAt) ?? 0) + (limit ?? 0) * MINUTE_MS;
  const calls: HallCallAt[] =
    limit === null
      ? []
      : [
          {
            atMs: limit * MINUTE_MS,
            until: t('clock.plain.left', { n: limit }),
            title: t('clock.plain.overTitle'),
            sub: t('clock.plain.overSub'),
            after: t('timer.over', { time: lightFormat(end, 'HH:mm:ss') }),
          },
        ];
  const onStart = (begin: (patch: Partial<Round>) => Promise<void>): void => {
    const m = Number(minutes);
    if (!Number.isInteger(m) || m < 1 || m > 600) return setError(minutesProblem(minutes, t));
    setError(null);
    void begin({ timeLimitMinutes: m });
  };
  const input = (
    <>
      <label class="field">
        <span>{t('clock.plain.minutes')}</span>
        <input type="number" inputMode="numeric" min={1} max={600} value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} aria-invalid={error ? 'true' : undefined} />
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
  return <CallsClock {...props} calls={calls} beforeStart={input} onStart={onStart} />;
}

/** The hall's line of a round whose length the organizer chose, or of a round without one. */
export function plainHallLine(_event: EventFile, round: Round, now: number, t: Translate): HallLine {
  const start = finiteNumber(round.startedAt) ?? now;
  const elapsed = Math.max(0, now - start);
  const limit = plainMinutes(round);
  if (limit !== null && elapsed < limit * MINUTE_MS) return { label: t('clock.plain.left', { n: limit }), value: formatDuration(limit * MINUTE_MS - elapsed) };
  if (limit !== null) return { label: t('timer.over', { time: lightFormat(start + limit * MINUTE_MS, 'HH:mm:ss') }) };
  return { label: t('hall.elapsed'), value: formatDuration(elapsed) };
}

export const PLAIN_ROUND_CLOCK: RoundClockParts = { Clock: PlainClock, hallLine: plainHallLine };
