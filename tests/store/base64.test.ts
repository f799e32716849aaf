// The sync's base64 reader takes one spelling per byte string: a changed character that atob
// would ignore (the last character's unused bits, a space) makes the document unreadable, so an
// edited signature or ciphertext is never the same document under another spelling.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/random';
import { fromB64, toB64 } from '../../src/sync/crypto';

describe('fromB64', () => {
  it('reads back what toB64 wrote, for 200 random byte strings of every length mod 3', () => {
    const rng = createRng(7);
    for (let i = 0; i < 200; i++) {
      const bytes = new Uint8Array(Math.floor(rng.next() * 70));
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(rng.next() * 256);
      expect([...fromB64(toB64(bytes))]).toEqual([...bytes]);
    }
  });

  it("refuses the other spellings atob accepts: the last character's unused bits, spaces, no padding", () => {
    const canonical = toB64(new Uint8Array([1, 2, 3, 4])); // 'AQIDBA==': 'A' carries 4 unused bits
    expect(canonical).toBe('AQIDBA==');
    expect(atob('AQIDBB==')).toBe(atob(canonical));
    expect(() => fromB64('AQIDBB==')).toThrow(/canonical/);
    expect(() => fromB64('AQID BA==')).toThrow(/canonical/);
    expect(() => fromB64('AQIDBA')).toThrow(/canonical/);
    expect(() => fromB64('not base64!')).toThrow();
  });
});
