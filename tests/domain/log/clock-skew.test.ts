import { describe, expect, it } from 'vitest';
import { CLOCK_BEHIND_THRESHOLD_MS, clockBehindMs } from '../../../src/domain/log';
import { createRng } from '../../../src/domain/random';

const MIN = 60_000;
const NOW = Date.UTC(2026, 11, 5, 9, 0);
const e = (deviceId: string, at: number) => ({ deviceId, at });

describe('clockBehindMs: how far this device is behind the others that wrote to the event', () => {
  it('the issue: a tablet 5 h 32 min behind the tablet that started the round', () => {
    const started = NOW + (5 * 60 + 32) * MIN;
    expect(clockBehindMs([e('me', NOW - 10 * MIN), e('other', started - 20 * MIN), e('other', started)], 'me', NOW)).toBe((5 * 60 + 32) * MIN);
  });

  it('a minute or less is not called off; just past it is', () => {
    expect(clockBehindMs([e('other', NOW + CLOCK_BEHIND_THRESHOLD_MS)], 'me', NOW)).toBe(0);
    expect(clockBehindMs([e('other', NOW + CLOCK_BEHIND_THRESHOLD_MS + 1)], 'me', NOW)).toBe(CLOCK_BEHIND_THRESHOLD_MS + 1);
  });

  it("this device's own entries never count, however far in its future (its clock was changed since)", () => {
    expect(clockBehindMs([e('me', NOW + 10 * 60 * MIN)], 'me', NOW)).toBe(0);
  });

  it('a device ahead, an empty log and broken stamps give 0', () => {
    expect(clockBehindMs([], 'me', NOW)).toBe(0);
    expect(clockBehindMs([e('other', NOW - 3 * 60 * MIN)], 'me', NOW)).toBe(0);
    expect(clockBehindMs([e('other', Number.NaN), e('other', Number.POSITIVE_INFINITY), { deviceId: 'other', at: '9' as unknown as number }], 'me', NOW)).toBe(0);
  });

  it('property: never negative, ignores this device, and is the largest lead of another device past a minute', () => {
    const rng = createRng(2026);
    for (let run = 0; run < 500; run++) {
      const entries = Array.from({ length: rng.int(12) }, () => e(['me', 'a', 'b'][rng.int(3)]!, NOW + (rng.int(20 * 60) - 10 * 60) * MIN + rng.int(MIN)));
      const behind = clockBehindMs(entries, 'me', NOW);
      expect(behind).toBeGreaterThanOrEqual(0);
      // removing or moving this device's entries changes nothing
      const others = entries.filter((x) => x.deviceId !== 'me');
      expect(clockBehindMs([...others, e('me', NOW + rng.int(1000) * MIN)], 'me', NOW)).toBe(behind);
      const lead = Math.max(0, ...others.map((x) => x.at - NOW));
      expect(behind).toBe(lead > CLOCK_BEHIND_THRESHOLD_MS ? lead : 0);
      // corrected, this device is never behind any other device's stamp by more than the threshold
      for (const x of others) expect(x.at - (NOW + behind)).toBeLessThanOrEqual(CLOCK_BEHIND_THRESHOLD_MS);
    }
  });
});
