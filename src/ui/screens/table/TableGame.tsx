// One table game, whatever device it runs on: setup, the clock, the end of the game, the two
// confirmations and the hand-over. The screen is kept awake while it is shown.
import { useState } from 'preact/hooks';
import { actionRefusal, foldClock, lotrClockView, viewClockState, type ClockAction, type ClockConfig, type ClockFold, type LotrAction } from '../../../domain/clock';
import type { GameResult } from '../../../domain/event-file';
import { ticketEvent } from '../../../domain/handoff';
import { useI18n } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { useServices } from '../../services';
import { useWakeLock } from '../../use-wake-lock';
import { useNow } from '../../use-now';
import { ResultForm } from '../event/results/ResultForm';
import { TimeOutWizard, type TimeOutOutcome } from '../../systems/sr2011/TimeOutWizard';
import { ClockScreen } from './ClockScreen';
import { useHallPush } from './hall-push';
import { GameOver, Outcome, PlainResult, prefillResult, type RecordResult } from './EndOfGame';
import { LotrClock, lotrActions, lotrStart } from '../../systems/lotr/LotrClock';
import { Setup } from './Setup';
import { challengeStart } from '../../systems/confrontation/ChallengeSetup';
import { IssuerTime } from './time-limit';
import { clockActions, tableKind, type TableGameHandle } from './use-table-game';

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
  const kind = tableKind(record.ticket);

  const saveResult = async (entered: GameResult): Promise<void> => {
    // stored as the code hands it over: an unknown list or way of winning is null, as the desk records it
    const result: GameResult = { ...entered, how: entered.how ?? null, a: { ...entered.a, listIndex: entered.a.listIndex ?? null }, b: { ...entered.b, listIndex: entered.b.listIndex ?? null } };
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
  if (!record.setup || (kind === 'lotr' && !started))
    return (
      <Setup
        record={record}
        seal={seal}
        kind={kind}
        exitHref={exitHref}
        onStart={async (setup) => {
          await handle.setup(setup);
          await handle.act({ type: 'start', at: now() });
        }}
      />
    );

  if (kind === 'lotr') return <LotrTable handle={handle} record={record} exitHref={exitHref} entering={entering} setEntering={setEntering} onSubmit={saveResult} />;
  if (!handle.config || !handle.fold) return <main class="screen">{t('app.loading')}</main>;
  return (
    <Sr2011Table
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

function Sr2011Table({ handle, record, config, fold, exitHref, entering, setEntering, onSubmit }: TableProps & { config: ClockConfig; fold: ClockFold }) {
  const { now: clock } = useServices();
  const now = useNow(clock, 250);
  const view = viewClockState(config, fold.state, now);
  const [wizard, setWizard] = useState(false);
  const [timeout, setTimeoutOutcome] = useState<TimeOutOutcome | null>(null);
  const { ticket } = record;
  const { event, round, pairing } = ticketEvent(ticket);
  const kind = tableKind(ticket);

  const send = (action: ClockAction): Promise<string | null> =>
    handle.act(action, (rec) => actionRefusal(config, foldClock(config, clockActions(rec)), action));

  if (entering) {
    if (kind !== 'sr2011')
      return (
        <PlainResult
          ticket={ticket}
          initial={kind === 'challenge' ? challengeStart(record) : undefined}
          hands={kind === 'challenge' ? record.setup?.hands : undefined}
          onSubmit={onSubmit}
          onCancel={() => setEntering(false)}
        />
      );
    const cp = timeout?.cp ?? view.scenario?.cp ?? null;
    return (
      <main class="screen table-result">
        <ResultForm
          event={event}
          round={round}
          pairing={pairing}
          initial={prefillResult(ticket, record, view.result, cp, timeout?.apd ?? null)}
          atTable
          onSubmit={onSubmit}
          onCancel={() => setEntering(false)}
        />
      </main>
    );
  }

  if (view.phase === 'over' && view.result) {
    return (
      <GameOver
        ticket={ticket}
        result={view.result}
        clockLoser={view.reserveExpired}
        onNext={() => setEntering(true)}
        onBack={() => void send({ type: 'undo', at: clock() })}
      />
    );
  }

  if (view.phase === 'dice-down' && wizard) {
    const seed = (s: 'a' | 'b') => ({ cp: view.scenario?.cp[s] ?? 0, listIndex: record.setup?.lists[s] ?? null });
    return (
      <main class="screen table-result">
        <TimeOutWizard
          event={event}
          round={round}
          pairing={pairing}
          initial={{ a: seed('a'), b: seed('b') }}
          onCancel={() => setWizard(false)}
          onDone={(o) => {
            setTimeoutOutcome(o);
            setWizard(false);
            const winner = o.winner === null ? null : o.winner === pairing.a ? 'a' : 'b';
            void send({ type: 'tiebreak', at: clock(), winner });
          }}
        />
      </main>
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

function LotrTable({ handle, record, exitHref, entering, setEntering, onSubmit }: TableProps) {
  const { now: clock } = useServices();
  const now = useNow(clock, 250);
  const startedAt = lotrStart(record)!;
  const send = (action: LotrAction): Promise<string | null> =>
    handle.act(action, (rec) => {
      const before = lotrActions(rec);
      const v = lotrClockView(startedAt, [...before, action], action.at);
      const last = v.refused[v.refused.length - 1];
      return last && last.index === before.length ? last.reason : null;
    });
  const view = lotrClockView(startedAt, lotrActions(record), now);
  if (view.phase === 'over' || entering)
    return <PlainResult ticket={record.ticket} onSubmit={onSubmit} onCancel={view.phase === 'over' ? () => void send({ type: 'undo', at: clock() }) : () => setEntering(false)} />;
  return <LotrClock record={record} now={now} at={clock} send={send} exitHref={exitHref} />;
}
