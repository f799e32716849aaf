// The page's one sync worker (worker.ts), started on first use from the lazy sync chunk. Null
// where there is no page to keep free (Node: the tests' and the bench's devices) or no worker can
// be made; `broken` rejects if its script fails to load, and callers then work on the thread.
let started: { worker: Worker; broken: Promise<never> } | null | undefined;

export function syncWorker(): { worker: Worker; broken: Promise<never> } | null {
  if (started !== undefined) return started;
  if (typeof Worker !== 'function' || typeof document === 'undefined') return (started = null);
  try {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    const broken = new Promise<never>((_, reject) =>
      worker.addEventListener('error', (e) => {
        worker.terminate();
        reject(new Error(`sync worker: ${e.message || 'failed to start'}`));
      }),
    );
    broken.catch(() => undefined);
    started = { worker, broken };
  } catch {
    started = null;
  }
  return started;
}
