// A row of the players' table and the table's head. The row is built by a plain function from the
// render's context and wrapped in KeptRow, so the list can keep a row's vnode while its player is
// unchanged (see Players: 4,096 rows on a cheap tablet).
import type { VNode } from 'preact';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Translate } from '../../../../i18n';
import type { PaintingCheck, SystemUi } from '../../../systems';
import { systemOf } from '../../../systems/shared/model';
import { isCheckedIn, isPainted, joinedRound } from './model';
import type { Toggle, View } from './use-player-actions';

/** What every row shows and does, from the render that builds it. */
export interface RowContext {
  t: Translate;
  event: EventFile;
  ui: SystemUi;
  painting: PaintingCheck;
  pending: ReadonlySet<string>;
  /** the handlers of the latest render: a row kept from an earlier render calls these */
  actions: { current: { toggle: (p: Player, field: Toggle, value: boolean) => Promise<void>; open: (next: View, from: string) => void; reinstate: (p: Player) => Promise<void> } };
  askDrop: (p: Player) => void;
}

/** A player's row as built by its list: a component, so that Preact can skip a vnode it rendered already. */
export function KeptRow({ build }: { build: () => VNode }) {
  return build();
}

function listProblems(p: Player, { event, ui }: RowContext): number {
  return systemOf(event)
    .validateLists({ lists: p.lists, faction: p.faction?.trim() ? p.faction : undefined }, event.settings)
    .filter((x) => ui.lists?.noListIsProblem || x.code !== 'no-list').length;
}

export function playerRow(p: Player, ctx: RowContext): VNode {
  const { t, ui, painting, pending, actions } = ctx;
  // LotR has no list rules: no lists column, no editor
  const listRules = ui.lists;
  const joined = joinedRound(p);
  const toFix = listRules && p.lists.length > 0 && listProblems(p, ctx) > 0;
  const details = [p.nickname, p.club, p.faction].filter((x) => x?.trim()).join(' · ');
  return (
    <tr key={p.id} class={p.dropped ? 'dropped' : ''} data-testid={`player-${p.number}`}>
      <td class="num">{p.number}</td>
      <td class="name" title={details ? `${p.name} · ${details}` : p.name}>
        <span class="player-name">{p.name}</span>{' '}
        {p.dropped && <em class="badge">{p.droppedAfterRound ? t('players.droppedAfter', { round: p.droppedAfterRound }) : t('players.dropped')}</em>}{' '}
        {joined !== null && <em class="badge late">{t('players.late', { round: joined })}</em>}
        {details && <span class="player-details muted"> · {details}</span>}
      </td>
      <td class="opt" data-label={t('players.nickname')}>
        {p.nickname}
      </td>
      <td class="opt" data-label={t('players.club')}>
        {p.club}
      </td>
      <td class="opt" data-label={t(ui.factions.label)}>
        {p.faction}
      </td>
      {listRules && (
        <td class="lists" data-label={t('players.lists')}>
          {p.lists.length === 0 ? <span class="muted">{t('players.noList')}</span> : p.lists.map((l) => l.caster || '?').join(' / ')}
          {toFix && (
            <>
              {' '}
              <em class="badge warn">{t('players.listsToFix')}</em>
            </>
          )}
        </td>
      )}
      <td class="toggle">
        <label class="check">
          <input
            type="checkbox"
            aria-label={t('players.checkInOf', { name: p.name })}
            checked={isCheckedIn(p)}
            disabled={pending.has(`${p.id}:checkedIn`)}
            onChange={(e) => actions.current.toggle(p, 'checkedIn', e.currentTarget.checked)}
          />
          <span class="visually-hidden" aria-hidden="true">
            {t('players.checkedIn')}
          </span>
        </label>
      </td>
      {painting !== 'none' && (
        <td class="toggle">
          <label class="check">
            <input
              type="checkbox"
              aria-label={t('players.paintedOf', { name: p.name })}
              checked={isPainted(p)}
              disabled={pending.has(`${p.id}:painted`)}
              onChange={(e) => actions.current.toggle(p, 'painted', e.currentTarget.checked)}
            />
            <span class="visually-hidden" aria-hidden="true">
              {t('players.painted')}
            </span>
          </label>
        </td>
      )}
      <td class="actions">{rowActions(p, ctx)}</td>
    </tr>
  );
}

function rowActions(p: Player, { t, ui, actions, askDrop }: RowContext): VNode {
  return (
    <div class="row-actions">
      <button
        type="button"
        id={`pl-${p.id}-edit`}
        class="btn"
        aria-label={t('players.editOf', { name: p.name })}
        onClick={() => actions.current.open({ kind: 'edit', id: p.id }, `pl-${p.id}-edit`)}
      >
        {t('players.edit')}
      </button>
      {ui.lists && (
        <button
          type="button"
          id={`pl-${p.id}-lists`}
          class="btn"
          aria-label={t('players.editListsOf', { name: p.name })}
          onClick={() => actions.current.open({ kind: 'lists', id: p.id }, `pl-${p.id}-lists`)}
        >
          {t('players.editLists')}
        </button>
      )}
      {ui.printSheet && (
        <button
          type="button"
          id={`pl-${p.id}-sheet`}
          class="btn"
          aria-label={t('players.sheetOf', { name: p.name })}
          onClick={() => actions.current.open({ kind: 'sheets', ids: [p.id] }, `pl-${p.id}-sheet`)}
        >
          {t('players.sheet')}
        </button>
      )}
      {p.dropped ? (
        <button type="button" id={`pl-${p.id}-status`} class="btn" aria-label={t('players.reinstateOf', { name: p.name })} onClick={() => actions.current.reinstate(p)}>
          {t('players.reinstate')}
        </button>
      ) : (
        <button type="button" id={`pl-${p.id}-status`} class="btn danger" aria-label={t('players.dropOf', { name: p.name })} onClick={() => askDrop(p)}>
          {t('players.drop')}
        </button>
      )}
    </div>
  );
}

/** The table's head: the same columns as playerRow. */
export function playersHead({ t, ui, painting }: Pick<RowContext, 't' | 'ui' | 'painting'>): VNode {
  return (
    <thead>
      <tr>
        <th scope="col" class="num">
          {t('players.number')}
        </th>
        <th scope="col" class="name">
          {t('players.name')}
        </th>
        <th scope="col" class="opt">
          {t('players.nickname')}
        </th>
        <th scope="col" class="opt">
          {t('players.club')}
        </th>
        <th scope="col" class="opt">
          {t(ui.factions.label)}
        </th>
        {ui.lists && (
          <th scope="col" class="lists">
            {t('players.lists')}
          </th>
        )}
        <th scope="col" class="toggle">
          {t('players.checkIn')}
        </th>
        {painting !== 'none' && (
          <th scope="col" class="toggle">
            {t('players.painting', { level: t(`players.painting.${painting}`) })}
          </th>
        )}
        <th scope="col" class="actions">
          {t('players.actions')}
        </th>
      </tr>
    </thead>
  );
}
