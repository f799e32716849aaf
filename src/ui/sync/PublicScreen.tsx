// The players' view on their own phones: reads the public document the organizer's device
// publishes (never the event's log), refreshes every 20 s, and finds a player by name. Whatever
// the address names is someone's server: the page says whose (its host, first thing on screen),
// shows only the app's own fields after checking them with the event file's limits, and says in
// words when it cannot (no answer in 10 s, not a view of this app, a field beyond its limits).
import { lightFormat } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import { parsePublicView, PUBLIC_VIEW_MAX_CHARS, type PublicView, type PublicViewProblem } from '../../domain/public-view';
import { SYSTEMS, type SystemId } from '../../domain/event-file/types';
import { systemFor, type GameSystem } from '../../domain/systems';
import { useI18n } from '../../i18n';
import { useSyncT, type SyncT } from '../../i18n/messages/sync';
import { checkServerUrl, hostOf, REQUEST_TIMEOUT_MS } from '../../store/sync-config';
import { SelfRegister } from './SelfRegister';
import { openRegistration } from './self-register-check';

const EVERY_MS = 20_000;
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The name of a scenario in the view's system, null when that system has no such scenario (a
 * server may send any system id and any text: only the app's own names are shown).
 */
const scenarioNameOf = (system: string, id: string, lang: 'fr' | 'en'): string | null => {
  const known = (SYSTEMS as readonly string[]).includes(system) ? (systemFor(system as SystemId) as GameSystem) : null;
  return known?.scenarioName?.(id, lang) ?? null;
};
/** The view is read before its system: a scenario is kept when one of the app's systems knows it. */
const knownScenario = (id: string): boolean => SYSTEMS.some((system) => scenarioNameOf(system, id, 'en') !== null);

type State = { kind: 'loading' } | { kind: 'ok' } | { kind: 'missing' } | { kind: 'unreachable' } | { kind: 'timeout' } | { kind: 'invalid'; problem: PublicViewProblem };

/** The public database's address from the route: http(s), a host, a database, no credentials. */
export function publicSource(source: string): string | null {
  const checked = checkServerUrl(source);
  if (!checked.ok || !/\/[^/]+$/.test(new URL(checked.url).pathname)) return null;
  return checked.url;
}

/** The body as text, read no further than the largest view (a server may send gigabytes). */
async function boundedText(res: Response, max: number): Promise<string | null> {
  if (!res.body) {
    const t = await res.text();
    return t.length > max ? null : t;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (text.length > max) {
      void reader.cancel().catch(() => undefined);
      return null;
    }
  }
}

function problemText(st: SyncT, p: PublicViewProblem): string {
  return st('public.invalid', { why: p.why === 'field' ? st('public.why.field', { field: p.field }) : st(`public.why.${p.why}`) });
}

/** One reading of the public document: the screen's state and, when it passed the checks, the view. */
async function loadPublicView(url: string): Promise<{ next: State; read: PublicView | null }> {
  const abort = new AbortController();
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, REQUEST_TIMEOUT_MS);
  let next: State;
  let read: PublicView | null = null;
  try {
    const res = await fetch(`${url}/event`, { headers: { Accept: 'application/json' }, cache: 'no-store', credentials: 'omit', signal: abort.signal });
    if (res.status === 404) next = { kind: 'missing' };
    else if (!res.ok) next = { kind: 'unreachable' };
    else {
      const text = await boundedText(res, PUBLIC_VIEW_MAX_CHARS);
      const parsed = text === null ? ({ ok: false, problem: { why: 'size' } } as const) : parsePublicView(text, knownScenario);
      if (parsed.ok) {
        read = parsed.view;
        next = { kind: 'ok' };
      } else next = { kind: 'invalid', problem: parsed.problem };
    }
  } catch {
    next = timedOut ? { kind: 'timeout' } : { kind: 'unreachable' };
  } finally {
    clearTimeout(limit);
  }
  return { next, read };
}

/** The public document read now and every 20 s while the screen shows this address. */
function usePublicView(url: string | null): { view: PublicView | null; state: State } {
  const [view, setView] = useState<PublicView | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!url) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout>;
    const load = async (): Promise<void> => {
      const { next, read } = await loadPublicView(url);
      if (!alive) return;
      // only data that passed the checks is ever shown; a bad answer takes the old one away too
      if (next.kind === 'ok' || next.kind === 'invalid' || next.kind === 'missing') setView(read);
      setState(next);
      timer = setTimeout(() => void load(), EVERY_MS);
    };
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [url]);
  return { view, state };
}

export function PublicScreen({ source }: { source: string }) {
  const st = useSyncT();
  const url = publicSource(source);
  const { view, state } = usePublicView(url);
  const [query, setQuery] = useState('');
  const [registering, setRegistering] = useState(false);
  const { t } = useI18n();
  const host = url ? hostOf(url) : null;

  if (!url)
    return (
      <main class="public" data-testid="public-view">
        <h1>{st('public.title')}</h1>
        <p class="error" role="alert" data-testid="public-problem">
          {st('public.badSource')}
        </p>
      </main>
    );

  const signup = view ? openRegistration(view.system, view.registration) : null;
  const q = fold(query.trim());
  const match = (name: string): boolean => q !== '' && fold(name).includes(q);
  const round = view?.round ?? null;
  const tables = round ? round.tables.filter((tb) => !q || match(tb.a) || match(tb.b)) : [];
  const standings = view ? view.standings.filter((r) => !q || match(r.name)) : [];
  return (
    <main class="public" data-testid="public-view">
      <p class="public-source" data-testid="public-source">
        <strong>{st('public.source', { host: host! })}</strong>
        <br />
        <span class="muted">{st('public.sourceHelp')}</span>
      </p>
      <h1>{view?.name ?? st('public.title')}</h1>
      {state.kind === 'loading' && <p>{st('public.loading')}</p>}
      {state.kind === 'missing' && <p>{st('public.missing')}</p>}
      {(state.kind === 'unreachable' || state.kind === 'timeout' || state.kind === 'invalid') && (
        <p class="error" role="alert" data-testid="public-problem">
          {state.kind === 'invalid' ? problemText(st, state.problem) : st(state.kind === 'timeout' ? 'public.timeout' : 'public.unreachable')}
        </p>
      )}
      {view && (
        <>
          <p class="muted">{st('public.updated', { time: lightFormat(view.updatedAt, 'HH:mm') })}</p>
          {signup &&
            (registering ? (
              <SelfRegister system={signup.system} registration={signup.registration} onClose={() => setRegistering(false)} />
            ) : (
              <button type="button" class="btn primary big" onClick={() => setRegistering(true)}>
                {t('selfReg.open')}
              </button>
            ))}
          <label>
            {st('public.search')}
            <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} autoComplete="off" />
          </label>
          {round && <PublicRound system={view.system} round={round} tables={tables} match={match} noMatch={q !== '' && tables.length === 0 && standings.length === 0} />}
          {view.standingsAfter > 0 && <PublicStandings after={view.standingsAfter} rows={standings} match={match} />}
        </>
      )}
    </main>
  );
}

type PublicRoundView = NonNullable<PublicView['round']>;

/** The round's pairings, the searched player's table marked. */
function PublicRound({
  system,
  round,
  tables,
  match,
  noMatch,
}: {
  system: string;
  round: PublicRoundView;
  tables: PublicRoundView['tables'];
  match: (name: string) => boolean;
  noMatch: boolean;
}) {
  const st = useSyncT();
  const { lang } = useI18n();
  const scenario = round.scenario ? scenarioNameOf(system, round.scenario, lang) : null;
  return (
    <section aria-label={st('public.round', { n: round.number })}>
      <h2>{st('public.round', { n: round.number })}</h2>
      <p>
        {round.startedAt !== null ? st('public.startedAt', { time: lightFormat(round.startedAt, 'HH:mm') }) : st('public.notStarted')}
        {round.baseMinutes !== null && <> · {st('public.base', { min: round.baseMinutes })}</>}
      </p>
      {scenario !== null && <p data-testid="public-scenario">{st('public.scenario', { name: scenario })}</p>}
      <table data-testid="public-pairings">
        <thead>
          <tr>
            <th>{st('public.table')}</th>
            <th colSpan={3}>{st('public.name')}</th>
          </tr>
        </thead>
        <tbody>
          {tables.map((tb) => (
            <tr key={tb.table} class={match(tb.a) || match(tb.b) ? 'mine' : ''}>
              <td>{tb.table}</td>
              <td>{tb.a}</td>
              <td class="muted">{st('public.vs')}</td>
              <td>{tb.b}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {noMatch && <p>{st('public.noMatch')}</p>}
      {round.bye.length > 0 && <p>{st('public.bye', { names: round.bye.join(', ') })}</p>}
    </section>
  );
}

/** The standings after the last round counted, the searched player's row marked. */
function PublicStandings({ after, rows, match }: { after: number; rows: PublicView['standings']; match: (name: string) => boolean }) {
  const st = useSyncT();
  return (
    <section aria-label={st('public.standings', { n: after })}>
      <h2>{st('public.standings', { n: after })}</h2>
      <table data-testid="public-standings">
        <thead>
          <tr>
            <th>{st('public.rank')}</th>
            <th>{st('public.name')}</th>
            <th>{st('public.points')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} class={match(r.name) ? 'mine' : ''}>
              <td>{r.rank}</td>
              <td>{r.name}</td>
              <td>{String(r.points).replace('.', ',')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
