// What every round clock shares (../round-clocks.ts lists one per clock profile): the start and
// the close, on disk before the notice; the full-screen call the hall hears; the frame, the big
// figure and the start button; a clock of fixed calls from the stored start; and what each
// profile declares: its clock for the organizer and its read-only line for the hall's timer.
// Every figure comes from timestamps stored in the round, so a reload changes nothing.
import { lightFormat } from 'date-fns';
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { EventFile, Round } from '../../../domain/event-file';
import { useI18n, type Translate } from '../../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { saveErrorMessage } from '../../errors';
import type { TabProps } from '../../screens/event/types';
import { signal } from '../../screens/table/signal';
import { useServices } from '../../services';
import { formatDuration, useNow } from '../../use-now';
import { tableList } from './model';

export interface RoundClockProps {
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
}

/** The hall timer's read-only line for a running round: never a secret. */
export interface HallLine {
  label: string;
  value?: string;
  sub?: string;
}

/** A clock profile's round clock: the organizer's, and the hall's read-only line. */
export interface RoundClockParts {
  Clock: ComponentType<RoundClockProps>;
  /** the round is started and not closed; `now` the hall's time */
  hallLine: (event: EventFile, round: Round, now: number, t: Translate) => HallLine;
}

export const MINUTE_MS = 60_000;
export const finiteNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const minutesProblem = (value: string, t: Translate): string => (value.trim() ? t('clock.plain.bad', { value }) : t('clock.plain.missing'));

/** Start, close and the busy flag every clock shares; the action is on disk before the notice. */
export function useRoundActions({ round, dispatch }: Omit<RoundClockProps, 'event'>) {
  const { t } = useI18n();
  const { now: clock, notify } = useServices();
  const [busy, setBusy] = useState(false);
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
  const start = (patch: Partial<Round> = {}) =>
    act(async () => {
      const startedAt = clock();
      const after = await dispatch({ type: 'round-updated', number: round.number, patch: { ...patch, startedAt } });
      // another tab (or device) started it first: the store kept that start, say so. Compared on the
      // whole patch, not the instant alone: two tabs may press in the same millisecond, and SR2011's
      // start carries its own random seed
      const stored = after.rounds.find((r) => r.number === round.number) as Record<string, unknown> | undefined;
      const mine = stored?.startedAt === startedAt && Object.entries(patch).every(([k, v]) => stored[k] === v);
      const stood = stored?.startedAt;
      const time = lightFormat(typeof stood === 'number' ? stood : startedAt, 'HH:mm');
      notify(t(mine ? 'timer.started' : 'timer.alreadyStarted', { n: round.number, time }));
    });
  const close = (after?: () => void) =>
    act(async () => {
      await dispatch({ type: 'round-updated', number: round.number, patch: { finishedAt: clock() } });
      after?.();
      notify(t('timer.closed', { n: round.number }));
    });
  return { busy, act, start, close, clock };
}

/** The full-screen call the whole hall must hear, with a sound once when it appears. */
export function HallCall({ id, title, sub, onDismiss, children }: { id: string; title: string; sub: string; onDismiss: () => void; children?: ComponentChildren }) {
  const { t } = useI18n();
  useEffect(() => signal('dice-down'), [id]);
  return (
    <div class="dice-down" role="alertdialog" aria-live="assertive" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} class="dice-down-title">
        {title}
      </p>
      <p class="dice-down-sub">{sub}</p>
      <div class="row">
        <button type="button" class="btn big" onClick={onDismiss}>
          {t('timer.dismiss')}
        </button>
        {children}
      </div>
    </div>
  );
}

export function Frame({ phase, children }: { phase: string; children: ComponentChildren }) {
  const { t } = useI18n();
  return (
    <section class="panel timer" aria-label={t('timer.title')} data-phase={phase}>
      <h2>{t('timer.title')}</h2>
      {children}
    </section>
  );
}

/**
 * « Clôturer la ronde »: the big button once every result is in; with results missing or the
 * timer still running it asks first, saying which tables and that the time is not up.
 */
export function CloseButton({ busy, onClose, round, timerRunning }: { busy: boolean; onClose: () => void; round: Round; timerRunning: boolean }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const missing = round.pairings.filter((p) => !p.result).map((p) => p.table);
  const doubts = [...(missing.length > 0 ? [t('close.missing', { n: missing.length, tables: tableList(missing, t) })] : []), ...(timerRunning ? [t('close.running')] : [])];
  return (
    <>
      <button type="button" class={missing.length === 0 ? 'btn primary big' : 'btn big'} onClick={() => (doubts.length > 0 ? setAsking(true) : onClose())} disabled={busy}>
        {t('timer.close')}
      </button>
      {asking && (
        <ConfirmDialog
          message={`${doubts.join(' ')} ${t('close.ask', { n: round.number })}`}
          confirmLabel={t('timer.close')}
          onConfirm={() => {
            setAsking(false);
            onClose();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** `blocked`: why the round cannot start yet, shown before any tap with the button disabled. */
export function StartButton({ busy, onStart, children, blocked }: { busy: boolean; onStart: () => void; children?: ComponentChildren; blocked?: string }) {
  const { t } = useI18n();
  return (
    <>
      <p class="muted">{t('timer.notStarted')}</p>
      {children}
      <button type="button" class="btn primary big" onClick={onStart} disabled={busy || blocked !== undefined} aria-describedby={blocked ? 'start-blocked' : undefined}>
        {t('timer.start')}
      </button>
      {blocked && (
        <p class="blocked-reason muted" id="start-blocked" data-testid="start-blocked">
          {blocked}
        </p>
      )}
    </>
  );
}

export function Big({ label, value, sub, secret }: { label?: string; value: number; sub?: string; secret?: boolean }) {
  return (
    <>
      {label && <p class="timer-label">{label}</p>}
      <p class={secret ? 'timer-big secret' : 'timer-big'} role="timer" aria-live="off">
        {formatDuration(value)}
      </p>
      {sub && <p class="muted">{sub}</p>}
    </>
  );
}

/** Elapsed time of a started round, frozen at its close. */
export function useElapsed(round: Round, now: number): { start: number | null; finished: number | null; elapsed: number } {
  const start = finiteNumber(round.startedAt);
  const finished = finiteNumber(round.finishedAt);
  return { start, finished, elapsed: start === null ? 0 : Math.max(0, (finished ?? now) - start) };
}

/** A call the whole hall hears at a fixed time after the start. */
export interface HallCallAt {
  atMs: number;
  /** the countdown's label before it */
  until: string;
  title: string;
  sub: string;
  /** the line that stays on the clock once it has passed */
  after: string;
}

/**
 * A clock of fixed calls from the stored start: the countdown to the next call, each call full
 * screen with a sound once, and its line kept once passed.
 */
export function CallsClock({
  round,
  dispatch,
  calls,
  beforeStart,
  onStart,
}: RoundClockProps & { calls: HallCallAt[]; beforeStart: ComponentChildren; onStart: (start: (patch?: Partial<Round>) => Promise<void>) => void }) {
  const { t } = useI18n();
  const { busy, start, close, clock } = useRoundActions({ round, dispatch });
  const { start: at, finished, elapsed } = useElapsed(round, useNow(clock));
  const [heard, setHeard] = useState(-1);
  const passed = at === null ? [] : calls.filter((c) => elapsed >= c.atMs);
  const next = calls.find((c) => elapsed < c.atMs);
  const last = passed.length - 1;
  return (
    <Frame phase={at === null ? 'not-started' : finished !== null ? 'finished' : next ? 'running' : 'over'}>
      {at === null && (
        <StartButton busy={busy} onStart={() => onStart(start)}>
          {beforeStart}
        </StartButton>
      )}
      {at !== null && finished === null && next && <Big label={next.until} value={next.atMs - elapsed} sub={t('timer.elapsed', { time: formatDuration(elapsed) })} />}
      {passed.length > 0 && <p class="timer-label">{passed[last]!.after}</p>}
      {at !== null && finished === null && <CloseButton busy={busy} onClose={() => void close(() => setHeard(calls.length))} round={round} timerRunning={next !== undefined} />}
      {finished !== null && <p>{t('timer.finished')}</p>}
      {finished === null && last > heard && <HallCall id={`call-${last}`} title={passed[last]!.title} sub={passed[last]!.sub} onDismiss={() => setHeard(last)} />}
    </Frame>
  );
}
