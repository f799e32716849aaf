// End-to-end harness: serves dist/ on a free localhost port and runs Debian's Chromium as a real
// process (not a Playwright-launched one) so a test can SIGKILL it like a dead battery and start
// it again on the same profile.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { startServer } from '../../scripts/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--no-default-browser-check',
];

export interface Served {
  url: string;
  stop: () => Promise<void>;
}

export async function serveDist(): Promise<Served> {
  const { server, port } = (await startServer(0 + 4300 + Math.floor(Math.random() * 500), join(process.cwd(), 'dist'))) as { server: Server; port: number };
  return {
    url: `http://localhost:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RunningChromium {
  browser: Browser;
  context: BrowserContext;
  process: ChildProcess;
  /** SIGKILL: no unload, no flush, like a tablet whose battery dies */
  kill: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startChromium(profileDir: string, extraFlags: string[] = []): Promise<RunningChromium> {
  // Its own process group, so a kill takes every Chromium process at once, as a dead battery
  // does: killing only the main process leaves the storage service holding the database lock.
  const proc = spawn(CHROMIUM, [...FLAGS, ...extraFlags, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const ws = await new Promise<string>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${buf}`)), 30_000);
    proc.stderr!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${buf}`)));
  });
  proc.stderr!.resume();
  const browser = await chromium.connectOverCDP(ws);
  const context = browser.contexts()[0]!;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return {
    browser,
    context,
    process: proc,
    kill: async () => {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        proc.kill('SIGKILL');
      }
      await exited;
      // give the kernel a moment to release the profile's files of the group's last processes
      await new Promise((r) => setTimeout(r, 300));
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
      try {
        process.kill(-proc.pid!, 'SIGKILL'); // stragglers of the group, if any
      } catch {
        // none left
      }
    },
  };
}

export function tempProfile(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'wargame-e2e-'));
  // Chromium's helper processes may still be writing for a moment after the browser exits.
  return {
    dir,
    remove: () => {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // a helper process still writing into its profile: a stray temp folder harms nothing
      }
    },
  };
}

export async function openApp(context: BrowserContext, url: string): Promise<Page> {
  const page = context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Resolves once the service worker controls the page: from then on the app runs offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
  });
}

export const SHOTS = join(process.cwd(), 'test-results', 'screens');
