// The format checks as issue 23 made them (paths spelled out only for a problem, fields read
// first by path-free tests) against the reference they replaced: random fields of a valid event
// set to wrong values (or removed, or added), the same problems and warnings, in the same order,
// with the same paths and parameters.
import { describe, expect, it } from 'vitest';
import { validateEventFile } from '../../../src/domain/event-file';
import { createRng, type Rng } from '../../../src/domain/random';
import { makeLargeEvent } from '../../fixtures/events';
import * as reference from './validate.reference';

const JUNK: unknown[] = [
  undefined,
  null,
  '',
  '  ',
  'x',
  'p1',
  'p2',
  'p3',
  'p4',
  'x'.repeat(101),
  -1,
  -0,
  0,
  0.5,
  1,
  2,
  3,
  4,
  5,
  7,
  4.5,
  99,
  100,
  101,
  100_000,
  100_001,
  1e20,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  {},
  [],
  [{}],
  { name: 'm', cost: 1 },
];
/** fields the fixture may leave out, added to objects of their kind now and then */
const OPTIONAL = [
  'survived',
  'listIndex',
  'tier',
  'bonus',
  'themeForce',
  'models',
  'dropped',
  'droppedAfterRound',
  'how',
  'winner',
  'result',
  'bye',
  'table',
  'caster',
  'cost',
  'name',
];

type Slot = { holder: Record<string, unknown> | unknown[]; key: string | number };

function slots(v: unknown, out: Slot[]): Slot[] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push({ holder: v, key: i }), slots(x, out)));
  else if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) out.push({ holder: o, key: k }), slots(o[k], out);
    for (const k of OPTIONAL) if (!(k in o)) out.push({ holder: o, key: k });
  }
  return out;
}

function mutate(rng: Rng, event: unknown): void {
  const all = slots(event, []).filter((s) => !(s.holder === event && (s.key === 'format' || s.key === 'version')));
  for (let k = 1 + rng.int(6); k > 0; k--) {
    const s = all[rng.int(all.length)]!;
    const value = JUNK[rng.int(JUNK.length)];
    if (value === undefined && !Array.isArray(s.holder)) delete s.holder[s.key as string];
    else (s.holder as Record<string | number, unknown>)[s.key] = value;
  }
}

describe('the fast format checks find exactly what the reference found', () => {
  it('same problems and warnings over 1,500 small events with random fields made wrong', () => {
    let problems = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const rng = createRng(seed);
      const event = structuredClone(makeLargeEvent(4 + rng.int(5), 1 + rng.int(2))) as unknown;
      mutate(rng, event);
      const fast = validateEventFile(structuredClone(event));
      const plain = reference.validateEventFile(structuredClone(event));
      expect(JSON.stringify(fast)).toBe(JSON.stringify(plain));
      if (!fast.ok) problems += fast.problems.length;
    }
    // most events were refused: the comparison ran over real problems
    expect(problems).toBeGreaterThan(1000);
  });
});
