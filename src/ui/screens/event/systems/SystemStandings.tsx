// The standings tab for the systems other than SR2011: the system's own rows and columns (CDR TP
// and goal-average, LotR points, body count and kills, Rackham points and totals, the round a
// knockout player reached), the tie-break that decided each place, the bracket of a knockout
// event, a LotR duel's winner when two players are still level, end of event, CSV and print.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { EventSettings } from '../../../../domain/event-file';
import { roundsCompleted } from '../../../../domain/sr2011';
import { useI18n } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { downloadText } from '../../../files';
import { href } from '../../../router';
import { useServices } from '../../../services';
import { csvFileName, isFinished, nothingPlayed, sliceRounds, standingsViews } from '../standings/model';
import type { TabProps } from '../types';
import { BracketView } from './BracketView';
import { isKnockout, orderHelp, systemOf } from './model';
import { duelGroups, eventComplete, progressText, recordedDuels, rowsOf, standingsColumns, systemStandingsCsv, whyText, type AnyRow } from './standings-model';

export function SystemStandings({ eventId, event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const views = useMemo(() => standingsViews(event), [event]);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState<'all' | 'bracket' | null>(null);
  const latest = views[views.length - 1];
  const view = views.find((v) => v.length === picked) ?? latest;
  const viewed = useMemo(() => (view ? sliceRounds(event, view.length) : event), [event, view?.length]);
  const rows = useMemo(() => rowsOf(viewed), [viewed]);
  const knockout = isKnockout(event);

  useEffect(() => {
    if (!printing) return;
    const timer = setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 50);
    return () => clearTimeout(timer);
  }, [printing]);

  if (event.players.length === 0 || !view || nothingPlayed(event)) {
    return (
      <section class="standings" aria-label={t('standings.title')}>
        <p class="empty">{event.players.length === 0 ? t('standings.noPlayers') : t('standings.empty')}</p>
      </section>
    );
  }

  const save = async (settings: Partial<EventSettings>, done: string): Promise<void> => {
    setBusy(true);
    try {
      await dispatch({ type: 'event-updated', patch: { settings } });
      notify(done);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const isLatest = view === latest;
  const finished = isFinished(event);
  const heading = !view.complete
    ? t('standings.headingLive', { round: view.round })
    : finished && isLatest
      ? t('standings.headingFinal', { round: view.round })
      : t('standings.headingAfter', { round: view.round });
  const nameOf = (id: string): string => event.players.find((p) => p.id === id)?.name ?? id;
  const completed = roundsCompleted(event);
  const complete = eventComplete(event, completed);
  // a duel settles a final place: offered on the latest standings once every game is in
  const duels = event.system === 'lotr-sbg' && isLatest && view.complete ? duelGroups(rows) : [];
  const recorded = recordedDuels(event);

  const exportCsv = (): void => {
    const file = csvFileName(event, view.round, t);
    downloadText(file, systemStandingsCsv(viewed, rows, t, lang), 'text/csv;charset=utf-8');
    notify(t('standings.csvSaved', { file }));
  };

  const recordDuel = (group: readonly AnyRow[], winner: AnyRow): Promise<void> =>
    save({ duels: [...recorded, { players: group.map((r) => r.id), winner: winner.id }] }, t('systems.duel.saved', { name: winner.name }));

  return (
    <section class={`standings system-standings${printing === 'bracket' ? ' printing-bracket' : ''}`} aria-label={t('standings.title')}>
      {latest?.complete && isLatest && (
        <section class={`panel standings-end no-print ${finished ? 'done' : 'info'}`} data-testid="end-check">
          {finished ? (
            <div class="row">
              <p>
                <strong>{t('standings.end.finished')}</strong> {rows[0] && t('standings.end.winner', { name: rows[0].name })}
              </p>
              <button type="button" class="btn" disabled={busy} onClick={() => save({ finished: false, finishedAfterRound: null }, t('standings.end.savedReopened'))}>
                {t('standings.end.reopen')}
              </button>
            </div>
          ) : (
            <div class="row">
              <p>
                {complete.champion !== null
                  ? t('systems.end.champion', { name: nameOf(complete.champion) })
                  : complete.done
                    ? t('systems.end.allPlayed', { n: completed })
                    : t('systems.end.prompt', { n: completed })}
              </p>
              <button
                type="button"
                class={complete.done ? 'btn primary big' : 'btn'}
                disabled={busy}
                onClick={() => save({ finished: true, finishedAfterRound: completed }, t('standings.end.savedFinished'))}
              >
                {t('standings.end.finish')}
              </button>
            </div>
          )}
        </section>
      )}
      {duels.map((group) => (
        <section key={group.map((r) => r.id).join('|')} class="panel standings-end propose no-print duel" data-testid="duel">
          <p class="proposal">
            <strong>{t('systems.duel.tied', { names: group.map((r) => r.name).join(', '), rank: group[0]!.rank })}</strong>
          </p>
          <p class="muted">{t('systems.duel.rule')}</p>
          <div class="row">
            {group.map((r) => (
              <button key={r.id} type="button" class="btn primary" disabled={busy} onClick={() => void recordDuel(group, r)}>
                {t('systems.duel.winner', { name: r.name })}
              </button>
            ))}
          </div>
        </section>
      ))}
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
          <button type="button" class="btn" onClick={() => setPrinting('all')}>
            {t('standings.print')}
          </button>
          {knockout && (
            <button type="button" class="btn" onClick={() => setPrinting('bracket')}>
              {t('systems.bracket.print')}
            </button>
          )}
          <a class="btn" href={href({ name: 'projector', id: eventId, what: 'standings' })} target="_blank" rel="noopener">
            {t('standings.projector')}
          </a>
          <button type="button" class="btn" onClick={exportCsv}>
            {t('standings.csv')}
          </button>
        </div>
      </div>
      <h2 class="standings-heading">{heading}</h2>
      <p class="standings-order" data-testid="order-help">
        {orderHelp(event, t)}
      </p>
      <p class="muted no-print">{progressText(event, completed, t)}</p>
      {knockout && <BracketView event={viewed} />}
      {recorded.length > 0 && (
        <p class="muted" data-testid="duels-recorded">
          {t('systems.duel.recorded', {
            list: recorded.map((d) => t('systems.duel.line', { winner: nameOf(d.winner), others: d.players.filter((p) => p !== d.winner).map(nameOf).join(', ') })).join(' ; '),
          })}
        </p>
      )}
      <div class="standings-scroll standings-rows">
        <SystemStandingsTable rows={rows} event={event} />
      </div>
    </section>
  );
}

export function SystemStandingsTable({ rows, event }: { rows: readonly AnyRow[]; event: TabProps['event'] }) {
  const { t, lang } = useI18n();
  const cols = standingsColumns(event);
  const order = systemOf(event).standingsOrder(event.settings);
  return (
    <table class="table standings-table" data-testid="standings-table">
      <thead>
        <tr>
          <th scope="col" class="num">
            {t('standings.col.rank')}
          </th>
          <th scope="col" class="num">
            {t('standings.col.number')}
          </th>
          <th scope="col">{t('standings.col.name')}</th>
          {cols.map((c) => {
            const i = c.orderKey ? order.indexOf(c.orderKey) : -1;
            return (
              <th key={c.id} scope="col" class={i >= 0 ? 'num key' : 'num'} data-key={c.id}>
                <abbr title={t(c.long)}>{t(c.label)}</abbr>
                {i >= 0 && (
                  <sup class="key-index" title={t('standings.orderIndex', { n: i + 1 })}>
                    {i + 1}
                  </sup>
                )}
              </th>
            );
          })}
          <th scope="col">{t('standings.col.why')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} class={`${r.dropped ? 'dropped' : ''}${r.champion === true ? ' champion' : ''}`} data-id={r.id}>
            <td class="num rank">{r.rank}</td>
            <td class="num">{r.number}</td>
            <th scope="row" class="name">
              {r.name} {r.dropped && <em class="badge">{t('standings.dropped')}</em>}
            </th>
            {cols.map((c) => (
              <td key={c.id} class={`num${c.orderKey && order.includes(c.orderKey) ? ' key' : ''}${c.orderKey && c.orderKey === r.decidedBy ? ' decisive' : ''}`} data-col={c.id}>
                {c.text(r, t, lang)}
              </td>
            ))}
            <td class={`why${r.decidedBy === null || r.decidedBy === order[0] ? ' muted' : ''}`} data-testid={`why-${r.id}`}>
              {whyText(r, t)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
