import { defineConfig } from 'vitest/config';

// Two projects: 'unit' (domain, store, worker, ui: fast, no browser) and 'e2e' (drives the built
// app in Debian's Chromium; run after `vite build`). Unit runs two files at once: vitest's default
// (cores - 1) is one worker on CI's 2-core machine. e2e runs one file at a time: every file has its
// own ports, Chromium profile and temp folders, but two at once on 2 cores saved ~3 minutes and, in
// 3 of 3 full runs, timed a step out somewhere (a page not ready in 30 s among faults' 200 loads, a
// QR scan, a slip's screenshot): each Chromium starves the other's renderer.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/{domain,store,worker,ui,cli,scripts}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          // No test here measures time (the bench does), so none may fail because the machine is
          // busy: vitest's 5 s default failed property and component tests on a loaded 2-core
          // machine. Heavy property tests also set their own timeout, next to their size.
          testTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
