// Several devices write the same event offline; their logs are merged as a set union. Every
// device then folds the same entries in one total order (Lamport clock, then device id, then the
// writer's own sequence), so all converge to the same event. What a merge can break is not
// resolved here: it is derived as a conflict, shown, and settled by a logged `conflict-resolved`.
import type { EventFile, GameResult, Pairing, PlayerId } from '../event-file/types';
import type { Action, LogEntry } from './actions';
import { applyAction, FoldError, rebaseAction } from './fold';
import { entryKey, lamportOf, originOf } from './keys';

export { entryKey, lamportOf, originOf };

export function compareEntries(x: LogEntry, y: LogEntry): number {
  return lamportOf(x) - lamportOf(y) || (x.deviceId < y.deviceId ? -1 : x.deviceId > y.deviceId ? 1 : 0) || originOf(x) - originOf(y);
}

/** The one order every device folds in, whatever order the entries arrived in. */
export function inMergeOrder(entries: readonly LogEntry[]): LogEntry[] {
  // A log written on one device is already in order: skip the sort in the common case.
  for (let i = 1; i < entries.length; i++) if (compareEntries(entries[i - 1]!, entries[i]!) > 0) return [...entries].sort(compareEntries);
  return entries as LogEntry[];
}

/**
 * Had the writer of `later` seen `earlier` when deciding? On one device every earlier entry was
 * seen (two tabs are kept honest by the store's own stale-write rule); across devices the entry's
 * `seen` vector says how far it had read each other device's log.
 */
export function knows(later: LogEntry, earlier: LogEntry): boolean {
  if (later.deviceId === earlier.deviceId) return originOf(later) > originOf(earlier);
  return (later.seen?.[earlier.deviceId] ?? 0) >= originOf(earlier);
}

export const concurrent = (x: LogEntry, y: LogEntry): boolean => !knows(x, y) && !knows(y, x);

export type Conflict =
  /** two devices recorded different results for one table without seeing each other's */
  | { kind: 'result'; id: string; round: number; table: number; entries: string[]; results: (GameResult | null)[]; resolvedBy: string | null }
  /** two devices paired the same round; `held` are entries made on the pairing not shown */
  | { kind: 'pairing'; id: string; round: number; entries: string[]; held: string[]; resolvedBy: string | null }
  /** a player dropped on one device while another device paired them in a later round */
  | { kind: 'drop'; id: string; round: number; player: PlayerId; entries: string[]; resolvedBy: string | null };

export interface FoldResult {
  event: EventFile | null;
  conflicts: Conflict[];
  /** entries that did not apply to the merged state (e.g. a round deleted on another device), with why */
  unapplied: { key: string; code: string }[];
  /** entries a resolution set aside: still in the log, no longer counted */
  setAside: string[];
}

/**
 * The entries that still count: an undo cancels its target, and an undo of an undo restores it
 * (redo), so walking backwards decides each entry once. Expects merge order.
 */
export function activeInOrder(ordered: readonly LogEntry[]): LogEntry[] {
  const cancelled = new Set<string>();
  const active: LogEntry[] = [];
  for (let i = ordered.length - 1; i >= 0; i--) {
    const e = ordered[i]!;
    if (cancelled.has(entryKey(e))) continue;
    if (e.action.type === 'action-undone') cancelled.add(e.action.target ?? `${e.deviceId}:${e.action.seq}`);
    else active.push(e);
  }
  return active.reverse();
}

/** The round an action acts on, if any: entries on a pairing that is not the one shown wait. */
function roundOf(a: Action): number | null {
  switch (a.type) {
    case 'round-updated':
    case 'round-deleted':
      return a.number;
    case 'pairings-swapped':
    case 'result-recorded':
    case 'result-corrected':
      return a.round;
    default:
      return null;
  }
}

const sameResult = (x: GameResult | null | undefined, y: GameResult | null | undefined): boolean => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);

/**
 * The fold's first pass: the organizer's choices, so the second pass can leave the set-aside
 * sides out. `resolvedBy` names the latest resolution of a conflict whose writer had seen every
 * member still in the log.
 */
function gatherResolutions(active: readonly LogEntry[], byKey: Map<string, LogEntry>): Pick<Gathered, 'setAside' | 'resolutions' | 'resolvedBy'> {
  const setAside = new Set<string>();
  const resolutions = new Map<string, LogEntry[]>();
  for (const e of active) {
    if (e.action.type !== 'conflict-resolved') continue;
    for (const k of e.action.setAside) setAside.add(k);
    resolutions.set(e.action.conflict, [...(resolutions.get(e.action.conflict) ?? []), e]);
  }
  const resolvedBy = (id: string, members: string[]): string | null => {
    const rs = resolutions.get(id) ?? [];
    for (let i = rs.length - 1; i >= 0; i--) {
      const r = rs[i]!;
      if (
        members.every((m) => {
          const me = byKey.get(m);
          return !me || knows(r, me);
        })
      )
        return entryKey(r);
    }
    return null;
  };
  return { setAside, resolutions, resolvedBy };
}

type Rename = { entry: LogEntry; rival: LogEntry; from: string; to: string };

/**
 * A registration that took a number another device had taken meanwhile is renamed, as one
 * device's store does, and remembered in `renames` so the entries written after it follow.
 */
function rebaseRegistration(state: EventFile | null, e: LogEntry, registeredBy: Map<string, LogEntry>, renames: Rename[]): LogEntry {
  if (e.action.type !== 'player-registered' || !state) return e;
  const rebased = rebaseAction(state, e.action);
  if (rebased === e.action || rebased.type !== 'player-registered') return e;
  const rival =
    registeredBy.get(e.action.player.id) ??
    [...registeredBy.values()].find((x) => x.action.type === 'player-registered' && x.action.player.number === (e.action as { player: { number: number } }).player.number);
  if (!rival || !concurrent(rival, e)) return e;
  renames.push({ entry: e, rival, from: e.action.player.id, to: rebased.player.id });
  return { ...e, action: rebased };
}

export function foldDetailed(entries: readonly LogEntry[]): FoldResult {
  const active = activeInOrder(inMergeOrder(entries));
  const byKey = new Map(active.map((e) => [entryKey(e), e]));
  const { setAside, resolutions, resolvedBy } = gatherResolutions(active, byKey);

  let state: EventFile | null = null;
  const unapplied: FoldResult['unapplied'] = [];
  /** per round: the round-paired entry shown, and every round-paired entry seen for it */
  const shownPairing = new Map<number, LogEntry>();
  const pairingsOf = new Map<number, LogEntry[]>();
  const held = new Map<number, string[]>();
  /** per `round:table`: the result entries no later result entry had seen (more than one = conflict) */
  const resultHeads = new Map<string, LogEntry[]>();
  const resultConflicts = new Map<string, Set<string>>();
  const drops: LogEntry[] = [];
  /** registrations that took a number another device had taken meanwhile: renamed, as one device's store does */
  const renames: Rename[] = [];
  const registeredBy = new Map<string, LogEntry>();
  const dropConflicts = new Map<string, { round: number; player: string; entries: Set<string> }>();

  for (const entry of active) {
    const key = entryKey(entry);
    if (setAside.has(key)) continue;
    let e = entry;
    // Entries written on a device that registered a player under an id another device also used
    // mean the renamed player, unless their writer had seen both registrations.
    for (const r of renames) if (knows(e, r.entry) && !knows(e, r.rival)) e = { ...e, action: renameIn(e.action, r.from, r.to) };
    e = rebaseRegistration(state, e, registeredBy, renames);
    if (e.action.type === 'player-registered') registeredBy.set(e.action.player.id, e);
    const a = e.action;
    const round = roundOf(a);
    if (round !== null) {
      // The pairing this entry was decided on: the latest pairing of that round its writer had seen.
      const basis = (pairingsOf.get(round) ?? []).filter((p) => p === e || knows(e, p)).pop();
      const shown = shownPairing.get(round);
      if (basis && shown && basis !== shown && !setAside.has(entryKey(basis))) {
        held.set(round, [...(held.get(round) ?? []), key]);
        continue;
      }
    }
    if (a.type === 'round-paired') {
      const n = a.round.number;
      const others = pairingsOf.get(n) ?? [];
      pairingsOf.set(n, [...others, e]);
      const shown = shownPairing.get(n);
      if (shown && state?.rounds.some((r) => r.number === n) && concurrent(shown, e)) {
        // Two pairings of one round: the first in merge order is shown until the organizer picks.
        continue;
      }
      for (const d of drops) noteDropConflict(dropConflicts, d, e, n, e);
    }
    if (a.type === 'player-dropped') {
      drops.push(e);
      for (const [n, ps] of pairingsOf) {
        if (n <= a.afterRound) continue;
        for (const p of ps) if (!setAside.has(entryKey(p))) noteDropConflict(dropConflicts, e, p, n, e);
      }
    }
    if (a.type === 'result-recorded' || a.type === 'result-corrected') noteResultHead(resultHeads, resultConflicts, e, `${a.round}:${a.table}`);
    try {
      state = applyAction(state, a);
      if (a.type === 'round-paired') shownPairing.set(a.round.number, e);
      if (a.type === 'round-deleted') shownPairing.delete(a.number);
    } catch (err) {
      if (!(err instanceof FoldError)) throw err;
      unapplied.push({ key, code: err.code });
    }
  }

  const conflicts = listConflicts({ active, byKey, setAside, resolutions, resolvedBy, pairingsOf, shownPairing, held, resultHeads, resultConflicts, dropConflicts });
  conflicts.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return { event: state && withoutDisputedResults(state, conflicts), conflicts, unapplied, setAside: [...setAside].filter((k) => byKey.has(k)).sort() };
}

/**
 * A drop and a pairing of a later round written concurrently, the pairing seating the dropped
 * player: one conflict per player and round, holding both entries (the one met earlier first,
 * then `current`, the entry being folded).
 */
function noteDropConflict(dropConflicts: Gathered['dropConflicts'], drop: LogEntry, pairing: LogEntry, n: number, current: LogEntry): void {
  if (drop.action.type !== 'player-dropped' || pairing.action.type !== 'round-paired') return;
  if (drop.action.afterRound >= n || !concurrent(drop, pairing)) return;
  const pid = drop.action.id;
  const r = pairing.action.round;
  if (!r.pairings.some((x) => x.a === pid || x.b === pid) && r.bye !== pid) return;
  const id = `drop:${pid}:${n}`;
  const c = dropConflicts.get(id) ?? { round: n, player: pid, entries: new Set<string>() };
  const earlier = current === drop ? pairing : drop;
  c.entries.add(entryKey(earlier)).add(entryKey(current));
  dropConflicts.set(id, c);
}

/** The result entries of a table no later one had seen; more than one with different results is a conflict. */
function noteResultHead(resultHeads: Gathered['resultHeads'], resultConflicts: Gathered['resultConflicts'], e: LogEntry, tk: string): void {
  const heads = [...(resultHeads.get(tk) ?? []).filter((h) => !knows(e, h)), e];
  resultHeads.set(tk, heads);
  const results = heads.map((h) => (h.action as { result: GameResult | null }).result);
  if (heads.length > 1 && results.some((r) => !sameResult(r, results[0]))) {
    const c = resultConflicts.get(tk) ?? new Set<string>();
    for (const h of heads) c.add(entryKey(h));
    resultConflicts.set(tk, c);
  }
}

/** What foldDetailed's pass gathered, from which the conflicts are listed. */
interface Gathered {
  active: LogEntry[];
  byKey: Map<string, LogEntry>;
  setAside: Set<string>;
  resolutions: Map<string, LogEntry[]>;
  resolvedBy: (id: string, members: string[]) => string | null;
  pairingsOf: Map<number, LogEntry[]>;
  shownPairing: Map<number, LogEntry>;
  held: Map<number, string[]>;
  resultHeads: Map<string, LogEntry[]>;
  resultConflicts: Map<string, Set<string>>;
  dropConflicts: Map<string, { round: number; player: string; entries: Set<string> }>;
}

/** Every conflict: two pairings of a round, two results of a table, a drop against a pairing, and the ones settled since. */
function listConflicts({ active, byKey, setAside, resolutions, resolvedBy, pairingsOf, shownPairing, held, resultHeads, resultConflicts, dropConflicts }: Gathered): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const [n, ps] of pairingsOf) {
    const live = ps.filter((p) => !setAside.has(entryKey(p)));
    const shown = shownPairing.get(n);
    const rivals = shown ? live.filter((p) => p !== shown && concurrent(p, shown)) : [];
    const setAsideRivals = ps.filter((p) => setAside.has(entryKey(p)));
    if (rivals.length === 0 && setAsideRivals.length === 0) continue;
    const members = [...(shown ? [shown] : []), ...rivals, ...setAsideRivals].map(entryKey);
    const id = `pairing:${n}`;
    conflicts.push({ kind: 'pairing', id, round: n, entries: members, held: held.get(n) ?? [], resolvedBy: rivals.length ? null : resolvedBy(id, members) });
  }
  for (const [tk, keys] of resultConflicts) {
    const [round, table] = tk.split(':').map(Number) as [number, number];
    const members = [...keys];
    const id = `result:${tk}`;
    const liveHeads = (resultHeads.get(tk) ?? []).length;
    conflicts.push({
      kind: 'result',
      id,
      round,
      table,
      entries: members,
      results: members.map((k) => (byKey.get(k)?.action as { result?: GameResult | null } | undefined)?.result ?? null),
      resolvedBy: liveHeads > 1 ? null : (resolvedBy(id, members) ?? laterCorrection(active, members, byKey, round, table)),
    });
  }
  for (const [id, c] of dropConflicts) {
    const members = [...c.entries];
    conflicts.push({ kind: 'drop', id, round: c.round, player: c.player, entries: members, resolvedBy: resolvedBy(id, members) });
  }
  // A settled conflict whose other side is set aside is no longer derived from the entries that
  // count: list it from the resolution, so the organizer still sees what was chosen.
  for (const [id, rs] of resolutions) {
    if (conflicts.some((c) => c.id === id)) continue;
    const r = rs[rs.length - 1]!;
    if (r.action.type !== 'conflict-resolved') continue;
    const members = [r.action.keep, ...r.action.setAside];
    const [kind, x, y] = id.split(':') as [string, string, string];
    const by = entryKey(r);
    if (kind === 'result') {
      const results = members.map((k) => (byKey.get(k)?.action as { result?: GameResult | null } | undefined)?.result ?? null);
      conflicts.push({ kind: 'result', id, round: Number(x), table: Number(y), entries: members, results, resolvedBy: by });
    } else if (kind === 'pairing') conflicts.push({ kind: 'pairing', id, round: Number(x), entries: members, held: [], resolvedBy: by });
    else if (kind === 'drop') conflicts.push({ kind: 'drop', id, round: Number(y), player: x, entries: members, resolvedBy: by });
  }
  return conflicts;
}

/**
 * A table with two results not yet settled has no result in the event: whichever came last in
 * merge order is no truer than the other, so neither counts in a round's progress, its closing or
 * the standings until the organizer picks (the conflict lists both; the rounds screen marks the row).
 */
function withoutDisputedResults(event: EventFile, conflicts: readonly Conflict[]): EventFile {
  const open = new Set(conflicts.filter((c) => c.kind === 'result' && !c.resolvedBy).map((c) => `${(c as { round: number }).round}:${(c as { table: number }).table}`));
  if (open.size === 0) return event;
  return {
    ...event,
    rounds: event.rounds.map((r) =>
      r.pairings.some((p) => p.result !== undefined && open.has(`${r.number}:${p.table}`))
        ? { ...r, pairings: r.pairings.map((p) => (p.result !== undefined && open.has(`${r.number}:${p.table}`) ? withoutResult(p) : p)) }
        : r,
    ),
  };
}

function withoutResult(p: Pairing): Pairing {
  const { result: _disputed, ...rest } = p;
  return rest as Pairing;
}

/** The same action with a player id renamed wherever it appears as a whole value. */
function renameIn<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) return value.map((v) => renameIn(v, from, to)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameIn(v, from, to)])) as T;
  return value;
}

/** The entries that still count, in merge order (undo, redo, several devices). */
export function activeEntries(entries: readonly LogEntry[]): LogEntry[] {
  return activeInOrder(inMergeOrder(entries));
}

/** The event as the log says; entries a merge made inapplicable are left out (foldDetailed lists them). */
export function foldLog(entries: readonly LogEntry[]): EventFile | null {
  return foldDetailed(entries).event;
}

/**
 * The entry an "undo" button would cancel: the latest one still active, never the creation. With
 * `deviceId`, the latest this device wrote: an undo must not cancel what a colleague's tablet did.
 */
export function lastUndoable(entries: readonly LogEntry[], deviceId?: string): LogEntry | null {
  const active = activeEntries(entries).filter((e) => deviceId === undefined || e.deviceId === deviceId);
  const last = active[active.length - 1];
  if (!last || last.action.type === 'event-created' || last.action.type === 'event-imported') return null;
  return last;
}

/** A result corrected by someone who had seen every side of the conflict settles it too. */
function laterCorrection(active: LogEntry[], members: string[], byKey: Map<string, LogEntry>, round: number, table: number): string | null {
  const ms = members.map((m) => byKey.get(m)).filter((m): m is LogEntry => !!m);
  for (let i = active.length - 1; i >= 0; i--) {
    const e = active[i]!;
    const a = e.action;
    if ((a.type === 'result-corrected' || a.type === 'result-recorded') && a.round === round && a.table === table && ms.every((m) => knows(e, m))) return entryKey(e);
  }
  return null;
}
