import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ALL_PACKS, loadMessages, useI18n, type MessagePack } from '../i18n';

/**
 * A screen loaded on first use, with the message modules it speaks (all of them unless told):
 * both arrive before it renders, so it never shows a bare message key. Keeps the start-up bundle
 * to the home screen; the chunks are in the service worker's precache, so this works offline
 * like everything else.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<(props: P) => JSX.Element | null>,
  messages: readonly MessagePack[] = ALL_PACKS,
  /** shown while loading; a part of a screen (a tab, a panel) passes its own, not a second <main> */
  Loading?: () => JSX.Element | null,
): ((props: P) => JSX.Element | null) & { preload: () => void } {
  let loaded: ((props: P) => JSX.Element | null) | null = null;
  let loading: Promise<(props: P) => JSX.Element | null> | null = null;
  const fetchScreen = (): Promise<(props: P) => JSX.Element | null> => (loading ??= Promise.all([load(), loadMessages(messages)]).then(([s]) => (loaded = s)));
  function LazyScreen(props: P) {
    const { t } = useI18n();
    const [Screen, setScreen] = useState(() => loaded);
    useEffect(() => {
      if (Screen) return;
      let alive = true;
      void fetchScreen().then((s) => {
        if (alive) setScreen(() => s);
      });
      return () => {
        alive = false;
      };
    }, [Screen]);
    if (Screen) return <Screen {...props} />;
    return Loading ? <Loading /> : <main class="screen">{t('app.loading')}</main>;
  }
  /**
   * Starts loading the screen now: the app's start asks for its first screen's chunks while the
   * database opens, rather than after the first render (on a slow tablet the chunks' fetch and
   * compile came after everything else, a third of the offline start).
   */
  LazyScreen.preload = (): void => {
    fetchScreen().catch(() => {
      // a failed load is tried again by the screen itself, which shows it
      loading = null;
    });
  };
  return LazyScreen;
}
