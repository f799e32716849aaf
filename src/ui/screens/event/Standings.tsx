// The standings tab, for every system: the table in the order in force with the "why" of each
// place, the standings as they stood after any completed round, the end of the event, print,
// CSV and the projector view; a knockout's bracket and the duels a LotR tie chain ended with.
// What differs per system (columns, order, words, end-of-event rules) comes from its UI
// companion (uiFor). A large event's standings come from the engine worker (useStandings): the
// tab shows the last ones computed while new ones are on their way.
import { useMemo, useState } from 'preact/hooks';
import { isEventFinished } from '../../../domain/systems/event-state';
import { useI18n } from '../../../i18n';
import { downloadText } from '../../files';
import { href } from '../../router';
import { useServices } from '../../services';
import { usePrint } from '../../use-print';
import { uiFor } from '../../systems';
import { csvFileName, nothingPlayed, sliceRounds, standingsViews } from './standings/model';
import { StandingsTable } from './standings/StandingsTable';
import { BracketView } from '../../systems/shared/BracketView';
import { isKnockout } from '../../systems/shared/model';
import { peopleColumns, recordedDuels } from '../../systems/shared/standings-model';
import { useStandings } from '../../use-standings';
import type { TabProps } from './types';

export function Standings({ eventId, event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const systemUi = uiFor(event.system);
  const ui = systemUi.standings;
  const views = useMemo(() => standingsViews(event), [event]);
  // null follows the latest view as rounds are played; a number pins "after round N"
  const [picked, setPicked] = useState<number | null>(null);
  const [printing, setPrinting] = useState<'bracket' | null>(null);
  const latest = views[views.length - 1];
  const view = views.find((v) => v.length === picked) ?? latest;
  const viewed = useMemo(() => (view ? sliceRounds(event, view.length) : event), [event, view?.length]);
  const { rows: computed, pending } = useStandings(eventId, event, view && view.length < event.rounds.length ? { rounds: view.length } : {}, Boolean(view));
  const rows = computed ?? [];
  const players = useMemo(() => new Map(event.players.map((p) => [p.id, p.name])), [event.players]);
  const people = useMemo(() => peopleColumns(event.players, { club: t('standings.col.club'), faction: t(systemUi.factions.label) }), [event.players, t, systemUi]);
  const knockout = isKnockout(event);

  usePrint(printing, () => setPrinting(null));

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
    : isEventFinished(event) && isLatest
      ? t('standings.headingFinal', { round: view.round })
      : t('standings.headingAfter', { round: view.round });
  const nameOf = (id: string): string => players.get(id) ?? id;
  const recorded = recordedDuels(event);

  const exportCsv = (): void => {
    const file = csvFileName(event, view.round, t);
    downloadText(file, ui.csv(viewed, rows, t, lang, people), 'text/csv;charset=utf-8');
    notify(t('standings.csvSaved', { file }));
  };

  if (computed === null) {
    return (
      <section class="standings" aria-label={t('standings.title')} aria-busy="true">
        <p class="muted" role="status">
          {t('standings.computing')}
        </p>
      </section>
    );
  }

  return (
    <section aria-busy={pending ? 'true' : undefined} class={`standings${printing === 'bracket' ? ' printing-bracket' : ''}`} aria-label={t('standings.title')}>
      {/* the end of the event is decided on the standings of the event as it stands, never the previous ones */}
      {!pending && <ui.EndPanel eventId={eventId} event={event} dispatch={dispatch} rows={rows} isLatest={isLatest} viewComplete={view.complete} />}
      <div class="row standings-bar no-print">
        <ViewPicker views={views} view={view} onPick={(n) => setPicked(n === latest?.length ? null : n)} />
        <StandingsActions eventId={eventId} pending={pending} knockout={knockout} onPrintBracket={() => setPrinting('bracket')} onCsv={exportCsv} />
      </div>
      <h2 class="standings-heading">{heading}</h2>
      <p class="standings-order" data-testid="order-help">
        {ui.orderText(viewed, rows, t, lang)}
      </p>
      <p class="muted no-print">{ui.progress(event, t)}</p>
      {knockout && <BracketView event={viewed} />}
      <RecordedDuels recorded={recorded} nameOf={nameOf} />
      {pending && (
        <p class="muted no-print" role="status" data-testid="standings-pending">
          {t('standings.computing')}
        </p>
      )}
      <StandingsTable rows={rows} cols={ui.columns(viewed)} keys={ui.keys(viewed, rows)} why={ui.why} people={people} />
    </section>
  );
}

/** Print, bracket print, projector and CSV. */
function StandingsActions({
  eventId,
  pending,
  knockout,
  onPrintBracket,
  onCsv,
}: {
  eventId: string;
  pending: boolean;
  knockout: boolean;
  onPrintBracket: () => void;
  onCsv: () => void;
}) {
  const { t } = useI18n();
  return (
    <div class="row">
      {/* while new standings compute, the ones on screen are the previous ones: not to be printed or saved */}
      <button type="button" class="btn" disabled={pending} onClick={() => window.print()}>
        {t('standings.print')}
      </button>
      {knockout && (
        <button type="button" class="btn" onClick={onPrintBracket}>
          {t('systems.bracket.print')}
        </button>
      )}
      <a class="btn" href={href({ name: 'projector', id: eventId, what: 'standings' })} target="_blank" rel="noopener">
        {t('standings.projector')}
      </a>
      <button type="button" class="btn" disabled={pending} onClick={onCsv}>
        {t('standings.csv')}
      </button>
    </div>
  );
}

/** The duels a tie chain ended with, as recorded. */
function RecordedDuels({ recorded, nameOf }: { recorded: ReturnType<typeof recordedDuels>; nameOf: (id: string) => string }) {
  const { t } = useI18n();
  if (recorded.length === 0) return null;
  return (
    <p class="muted" data-testid="duels-recorded">
      {t('systems.duel.recorded', {
        list: recorded
          .map((d) =>
            t('systems.duel.line', {
              winner: nameOf(d.winner),
              others: d.players
                .filter((p) => p !== d.winner)
                .map(nameOf)
                .join(', '),
            }),
          )
          .join(t('common.listSep')),
      })}
    </p>
  );
}

/** Which standings to show: after each round played, or the round under way. */
function ViewPicker({ views, view, onPick }: { views: ReturnType<typeof standingsViews>; view: ReturnType<typeof standingsViews>[number]; onPick: (length: number) => void }) {
  const { t } = useI18n();
  return (
    <label class="standings-view">
      {t('standings.viewLabel')}
      <select value={String(view.length)} onChange={(e) => onPick(Number(e.currentTarget.value))}>
        {views.map((v) => (
          <option key={v.length} value={String(v.length)}>
            {v.complete ? t('standings.viewAfter', { round: v.round }) : t('standings.viewLive', { round: v.round })}
          </option>
        ))}
      </select>
    </label>
  );
}
