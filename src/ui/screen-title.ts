// Each screen's own document title (« Rondes — Open de Lyon · Tournoi »), so the tab strip, the
// history and a screen reader say where the user is; and, after a route change, the focus on the
// new screen's heading, so a screen reader reads the new screen instead of staying on the link
// that led there. The heading is read from the page: screens load lazily and their heading (an
// event's name) arrives with their data.
import { useEffect, useRef } from 'preact/hooks';
import type { Translate } from '../i18n';
import { EVENT_TAB_LABEL, href, type Route } from './router';

/** What kind of screen the route shows, in words. */
export function routeLabel(route: Route, t: Translate): string {
  switch (route.name) {
    case 'home':
      return t('home.title');
    case 'settings':
      return t('settings.title');
    case 'event':
      return t(EVENT_TAB_LABEL[route.tab]);
    case 'projector':
      return t(route.what === 'pairings' ? 'screen.projectorPairings' : 'screen.projectorStandings');
    case 'table-home':
    case 'table-game':
    case 'event-table':
      return t('table.nav');
    case 'campaigns':
    case 'campaign':
      return t('campaign.nav');
    case 'join':
      return t('screen.join');
    case 'public':
      return t('screen.public');
  }
}

export function screenTitle(label: string, heading: string, app: string): string {
  const parts = [label, heading].filter((p, i, all) => p !== '' && all.indexOf(p) === i);
  return `${parts.join(' — ')} · ${app}`;
}

const FIELD = 'input, select, textarea, [contenteditable="true"]';

/**
 * Runs `f` once the browser has laid the new screen out and painted it. Focusing the heading lays
 * the page out there and then: done in the task that rendered the screen (the mutation observer's
 * turn), it added the whole screen's layout to that task (50 ms of a 110 ms task for the
 * projector on a tablet 4x slower than a laptop); after the frame, the layout is done already.
 * A page that draws no frames (a hidden tab, a test's DOM) gets it after a tenth of a second.
 */
function afterLayout(f: () => void): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    f();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

export function useScreenTitle(route: Route, t: Translate): void {
  const key = href(route);
  const first = useRef(true);
  useEffect(() => {
    const label = routeLabel(route, t);
    // the first screen keeps the browser's own start; later ones take the focus to their heading
    let pending = !first.current;
    first.current = false;
    let focused: HTMLElement | null = null;
    const update = (): void => {
      const h1 = document.querySelector<HTMLElement>('main h1');
      const title = screenTitle(label, h1?.textContent?.trim() ?? '', t('app.title'));
      if (document.title !== title) document.title = title;
      // every screen has an h1 once loaded (a visually hidden one where the screen shows none)
      if (!h1) return;
      // a screen that re-renders its heading (loading, then loaded) keeps the focus on it
      const lost = focused !== null && focused !== h1 && !focused.isConnected && document.activeElement === document.body;
      if (!pending && !lost) return;
      pending = false;
      focused = h1;
      afterLayout(() => {
        if (gone || !h1.isConnected) return;
        // a field the screen focused itself (a PIN prompt) keeps the focus
        const active = document.activeElement;
        if (active instanceof HTMLElement && h1.closest('main')?.contains(active) && active.matches(FIELD)) return;
        if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
        h1.focus({ preventScroll: true });
      });
    };
    let gone = false;
    update();
    // until the screen's heading is there, and whenever it changes (an event renamed)
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      gone = true;
      observer.disconnect();
    };
  }, [key, t]);
}
