// @vitest-environment jsdom
// The hall's screens stay on: the projector always, the organizer's round timer and the hall timer
// while a round runs (the table clock already did). And the first tap unlocks the audio, so the
// first alarm, started by a timer, is not silent on an iPad.
import { cleanup, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { audioContext, resetAudioForTests, unlockAudioOnFirstGesture, wantSound } from '../../src/platform/audio';
import { useWakeLock } from '../../src/ui/use-wake-lock';

class FakeSentinel {
  released = false;
  private listeners: Array<() => void> = [];
  addEventListener(_: 'release', l: () => void): void {
    this.listeners.push(l);
  }
  async release(): Promise<void> {
    this.released = true;
    for (const l of this.listeners) l();
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

beforeEach(() => {
  requests.length = 0;
  visibility = 'visible';
});
afterEach(cleanup);

function Timer({ running }: { running: boolean }) {
  useWakeLock(running);
  return <p>timer</p>;
}

describe('screen wake lock for the hall', () => {
  it('holds the lock while the round runs, re-asks when the page comes back, lets go at the end', async () => {
    const view = render(<Timer running={true} />);
    await tick();
    expect(requests).toHaveLength(1);
    visibility = 'hidden';
    await requests[0]!.release();
    document.dispatchEvent(new Event('visibilitychange'));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.released).toBe(false);
    view.rerender(<Timer running={false} />);
    await tick();
    expect(requests[1]!.released).toBe(true);
    expect(requests).toHaveLength(2);
  });

  it('asks nothing while no round runs', async () => {
    render(<Timer running={false} />);
    await tick();
    expect(requests).toHaveLength(0);
  });
});

function fakeAudio() {
  const made: FakeContext[] = [];
  class FakeContext {
    state: 'suspended' | 'running' = 'suspended';
    resumed = 0;
    started = 0;
    destination = {};
    constructor() {
      made.push(this);
    }
    resume(): Promise<void> {
      this.resumed++;
      this.state = 'running';
      return Promise.resolve();
    }
    createBuffer() {
      return {};
    }
    createBufferSource() {
      return { buffer: null, connect: () => undefined, start: () => void this.started++ };
    }
  }
  (globalThis as { AudioContext?: unknown }).AudioContext = FakeContext;
  return made;
}

describe('audio unlocked by a tap on a screen that can sound', () => {
  it('creates and resumes the one AudioContext inside the gesture, then stops listening', () => {
    const made = fakeAudio();
    resetAudioForTests();
    unlockAudioOnFirstGesture(document);
    expect(made).toHaveLength(0);
    // no screen that can sound is shown: a tap (the first of check-in, say) opens no audio device
    document.dispatchEvent(new Event('pointerdown'));
    expect(made).toHaveLength(0);
    // a clock's screen is shown: its first tap (« Démarrer la ronde ») creates the context inside the gesture
    const release = wantSound();
    document.dispatchEvent(new Event('pointerdown'));
    release();
    expect(made).toHaveLength(1);
    expect(made[0]!.resumed).toBe(1);
    expect(made[0]!.started).toBe(1);
    // later taps change nothing; the alarms use the same, running context
    document.dispatchEvent(new Event('pointerdown'));
    expect(made[0]!.started).toBe(1);
    expect(audioContext()).toBe(made[0]);
    expect(made).toHaveLength(1);
  });

  it('a clock shown before its round starts makes its first tap the one that unlocks; gone, taps open nothing', async () => {
    const made = fakeAudio();
    resetAudioForTests();
    const stop = unlockAudioOnFirstGesture(document);
    const view = render(<Timer running={false} />);
    await tick();
    view.unmount();
    await tick();
    document.dispatchEvent(new Event('keydown'));
    expect(made).toHaveLength(0);
    // a screen gone before the frame after its render (a quick tap through, a loaded tablet):
    // nothing of it may stay wanting sound once Preact's after-frame effects have run (100 ms)
    render(<Timer running={false} />).unmount();
    await new Promise((r) => setTimeout(r, 150));
    document.dispatchEvent(new Event('keydown'));
    expect(made).toHaveLength(0);
    render(<Timer running={false} />);
    await tick();
    document.dispatchEvent(new Event('keydown'));
    expect(made).toHaveLength(1);
    expect(made[0]!.state).toBe('running');
    stop();
  });
});
