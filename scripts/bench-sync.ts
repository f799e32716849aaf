// Sync figures for `npm run bench`: a WTC-sized event replicated from one device to another
// through a real PouchDB Server on localhost, and ten devices writing at once until they converge.
// Devices are IndexedDB stores (fake-indexeddb in Node) driven by the app's own store and sync code.
import 'fake-indexeddb/auto';
import type { Action } from '../src/domain/log';
import { openEventDb, type WargameDb } from '../src/store/db';
import * as merge from '../src/domain/log/merge';
import { appendActions, createEvent, getLog, loadEvent, setMergeLoader } from '../src/store/events';
import { updateSyncState } from '../src/store/replica';
import { syncOnce, type SyncConfig } from '../src/sync/couch';
import { admitByCode, checkAdmission, requestJoin } from '../src/sync/join';
import { becomeFirstDevice } from '../src/sync/trust';
import { TRUST_KEY } from '../src/sync/trust-view';
import { makeLargeEvent } from '../tests/fixtures/events';
import { startPouchServer } from './pouch-server';

type Report = (what: string, value: string, target?: string) => void;

const open = (name: string): Promise<WargameDb> => openEventDb({}, `bench-sync-${name}-${Math.random()}`);

/** ~2,000 entries: registrations, check-ins, six rounds paired, started, results, some corrections. */
function wtcActions(): Action[][] {
  const big = makeLargeEvent(320, 6);
  const batches: Action[][] = [];
  for (const p of big.players) batches.push([{ type: 'player-registered', player: p }]);
  for (const p of big.players) batches.push([{ type: 'player-updated', id: p.id, patch: { checkedIn: true } }]);
  for (const r of big.rounds) {
    batches.push([{ type: 'round-paired', round: { ...r, pairings: r.pairings.map(({ result: _r, ...p }) => p) } }]);
    batches.push([{ type: 'round-updated', number: r.number, patch: { startedAt: 1 } }]);
    for (const p of r.pairings) batches.push([{ type: 'result-recorded', round: r.number, table: p.table, result: p.result! }]);
    for (const p of r.pairings.slice(0, 60)) batches.push([{ type: 'result-corrected', round: r.number, table: p.table, result: p.result!, reason: 'typo' }]);
    batches.push([{ type: 'round-updated', number: r.number, patch: { finishedAt: 2 } }]);
  }
  return batches;
}

export async function benchSync(report: Report): Promise<void> {
  setMergeLoader(async () => merge);
  const server = await startPouchServer();
  try {
    const cfg = (db: string): SyncConfig => ({ url: server.url, db });
    const a = await open('a');
    const big = makeLargeEvent(320, 6);
    const { meta } = await createEvent(a, { ...big, players: [], rounds: [] }, { deviceId: 'dev-a' });
    for (const batch of wtcActions()) await appendActions(a, meta.id, batch, { deviceId: 'dev-a' });
    const entries = (await getLog(a, meta.id)).length;
    // median of 3: each run sends the whole log to a new database and a new device receives it
    const runs: { send: number; receive: number; same: boolean; cpu: number }[] = [];
    for (let r = 0; r < 3; r++) {
      await fetch(`${server.url}/wtc-${r}`, { method: 'PUT' });
      await updateSyncState(a, meta.id, { pushedSeq: 0, since: 0 });
      // a new feed each run: every entry signed and sealed again, inside the timed send
      await a.delete('settings', TRUST_KEY(meta.id));
      // this process's CPU time too: on a shared, loaded machine the wall clock says little
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await becomeFirstDevice(a, meta.id, 'dev-a', 'A');
      await syncOnce(a, meta.id, 'dev-a', cfg(`wtc-${r}`));
      const t1 = performance.now();
      const b = await open(`b${r}`);
      const { code } = await requestJoin(b, 'dev-b', cfg(`wtc-${r}`));
      await admitByCode(a, meta.id, 'dev-a', cfg(`wtc-${r}`), code, 'B');
      // received, each document verified, opened and checked, then folded
      const t1b = performance.now();
      await checkAdmission(b, 'dev-b', cfg(`wtc-${r}`));
      const t2 = performance.now() - (t1b - t1);
      const cpu = process.cpuUsage(cpu0);
      runs.push({
        cpu: (cpu.user + cpu.system) / 1000,
        send: t1 - t0,
        receive: t2 - t1,
        // as of each log's end: a plain append leaves the stored projection behind
        same: JSON.stringify((await loadEvent(a, meta.id)).event) === JSON.stringify((await loadEvent(b, meta.id)).event),
      });
    }
    runs.sort((x, y) => x.send + x.receive - (y.send + y.receive));
    const mid = runs[1]!;
    report(`WTC event (320 players, 6 rounds, ${entries} entries) device to device via server, median of 3`, `${(mid.send + mid.receive).toFixed(0)} ms`, 'target < 2000 ms');
    report(
      `  sign+seal+send ${mid.send.toFixed(0)} ms + receive, verify, open, check and fold ${mid.receive.toFixed(0)} ms; same event on both`,
      runs.every((x) => x.same) ? 'yes' : 'NO',
    );
    report(`  CPU time of the app's code in that run (both devices, admission included; server apart)`, `${mid.cpu.toFixed(0)} ms`);

    // Ten devices on one event, each recording and correcting results offline and syncing
    // whenever it likes; then everyone syncs until no device receives anything new.
    await fetch(`${server.url}/ten`, { method: 'PUT' });
    const first = await open('d0');
    const small = makeLargeEvent(64, 1);
    const round = small.rounds[0]!;
    const { meta: m } = await createEvent(first, { ...small, rounds: [{ ...round, pairings: round.pairings.map(({ result: _r, ...p }) => p) }] }, { deviceId: 'dev-0' });
    await becomeFirstDevice(first, m.id, 'dev-0', 'D0');
    await syncOnce(first, m.id, 'dev-0', cfg('ten'));
    const devices = [first];
    for (let i = 1; i < 10; i++) {
      const d = await open(`d${i}`);
      const { code } = await requestJoin(d, `dev-${i}`, cfg('ten'));
      await admitByCode(first, m.id, 'dev-0', cfg('ten'), code, `D${i}`);
      await checkAdmission(d, `dev-${i}`, cfg('ten'));
      devices.push(d);
    }
    const perDevice = 30;
    const s0 = performance.now();
    await Promise.all(
      devices.map(async (d, i) => {
        for (let k = 0; k < perDevice; k++) {
          const p = round.pairings[(i * 7 + k) % round.pairings.length]!;
          await appendActions(d, m.id, [{ type: k % 3 ? 'result-corrected' : 'result-recorded', round: 1, table: p.table, result: p.result! } as Action], { deviceId: `dev-${i}` });
          if (k % 5 === 4) await syncOnce(d, m.id, `dev-${i}`, cfg('ten'));
        }
      }),
    );
    let passes = 0;
    for (;;) {
      passes++;
      const received = await Promise.all(devices.map((d, i) => syncOnce(d, m.id, `dev-${i}`, cfg('ten')).then((o) => o.pulled + o.pushed)));
      if (received.every((n) => n === 0)) break;
    }
    const s1 = performance.now();
    const states = await Promise.all(devices.map(async (d) => JSON.stringify((await loadEvent(d, m.id)).event)));
    const logs = await Promise.all(devices.map(async (d) => (await getLog(d, m.id)).length));
    const converged = states.every((s) => s === states[0]) && logs.every((n) => n === logs[0]);
    report(`10 devices x ${perDevice} writes at once, syncing, until all converge (${logs[0]} entries)`, `${(s1 - s0).toFixed(0)} ms`);
    report(`  converged to one event on every device (${passes} final sync passes)`, converged ? 'yes' : 'NO');
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSync((what, value, target = '') => console.log(`${what.padEnd(58)} ${value.padStart(12)}   ${target}`));
}
