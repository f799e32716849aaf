// Steamroller 2011's round clock: the base time shown, the d6 x 2 extra minutes rolled at the
// start and hidden until DICE DOWN, the scenario chosen first. The hall's timer shows the same,
// the variable minutes as elapsed time only.
import { lightFormat } from 'date-fns';
import { useState } from 'preact/hooks';
import type { EventFile, Round } from '../../../domain/event-file';
import { createRng } from '../../../domain/random';
import { eventTiming, rollVariableMinutes, roundTimer } from '../../../domain/sr2011';
import { useI18n, type Translate } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { useServices } from '../../services';
import { formatDuration, useNow } from '../../use-now';
import { Big, CloseButton, Frame, HallCall, StartButton, useRoundActions, type HallLine, type RoundClockParts, type RoundClockProps } from '../shared/round-clock';

/** SR2011: base time shown, the d6 x 2 extra minutes hidden until DICE DOWN. The scenario must be chosen first. */
function Sr2011Clock({ event, round, dispatch }: RoundClockProps) {
  const { t } = useI18n();
  const { notify } = useServices();
  const { busy, start, close, clock } = useRoundActions({ round, dispatch });
  const timing = eventTiming(event.settings);
  const view = roundTimer(round, timing, useNow(clock));
  const [dismissed, setDismissed] = useState(false);
  const begin = (): void => {
    if (!round.scenario) return notify(t('timer.startNoScenario'), 'error');
    const seed = randomSeed();
    void start({ variableMinutes: rollVariableMinutes(createRng(seed)), variableSeed: seed });
  };
  const closeNow = (): void => void close(() => setDismissed(true));
  return (
    <Frame phase={view.phase}>
      {view.phase === 'not-started' && <StartButton busy={busy} onStart={begin} blocked={round.scenario ? undefined : t('timer.startNoScenario')} />}
      {view.phase === 'base' && <Big label={t('timer.base')} value={view.baseRemainingMs} sub={t('timer.elapsed', { time: formatDuration(view.elapsedMs) })} />}
      {view.phase === 'variable' && <Big label={t('timer.variable')} value={view.elapsedMs} sub={t('timer.variableHelp')} secret />}
      {view.phase === 'untimed' && <Big value={view.elapsedMs} sub={t('timer.untimed')} />}
      {(view.phase === 'over' || view.phase === 'finished') && view.endedAt !== null && (
        <>
          <p class="timer-label">{t('timer.over', { time: lightFormat(view.endedAt, 'HH:mm:ss') })}</p>
          {view.revealedVariableMinutes !== null && (
            <p class="muted" data-testid="timer-audit">
              {t('timer.audit', { n: view.revealedVariableMinutes, total: (timing.gameBaseMinutes ?? 0) + view.revealedVariableMinutes })}
            </p>
          )}
        </>
      )}
      {view.phase !== 'not-started' && view.phase !== 'finished' && (
        <CloseButton busy={busy} onClose={closeNow} round={round} timerRunning={view.phase === 'base' || view.phase === 'variable'} />
      )}
      {view.phase === 'finished' && <p>{t('timer.finished')}</p>}
      {view.phase === 'over' && !dismissed && (
        <HallCall id="dice-down" title={t('timer.diceDown')} sub={t('timer.diceDownSub')} onDismiss={() => setDismissed(true)}>
          <button type="button" class="btn primary big" onClick={closeNow} disabled={busy}>
            {t('timer.close')}
          </button>
        </HallCall>
      )}
    </Frame>
  );
}

function sr2011HallLine(event: EventFile, round: Round, now: number, t: Translate): HallLine {
  const view = roundTimer(round, eventTiming(event.settings), now);
  if (view.phase === 'base') return { label: t('timer.base'), value: formatDuration(view.baseRemainingMs) };
  if (view.phase === 'variable') return { label: t('timer.variable'), value: formatDuration(view.elapsedMs), sub: t('timer.variableHelp') };
  if (view.phase === 'over') return { label: t('timer.diceDown') };
  return { label: t('timer.untimed'), value: formatDuration(view.elapsedMs) };
}

export const SR2011_ROUND_CLOCK: RoundClockParts = { Clock: Sr2011Clock, hallLine: sr2011HallLine };
