// The real entry point in a child process: exit codes as the shell sees them, no stack traces,
// and the same bytes as the in-process runs, through what `npm run cli` runs (scripts/cli.mjs: the
// compiled entry, compiled first when missing or stale).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeEvent, makeLargeEvent } from '../fixtures/events';
import { cli } from './helpers';

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], options: { stdin?: string; closeStdoutEarly?: boolean } = {}): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', ...args], { cwd: ROOT, env: { ...process.env, LANG: 'C', LC_ALL: '', LC_MESSAGES: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      // like `| head -c N`: the reader goes away while the writer still has output
      if (options.closeStdoutEarly) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: string) => void (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const noStackTrace = (text: string): void => {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/Error:|node:internal/);
};

// Each test starts a Node process (a first one may compile the bundle; seconds on a loaded box).
describe.concurrent('the cli process', { timeout: 60_000 }, () => {
  it('exits 1 with one line for a missing file', async () => {
    const r = await run(['validate', join(dir, 'missing.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`cannot read ${join(dir, 'missing.json')}: no such file\n`);
  });

  it('exits 1 on standard input that is not JSON, naming the problem', async () => {
    const r = await run(['pair', '-', '--seed', '1'], { stdin: '{"format": "wargame-event",' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^standard input: not a valid event file \(1 problem\)\n {2}the file is not readable JSON/);
    noStackTrace(r.stderr);
  });

  it('exits 2 on bad usage and 0 on --help', async () => {
    const [bad, help] = await Promise.all([run(['pair', 'x.json', '--seed', '1.5']), run(['--help'])]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--seed must be a whole number');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /);
  });

  it('pairs with exit 0 and the same bytes as an in-process run with the same seed', async () => {
    const ev = makeEvent();
    ev.rounds[0]!.pairings[1]!.result = { winner: 'p4', how: 'clock', a: { cp: 0, apd: 3 }, b: { cp: 1, apd: 8 } };
    const text = JSON.stringify(ev);
    const file = join(dir, 'event.json');
    writeFileSync(file, text);
    const r = await run(['pair', file, '--seed', '2024']);
    expect(r.code).toBe(0);
    const inProcess = await cli(['pair', file, '--seed', '2024'], { [file]: text });
    expect(r.stdout).toBe(inProcess.stdout);
    expect(r.stderr).toBe(inProcess.stderr);
  });

  it('stops quietly when the reader closes the pipe early', async () => {
    const file = join(dir, 'large.json');
    writeFileSync(file, JSON.stringify(makeLargeEvent(400, 3)));
    const r = await run(['standings', file], { closeStdoutEarly: true });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('EPIPE');
    noStackTrace(r.stderr);
  });
});
