// One table game, whatever device it runs on: setup, the clock, the end of the game, the two
// confirmations and the hand-over. The screen is kept awake while it is shown.
import { useState } from 'preact/hooks';
import { actionRefusal, foldClock, viewClockState, type ClockAction, type ClockConfig, type ClockFold } from '../../../domain/clock';
import type { GameResult } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { useServices } from '../../services';
import { useWakeLock } from '../../use-wake-lock';
import { useNow } from '../../use-now';
import { tablePartsFor, type TableParts, type TimeOutDecided } from '../../systems/table-parts';
import { ClockScreen } from './ClockScreen';
import { useHallPush } from './hall-push';
import { GameOver, Outcome, type RecordResult } from './EndOfGame';
import { Setup } from './Setup';
import { IssuerTime } from './time-limit';
import { clockActions, type TableGameHandle } from './use-table-game';

export interface TableGameViewProps {
  handle: TableGameHandle;
  exitHref: string;
  /** the organizer's tablet: records the confirmed result in the event */
  onRecord?: RecordResult;
}

/** Once the game is loaded, its screens run on the issuer's time when this device's clock was behind. */
export function TableGameView(props: TableGameViewProps) {
  const record = props.handle.record;
  if (!record) return <TableGameBody {...props} />;
  return (
    <IssuerTime record={record}>
      <TableGameBody {...props} />
    </IssuerTime>
  );
}

function TableGameBody({ handle, exitHref, onRecord }: TableGameViewProps) {
  const { t } = useI18n();
  const { now } = useServices();
  useWakeLock();
  const { record, missing, seal } = handle;
  // « La salle »: the dice-down instant stays in the fold's config, never in the state sent
  const config = handle.config;
  useHallPush(seal === 'opening' ? null : record, () => config?.diceDownAt ?? null);
  const [entering, setEntering] = useState(false);

  if (missing)
    return (
      <main class="screen">
        <h1>{t('table.home.title')}</h1>
        <p class="error" role="alert">
          {t('table.ticket.invalid')}
        </p>
        <a class="btn" href={exitHref}>
          {t('nav.back')}
        </a>
      </main>
    );
  if (!record) return <main class="screen">{t('app.loading')}</main>;
  const parts = tablePartsFor(record.ticket);

  const saveResult = async (entered: GameResult): Promise<void> => {
    // stored as the code hands it over: an unknown list or way of winning is null, as the desk records it
    const result: GameResult = {
      ...entered,
      how: entered.how ?? null,
      a: { ...entered.a, listIndex: entered.a.listIndex ?? null },
      b: { ...entered.b, listIndex: entered.b.listIndex ?? null },
    };
    await handle.saveOutcome({ result, confirmed: { a: false, b: false }, delivered: null });
    setEntering(false);
  };

  if (record.outcome)
    return (
      <Outcome
        record={record}
        outcome={record.outcome}
        change={handle.changeOutcome}
        onRecord={onRecord}
        exitHref={exitHref}
        onEdit={() => {
          void handle.saveOutcome(null);
          setEntering(true);
        }}
      />
    );

  const started = record.actions.some((a) => a.type === 'start');
  // a clock of the system's own starts with the setup: no start on the turn clock's screen
  if (!record.setup || (parts.clock.kind === 'own' && !started))
    return (
      <Setup
        record={record}
        seal={seal}
        exitHref={exitHref}
        onStart={async (setup) => {
          await handle.setup(setup);
          await handle.act({ type: 'start', at: now() });
        }}
      />
    );

  if (parts.clock.kind === 'own') {
    const Own = parts.clock.Table;
    return <Own record={record} act={handle.act} exitHref={exitHref} entering={entering} setEntering={setEntering} onSubmit={saveResult} />;
  }
  if (!handle.config || !handle.fold) return <main class="screen">{t('app.loading')}</main>;
  return (
    <TurnClockTable
      parts={parts}
      handle={handle}
      record={record}
      config={handle.config}
      fold={handle.fold}
      exitHref={exitHref}
      entering={entering}
      setEntering={setEntering}
      onSubmit={saveResult}
    />
  );
}

interface TableProps {
  handle: TableGameHandle;
  record: TableGameRecord;
  exitHref: string;
  entering: boolean;
  setEntering: (v: boolean) => void;
  onSubmit: (r: GameResult) => Promise<void>;
}

/** The shared turn clock, with the system's time-out wizard and result. */
function TurnClockTable({
  parts,
  handle,
  record,
  config,
  fold,
  exitHref,
  entering,
  setEntering,
  onSubmit,
}: TableProps & { parts: TableParts; config: ClockConfig; fold: ClockFold }) {
  const { now: clock } = useServices();
  const now = useNow(clock, 250);
  const view = viewClockState(config, fold.state, now);
  const [wizard, setWizard] = useState(false);
  const [timeout, setTimeoutOutcome] = useState<TimeOutDecided | null>(null);
  const { ticket } = record;
  const TimeOut = parts.clock.kind === 'turns' ? parts.clock.TimeOut : undefined;

  const send = (action: ClockAction): Promise<string | null> => handle.act(action, (rec) => actionRefusal(config, foldClock(config, clockActions(rec)), action));

  if (entering) {
    const cp = timeout?.cp ?? view.scenario?.cp ?? null;
    return <parts.Result record={record} ended={{ result: view.result, cp, apd: timeout?.apd ?? null }} onSubmit={onSubmit} onCancel={() => setEntering(false)} />;
  }

  if (view.phase === 'over' && view.result) {
    return (
      <GameOver ticket={ticket} result={view.result} clockLoser={view.reserveExpired} onNext={() => setEntering(true)} onBack={() => void send({ type: 'undo', at: clock() })} />
    );
  }

  if (view.phase === 'dice-down' && wizard && TimeOut) {
    return (
      <TimeOut
        record={record}
        cp={{ a: view.scenario?.cp.a ?? 0, b: view.scenario?.cp.b ?? 0 }}
        onCancel={() => setWizard(false)}
        onDone={(o) => {
          setTimeoutOutcome(o);
          setWizard(false);
          const winner = o.winner === null ? null : o.winner === ticket.a.id ? 'a' : 'b';
          void send({ type: 'tiebreak', at: clock(), winner });
        }}
      />
    );
  }

  return (
    <ClockScreen
      record={record}
      config={config}
      view={view}
      seal={handle.seal}
      send={send}
      now={clock}
      exitHref={exitHref}
      onTiebreak={() => setWizard(true)}
      onOtherEnd={() => setEntering(true)}
    />
  );
}
