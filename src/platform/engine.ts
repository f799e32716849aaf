// The UI's handle on the engine worker. Comlink gives typed calls; aborting a long job means
// terminating the worker (a synchronous pairing cannot read a cancel message) and starting a
// fresh one on the next call, which is safe because the worker keeps no state.
import { wrap, type Remote } from 'comlink';
import type { EngineApi } from '../worker/api';

type Method = keyof EngineApi;
type Args<M extends Method> = Parameters<EngineApi[M]>;
type Result<M extends Method> = Awaited<ReturnType<EngineApi[M]>>;

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortError';
  }
}

export interface EngineClient {
  call<M extends Method>(method: M, args: Args<M>, signal?: AbortSignal): Promise<Result<M>>;
  dispose(): void;
}

export function createEngineClient(makeWorker: () => Worker): EngineClient {
  let worker: Worker | null = null;
  let remote: Remote<EngineApi> | null = null;
  const ensure = (): Remote<EngineApi> => {
    if (!remote) {
      worker = makeWorker();
      remote = wrap<EngineApi>(worker);
    }
    return remote;
  };
  const kill = (): void => {
    worker?.terminate();
    worker = null;
    remote = null;
  };
  return {
    call(method, args, signal) {
      if (signal?.aborted) return Promise.reject(new AbortedError());
      const r = ensure();
      const fn = r[method] as unknown as (...a: unknown[]) => Promise<never>;
      const job = fn(...(args as unknown[]));
      if (!signal) return job;
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          kill();
          reject(new AbortedError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        job.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
    dispose: kill,
  };
}

let shared: EngineClient | null = null;
export function engine(): EngineClient {
  shared ??= createEngineClient(() => new Worker(new URL('../worker/index.ts', import.meta.url), { type: 'module' }));
  return shared;
}
