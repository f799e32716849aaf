// Above the players' table: the counts with « check in everyone » and « print every sheet », then
// the search and the order of the list.
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
  query: string;
  onQuery: (query: string) => void;
  order: Order;
  onOrder: (order: Order) => void;
  /** how many players the search found */
  found: number;
}

export function PlayersSearch({ query, onQuery, order, onOrder, found }: SearchProps) {
  const { t } = useI18n();
  return (
    <>
      <label class="players-search">
        {t('players.search')}
        <input type="search" value={query} placeholder={t('players.searchHint')} autoComplete="off" onInput={(e) => onQuery(e.currentTarget.value)} />
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
