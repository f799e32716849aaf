import type { VNode } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EventFile } from '../../../domain/event-file';
import type { Player } from '../../../domain/event-file';
import { paintingLevel } from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePrinting, VirtualRows, WHOLE_LIST } from '../../components/VirtualRows';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';
import { ListsEditor } from './players/ListsEditor';
import { findTwin, isCheckedIn, isPainted, joinedRound, nextPlayer, roundsPaired, searchIndex, searchPlayers } from './players/model';
import { PlayerEditor } from './players/PlayerEditor';
import { emptyForm, PlayerFields, trimForm, type PlayerForm } from './players/PlayerFields';
import { TournamentSheet } from '../../systems/sr2011/TournamentSheet';
import { systemOf } from '../../systems/shared/model';
import { uiFor } from '../../systems';
import { sortBySurname } from '../../surname';

import type { TabProps } from './types';
import { PlayerImportToggle } from './players/PlayerImport';
import { roundsChangeNote } from './players/rounds-note';

/**
 * The players in the order chosen, with their search index: kept per list of players (a new
 * array at each change) and order, so the tab opened again or a check-in's render does not sort
 * 512 names again; the surname order is worked out again only when a name changes.
 */
const orders = new WeakMap<readonly Player[], Map<string, { ordered: Player[]; index: ReturnType<typeof searchIndex> }>>();
let ranks: { names: string; lang: string; ids: string[] } | null = null;
const namesOf = (players: readonly Player[]): string => players.map((p) => `${p.id}\n${p.name}`).join('\n');
/**
 * Whether `listed` would answer without sorting names: kept already, by number, or the same
 * names in the same language. Past a club's evening, a first sort (the app's start on this tab,
 * another language) gets a turn of its own, the tab's frame first; see Players.
 */
function listedCheaply(players: readonly Player[], order: 'name' | 'number', lang: string): boolean {
  if (order === 'number' || players.length <= WHOLE_LIST || orders.get(players)?.has(`${order}:${lang}`)) return true;
  return ranks !== null && ranks.lang === lang && ranks.names === namesOf(players);
}
function listed(players: readonly Player[], order: 'name' | 'number', lang: string): { ordered: Player[]; index: ReturnType<typeof searchIndex> } {
  let byOrder = orders.get(players);
  if (!byOrder) orders.set(players, (byOrder = new Map()));
  const key = `${order}:${lang}`;
  let hit = byOrder.get(key);
  if (!hit) {
    let ordered: Player[];
    if (order === 'name') {
      const names = namesOf(players);
      if (!ranks || ranks.names !== names || ranks.lang !== lang) ranks = { names, lang, ids: sortBySurname(players, (p) => p.name, lang).map((p) => p.id) };
      // same names, same order: the players of this list put in it
      const byId = new Map(players.map((p) => [p.id, p]));
      ordered = ranks.ids.map((id) => byId.get(id)!);
    } else ordered = [...players].sort((a, b) => a.number - b.number);
    byOrder.set(key, (hit = { ordered, index: searchIndex(ordered) }));
  }
  return hit;
}
import { Registrations } from './players/Registrations';

type View = { kind: 'table' } | { kind: 'edit'; id: string } | { kind: 'lists'; id: string } | { kind: 'sheets'; ids: string[] };

type Toggle = 'checkedIn' | 'painted';

/** Sheets previewed on screen; every one is rendered for the printer (4,096 sheets would freeze the screen). */
const SHEETS_ON_SCREEN = 12;

export function Players({ event, eventId, meta, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const [query, setQuery] = useState('');
  // French organizers file players by surname; the registration number is one tap away
  const [order, setOrder] = useState<'name' | 'number'>('name');
  const printing = usePrinting();
  // where the list was, so a closed panel gives the focus back to a row that is on screen
  const scrollTop = useRef(0);
  const [view, setView] = useState<View>({ kind: 'table' });
  const [toDrop, setToDrop] = useState<Player | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // the button that opened a panel gets the focus back once the panel is closed
  const opener = useRef<string | null>(null);
  const [focusBack, setFocusBack] = useState<string | null>(null);

  const painting = paintingLevel(event.settings.variants);
  const ui = uiFor(event.system);
  // LotR has no list rules: no lists column, no editor
  const listRules = ui.lists;
  const listProblems = (p: Player): number =>
    systemOf(event)
      .validateLists({ lists: p.lists, faction: p.faction?.trim() ? p.faction : undefined }, event.settings)
      .filter((x) => listRules?.noListIsProblem || x.code !== 'no-list').length;
  const active = useMemo(() => event.players.filter((p) => !p.dropped), [event.players]);
  const byId = (id: string): Player | undefined => event.players.find((p) => p.id === id);
  // the search runs over an index built once per change of the players, not per keystroke
  // the surname order is worked out again only when a name changes, not at each check-in
  // A sort of the whole field (512 names: a fifth of the first task on a tablet 4x slower than
  // a laptop) is not done in the render that draws the tab: the tab comes first with its list
  // empty, the names are sorted in the next turn and the rows drawn in the one after. Later
  // renders (a check-in, a search, the tab opened again) find the order kept.
  const cheap = listedCheaply(event.players, order, lang);
  const [, sorted] = useState(0);
  useEffect(() => {
    if (cheap) return;
    let draw: ReturnType<typeof setTimeout> | undefined;
    const sort = setTimeout(() => {
      listed(event.players, order, lang);
      draw = setTimeout(() => sorted((n) => n + 1), 0);
    }, 0);
    return () => {
      clearTimeout(sort);
      clearTimeout(draw);
    };
  }, [cheap, event.players, order, lang]);
  // meanwhile a list already on screen stays (a player just registered joins it a moment later)
  const lastIndex = useRef<ReturnType<typeof searchIndex>>([]);
  const { index } = useMemo(
    () => (cheap || listedCheaply(event.players, order, lang) ? listed(event.players, order, lang) : { index: lastIndex.current }),
    [cheap, event.players, order, lang],
  );
  lastIndex.current = index;
  const kept = useMemo(() => new WeakMap<Player, { vnode: VNode; saving: string }>(), [t, lang, event.system, event.settings]);
  const shown = useMemo(() => searchPlayers(index, query), [index, query]);

  useEffect(() => {
    if (focusBack === null) return;
    document.getElementById(focusBack)?.focus();
    setFocusBack(null);
  }, [focusBack]);

  const open = (next: View, from: string): void => {
    opener.current = from;
    setView(next);
  };
  const close = (): void => {
    setView({ kind: 'table' });
    setFocusBack(opener.current);
    opener.current = null;
  };

  const toggle = async (p: Player, field: Toggle, value: boolean): Promise<void> => {
    const key = `${p.id}:${field}`;
    setPending((s) => new Set(s).add(key));
    try {
      await dispatch({ type: 'player-updated', id: p.id, patch: field === 'checkedIn' ? { checkedIn: value } : { painted: value } });
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };

  const confirmDrop = async (): Promise<void> => {
    const p = toDrop;
    setToDrop(null);
    if (!p) return;
    const afterRound = roundsPaired(event);
    try {
      const after = await dispatch({ type: 'player-dropped', id: p.id, afterRound });
      const rounds = roundsChangeNote(event, after, t);
      const done = t(afterRound === 0 ? 'players.droppedDoneNoRound' : 'players.droppedDone', { name: p.name, round: afterRound });
      notify(rounds ? `${done} ${rounds}` : done);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
    setFocusBack(`pl-${p.id}-status`);
  };

  const reinstate = async (p: Player): Promise<void> => {
    try {
      const after = await dispatch({ type: 'player-reinstated', id: p.id });
      const rounds = roundsChangeNote(event, after, t);
      notify(rounds ? `${t('players.reinstated', { name: p.name })} ${rounds}` : t('players.reinstated', { name: p.name }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
    setFocusBack(`pl-${p.id}-status`);
  };

  const dropMessage = (p: Player): string => {
    const round = roundsPaired(event);
    const text = t(round === 0 ? 'players.dropConfirmNoRound' : 'players.dropConfirm', { name: p.name, number: p.number, round });
    for (const r of event.rounds) {
      const unplayed = r.pairings.find((x) => !x.result && (x.a === p.id || x.b === p.id));
      if (unplayed) return `${text} ${t('players.dropUnplayed', { round: r.number, table: unplayed.table })}`;
    }
    return text;
  };

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

  if (view.kind === 'sheets') {
    const sheets = view.ids.map(byId).filter((p): p is Player => p !== undefined);
    return (
      <section class="players sheets" aria-label={t('players.sheetTitle')}>
        <div class="row no-print sheets-toolbar">
          <button type="button" class="btn big" onClick={close}>
            {t('nav.back')}
          </button>
          <button type="button" class="btn primary big" onClick={() => window.print()}>
            {t('players.print')}
          </button>
          <span class="muted">{t('players.sheetsCount', { n: sheets.length })}</span>
        </div>
        {(printing ? sheets : sheets.slice(0, SHEETS_ON_SCREEN)).map((p) => (
          <TournamentSheet key={p.id} event={event} player={p} />
        ))}
        {!printing && sheets.length > SHEETS_ON_SCREEN && (
          <p class="muted no-print" data-testid="sheets-more">
            {t('players.sheetsMore', { n: sheets.length - SHEETS_ON_SCREEN })}
          </p>
        )}
      </section>
    );
  }

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

  const buildRow = (p: Player) => {
    const joined = joinedRound(p);
    const toFix = listRules && p.lists.length > 0 && listProblems(p) > 0;
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
        <td class="opt" data-label={t('players.nickname')}>{p.nickname}</td>
        <td class="opt" data-label={t('players.club')}>{p.club}</td>
        <td class="opt" data-label={t(ui.factions.label)}>{p.faction}</td>
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
            <span class="visually-hidden" aria-hidden="true">{t('players.checkedIn')}</span>
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
              <span class="visually-hidden" aria-hidden="true">{t('players.painted')}</span>
            </label>
          </td>
        )}
        <td class="actions">
          <div class="row-actions">
          <button type="button" id={`pl-${p.id}-edit`} class="btn" aria-label={t('players.editOf', { name: p.name })} onClick={() => actions.current.open({ kind: 'edit', id: p.id }, `pl-${p.id}-edit`)}>
            {t('players.edit')}
          </button>
          {listRules && (
            <button type="button" id={`pl-${p.id}-lists`} class="btn" aria-label={t('players.editListsOf', { name: p.name })} onClick={() => actions.current.open({ kind: 'lists', id: p.id }, `pl-${p.id}-lists`)}>
              {t('players.editLists')}
            </button>
          )}
          {ui.sheets && (
            <button type="button" id={`pl-${p.id}-sheet`} class="btn" aria-label={t('players.sheetOf', { name: p.name })} onClick={() => actions.current.open({ kind: 'sheets', ids: [p.id] }, `pl-${p.id}-sheet`)}>
              {t('players.sheet')}
            </button>
          )}
          {p.dropped ? (
            <button type="button" id={`pl-${p.id}-status`} class="btn" aria-label={t('players.reinstateOf', { name: p.name })} onClick={() => actions.current.reinstate(p)}>
              {t('players.reinstate')}
            </button>
          ) : (
            <button type="button" id={`pl-${p.id}-status`} class="btn danger" aria-label={t('players.dropOf', { name: p.name })} onClick={() => setToDrop(p)}>
              {t('players.drop')}
            </button>
          )}
          </div>
        </td>
      </tr>
    );
  };

  // A keystroke in the search or one check-in re-renders the list: each row is built again only
  // when its player (a new object once changed), its saves in flight or what every row shows (the
  // language, the format) changed; Preact skips a kept row without comparing it.
  const row = (p: Player): VNode => {
    const saving = `${pending.has(`${p.id}:checkedIn`)}:${pending.has(`${p.id}:painted`)}`;
    const hit = kept.get(p);
    if (hit && hit.saving === saving) return hit.vnode;
    const vnode = <KeptRow key={p.id} build={() => buildRow(p)} />;
    kept.set(p, { vnode, saving });
    return vnode;
  };

  return (
    <section class="players" aria-label={t('event.players')}>
      <RegisterForm event={event} dispatch={dispatch} />
      <PlayerImportToggle event={event} dispatch={dispatch} />
      <Registrations event={event} eventId={eventId} dispatch={dispatch} />
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
        {ui.sheets && (
          <button
            type="button"
            id="players-print-all"
            class="btn"
            disabled={active.length === 0}
            onClick={() => open({ kind: 'sheets', ids: [...active].sort((a, b) => a.number - b.number).map((p) => p.id) }, 'players-print-all')}
          >
            {t('players.printAll')}
          </button>
        )}
      </div>
      {event.players.length === 0 ? (
        <p class="empty">{t('players.empty')}</p>
      ) : (
        <>
          <label class="players-search">
            {t('players.search')}
            <input type="search" value={query} placeholder={t('players.searchHint')} autoComplete="off" onInput={(e) => setQuery(e.currentTarget.value)} />
          </label>
          <div class="segmented players-order" role="radiogroup" aria-label={t('players.sortBy')}>
            {(['name', 'number'] as const).map((k) => (
              <button key={k} type="button" role="radio" aria-checked={order === k} class={order === k ? 'btn primary' : 'btn'} onClick={() => setOrder(k)}>
                {t(`players.sort.${k}`)}
              </button>
            ))}
          </div>
          {query.trim() !== '' && (
            <p class="muted" role="status" data-testid="search-count">
              {shown.length === 0 ? t('players.noMatch', { q: query.trim() }) : t('players.matchCount', { n: shown.length })}
            </p>
          )}
          <VirtualRows
            items={shown}
            row={row}
            rowHeight={58}
            tableClass="table players-table"
            testId="players-table"
            scrollClass="vscroll players-scroll"
            resetKey={`${order}:${query}`}
            initialScroll={scrollTop.current}
            onScrollTop={(top) => (scrollTop.current = top)}
            head={
              <thead>
                <tr>
                  <th scope="col" class="num">{t('players.number')}</th>
                  <th scope="col" class="name">{t('players.name')}</th>
                  <th scope="col" class="opt">{t('players.nickname')}</th>
                  <th scope="col" class="opt">{t('players.club')}</th>
                  <th scope="col" class="opt">{t(ui.factions.label)}</th>
                  {listRules && <th scope="col" class="lists">{t('players.lists')}</th>}
                  <th scope="col" class="toggle">{t('players.checkIn')}</th>
                  {painting !== 'none' && <th scope="col" class="toggle">{t('players.painting', { level: t(`players.painting.${painting}`) })}</th>}
                  <th scope="col" class="actions">{t('players.actions')}</th>
                </tr>
              </thead>
            }
          />
        </>
      )}
      {toDrop && (
        <ConfirmDialog message={dropMessage(toDrop)} confirmLabel={t('players.dropConfirmLabel')} danger onConfirm={confirmDrop} onCancel={() => setToDrop(null)} />
      )}
    </section>
  );
}

/** A player's row as built by its list: a component, so that Preact can skip a vnode it rendered already. */
function KeptRow({ build }: { build: () => VNode }) {
  return build();
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
        joined === null
          ? t('players.saved', { name: player.name, number: player.number })
          : t('players.savedLate', { name: player.name, number: player.number, round: joined });
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
