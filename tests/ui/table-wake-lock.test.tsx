// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepScreenAwake } from '../../src/platform/wake-lock';

class FakeSentinel {
  released = false;
  private listeners: Array<() => void> = [];
  addEventListener(_: 'release', l: () => void): void {
    this.listeners.push(l);
  }
  async release(): Promise<void> {
    this.released = true;
    this.listeners.forEach((l) => l());
  }
}

const requests: FakeSentinel[] = [];
let visibility: 'visible' | 'hidden' = 'visible';
Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
Object.defineProperty(navigator, 'wakeLock', {
  configurable: true,
  value: {
    request: async () => {
      const s = new FakeSentinel();
      requests.push(s);
      return s;
    },
  },
});

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  requests.length = 0;
  visibility = 'visible';
});

describe('screen wake lock', () => {
  it('holds the screen on, asks again when the page comes back, and lets go when the table screen closes', async () => {
    const changes: boolean[] = [];
    const handle = keepScreenAwake((held) => changes.push(held));
    await tick();
    expect(requests).toHaveLength(1);
    expect(handle.held).toBe(true);

    // the browser drops the lock when the page is hidden (screen off, tab switch)
    visibility = 'hidden';
    await requests[0]!.release();
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(handle.held).toBe(false);
    expect(requests).toHaveLength(1);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(requests).toHaveLength(2);
    expect(handle.held).toBe(true);

    handle.release();
    await tick();
    expect(requests[1]!.released).toBe(true);
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(requests).toHaveLength(2);
    expect(changes).toEqual([true, false, true, false]);
  });
});
