import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { serializeEventFile } from '../../src/domain/event-file';
import { AbortedError, createEngineClient } from '../../src/platform/engine';
import { api } from '../../src/worker/api';
import { makeEvent } from '../fixtures/events';

/** A Worker stand-in: the real api exposed over a MessageChannel in this thread. */
function fakeWorker(impl: object = api) {
  const { port1, port2 } = new MessageChannel();
  expose(impl, port2);
  let terminated = false;
  const worker = Object.assign(port1, {
    terminate() {
      terminated = true;
      port1.close();
      port2.close();
    },
  });
  return { worker: worker as unknown as Worker, isTerminated: () => terminated };
}

describe('engine api (called directly)', () => {
  it('parses a valid event file and reports problems of a bad one as plain data', () => {
    const ok = api.parseEventFile(serializeEventFile(makeEvent()));
    expect(ok.ok).toBe(true);
    const bad = api.parseEventFile('{"format":"nope"}');
    expect(bad.ok).toBe(false);
    expect(structuredClone(bad)).toEqual(bad);
  });
});

describe('engine client', () => {
  it('calls the worker through Comlink with typed plain data', async () => {
    const fw = fakeWorker();
    const client = createEngineClient(() => fw.worker);
    const r = await client.call('parseEventFile', [serializeEventFile(makeEvent())]);
    expect(r.ok && r.event.players).toHaveLength(5);
    client.dispose();
  });

  it('aborts a long job by terminating the worker, then starts a fresh one for the next call', async () => {
    const made: ReturnType<typeof fakeWorker>[] = [];
    const slow = { ...api, spin: (ms: number) => new Promise((r) => setTimeout(() => r(ms), ms)) };
    const client = createEngineClient(() => {
      const fw = fakeWorker(slow);
      made.push(fw);
      return fw.worker;
    });
    const controller = new AbortController();
    const job = client.call('spin', [10_000], controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(job).rejects.toBeInstanceOf(AbortedError);
    expect(made[0]!.isTerminated()).toBe(true);
    await expect(client.call('spin', [1])).resolves.toBe(1);
    expect(made).toHaveLength(2);
    await expect(client.call('spin', [1], AbortSignal.abort())).rejects.toBeInstanceOf(AbortedError);
    client.dispose();
  });
});
