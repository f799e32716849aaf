import { useEffect, useMemo, useState } from 'preact/hooks';
import { I18nContext, translator, type Lang, type MessagePack } from '../i18n';
import { parseRoute, useRoute, type EventTab } from './router';
import { useScreenTitle } from './screen-title';
import { lazyScreen } from './lazy';
import { CAMPAIGN_ROUTES } from './systems/campaigns';
import { preloadTab } from './screens/event/tabs';
import { Home } from './screens/Home';
import { Settings } from './screens/Settings';
import { ServicesContext, type Services } from './services';
import { UpdateBanner, type UpdateState } from './components/UpdateBanner';
import { OfflineReadyBanner } from './components/OfflineReady';
import { OfflineContext, type OfflineState } from './offline';

/** The message modules each lazily loaded screen speaks (beyond the start-up ones); checked
 * against the screens' sources by tests/ui/i18n-packs.test.ts. */
export const SCREEN_MESSAGES = {
  event: ['players', 'results', 'rounds', 'standings', 'settings', 'table', 'systemsTools', 'guide'],
  projector: ['players', 'results', 'rounds', 'standings', 'settings', 'table', 'systemsTools', 'guide'],
  table: ['players', 'results', 'rounds', 'standings', 'settings', 'table', 'systemsTools', 'guide'],
  campaign: ['campaign'],
} as const satisfies Record<string, readonly MessagePack[]>;

const EventScreen = lazyScreen<{ id: string; tab: EventTab }>(() => import('./screens/Event').then((m) => m.EventScreen), SCREEN_MESSAGES.event);
const Projector = lazyScreen<{ id: string; what: 'pairings' | 'standings' }>(() => import('./screens/Projector').then((m) => m.Projector), SCREEN_MESSAGES.projector);
const TableHome = lazyScreen<object>(() => import('./screens/table/TableScreens').then((m) => m.TableHome), SCREEN_MESSAGES.table);
const TableGameScreen = lazyScreen<{ id: string }>(() => import('./screens/table/TableScreens').then((m) => m.TableGameScreen), SCREEN_MESSAGES.table);
const OrganizerTable = lazyScreen<{ id: string; round: number; table: number }>(() => import('./screens/table/TableScreens').then((m) => m.OrganizerTable), SCREEN_MESSAGES.table);
const JoinEvent = lazyScreen<object>(() => import('./sync/JoinEvent').then((m) => m.JoinEvent));
const PublicScreen = lazyScreen<{ source: string }>(() => import('./sync/PublicScreen').then((m) => m.PublicScreen));
const CampaignHome = lazyScreen<object>(() => CAMPAIGN_ROUTES.load().then((m) => m.CampaignHome), SCREEN_MESSAGES.campaign);
const CampaignScreen = lazyScreen<{ id: string }>(() => CAMPAIGN_ROUTES.load().then((m) => m.CampaignScreen), SCREEN_MESSAGES.campaign);

/** The chunks of the screen `hash` opens, loading from now on (see lazyScreen's preload). */
export function preloadScreenOf(hash: string): void {
  const route = parseRoute(hash);
  const screen = { event: EventScreen, projector: Projector, 'table-home': TableHome, 'table-game': TableGameScreen, 'event-table': OrganizerTable } as const;
  if (route.name in screen) screen[route.name as keyof typeof screen].preload();
  // the event screen's tabs are chunks of their own: the one in the address loads with it
  if (route.name === 'event') preloadTab(route.tab);
}

export interface AppProps {
  services: Omit<Services, 'notify'>;
  initialLang: Lang;
  onLangChange?: (lang: Lang) => void;
  update?: UpdateState;
  /** service-worker precache state; absent where the app runs without one (tests) */
  offline?: OfflineState;
  /** IndexedDB unavailable: everything lives in memory until the page closes */
  memoryOnly?: boolean;
}

interface Status {
  text: string;
  kind: 'info' | 'error';
  id: number;
}

export function App({ services, initialLang, onLangChange, update, offline, memoryOnly }: AppProps) {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const [status, setStatus] = useState<Status | null>(null);
  const route = useRoute();
  const i18n = useMemo(
    () => ({
      lang,
      t: translator(lang),
      setLang: (l: Lang) => {
        setLangState(l);
        document.documentElement.lang = l;
        onLangChange?.(l);
      },
    }),
    [lang, onLangChange],
  );
  const full = useMemo<Services>(() => ({ ...services, notify: (text, kind = 'info') => setStatus({ text, kind, id: Date.now() }) }), [services]);
  const { t } = i18n;
  useScreenTitle(route, t);
  // a table's clock and the projector take the whole screen: nothing may hide the time
  const fullScreen = route.name === 'projector' || route.name === 'table-game' || route.name === 'event-table' || route.name === 'public';
  // Information fades; an error stays until the next message so nobody misses it.
  useEffect(() => {
    if (!status || status.kind === 'error') return;
    const timer = setTimeout(() => setStatus(null), 6000);
    return () => clearTimeout(timer);
  }, [status]);

  // Messages never cover a control (issue 12): on every screen with the top bar they sit in its
  // free middle, which holds no control; full-screen views (projector, table) let taps through.
  const statusBox = (cls: string) => (
    <div class={`${cls} ${status?.kind ?? ''}`} role={status?.kind === 'error' ? 'alert' : 'status'} aria-live="polite" key={status?.id} title={status?.text}>
      {status?.text}
    </div>
  );

  return (
    <I18nContext.Provider value={i18n}>
      <ServicesContext.Provider value={full}>
        <OfflineContext.Provider value={offline ?? null}>
          {!fullScreen && <TopBar routeName={route.name} i18n={i18n} status={statusBox('status')} />}
          {update && !fullScreen && <UpdateBanner update={update} />}
          {!fullScreen && <OfflineReadyBanner />}
          {!fullScreen && window.isSecureContext === false && (
            <div class="banner" role="status" data-testid="insecure-context">
              {t('app.insecureContext')}
            </div>
          )}
          {memoryOnly && (
            <div class="banner danger-banner" role="alert" data-testid="memory-only">
              {t('storage.memoryOnly')}
            </div>
          )}
          {route.name === 'home' && <Home />}
          {route.name === 'settings' && <Settings />}
          {route.name === 'campaigns' && <CampaignHome />}
          {route.name === 'campaign' && <CampaignScreen key={route.id} id={route.id} />}
          {route.name === 'event' && <EventScreen key={route.id} id={route.id} tab={route.tab} />}
          {route.name === 'join' && <JoinEvent />}
          {route.name === 'public' && <PublicScreen key={route.source} source={route.source} />}
          {route.name === 'projector' && <Projector key={route.id} id={route.id} what={route.what} />}
          {route.name === 'table-home' && <TableHome />}
          {route.name === 'table-game' && <TableGameScreen key={route.id} id={route.id} />}
          {route.name === 'event-table' && <OrganizerTable key={`${route.id}:${route.round}:${route.table}`} id={route.id} round={route.round} table={route.table} />}
          {fullScreen && route.name !== 'projector' && statusBox('status floating')}
        </OfflineContext.Provider>
      </ServicesContext.Provider>
    </I18nContext.Provider>
  );
}

/** The top bar: the brand, the status messages in its free middle, the main links and the language. */
function TopBar({
  routeName,
  i18n,
  status,
}: {
  routeName: ReturnType<typeof useRoute>['name'];
  i18n: { lang: Lang; t: ReturnType<typeof translator>; setLang: (l: Lang) => void };
  status: preact.JSX.Element;
}) {
  const { lang, t } = i18n;
  return (
    <header class="topbar">
      <a href="#/" class="brand">
        <img src="icons/icon-192.png" alt="" width={36} height={36} />
        {t('app.title')}
      </a>
      {status}
      <nav class="row">
        <a class={routeName === 'home' ? 'nav active' : 'nav'} href="#/">
          {t('nav.home')}
        </a>
        <a class={routeName === 'table-home' ? 'nav active' : 'nav'} href="#/table">
          {t('table.nav')}
        </a>
        <a class={routeName === 'campaigns' || routeName === 'campaign' ? 'nav active' : 'nav'} href="#/campaigns">
          {t('campaign.nav')}
        </a>
        <a class={routeName === 'settings' ? 'nav active' : 'nav'} href="#/settings">
          {t('nav.settings')}
        </a>
        {/* the accessible name starts with the visible « EN » / « FR » (WCAG 2.5.3), then the language in itself */}
        <button
          type="button"
          class="nav lang"
          onClick={() => i18n.setLang(lang === 'fr' ? 'en' : 'fr')}
          aria-label={lang === 'fr' ? 'EN — English' : 'FR — Français'}
          title={t('settings.language')}
        >
          {lang === 'fr' ? 'EN' : 'FR'}
        </button>
      </nav>
    </header>
  );
}
