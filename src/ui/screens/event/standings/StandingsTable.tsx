// The standings as a table, for every system: rank, number, name, the system's columns (the
// keys that order the rows highlighted and numbered, the one that decided a row marked) and the
// plain-language tiebreak of each row. Columns, keys and words come from the system's UI companion.
// Only the rows in view are rendered (4,096 players), every row when printed.
import { useI18n } from '../../../../i18n';
import { FIRST_FRAME_ROWS, VirtualRows, WHOLE_LIST } from '../../../components/VirtualRows';
import type { StandingsUi } from '../../../systems';
import type { AnyRow, Column, PeopleColumns } from '../../../systems/shared/standings-model';

interface Props {
  rows: readonly AnyRow[];
  cols: readonly Column[];
  /** the keys that rank the rows, in order (highlighted) */
  keys: readonly string[];
  why: StandingsUi['why'];
  /** club and faction, between the name and the system's columns */
  people?: PeopleColumns;
}

export function StandingsTable({ rows, cols, keys, why: whyText, people }: Props) {
  const { t, lang } = useI18n();
  const keyIndex = (c: Column): number => (c.orderKey ? keys.indexOf(c.orderKey) : -1);
  const head = (
    <thead>
      <tr>
        <th scope="col" class="num">
          {t('standings.col.rank')}
        </th>
        <th scope="col" class="num">
          {t('standings.col.number')}
        </th>
        <th scope="col">{t('standings.col.name')}</th>
        {people?.heads.map((h) => (
          <th key={h.id} scope="col" class="person-col" data-key={h.id}>
            {h.label}
          </th>
        ))}
        {cols.map((c) => {
          const i = keyIndex(c);
          return (
            <th key={c.id} scope="col" class={i >= 0 ? 'num key' : 'num'} data-key={c.id}>
              <abbr title={t(c.long)}>{t(c.label)}</abbr>
              {i >= 0 && (
                <sup class="key-index" title={t('standings.orderIndex', { n: i + 1 })}>
                  {i + 1}
                </sup>
              )}
            </th>
          );
        })}
        <th scope="col">{t('standings.col.why')}</th>
      </tr>
    </thead>
  );
  // a phone shows each row as a card: the short column names label the numbers (data-label, in the CSS)
  const row = (r: AnyRow, i: number) => {
    const above = i > 0 ? rows[i - 1] : undefined;
    const why = whyText(r, t);
    // the first key is what everybody is ranked by: only a later one is worth pointing at
    const plain = r.decidedBy === null || r.decidedBy === keys[0];
    return (
      <tr key={r.id} class={`${r.dropped ? 'dropped' : ''}${r.champion === true ? ' champion' : ''}`} data-id={r.id}>
        <td class="num rank">{r.rank}</td>
        <td class="num number" data-label={t('standings.col.number')}>
          {r.number}
        </td>
        <th scope="row" class="name">
          {r.name} {r.dropped && <em class="badge">{t('standings.dropped')}</em>}
        </th>
        {people?.cells(r.id).map((text, k) => (
          // a long club name is cut after two lines on screen, whole in its tooltip and on paper
          <td key={people.heads[k]!.id} class="person-col" data-col={people.heads[k]!.id} title={text || undefined}>
            <span class="clamp2">{text}</span>
          </td>
        ))}
        {cols.map((c) => (
          <td
            key={c.id}
            class={`${c.words ? 'words' : 'num'}${keyIndex(c) >= 0 ? ' key' : ''}${!plain && c.orderKey === r.decidedBy ? ' decisive' : ''}`}
            data-col={c.id}
            data-label={t(c.label)}
          >
            {c.text(r, t, lang)}
          </td>
        ))}
        <td class={`why${plain ? ' muted' : ''}`} data-testid={`why-${r.id}`} title={above ? t('standings.whyTitle', { name: above.name, why }) : undefined}>
          {why}
        </td>
      </tr>
    );
  };
  return (
    <VirtualRows
      items={rows}
      row={row}
      rowHeight={50}
      // a long list's rows come a few a frame (see FIRST_FRAME_ROWS); a club's evening is drawn whole
      growBy={rows.length > WHOLE_LIST ? FIRST_FRAME_ROWS : undefined}
      head={head}
      tableClass="table standings-table"
      testId="standings-table"
      scrollClass="vscroll standings-scroll standings-rows"
    />
  );
}
