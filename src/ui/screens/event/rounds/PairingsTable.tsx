// The round's tables for the organizer: sortable by table or by player name (the list players
// look for in the hall), results at a glance, and a swap mode that shows what a hand-made change
// costs (rematch, score gap, second bye) before it is confirmed and logged.
import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { swapInRound, type EventFile, type Pairing, type PlayerId, type Round } from '../../../../domain/event-file';
import { pairingWarningsOf, type PairingWarning } from '../../../../domain/systems';
import { useI18n } from '../../../../i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FIRST_FRAME_ROWS, VirtualRows, WHOLE_LIST } from '../../../components/VirtualRows';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { currentProjection } from '../../../../store/events';
import { smallEvent, useStandings } from '../../../use-standings';
import { byeText, pointsText, resultSummary } from '../../../systems/shared/words';
import { sortBySurname, surnameOrder, surnameOrderKept } from '../../../surname';
import { useOwnTurn } from '../../../use-own-turn';
import { allByes, isKnockout, pairingKind, systemOf } from '../../../systems/shared/model';
import { resultFlags } from './result-flags';
import type { TabProps } from '../types';

interface Props {
  /** the stored event's id: the standings before the round come from the worker */
  eventId?: string;
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
  onEnterResult: (pairing: Pairing) => void;
  /** table mode, once the round has started: this table's clock on this device, and its ticket QR */
  clockHref?: (pairing: Pairing) => string;
  onTicket?: (pairing: Pairing) => void;
}

export type PairingsSort = 'table' | 'name';

export function usePlayerNames(event: EventFile): (id: PlayerId) => string {
  return useMemo(() => {
    // read at the first name asked, not with the screen: past a hall's size the round's tables
    // are drawn a frame after it (a 512-player field read in the screen's own task)
    let names: Map<PlayerId, string> | undefined;
    return (id: PlayerId) => (names ??= new Map(event.players.map((p) => [p.id, p.name]))).get(id) ?? id;
  }, [event.players]);
}

/** « Club · Faction » of a player, the field read at the first one asked (see usePlayerNames). */
function usePlayerDetails(event: EventFile): (id: PlayerId) => string | undefined {
  return useMemo(() => {
    let details: Map<PlayerId, string> | undefined;
    return (id: PlayerId) => (details ??= new Map(event.players.map((p) => [p.id, playerDetail(p)]))).get(id);
  }, [event.players]);
}

/** Rows of the "by name" list: every player once, alphabetically, with table and opponent. */
export function byNameRows(round: Round, players: readonly { id: string; name: string }[], nameOf: (id: PlayerId) => string, lang: string) {
  const rows = round.pairings.flatMap((p) => [
    { id: p.a, table: p.table as number | null, opponent: p.b as PlayerId | null },
    { id: p.b, table: p.table as number | null, opponent: p.a as PlayerId | null },
  ]);
  for (const id of allByes(round)) rows.push({ id, table: null, opponent: null });
  // the field's surname order, kept for every screen that files these names (src/ui/surname.ts),
  // with this round's rows put in it: a new round or a check-in sorts no name again
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = surnameOrder(players, lang).flatMap((id) => {
    const row = byId.get(id);
    byId.delete(id);
    return row ? [row] : [];
  });
  // an id the field does not list (a file's leftover) is read by its id, filed after the others' order
  return byId.size === 0 ? ordered : sortBySurname([...ordered, ...byId.values()], (r) => nameOf(r.id), lang);
}

// The projector and the Rounds tab open this list again and again on the same round: kept per
// round, players' names and language (a check-in makes a new list of players with the same
// names: the order stands).
const byName = new WeakMap<Round, { players: readonly { id: string; name: string }[]; lang: string; rows: ReturnType<typeof byNameRows> }>();
const sameNames = (a: readonly { id: string; name: string }[], b: readonly { id: string; name: string }[]): boolean =>
  a === b || (a.length === b.length && a.every((p, i) => p.id === b[i]!.id && p.name === b[i]!.name));
function keptByName(round: Round, players: readonly { id: string; name: string }[], nameOf: (id: PlayerId) => string, lang: string): ReturnType<typeof byNameRows> {
  const hit = byName.get(round);
  if (hit && hit.lang === lang && sameNames(hit.players, players)) return hit.rows;
  const rows = byNameRows(round, players, nameOf, lang);
  byName.set(round, { players, lang, rows });
  return rows;
}

/**
 * The by-name rows, once the field's surname order is known. Sorting a big field for the first time
 * (the projector opened before any screen filed the names: 4,096 names, 20-25 ms) is put off to a
 * turn of its own, and the rows drawn in the turn after, so the screen's first frame comes first.
 */
function useByNameRows(round: Round, players: readonly { id: string; name: string }[], nameOf: (id: PlayerId) => string, lang: string): ReturnType<typeof byNameRows> {
  const ready = players.length <= WHOLE_LIST || surnameOrderKept(players, lang);
  useOwnTurn(!ready, () => surnameOrder(players, lang), [players, lang]);
  const drawable = ready || surnameOrderKept(players, lang);
  return useMemo(() => (drawable ? keptByName(round, players, nameOf, lang) : []), [drawable, round, players, nameOf, lang]);
}

/** Where is each player sitting: the list players look for, in the hall or on the projector. Only the rows in view are rendered. */
export function ByNameTable({
  event,
  round,
  className = 'table',
  testId,
  projected,
  scrollRef,
  scrollClass,
}: {
  event: EventFile;
  round: Round;
  className?: string;
  testId?: string;
  projected?: boolean;
  scrollRef?: RefObject<HTMLDivElement | null>;
  scrollClass?: string;
}) {
  const { t, lang } = useI18n();
  const nameOf = usePlayerNames(event);
  const clubOf = useMemo(() => new Map(event.players.map((p) => [p.id, playerDetail(p)])), [event.players]);
  const rows = useByNameRows(round, event.players, nameOf, lang);
  return (
    <VirtualRows
      items={rows}
      rowHeight={50}
      tableClass={className}
      testId={testId}
      scrollRef={scrollRef}
      scrollClass={scrollClass}
      row={(r) =>
        projected ? (
          // the hall reads « Table 5 » first and from afar: it is the largest thing on the line
          <tr key={r.id}>
            <td class="proj-table">{r.table === null ? t('projector.bye') : t('projector.table', { table: r.table })}</td>
            <td class="player-name">{nameOf(r.id)}</td>
            <td class="proj-opponent">{r.table === null ? '' : t('projector.against', { opponent: nameOf(r.opponent!) })}</td>
          </tr>
        ) : (
          <tr key={r.id}>
            <td class="player-name">{nameOf(r.id)}</td>
            <td>{r.table === null ? t('rounds.byNameBye') : t('rounds.byNameRow', { table: r.table, opponent: nameOf(r.opponent!) })}</td>
            <td class="player-detail-cell muted">{clubOf.get(r.id)}</td>
          </tr>
        )
      }
    />
  );
}

/** « Club · Faction » under a name: who is who in the hall, and why the pairing kept two apart. */
export function playerDetail(p: { club?: string; faction?: string }): string {
  return [p.club, p.faction].filter((s): s is string => typeof s === 'string' && s.trim() !== '').join(' · ');
}

export function PairingsTable({ eventId, event, round, dispatch, onEnterResult, clockHref, onTicket }: Props) {
  const { t, lang } = useI18n();
  const nameOf = usePlayerNames(event);
  // tables of this round with two results not yet settled (the fold counts neither): marked in their row
  const disputed = useDisputedTables(eventId, event, round.number);
  const detailOf = usePlayerDetails(event);
  const [sort, setSort] = useState<PairingsSort>('table');
  const knockout = isKnockout(event);
  const tpBefore = usePointsBefore(eventId, event, round.number, knockout);
  const started = typeof round.startedAt === 'number';
  const anyResult = round.pairings.some((p) => p.result);
  // a knockout bracket and a round-robin schedule are read back from the file: a swap would break them
  const canSwap = !started && !anyResult && pairingKind(event) === 'swiss' && allByes(round).length <= 1;
  const { swapFirst, setSwapFirst, swapTarget, setSwapTarget, swapping, pick, confirmSwap } = usePairingSwap(eventId, event, round, dispatch, nameOf);

  const playerCell = (id: PlayerId) => (
    <button
      type="button"
      class={`player-cell ${swapping ? 'pickable' : ''} ${swapFirst === id ? 'picked' : ''}`}
      onClick={() => pick(id)}
      disabled={!swapping}
      aria-pressed={swapping ? swapFirst === id : undefined}
    >
      <span class="player-name">{nameOf(id)}</span> {!knockout && tpBefore.has(id) && <span class="muted player-points">{pointsText(event, tpBefore.get(id)!, t, lang)}</span>}
      {detailOf(id) && <span class="player-detail">{detailOf(id)}</span>}
    </button>
  );

  // the tables, then the players with a bye
  const tableRows = useMemo((): Array<Pairing | PlayerId> => [...round.pairings, ...allByes(round)], [round]);

  return (
    <section class="pairings" aria-label={t('rounds.round', { n: round.number })}>
      <SortAndSwap sort={sort} setSort={setSort} canSwap={canSwap} swapping={swapping} onSwap={() => setSwapFirst(swapping ? undefined : null)} />
      {swapping && (
        <p class="swap-hint" role="status">
          {swapFirst ? t('rounds.swapPickSecond', { name: nameOf(swapFirst) }) : t('rounds.swapPick')}
        </p>
      )}
      {sort === 'table' ? (
        <VirtualRows
          items={tableRows}
          rowHeight={70}
          // a round's tables come a few a frame (see FIRST_FRAME_ROWS), a short one's too: a
          // table's row is ~25 layout objects, and the 32 tables of a knockout's fourth round,
          // drawn a screenful (9) at once, were a first frame of 350 objects (20-36 ms of layout
          // at CPU 4x) after a render of as many rows
          growBy={FIRST_FRAME_ROWS}
          // past a hall's size the screen around the tables is a slow tablet's frame already
          // (its render 25-30 ms at CPU 4x for Rackham's 512 players): its rows come a frame later
          rowsAfterFirstFrame={!smallEvent(event)}
          tableClass={`table pairings-table${started ? ' started' : ''}`}
          testId="pairings-table"
          scrollClass="vscroll pairings-scroll"
          // the head's classes give the columns their widths (the table's layout is fixed, see the CSS)
          head={<PairingsHead />}
          row={(p) =>
            typeof p === 'string' ? (
              <tr class="bye-row" key={`bye-${p}`}>
                <td>—</td>
                <td colSpan={4}>{swapping ? playerCell(p) : byeText(event, p, nameOf, t, lang)}</td>
              </tr>
            ) : (
              <tr key={p.table} data-table={p.table} class={p.result ? 'done' : ''}>
                <td class="table-no">{p.table}</td>
                <td>{playerCell(p.a)}</td>
                <td>{playerCell(p.b)}</td>
                <ResultCell event={event} round={round} p={p} disputed={disputed.get(p.table)} nameOf={nameOf} />
                <TableActions p={p} started={started} swapping={swapping} onEnterResult={onEnterResult} clockHref={clockHref} onTicket={onTicket} />
              </tr>
            )
          }
        />
      ) : (
        <ByNameTable event={event} round={round} testId="pairings-by-name" />
      )}
      {swapTarget && (
        <SwapConfirm
          event={event}
          target={swapTarget}
          nameOf={nameOf}
          onConfirm={() => void confirmSwap()}
          onCancel={() => {
            setSwapTarget(null);
            setSwapFirst(null);
          }}
        />
      )}
    </section>
  );
}

/** Swapping two players before the round starts: the first pick, the second, the confirmation with the pairing's warnings. */
function usePairingSwap(eventId: string | undefined, event: Props['event'], round: Props['round'], dispatch: Props['dispatch'], nameOf: (id: PlayerId) => string) {
  const { t } = useI18n();
  const { notify, engine, db } = useServices();
  const [swapFirst, setSwapFirst] = useState<PlayerId | null | undefined>(undefined); // undefined = not swapping
  const [swapTarget, setSwapTarget] = useState<{ a: PlayerId; b: PlayerId; warnings: PairingWarning[] } | null>(null);
  const swapping = swapFirst !== undefined;
  const [checking, setChecking] = useState(false);
  // the first pick as it stands now: a worker's answer for a pick since undone opens no dialog
  const first = useRef(swapFirst);
  first.current = swapFirst;

  const pick = (id: PlayerId): void => {
    if (!swapping) return;
    if (swapFirst === null) return setSwapFirst(id);
    if (swapFirst === id) return setSwapFirst(null);
    if (checking) return;
    const a = swapFirst;
    const here = (): PairingWarning[] => pairingWarningsOf(event, swapInRound(round, a, id));
    const show = (warnings: PairingWarning[]): void => {
      if (first.current === a) setSwapTarget({ a, b: id, warnings });
    };
    // the warnings read the standings before the round: past a hall's size, in the worker
    if (!eventId || smallEvent(event)) return show(here());
    setChecking(true);
    void engine
      .call('swapWarningsOf', [{ db: db.name, eventId, round: round.number, a, b: id }])
      .then((w) => show(w ?? here()))
      // no worker: right warnings late rather than none
      .catch(() => show(here()))
      .finally(() => setChecking(false));
  };

  const confirmSwap = async (): Promise<void> => {
    const target = swapTarget!;
    setSwapTarget(null);
    setSwapFirst(undefined);
    try {
      await dispatch({ type: 'pairings-swapped', round: round.number, a: target.a, b: target.b, warnings: target.warnings.map((w) => w.kind) });
      notify(t('rounds.swapDone', { a: nameOf(target.a), b: nameOf(target.b) }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
  };
  return { swapFirst, setSwapFirst, swapTarget, setSwapTarget, swapping, pick, confirmSwap };
}

/** Tables of this round with two results not yet settled (the fold counts neither): marked in their row, with how many. */
function useDisputedTables(eventId: string | undefined, event: Props['event'], round: number): ReadonlyMap<number, number> {
  const { db } = useServices();
  const [disputed, setDisputed] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (!eventId) return;
    let alive = true;
    void currentProjection(db, eventId).then((p) => {
      if (!alive) return;
      const open = (p?.conflicts ?? []).filter((c) => c.kind === 'result' && !c.resolvedBy && c.round === round);
      setDisputed(new Map(open.map((c) => [(c as { table: number }).table, c.entries.length])));
    });
    return () => {
      alive = false;
    };
  }, [db, eventId, event, round]);
  return disputed;
}

function PairingsHead() {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        <th scope="col" class="table-col">
          {t('rounds.table')}
        </th>
        <th scope="col">{t('rounds.playerA')}</th>
        <th scope="col">{t('rounds.playerB')}</th>
        <th scope="col">{t('rounds.result')}</th>
        <th scope="col" class="no-print actions-col">
          <span class="visually-hidden">{t('rounds.actions')}</span>
        </th>
      </tr>
    </thead>
  );
}

/** The table's result in words (or its two disputed results), and what the rules flag in it. */
function ResultCell({
  event,
  round,
  p,
  disputed,
  nameOf,
}: {
  event: Props['event'];
  round: Props['round'];
  p: Pairing;
  disputed: number | undefined;
  nameOf: (id: PlayerId) => string;
}) {
  const { t, lang } = useI18n();
  const flags = resultFlags(event, round, p, t, lang);
  return (
    <td class="result-cell">
      {disputed !== undefined ? (
        <span class="result-conflict" data-testid="result-conflict" title={t('rounds.conflictedHelp')}>
          ⚠ {t('rounds.conflicted', { n: disputed })}
        </span>
      ) : (
        resultSummary(event, p, nameOf, t, lang)
      )}
      {flags.length > 0 && (
        <span class="result-flag" data-testid="result-flag" title={flags.join(t('common.listSep'))}>
          ⚠ {t('rounds.flagged')}
          {t('common.colon')}
          {flags.join(t('common.listSep'))}
        </span>
      )}
    </td>
  );
}

/** Enter or correct the result; once the round runs, the table's clock and its ticket. */
function TableActions({
  p,
  started,
  swapping,
  onEnterResult,
  clockHref,
  onTicket,
}: { p: Pairing; started: boolean; swapping: boolean } & Pick<Props, 'onEnterResult' | 'clockHref' | 'onTicket'>) {
  const { t } = useI18n();
  return (
    <td class="no-print">
      <div class="table-actions">
        <button type="button" class={p.result ? 'btn result-btn' : 'btn primary result-btn'} onClick={() => onEnterResult(p)} disabled={swapping}>
          {p.result ? t('rounds.correct') : t('rounds.enter')}
        </button>
        {started && !p.result && clockHref && (
          <a class="btn" href={clockHref(p)} aria-label={t('table.pairings.clockOf', { table: p.table })}>
            ⏱ {t('table.pairings.clock')}
          </a>
        )}
        {started && !p.result && onTicket && (
          <button type="button" class="btn" onClick={() => onTicket(p)} aria-label={t('table.pairings.ticketOf', { table: p.table })}>
            {t('table.pairings.ticket')}
          </button>
        )}
      </div>
    </td>
  );
}

/** Each player's standings points before this round, in the system's own unit (SR2011 TP, CDR TP, LotR points...). */
function usePointsBefore(eventId: string | undefined, event: Props['event'], round: number, knockout: boolean): Map<PlayerId, number> {
  // every system's own standings unit (SR2011 TP, CDR TP, LotR points...); a bracket has none to show
  const before = useStandings(eventId ?? '', event, { before: round }, !knockout && eventId !== undefined).rows;
  return useMemo(() => {
    // no stored event (a test's): ranked in place; while the worker computes, no points rather than zeros
    const rows = before ?? (eventId === undefined && !knockout ? systemOf(event).computeStandings({ ...event, rounds: event.rounds.filter((r) => r.number < round) }) : []);
    return new Map(rows.map((r) => [r.id, r.points]));
  }, [before, event, round]);
}

/** Sort by table or by name; swap two players before the round starts. */
function SortAndSwap({
  sort,
  setSort,
  canSwap,
  swapping,
  onSwap,
}: {
  sort: PairingsSort;
  setSort: (sort: PairingsSort) => void;
  canSwap: boolean;
  swapping: boolean;
  onSwap: () => void;
}) {
  const { t } = useI18n();
  return (
    <div class="row no-print">
      <div class="segmented" role="radiogroup">
        {(['table', 'name'] as const).map((k) => (
          <button key={k} type="button" role="radio" aria-checked={sort === k} class={sort === k ? 'btn primary' : 'btn'} onClick={() => setSort(k)}>
            {t(k === 'table' ? 'rounds.sortTable' : 'rounds.sortName')}
          </button>
        ))}
      </div>
      {canSwap && (
        <button type="button" class="btn" onClick={onSwap}>
          {swapping ? t('rounds.swapCancel') : t('rounds.swap')}
        </button>
      )}
    </div>
  );
}

/** The swap asked, and what the rules say of the pairing it makes (or that it is fine). */
function SwapConfirm({
  event,
  target,
  nameOf,
  onConfirm,
  onCancel,
}: {
  event: EventFile;
  target: { a: PlayerId; b: PlayerId; warnings: PairingWarning[] };
  nameOf: (id: PlayerId) => string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, lang } = useI18n();
  // the gap in the event's own unit: SR2011 and CDR TP, LotR and Rackham points
  const warningText = (w: PairingWarning): string =>
    t(`rounds.warn.${w.kind}`, {
      table: w.table ?? '',
      a: nameOf(w.a),
      b: w.b ? nameOf(w.b) : '',
      gap: pointsText(event, w.gap ?? 0, t, lang),
      other: w.other ? nameOf(w.other) : '',
    });
  return (
    <ConfirmDialog
      message={`${t('rounds.swapConfirm', { a: nameOf(target.a), b: nameOf(target.b) })} ${
        target.warnings.length ? target.warnings.map(warningText).join(t('common.listSep')) : t('rounds.swapOk')
      }`}
      confirmLabel={t('common.confirm')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
