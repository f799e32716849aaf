// Hash routes keep every screen reachable offline from the one precached index.html.
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { name: 'home' }
  | { name: 'settings' }
  | { name: 'event'; id: string; tab: EventTab }
  /** full-screen views for a projector in the hall */
  | { name: 'projector'; id: string; what: 'pairings' | 'standings' }
  /** table mode: the games on this device, and scanning a ticket */
  | { name: 'table-home' }
  /** a table device's game, by ticket id */
  | { name: 'table-game'; id: string }
  /** the organizer's tablet used as one table's clock */
  | { name: 'event-table'; id: string; round: number; table: number }
  /** Warmaster campaigns: the list, and one campaign */
  | { name: 'campaigns' }
  | { name: 'campaign'; id: string }
  /** sync: a second organizer's device fetches an event from its server */
  | { name: 'join' }
  /** the players' read-only view of a public database (its full URL) */
  | { name: 'public'; source: string };

export const EVENT_TABS = ['settings', 'players', 'rounds', 'standings'] as const;
export type EventTab = (typeof EVENT_TABS)[number];
/** each tab's name, on its link and in the document title */
export const EVENT_TAB_LABEL = { settings: 'event.settings', players: 'event.players', rounds: 'event.rounds', standings: 'event.standings' } as const satisfies Record<
  EventTab,
  string
>;

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'settings') return { name: 'settings' };
  if (parts[0] === 'campaigns') return { name: 'campaigns' };
  if (parts[0] === 'join') return { name: 'join' };
  if (parts[0] === 'public' && parts[1]) return { name: 'public', source: parts.slice(1).join('/') };
  if (parts[0] === 'campaign' && parts[1]) return { name: 'campaign', id: parts[1] };
  if (parts[0] === 'table') return parts[1] === 'game' && parts[2] ? { name: 'table-game', id: parts[2] } : { name: 'table-home' };
  if (parts[0] === 'event' && parts[1]) {
    if (parts[2] === 'table' && Number(parts[3]) > 0 && Number(parts[4]) > 0) return { name: 'event-table', id: parts[1], round: Number(parts[3]), table: Number(parts[4]) };
    if (parts[2] === 'projector') return { name: 'projector', id: parts[1], what: parts[3] === 'standings' ? 'standings' : 'pairings' };
    const tab = (EVENT_TABS as readonly string[]).includes(parts[2] ?? '') ? (parts[2] as EventTab) : 'players';
    return { name: 'event', id: parts[1], tab };
  }
  return { name: 'home' };
}

export function href(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'settings':
      return '#/settings';
    case 'event':
      return `#/event/${encodeURIComponent(route.id)}/${route.tab}`;
    case 'projector':
      return `#/event/${encodeURIComponent(route.id)}/projector/${route.what}`;
    case 'table-home':
      return '#/table';
    case 'table-game':
      return `#/table/game/${encodeURIComponent(route.id)}`;
    case 'event-table':
      return `#/event/${encodeURIComponent(route.id)}/table/${route.round}/${route.table}`;
    case 'campaigns':
      return '#/campaigns';
    case 'campaign':
      return `#/campaign/${encodeURIComponent(route.id)}`;
    case 'join':
      return '#/join';
    case 'public':
      return `#/public/${encodeURIComponent(route.source)}`;
  }
}

export function navigate(route: Route): void {
  location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    // Keep the window we subscribed on: a late cleanup must not depend on the global still being there.
    const win = window;
    const onHash = (): void => setRoute(parseRoute(win.location.hash));
    win.addEventListener('hashchange', onHash);
    // optional call: under test, a late cleanup can run after the window was torn down
    return () => win.removeEventListener?.('hashchange', onHash);
  }, []);
  return route;
}
