// One table game on screen: its stored record, the sealed end opened into memory (never into
// state that renders), the clock's fold, and `act`, which resolves only once the action is on
// disk. Taps are queued so each is checked against the fold that includes every earlier tap.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { foldClock, type ClockAction, type ClockConfig, type ClockFold } from '../../../domain/clock';
import { clockConfig } from '../../../domain/systems';
import { openSealedInstant, ticketId, type TableTicket } from '../../../domain/handoff';
import {
  appendTableAction,
  getTableGame,
  saveTableOutcome,
  saveTableSetup,
  type TableAction,
  type TableGameRecord,
  type TableOutcome,
  type TableSetup,
} from '../../../store/table-games';
import { useServices } from '../../services';
import { tablePartsFor, type TableAct } from '../../systems/table-parts';

/** 'opening' until WebCrypto answers; 'unreadable': altered ticket or no WebCrypto: no automatic dice down */
export type SealState = 'opening' | 'open' | 'none' | 'unreadable';

export interface TableGameHandle {
  record: TableGameRecord | null;
  missing: boolean;
  seal: SealState;
  /** the shared turn clock; null before the setup, while the seal opens, or for a clock of the system's own */
  config: ClockConfig | null;
  fold: ClockFold | null;
  /** resolves to the refusal (nothing stored) or null once stored */
  act: TableAct;
  setup: (setup: TableSetup) => Promise<void>;
  saveOutcome: (outcome: TableOutcome | null) => Promise<void>;
  /** changes the stored outcome from its latest state: two players tapping at once both count */
  changeOutcome: (change: (outcome: TableOutcome) => TableOutcome) => Promise<TableOutcome | null>;
}

/** The clock's settings for this ticket; `endAt` is the opened seal (memory only). */
export function tableClockConfig(ticket: TableTicket, setup: TableSetup, endAt: number | null): ClockConfig {
  // a format that does not time the turns gets a turn counter
  const { clock } = tablePartsFor(ticket);
  const variants = clock.kind === 'turns' && clock.timed ? ticket.variants : ['no-time-limit'];
  return clockConfig(
    { points: ticket.points, variants },
    {
      firstPlayer: setup.firstPlayer,
      ...(ticket.startedAt !== null && { roundStartedAt: ticket.startedAt }),
      roundEndsAt: endAt,
      scenario: ticket.scenario,
    },
  );
}

export const clockActions = (record: TableGameRecord): ClockAction[] => record.actions as ClockAction[];

/** Opens the ticket's sealed end of round (the hidden game length) once per ticket; `endAt` holds it. */
function useSealedEnd(record: TableGameRecord | null): { seal: SealState; endAt: { current: number | null } } {
  const [seal, setSeal] = useState<SealState>('opening');
  const endAt = useRef<number | null>(null);
  const sealed = record?.ticket.sealedEnd ?? null;
  const sealFor = record ? ticketId(record.ticket) : null;
  useEffect(() => {
    if (sealFor === null) return;
    if (sealed === null) {
      endAt.current = null;
      return setSeal('none');
    }
    let alive = true;
    openSealedInstant(sealed, sealFor, record?.ticket.sealKey).then(
      (at) => {
        if (!alive) return;
        endAt.current = at;
        setSeal(at === null ? 'unreadable' : 'open');
      },
      () => {
        // no WebCrypto (a page outside https) or a broken seal: the organizer calls dice down
        if (!alive) return;
        endAt.current = null;
        setSeal('unreadable');
      },
    );
    return () => {
      alive = false;
    };
  }, [sealed, sealFor]);
  return { seal, endAt };
}

export function useTableGame(id: string, initial?: TableGameRecord | null): TableGameHandle {
  const { db, now } = useServices();
  const [record, setRecordState] = useState<TableGameRecord | null>(initial ?? null);
  const [missing, setMissing] = useState(false);
  const recordRef = useRef<TableGameRecord | null>(initial ?? null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const setRecord = (r: TableGameRecord): void => {
    recordRef.current = r;
    setRecordState(r);
  };

  useEffect(() => {
    if (initial) return;
    let alive = true;
    void getTableGame(db, id).then((r) => {
      if (!alive) return;
      if (r) setRecord(r);
      else setMissing(true);
    });
    return () => {
      alive = false;
    };
  }, [db, id]);

  const { seal, endAt } = useSealedEnd(record);

  const config = useMemo(
    () => (record?.setup && seal !== 'opening' && tablePartsFor(record.ticket).clock.kind === 'turns' ? tableClockConfig(record.ticket, record.setup, endAt.current) : null),
    [record?.ticket, record?.setup, seal],
  );
  const fold = useMemo(() => (config && record ? foldClock(config, clockActions(record)) : null), [config, record?.actions]);

  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(work);
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const act = useCallback(
    (action: TableAction, refusal?: (record: TableGameRecord) => string | null) =>
      enqueue(async () => {
        const current = recordRef.current;
        if (!current) return 'not-loaded';
        const why = refusal?.(current) ?? null;
        if (why !== null) return why;
        setRecord(await appendTableAction(db, id, action));
        return null;
      }),
    [db, id, enqueue],
  );

  const setup = useCallback(
    (s: TableSetup) =>
      enqueue(async () => {
        setRecord(await saveTableSetup(db, id, s, now()));
      }),
    [db, id, now, enqueue],
  );

  const saveOutcome = useCallback(
    (o: TableOutcome | null) =>
      enqueue(async () => {
        setRecord(await saveTableOutcome(db, id, o, now()));
      }),
    [db, id, now, enqueue],
  );

  const changeOutcome = useCallback(
    (change: (o: TableOutcome) => TableOutcome) =>
      enqueue(async () => {
        const current = recordRef.current?.outcome;
        if (!current) return null;
        const next = await saveTableOutcome(db, id, change(current), now());
        setRecord(next);
        return next.outcome;
      }),
    [db, id, now, enqueue],
  );

  return { record, missing, seal, config, fold, act, setup, saveOutcome, changeOutcome };
}
