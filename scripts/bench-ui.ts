// The organizer's screens with a 4,096-player event (issue 14): the longest main-thread task
// (PerformanceObserver 'longtask' sees tasks over 50 ms) while a tab opens, a name is typed or a
// player checked in, for every game system, in Debian's Chromium over the built app. The event is
// generated (tests/fixtures/big-events.ts: 3 rounds played and a 4th paired, ~2,048 tables),
// imported through the store, then each screen is reached by its hash route as the organizer
// would by a tab. Medians of `RUNS` passes, and the worst pass.
// A cheap tablet (issue 23): the same screens on a 512-player event with Chromium's CPU slowed
// 4x (DevTools' Emulation.setCPUThrottlingRate, a low-end Android tablet), and the offline start
// (reload with the network off, the service worker serving) to the event's usable Players screen.
// Run alone: npx tsx scripts/bench-ui.ts [runs] [--tablet | --big] [--step=Rounds,Standings] [--trace] [--cpu] [--no-start]
// (BENCH_UI_RAW=1: every pass; BENCH_UI_TOP=3: with --trace, each step's 3 longest tasks;
// BENCH_UI_ONLY=SR2011: one system; BENCH_UI_CSS='a rule': added to the page, with --no-start)
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { serializeEventFile } from '../src/domain/event-file';
import { BIG_SYSTEMS, bigEvent } from '../tests/fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
import type { CDPSession, Page } from 'playwright-core';

const RUNS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

if (!existsSync('dist/index.html')) execSync('npm run -s build', { stdio: 'inherit' });

/** a « Dupont-Aignan » of the generated event (numbers 33..40 mod 48): 1234, or the last one */
let searchFor = 1234;
const searchTarget = (players: number): number => (players >= 1234 ? 1234 : players - ((players - 34) % 48));

type Step = { what: string; run: (page: Page, id: string) => Promise<void> };

const goTo = async (page: Page, hash: string): Promise<void> => {
  await page.evaluate((h) => void (location.hash = h), hash);
};
const STEPS: Step[] = [
  {
    what: 'open Players',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/players`);
      await page.waitForSelector('[data-testid="players-table"] [data-testid="player-1"], [data-testid="players-table"] tbody tr', { timeout: 120_000 });
    },
  },
  {
    what: 'type a name (27 keys)',
    run: async (page) => {
      const input = page.locator('input[name="name"]').first();
      await input.click();
      await input.pressSequentially('Pierre-Yves Morel-Delacroix', { delay: 20 });
      await page.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value.length === 27, null, { timeout: 120_000 });
      await input.fill('');
    },
  },
  {
    what: 'search a player (11 keys)',
    run: async (page) => {
      const input = page.getByLabel('Rechercher un joueur');
      // before issue 14 the tab had no search: nothing to measure
      if ((await input.count()) === 0) return;
      await input.pressSequentially(`Aignan ${searchFor}`, { delay: 20 });
      await page.waitForSelector(`[data-testid="player-${searchFor}"]`, { timeout: 120_000 });
      await input.fill('');
    },
  },
  {
    // a tablet's typist: slower than the list's wait for a pause, so the list follows each key
    what: 'search key by key (11 keys, 0.3 s apart)',
    run: async (page) => {
      const input = page.getByLabel('Rechercher un joueur');
      if ((await input.count()) === 0) return;
      await input.pressSequentially(`Aignan ${searchFor}`, { delay: 300 });
      await page.waitForSelector(`[data-testid="player-${searchFor}"]`, { timeout: 120_000 });
      await input.fill('');
    },
  },
  {
    what: 'check one player in',
    run: async (page) => {
      const box = page.locator('[data-testid="players-table"] input[type="checkbox"]').first();
      const was = await box.isChecked();
      await box.click();
      await page.waitForFunction((w) => (document.querySelector('[data-testid="players-table"] input[type="checkbox"]') as HTMLInputElement).checked !== w, was, {
        timeout: 120_000,
      });
    },
  },
  {
    what: 'open Standings',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/standings`);
      await page.waitForSelector('[data-testid="standings-table"] tbody tr', { timeout: 120_000 });
    },
  },
  {
    what: 'open Rounds',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/rounds`);
      // the tables come a few a frame after the screen: until they stop coming (all of a
      // knockout's 32, a long round's window), so the step's tasks are all in its measure
      await page.waitForFunction(
        () => {
          const w = window as unknown as { __rows?: { n: number; same: number } };
          const n = document.querySelectorAll('[data-testid="pairings-table"] tbody tr:not(.vspacer)').length;
          const same = w.__rows && w.__rows.n === n ? w.__rows.same + 1 : 0;
          w.__rows = { n, same };
          if (n > 0 && same >= 3) {
            delete w.__rows;
            return true;
          }
          return false;
        },
        null,
        { timeout: 120_000, polling: 100 },
      );
    },
  },
  {
    what: 'open Format',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/settings`);
      await page.waitForSelector('form, .format', { timeout: 120_000 });
    },
  },
  {
    what: 'projector: standings',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/projector/standings`);
      await page.waitForSelector('[data-testid="projector-table"] tbody tr, .bracket', { timeout: 120_000 });
    },
  },
  {
    what: 'projector: pairings',
    run: async (page, id) => {
      await goTo(page, `#/event/${id}/projector/pairings`);
      await page.waitForSelector('.projector-pairings tr', { timeout: 120_000 });
    },
  },
];

/** Runs `step`, then waits for a quiet half-second (the worker's answer, a late render), and returns the longest task seen. */
async function longest(page: Page, id: string, step: Step, cdp?: CDPSession, cpu?: CDPSession): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { __lt: number[] }).__lt = [];
  });
  const tracing = cdp ? await startTrace(cdp) : null;
  const timing = cpu ? await startCpuTrace(cpu) : null;
  await step.run(page, id);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { __lt: number[] };
        let seen = w.__lt.length;
        let quiet = 0;
        const tick = (): void => {
          quiet = w.__lt.length === seen ? quiet + 1 : 0;
          seen = w.__lt.length;
          if (quiet >= 5) resolve();
          else setTimeout(tick, 100);
        };
        setTimeout(tick, 100);
      }),
  );
  if (tracing) console.log(`  ${step.what}: ${await tracing(Number(process.env.BENCH_UI_TOP ?? 1))}`);
  if (timing) return timing();
  return page.evaluate(() => Math.max(0, ...(window as unknown as { __lt: number[] }).__lt));
}

/**
 * --cpu: the longest main-thread task by its CPU time (the trace's thread time), whether or not
 * it passed 50 ms. On a machine shared with other work, wall times stretch with the load and a
 * long-task count says more about the neighbours than the app; the CPU time of the same task
 * stretches far less (with the 4x throttle it is about the throttled duration), so two builds
 * can be compared in turns. No sampling profiler: it would add its own cost.
 */
export async function startCpuTrace(cdp: CDPSession): Promise<() => Promise<number>> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown[] }): void => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel', '__metadata'] } });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && mains.has(`${e.pid}:${e.tid}`));
    return Math.max(0, ...tasks.map((e) => (e.tdur ?? 0) / 1000));
  };
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; beginData?: unknown; data?: unknown } };
type CpuProfile = {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** What happens inside a task the renderer runs: the work a long task is made of */
const WORK =
  /^(FunctionCall|EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|v8\.produceModuleCache|TimerFire|FireAnimationFrame|EventDispatch|v8\.compileModule|v8\.evaluateModule|v8\.produceModuleCache|v8\.deserializeModuleCache|v8\.run|TimerFire|FireAnimationFrame|EventDispatch|Layout|UpdateLayoutTree|PrePaint|Paint|Layerize|ParseHTML|HitTest|MinorGC|MajorGC|V8\.GC_SCAVENGER|V8\.GC_MARK_COMPACTOR|RunMicrotasks|IntersectionObserverController::computeIntersections|ResizeObserverController::deliverObservations|UpdateLayer|Commit|ScheduleStyleRecalculation|InvalidateLayout|ParseAuthorStyleSheet)$/;

/**
 * --trace: the step under a Chromium trace and the V8 sampling profiler. Prints the longest task
 * of the page's main thread, its wall time and its CPU time (a loaded machine or the 4x throttle
 * stretch the first, not the second), what it was made of, and the JS functions that took its
 * time (self time in that task, from the profiler's samples).
 */
export async function startTrace(cdp: CDPSession): Promise<(count?: number) => Promise<string>> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown[] }): void => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'v8', 'blink', '__metadata'],
    },
  });
  return async (count = 1) => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && mains.has(`${e.pid}:${e.tid}`));
    if (tasks.length === 0) return 'no task';
    const over = tasks.filter((e) => (e.dur ?? 0) > 50_000).length;
    const busy = tasks.reduce((n, e) => n + (e.dur ?? 0), 0);
    // a task nested in another (two trace names for one task) is listed once
    const longest: TraceEvent[] = [];
    for (const e of [...tasks].sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0))) {
      if (longest.length >= count) break;
      if (!longest.some((o) => e.ts >= o.ts && e.ts < o.ts + (o.dur ?? 0))) longest.push(e);
    }
    let head = `${tasks.length} tasks, ${over} over 50 ms, ${(busy / 1000).toFixed(0)} ms busy`;
    if (count > 1) {
      // a start: when each script was asked for and arrived, from the navigation (the waterfall)
      const nav = events.find((e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`))?.ts ?? tasks[0]!.ts;
      const data = (e: TraceEvent): { url?: string; requestId?: string } => (e.args as { data?: { url?: string; requestId?: string } } | undefined)?.data ?? {};
      const sent = events.filter((e) => e.name === 'ResourceSendRequest' && /\.js$/.test(data(e).url ?? ''));
      const finish = new Map(events.filter((e) => e.name === 'ResourceFinish').map((e) => [data(e).requestId, e.ts]));
      const rel = (ts: number): string => ((ts - nav) / 1000).toFixed(0);
      const name = (e: TraceEvent): string =>
        data(e)
          .url!.split('/')
          .pop()!
          .replace(/-[\w-]{8}\.js$/, '');
      head += `\n    scripts (asked → in, ms): ${sent.map((e) => `${name(e)} ${rel(e.ts)}→${finish.has(data(e).requestId) ? rel(finish.get(data(e).requestId)!) : '?'}`).join(', ')}`;
    }
    return [head, ...longest.map((top) => describeTask(events, profile, top))].join('\n    ');
  };
}

type Traced = { originalPositionFor: (map: unknown, pos: { line: number; column: number }) => { source: string | null; line: number | null; name: string | null } };
let tracer: { lib: Traced; TraceMap: new (map: string) => unknown } | null | undefined;
const maps = new Map<string, unknown>();
/**
 * A profiled function named by its source (« fileUnder src/ui/surname.ts:41 ») rather than by the
 * minified build (« w surname-De53Epfr.js:1 »), from the build's source maps in dist/assets. Vite's
 * own dependency reads them; without it (or a map) the minified name stays.
 */
function sourceName(f: { functionName: string; url: string; lineNumber: number; columnNumber?: number }): string {
  const file = f.url.split('/').pop() ?? '';
  const minified = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  if (tracer === undefined) {
    try {
      const lib = createRequire(import.meta.url)('@jridgewell/trace-mapping');
      tracer = { lib, TraceMap: lib.TraceMap };
    } catch {
      tracer = null;
    }
  }
  if (!tracer || !file.endsWith('.js') || f.columnNumber === undefined || f.columnNumber < 0 || f.lineNumber < 0) return minified;
  let map = maps.get(file);
  if (map === undefined) {
    const path = `dist/assets/${file}.map`;
    map = existsSync(path) ? new tracer.TraceMap(readFileSync(path, 'utf8')) : null;
    maps.set(file, map);
  }
  if (!map) return minified;
  const o = tracer.lib.originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
  if (!o.source) return minified;
  return `${o.name ?? f.functionName ?? '(anonymous)'} ${o.source.replace(/^(\.\.\/)+/, '')}:${o.line}`;
}

/** What one task of the main thread was made of: the renderer's work by kind, each big layout's size, and the JS functions (self and inclusive time) */
function describeTask(events: TraceEvent[], profile: CpuProfile, top: TraceEvent): string {
  const end = top.ts + (top.dur ?? 0);
  const inside = events.filter((e) => e.ph === 'X' && e.pid === top.pid && e.tid === top.tid && e.ts >= top.ts && e.ts < end && WORK.test(e.name));
  const byName = new Map<string, number>();
  for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0));
  const parts = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`);
  // the profiler's samples that fall inside the task, by function (self time)
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t < top.ts || t >= end) continue;
    const f = nodes.get(profile.samples[i]!)!;
    const key = sourceName(f);
    const us = profile.timeDeltas[i + 1] ?? dt;
    self.set(key, (self.get(key) ?? 0) + us);
    // inclusive: each function on the sample's stack once
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]!; id !== undefined; id = parent.get(id)) {
      const g = nodes.get(id)!;
      if (!g.url) continue;
      const k = sourceName(g);
      if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + us);
      seen.add(k);
    }
  }
  const incl = [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 16)
    .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`);
  const fns = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`);
  // each layout's size: how many layout objects it had to place (dirty / all)
  const layouts = inside
    .filter((e) => e.name === 'Layout' && (e.tdur ?? 0) > 2000)
    .map((e) => {
      const b = (e.args as { beginData?: { dirtyObjects?: number; totalObjects?: number; stackTrace?: { functionName: string; url: string; lineNumber: number }[] } } | undefined)
        ?.beginData;
      // a layout forced by script (a size read after a change) names the script that read it
      const by = b?.stackTrace?.length
        ? ` forced by ${b.stackTrace.map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`).join(' < ')}`
        : '';
      return `${((e.tdur ?? 0) / 1000).toFixed(1)} ms (${b?.dirtyObjects ?? '?'}/${b?.totalObjects ?? '?'} objects)${by}`;
    });
  if (layouts.length) parts.push(`layouts: ${layouts.join(', ')}`);
  return `longest ${((top.dur ?? 0) / 1000).toFixed(1)} ms wall, ${((top.tdur ?? 0) / 1000).toFixed(1)} ms CPU: ${parts.join(', ')}\n    JS self (ms, wall): ${fns.join(' | ')}\n    JS total: ${incl.join(' | ')}`;
}

/**
 * Imports an event file into the bench page's database as the app's import does (the page built
 * with `?bench` exposes its store), deleting `replacing` first; the new event's id.
 */
export async function importInPage(page: Page, fileText: string, replacing: string | null = null): Promise<string> {
  // tsx compiles with keepNames: the functions sent to the page call a __name() it lacks
  await page.evaluate('self.__name = self.__name || ((f) => f)');
  return page.evaluate(
    async ({ fileText, replacing }: { fileText: string; replacing: string | null }) => {
      const { db, deviceId, store } = (window as unknown as { __bench: { db: never; deviceId: string; store: typeof import('../src/store/events') } }).__bench;
      if (replacing) await store.deleteEvent(db, replacing);
      const { meta } = await store.createEvent(db, JSON.parse(fileText), { deviceId }, 'event-imported');
      return meta.id;
    },
    { fileText, replacing },
  );
}

export interface UiBenchOptions {
  players?: number;
  /** CPU slow-down factor (1 = none; 4 = a low-end tablet) */
  throttle?: number;
  /** only the steps whose name contains one of these, case aside ('Standings': the tab's and the projector's); 'open Players' is always run first when a later step needs its screen */
  steps?: string[];
  /** print what each step's longest task was made of (Chromium trace + V8 profiler) */
  trace?: boolean;
  /** skip the offline start (only the steps) */
  noStart?: boolean;
  /** each step's longest main-thread task by CPU time, over 50 ms or not (see startCpuTrace) */
  cpu?: boolean;
}

export async function benchUi(report: (what: string, value: string, target?: string) => void, options: UiBenchOptions = {}): Promise<void> {
  const PLAYERS = options.players ?? 4096;
  const throttle = options.throttle ?? 1;
  searchFor = searchTarget(PLAYERS);
  const served = await serveDist();
  const profile = tempProfile();
  const chrome = await startChromium(profile.dir);
  const stepName = (what: string): string =>
    `${throttle > 1 ? `CPU ${throttle}x slower, ` : ''}longest main-thread task${options.cpu ? ' (CPU time)' : ''}, ${PLAYERS.toLocaleString('en')} players: ${what}`;
  try {
    const page = await openApp(chrome.context, served.url + '?bench');
    await waitForServiceWorker(page);
    await page.evaluate('self.__name = (f) => f');
    // BENCH_UI_CSS='a rule': added to the page (with --no-start: a reload drops it), to find by
    // experiment which rule makes a screen's layout slow, one switched off at a time
    if (process.env.BENCH_UI_CSS) await page.addStyleTag({ content: process.env.BENCH_UI_CSS });
    const cdp = await chrome.context.newCDPSession(page);
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const steps = options.steps ? STEPS.filter((s, i) => i === 0 || options.steps!.some((w) => s.what.toLowerCase().includes(w.toLowerCase()))) : STEPS;
    const starts: number[] = [];
    const warmed: { lines: number; after: number }[] = [];
    const results = new Map<string, Map<string, number[]>>();
    // BENCH_UI_ONLY=SR2011,CDR: only those systems (an A/B comparison on a loaded machine)
    const only = process.env.BENCH_UI_ONLY?.split(',');
    for (const { system, points, label } of BIG_SYSTEMS.filter((s) => !only || only.includes(s.label))) {
      const text = serializeEventFile(bigEvent(system, points, PLAYERS, 3));
      const id = await importInPage(page, text);
      await goTo(page, `#/event/${id}/settings`);
      await page.waitForSelector('nav.tabs', { timeout: 120_000 });
      await page.evaluate(() => {
        const w = window as unknown as { __lt: number[] };
        w.__lt = [];
        new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__lt.push(e.duration))).observe({ type: 'longtask' });
      });
      const bySystem = new Map<string, number[]>();
      results.set(label, bySystem);
      if ((throttle > 1 || options.players === 512) && !options.noStart) {
        // offline start: reload on the event's Players screen with the network off (the
        // service worker serves the app), until its first row is on screen; ms since navigation
        await chrome.context.setOffline(true);
        for (let i = 0; i < RUNS; i++) {
          await page.evaluate((h) => void (location.hash = h), `#/event/${id}/players`);
          const tracing = options.trace ? await startTrace(cdp) : null;
          await page.reload();
          await page.waitForSelector('[data-testid="players-table"] tbody tr', { timeout: 120_000 });
          starts.push(await page.evaluate(() => performance.now()));
          if (tracing) console.log(`  offline start ${starts.at(-1)!.toFixed(0)} ms: ${await tracing(4)}`);
        }
        // the fonts warmed in idle time after the start (src/ui/warm-fonts.ts): when it ends
        const warm = await page
          .waitForFunction(
            () => document.body.dataset.fontsWarmedMs && [document.body.dataset.fontsWarmed, document.body.dataset.readyMs, document.body.dataset.fontsWarmedMs],
            null,
            {
              timeout: 60_000,
            },
          )
          .then((h) => h.jsonValue() as Promise<string[]>)
          .catch(() => null);
        if (warm) warmed.push({ lines: Number(warm[0]), after: Number(warm[2]) - Number(warm[1]) });
        await chrome.context.setOffline(false);
        // the reloads dropped what was set on the page: tsx's helper and the observer
        await page.evaluate('self.__name = (f) => f');
        await page.evaluate(() => {
          const w = window as unknown as { __lt: number[] };
          w.__lt = [];
          new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__lt.push(e.duration))).observe({ type: 'longtask' });
        });
      }
      for (let run = 0; run < RUNS; run++) {
        for (const step of steps) {
          const ms = await longest(page, id, step, options.trace ? cdp : undefined, options.cpu ? cdp : undefined);
          bySystem.set(step.what, [...(bySystem.get(step.what) ?? []), ms]);
        }
        await goTo(page, `#/event/${id}/settings`);
        await page.waitForSelector('nav.tabs', { timeout: 120_000 });
      }
      // leave the event's screens before the next import
      await goTo(page, '#/');
    }
    if (process.env.BENCH_UI_RAW) for (const [label, m] of results) console.log(label, JSON.stringify(Object.fromEntries(m)));
    for (const step of steps) {
      const parts = [...results].map(([label, m]) => `${label} ${median(m.get(step.what)!).toFixed(0)}`);
      const worst = Math.max(...[...results.values()].map((m) => median(m.get(step.what)!)));
      const worstPass = Math.max(...[...results.values()].flatMap((m) => m.get(step.what)!));
      report(stepName(step.what), `${worst.toFixed(0)} ms`, `target < 50 ms · ${parts.join(' · ')} · worst pass ${worstPass.toFixed(0)} ms`);
    }
    if (warmed.length > 0) {
      report(
        `${throttle > 1 ? `CPU ${throttle}x slower, ` : ''}fonts warmed after the last offline start (${warmed[0]!.lines} lines; median of ${warmed.length} systems)`,
        `${median(warmed.map((w) => w.after)).toFixed(0)} ms`,
        `after the screen was usable · worst ${Math.max(...warmed.map((w) => w.after)).toFixed(0)} ms`,
      );
    }
    if (starts.length > 0) {
      report(
        `${throttle > 1 ? `CPU ${throttle}x slower, ` : ''}offline start to the Players screen of a ${PLAYERS.toLocaleString('en')}-player event (median of ${starts.length})`,
        `${median(starts).toFixed(0)} ms`,
        `target < 1000 ms · worst ${Math.max(...starts).toFixed(0)} ms`,
      );
    }
  } finally {
    await chrome.close();
    await served.stop();
    profile.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const print = (what: string, value: string, target = ''): void => console.log(`${what.padEnd(70)} ${value.padStart(9)}   ${target}`);
  const argv = process.argv.slice(2);
  // a loaded machine stretches every task: the figures mean little without it
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at the start`,
  );
  // --step=Rounds,Standings: those steps only (after opening Players); --trace: what each longest task is made of; --no-start: no offline start
  const steps = argv
    .find((a) => a.startsWith('--step='))
    ?.slice(7)
    .split(',');
  // --cpu: the longest task's CPU time instead of the long tasks' wall time (a loaded machine)
  const more = { steps, trace: argv.includes('--trace'), noStart: argv.includes('--no-start'), cpu: argv.includes('--cpu') };
  // --rate=1: the tablet's event without the slow-down (CPU times to compare on a loaded machine)
  const rate = Number(argv.find((a) => a.startsWith('--rate='))?.slice(7) ?? 4);
  if (!argv.includes('--big')) await benchUi(print, { players: 512, throttle: rate, ...more });
  if (!argv.includes('--tablet')) await benchUi(print, more);
}
