// Lord of the Rings' parts of table mode: no first player to pick (the game clock has no sides),
// LotR's own game clock once started, its wizard for the result, and what that clock tells
// « La salle »: the time left to the 50-minute stop.
import { lotrClockView, type LotrAction, type LotrClockView } from '../../../domain/lotr';
import { ticketEvent, type HallState } from '../../../domain/handoff';
import type { TableGameRecord } from '../../../store/table-games';
import { useServices } from '../../services';
import { useNow } from '../../use-now';
import type { HallBase, OwnClockProps, TableParts, TableResultProps } from '../shared/table-parts';
import { LotrClock, lotrActions, lotrStart } from './LotrClock';
import { LotrResultWizard } from './LotrResultWizard';

function LotrResult({ record, onSubmit, onCancel }: TableResultProps) {
  const { event, round, pairing } = ticketEvent(record.ticket);
  return (
    <main class="screen table-result">
      <LotrResultWizard event={event} round={round} pairing={pairing} atTable onSubmit={onSubmit} onCancel={onCancel} />
    </main>
  );
}

function LotrTable({ record, act, exitHref, entering, setEntering, onSubmit }: OwnClockProps) {
  const { now: clock } = useServices();
  const now = useNow(clock, 250);
  const startedAt = lotrStart(record)!;
  const send = (action: LotrAction): Promise<string | null> =>
    act(action, (rec) => {
      const before = lotrActions(rec);
      const v = lotrClockView(startedAt, [...before, action], action.at);
      const last = v.refused[v.refused.length - 1];
      return last && last.index === before.length ? last.reason : null;
    });
  const view = lotrClockView(startedAt, lotrActions(record), now);
  if (view.phase === 'over' || entering)
    return <LotrResult record={record} onSubmit={onSubmit} onCancel={view.phase === 'over' ? () => void send({ type: 'undo', at: clock() }) : () => setEntering(false)} />;
  return <LotrClock record={record} now={now} at={clock} send={send} exitHref={exitHref} />;
}

/** LotR's game clock in the hall: no sides, the time left to the 50-minute stop. */
function fromLotrClock(base: HallBase, v: LotrClockView): HallState {
  return {
    ...base,
    turn: v.turn,
    active: null,
    phase: v.phase === 'over' ? 'over' : 'running',
    leftMs: v.phase === 'over' ? 0 : v.msToStop,
    extensionUsed: { a: false, b: false },
    cp: null,
    diceDown: false,
    timeOut: v.overReason === 'time',
  };
}

const lotrHall = (record: TableGameRecord, base: HallBase, now: number): HallState | null => {
  const start = lotrStart(record);
  return start === null ? null : fromLotrClock(base, lotrClockView(start, lotrActions(record), now));
};

export const LOTR_TABLE: TableParts = {
  setup: { asksFirst: false, choosesLists: false },
  Result: LotrResult,
  clock: { kind: 'own', Table: LotrTable, hall: lotrHall },
};
