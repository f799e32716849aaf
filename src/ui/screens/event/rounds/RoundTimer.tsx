// The organizer's round timer. Everything shown is derived from the stored start and `now`
// (roundTimer in the domain), so a reload, a sleeping tablet or a background tab changes
// nothing. The hidden minutes never reach the DOM before the round is over.
import { format } from 'date-fns';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Round } from '../../../../domain/event-file';
import { createRng } from '../../../../domain/random';
import { roundTimer, rollVariableMinutes, type GameTiming } from '../../../../domain/sr2011';
import { useI18n } from '../../../../i18n';
import { randomSeed } from '../../../../platform/seed';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { formatDuration, useNow } from '../../../use-now';
import type { TabProps } from '../types';

interface Props {
  round: Round;
  timing: GameTiming;
  dispatch: TabProps['dispatch'];
}

/** Three short beeps: audible across a hall without a sound file in the precache. */
function beep(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    for (let i = 0; i < 3; i++) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.4;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.5);
      osc.stop(ctx.currentTime + i * 0.5 + 0.3);
    }
    setTimeout(() => void ctx.close(), 2000);
  } catch {
    // no audio device: the full-screen banner is the signal
  }
  navigator.vibrate?.([400, 200, 400, 200, 400]);
}

export function RoundTimer({ round, timing, dispatch }: Props) {
  const { t } = useI18n();
  const { now: clock, notify } = useServices();
  const now = useNow(clock);
  const view = roundTimer(round, timing, now);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const announced = useRef(false);
  const diceDown = view.phase === 'over' && !dismissed;

  useEffect(() => {
    if (view.phase === 'over' && !announced.current) {
      announced.current = true;
      beep();
    }
  }, [view.phase]);

  const act = async (work: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      if (!round.scenario) return notify(t('timer.startNoScenario'), 'error');
      const seed = randomSeed();
      const startedAt = clock();
      const after = await dispatch({ type: 'round-updated', number: round.number, patch: { startedAt, variableMinutes: rollVariableMinutes(createRng(seed)), variableSeed: seed } });
      // another tab (or device) started it first: the store kept that start, say so
      const stood = after.rounds.find((r) => r.number === round.number)?.startedAt;
      const time = format(typeof stood === 'number' ? stood : startedAt, 'HH:mm');
      notify(t(stood === startedAt ? 'timer.started' : 'timer.alreadyStarted', { n: round.number, time }));
    });

  const close = () =>
    act(async () => {
      await dispatch({ type: 'round-updated', number: round.number, patch: { finishedAt: clock() } });
      setDismissed(true);
      notify(t('timer.closed', { n: round.number }));
    });

  return (
    <section class="panel timer" aria-label={t('timer.title')} data-phase={view.phase}>
      <h2>{t('timer.title')}</h2>
      {view.phase === 'not-started' && (
        <>
          <p class="muted">{t('timer.notStarted')}</p>
          <button type="button" class="btn primary big" onClick={start} disabled={busy}>
            {t('timer.start')}
          </button>
        </>
      )}
      {view.phase === 'base' && (
        <>
          <p class="timer-label">{t('timer.base')}</p>
          <p class="timer-big" role="timer" aria-live="off">
            {formatDuration(view.baseRemainingMs)}
          </p>
          <p class="muted">{t('timer.elapsed', { time: formatDuration(view.elapsedMs) })}</p>
        </>
      )}
      {view.phase === 'variable' && (
        <>
          <p class="timer-label">{t('timer.variable')}</p>
          <p class="timer-big secret" role="timer">
            {formatDuration(view.elapsedMs)}
          </p>
          <p class="muted">{t('timer.variableHelp')}</p>
        </>
      )}
      {view.phase === 'untimed' && (
        <>
          <p class="timer-big" role="timer">
            {formatDuration(view.elapsedMs)}
          </p>
          <p class="muted">{t('timer.untimed')}</p>
        </>
      )}
      {(view.phase === 'over' || view.phase === 'finished') && view.endedAt !== null && (
        <>
          <p class="timer-label">{t('timer.over', { time: format(view.endedAt, 'HH:mm:ss') })}</p>
          {view.revealedVariableMinutes !== null && (
            <p class="muted" data-testid="timer-audit">
              {t('timer.audit', { n: view.revealedVariableMinutes, total: (timing.gameBaseMinutes ?? 0) + view.revealedVariableMinutes })}
            </p>
          )}
        </>
      )}
      {view.phase !== 'not-started' && view.phase !== 'finished' && (
        <button type="button" class="btn big" onClick={close} disabled={busy}>
          {t('timer.close')}
        </button>
      )}
      {view.phase === 'finished' && <p>{t('timer.finished')}</p>}
      {diceDown && (
        <div class="dice-down" role="alertdialog" aria-live="assertive" aria-labelledby="dice-down-title">
          <p id="dice-down-title" class="dice-down-title">
            {t('timer.diceDown')}
          </p>
          <p class="dice-down-sub">{t('timer.diceDownSub')}</p>
          <div class="row">
            <button type="button" class="btn big" onClick={() => setDismissed(true)}>
              {t('timer.dismiss')}
            </button>
            <button type="button" class="btn primary big" onClick={close} disabled={busy}>
              {t('timer.close')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
