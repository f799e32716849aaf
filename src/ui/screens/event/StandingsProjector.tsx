// The standings on a projector at the back of a hall, for every system: huge type, white on
// black, the event's name and round, and the list scrolling slowly by itself when it does not fit
// (the shared projector hook: time-based, pausing at the top and the bottom). It shows the
// standings after the last completed round: a running round's partial results would reshuffle
// the list at every result entered. A knockout shows its bracket instead: the hall follows who
// goes through, not a table of ranks.
import { useMemo, useRef } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import { isEventFinished } from '../../../domain/systems/event-state';
import { useI18n } from '../../../i18n';
import { uiFor } from '../../systems';
import { useAutoScroll } from '../../use-auto-scroll';
import { sliceRounds, standingsViews } from './standings/model';
import { BracketView } from '../../systems/shared/BracketView';
import { isKnockout } from '../../systems/shared/model';
import { VirtualRows } from '../../components/VirtualRows';
import { useStandings } from '../../use-standings';

export function StandingsProjector({ eventId, event }: { eventId: string; event: EventFile }) {
  const { t, lang } = useI18n();
  const ui = uiFor(event.system).standings;
  const views = useMemo(() => standingsViews(event), [event]);
  const complete = views.filter((v) => v.complete);
  const view = complete[complete.length - 1];
  const latest = views[views.length - 1];
  const running = latest && !latest.complete ? latest.round : null;
  const viewed = useMemo(() => (view ? sliceRounds(event, view.length) : null), [event, view?.length]);
  const knockout = isKnockout(event);
  const rows = useStandings(eventId, event, view && view.length < event.rounds.length ? { rounds: view.length } : {}, Boolean(view) && !knockout).rows ?? [];
  const scroller = useRef<HTMLDivElement>(null);
  useAutoScroll(scroller);

  const cols = viewed ? ui.columns(viewed) : [];
  const keys = viewed ? ui.keys(viewed, rows) : [];
  const title = !view ? null : isEventFinished(event) && running === null ? t('standings.projector.final') : t('standings.projector.after', { round: view.round });
  const numClass = (orderKey: string | undefined): string => (orderKey && keys.includes(orderKey) ? 'num key' : 'num');

  return (
    <section class="standings-projector" aria-label={t('standings.title')}>
      <header class="sp-head">
        <h1 class="sp-event">{event.name}</h1>
        <p class="sp-round">
          {title && <span>{title}</span>}
          {running !== null && <span class="sp-running">{t('standings.projector.running', { round: running })}</span>}
        </p>
      </header>
      {knockout ? (
        // the bracket shows the running round too: who is still in is what the hall wants to see
        <div class="sp-viewport" ref={scroller}>
          <BracketView event={event} variant="projector" />
        </div>
      ) : !view || rows.length === 0 ? (
        <p class="sp-empty">{t('standings.projector.empty')}</p>
      ) : (
        <VirtualRows
          items={rows}
          rowHeight={60}
          tableClass="sp-table"
          testId="projector-table"
          scrollRef={scroller}
          scrollClass="sp-viewport"
          head={
            <thead>
              <tr>
                <th scope="col" class="num">
                  {t('standings.col.rank')}
                </th>
                <th scope="col" class="sp-name">
                  {t('standings.col.name')}
                </th>
                {cols.map((c) => (
                  <th key={c.id} scope="col" class={numClass(c.orderKey)}>
                    {t(c.label)}
                  </th>
                ))}
              </tr>
            </thead>
          }
          row={(r) => (
            <tr key={r.id} class={`${r.rank <= 3 ? 'top' : ''}${r.dropped ? ' dropped' : ''}`}>
              <td class="num sp-rank">{r.rank}</td>
              <th scope="row" class="sp-name">
                {r.name}
                {r.dropped && (
                  <>
                    {' '}
                    <em class="sp-badge">{t('standings.dropped')}</em>
                  </>
                )}
              </th>
              {cols.map((c) => (
                <td key={c.id} class={numClass(c.orderKey)}>
                  {c.text(r, t, lang)}
                </td>
              ))}
            </tr>
          )}
        />
      )}
    </section>
  );
}
