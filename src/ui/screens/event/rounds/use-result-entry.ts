// The result form open on the rounds' tab: which table, kept per tab session so a reload reopens
// it (the form keeps its own draft), the log seq it was opened at (a save after another tab's
// change is refused), and the organizer's place in the list after a save.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EventFile, GameResult, Pairing, Round } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { useServices } from '../../../services';
import { clearSessionDraft } from '../../../use-session-draft';
import type { TabProps } from '../types';

/** Which result form is open, per tab session: a reload reopens it (its draft is kept by the form). */
const enteringKey = (eventId: string): string => `result-open:${eventId}`;
export type Reopened = { round: number; table: number; seq: number };
export function readEntering(eventId: string): Reopened | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(enteringKey(eventId)) ?? 'null') as { round?: unknown; table?: unknown; seq?: unknown } | null;
    return v && typeof v.round === 'number' && typeof v.table === 'number' && typeof v.seq === 'number' ? { round: v.round, table: v.table, seq: v.seq } : null;
  } catch {
    return null;
  }
}

interface Entry {
  eventId: string;
  event: EventFile;
  lastSeq: number;
  dispatch: TabProps['dispatch'];
  /** the round shown */
  round: Round | undefined;
  /** the form open before a reload, read by the tab */
  reopened: Reopened | null;
}

export function useResultEntry({ eventId, event, lastSeq, dispatch, round, reopened }: Entry) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [entering, setEnteringState] = useState<Pairing | null>(
    () => (reopened && event.rounds.find((r) => r.number === reopened.round)?.pairings.find((p) => p.table === reopened.table)) || null,
  );
  // the log seq the result form was opened at: a save after another tab's change is refused
  // (a form reopened after a reload keeps the seq it was first opened at)
  const openedAt = useRef(reopened?.seq ?? lastSeq);
  const [focusTable, setFocusTable] = useState<number | null>(null);

  const setEntering = (p: Pairing | null): void => {
    if (p) openedAt.current = lastSeq;
    setEnteringState(p);
    try {
      if (p && round) sessionStorage.setItem(enteringKey(eventId), JSON.stringify({ round: round.number, table: p.table, seq: lastSeq }));
      else sessionStorage.removeItem(enteringKey(eventId));
    } catch {
      // storage refused (private mode): the form simply does not come back after a reload
    }
  };
  // after a save the list keeps the organizer's place: back to the row just entered
  useEffect(() => {
    if (focusTable === null) return;
    const row = document.querySelector<HTMLElement>(`[data-testid=pairings-table] tr[data-table="${focusTable}"]`);
    row?.scrollIntoView?.({ block: 'center' });
    row?.querySelector<HTMLElement>('button.result-btn')?.focus({ preventScroll: true });
    setFocusTable(null);
  }, [focusTable]);

  const saveResult = async (pairing: Pairing, result: GameResult): Promise<void> => {
    const type = pairing.result ? 'result-corrected' : 'result-recorded';
    await dispatch({ type, round: round!.number, table: pairing.table, result, basedOn: openedAt.current });
    clearSessionDraft(`${eventId}:${round!.number}:${pairing.table}`);
    setEntering(null);
    setFocusTable(pairing.table);
    notify(t('rounds.resultSaved', { table: pairing.table }));
  };

  const cancel = (): void => {
    if (entering && round) clearSessionDraft(`${eventId}:${round.number}:${entering.table}`);
    setEntering(null);
  };
  return { entering, setEntering, saveResult, cancel };
}
