import { describe, expect, it } from 'vitest';
import { computeIncome, hex, incomeForecast, linkedResourceIds, withRiver, withRoad, withoutRoad } from '../../../src/domain/warmaster';
import type { CampaignState, Detachment, Faction, Resource } from '../../../src/domain/warmaster';
import { A, B, at, newCampaign } from './helpers';

// A's city at 0, village at 4, a road on 1..3; B's city at 20. Turn 1, nothing new.
function base(factions: [Faction, Faction] = ['empire', 'orcs']): CampaignState {
  const log = newCampaign({ factions }).do({ type: 'place-city', player: A, hex: at(0) }, { type: 'place-city', player: B, hex: at(20) });
  if (factions[0] !== 'undead' && factions[0] !== 'chaos') log.do({ type: 'build-village', player: A, hex: at(4) });
  const s = log.state;
  return { ...s, turn: 1, phase: 'resources', resourcesStep: 'income', map: withRoad(s.map, [at(1), at(2), at(3)], 'road') };
}

const det = (id: string, owner: string, h: ReturnType<typeof at>, points = 400): Detachment => ({
  id,
  owner,
  hex: h,
  points,
  moved: false,
  fought: false,
  destroyAttempted: false,
});
const res = (id: string, kind: Resource['kind'], owner: string, h: ReturnType<typeof at>, createdTurn = 0): Resource => ({ id, kind, owner, hex: h, createdTurn, capture: null });
const village = 'r3';

describe('link to a friendly city', () => {
  it('by road', () => {
    expect(linkedResourceIds(base(), A).has(village)).toBe(true);
  });

  it('by path too', () => {
    const s = base();
    expect(linkedResourceIds({ ...s, map: withRoad(s.map, [at(2)], 'path') }, A).has(village)).toBe(true);
  });

  it('not with a gap in the road', () => {
    const s = base();
    expect(linkedResourceIds({ ...s, map: withoutRoad(s.map, [at(2)]) }, A).has(village)).toBe(false);
  });

  it('a friendly resource hex counts as road', () => {
    const s = base();
    const gap = { ...s, map: withoutRoad(s.map, [at(2)]), resources: [...s.resources, res('m', 'mine', A, at(2))] };
    expect(linkedResourceIds(gap, A)).toEqual(new Set(['r1', 'r3', 'm']));
  });

  it.each([
    ['on the road', at(2)],
    ['on the village itself', at(4)],
    ['on the city', at(0)],
  ])('is cut by an enemy detachment %s', (_, h) => {
    const s = base();
    expect(linkedResourceIds({ ...s, detachments: [det('x', B, h)] }, A).has(village)).toBe(false);
  });

  it('is not cut by a friendly detachment', () => {
    const s = base();
    expect(linkedResourceIds({ ...s, detachments: [det('x', A, at(2))] }, A).has(village)).toBe(true);
  });

  it('is cut by an enemy resource on the way', () => {
    const s = base();
    expect(linkedResourceIds({ ...s, resources: [...s.resources, res('m', 'mine', B, at(2))] }, A).has(village)).toBe(false);
  });

  it('crosses a river only at a bridge or ford', () => {
    const s = base();
    expect(linkedResourceIds({ ...s, map: withRiver(s.map, at(1), at(2)) }, A).has(village)).toBe(false);
    expect(linkedResourceIds({ ...s, map: withRiver(s.map, at(1), at(2), 'bridge') }, A).has(village)).toBe(true);
    expect(linkedResourceIds({ ...s, map: withRiver(s.map, at(1), at(2), 'ford') }, A).has(village)).toBe(true);
  });

  it('goes round an obstacle when the roads allow it', () => {
    const s = base();
    // a bypass through row 1: (1,1) (2,1) (3,1) join (1,0)... (4,0)
    const bypass = { ...s, map: withRoad(s.map, [hex(0, 1), hex(1, 1), hex(2, 1), hex(3, 1)], 'road'), detachments: [det('x', B, at(2))] };
    expect(linkedResourceIds(bypass, A).has(village)).toBe(true);
  });
});

describe('income', () => {
  const noMine = (): number | null => null;

  it('city 250 with no link needed, village 25 when linked', () => {
    const r = computeIncome(base(), noMine).players;
    expect(r.find((p) => p.player === A)?.net).toBe(275);
    expect(r.find((p) => p.player === B)?.lines).toEqual([{ resourceId: 'r2', kind: 'city', status: 'city', mineRoll: null, amount: 250 }]);
  });

  it('a cut village yields nothing; the city still 250 with an enemy on it', () => {
    const s = base();
    const r = computeIncome({ ...s, detachments: [det('x', B, at(0))] }, noMine).players.find((p) => p.player === A)!;
    expect(r.lines.map((l) => [l.kind, l.status, l.amount])).toEqual([
      ['city', 'city', 250],
      ['village', 'unlinked', 0],
    ]);
  });

  it('a new resource yields nothing the turn it is created, and its mine does not roll', () => {
    const s = base();
    const asked: string[] = [];
    const r = computeIncome({ ...s, resources: [...s.resources, res('m', 'mine', A, at(2), 1)] }, (x) => (asked.push(x.id), 6));
    expect(r.players.find((p) => p.player === A)?.lines.find((l) => l.resourceId === 'm')).toEqual({ resourceId: 'm', kind: 'mine', status: 'new', mineRoll: null, amount: 0 });
    expect(asked).toEqual([]);
  });

  it.each([
    [1, 'exhausted', 0],
    [2, 'linked', 10],
    [5, 'linked', 10],
    [6, 'linked', 20],
  ] as const)('a mine rolling %i: %s, %i RP', (roll, status, amount) => {
    const s = base();
    const r = computeIncome({ ...s, resources: [...s.resources, res('m', 'mine', A, at(2))] }, () => roll);
    expect(r.players.find((p) => p.player === A)?.lines.find((l) => l.resourceId === 'm')).toMatchObject({ status, amount, mineRoll: roll });
    expect(r.exhausted).toEqual(roll === 1 ? ['m'] : []);
  });

  it('an unlinked mine still rolls and can be exhausted', () => {
    const s = base();
    const r = computeIncome({ ...s, resources: [...s.resources, res('m', 'mine', A, at(10))] }, () => 1);
    expect(r.exhausted).toEqual(['m']);
  });

  it('a resource changing hands this turn yields to nobody', () => {
    const s = base();
    const taken = { ...s, resources: s.resources.map((r) => (r.id === village ? { ...r, capture: { by: B, turn: 1 } } : r)) };
    const a = computeIncome(taken, noMine).players.find((p) => p.player === A)!;
    expect(a.lines.find((l) => l.resourceId === village)).toMatchObject({ status: 'captured', amount: 0 });
    expect(computeIncome(taken, noMine).players.find((p) => p.player === B)?.net).toBe(250);
  });

  it('a necropolis held by a non-Undead army and a portal held by a non-Chaos army yield nothing', () => {
    const s = base();
    const odd = { ...s, resources: [...s.resources, res('n', 'necropolis', A, at(10)), res('p', 'portal', A, at(12))] };
    const lines = computeIncome(odd, noMine).players.find((p) => p.player === A)!.lines;
    expect(lines.filter((l) => l.kind !== 'city' && l.kind !== 'village').map((l) => [l.kind, l.status, l.amount])).toEqual([
      ['necropolis', 'not-for-faction', 0],
      ['portal', 'not-for-faction', 0],
    ]);
  });

  it('a necropolis yields to Undead, a portal to Chaos, and they use mines', () => {
    const u = base(['undead', 'chaos']);
    const withMines = { ...u, map: withRoad(u.map, [at(19)], 'road'), resources: [...u.resources, res('m', 'mine', A, at(2)), res('m2', 'mine', B, at(18))] };
    const inc = computeIncome(withMines, () => 3).players;
    expect(inc.map((p) => p.net)).toEqual([260, 260]);
  });

  it("a raid takes from this turn's gains only, never below zero", () => {
    const s = base();
    const raided = computeIncome({ ...s, raids: [{ by: B, target: A, amount: 75 }] }, noMine).players.find((p) => p.player === A)!;
    expect([raided.gross, raided.raided, raided.net]).toEqual([275, 75, 200]);
    const poor = { ...s, resources: s.resources.filter((r) => r.owner !== A || r.kind === 'village'), raids: [{ by: B, target: A, amount: 75 }] };
    const p = computeIncome(poor, noMine).players.find((x) => x.player === A)!;
    expect([p.gross, p.raided, p.net]).toEqual([0, 0, 0]);
  });

  it('forecasts without dice', () => {
    expect(incomeForecast(base()).map((p) => p.net)).toEqual([275, 250]);
  });
});
