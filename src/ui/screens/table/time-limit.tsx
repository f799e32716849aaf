// The table's own view of the organizer's clock: the time limit its ticket carries (a plain
// round's length, a Confrontation challenge's limit) or the one the table set up itself, counted
// down, warned before and called at the end as the hall's round timer does; and a device whose
// clock was behind the ticket's issuer counts from the issuer's time, saying so.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { TableTicket } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { ServicesContext, useServices } from '../../services';
import { formatDuration, useNow } from '../../use-now';
import { signal } from './signal';

const MINUTE_MS = 60_000;
/** the warning before the end, as a player hears it: five minutes left */
export const LIMIT_WARNING_MS = 5 * MINUTE_MS;
/** a device's clock is called off past this (the issue's « more than a minute ») */
export const CLOCK_SKEW_MS = MINUTE_MS;

/**
 * How far the device's clock is behind the ticket's issuer, or 0. A ticket is never read before it
 * was made, nor before its round started: a device whose `now` is earlier is behind by at least
 * that. (A device ahead cannot be told from a ticket printed or typed late, so it is left as is.)
 */
export function clockBehindBy(ticket: Pick<TableTicket, 'issuedAt' | 'startedAt'>, now: number): number {
  const behind = Math.max(ticket.issuedAt ?? 0, ticket.startedAt ?? 0) - now;
  return behind > CLOCK_SKEW_MS ? behind : 0;
}

export interface TableLimit {
  minutes: number;
  startedAt: number;
  endsAt: number;
  row: number | null;
}

/** The limit this table counts: the ticket's, else one set up at the table (from its clock's start). */
export function tableLimit(record: TableGameRecord): TableLimit | null {
  const own = record.ticket.timeLimit;
  if (own) return { minutes: own.minutes, startedAt: own.startedAt, endsAt: own.startedAt + own.minutes * MINUTE_MS, row: own.row ?? null };
  const set = record.setup?.challenge;
  const start = record.actions.find((a) => a.type === 'start');
  if (!set || !start) return null;
  const die = set.rolls[set.rolls.length - 1] ?? 0;
  return { minutes: set.minutes, startedAt: start.at, endsAt: start.at + set.minutes * MINUTE_MS, row: die >= 1 && die <= 5 ? 6 - die : null };
}

/** The table's screens with the issuer's time when this device's clock was found behind. */
export function IssuerTime({ record, children }: { record: TableGameRecord; children: ComponentChildren }) {
  const services = useServices();
  const offset = record.clockOffsetMs ?? 0;
  const value = useMemo(() => (offset > 0 ? { ...services, now: () => services.now() + offset } : services), [services, offset]);
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function ClockSkewNote({ record, class: cls = 'bar-note warn' }: { record: TableGameRecord; class?: string }) {
  const { t } = useI18n();
  const offset = record.clockOffsetMs ?? 0;
  if (offset <= 0) return null;
  return (
    <p class={cls} data-testid="clock-skew">
      {t('table.clockBehind', { time: formatDuration(offset) })}
    </p>
  );
}

/** The countdown line in the clock's bar, the warning before the end and the full-screen call at it. */
export function LimitCall({ record }: { record: TableGameRecord }) {
  const { t } = useI18n();
  const { now: clock } = useServices();
  const now = useNow(clock, 250);
  const limit = tableLimit(record);
  const [seen, setSeen] = useState(false);
  const heard = useRef<'none' | 'warned' | 'over'>('none');
  const left = limit ? limit.endsAt - now : null;
  const stage = left === null ? 'none' : left <= 0 ? 'over' : left <= LIMIT_WARNING_MS ? 'warned' : 'none';
  useEffect(() => {
    if (stage === heard.current || stage === 'none') return;
    heard.current = stage;
    signal(stage === 'over' ? 'dice-down' : 'announce');
  }, [stage]);
  if (!limit || left === null) return null;
  const line = limit.row === null ? t('table.limit.line', { minutes: limit.minutes }) : t('table.limit.lineRow', { minutes: limit.minutes, row: limit.row });
  return (
    <>
      <p class={`bar-note ${stage === 'none' ? '' : 'warn'}`} data-testid="table-limit" role="timer" aria-live="off">
        {line} · {stage === 'over' ? t('table.limit.over') : t('table.limit.left', { time: formatDuration(left) })}
      </p>
      {stage === 'warned' && (
        <p class="bar-note warn" role="status" data-testid="table-limit-warning">
          {t('table.limit.warning', { n: Math.ceil(left / MINUTE_MS) })}
        </p>
      )}
      {stage === 'over' && !seen && (
        <div class="dice-down" role="alertdialog" aria-labelledby="table-limit-over">
          <p id="table-limit-over" class="dice-down-title">
            {t('table.limit.overTitle')}
          </p>
          <p class="dice-down-sub">{t('table.limit.overSub')}</p>
          <button type="button" class="btn big" onClick={() => setSeen(true)}>
            {t('table.continue')}
          </button>
        </div>
      )}
    </>
  );
}
