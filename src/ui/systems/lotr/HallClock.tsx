// Lord of the Rings' round clock: the hall's two calls, at 30 and 50 minutes from the round's
// start, the same as each table's clock.
import { lightFormat } from 'date-fns';
import { LOTR_ANNOUNCE_MS, LOTR_STOP_MS } from '../../../domain/lotr';
import type { EventFile, Round } from '../../../domain/event-file';
import { useI18n, type Translate } from '../../../i18n';
import { formatDuration } from '../../use-now';
import { CallsClock, finiteNumber, type HallCallAt, type HallLine, type RoundClockParts, type RoundClockProps } from '../shared/round-clock';

/**
 * LotR: the same two calls for the whole hall as each table's clock (RULES.md section 4): at
 * 30 minutes "after this turn, at most one more turn", at 50 minutes every game stops.
 */
function LotrHallClock(props: RoundClockProps) {
  const { t } = useI18n();
  const start = finiteNumber(props.round.startedAt) ?? 0;
  const calls: HallCallAt[] = [
    { atMs: LOTR_ANNOUNCE_MS, until: t('clock.lotr.toAnnounce'), title: t('clock.lotr.announceTitle'), sub: t('table.lotr.announce'), after: t('table.lotr.announce') },
    {
      atMs: LOTR_STOP_MS,
      until: t('clock.lotr.toStop'),
      title: t('clock.lotr.stopTitle'),
      sub: t('table.lotr.stop'),
      after: t('clock.lotr.stopped', { time: lightFormat(start + LOTR_STOP_MS, 'HH:mm:ss') }),
    },
  ];
  return <CallsClock {...props} calls={calls} beforeStart={<p class="muted">{t('clock.lotr.help')}</p>} onStart={(begin) => void begin()} />;
}

function lotrHallLine(_event: EventFile, round: Round, now: number, t: Translate): HallLine {
  const start = finiteNumber(round.startedAt) ?? now;
  const elapsed = Math.max(0, now - start);
  if (elapsed < LOTR_ANNOUNCE_MS) return { label: t('clock.lotr.toAnnounce'), value: formatDuration(LOTR_ANNOUNCE_MS - elapsed) };
  if (elapsed < LOTR_STOP_MS) return { label: t('clock.lotr.toStop'), value: formatDuration(LOTR_STOP_MS - elapsed) };
  return { label: t('clock.lotr.stopped', { time: lightFormat(start + LOTR_STOP_MS, 'HH:mm:ss') }) };
}

export const LOTR_ROUND_CLOCK: RoundClockParts = { Clock: LotrHallClock, hallLine: lotrHallLine };
