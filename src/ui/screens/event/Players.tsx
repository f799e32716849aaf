// The players' tab: register, import, check in, search and sort 4,096 players, edit one, drop or
// reinstate one, print the sheets. The list is virtual and its rows kept while their player is
// unchanged; the pieces live in ./players/.
import type { VNode } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import type { Player } from '../../../domain/event-file';
import { useI18n } from '../../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { VirtualRows, WHOLE_LIST } from '../../components/VirtualRows';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';
import { ListsEditor } from './players/ListsEditor';
import { type Order, useListedIndex } from './players/listed';
import { findTwin, joinedRound, nextPlayer, searchPlayers } from './players/model';
import { PlayerEditor } from './players/PlayerEditor';
import { emptyForm, PlayerFields, trimForm, type PlayerForm } from './players/PlayerFields';
import { KeptRow, playerRow, playersHead, type RowContext } from './players/PlayerRow';
import { PlayersSearch, PlayersSummary } from './players/PlayersToolbar';
import { SheetsView } from './players/SheetsView';
import { useDropping, usePanel, useToggles } from './players/use-player-actions';
import { uiFor } from '../../systems';

import type { TabProps } from './types';
import { PlayerImportToggle } from './players/PlayerImport';
import { roundsChangeNote } from './players/rounds-note';
import { Registrations } from './players/Registrations';

/**
 * A long list follows the search box once the typing pauses this long: a tablet's typist leaves
 * more than this between most keys (the list follows each), a fast one gets one list at the end.
 */
const SEARCH_SETTLE_MS = 150;
/** rows of a new list drawn per frame: 4 rich rows are ~20 ms of script and layout on a cheap tablet */
const LIST_STEP = 4;

export function Players({ event, eventId, meta, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  // the list's search, order and scroll, kept here while a panel replaces the list
  const listState = useRef<ListState>({ query: '', order: 'name', scrollTop: 0 });
  const { view, open, close, setFocusBack } = usePanel();
  const { pending, toggle } = useToggles(dispatch);
  const { toDrop, setToDrop, confirmDrop, reinstate, dropMessage } = useDropping(event, dispatch, setFocusBack);

  const ui = uiFor(event.system);
  const painting = ui.painting?.(event.settings) ?? 'none';
  // LotR has no list rules: no lists column, no editor
  const listRules = ui.lists;
  const active = useMemo(() => event.players.filter((p) => !p.dropped), [event.players]);
  const byId = (id: string): Player | undefined => event.players.find((p) => p.id === id);
  const kept = useMemo(() => new WeakMap<Player, { vnode: VNode; saving: string }>(), [t, lang, event.system, event.settings]);

  // a row kept from an earlier render calls this render's handlers
  const actions = useRef({ toggle, open, reinstate });
  actions.current = { toggle, open, reinstate };

  // a panel replaces the tab's content; if its player vanished (undo elsewhere) we fall back
  if (view.kind === 'edit' || view.kind === 'lists') {
    const player = byId(view.id);
    if (player) {
      return (
        <section class="players" aria-label={t('event.players')}>
          {view.kind === 'edit' ? (
            <PlayerEditor key={player.id} player={player} event={event} dispatch={dispatch} onDone={close} openedAt={meta.lastSeq} />
          ) : (
            listRules && <ListsEditor key={player.id} player={player} event={event} rules={listRules} dispatch={dispatch} onDone={close} />
          )}
        </section>
      );
    }
  }

  // only a system with a printed sheet opens this view (its buttons are absent otherwise)
  if (view.kind === 'sheets' && ui.printSheet)
    return <SheetsView event={event} Sheet={ui.printSheet} sheets={view.ids.map(byId).filter((p): p is Player => p !== undefined)} onClose={close} />;

  const context: RowContext = { t, event, ui, painting, pending, actions, askDrop: setToDrop };
  // A keystroke in the search or one check-in re-renders the list: each row is built again only
  // when its player (a new object once changed), its saves in flight or what every row shows (the
  // language, the format) changed; Preact skips a kept row without comparing it.
  const row = (p: Player): VNode => {
    const saving = `${pending.has(`${p.id}:checkedIn`)}:${pending.has(`${p.id}:painted`)}`;
    const hit = kept.get(p);
    if (hit && hit.saving === saving) return hit.vnode;
    const vnode = <KeptRow key={p.id} build={() => playerRow(p, context)} />;
    kept.set(p, { vnode, saving });
    return vnode;
  };

  return (
    <section class="players" aria-label={t('event.players')}>
      <RegisterForm event={event} dispatch={dispatch} />
      <PlayerImportToggle event={event} dispatch={dispatch} />
      <Registrations event={event} eventId={eventId} dispatch={dispatch} />
      <PlayersSummary active={active} painting={painting} sheets={ui.printSheet !== null} dispatch={dispatch} onPrintAll={(ids, from) => open({ kind: 'sheets', ids }, from)} />
      {event.players.length === 0 ? (
        <p class="empty">{t('players.empty')}</p>
      ) : (
        <PlayersList players={event.players} row={row} head={playersHead(context)} state={listState.current} />
      )}
      {toDrop && <ConfirmDialog message={dropMessage(toDrop)} confirmLabel={t('players.dropConfirmLabel')} danger onConfirm={confirmDrop} onCancel={() => setToDrop(null)} />}
    </section>
  );
}

interface ListState {
  query: string;
  order: Order;
  scrollTop: number;
}

/**
 * The search and the list it filters. Its own component: a new search redraws the list, not the
 * registration form, the summary and the registrations received beside it.
 */
function PlayersList({ players, row, head, state }: { players: readonly Player[]; row: (p: Player) => VNode; head: VNode; state: ListState }) {
  const { lang } = useI18n();
  const [query, setQuery] = useState(state.query);
  // French organizers file players by surname; the registration number is one tap away
  const [order, setOrder] = useState<Order>(state.order);
  state.query = query;
  state.order = order;
  const index = useListedIndex(players, order, lang);
  const shown = useMemo(() => searchPlayers(index, query), [index, query]);
  // a club's evening is drawn whole and follows each key, as it always did
  const long = players.length > WHOLE_LIST;
  return (
    <>
      <PlayersSearch query={query} onQuery={setQuery} settle={long ? SEARCH_SETTLE_MS : 0} order={order} onOrder={setOrder} found={shown.length} />
      <VirtualRows
        items={shown}
        row={row}
        rowHeight={58}
        tableClass="table players-table"
        testId="players-table"
        scrollClass="vscroll players-scroll"
        resetKey={`${order}:${query}`}
        growBy={long ? LIST_STEP : undefined}
        // where the list was, so a closed panel gives the focus back to a row that is on screen
        initialScroll={state.scrollTop}
        onScrollTop={(top) => (state.scrollTop = top)}
        head={head}
      />
    </>
  );
}

/**
 * Registration of a player. Its own component: a keystroke re-renders these four inputs, never
 * the list of players beside them.
 */
function RegisterForm({ event, dispatch }: { event: EventFile; dispatch: TabProps['dispatch'] }) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [form, setForm] = useState<PlayerForm>(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const fields = trimForm(form);
    if (!fields.name) return setError(t('players.nameRequired'));
    const twin = findTwin(event.players, fields.name, fields.nickname);
    if (twin) return setError(t('players.duplicateName', { name: twin.name, number: twin.number }));
    setBusy(true);
    try {
      const prepared = nextPlayer(event, fields);
      const after = await dispatch({ type: 'player-registered', player: prepared });
      // another tab may have taken this number meanwhile: the store gave the next free one
      const player = after.players[after.players.length - 1] ?? prepared;
      // Clear only what was saved: a fast organizer may already be typing the next player.
      setForm((current) => (JSON.stringify(trimForm(current)) === JSON.stringify(fields) ? emptyForm : current));
      setError(null);
      const joined = joinedRound(player);
      const saved =
        joined === null ? t('players.saved', { name: player.name, number: player.number }) : t('players.savedLate', { name: player.name, number: player.number, round: joined });
      const rounds = roundsChangeNote(event, after, t);
      notify(rounds ? `${saved} ${rounds}` : saved);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="panel form inline" onSubmit={submit}>
      <PlayerFields value={form} onChange={setForm} system={event.system} />
      <button type="submit" class="btn primary big" disabled={busy}>
        {t('players.add')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
