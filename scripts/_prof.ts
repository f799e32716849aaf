import { serializeEventFile } from '../src/domain/event-file';
import { bigEvent } from '../tests/fixtures/big-events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';
const served = await serveDist(); const profile = tempProfile(); const chrome = await startChromium(profile.dir);
try {
  const page = await openApp(chrome.context, served.url + '?bench');
  await waitForServiceWorker(page);
  await page.evaluate('self.__name = (f) => f');
  const text = serializeEventFile(bigEvent('confrontation-rackham', 200, 4096, 3));
  const id = await page.evaluate(async (t: string) => { const { db, deviceId, store } = (window as any).__bench; return (await store.createEvent(db, JSON.parse(t), { deviceId }, 'event-imported')).meta.id; }, text);
  await page.evaluate((h) => void (location.hash = h), `#/event/${id}/players`);
  await page.waitForSelector('[data-testid=players-table]');
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await page.evaluate(() => { (window as any).__lt = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => (window as any).__lt.push(e.duration))).observe({ type: 'longtask' }); });
  await page.evaluate((h) => void (location.hash = h), `#/event/${id}/standings`);
  await page.waitForSelector('[data-testid=standings-table] tbody tr');
  await page.waitForTimeout(1500);
  const { profile: prof } = (await cdp.send('Profiler.stop')) as any;
  console.log('long tasks', await page.evaluate(() => (window as any).__lt));
  const self = new Map<string, number>(); const byId = new Map(prof.nodes.map((n: any) => [n.id, n]));
  const dt = prof.timeDeltas as number[]; prof.samples.forEach((s: number, i: number) => { const n: any = byId.get(s); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000); });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
} finally { await chrome.close(); await served.stop(); profile.remove(); }
