import type { ArmyList, EventFile, Player } from '../../../domain/event-file';
import { listTotal, MAX_LISTS, pointsWindow, requiredListCount } from '../../../domain/sr2011';
import { useI18n, type Translate } from '../../../i18n';
import { formatDay } from '../../../i18n/typography';
import { joinedRound, listFactionLabel } from '../../screens/event/players/model';
import { sheetRows, type SheetRow } from './sheet-rows';

const RESULT_KEY = { W: 'players.resultW', L: 'players.resultL', D: 'players.resultD' } as const;

function roundCells(row: SheetRow, player: Player, t: Translate) {
  switch (row.kind) {
    case 'game':
      return [row.opponent, t(RESULT_KEY[row.result!]), row.tp, row.cp, row.apd];
    case 'pending':
      return [row.opponent, '', '', '', ''];
    case 'bye':
      return ['—', t('players.bye'), row.tp, row.cp, row.apd];
    case 'absent': {
      const joined = joinedRound(player);
      const why = joined !== null && row.round < joined ? t('players.notRegistered') : player.dropped ? t('players.dropped') : '';
      return ['—', why, '—', '—', '—'];
    }
    case 'blank':
      return ['', '', '', '', ''];
  }
}

function themeLabel(list: ArmyList, t: Translate): string {
  if (!list.themeForce) return '—';
  return list.tier === null ? list.themeForce : `${list.themeForce} (${t('players.tierN', { tier: list.tier })})`;
}

/** The paper sheet of RULES.md "Tournament sheet": who, which lists, and one line per round. */
export function TournamentSheet({ event, player }: { event: EventFile; player: Player }) {
  const { t, lang } = useI18n();
  const slots = Math.max(player.lists.length, requiredListCount(event.settings.variants) ?? MAX_LISTS);
  const lists: (ArmyList | undefined)[] = Array.from({ length: slots }, (_, i) => player.lists[i]);
  const joined = joinedRound(player);
  const heading = `sheet-${player.id}`;

  return (
    <article class="sheet" aria-labelledby={heading} data-testid={`sheet-${player.number}`}>
      <header class="sheet-head">
        <div>
          <p class="sheet-event">
            {event.name} · {formatDay(event.date, lang)} · {event.settings.points} pts
          </p>
          <h2 id={heading}>
            {t('players.sheetTitle')} — {player.name}
          </h2>
        </div>
        <p class="sheet-number">
          {t('players.number')} {player.number}
        </p>
      </header>
      <dl class="sheet-id">
        <div>
          <dt>{t('players.name')}</dt>
          <dd>{player.name}</dd>
        </div>
        <div>
          <dt>{t('players.nickname')}</dt>
          <dd>{player.nickname || '—'}</dd>
        </div>
        <div>
          <dt>{t('players.club')}</dt>
          <dd>{player.club || '—'}</dd>
        </div>
        <div>
          <dt>{t('players.faction')}</dt>
          <dd>{player.faction || '—'}</dd>
        </div>
      </dl>
      {(joined !== null || player.dropped) && (
        <p class="sheet-status">
          {joined !== null && <span class="badge late">{t('players.late', { round: joined })}</span>}{' '}
          {player.dropped && <span class="badge">{player.droppedAfterRound ? t('players.droppedAfter', { round: player.droppedAfterRound }) : t('players.dropped')}</span>}
        </p>
      )}
      <ListsSummary lists={lists} player={player} />
      <RoundsTable event={event} player={player} />
      <p class="sheet-legend">{t('players.sheetLegend')}</p>
      <div class="sheet-lists">
        {lists.map((l, i) => {
          if (!l) return null;
          const { min, max } = pointsWindow(event.settings.points, l.bonus);
          return (
            <section key={i} class="sheet-list">
              <h3>
                {t('players.listN', { n: i + 1 })} — {l.caster} ({t('players.bonusN', { bonus: l.bonus })})
              </h3>
              <table class="sheet-table">
                <tbody>
                  {l.models.map((m, j) => (
                    <tr key={j}>
                      <td>{m.name}</td>
                      <td class="num">{m.cost}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('players.total')}</th>
                    <td class="num">{t('players.pointsOf', { total: listTotal(l), min, max })}</td>
                  </tr>
                </tfoot>
              </table>
            </section>
          );
        })}
      </div>
    </article>
  );
}

/** Each list's caster, faction and theme, side by side. */
function ListsSummary({ lists, player }: { lists: (ArmyList | undefined)[]; player: Player }) {
  const { t } = useI18n();
  return (
    <table class="sheet-table sheet-summary">
      <thead>
        <tr>
          <td />
          {lists.map((_, i) => (
            <th key={i} scope="col">
              {t('players.listN', { n: i + 1 })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('players.sheetCaster')}</th>
          {lists.map((l, i) => (
            <td key={i}>{l ? l.caster : t('players.sheetNoList')}</td>
          ))}
        </tr>
        <tr>
          <th scope="row">{t('players.sheetFaction')}</th>
          {lists.map((l, i) => (
            <td key={i}>{l ? listFactionLabel(player, l) || '—' : ''}</td>
          ))}
        </tr>
        <tr>
          <th scope="row">{t('players.sheetTheme')}</th>
          {lists.map((l, i) => (
            <td key={i}>{l ? themeLabel(l, t) : ''}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** One line per round played, and the totals. */
function RoundsTable({ event, player }: { event: EventFile; player: Player }) {
  const { t } = useI18n();
  const { rows, totals } = sheetRows(event, player);
  return (
    <table class="sheet-table sheet-rounds">
      <thead>
        <tr>
          <th scope="col">{t('players.sheetRound')}</th>
          <th scope="col">{t('players.sheetOpponent')}</th>
          <th scope="col">{t('players.sheetResult')}</th>
          <th scope="col">{t('players.sheetTp')}</th>
          <th scope="col">{t('players.sheetCp')}</th>
          <th scope="col">{t('players.sheetApd')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.round} data-testid={`sheet-round-${row.round}`}>
            <th scope="row">{row.round}</th>
            {roundCells(row, player, t).map((c, k) => (
              <td key={k}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="sheet-totals">
          <th scope="row" colSpan={3}>
            {t('players.sheetTotal')}
          </th>
          <td>{totals.tp}</td>
          <td>{totals.cp}</td>
          <td>{totals.apd}</td>
        </tr>
      </tfoot>
    </table>
  );
}
