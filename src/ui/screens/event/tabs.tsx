// The event screen's tabs and panels, each its own chunk: a start on a slow tablet evaluates only
// the shown tab's code (the four tabs, the sync panel and what they import were one chunk whose
// evaluation was a 50-85 ms task at 4x CPU throttling). The app's start preloads the tab in the
// address with the event screen (App's preloadScreenOf), so the tab does not wait for a second
// round trip; the other tabs load when opened (from the service worker's precache, offline too).
import { useI18n } from '../../../i18n';
import { lazyScreen } from '../../lazy';
import type { EventTab } from '../../router';
import type { TabProps } from './types';

/** Inside the event screen's <main>: a line, not a second landmark. */
function TabLoading() {
  const { t } = useI18n();
  return <p class="muted">{t('app.loading')}</p>;
}

// the event screen has loaded every tab's message pack before it renders: none to wait for here
export const PlayersTab = lazyScreen<TabProps>(() => import('./Players').then((m) => m.Players), [], TabLoading);
export const RoundsTab = lazyScreen<TabProps>(() => import('./Rounds').then((m) => m.Rounds), [], TabLoading);
export const StandingsTab = lazyScreen<TabProps>(() => import('./Standings').then((m) => m.Standings), [], TabLoading);
export const SettingsTab = lazyScreen<TabProps>(
  () =>
    Promise.all([import('./EventSettings'), import('./TrustPanel')]).then(([s, tp]) => (props: TabProps) => (
      <>
        <s.EventSettings {...props} />
        <tp.TrustPanel {...props} />
      </>
    )),
  [],
  TabLoading,
);
/** Sync is set up on few devices and shows nothing urgent: it arrives after the tab, in a task of its own. */
export const SyncPanelPart = lazyScreen<import('../../sync/SyncPanel').SyncPanelProps>(
  () => import('../../sync/SyncPanel').then((m) => m.SyncPanel),
  [],
  () => null,
);

/** The locked screen's hall timer: only a PIN-locked screen loads it. */
export const HallLockedPart = lazyScreen<{ eventId: string; event: import('../../../domain/event-file').EventFile }>(
  () => import('./HallLocked').then((m) => m.HallLocked),
  [],
  TabLoading,
);

const TABS = { players: PlayersTab, rounds: RoundsTab, standings: StandingsTab, settings: SettingsTab } as const satisfies Record<EventTab, { preload: () => void }>;

export const tabPart = (tab: EventTab): (typeof TABS)[EventTab] => TABS[tab];

/** Starts loading the tab's chunk now (with the event screen's, at the app's start). */
export function preloadTab(tab: EventTab): void {
  TABS[tab].preload();
}
