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
  load: () => Promise<(props: P) => JSX.Element>,
  messages: readonly MessagePack[] = ALL_PACKS,
): (props: P) => JSX.Element {
  let loaded: ((props: P) => JSX.Element) | null = null;
  return function LazyScreen(props: P) {
    const { t } = useI18n();
    const [Screen, setScreen] = useState(() => loaded);
    useEffect(() => {
      if (Screen) return;
      let alive = true;
      void Promise.all([load(), loadMessages(messages)]).then(([s]) => {
        loaded = s;
        if (alive) setScreen(() => s);
      });
      return () => {
        alive = false;
      };
    }, [Screen]);
    return Screen ? <Screen {...props} /> : <main class="screen">{t('app.loading')}</main>;
  };
}
