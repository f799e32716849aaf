// The table's sound and vibration. Generated tones (nothing to precache), short enough not to
// disturb the next table, and a vibration pattern for a phone lying on the table.
import { audioContext } from '../../../platform/audio';

export type SignalKind = 'turn-over' | 'dice-down' | 'time-out' | 'announce' | 'received' | 'refused';

const PATTERNS: Record<SignalKind, { beeps: number; hz: number; vibrate: number[] }> = {
  'turn-over': { beeps: 2, hz: 660, vibrate: [300, 150, 300] },
  'dice-down': { beeps: 3, hz: 880, vibrate: [400, 200, 400, 200, 400] },
  'time-out': { beeps: 4, hz: 988, vibrate: [600, 200, 600] },
  announce: { beeps: 1, hz: 740, vibrate: [300] },
  // the results desk: one bright beep per result taken in, two low ones when a code is refused
  received: { beeps: 1, hz: 1175, vibrate: [] },
  refused: { beeps: 2, hz: 330, vibrate: [] },
};

export function signal(kind: SignalKind): void {
  const p = PATTERNS[kind];
  try {
    // the page's one context, unlocked by the first tap (src/platform/audio.ts)
    const ctx = audioContext();
    if (ctx) {
      if (ctx.state === 'suspended') void ctx.resume();
      for (let i = 0; i < p.beeps; i++) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = p.hz;
        gain.gain.value = 0.35;
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + i * 0.4);
        osc.stop(ctx.currentTime + i * 0.4 + 0.25);
      }
    }
  } catch {
    // no audio device: the colour change is the signal
  }
  if (p.vibrate.length > 0) navigator.vibrate?.(p.vibrate);
}
