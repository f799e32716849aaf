// Army points destroyed, counted on the opponent's registered list: tick what happened to each
// entry, the SR2011 rules (armyPointsDestroyed) give the points, one tap fills the form's field.
import { useMemo, useState } from 'preact/hooks';
import type { ArmyList } from '../../../../domain/event-file';
import { armyPointsDestroyed } from '../../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../../i18n';
import { APD_MARKS_CASTER, APD_MARKS_MODEL, apdEntry, listRows, type ApdMark } from './army';
import { MarkRows } from './parts';

export interface ApdHelperProps {
  /** the list the opponent played; null when none is registered */
  list: ArmyList | null;
  /** the opponent, i.e. the owner of the list whose losses are counted */
  owner: string;
  onUse: (apd: number) => void;
  onClose?: () => void;
}

const MARK_KEYS: Record<ApdMark, MessageKey> = {
  alive: 'results.mark.alive',
  destroyed: 'results.mark.destroyed',
  'under-half': 'results.mark.underHalf',
  'inert-wild': 'results.mark.inertWild',
};

export function ApdHelper({ list, owner, onUse, onClose }: ApdHelperProps) {
  const { t } = useI18n();
  const rows = useMemo(() => (list ? listRows(list) : []), [list]);
  const [marks, setMarks] = useState<ApdMark[]>(() => rows.map(() => 'alive'));
  const current = rows.map((_, i) => marks[i] ?? 'alive');
  const apd = armyPointsDestroyed(rows.map((r, i) => apdEntry(r, current[i]!)));

  if (!list) {
    return (
      <section class="helper panel" aria-label={t('results.apdHelper.title', { name: owner })}>
        <p>{t('results.apdHelper.noList', { name: owner })}</p>
        {onClose && (
          <div class="row end">
            <button type="button" class="btn" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section class="helper panel" aria-label={t('results.apdHelper.title', { name: owner })}>
      <h3>{t('results.apdHelper.title', { name: owner })}</h3>
      <p class="muted">{t('results.apdHelper.rule')}</p>
      <MarkRows
        rows={rows.map((r, i) => ({
          label: r.caster ? t('results.apdHelper.caster', { name: r.name }) : t('results.apdHelper.model', { name: r.name, cost: r.cost }),
          marks: r.caster ? APD_MARKS_CASTER : APD_MARKS_MODEL,
          mark: current[i]!,
          points: apd.lines[i]?.points ?? 0,
        }))}
        markLabel={(m) => t(MARK_KEYS[m])}
        onMark={(i, m) => setMarks(current.map((old, j) => (j === i ? m : old)))}
      />
      <div class="row helper-total">
        <strong role="status">{t('results.apdHelper.total', { n: apd.total })}</strong>
        <span class="row end">
          {onClose && (
            <button type="button" class="btn" onClick={onClose}>
              {t('common.close')}
            </button>
          )}
          <button type="button" class="btn primary big" onClick={() => onUse(apd.total)}>
            {t('results.apdHelper.use')}
          </button>
        </span>
      </div>
    </section>
  );
}
