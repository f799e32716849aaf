// The players' view on their own phones: reads the public document the organizer's device
// publishes (never the event's log), refreshes every 20 s, and finds a player by name.
import { lightFormat } from 'date-fns';
import { useEffect, useState } from 'preact/hooks';
import type { PublicView } from '../../domain/public-view';
import { scenarioName } from '../../domain/sr2011/scenarios';
import { useI18n } from '../../i18n';
import { useSyncT } from '../../i18n/messages/sync';
import { SelfRegister } from './SelfRegister';
import { openRegistration } from './self-register-check';

const EVERY_MS = 20_000;
const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function PublicScreen({ source }: { source: string }) {
  const st = useSyncT();
  const { lang } = useI18n();
  const [view, setView] = useState<PublicView | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'missing' | 'unreachable'>('loading');
  const [query, setQuery] = useState('');
  const [registering, setRegistering] = useState(false);
  const { t } = useI18n();

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout>;
    const load = async (): Promise<void> => {
      try {
        const res = await fetch(`${source.replace(/\/+$/, '')}/event`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
        if (!alive) return;
        if (res.status === 404) setState('missing');
        else if (!res.ok) setState('unreachable');
        else {
          setView((await res.json()) as PublicView);
          setState('ok');
        }
      } catch {
        if (alive) setState('unreachable');
      }
      if (alive) timer = setTimeout(() => void load(), EVERY_MS);
    };
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [source]);

  const signup = view ? openRegistration(view.system, view.registration) : null;
  const q = fold(query.trim());
  const match = (name: string): boolean => q !== '' && fold(name).includes(q);
  const round = view?.round ?? null;
  const tables = round ? round.tables.filter((tb) => !q || match(tb.a) || match(tb.b)) : [];
  const standings = view ? view.standings.filter((r) => !q || match(r.name)) : [];
  return (
    <main class="public" data-testid="public-view">
      <h1>{view?.name ?? st('public.title')}</h1>
      {state === 'loading' && <p>{st('public.loading')}</p>}
      {state === 'missing' && <p>{st('public.missing')}</p>}
      {state === 'unreachable' && (
        <p class="error" role="alert">
          {st('public.unreachable')}
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
          {round && (
            <section aria-label={st('public.round', { n: round.number })}>
              <h2>{st('public.round', { n: round.number })}</h2>
              <p>
                {round.startedAt !== null ? st('public.startedAt', { time: lightFormat(round.startedAt, 'HH:mm') }) : st('public.notStarted')}
                {round.baseMinutes !== null && <> · {st('public.base', { min: round.baseMinutes })}</>}
              </p>
              {round.scenario && <p data-testid="public-scenario">{st('public.scenario', { name: scenarioName(round.scenario, lang) })}</p>}
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
              {q && tables.length === 0 && standings.length === 0 && <p>{st('public.noMatch')}</p>}
              {round.bye.length > 0 && <p>{st('public.bye', { names: round.bye.join(', ') })}</p>}
            </section>
          )}
          {view.standingsAfter > 0 && (
            <section aria-label={st('public.standings', { n: view.standingsAfter })}>
              <h2>{st('public.standings', { n: view.standingsAfter })}</h2>
              <table data-testid="public-standings">
                <thead>
                  <tr>
                    <th>{st('public.rank')}</th>
                    <th>{st('public.name')}</th>
                    <th>{st('public.points')}</th>
                  </tr>
                </thead>
                <tbody>
                  {standings.map((r) => (
                    <tr key={r.number} class={match(r.name) ? 'mine' : ''}>
                      <td>{r.rank}</td>
                      <td>{r.name}</td>
                      <td>{String(r.points).replace('.', ',')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </main>
  );
}
