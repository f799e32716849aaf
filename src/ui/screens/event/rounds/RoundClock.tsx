// The organizer's round clock, one per clock profile the game system declares
// (GameSystem.clockProfile): SR2011's hidden variable length and DICE DOWN, the LotR hall call at
// 30 minutes and stop at 50, the Confrontation challenge's per-table limits, and a plain timer
// whose length the organizer picks for systems whose rules give none. Every figure is derived
// from timestamps stored in the round, so a reload or a sleeping tablet changes nothing.
import { lightFormat } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { LOTR_ANNOUNCE_MS, LOTR_STOP_MS } from '../../../../domain/clock';
import type { EventFile, Round } from '../../../../domain/event-file';
import { createRng } from '../../../../domain/random';
import { eventTiming, rollVariableMinutes, roundTimer } from '../../../../domain/sr2011';
import { systemFor, type ClockProfile } from '../../../../domain/systems';
import { useI18n, type Translate } from '../../../../i18n';
import { randomSeed } from '../../../../platform/seed';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { formatDuration, useNow } from '../../../use-now';
import { signal } from '../../table/signal';
import { useWakeLock } from '../../../use-wake-lock';
import type { TabProps } from '../types';

export interface RoundClockProps {
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
}

const MINUTE_MS = 60_000;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** One table's Confrontation challenge limit: the booklet row its roll gave and the minutes read there. */
export interface TableLimit {
  table: number;
  row: number;
  minutes: number;
  startedAt: number;
}

export function tableLimits(round: Round): TableLimit[] {
  return Array.isArray(round.tableLimits) ? (round.tableLimits as TableLimit[]).filter((l) => num(l?.startedAt) !== null && num(l?.minutes) !== null) : [];
}

/** The length a plain round runs for: chosen at its start, stored in the round. */
export const plainMinutes = (round: Round): number | null => num(round.timeLimitMinutes);

const minutesProblem = (value: string, t: Translate): string => (value.trim() ? t('clock.plain.bad', { value }) : t('clock.plain.missing'));

/** Start, close and the busy flag every clock shares; the action is on disk before the notice. */
function useRoundActions({ round, dispatch }: Omit<RoundClockProps, 'event'>) {
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
function HallCall({ id, title, sub, onDismiss, children }: { id: string; title: string; sub: string; onDismiss: () => void; children?: ComponentChildren }) {
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

function Frame({ phase, children }: { phase: string; children: ComponentChildren }) {
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
function CloseButton({ busy, onClose, round, timerRunning }: { busy: boolean; onClose: () => void; round: Round; timerRunning: boolean }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const missing = round.pairings.filter((p) => !p.result).map((p) => p.table);
  const doubts = [
    ...(missing.length > 0 ? [t('close.missing', { n: missing.length, tables: missing.join(', ') })] : []),
    ...(timerRunning ? [t('close.running')] : []),
  ];
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

/** `blocked`: why the round cannot start yet, shown before any tap with the button disabled. */
function StartButton({ busy, onStart, children, blocked }: { busy: boolean; onStart: () => void; children?: ComponentChildren; blocked?: string }) {
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

function Big({ label, value, sub, secret }: { label?: string; value: number; sub?: string; secret?: boolean }) {
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
function useElapsed(round: Round, now: number): { start: number | null; finished: number | null; elapsed: number } {
  const start = num(round.startedAt);
  const finished = num(round.finishedAt);
  return { start, finished, elapsed: start === null ? 0 : Math.max(0, (finished ?? now) - start) };
}

/** A call the whole hall hears at a fixed time after the start. */
interface HallCallAt {
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
function CallsClock({ round, dispatch, calls, beforeStart, onStart }: RoundClockProps & { calls: HallCallAt[]; beforeStart: ComponentChildren; onStart: (start: (patch?: Partial<Round>) => Promise<void>) => void }) {
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

/**
 * LotR: the same two calls for the whole hall as each table's clock (RULES.md section 4): at
 * 30 minutes "after this turn, at most one more turn", at 50 minutes every game stops.
 */
function LotrHallClock(props: RoundClockProps) {
  const { t } = useI18n();
  const start = num(props.round.startedAt) ?? 0;
  const calls: HallCallAt[] = [
    { atMs: LOTR_ANNOUNCE_MS, until: t('clock.lotr.toAnnounce'), title: t('clock.lotr.announceTitle'), sub: t('table.lotr.announce'), after: t('table.lotr.announce') },
    { atMs: LOTR_STOP_MS, until: t('clock.lotr.toStop'), title: t('clock.lotr.stopTitle'), sub: t('table.lotr.stop'), after: t('clock.lotr.stopped', { time: lightFormat(start + LOTR_STOP_MS, 'HH:mm:ss') }) },
  ];
  return <CallsClock {...props} calls={calls} beforeStart={<p class="muted">{t('clock.lotr.help')}</p>} onStart={(begin) => void begin()} />;
}

/** A round timer for systems whose rules set no game length: the organizer chooses it at the start. */
function PlainClock(props: RoundClockProps) {
  const { t } = useI18n();
  const { event, round } = props;
  const previous = [...event.rounds].reverse().map(plainMinutes).find((m) => m !== null) ?? null;
  const [minutes, setMinutes] = useState<string>(previous === null ? '' : String(previous));
  const [error, setError] = useState<string | null>(null);
  const limit = plainMinutes(round);
  const end = (num(round.startedAt) ?? 0) + (limit ?? 0) * MINUTE_MS;
  const calls: HallCallAt[] =
    limit === null
      ? []
      : [{ atMs: limit * MINUTE_MS, until: t('clock.plain.left', { n: limit }), title: t('clock.plain.overTitle'), sub: t('clock.plain.overSub'), after: t('timer.over', { time: lightFormat(end, 'HH:mm:ss') }) }];
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

/** When a table's noted limit runs out. */
const overAt = (l: TableLimit): number => l.startedAt + l.minutes * MINUTE_MS;

/** Each table's noted limit and the time it has left (or done, or over). */
function TableLimitList({ limits, round, finished, now }: { limits: TableLimit[]; round: RoundClockProps['round']; finished: number | null; now: number }) {
  const { t } = useI18n();
  if (limits.length === 0) return null;
  return (
    <ul class="table-limits" data-testid="table-limits">
        {limits.map((l) => {
          const done = finished !== null || round.pairings.find((p) => p.table === l.table)?.result;
          const left = overAt(l) - now;
          return (
            <li key={l.table} class={!done && left <= 0 ? 'error' : undefined}>
              {t('clock.challenge.line', { table: l.table, row: l.row, minutes: l.minutes })} ·{' '}
              {done ? t('clock.challenge.done') : left > 0 ? t('clock.challenge.left', { time: formatDuration(left) }) : t('clock.challenge.over')}
            </li>
          );
        })}
      </ul>
  );
}

/** The challenge table's row a table rolled (1 to 5). */
function RowSelect({ value, onPick }: { value: string; onPick: (row: string) => void }) {
  const { t } = useI18n();
  return (
    <label class="field">
      <span>{t('clock.challenge.row')}</span>
      <select value={value} onChange={(e) => onPick(e.currentTarget.value)}>
        <option value="">—</option>
        {[1, 2, 3, 4, 5].map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Confrontation 200-PA challenge: each table's limit is a row of the booklet's challenge table
 * (6 − the challenge die), which the seed does not reproduce. The organizer notes, per table,
 * the row the table rolled and the minutes that row gives; that table's countdown runs from then.
 */
function ChallengeClock({ event, round, dispatch }: RoundClockProps) {
  const { t } = useI18n();
  const { busy, act, start, close, clock } = useRoundActions({ round, dispatch });
  const now = useNow(clock);
  const { start: at, finished, elapsed } = useElapsed(round, now);
  const limits = tableLimits(round);
  const open = round.pairings.filter((p) => !p.result && !limits.some((l) => l.table === p.table));
  const [table, setTable] = useState<string>('');
  const [row, setRow] = useState<string>('');
  const [minutes, setMinutes] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [heard, setHeard] = useState<ReadonlySet<number>>(new Set());
  const known = (r: number): number | null => event.rounds.flatMap(tableLimits).reverse().find((l) => l.row === r)?.minutes ?? null;
  const over = limits.filter((l) => finished === null && now >= overAt(l) && !round.pairings.find((p) => p.table === l.table)?.result);
  const alarm = over.find((l) => !heard.has(l.table));

  const record = (): void => {
    const tb = Number(table || open[0]?.table);
    const r = Number(row);
    const m = Number(minutes);
    if (!open.some((p) => p.table === tb)) return setError(t('clock.challenge.badTable', { value: table }));
    if (!Number.isInteger(r) || r < 1 || r > 5) return setError(row.trim() ? t('clock.challenge.badRow', { value: row }) : t('clock.challenge.noRow'));
    if (!Number.isInteger(m) || m < 1 || m > 600) return setError(minutesProblem(minutes, t));
    setError(null);
    void act(async () => {
      await dispatch({ type: 'round-updated', number: round.number, patch: { tableLimits: [...limits, { table: tb, row: r, minutes: m, startedAt: clock() }] } });
      setTable('');
      setRow('');
      setMinutes('');
    });
  };

  return (
    <Frame phase={at === null ? 'not-started' : finished !== null ? 'finished' : 'running'}>
      {at === null && (
        <StartButton busy={busy} onStart={() => void start()}>
          <p class="muted">{t('clock.challenge.help')}</p>
        </StartButton>
      )}
      {at !== null && <Big value={elapsed} sub={t('clock.challenge.elapsed')} />}
      <TableLimitList limits={limits} round={round} finished={finished} now={now} />
      {at !== null && finished === null && open.length > 0 && (
        <div class="row challenge-limit">
          <label class="field">
            <span>{t('rounds.table')}</span>
            <select value={table || String(open[0]!.table)} onChange={(e) => setTable(e.currentTarget.value)}>
              {open.map((p) => (
                <option key={p.table} value={p.table}>
                  {p.table}
                </option>
              ))}
            </select>
          </label>
          <RowSelect
            value={row}
            onPick={(r) => {
              setRow(r);
              const m = known(Number(r));
              if (m !== null) setMinutes(String(m));
            }}
          />
          <label class="field">
            <span>{t('clock.challenge.minutes')}</span>
            <input type="number" inputMode="numeric" min={1} max={600} value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} />
          </label>
          <button type="button" class="btn" onClick={record} disabled={busy}>
            {t('clock.challenge.record')}
          </button>
        </div>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {at !== null && finished === null && (
        <CloseButton busy={busy} onClose={() => void close()} round={round} timerRunning={limits.some((l) => now < overAt(l) && !round.pairings.find((p) => p.table === l.table)?.result)} />
      )}
      {finished !== null && <p>{t('timer.finished')}</p>}
      {alarm && (
        <HallCall
          id={`limit-${alarm.table}`}
          title={t('clock.challenge.overTitle', { table: alarm.table })}
          sub={t('clock.challenge.overSub')}
          onDismiss={() => setHeard(new Set([...heard, alarm.table]))}
        />
      )}
    </Frame>
  );
}

const CLOCKS: Record<ClockProfile, (props: RoundClockProps) => preact.JSX.Element> = {
  sr2011: Sr2011Clock,
  'lotr-30-50': LotrHallClock,
  'confrontation-challenge': ChallengeClock,
  none: PlainClock,
};

/** The clock the event's system declares for its rounds. */
export function RoundClock(props: RoundClockProps) {
  const { t } = useI18n();
  const { round } = props;
  // the organizer's tablet shows the hall's timer: its screen stays on while the round runs
  useWakeLock(num(round.startedAt) !== null && num(round.finishedAt) === null);
  // a round played without the clock (an older event, or results typed from sheets) has nothing to start
  if (num(round.startedAt) === null && round.pairings.length > 0 && round.pairings.every((p) => p.result))
    return (
      <Frame phase="finished">
        <p>{t('timer.finished')}</p>
      </Frame>
    );
  const Clock = CLOCKS[systemFor(props.event.system).clockProfile(props.event.settings)];
  return <Clock key={round.number} {...props} />;
}

