// npm run bench: the figures the issues ask for, printed as a table. Builds dist/ if missing.
// Browser figures come from Debian's Chromium driving the built app offline; engine figures
// from Node on this machine. Medians, never single runs.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serializeEventFile } from '../src/domain/event-file';
import type { EventFile, Round } from '../src/domain/event-file';
import { foldLog, type LogEntry } from '../src/domain/log';
import { createRng } from '../src/domain/random';
import { computeStandings, pairNextRound } from '../src/domain/sr2011';
import { makeLargeEvent } from '../tests/fixtures/events';
import { openApp, serveDist, startChromium, tempProfile, waitForServiceWorker } from '../tests/e2e/harness';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const rows: [string, string, string][] = [];
const report = (what: string, value: string, target = ''): void => {
  rows.push([what, value, target]);
  console.log(`${what.padEnd(58)} ${value.padStart(12)}   ${target}`);
};

if (!existsSync('dist/index.html') || process.argv.includes('--build')) execSync('npm run -s build', { stdio: 'inherit' });

// 1. JS loaded at start: the entry script and its static imports (modulepreload), gzipped.
const html = readFileSync('dist/index.html', 'utf8');
const startScripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]!);
const gz = startScripts.reduce((sum, f) => sum + gzipSync(readFileSync(join('dist', f)), { level: 9 }).length, 0);
const gzOf = (f: string): number => gzipSync(readFileSync(join('dist', f)), { level: 9 }).length;
report(`start-up JS, gzipped (entry + modulepreloads: ${startScripts.length} file${startScripts.length === 1 ? '' : 's'})`, `${(gz / 1024).toFixed(1)} KiB`, 'target < 60 KiB');

// 2. Engine in Node: fold of a 64-player 6-round event's log (what "open an event" costs when
// the projection must be rebuilt) and parse+validate of its file.
{
  const big = makeLargeEvent(64, 6);
  const text = serializeEventFile(big);
  const entries: LogEntry[] = [{ eventId: 'b', seq: 1, at: 0, deviceId: 'd', action: { type: 'event-created', event: { ...big, rounds: [] } } }];
  big.rounds.forEach((r) => {
    entries.push({
      eventId: 'b',
      seq: entries.length + 1,
      at: 0,
      deviceId: 'd',
      action: { type: 'round-paired', round: { ...r, pairings: r.pairings.map(({ result: _r, ...p }) => p) } },
    });
    for (const p of r.pairings)
      entries.push({ eventId: 'b', seq: entries.length + 1, at: 0, deviceId: 'd', action: { type: 'result-recorded', round: r.number, table: p.table, result: p.result! } });
  });
  const { parseEventFile } = await import('../src/domain/event-file');
  const times = { fold: [] as number[], parse: [] as number[] };
  for (let i = 0; i < 25; i++) {
    let t = performance.now();
    foldLog(entries);
    times.fold.push(performance.now() - t);
    t = performance.now();
    parseEventFile(text);
    times.parse.push(performance.now() - t);
  }
  report(`fold log of 64 players x 6 rounds (${entries.length} entries), Node`, `${median(times.fold).toFixed(2)} ms`);
  report(`parse + validate its file (${(text.length / 1024).toFixed(0)} KiB), Node`, `${median(times.parse).toFixed(2)} ms`);
}

// 2b. A full event through the real pairing, random results: what the worker is handed.
function simulate(players: number, rounds: number, seed: number): EventFile {
  const rng = createRng(seed);
  let event: EventFile = { ...makeLargeEvent(players, 0), rounds: [] };
  for (let r = 0; r < rounds; r++) {
    const next = pairNextRound(event, { seed: seed + r });
    if (!next.ok) throw new Error(`pairing refused: ${next.reason}`);
    const played: Round = {
      ...next.round,
      pairings: next.round.pairings.map((p) => ({
        ...p,
        result: { winner: rng.int(2) ? p.a : p.b, how: 'scenario' as const, a: { cp: rng.int(4), apd: rng.int(50) }, b: { cp: rng.int(4), apd: rng.int(50) } },
      })),
    };
    event = { ...event, rounds: [...event.rounds, played] };
  }
  return event;
}
const big4096 = simulate(4096, 11, 7);
{
  const standings: number[] = [];
  const pairs: number[] = [];
  for (let i = 0; i < 9; i++) {
    let t = performance.now();
    computeStandings(big4096);
    standings.push(performance.now() - t);
    t = performance.now();
    pairNextRound(big4096, { seed: i });
    pairs.push(performance.now() - t);
  }
  report('standings, 4096 players after 11 rounds, Node (median of 9)', `${median(standings).toFixed(1)} ms`);
  report('next round from the event (standings + pairing), 4096 players', `${median(pairs).toFixed(1)} ms`, 'target < 1000 ms');
}

// 2c. The command line as a user runs it (issue 23): the compiled entry's start against bare
// Node's, and `pair` on that 4,096-player file end to end (read, parse, validate, standings,
// pairing, write). Wall clock of child processes, medians.
{
  const { spawnSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  // compiled afresh: a bundle older than the sources would time code that is gone
  execSync('node scripts/build-cli.mjs', { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  const file = join(dir, 'event-4096.json');
  writeFileSync(file, serializeEventFile(big4096));
  const time = (args: string[], runs: number): number => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'ignore'] });
      ms.push(performance.now() - t);
      if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    }
    return median(ms);
  };
  const bare = time(['-e', '0'], 9);
  report(
    'command line start: node build/cli.mjs --help (median of 9)',
    `${time(['build/cli.mjs', '--help'], 9).toFixed(0)} ms`,
    `target < 150 ms · bare node ${bare.toFixed(0)} ms`,
  );
  report('command line: pair on the 4096-player file, end to end (median of 5)', `${time(['build/cli.mjs', 'pair', file, '--seed', '1'], 5).toFixed(0)} ms`, 'target < 500 ms');
  report('command line: validate on the 4096-player file, end to end (median of 5)', `${time(['build/cli.mjs', 'validate', file], 5).toFixed(0)} ms`);
  // The validation's worst file found: two odd groups of 21 who all met each other by round 21,
  // then paired across again up to the format's 100 rounds. No rematch-free pairing exists, which
  // a plain search learnt only by spending its whole budget, every round (6 s of CPU).
  const worst = join(dir, 'event-two-odd-groups.json');
  const groupPlayer = (side: 'a' | 'b', i: number) => ({
    ...makeLargeEvent(1, 0).players[0]!,
    id: `${side}${i + 1}`,
    number: (side === 'a' ? 0 : 21) + i + 1,
    name: `${side === 'a' ? 'Anne' : 'Bruno'} ${i + 1}`,
  });
  const worstEvent: EventFile = {
    ...makeLargeEvent(1, 0),
    name: 'Two odd groups',
    players: [...Array.from({ length: 21 }, (_, i) => groupPlayer('a', i)), ...Array.from({ length: 21 }, (_, i) => groupPlayer('b', i))],
    rounds: Array.from(
      { length: 100 },
      (_, r): Round => ({
        number: r + 1,
        scenario: null,
        variableMinutes: null,
        bye: null,
        pairings: Array.from({ length: 21 }, (_, i) => {
          const [a, b] = [`a${i + 1}`, `b${((i + r) % 21) + 1}`];
          return { table: i + 1, a, b, result: { winner: r % 2 ? a : b, how: 'tiebreak' as const, a: { cp: 0, apd: 0, listIndex: 0 }, b: { cp: 0, apd: 0, listIndex: 0 } } };
        }),
      }),
    ),
  };
  writeFileSync(worst, serializeEventFile(worstEvent));
  report('command line: validate, 42 players in two odd groups x 100 rounds (median of 5)', `${time(['build/cli.mjs', 'validate', worst], 5).toFixed(0)} ms`);
  rmSync(dir, { recursive: true, force: true });
}

// 3. In Chromium: offline start, one result write, import/open of the 64x6 event.
const served = await serveDist();
const profile = tempProfile();
const chrome = await startChromium(profile.dir);
try {
  const page = await openApp(chrome.context, served.url + '?bench');
  await waitForServiceWorker(page);
  await served.stop();
  await chrome.context.setOffline(true);
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    starts.push(Number(await page.evaluate(() => document.body.dataset.readyMs)));
  }
  report('offline start: navigation to usable screen (median of 5)', `${median(starts).toFixed(0)} ms`, 'target < 1000 ms');
  // Cross-check of the start-up figure above: every script the home screen actually fetched
  // (dynamic imports made at start included), as the browser's resource timing lists them.
  const fetched = (await page.evaluate(`performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)`)) as string[];
  const fetchedJs = [...new Set(fetched.filter((p) => p.endsWith('.js') && p.includes('/assets/')).map((p) => p.slice(p.indexOf('assets/'))))];
  const fetchedGz = fetchedJs.reduce((sum, f) => sum + gzOf(f), 0);
  report(`  JS the home screen fetched at start (${fetchedJs.length} files, gzipped)`, `${(fetchedGz / 1024).toFixed(1)} KiB`);

  // tsx compiles this file with keepNames, which wraps the functions sent to the page in a
  // __name() helper the page does not have.
  await page.evaluate('self.__name = (f) => f');
  const figures = await page.evaluate(
    async (fileText: string) => {
      type Store = typeof import('../src/store/events');
      const { db, deviceId, store } = (window as unknown as { __bench: { db: never; deviceId: string; store: Store } }).__bench;
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ctx = { deviceId };
      const event = JSON.parse(fileText);
      let t = performance.now();
      const { meta } = await store.createEvent(db, event, ctx, 'event-imported');
      const importMs = performance.now() - t;
      // the same page: loadEvent answers with the projection it holds while the stored meta is its own
      const loads: number[] = [];
      for (let i = 0; i < 7; i++) {
        t = performance.now();
        await store.loadEvent(db, meta.id);
        loads.push(performance.now() - t);
      }
      const rebuilds: number[] = [];
      for (let i = 0; i < 5; i++) {
        t = performance.now();
        await store.rebuildProjection(db, meta.id);
        rebuilds.push(performance.now() - t);
      }
      const writes: number[] = [];
      const round = event.rounds[5];
      for (let i = 0; i < 31; i++) {
        const p = round.pairings[i % round.pairings.length];
        t = performance.now();
        await store.appendActions(db, meta.id, [{ type: 'result-corrected', round: 6, table: p.table, result: { ...p.result, a: { ...p.result.a, cp: i % 5 } } }], ctx);
        writes.push(performance.now() - t);
      }
      return { importMs, load: med(loads), rebuild: med(rebuilds), write: med(writes), writeMax: Math.max(...writes) };
    },
    serializeEventFile(makeLargeEvent(64, 6)),
  );
  report('IndexedDB: one result committed (strict durability, median of 31)', `${figures.write.toFixed(2)} ms`, 'target < 10 ms');
  report('IndexedDB: one result committed, worst of 31', `${figures.writeMax.toFixed(2)} ms`);
  report('64 players x 6 rounds: import (one transaction)', `${figures.importMs.toFixed(1)} ms`);
  report('64 players x 6 rounds: open again on the page that imported it (the projection it holds, median)', `${figures.load.toFixed(2)} ms`);
  report('64 players x 6 rounds: rebuild projection from log (median)', `${figures.rebuild.toFixed(2)} ms`);

  void page;
} finally {
  await chrome.close();
  profile.remove();
}

// Pairing round 12 of a stored 4,096-player event as the app does it: the worker reads the event
// by id; the round trip and the organizer's tap to the new round on screen, with the page's tasks
// over 50 ms meanwhile, and the longest task's CPU time, which neighbours on the machine stretch
// far less than its wall time (alone: npx tsx scripts/bench-worker-pairs.ts [passes] [--trace] [--cpu]).
{
  const { benchWorkerPairs } = await import('./bench-worker-pairs');
  await benchWorkerPairs(report, { passes: 5, cpu: true });
}

// The organizer's screens with 4,096 players, every system (issue 14): the longest main-thread task.
{
  console.log("\n--- 4,096 players on the organizer's screens ---");
  const { benchUi } = await import('./bench-ui');
  await benchUi(report);
  // a cheap tablet (issue 23): 512 players, Chromium's CPU slowed 4x, and the offline start
  console.log('\n--- a cheap tablet: 512 players, CPU 4x slower ---');
  await benchUi(report, { players: 512, throttle: 4 });
}

// Issue 20: ticket and result QR codes read from a 640x480 camera frame.
{
  const { benchQr } = await import('./bench-qr');
  await benchQr(report);
}

// Issue 20: a table's result pushed through the intake to the organizer's desk.
{
  const { benchIntake } = await import('./bench-intake');
  await benchIntake(report);
}

// Issue 20, « La salle »: a table's clock state document and a late screen's catch-up.
{
  const { benchHall } = await import('./bench-hall');
  await benchHall(report);
}

// Pairing rows always; --quick runs fewer events and leaves out the slow comparison with
// tournament-organizer.
const pairingBench = 'scripts/bench-pairing.ts';
if (existsSync(pairingBench)) {
  console.log('\n--- pairing (Node) ---');
  execSync(`npx tsx ${pairingBench}${process.argv.includes('--quick') ? ' --quick --no-to' : ''}`, { stdio: 'inherit' });
}

// Table mode (issue: table clock). A running clock screen's CPU, its worst frame while the worker
// pairs 1024 players, and the domain clock's drift over a simulated 3-hour game (must be 0 ms).
{
  console.log('\n--- table mode ---');
  const { foldClock, applyClockAction, viewClockState, emptyClockFold } = await import('../src/domain/clock');
  const { clockConfig } = await import('../src/domain/sr2011/turn-clock');
  const { buildTicket, encodeTicket } = await import('../src/domain/handoff');

  // Drift: 3 hours of turns, pauses and extensions, folded at once and one action at a time; the
  // players' clocks must add up to the elapsed time exactly, and to what each player really used.
  {
    const rng = createRng(2011);
    const t0 = Date.UTC(2026, 11, 5, 9, 0);
    const config = clockConfig({ points: 200, variants: [] }, { firstPlayer: 'a', roundStartedAt: t0 });
    const actions: import('../src/domain/clock').ClockAction[] = [{ type: 'start', at: t0 }];
    const used = { a: 0, b: 0 };
    let paused = 0;
    let t = t0;
    let side: 'a' | 'b' = 'a';
    while (t - t0 < 3 * 3600_000) {
      const turn = 30_000 + rng.int(5 * 60_000) + rng.int(1000);
      const pause = rng.int(3) === 0 ? rng.int(90_000) + 1 : 0;
      if (pause) {
        const at = t + rng.int(turn);
        actions.push({ type: 'pause', at }, { type: 'resume', at: at + pause });
      }
      t += turn + pause;
      used[side] += turn;
      paused += pause;
      actions.push({ type: 'end-turn', at: t, player: side });
      side = side === 'a' ? 'b' : 'a';
    }
    const end = t + 1234;
    used[side] += 1234;
    const whole = viewClockState(config, foldClock(config, actions).state, end);
    let fold = emptyClockFold(config);
    for (const a of actions) fold = applyClockAction(config, fold, a);
    const stepwise = viewClockState(config, fold.state, end);
    const drift = Math.max(
      Math.abs(whole.usedMs.a - used.a),
      Math.abs(whole.usedMs.b - used.b),
      Math.abs(whole.usedMs.a + whole.usedMs.b + whole.pausedMs - whole.elapsedMs),
      Math.abs(whole.elapsedMs - (end - t0)),
      Math.abs(stepwise.usedMs.a - whole.usedMs.a) + Math.abs(stepwise.usedMs.b - whole.usedMs.b),
      Math.abs(paused - whole.pausedMs),
    );
    report(`clock drift over a 3-hour game (${actions.length} actions), domain fold`, `${drift} ms`, 'target 0 ms');
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      const s = performance.now();
      viewClockState(config, foldClock(config, actions).state, end);
      times.push(performance.now() - s);
    }
    report('  fold + view of those actions (what a reload costs), Node', `${median(times).toFixed(2)} ms`);
  }

  const tableServed = await serveDist();
  const tableProfile = tempProfile();
  const tableChrome = await startChromium(tableProfile.dir);
  try {
    const page = await openApp(tableChrome.context, tableServed.url + '?bench');
    await waitForServiceWorker(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const event = makeLargeEvent(4, 0);
    event.settings = { points: 50, variants: [], rounds: null };
    event.rounds = [{ number: 1, scenario: 'overrun', startedAt: Date.now(), variableMinutes: 6, pairings: [{ table: 1, a: 'p1', b: 'p2' }], bye: null }];
    const ticket = encodeTicket(buildTicket(event, 'ev-bench', 1, 1, null)!);
    await page.goto(tableServed.url + '?bench#/table');
    await page.waitForSelector('body[data-ready="true"]');
    await page.locator('textarea').fill(ticket);
    await page.getByRole('button', { name: 'Ouvrir la partie' }).click();
    await page.getByRole('radio', { name: 'Player 1' }).click();
    await page.getByRole('button', { name: 'Démarrer la pendule' }).click();
    await page.getByTestId('turn').filter({ hasText: 'Tour 1' }).waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (): Promise<Record<string, number>> =>
      Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [m.name, m.value]));
    const m0 = await metric();
    await page.waitForTimeout(10_000);
    const m1 = await metric();
    const cpuMsPerS = ((m1.TaskDuration! - m0.TaskDuration!) * 1000) / (m1.Timestamp! - m0.Timestamp!);
    report('running clock screen: main-thread CPU per second (10 s, 390x844)', `${cpuMsPerS.toFixed(1)} ms/s`, 'target < 50 ms/s');
    report(
      '  layouts / style recalcs per second meanwhile',
      `${((m1.LayoutCount! - m0.LayoutCount!) / 10).toFixed(1)} / ${((m1.RecalcStyleCount! - m0.RecalcStyleCount!) / 10).toFixed(1)}`,
    );

    await page.evaluate('self.__name = (f) => f');
    const frames = await page.evaluate(
      async (eventText: string) => {
        const { engine } = (window as unknown as { __bench: { engine: { call: (m: string, a: unknown[]) => Promise<{ ok: boolean }> } } }).__bench;
        const ev = JSON.parse(eventText);
        let worst = 0;
        let last = performance.now();
        let running = true;
        const tick = (t: number): void => {
          worst = Math.max(worst, t - last);
          last = t;
          if (running) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        const t0 = performance.now();
        const r = await engine.call('pairNextRound', [ev, { seed: 3 }]);
        const ms = performance.now() - t0;
        running = false;
        return { ok: r.ok, ms, worst };
      },
      JSON.stringify(simulate(1024, 8, 5)),
    );
    report('clock screen while the worker pairs 1024 players: pairing time', `${frames.ms.toFixed(0)} ms`);
    report('  worst gap between animation frames meanwhile', `${frames.worst.toFixed(0)} ms`, 'target < 50 ms');
  } finally {
    await tableChrome.close();
    await tableServed.stop();
    tableProfile.remove();
  }
}

// Sync (issue 15): replication through a real PouchDB Server on localhost.
{
  const { benchSync } = await import('./bench-sync');
  await benchSync(report);
}

// Sync in Chromium (issue 19): a save on one tablet to its row on the other, and 100,000 entries
// received by a joining tablet with the longest main-thread task (--quick: 20,000).
{
  const { benchSyncUi } = await import('./bench-sync-ui');
  await benchSyncUi(report, process.argv.includes('--quick') ? 20_000 : 100_000);
}
