// Sync in Chromium (issue 19), for `npm run bench` and the e2e: two organizers' browser contexts
// on one PouchDB Server. (1) the latency from a result saved on one tablet to its row on the other,
// nobody pressing anything (median); (2) 100,000 entries received by a tablet joining the event:
// the longest main-thread task (PerformanceObserver 'longtask' sees tasks over 50 ms), how many
// progress lines were shown, and whether both tablets hold the same event. Entries are written on
// the first tablet by the app's own store and sent by its own sync, so nothing here knows how an
// entry travels. Run alone: npx tsx scripts/bench-sync-ui.ts [entries]
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeLargeEvent } from '../tests/fixtures/events';
import { openApp, serveDist, startChromium, tempProfile } from '../tests/e2e/harness';
import { startPouchServer } from './pouch-server';

type Report = (what: string, value: string, target?: string) => void;
type Bench = {
  db: { put: (s: string, v: unknown, k: string) => Promise<unknown>; get: (s: string, k: string) => Promise<unknown>; count: (s: string, r: IDBKeyRange) => Promise<number> };
  deviceId: string;
  store: Record<string, (...a: unknown[]) => Promise<unknown>>;
};

/** tsx names the functions it compiles with a `__name` helper: pages need it for page.evaluate */
const withNameHelper = async (ctx: BrowserContext): Promise<BrowserContext> => {
  await ctx.addInitScript('self.__name = self.__name || ((f) => f)');
  return ctx;
};

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Sets this tablet's sync for an event as the form would store it, and opens the event's rounds. */
async function syncedScreen(page: Page, base: string, eventId: string, cfg: { url: string; db: string; publicDb?: string }, tab = 'rounds'): Promise<void> {
  await page.evaluate(([k, cfg]) => (window as unknown as { __bench: Bench }).__bench.db.put('settings', cfg, k), [`sync:${eventId}`, cfg] as const);
  await page.goto(`${base}?bench#/event/${eventId}/${tab}`);
  await page.waitForFunction(() => document.querySelector('[data-sync-waiting="0"][data-sync-error=""]:not([data-sync-at=""])'), null, { timeout: 30 * 60_000, polling: 500 });
}

/**
 * The joining tablet has pressed « Rejoindre » and shows its code; the organizer's tablet types it
 * in « Admettre un appareil » (signed sync: knowing the server gives a device nothing by itself).
 */
export async function admitJoiner(organizer: Page, joiner: Page, name: string): Promise<void> {
  const code = (await joiner.getByTestId('join-code').textContent({ timeout: 10 * 60_000 }))?.trim() ?? '';
  const form = organizer.getByRole('form', { name: 'Admettre un appareil' });
  // the devices and the admission form fold under their title
  if (!(await form.isVisible())) await organizer.getByTestId('devices-panel').locator('summary').click();
  await form.getByLabel('Code de l’appareil').fill(code);
  await form.getByLabel('Nom de l’appareil').fill(name);
  await form.getByRole('button', { name: 'Admettre' }).click();
  await organizer
    .locator('form[aria-busy="false"] [role=status]')
    .filter({ hasText: 'est admis' })
    .waitFor({ timeout: 10 * 60_000 });
}

/** Writes `total` entries on the page's tablet: an event of `players`, then nicknames changed in batches. */
export async function writeEntries(page: Page, players: number, total: number): Promise<string> {
  const ev = makeLargeEvent(players, 0);
  return page.evaluate(
    async ([text, total, players]) => {
      const { db, deviceId, store } = (window as unknown as { __bench: Bench }).__bench;
      const ctx = { deviceId };
      const { meta } = (await store.createEvent!(db, JSON.parse(text), ctx, 'event-imported')) as { meta: { id: string } };
      for (let written = 1; written < total; ) {
        const n = Math.min(1_000, total - written);
        await store.appendActions!(
          db,
          meta.id,
          Array.from({ length: n }, (_, i) => ({ type: 'player-updated', id: `p${1 + ((written + i) % players)}`, patch: { nickname: `n${written + i}` } })),
          ctx,
        );
        written += n;
      }
      return meta.id;
    },
    [JSON.stringify({ ...ev, name: 'Grand Tournoi' }), total, players] as const,
  );
}

export interface BigPull {
  eventId: string;
  entries: number;
  /** entries on the receiving tablet, and whether its event equals the sender's */
  received: number;
  same: boolean;
  /** from the press on « Rejoindre » to the event's screen shown */
  longest: number;
  longTasks: number;
  /** while the join screen showed a progress line: the receiving itself */
  longestReceiving: number;
  longTasksReceiving: number;
  /** distinct « Réception : x / y » lines the join screen showed */
  progressLines: number;
  lastProgress: string;
  ms: number;
  /** each task over 50 ms: its length, when, and the progress line or screen at the time */
  longTaskWhere: string[];
}

/**
 * `entries` entries written on a first tablet and sent; a second tablet (a context of its own)
 * joins through « Rejoindre » and receives them all while a PerformanceObserver records long tasks.
 */
export async function receiveMany(
  browser: Browser,
  sender: BrowserContext,
  base: string,
  serverUrl: string,
  db: string,
  entries: number,
  probe?: (joiner: Page) => Promise<() => Promise<void>>,
): Promise<BigPull> {
  await fetch(`${serverUrl}/${db}`, { method: 'PUT' });
  const a = await openApp(await withNameHelper(sender), `${base}?bench`);
  const eventId = await writeEntries(a, 1_000, entries);
  await syncedScreen(a, base, eventId, { url: serverUrl, db }, 'players');
  const ctx = await withNameHelper(await browser.newContext());
  try {
    await ctx.addInitScript(() => {
      const w = window as unknown as { __lt: number[]; __progress: Set<string>; __where: string[] };
      w.__lt = [];
      w.__where = [];
      w.__progress = new Set();
      let shown = '';
      // each long task with where the page was: the progress line then, or the screen's address
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => {
          w.__lt.push(e.duration);
          w.__where.push(`${e.duration.toFixed(0)} ms ${shown ? `while « ${shown} »` : `on ${location.hash.replace(/ev-[0-9a-f-]+/, '…')}`}`);
        }),
      ).observe({ type: 'longtask' });
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid=join-progress]');
        if (p?.textContent) {
          w.__progress.add(p.textContent);
          shown = p.textContent;
        } else shown = '';
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const b = await openApp(ctx, `${base}?bench#/join`);
    const probed = await probe?.(b);
    await b.getByLabel('Adresse du serveur').fill(serverUrl);
    await b.getByLabel('Base du tournoi').fill(db);
    await b.evaluate(() => {
      const w = window as unknown as { __lt: number[]; __where: string[] };
      w.__lt.length = 0;
      w.__where.length = 0;
    });
    const t0 = Date.now();
    await b.getByRole('button', { name: 'Rejoindre' }).click();
    await admitJoiner(a, b, 'Tablette B');
    await b.waitForSelector('h1:has-text("Grand Tournoi")', { timeout: 60 * 60_000 });
    const ms = Date.now() - t0;
    await probed?.();
    const seen = await b.evaluate(() => {
      const w = window as unknown as { __lt: number[]; __progress: Set<string>; __where: string[] };
      return { lt: [...w.__lt], progress: [...w.__progress], where: [...w.__where] };
    });
    const count = (p: Page) => p.evaluate((id) => (window as unknown as { __bench: Bench }).__bench.db.count('log', IDBKeyRange.bound([id, 0], [id, Infinity])), eventId);
    const event = (p: Page) =>
      // as of the log's end: a plain append leaves the stored projection behind
      p.evaluate(async (id) => {
        const b = (window as unknown as { __bench: Bench }).__bench;
        return JSON.stringify(((await b.store.loadEvent!(b.db, id)) as { event: unknown }).event);
      }, eventId);
    const [sent, received, ea, eb] = [await count(a), await count(b), await event(a), await event(b)];
    const receiving = seen.lt.filter((_, i) => seen.where[i]!.includes(' while '));
    return {
      eventId,
      entries: sent,
      received,
      same: ea === eb,
      longest: seen.lt.length ? Math.max(...seen.lt) : 0,
      longTasks: seen.lt.length,
      longestReceiving: Math.max(0, ...receiving),
      longTasksReceiving: receiving.length,
      progressLines: seen.progress.length,
      lastProgress: seen.progress[seen.progress.length - 1] ?? '',
      ms,
      longTaskWhere: seen.where,
    };
  } finally {
    await ctx.close();
  }
}

/**
 * Results saved on one tablet, each timed from the save to the moment its row on the other tablet
 * (open on the rounds tab, nobody touching it) shows it as played.
 */
export async function saveToRow(browser: Browser, base: string, serverUrl: string, db: string, saves: number): Promise<number[]> {
  await fetch(`${serverUrl}/${db}`, { method: 'PUT' });
  const ctxA = await withNameHelper(await browser.newContext());
  const ctxB = await withNameHelper(await browser.newContext());
  try {
    const a = await openApp(ctxA, `${base}?bench`);
    const tables = saves;
    const ev = makeLargeEvent(2 * tables, 0);
    const pairings = Array.from({ length: tables }, (_, i) => ({ table: i + 1, a: `p${2 * i + 1}`, b: `p${2 * i + 2}` }));
    const eventId = await a.evaluate(
      async ([text, pairings]) => {
        const { db, deviceId, store } = (window as unknown as { __bench: Bench }).__bench;
        const { meta } = (await store.createEvent!(db, JSON.parse(text), { deviceId }, 'event-imported')) as { meta: { id: string } };
        await store.appendActions!(db, meta.id, [{ type: 'round-paired', round: { number: 1, scenario: 'overrun', startedAt: Date.now(), pairings, bye: null } }], { deviceId });
        return meta.id;
      },
      [JSON.stringify(ev), pairings] as const,
    );
    const cfg = { url: serverUrl, db };
    await syncedScreen(a, base, eventId, cfg);
    // the second tablet joins as an organizer would, then opens the rounds
    const b = await openApp(ctxB, `${base}?bench#/join`);
    await b.getByLabel('Adresse du serveur').fill(serverUrl);
    await b.getByLabel('Base du tournoi').fill(db);
    await b.getByRole('button', { name: 'Rejoindre' }).click();
    await admitJoiner(a, b, 'Tablette B');
    await b.waitForURL(new RegExp(`#/event/${eventId}`), { timeout: 10 * 60_000 });
    await syncedScreen(b, base, eventId, cfg);
    // B, once its pass is over, is waiting on the server's feed
    const latencies: number[] = [];
    for (let t = 1; t <= saves; t++) {
      await b.evaluate((table) => {
        const w = window as unknown as { __shown: number | null };
        w.__shown = null;
        const seen = (): boolean => !!document.querySelector(`[data-testid=pairings-table] tr[data-table="${table}"].done`);
        const mo = new MutationObserver(() => {
          if (w.__shown === null && seen()) {
            w.__shown = Date.now();
            mo.disconnect();
          }
        });
        mo.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      }, t);
      // settle: the previous save's passes are over on both tablets
      await b.waitForTimeout(1_000);
      const savedAt = await a.evaluate(
        async ([id, table]) => {
          const { db, deviceId, store } = (window as unknown as { __bench: Bench }).__bench;
          const at = Date.now();
          const { seq } = (await store.appendActions!(
            db,
            id,
            [
              {
                type: 'result-recorded',
                round: 1,
                table,
                result: { winner: `p${2 * table - 1}`, how: 'scenario', a: { cp: 5, apd: 20, listIndex: 0 }, b: { cp: 1, apd: 10, listIndex: 0 } },
              },
            ],
            { deviceId },
          )) as { seq: number };
          // what the event screen does after a save: tell the tabs (and this tab's sync)
          const ch = new BroadcastChannel('wargame-tournament-changes');
          ch.postMessage({ eventId: id, seq, kind: 'appended' });
          ch.close();
          return at;
        },
        [eventId, t] as const,
      );
      await b.waitForFunction(() => (window as unknown as { __shown: number | null }).__shown !== null, null, { timeout: 120_000 });
      latencies.push((await b.evaluate(() => (window as unknown as { __shown: number }).__shown)) - savedAt);
    }
    return latencies;
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
}

export async function benchSyncUi(report: Report, entries = 100_000): Promise<void> {
  if (!existsSync('dist/index.html')) execSync('npm run -s build', { stdio: 'inherit' });
  const server = await startPouchServer();
  const served = await serveDist();
  const profile = tempProfile();
  const chrome = await startChromium(profile.dir);
  try {
    const lat = await saveToRow(chrome.browser, served.url, server.url, 'latency', 7);
    report('result saved on one tablet → its row on the other (2 contexts, median of 7)', `${median(lat).toFixed(0)} ms`, 'target < 2000 ms');
    report('  slowest of 7', `${Math.max(...lat).toFixed(0)} ms`);
    const big = await receiveMany(chrome.browser, chrome.context, served.url, server.url, 'many', entries);
    report(
      `${big.entries.toLocaleString('en')} entries received by a joining tablet: longest main-thread task while receiving`,
      `${big.longestReceiving.toFixed(0)} ms`,
      'target < 50 ms',
    );
    report('  tasks over 50 ms while receiving / progress lines shown', `${big.longTasksReceiving} / ${big.progressLines}`);
    report('  from « Rejoindre » to the event shown: longest task / tasks over 50 ms', `${big.longest.toFixed(0)} ms / ${big.longTasks}`);
    report('  time to receive and fold them all; same event on both', `${(big.ms / 1000).toFixed(1)} s; ${big.same && big.received === big.entries ? 'yes' : 'NO'}`);
    for (const w of big.longTaskWhere.slice(0, 10)) report(`    long task ${w}`.slice(0, 72), '');
  } finally {
    await chrome.close();
    profile.remove();
    await served.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
  await benchSyncUi((what, value, target = '') => console.log(`${what.padEnd(72)} ${value.padStart(14)}   ${target}`), n);
}
