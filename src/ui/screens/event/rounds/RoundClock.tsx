// The organizer's round clock: the one the event's system declares for its format
// (../../../systems/round-clocks.ts): SR2011's hidden variable length and DICE DOWN, the LotR hall
// calls at 30 and 50 minutes, the Confrontation challenge's per-table limits, or a plain timer
// whose length the organizer picks. Every figure is derived from timestamps stored in the round,
// so a reload or a sleeping tablet changes nothing.
import { useI18n } from '../../../../i18n';
import { roundClockFor, type RoundClockProps } from '../../../systems/round-clocks';
import { finiteNumber, Frame } from '../../../systems/shared/round-clock';
import { useWakeLock } from '../../../use-wake-lock';

export function RoundClock(props: RoundClockProps) {
  const { t } = useI18n();
  const { round } = props;
  // the organizer's tablet shows the hall's timer: its screen stays on while the round runs
  useWakeLock(finiteNumber(round.startedAt) !== null && finiteNumber(round.finishedAt) === null);
  // a round played without the clock (an older event, or results typed from sheets) has nothing to start
  if (finiteNumber(round.startedAt) === null && round.pairings.length > 0 && round.pairings.every((p) => p.result))
    return (
      <Frame phase="finished">
        <p>{t('timer.finished')}</p>
      </Frame>
    );
  const { Clock } = roundClockFor(props.event);
  return <Clock key={round.number} {...props} />;
}
