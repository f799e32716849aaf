// scripts/serve.mjs as a real process: a malformed path is a 400 (never a stack trace or a dead
// server), and `--host` makes it reachable from another address than 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

function serve(extra: string[]): Promise<{ port: number; output: () => string }> {
  const port = 5200 + Math.floor(Math.random() * 600);
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--dir', dir, '--port', String(port), ...extra], { cwd: ROOT });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => void (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 10_000);
    child.stdout!.on('data', () => {
      const m = /:(\d+)\//.exec(out) ?? /port (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), output: () => out });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

function get(host: string, port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => void (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve.mjs', () => {
  it('answers 400 to a malformed percent-encoding and keeps serving', async () => {
    const { port, output } = await serve([]);
    const bad = await get('127.0.0.1', port, '/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).not.toMatch(/URIError|at .*\.mjs/);
    expect((await get('127.0.0.1', port, '/%')).status).toBe(400);
    const ok = await get('127.0.0.1', port, '/');
    expect(ok.status).toBe(200);
    expect(output()).not.toMatch(/URIError|Error:/);
  });

  it('listens on 127.0.0.1 only by default, on every interface with --host', async () => {
    const local = await serve([]);
    // 127.0.0.2 is another loopback address: a server bound to 127.0.0.1 does not answer there
    await expect(get('127.0.0.2', local.port, '/')).rejects.toThrow();
    const lan = await serve(['--host']);
    expect((await get('127.0.0.2', lan.port, '/')).status).toBe(200);
    expect(lan.output()).toMatch(/secure context/);
  });
});
