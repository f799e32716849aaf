// The standings as a table: rank, number, name, the number columns in the order in force (the
// ordering keys highlighted and numbered), W-D-L and the plain-language tiebreak of each row.
import type { StandingKey, StandingRow } from '../../../../domain/sr2011';
import { useI18n } from '../../../../i18n';
import { statValue, wdl, whyText } from './model';

interface Props {
  rows: readonly StandingRow[];
  /** the number columns to show, in order */
  cols: readonly StandingKey[];
  /** the keys that rank the rows, in order (highlighted) */
  keys: readonly StandingKey[];
}

export function StandingsTable({ rows, cols, keys }: Props) {
  const { t } = useI18n();
  const keyIndex = (k: StandingKey): number => keys.indexOf(k);
  return (
    <table class="table standings-table" data-testid="standings-table">
      <thead>
        <tr>
          <th scope="col" class="num">
            {t('standings.col.rank')}
          </th>
          <th scope="col" class="num">
            {t('standings.col.number')}
          </th>
          <th scope="col">{t('standings.col.name')}</th>
          {cols.map((k) => {
            const i = keyIndex(k);
            return (
              <th key={k} scope="col" class={i >= 0 ? 'num key' : 'num'} data-key={k}>
                <abbr title={t(`standings.key.${k}`)}>{t(`standings.col.${k}`)}</abbr>
                {i >= 0 && (
                  <sup class="key-index" title={t('standings.orderIndex', { n: i + 1 })}>
                    {i + 1}
                  </sup>
                )}
              </th>
            );
          })}
          <th scope="col" class="num">
            <abbr title={t('standings.col.wdlLong')}>{t('standings.col.wdl')}</abbr>
          </th>
          <th scope="col">{t('standings.col.why')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const above = i > 0 ? rows[i - 1] : undefined;
          const why = whyText(r, t);
          const decisive = r.decidedBy !== null && r.decidedBy !== 'tp' ? r.decidedBy : null;
          return (
            <tr key={r.id} class={r.dropped ? 'dropped' : ''} data-id={r.id}>
              <td class="num rank">{r.rank}</td>
              <td class="num">{r.number}</td>
              <th scope="row" class="name">
                {r.name} {r.dropped && <em class="badge">{t('standings.dropped')}</em>}
              </th>
              {cols.map((k) => (
                <td key={k} class={`num${keyIndex(k) >= 0 ? ' key' : ''}${decisive === k ? ' decisive' : ''}`}>
                  {statValue(r, k)}
                </td>
              ))}
              <td class="num wdl">{wdl(r)}</td>
              <td class={`why${r.decidedBy === 'tp' || r.decidedBy === null ? ' muted' : ''}`} title={above ? t('standings.whyTitle', { name: above.name, why }) : undefined}>
                {why}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
