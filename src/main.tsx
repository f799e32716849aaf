// Start-up: open the database (telling the user what to do if another tab blocks an upgrade),
// ask for persistent storage, and render. The service worker is registered after first paint so
// it never delays the first usable screen.
import { render } from 'preact';
import { registerSW } from 'virtual:pwa-register';
import { translator, type Lang } from './i18n';
import { unlockAudioOnFirstGesture } from './platform/audio';
import { catchInstallOffer } from './platform/install';
import { engine } from './platform/engine';
import { openEventDb, type WargameDb } from './store/db';
import * as eventStore from './store/events';
import * as tableStore from './store/table-games';
import { deviceId as loadDeviceId, getSetting, setSetting } from './store/settings';
import { App, preloadScreenOf } from './ui/App';
import type { UpdateState } from './ui/components/UpdateBanner';
import { warmFontsWhenIdle } from './ui/warm-fonts';
import { createOfflineState, type OfflineControl } from './ui/offline';
import './ui/styles.css';

const root = document.getElementById('app')!;
// the whole-log fold (merge order, undo, conflicts) is its own chunk, loaded on first need
eventStore.setMergeLoader(() => import('./domain/log/merge'));

function fatal(key: 'app.blocked' | 'app.versionChange' | 'app.dbError', lang: Lang, detail = ''): void {
  const t = translator(lang);
  root.innerHTML = '';
  const box = document.createElement('div');
  box.className = 'fatal';
  box.setAttribute('role', 'alert');
  const p = document.createElement('p');
  p.textContent = t(key, { detail });
  const b = document.createElement('button');
  b.className = 'btn primary big';
  b.textContent = t('app.reload');
  b.onclick = () => location.reload();
  box.append(p, b);
  root.append(box);
}

function makeUpdate(isSafe: () => Promise<boolean>, offline: OfflineControl): UpdateState {
  const listeners = new Set<() => void>();
  let waiting = false;
  const apply = registerSW({
    immediate: false,
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((l) => l());
    },
    // the first install on this device just precached everything
    onOfflineReady: () => offline.set('ready', { announce: true }),
    onRegisterError: () => offline.set('failed'),
  });
  // an already installed worker (every later visit): ready, nothing to announce
  void navigator.serviceWorker.ready.then(() => offline.set('ready'));
  return {
    subscribe(onReady) {
      listeners.add(onReady);
      if (waiting) onReady();
      return () => listeners.delete(onReady);
    },
    isSafe,
    apply: () => apply(true),
  };
}

/**
 * Opening IndexedDB can fail for a moment right after a crash (the previous browser process still
 * holds the database files). Falling back to memory then would hide real data and lose new work,
 * so the real database gets a few tries first; only a browser without usable storage falls back.
 */
async function openWithRetry(hooks: Parameters<typeof openEventDb>[0]): Promise<Awaited<ReturnType<typeof openEventDb>>> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await openEventDb(hooks);
    } catch (err) {
      lastError = err;
      if (typeof indexedDB === 'undefined') break;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
  throw lastError;
}

function askMemoryOnly(lang: Lang, err: unknown): Promise<boolean> {
  const t = translator(lang);
  root.innerHTML = '';
  const box = document.createElement('div');
  box.className = 'fatal';
  box.setAttribute('role', 'alert');
  const p = document.createElement('p');
  p.textContent = t('app.storageUnavailable', { detail: err instanceof Error ? err.message : String(err) });
  const retry = document.createElement('button');
  retry.className = 'btn primary big';
  retry.textContent = t('app.reload');
  retry.onclick = () => location.reload();
  const memory = document.createElement('button');
  memory.className = 'btn big';
  memory.textContent = t('app.continueInMemory');
  const row = document.createElement('div');
  row.className = 'row';
  row.append(retry, memory);
  box.append(p, row);
  root.append(box);
  return new Promise((resolve) => (memory.onclick = () => resolve(true)));
}

async function start(): Promise<void> {
  // the first screen's chunks load while the database opens, not after the first render
  preloadScreenOf(location.hash);
  const guessLang: Lang = navigator.language?.startsWith('en') ? 'en' : 'fr';
  const hooks = {
    onBlocked: () => fatal('app.blocked', guessLang),
    onVersionChange: () => fatal('app.versionChange', guessLang),
  };
  let db: WargameDb;
  let memoryOnly = false;
  try {
    db = await openWithRetry(hooks);
  } catch (err) {
    // No usable IndexedDB (storage disabled, some private modes, or a database still locked after
    // a crash). Never switch to memory silently: real data may be there. The organizer chooses to
    // retry, or to work from memory knowing nothing will be kept.
    if (!(await askMemoryOnly(guessLang, err))) return;
    try {
      await import('fake-indexeddb/auto');
      db = await openEventDb(hooks);
      memoryOnly = true;
    } catch {
      fatal('app.dbError', guessLang, err instanceof Error ? err.message : String(err));
      return;
    }
  }
  const [id, lang] = await Promise.all([loadDeviceId(db), getSetting<Lang>(db, 'lang', 'fr')]);
  document.documentElement.lang = lang;
  void navigator.storage?.persist?.();

  // Never reload under a running round or a table clock in play. A game left unfinished for
  // 12 hours is abandoned, not in play: it must not block updates forever.
  const isSafe = async (): Promise<boolean> => {
    const [events, games] = await Promise.all([eventStore.listEvents(db), tableStore.listTableGames(db)]);
    const clockInPlay = games.some((g) => g.actions.length > 0 && !g.outcome?.delivered && Date.now() - g.updatedAt < 12 * 3_600_000);
    return !clockInPlay && !events.some((m) => m.roundRunning);
  };
  const offline = createOfflineState('serviceWorker' in navigator ? 'preparing' : 'unsupported');
  const update = 'serviceWorker' in navigator ? makeUpdate(isSafe, offline) : undefined;
  const services = { db, deviceId: id, engine: engine(), now: () => Date.now() };
  // Preact 11 renders beside existing children: drop the static boot message first.
  root.textContent = '';
  render(<App services={services} initialLang={lang} update={update} offline={offline} memoryOnly={memoryOnly} onLangChange={(l) => void setSetting(db, 'lang', l)} />, root);
  document.body.dataset.ready = 'true';
  // Time from navigation start to a usable screen, read by the benchmark and the e2e tests.
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  // the other screens' font sizes and weights, measured in idle time once this one is up (a
  // first use of each was most of a screen's first layout on a slow tablet)
  setTimeout(
    () =>
      warmFontsWhenIdle((n) => {
        // read by the benchmark: how many lines, and when the last was laid out
        document.body.dataset.fontsWarmed = String(n);
        document.body.dataset.fontsWarmedMs = String(Math.round(performance.now()));
      }),
    1000,
  );
  if (new URLSearchParams(location.search).has('bench')) Object.assign(window, { __bench: { db, deviceId: id, store: eventStore, tables: tableStore, engine: services.engine } });
}

// the first tap anywhere unlocks the audio, so a round's first alarm (started by a timer) is heard on an iPad
unlockAudioOnFirstGesture();
// the browser's install offer may come before the first screen: keep it for the install button
catchInstallOffer();
void start();
