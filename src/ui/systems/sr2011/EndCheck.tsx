// The end-of-event check after each completed round, as a proposal the organizer confirms. The
// decision is one 'event-updated' action on settings (see the domain's event-end.ts for the fields), so it is in
// the log, undoable and exported with the event.
import type { ComponentChildren } from 'preact';
import { extraRoundsAgreed, requiredListCount, unusedListsAtEnd, type EventEndState } from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { href } from '../../router';
import type { TabProps } from '../../screens/event/types';
import { useSettingsSave } from '../shared/settings-save';

interface Props {
  state: EventEndState;
  eventId: string;
  event: TabProps['event'];
  dispatch: TabProps['dispatch'];
}

export function EndCheck({ state, eventId, event, dispatch }: Props) {
  const { t } = useI18n();
  const { busy, save } = useSettingsSave(dispatch);
  const finish = (completed: number): Promise<void> => save({ finished: true, finishedAfterRound: completed }, t('standings.end.savedFinished'));

  const unusedNote = <UnusedLists event={event} />;

  const panel = (tone: string, body: ComponentChildren) => (
    <section class={`panel standings-end no-print ${tone}`} aria-label={t('standings.end.title')} data-testid="end-check">
      {body}
    </section>
  );

  switch (state.kind) {
    case 'none':
    case 'running':
    case 'continue':
      return null;
    case 'finished':
      return panel(
        'done',
        <>
          <h2>{t('standings.end.finished')}</h2>
          <p>
            {t('standings.end.finishedAfter', { round: state.afterRound })} {state.winner && t('standings.end.winner', { name: state.winner.name })}
          </p>
          {unusedNote}
          <div class="row">
            <button type="button" class="btn" disabled={busy} onClick={() => save({ finished: false, finishedAfterRound: null }, t('standings.end.savedReopened'))}>
              {t('standings.end.reopen')}
            </button>
          </div>
        </>,
      );
    case 'propose-end':
      return panel(
        'propose',
        <>
          <p class="proposal">
            <strong>{t('standings.end.proposeEnd', { name: state.leader.name, tp: state.leader.tp, round: state.completed })}</strong>
          </p>
          <p class="muted">{t('standings.end.proposeEndRule')}</p>
          {unusedNote}
          <div class="row">
            <button type="button" class="btn primary big" disabled={busy} onClick={() => finish(state.completed)}>
              {t('standings.end.finish')}
            </button>
          </div>
          <p class="muted">{t('standings.end.orContinue')}</p>
        </>,
      );
    case 'propose-extra-round':
      return panel(
        'propose',
        <ExtraRoundChoice
          state={state}
          busy={busy}
          onAdd={() => save({ extraRounds: extraRoundsAgreed(event) + 1 }, t('standings.end.savedExtra'))}
          onFinish={() => finish(state.completed)}
        />,
      );
    case 'extra-round-agreed':
      return panel(
        'info',
        <div class="row">
          <p>{t('standings.end.extraAgreed', { round: state.next })}</p>
          <a class="btn" href={href({ name: 'event', id: eventId, tab: 'rounds' })}>
            {t('standings.end.goRounds')}
          </a>
        </div>,
      );
    case 'end':
      return panel(
        'propose',
        <>
          <p class="proposal">
            <strong>
              {state.reason === 'final-tables' ? t('standings.end.finalTablesPlayed') : t('standings.end.fixedReached', { n: event.settings.rounds ?? state.completed })}
            </strong>
          </p>
          <div class="row">
            <button type="button" class="btn primary big" disabled={busy} onClick={() => finish(state.completed)}>
              {t('standings.end.record')}
            </button>
          </div>
        </>,
      );
  }
}

// « X listes » with a free round count: the end can come before every list was played
function UnusedLists({ event }: { event: Props['event'] }) {
  const { t } = useI18n();
  const unused = unusedListsAtEnd(event);
  if (unused.length === 0) return null;
  return (
    <ul data-testid="unused-lists">
      {unused.map((u) => (
        <li key={u.id}>{t('standings.end.unusedList', { name: u.name, casters: u.casters.join(', '), n: requiredListCount(event.settings.variants) ?? 0 })}</li>
      ))}
    </ul>
  );
}

/** The leaders are tied after the planned rounds: one more round, or the end as it stands. */
function ExtraRoundChoice({
  state,
  busy,
  onAdd,
  onFinish,
}: {
  state: Extract<EventEndState, { kind: 'propose-extra-round' }>;
  busy: boolean;
  onAdd: () => void;
  onFinish: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <p class="proposal">
        <strong>
          {t('standings.end.proposeExtra', {
            planned: state.planned,
            names: state.leaders.map((r) => r.name).join(', '),
            tp: state.leaders[0]?.tp ?? 0,
          })}
        </strong>
      </p>
      <div class="row">
        <button type="button" class="btn primary big" disabled={busy} onClick={onAdd}>
          {t('standings.end.addExtra')}
        </button>
        <button type="button" class="btn big" disabled={busy} onClick={onFinish}>
          {t('standings.end.finishAnyway')}
        </button>
      </div>
    </>
  );
}
