// Above the players' table: the counts with « check in everyone » and « print every sheet », then
// the search and the order of the list.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Player } from '../../../../domain/event-file';
import type { PaintingCheck } from '../../../systems';
import { useI18n } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import type { TabProps } from '../types';
import type { Order } from './listed';
import { isCheckedIn, isPainted } from './model';

interface SummaryProps {
  /** the players not dropped */
  active: Player[];
  painting: PaintingCheck;
  /** the system prints tournament sheets */
  sheets: boolean;
  dispatch: TabProps['dispatch'];
  /** opens the sheets of these players, from the button with this id */
  onPrintAll: (ids: string[], from: string) => void;
}

export function PlayersSummary({ active, painting, sheets, dispatch, onPrintAll }: SummaryProps) {
  const { t } = useI18n();
  const { notify } = useServices();
  const notChecked = active.filter((p) => !isCheckedIn(p));
  const checkedIn = active.length - notChecked.length;
  const painted = painting === 'none' ? 0 : active.filter(isPainted).length;

  const checkInAll = async (): Promise<void> => {
    if (notChecked.length === 0) return notify(t('players.checkInAllNone'));
    try {
      await dispatch({ type: 'players-checked-in', ids: notChecked.map((p) => p.id) });
      notify(t('players.checkInAllDone', { n: notChecked.length }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };

  return (
    <div class="row players-summary">
      <p class="muted">{t('players.count', { n: active.length })}</p>
      <p class="muted" data-testid="checked-in-count">
        {t('players.checkedInCount', { n: checkedIn, x: checkedIn, y: active.length })}
      </p>
      {painting !== 'none' && (
        <p class="muted" data-testid="painted-count">
          {t('players.paintedCount', { n: painted, x: painted, y: active.length })}
        </p>
      )}
      <button type="button" class="btn" disabled={notChecked.length === 0} onClick={() => void checkInAll()}>
        ✓ {t('players.checkInAll')}
      </button>
      {sheets && (
        <button
          type="button"
          id="players-print-all"
          class="btn"
          disabled={active.length === 0}
          onClick={() =>
            onPrintAll(
              [...active].sort((a, b) => a.number - b.number).map((p) => p.id),
              'players-print-all',
            )
          }
        >
          {t('players.printAll')}
        </button>
      )}
    </div>
  );
}

interface SearchProps {
  /** the search the list shows */
  query: string;
  onQuery: (query: string) => void;
  /**
   * ms without a key before the list follows the box (0: at each key). Filtering and drawing a
   * long list is a task of its own, tens of ms on a cheap tablet: each key only updates the box,
   * and the list is drawn once the typing pauses, not once per key.
   */
  settle: number;
  order: Order;
  onOrder: (order: Order) => void;
  /** how many players the search found */
  found: number;
}

export function PlayersSearch({ query, onQuery, settle, order, onOrder, found }: SearchProps) {
  const { t } = useI18n();
  // what is typed, ahead of the list's query while the typing goes on
  const [text, setText] = useState(query);
  const typed = useRef({ text: query, at: 0 });
  const apply = useRef(onQuery);
  apply.current = onQuery;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (value: string): void => {
    setText(value);
    typed.current = { text: value, at: performance.now() };
    if (settle <= 0) return onQuery(value);
    if (timer.current !== undefined) return;
    // one timer, its wait measured from the last key's time (a key meanwhile moves the end)
    const check = (): void => {
      const waited = performance.now() - typed.current.at;
      if (waited < settle) {
        timer.current = setTimeout(check, settle - waited);
        return;
      }
      timer.current = undefined;
      apply.current(typed.current.text);
    };
    timer.current = setTimeout(check, settle);
  };

  return (
    <>
      <label class="players-search">
        {t('players.search')}
        <input type="search" value={text} placeholder={t('players.searchHint')} autoComplete="off" onInput={(e) => onInput(e.currentTarget.value)} />
      </label>
      <div class="segmented players-order" role="radiogroup" aria-label={t('players.sortBy')}>
        {(['name', 'number'] as const).map((k) => (
          <button key={k} type="button" role="radio" aria-checked={order === k} class={order === k ? 'btn primary' : 'btn'} onClick={() => onOrder(k)}>
            {t(`players.sort.${k}`)}
          </button>
        ))}
      </div>
      {query.trim() !== '' && (
        <p class="muted" role="status" data-testid="search-count">
          {found === 0 ? t('players.noMatch', { q: query.trim() }) : t('players.matchCount', { n: found })}
        </p>
      )}
    </>
  );
}
