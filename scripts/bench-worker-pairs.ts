// What pairing the next round of a 4,096-player event costs the organizer's page: the event is
// stored in IndexedDB first (imported, then the page reloaded on its Rounds screen, so neither the
// import's parse nor its garbage is in the measure), then
//  1. the engine call the app makes (pairNextOf: the worker reads the event by id and pairs
//     round 12), its round trip from the page, the page's tasks over 50 ms (PerformanceObserver
//     'longtask') and its worst gap between animation frames meanwhile;
//  2. the organizer's tap on « Apparier la ronde 12 » to round 12's tables on screen: the same
//     call, the round written to IndexedDB and the screen drawn again, with the same counts.
// A fresh copy of the event for each pass; medians, the worst pass and every long task counted.
// Run alone: npx tsx scripts/bench-worker-pairs.ts [passes] [--trace] [--cpu] (--trace: what the
// longest task of each measure was made of, Chromium trace + V8 profiler; --cpu: the longest
// task's CPU time, over 50 ms or not, which a loaded machine stretches far less than its wall
// time; both from scripts/bench-ui.ts).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { serializeEventFile } from '../src/domain/event-file';
import { bigEvent } from '../tests/fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
import { importInPage, startCpuTrace, startTrace } from './bench-ui';

const PLAYERS = 4096;
const PLAYED = 11;

const line = (p: Pass): string =>
  `${p.ms.toFixed(0)} ms, long tasks [${p.longTasks.map((d) => d.toFixed(0)).join(', ')}], gap ${p.worstGap.toFixed(0)} ms${p.cpu === undefined ? '' : `, longest task ${p.cpu.toFixed(1)} ms CPU`}`;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Pass {
  ms: number;
  /** every main-thread task over 50 ms from the start of the measure to a quiet half-second after it */
  longTasks: number[];
  worstGap: number;
  /** --cpu: the longest main-thread task's CPU time (ms) */
  cpu?: number;
}

/** Waits until the page has seen no long task and no frame gap over 50 ms for `quietMs`: the import's or the reload's tail is over. */
async function settle(page: Page, quietMs = 1000): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        let lastBusy = performance.now();
        const observer = new PerformanceObserver(() => void (lastBusy = performance.now()));
        observer.observe({ type: 'longtask' });
        let last = performance.now();
        const tick = (t: number): void => {
          if (t - last > 50) lastBusy = t;
          last = t;
          if (t - lastBusy >= quiet) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    quietMs,
  );
}

/**
 * Runs `start` in the page (it returns a promise of the measure's end), counting the long tasks
 * and frame gaps from just before it to a quiet half-second after its end.
 */
const MEASURE = `async (start) => {
  const longTasks = [];
  let t0 = 0;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (e.startTime + e.duration >= t0) longTasks.push(e.duration); }));
  observer.observe({ type: 'longtask' });
  let worstGap = 0;
  let running = true;
  let last = performance.now();
  const tick = (t) => {
    worstGap = Math.max(worstGap, t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  t0 = performance.now();
  await start();
  const ms = performance.now() - t0;
  running = false;
  // what the end leaves behind (the screen drawn after the write, a late message) is counted too
  let seen = -1;
  while (seen !== longTasks.length) {
    seen = longTasks.length;
    await new Promise((r) => setTimeout(r, 500));
  }
  observer.disconnect();
  return { ms, longTasks, worstGap };
}`;

/** The engine call the Rounds screen makes (src/ui/screens/event/rounds/PairNext.tsx), by the event's id. */
const WORKER_CALL = (eventId: string): string => `async () => {
  const { engine, db } = window.__bench;
  const r = await engine.call('pairNextOf', [{ db: db.name, eventId: ${JSON.stringify(eventId)}, options: { seed: 1 } }]);
  if (!r || !r.outcome.ok) throw new Error('pairing refused: ' + JSON.stringify(r && r.outcome));
}`;

/** The organizer's tap, to the new round's tab selected and its tables drawn. */
const TAP = (round: number): string => `async () => {
  const button = [...document.querySelectorAll('.pair-next button')].find((b) => !b.disabled && /${round}/.test(b.textContent));
  if (!button) throw new Error('no pairing button for round ${round}');
  button.click();
  await new Promise((resolve, reject) => {
    const until = performance.now() + 120000;
    const check = () => {
      const tabs = document.querySelectorAll('nav.round-tabs button');
      const current = document.querySelector('nav.round-tabs button[aria-current="true"]');
      const error = document.querySelector('.status.error');
      if (error) return reject(new Error(error.textContent));
      if (tabs.length === ${round} && current === tabs[${round - 1}] && document.querySelector('[data-testid="pairings-table"] tbody tr')) return resolve();
      if (performance.now() > until) return reject(new Error('round ${round} not shown'));
      requestAnimationFrame(check);
    };
    check();
  });
}`;

async function measure(page: Page, body: string, cdp: CDPSession | null, how: { trace?: boolean; cpu?: boolean }, what: string): Promise<Pass> {
  const tracing = cdp && how.trace ? await startTrace(cdp) : null;
  const timing = cdp && how.cpu && !how.trace ? await startCpuTrace(cdp) : null;
  const pass = (await page.evaluate(`(${MEASURE})(${body})`)) as Pass;
  if (tracing) console.log(`  ${what}: ${await tracing(2)}`);
  if (timing) pass.cpu = await timing();
  return pass;
}

export async function benchWorkerPairs(
  report: (what: string, value: string, target?: string) => void,
  options: { passes?: number; trace?: boolean; cpu?: boolean; raw?: boolean } = {},
): Promise<void> {
  const passes = options.passes ?? 3;
  if (!existsSync('dist/index.html')) execSync('npm run -s build', { stdio: 'inherit' });
  const event = bigEvent('sr2011', 50, PLAYERS, PLAYED, false);
  const text = serializeEventFile(event);
  const served = await serveDist();
  const profile = tempProfile();
  const chrome = await startChromium(profile.dir);
  const worker: Pass[] = [];
  const tap: Pass[] = [];
  try {
    const page = await openApp(chrome.context, `${served.url}?bench`);
    await waitForServiceWorker(page);
    const cdp = options.trace || options.cpu ? await chrome.context.newCDPSession(page) : null;
    let previous: string | null = null;
    for (let i = 0; i < passes; i++) {
      const id = await importInPage(page, text, previous);
      previous = id;
      // the organizer's page: the stored event opened on its Rounds screen, the import's garbage gone with the reload
      await page.goto(`${served.url}?bench#/event/${id}/rounds`);
      await page.waitForSelector('[data-testid="pairings-table"] tbody tr', { timeout: 120_000 });
      await page.waitForSelector(`.pair-next button:not([disabled])`, { timeout: 120_000 });
      await settle(page);
      worker.push(await measure(page, WORKER_CALL(id), cdp, options, `pass ${i + 1}, worker call`));
      await settle(page);
      tap.push(await measure(page, TAP(PLAYED + 1), cdp, options, `pass ${i + 1}, tap to round shown`));
      if (options.raw) console.log(`  pass ${i + 1} (load ${loadavg()[0]!.toFixed(2)}): worker ${line(worker.at(-1)!)} · tap ${line(tap.at(-1)!)}`);
    }
  } finally {
    await chrome.close();
    await served.stop();
    profile.remove();
  }
  const long = (ps: Pass[]): string => {
    const all = ps.flatMap((p) => p.longTasks);
    return `${all.length} (${all.length ? `${Math.max(...all).toFixed(0)} ms` : 'none'})`;
  };
  const n = `median of ${passes}`;
  const cpu = (ps: Pass[]): void => {
    if (ps.every((p) => p.cpu !== undefined)) report('  longest main-thread task by CPU time (worst pass)', `${Math.max(...ps.map((p) => p.cpu!)).toFixed(1)} ms`);
  };
  report(
    `worker pairs 4096 players (round 12) read by id, round trip from the page (${n})`,
    `${median(worker.map((p) => p.ms)).toFixed(0)} ms`,
    `worst ${Math.max(...worker.map((p) => p.ms)).toFixed(0)} ms`,
  );
  report(`  main-thread tasks over 50 ms meanwhile, all ${passes} passes (longest)`, long(worker), 'target 0');
  report('  worst gap between animation frames meanwhile (worst pass)', `${Math.max(...worker.map((p) => p.worstGap)).toFixed(0)} ms`);
  cpu(worker);
  report(
    `organizer's tap « Apparier la ronde 12 » to its 2048 tables shown (${n})`,
    `${median(tap.map((p) => p.ms)).toFixed(0)} ms`,
    `worst ${Math.max(...tap.map((p) => p.ms)).toFixed(0)} ms`,
  );
  report(`  main-thread tasks over 50 ms meanwhile, all ${passes} passes (longest)`, long(tap), 'target 0');
  report('  worst gap between animation frames meanwhile (worst pass)', `${Math.max(...tap.map((p) => p.worstGap)).toFixed(0)} ms`);
  cpu(tap);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const print = (what: string, value: string, target = ''): void => console.log(`${what.padEnd(84)} ${value.padStart(12)}   ${target}`);
  // a loaded machine stretches every task: the figures mean little without it
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the start`,
  );
  await benchWorkerPairs(print, { passes: Number(argv.find((a) => /^\d+$/.test(a)) ?? 3), trace: argv.includes('--trace'), cpu: argv.includes('--cpu'), raw: true });
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the end`,
  );
}
