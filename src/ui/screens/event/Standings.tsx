// The standings tab (SR2011): the table in the order in force with the "why" of each place, the
// standings as they stood after any completed round, the end-of-event proposal, print, CSV and
// the projector view. computeStandings is fast (4096 players well under 50 ms): no worker.
import { useMemo, useState } from 'preact/hooks';
import { computeStandings, roundsCompleted } from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { downloadText } from '../../files';
import { href } from '../../router';
import { useServices } from '../../services';
import { EndCheck } from './standings/EndCheck';
import {
  csvFileName,
  endState,
  isFinished,
  nothingPlayed,
  orderKeys,
  orderSentence,
  plannedWithExtra,
  sliceRounds,
  standingsCsv,
  standingsViews,
  statColumns,
} from './standings/model';
import { StandingsTable } from './standings/StandingsTable';
import { isSr2011 } from './systems/model';
import { SystemStandings } from './systems/SystemStandings';
import type { TabProps } from './types';

/** SR2011's standings have their own variants and end-of-event rules; other systems share one view. */
export function Standings(props: TabProps) {
  return isSr2011(props.event) ? <Sr2011Standings {...props} /> : <SystemStandings {...props} />;
}

function Sr2011Standings({ eventId, event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const views = useMemo(() => standingsViews(event), [event]);
  // null follows the latest view as rounds are played; a number pins "after round N"
  const [picked, setPicked] = useState<number | null>(null);
  const latest = views[views.length - 1];
  const view = views.find((v) => v.length === picked) ?? latest;
  const viewed = useMemo(() => (view ? sliceRounds(event, view.length) : event), [event, view?.length]);
  const rows = useMemo(() => computeStandings(viewed), [viewed]);
  const allRows = useMemo(() => (viewed === event ? rows : computeStandings(event)), [event, viewed, rows]);
  const end = useMemo(() => endState(event, allRows), [event, allRows]);

  if (event.players.length === 0 || !view || nothingPlayed(event)) {
    return (
      <section class="standings" aria-label={t('standings.title')}>
        <p class="empty">{event.players.length === 0 ? t('standings.noPlayers') : t('standings.empty')}</p>
      </section>
    );
  }

  const isLatest = view === latest;
  const heading = !view.complete
    ? t('standings.headingLive', { round: view.round })
    : isFinished(event) && isLatest
      ? t('standings.headingFinal', { round: view.round })
      : t('standings.headingAfter', { round: view.round });
  const completed = roundsCompleted(event);
  const planned = plannedWithExtra(event);
  const progress = t(event.settings.rounds != null ? 'standings.progressFixed' : 'standings.progress', { n: completed, planned });

  const exportCsv = (): void => {
    const file = csvFileName(event, view.round, t);
    downloadText(file, standingsCsv(viewed, rows, t), 'text/csv;charset=utf-8');
    notify(t('standings.csvSaved', { file }));
  };

  return (
    <section class="standings" aria-label={t('standings.title')}>
      <EndCheck state={end} eventId={eventId} event={event} dispatch={dispatch} />
      <div class="row standings-bar no-print">
        <label class="standings-view">
          {t('standings.viewLabel')}
          <select
            value={String(view.length)}
            onChange={(e) => {
              const n = Number(e.currentTarget.value);
              setPicked(n === latest?.length ? null : n);
            }}
          >
            {views.map((v) => (
              <option key={v.length} value={String(v.length)}>
                {v.complete ? t('standings.viewAfter', { round: v.round }) : t('standings.viewLive', { round: v.round })}
              </option>
            ))}
          </select>
        </label>
        <div class="row">
          <button type="button" class="btn" onClick={() => window.print()}>
            {t('standings.print')}
          </button>
          <a class="btn" href={href({ name: 'projector', id: eventId, what: 'standings' })} target="_blank" rel="noopener">
            {t('standings.projector')}
          </a>
          <button type="button" class="btn" onClick={exportCsv}>
            {t('standings.csv')}
          </button>
        </div>
      </div>
      <h2 class="standings-heading">{heading}</h2>
      <p class="standings-order">{orderSentence(viewed, rows, t, lang)}</p>
      <p class="muted no-print">{progress}</p>
      <div class="standings-scroll">
        <StandingsTable rows={rows} cols={statColumns(viewed)} keys={orderKeys(viewed, rows)} />
      </div>
    </section>
  );
}
