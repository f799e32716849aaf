// @vitest-environment jsdom
// The UI companions (src/ui/systems): one per system, consistent with what its GameSystem
// declares, and what registration offers per system (peoples for Confrontation, not Warmachine
// factions; Good/Evil for LotR).
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameResult } from '../../src/domain/event-file';
import { SYSTEMS, type SystemId } from '../../src/domain/event-file/types';
import { decodeResultCode, encodeResultCode, payloadFromResult, resultWithFields } from '../../src/domain/handoff';
import { systemFor } from '../../src/domain/systems';
import { Players } from '../../src/ui/screens/event/Players';
import { checkIncomingResult, withSystemFields } from '../../src/ui/screens/table/accept-result';
import { translator } from '../../src/i18n';
import { uiFor } from '../../src/ui/systems';
import { SIZES } from '../../src/ui/systems/sizes';
import { renderTab } from './render-app';
import { systemEvent } from './systems-fixtures';

afterEach(cleanup);

const settings = (id: SystemId) => ({ points: SIZES[id].default ?? 400, variants: [], rounds: null });

describe('system companions', () => {
  it('exist for every system, with a list editor exactly where the system has list rules', () => {
    for (const id of SYSTEMS) {
      const ui = uiFor(id);
      expect(ui, id).toBeTruthy();
      const hasRules = systemFor(id).validateLists({ lists: [] }, settings(id)).length > 0;
      expect(ui.lists !== null, id).toBe(hasRules);
      expect(ui.standings.columns(systemEvent(id, settings(id).points, 2)).length, id).toBeGreaterThan(0);
    }
  });

  it('gives each system a size the create form can ask', () => {
    for (const id of SYSTEMS) expect(SIZES[id].label !== null || (SIZES[id].choices?.length ?? 0) > 0, id).toBe(true);
  });
});

describe('registration per system', () => {
  const suggestions = () => [...document.querySelectorAll('#players-factions option')].map((o) => (o as HTMLOptionElement).value);

  it('suggests Confrontation peoples, not Warmachine factions, under "Peuple"', async () => {
    await renderTab(Players, systemEvent('confrontation-cdr', 400, 2));
    expect(await screen.findByLabelText('Peuple')).toBeTruthy();
    expect(suggestions()).toContain('Wolfen d’Yllia');
    expect(suggestions()).toContain('Lions d’Alahan');
    expect(suggestions()).not.toContain('Cygnar');
  });

  it('suggests Good and Evil for LotR, under "Camp"', async () => {
    await renderTab(Players, systemEvent('lotr-sbg', 500, 2));
    expect(await screen.findByLabelText('Camp')).toBeTruthy();
    expect(suggestions()).toEqual(['Bien', 'Mal']);
  });

  it('keeps the Warmachine / Hordes factions for SR2011', async () => {
    await renderTab(Players, systemEvent('sr2011', 50, 2));
    expect(await screen.findByLabelText('Faction')).toBeTruthy();
    expect(suggestions()).toContain('Cygnar');
  });
});

describe('results handed over by code', () => {
  const pairing = { table: 1, a: 'p1', b: 'p2' };
  /** table -> code -> organizer, as the table's EndOfGame and the desk's intake do it */
  const travel = (id: SystemId, points: number, result: GameResult): GameResult => {
    const s = { points, variants: [], rounds: null };
    const fields = systemFor(id).resultFields(s);
    const code = encodeResultCode(payloadFromResult(result, { eventId: 'e', round: 1, pairing }, fields));
    const decoded = decodeResultCode(code);
    if (!decoded.ok) throw new Error(decoded.reason);
    const back = resultWithFields(decoded.payload, pairing, fields);
    if (!back) throw new Error('fields unreadable');
    return back;
  };
  const side = (extra: Record<string, unknown>) => ({ cp: 0, apd: 0, listIndex: null, ...extra });

  it("carries CDR victory points, losses and the scenario bonus: the TP the desk computes are the table's", () => {
    const result: GameResult = { winner: 'p1', how: null, a: side({ vp: 2, apd: 120, bonus: 35 }), b: side({ vp: 1, apd: 80 }) };
    const back = travel('confrontation-cdr', 400, result);
    expect(back).toEqual(result);
    const settings = { points: 400, variants: [], rounds: null };
    expect(systemFor('confrontation-cdr').scoreGame(back, pairing, settings)).toEqual({ a: 7, b: 3 });
    expect(
      systemFor('confrontation-cdr')
        .validateResult(back, pairing, settings)
        .filter((p) => !p.warning),
    ).toEqual([]);
  });

  it('carries the Rackham 500 kills and each +20 / no-model flag', () => {
    const result: GameResult = {
      winner: 'p2',
      how: null,
      a: side({ apd: 150, killedMostExpensive: true, halfWithoutDamage: false, objectiveHeld: false, noModelLeft: true }),
      b: side({ apd: 210, killedMostExpensive: false, halfWithoutDamage: true, objectiveHeld: true, noModelLeft: false }),
    };
    const back = travel('confrontation-rackham', 500, result);
    expect(back).toEqual(result);
    expect(travel('confrontation-rackham', 500, { ...result, turns: 8 })).toEqual({ ...result, turns: 8 });
  });

  it('carries the Rackham challenge: stage, challenge row, stakes and the hands played', () => {
    const result: GameResult = { winner: 'p2', how: null, stage: 'revenge', objective: 4, a: side({ stake: 55, listIndex: 1 }), b: side({ stake: 70, listIndex: 0 }) };
    expect(travel('confrontation-rackham', 200, result)).toEqual(result);
    expect(travel('confrontation-rackham', 200, { winner: 'p1', how: null, a: side({}), b: side({}) })).toEqual({ winner: 'p1', how: null, a: side({}), b: side({}) });
  });

  it('carries every LotR field: points, body count (below zero too), kills, camps, the tie chain and the ending', () => {
    const result: GameResult = {
      winner: 'p1',
      how: 'tiebreak',
      ending: 'time',
      a: side({ points: 2, bodyCount: 4, kills: 11, camp: 'good', remainingValue: 212.5, heroPoints: 140, survivors: 15, losses: 11 }),
      b: side({ points: 1, bodyCount: -7, kills: 11, camp: 'evil', remainingValue: 180, heroPoints: 95, survivors: 4, losses: 11 }),
    };
    expect(travel('lotr-sbg', 500, result)).toEqual(result);
    const draw: GameResult = { winner: null, how: 'tiebreak', a: side({ points: 1.5, bodyCount: 0, kills: 0 }), b: side({ points: 1.5, bodyCount: 0, kills: 0 }) };
    expect(travel('lotr-sbg', 500, draw)).toEqual(draw);
  });
});

describe("the desk takes a result from a table by the system's rules", () => {
  const t = translator('fr');
  const started = (id: SystemId, points: number) => ({
    ...systemEvent(id, points, 2),
    rounds: [{ number: 1, bye: null, startedAt: 1, pairings: [{ table: 1, a: 'p1', b: 'p2' }] }],
  });
  const coded = { winner: 'p1', how: null, a: { cp: 0, apd: 0, listIndex: null }, b: { cp: 0, apd: 0, listIndex: null } } as GameResult;

  it('refuses a CDR result whose VP contradict its winner (a winner-only code from an older table), in words', () => {
    const event = started('confrontation-cdr', 400);
    const r = checkIncomingResult(event, 1, 1, withSystemFields(event, coded, { a: 'p1', b: 'p2' }), t, 'fr');
    expect(r.kind).toBe('refused');
    expect(r.kind === 'refused' && r.messages.length).toBeGreaterThan(0);
  });

  it('records a LotR total victory from its code: points rebuilt, body count and kills left to the desk', () => {
    const event = started('lotr-sbg', 500);
    const r = checkIncomingResult(event, 1, 1, withSystemFields(event, { ...coded, how: 'scenario' }, { a: 'p1', b: 'p2' }), t, 'fr', undefined, true);
    expect(r).toMatchObject({ kind: 'record', result: { a: { points: 3 }, b: { points: 0 } } });
  });
});
