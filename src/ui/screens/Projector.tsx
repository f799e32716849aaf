// Full-screen views for a projector or a second screen in the hall: huge type, no controls but
// a discreet exit, kept fresh by the same change channel as every other screen.
import { useRef } from 'preact/hooks';
import { systemFor, type GameSystem } from '../../domain/systems';
import { useI18n } from '../../i18n';
import { href } from '../router';
import { useAutoScroll } from '../use-auto-scroll';
import { useEvent } from '../use-event';
import { useWakeLock } from '../use-wake-lock';
import { PublicQr } from '../sync/PublicQr';
import { ByNameTable } from './event/rounds/PairingsTable';
import { StandingsProjector } from './event/StandingsProjector';
import { HallTimer } from './event/rounds/HallTimer';
import { DeviceClock } from './event/rounds/DeviceClock';
import { roundStage, stageLabel } from '../systems/shared/model';
import type { EventFile } from '../../domain/event-file';

function PairingsProjector({ eventId, event }: { eventId: string; event: EventFile }) {
  const { t, lang } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  useAutoScroll(scroller);
  const round = event.rounds[event.rounds.length - 1];
  if (!round) return <p>{t('projector.none')}</p>;
  // The scenario stays secret until the round starts (RULES.md: "kept secret until the round starts");
  // a name the system does not know is shown as the file gives it
  const named = (systemFor(event.system) as GameSystem).scenarioName;
  const scenario = typeof round.startedAt === 'number' && round.scenario ? (named?.(round.scenario, lang) ?? round.scenario) : t('scenario.hiddenForPlayers');
  const stage = roundStage(round);
  // a round of a system with scenarios carries the field (null until one is chosen)
  return (
    <>
      <div class="projector-head">
        <div>
          <h1>{t('projector.pairings', { n: round.number })}</h1>
          <p>
            {event.name} · {named && round.scenario !== undefined ? `${t('scenario.title')} : ${scenario}` : stage ? stageLabel(stage, t) : t(`system.${event.system}`)}
          </p>
        </div>
        {typeof round.startedAt === 'number' && (
          <div>
            <DeviceClock eventId={eventId} version={event}>
              <HallTimer event={event} className="hall-timer" />
            </DeviceClock>
          </div>
        )}
      </div>
      <ByNameTable
        event={event}
        round={round}
        className="table projector-pairings"
        projected
        testId="projector-pairings"
        scrollRef={scroller}
        scrollClass="autoscroll projector-scroll"
      />
    </>
  );
}

export function Projector({ id, what }: { id: string; what: 'pairings' | 'standings' }) {
  const { t } = useI18n();
  const { state, missing } = useEvent(id);
  // the hall's screen must not sleep mid-round
  useWakeLock();
  if (missing) return <p class="error">{t('event.notFound')}</p>;
  if (!state) return <p>{t('app.loading')}</p>;
  return (
    <main class="projector">
      <a class="btn projector-exit" href={href({ name: 'event', id, tab: what === 'pairings' ? 'rounds' : 'standings' })}>
        {t('projector.exit')}
      </a>
      {what === 'pairings' ? <PairingsProjector eventId={id} event={state.event} /> : <StandingsProjector eventId={id} event={state.event} />}
      <PublicQr eventId={id} />
    </main>
  );
}
