// Import fuzzing: random mutations of valid event files. The edge must never throw, must answer
// every file with either a valid event or at least one problem, and anything it lets through
// must be safe for the domain (standings and pairing run without an exception).
import { describe, expect, it } from 'vitest';
import { parseEventFile, problemMessage, serializeEventFile, validateEventFile } from '../../../src/domain/event-file';
import { createRng, type Rng } from '../../../src/domain/random';
import { computeStandings, pairNextRound } from '../../../src/domain/sr2011';
import { makeEvent, makeLargeEvent } from '../../fixtures/events';

const WEIRD: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1.5,
  1e308,
  -0,
  '',
  ' ',
  'p1',
  'x'.repeat(300),
  true,
  false,
  [],
  {},
  [1, 2],
  { a: 1 },
  'NaN',
  '2026-02-30',
  7,
  13,
  'overrun',
  'assassination',
];

type Json = unknown;
function paths(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, Json>)[k], [...prefix, k], out);
  return out;
}

function mutate(root: Json, rng: Rng): Json {
  const all = paths(root).filter((p) => p.length > 0);
  const target = all[rng.int(all.length)]!;
  const parent = target.slice(0, -1).reduce<Json>((o, k) => (o as Record<string | number, Json>)[k], root) as Record<string | number, Json>;
  const key = target[target.length - 1]!;
  switch (rng.int(5)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 1:
      parent[key] = WEIRD[rng.int(WEIRD.length)];
      break;
    case 2: {
      // copy another value of the file here (ids, numbers and objects end up in the wrong place)
      const other = all[rng.int(all.length)]!.reduce<Json>((o, k) => (o as Record<string | number, Json>)?.[k], root);
      parent[key] = structuredClone(other);
      break;
    }
    case 3:
      if (Array.isArray(parent)) parent.push(structuredClone(parent[rng.int(parent.length)]));
      else parent[`extra${rng.int(9)}`] = WEIRD[rng.int(WEIRD.length)];
      break;
    default:
      if (typeof parent[key] === 'number') parent[key] = (parent[key] as number) + (rng.int(2) ? 1 : -1) * (1 + rng.int(3));
      else if (typeof parent[key] === 'string') parent[key] = `${parent[key]}${rng.int(2) ? 'x' : ''}`.slice(rng.int(2));
  }
  return root;
}

describe('import fuzzing', () => {
  it('never throws, always answers, and what it accepts is safe for the domain (5000 mutated files)', { timeout: 60_000 }, () => {
    const bases = [makeEvent(), makeLargeEvent(12, 3), makeLargeEvent(7, 2)];
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 5000; i++) {
      const rng = createRng(i);
      const file = structuredClone(bases[i % bases.length]!) as Json;
      const n = 1 + rng.int(4);
      for (let k = 0; k < n; k++) mutate(file, rng);
      let r: ReturnType<typeof validateEventFile>;
      try {
        r = validateEventFile(file);
      } catch (e) {
        throw new Error(`validator threw on case ${i}: ${(e as Error).message}\n${JSON.stringify(file).slice(0, 400)}`);
      }
      if (r.ok) {
        accepted++;
        try {
          computeStandings(r.event);
          pairNextRound(r.event, { seed: i });
        } catch (e) {
          throw new Error(`domain threw on accepted case ${i}: ${(e as Error).message}\n${JSON.stringify(file).slice(0, 600)}`);
        }
      } else {
        refused++;
        expect(r.problems.length).toBeGreaterThan(0);
        for (const p of r.problems) {
          expect(problemMessage(p, 'fr')).not.toBe('');
          expect(problemMessage(p, 'en')).not.toMatch(/undefined/);
        }
      }
    }
    expect(accepted + refused).toBe(5000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('answers truncated and garbled text with one problem, never an exception (2000 cases)', { timeout: 60_000 }, () => {
    const text = serializeEventFile(makeEvent());
    for (let i = 0; i < 2000; i++) {
      const rng = createRng(100_000 + i);
      const cut = text.slice(0, rng.int(text.length));
      const pos = rng.int(text.length);
      const garbled = text.slice(0, pos) + String.fromCharCode(rng.int(128)) + text.slice(pos + 1);
      for (const t of [cut, garbled]) {
        const r = parseEventFile(t);
        if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      }
    }
  });
});
