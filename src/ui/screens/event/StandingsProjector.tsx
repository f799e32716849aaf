// The standings on a projector at the back of a hall: huge type, white on black, the event's
// name and round, and the list scrolling slowly by itself when it does not fit (the shared
// projector hook: time-based, pausing at the top and the bottom). It shows the standings after
// the last completed round: a running round's partial results would reshuffle the list at every
// result entered.
import { useMemo, useRef } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import { computeStandings } from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { useAutoScroll } from '../../use-auto-scroll';
import { isSr2011 } from './systems/model';
import { SystemStandingsProjector } from './systems/SystemStandingsProjector';
import { isFinished, orderKeys, sliceRounds, standingsViews, statColumns, statValue } from './standings/model';

/** Knockout events show their bracket; other systems their own columns; SR2011 its variants. */
export function StandingsProjector({ event }: { event: EventFile }) {
  return isSr2011(event) ? <Sr2011StandingsProjector event={event} /> : <SystemStandingsProjector event={event} />;
}

function Sr2011StandingsProjector({ event }: { event: EventFile }) {
  const { t } = useI18n();
  const views = useMemo(() => standingsViews(event), [event]);
  const complete = views.filter((v) => v.complete);
  const view = complete[complete.length - 1];
  const latest = views[views.length - 1];
  const running = latest && !latest.complete ? latest.round : null;
  const viewed = useMemo(() => (view ? sliceRounds(event, view.length) : null), [event, view?.length]);
  const rows = useMemo(() => (viewed ? computeStandings(viewed) : []), [viewed]);
  const scroller = useRef<HTMLDivElement>(null);
  useAutoScroll(scroller);

  const cols = viewed ? statColumns(viewed) : [];
  const keys = viewed ? orderKeys(viewed, rows) : [];
  const title = !view ? null : isFinished(event) && running === null ? t('standings.projector.final') : t('standings.projector.after', { round: view.round });
  const numClass = (k: (typeof cols)[number]): string => (keys.includes(k) ? 'num key' : 'num');

  return (
    <section class="standings-projector" aria-label={t('standings.title')}>
      <header class="sp-head">
        <h1 class="sp-event">{event.name}</h1>
        <p class="sp-round">
          {title && <span>{title}</span>}
          {running !== null && <span class="sp-running">{t('standings.projector.running', { round: running })}</span>}
        </p>
      </header>
      {!view || rows.length === 0 ? (
        <p class="sp-empty">{t('standings.projector.empty')}</p>
      ) : (
        <div class="sp-viewport" ref={scroller}>
          <table class="sp-table" data-testid="projector-table">
            <thead>
              <tr>
                <th scope="col" class="num">
                  {t('standings.col.rank')}
                </th>
                <th scope="col" class="sp-name">
                  {t('standings.col.name')}
                </th>
                {cols.map((k) => (
                  <th key={k} scope="col" class={numClass(k)}>
                    {t(`standings.col.${k}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} class={`${r.rank <= 3 ? 'top' : ''}${r.dropped ? ' dropped' : ''}`}>
                  <td class="num sp-rank">{r.rank}</td>
                  <th scope="row" class="sp-name">
                    {r.name}
                    {r.dropped && <em class="sp-badge">{t('standings.dropped')}</em>}
                  </th>
                  {cols.map((k) => (
                    <td key={k} class={numClass(k)}>
                      {statValue(r, k)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
