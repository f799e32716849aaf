// Counting on a registered list, one tap per entry: army points destroyed (the opponent's list,
// armyPointsDestroyed) and army points inside the scenario's zone(s) for the 3rd time-out
// condition (the player's own list, armyPointsInZone). The SR2011 rules give the points; one tap
// fills the form's field.
import { useMemo, useState } from 'preact/hooks';
import type { ArmyList } from '../../../domain/event-file';
import { armyPointsDestroyed } from '../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../i18n';
import { APD_MARKS_CASTER, APD_MARKS_MODEL, apdEntry, listRows, type ApdMark, type ListRow } from './army';
import { MarkRows } from '../../screens/event/results/parts';

export interface ApdHelperProps {
  /** the list counted on (APD: the opponent's; zone: the player's own); null when none is registered */
  list: ArmyList | null;
  /** the owner of that list */
  owner: string;
  onUse: (points: number) => void;
  onClose?: () => void;
}

export interface MarksCount<M extends string> {
  keys: { title: MessageKey; noList: MessageKey; rule: MessageKey; total: MessageKey };
  casterMarks: readonly M[];
  modelMarks: readonly M[];
  labels: Record<M, MessageKey>;
  count: (rows: readonly ListRow[], marks: readonly M[]) => { total: number; lines: ReadonlyArray<{ points: number }> };
}

export function MarksHelper<M extends string>({ list, owner, onUse, onClose, how }: ApdHelperProps & { how: MarksCount<M> }) {
  const { t } = useI18n();
  const rows = useMemo(() => (list ? listRows(list) : []), [list]);
  const [marks, setMarks] = useState<M[]>(() => rows.map((r) => (r.caster ? how.casterMarks : how.modelMarks)[0]!));
  const current = rows.map((r, i) => marks[i] ?? (r.caster ? how.casterMarks : how.modelMarks)[0]!);
  const counted = how.count(rows, current);
  const title = t(how.keys.title, { name: owner });
  const close = onClose && (
    <button type="button" class="btn" onClick={onClose}>
      {t('common.close')}
    </button>
  );
  if (!list)
    return (
      <section class="helper panel" aria-label={title}>
        <p>{t(how.keys.noList, { name: owner })}</p>
        {close && <div class="row end">{close}</div>}
      </section>
    );
  return (
    <section class="helper panel" aria-label={title}>
      <h3>{title}</h3>
      <p class="muted">{t(how.keys.rule)}</p>
      <MarkRows
        rows={rows.map((r, i) => ({
          label: r.caster ? t('results.apdHelper.caster', { name: r.name }) : t('results.apdHelper.model', { name: r.name, cost: r.cost }),
          marks: r.caster ? how.casterMarks : how.modelMarks,
          mark: current[i]!,
          points: counted.lines[i]?.points ?? 0,
        }))}
        markLabel={(m) => t(how.labels[m])}
        onMark={(i, m) => setMarks(current.map((old, j) => (j === i ? m : old)))}
      />
      <div class="row helper-total">
        <strong role="status">{t(how.keys.total, { n: counted.total })}</strong>
        <span class="row end">
          {close}
          <button type="button" class="btn primary big" onClick={() => onUse(counted.total)}>
            {t('results.apdHelper.use')}
          </button>
        </span>
      </div>
    </section>
  );
}

/** What happened to each entry: the marks of the APD helper, also the survival helper's. */
export const APD_MARK_SET: Pick<MarksCount<ApdMark>, 'casterMarks' | 'modelMarks' | 'labels'> = {
  casterMarks: APD_MARKS_CASTER,
  modelMarks: APD_MARKS_MODEL,
  labels: { alive: 'results.mark.alive', destroyed: 'results.mark.destroyed', 'under-half': 'results.mark.underHalf', 'inert-wild': 'results.mark.inertWild' },
};

const APD: MarksCount<ApdMark> = {
  keys: { title: 'results.apdHelper.title', noList: 'results.apdHelper.noList', rule: 'results.apdHelper.rule', total: 'results.apdHelper.total' },
  ...APD_MARK_SET,
  count: (rows, marks) => armyPointsDestroyed(rows.map((r, i) => apdEntry(r, marks[i]!))),
};

export const ApdHelper = (props: ApdHelperProps) => <MarksHelper {...props} how={APD} />;
