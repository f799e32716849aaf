// The first and the second opening of each organizer screen on the cheap tablet (issue 23): the
// layout and style CPU summed over the step and the longest main-thread task's CPU (Chromium
// trace, thread time, so a loaded machine stretches it less than wall time), at 512 players with
// the CPU slowed 4x. What differs between the two openings is what a screen pays only once per
// page: the fonts' first use, a lazy chunk's compile. Compare two builds in turns (serve each from
// its own folder's dist/). Run: npx tsx scripts/bench-first-open.ts [wait ms before the first
// screen, 4000] (BENCH_UI_ONLY=CDR: another system; default SR2011)
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { serializeEventFile } from '../src/domain/event-file';
import { BIG_SYSTEMS, bigEvent } from '../tests/fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
import { importInPage } from './bench-ui';

type TraceEvent = { name: string; ph: string; ts: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };

const SCREENS: [string, string][] = [
  ['standings', '[data-testid="standings-table"] tbody tr'],
  ['rounds', '[data-testid="pairings-table"] tbody tr'],
  ['settings', 'form, .format'],
  ['projector/standings', '[data-testid="projector-table"] tbody tr, .bracket'],
  ['projector/pairings', '.projector-pairings tr'],
];

if (!existsSync('dist/index.html')) execSync('npm run -s build', { stdio: 'inherit' });
const wait = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 4000);
const label = process.env.BENCH_UI_ONLY ?? 'SR2011';
const big = BIG_SYSTEMS.find((s) => s.label === label) ?? BIG_SYSTEMS[0]!;
const served = await serveDist();
const profile = tempProfile();
const chrome = await startChromium(profile.dir);
try {
  const page = await openApp(chrome.context, served.url + '?bench');
  await waitForServiceWorker(page);
  await page.evaluate('self.__name = (f) => f');
  const text = serializeEventFile(bigEvent(big.system, big.points, 512, 3));
  const id = await importInPage(page, text);
  // a fresh page on the event's Players screen, then the tablet's slow CPU and a pause (the idle work after a start)
  await page.evaluate((h) => void (location.hash = h), `#/event/${id}/players`);
  await page.reload();
  await page.waitForSelector('[data-testid="players-table"] tbody tr', { timeout: 120_000 });
  const cdp = await chrome.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.waitForTimeout(wait);
  console.log(`${label}, 512 players, CPU 4x; fonts warmed: ${await page.evaluate(() => document.body.dataset.fontsWarmed ?? 'no')}; CPU ms of layout / style / longest task`);
  for (const pass of ['first', 'second']) {
    for (const [hash, selector] of SCREENS) {
      const events: TraceEvent[] = [];
      const collect = (e: { value: unknown[] }): void => void events.push(...(e.value as TraceEvent[]));
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'] } });
      await page.evaluate((h) => void (location.hash = h), `#/event/${id}/${hash}`);
      await page.waitForSelector(selector, { timeout: 120_000 });
      await page.waitForTimeout(1500);
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
      const cpu = (name: string): number => onMain.filter((e) => e.name === name).reduce((n, e) => n + (e.tdur ?? 0), 0) / 1000;
      const longest = Math.max(0, ...onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask').map((e) => (e.tdur ?? 0) / 1000));
      console.log(
        `  ${pass} opening, ${hash.padEnd(20)} ${cpu('Layout').toFixed(0).padStart(4)} / ${cpu('UpdateLayoutTree').toFixed(0).padStart(4)} / ${longest.toFixed(0).padStart(4)}`,
      );
    }
  }
} finally {
  await chrome.close();
  await served.stop();
  profile.remove();
}
