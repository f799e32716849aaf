// Army points inside the scenario's zone(s) for the 3rd time-out condition, counted on the
// player's own registered list with the SR2011 rules (armyPointsInZone).
import { useMemo, useState } from 'preact/hooks';
import type { ArmyList } from '../../../../domain/event-file';
import { armyPointsInZone } from '../../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../../i18n';
import { ZONE_MARKS_CASTER, ZONE_MARKS_MODEL, listRows, zoneEntry, type ZoneMark } from './army';
import { MarkRows } from './parts';

export interface ZoneHelperProps {
  /** the list this player played; null when none is registered */
  list: ArmyList | null;
  /** the player whose models are counted */
  owner: string;
  onUse: (points: number) => void;
  onClose?: () => void;
}

const MARK_KEYS: Record<ZoneMark, MessageKey> = {
  out: 'results.mark.out',
  in: 'results.mark.in',
  'in-not-counted': 'results.mark.inNotCounted',
};

export function ZoneHelper({ list, owner, onUse, onClose }: ZoneHelperProps) {
  const { t } = useI18n();
  const rows = useMemo(() => (list ? listRows(list) : []), [list]);
  const [marks, setMarks] = useState<ZoneMark[]>(() => rows.map(() => 'out'));
  const current = rows.map((_, i) => marks[i] ?? 'out');
  const zone = armyPointsInZone(rows.map((r, i) => zoneEntry(r, current[i]!)));

  const close = onClose && (
    <button type="button" class="btn" onClick={onClose}>
      {t('common.close')}
    </button>
  );
  if (!list) {
    return (
      <section class="helper panel" aria-label={t('results.zoneHelper.title', { name: owner })}>
        <p>{t('results.zoneHelper.noList', { name: owner })}</p>
        {close && <div class="row end">{close}</div>}
      </section>
    );
  }
  return (
    <section class="helper panel" aria-label={t('results.zoneHelper.title', { name: owner })}>
      <h3>{t('results.zoneHelper.title', { name: owner })}</h3>
      <p class="muted">{t('results.zoneHelper.rule')}</p>
      <MarkRows
        rows={rows.map((r, i) => ({
          label: r.caster ? t('results.apdHelper.caster', { name: r.name }) : t('results.apdHelper.model', { name: r.name, cost: r.cost }),
          marks: r.caster ? ZONE_MARKS_CASTER : ZONE_MARKS_MODEL,
          mark: current[i]!,
          points: zone.lines[i]?.points ?? 0,
        }))}
        markLabel={(m) => t(MARK_KEYS[m])}
        onMark={(i, m) => setMarks(current.map((old, j) => (j === i ? m : old)))}
      />
      <div class="row helper-total">
        <strong role="status">{t('results.zoneHelper.total', { n: zone.total })}</strong>
        <span class="row end">
          {close}
          <button type="button" class="btn primary big" onClick={() => onUse(zone.total)}>
            {t('results.apdHelper.use')}
          </button>
        </span>
      </div>
    </section>
  );
}
