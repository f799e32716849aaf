import { describe, expect, it } from 'vitest';
import { openEventDb } from '../../src/store/db';
import { checkPin, clearPin, getPin, setPin, waitAfter } from '../../src/store/pin';

describe('organizer PIN', () => {
  it('stores only a salted hash and accepts the right PIN', async () => {
    const db = await openEventDb({}, `pin-${Math.random()}`);
    await setPin(db, 'e1', '4821');
    const record = await getPin(db, 'e1');
    // the PIN nowhere as a value of its own (the random hex salts and hashes may hold its digits)
    expect(JSON.stringify(record)).not.toMatch(/(^|[^0-9a-f])4821([^0-9a-f]|$)/);
    expect(record).toMatchObject({ iterations: 100_000, failures: 0 });
    expect(await checkPin(db, 'e1', '4821')).toEqual({ ok: true });
    expect(await checkPin(db, 'other-event', 'anything')).toEqual({ ok: true });
  });

  it('refuses wrong PINs, then makes the next try wait, doubling, and persists the wait', async () => {
    const db = await openEventDb({}, `pin-${Math.random()}`);
    await setPin(db, 'e1', '4821');
    const t = 1_000_000;
    expect(await checkPin(db, 'e1', '0000', t)).toEqual({ ok: false, reason: 'wrong', waitSeconds: 0 });
    expect(await checkPin(db, 'e1', '0001', t)).toEqual({ ok: false, reason: 'wrong', waitSeconds: 0 });
    expect(await checkPin(db, 'e1', '0002', t)).toEqual({ ok: false, reason: 'wrong', waitSeconds: 30 });
    // even the right PIN waits
    expect(await checkPin(db, 'e1', '4821', t + 10_000)).toEqual({ ok: false, reason: 'wait', waitSeconds: 20 });
    expect(await checkPin(db, 'e1', '0003', t + 30_000)).toEqual({ ok: false, reason: 'wrong', waitSeconds: 60 });
    expect(await checkPin(db, 'e1', '4821', t + 91_000)).toEqual({ ok: true });
    expect((await getPin(db, 'e1'))!.failures).toBe(0);
  });

  it('caps the wait at 15 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 10, 30].map(waitAfter)).toEqual([0, 0, 0, 30, 60, 120, 900, 900]);
  });

  it('refuses a PIN that is not 4 to 8 digits and can be cleared', async () => {
    const db = await openEventDb({}, `pin-${Math.random()}`);
    await expect(setPin(db, 'e1', '12a4')).rejects.toThrow();
    await expect(setPin(db, 'e1', '123')).rejects.toThrow();
    await setPin(db, 'e1', '12345678');
    await clearPin(db, 'e1');
    expect(await getPin(db, 'e1')).toBeNull();
  });
});
