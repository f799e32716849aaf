// The page's one sync worker (worker.ts), started on first use from the lazy sync chunk. Null
// where there is no page to keep free (Node: the tests' and the bench's devices) or no worker can
// be made; `broken` rejects if its script fails to load, and callers then work on the thread.
export interface SyncWorker {
  worker: Worker;
  broken: Promise<never>;
  /** set once `broken` rejected */
  failed: boolean;
}

let started: SyncWorker | null | undefined;

export function syncWorker(): SyncWorker | null {
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
    const w: SyncWorker = { worker, broken, failed: false };
    broken.catch(() => {
      w.failed = true;
    });
    started = w;
  } catch {
    started = null;
  }
  return started;
}

/**
 * Runs `there` (a call to the worker) where a worker runs, `here` otherwise or once the worker is
 * found broken (failed to load, even midway: every sync step is safe to run again).
 */
export async function inWorker<T>(w: Pick<SyncWorker, 'broken' | 'failed'> | null, there: () => Promise<T>, here: () => Promise<T>): Promise<T> {
  if (!w || w.failed) return here();
  try {
    return await Promise.race([there(), w.broken]);
  } catch (err) {
    if (w.failed) return here();
    throw err;
  }
}
