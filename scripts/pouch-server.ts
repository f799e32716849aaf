// Starts PouchDB Server (a CouchDB-compatible server from npm) as a child process: for the sync
// tests and the benchmark (in memory, on a free localhost port) and for `npm run hub` (on the
// hall's LAN). Its config file and log go to a working directory of their own, never the repo.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface PouchServer {
  url: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

export interface PouchServerOptions {
  port?: number;
  /** 127.0.0.1 for tests; 0.0.0.0 for the hub on the LAN */
  host?: string;
  /** keep databases in this directory; absent = in memory */
  dir?: string;
  /** stdout logs (off for tests) */
  logs?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

const BIN = resolve('node_modules/pouchdb-server/bin/pouchdb-server');

export async function startPouchServer(options: PouchServerOptions = {}): Promise<PouchServer> {
  // A port found free may be taken by another test's server before pouchdb-server binds it (two
  // test files start servers at once): then it exits, or the port answers as something else; a
  // port of our own choosing is tried again, a given one is not.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(options.port ?? (await freePort()), options);
    } catch (err) {
      if (options.port !== undefined || attempt >= 5 || !(err instanceof PortTaken)) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, options: PouchServerOptions): Promise<PouchServer> {
  const host = options.host ?? '127.0.0.1';
  const work = mkdtempSync(join(tmpdir(), 'pouch-server-'));
  const args = [BIN, '--port', String(port), '--host', host, '--config', join(work, 'config.json')];
  if (options.dir) args.push('--dir', resolve(options.dir));
  else args.push('--in-memory');
  if (!options.logs) args.push('--no-stdout-logs');
  const proc = spawn(process.execPath, args, { cwd: work, stdio: ['ignore', options.logs ? 'inherit' : 'ignore', options.logs ? 'inherit' : 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  const giveUp = (why: Error): never => {
    proc.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    throw why;
  };
  for (;;) {
    if (proc.exitCode !== null) giveUp(/EADDRINUSE/.test(stderr) ? new PortTaken(`port ${port} taken`) : new Error(`pouchdb-server exited (${proc.exitCode}): ${stderr}`));
    try {
      const r = await fetch(`${url}/`);
      // the server's welcome (CouchDB's « couchdb », PouchDB Server's « express-pouchdb »), not whatever else listens there
      const welcome = r.ok ? ((await r.json().catch(() => ({}))) as object) : {};
      if ('couchdb' in welcome || 'express-pouchdb' in welcome) break;
      if (r.ok) giveUp(new PortTaken(`port ${port} answers as something else`));
    } catch (err) {
      if (err instanceof PortTaken) throw err;
      // not listening yet
    }
    if (Date.now() > deadline) giveUp(new Error(`pouchdb-server did not answer on ${url}: ${stderr}`));
    await new Promise((r) => setTimeout(r, 100));
  }
  // Browsers call it from the app's origin: CouchDB's CORS settings, through its _config API.
  const config: [string, string][] = [
    ['httpd/enable_cors', 'true'],
    ['cors/origins', '*'],
    ['cors/credentials', 'true'],
    ['cors/methods', 'GET, PUT, POST, HEAD, DELETE'],
    ['cors/headers', 'accept, authorization, content-type, origin, referer'],
  ];
  for (const [key, value] of config) await fetch(`${url}/_config/${key}`, { method: 'PUT', body: JSON.stringify(value) });
  return {
    url,
    port,
    process: proc,
    stop: () =>
      new Promise<void>((res) => {
        const done = (): void => {
          rmSync(work, { recursive: true, force: true });
          res();
        };
        if (proc.exitCode !== null) return done();
        proc.once('exit', done);
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      }),
  };
}
