// The screens print times with date-fns' lightFormat (no locale, no full formatter in the start-up
// chunk). It must say exactly what `format` said for every pattern the screens use.
import { format, lightFormat } from 'date-fns';
import { describe, expect, it } from 'vitest';

const PATTERNS = ['HH:mm', 'HH:mm:ss', 'yyyy-MM-dd', 'dd/MM HH:mm:ss'] as const;

describe('lightFormat for the screens’ patterns', () => {
  it('gives what format gave, over a spread of instants and both number and Date input', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 48_271) % 2_147_483_647);
    const instants = [0, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 9, 25, 2, 30)];
    for (let i = 0; i < 500; i++) instants.push(Date.UTC(2000, 0, 1) + (next() % 1_000_000) * 1_000_000 + (next() % 1000));
    for (const at of instants) {
      for (const pattern of PATTERNS) {
        expect(lightFormat(at, pattern)).toBe(format(at, pattern));
        expect(lightFormat(new Date(at), pattern)).toBe(format(new Date(at), pattern));
      }
    }
  });
});
