import { serializeEventFile } from '../../domain/event-file';
import { useI18n } from '../../i18n';
import { actionLabel } from '../action-label';
import { saveErrorMessage } from '../errors';
import { downloadText, fileSlug } from '../files';
import { EVENT_TABS, href, type EventTab } from '../router';
import { useServices } from '../services';
import { useEvent } from '../use-event';
import { EventSettings } from './event/EventSettings';
import { Players } from './event/Players';
import { Rounds } from './event/Rounds';
import { Standings } from './event/Standings';
import type { TabProps } from './event/types';

const TAB_LABEL = { settings: 'event.settings', players: 'event.players', rounds: 'event.rounds', standings: 'event.standings' } as const;

export function EventScreen({ id, tab }: { id: string; tab: EventTab }) {
  const { t } = useI18n();
  const { notify } = useServices();
  const { state, missing, dispatch, undo } = useEvent(id, () => notify(t('event.changedElsewhere')));

  if (missing)
    return (
      <main class="screen">
        <p class="error" role="alert">
          {t('event.notFound')}
        </p>
        <a class="btn" href="#/">
          {t('nav.back')}
        </a>
      </main>
    );
  if (!state) return <main class="screen">{t('app.loading')}</main>;
  const { event } = state;
  const props: TabProps = { eventId: id, meta: state.meta, event, dispatch };

  const onUndo = async (): Promise<void> => {
    try {
      const undone = await undo();
      notify(undone ? t('event.undone', { what: actionLabel(undone.action, event, t) }) : t('event.nothingToUndo'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <main class="screen event">
      <div class="toolbar">
        <div>
          <h1>{event.name}</h1>
          <p class="muted">
            {event.date} · {t(`system.${event.system}`)} · {event.settings.points} pts
          </p>
        </div>
        <div class="row">
          <button type="button" class="btn" onClick={onUndo}>
            ↶ {t('event.undo')}
          </button>
          <button type="button" class="btn" onClick={() => downloadText(fileSlug(event.name, event.date), serializeEventFile(event))}>
            {t('home.export')}
          </button>
        </div>
      </div>
      <nav class="tabs" aria-label={event.name}>
        {EVENT_TABS.map((k) => (
          <a key={k} href={href({ name: 'event', id, tab: k })} class={k === tab ? 'tab active' : 'tab'} aria-current={k === tab ? 'page' : undefined}>
            {t(TAB_LABEL[k])}
          </a>
        ))}
      </nav>
      {tab === 'settings' && <EventSettings {...props} />}
      {tab === 'players' && <Players {...props} />}
      {tab === 'rounds' && <Rounds {...props} />}
      {tab === 'standings' && <Standings {...props} />}
    </main>
  );
}
