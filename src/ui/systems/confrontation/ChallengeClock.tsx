// The Confrontation 200-PA challenge's round clock: each table's limit is a row of the booklet's
// challenge table, noted per table by the organizer, and counted down from then. The hall's
// timer shows the round's elapsed time (the limits are per table).
import { useState } from 'preact/hooks';
import type { Round } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import { formatDuration, useNow } from '../../use-now';
import { plainHallLine } from '../shared/PlainClock';
import {
  Big,
  CloseButton,
  finiteNumber,
  Frame,
  HallCall,
  MINUTE_MS,
  minutesProblem,
  StartButton,
  useElapsed,
  useRoundActions,
  type RoundClockParts,
  type RoundClockProps,
} from '../shared/round-clock';

/** One table's Confrontation challenge limit: the booklet row its roll gave and the minutes read there. */
export interface TableLimit {
  table: number;
  row: number;
  minutes: number;
  startedAt: number;
}

export function tableLimits(round: Round): TableLimit[] {
  return Array.isArray(round.tableLimits) ? (round.tableLimits as TableLimit[]).filter((l) => finiteNumber(l?.startedAt) !== null && finiteNumber(l?.minutes) !== null) : [];
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
  const known = (r: number): number | null =>
    event.rounds
      .flatMap(tableLimits)
      .reverse()
      .find((l) => l.row === r)?.minutes ?? null;
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
        <CloseButton
          busy={busy}
          onClose={() => void close()}
          round={round}
          timerRunning={limits.some((l) => now < overAt(l) && !round.pairings.find((p) => p.table === l.table)?.result)}
        />
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

export const CHALLENGE_ROUND_CLOCK: RoundClockParts = { Clock: ChallengeClock, hallLine: plainHallLine };
