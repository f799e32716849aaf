import { describe, expect, it } from 'vitest';
import { parseEventFile, problemMessage, serializeEventFile, validateEventFile } from '../../../src/domain/event-file';
import { makeEvent, makeLargeEvent } from '../../fixtures/events';

function problemsOf(input: unknown): string[] {
  const r = validateEventFile(input);
  return r.ok ? [] : r.problems.map((p) => `${p.path} ${p.code}`);
}

describe('validateEventFile', () => {
  it('accepts the example event of EVENT_FORMAT.md', () => {
    const r = validateEventFile(makeEvent());
    expect(r.ok).toBe(true);
  });

  it('keeps unknown fields at every level through validate + serialise + parse', () => {
    const ev = makeEvent({ customTop: { a: 1 } });
    ev.settings.customSetting = 'x';
    ev.players[0]!.customPlayer = [1, 2];
    ev.players[0]!.lists[0]!.customList = true;
    ev.players[0]!.lists[0]!.models[0]!.customModel = 'm';
    ev.rounds[0]!.customRound = 5;
    ev.rounds[0]!.pairings[0]!.customPairing = null;
    ev.rounds[0]!.pairings[0]!.result!.customResult = 'r';
    ev.rounds[0]!.pairings[0]!.result!.a.vp = 3;
    const r = parseEventFile(serializeEventFile(ev));
    expect(r.ok && r.event).toEqual(ev);
  });

  it('fills the defaults the format lets a writer leave out', () => {
    const ev = makeEvent() as unknown as Record<string, any>;
    delete ev.players[0].dropped;
    delete ev.players[0].droppedAfterRound;
    delete ev.players[0].lists;
    delete ev.settings.variants;
    const r = validateEventFile(ev);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.event.players[0]).toMatchObject({ dropped: false, droppedAfterRound: null, lists: [] });
      expect(r.event.settings.variants).toEqual([]);
    }
  });

  it.each([
    ['not an object', 42, [' not-object']],
    ['wrong format', { ...makeEvent(), format: 'other' }, ['format wrong-format']],
    ['newer version', { ...makeEvent(), version: 2 }, ['version newer-version']],
    ['version zero', { ...makeEvent(), version: 0 }, ['version bad-version']],
    ['unknown system', { ...makeEvent(), system: 'chess' }, ['system unknown-system']],
    ['empty name', { ...makeEvent(), name: '  ' }, ['name empty-string']],
    ['impossible date', { ...makeEvent(), date: '2026-02-30' }, ['date bad-date']],
    ['missing players', { ...makeEvent(), players: undefined }, ['players required']],
  ])('reports %s', (_label, input, expected) => {
    expect(problemsOf(input)).toEqual(expected);
  });

  it('names each impossible result and pairing problem by its field', () => {
    const ev = makeEvent();
    const r0 = ev.rounds[0]!;
    r0.pairings[0]!.result = { winner: 'p3', how: 'luck' as never, a: { cp: -1, apd: 3.5, listIndex: 4 }, b: { cp: 1.5, apd: -2 } };
    r0.pairings[1]!.b = 'p3';
    r0.pairings.push({ table: 1, a: 'p9', b: 'p5' });
    expect(problemsOf(ev)).toEqual([
      'rounds[0].pairings[0].result.winner winner-not-in-game',
      'rounds[0].pairings[0].result.how unknown-how',
      'rounds[0].pairings[0].result.a.cp negative',
      'rounds[0].pairings[0].result.a.listIndex bad-list-index',
      'rounds[0].pairings[0].result.b.cp not-integer',
      'rounds[0].pairings[0].result.b.apd negative',
      'rounds[0].pairings[1].b paired-twice',
      'rounds[0].pairings[1].b self-pairing',
      'rounds[0].pairings[2].table duplicate-table',
      'rounds[0].pairings[2].a unknown-player',
      'rounds[0].bye paired-twice',
    ]);
  });

  it('refuses duplicate ids and numbers but only warns about duplicate names', () => {
    const ev = makeEvent();
    ev.players[1] = { ...ev.players[1]!, name: 'player 1' };
    expect(validateEventFile(ev)).toMatchObject({ ok: true, warnings: [{ path: 'players[1].name', code: 'duplicate-name' }] });
    ev.players[2] = { ...ev.players[2]!, id: 'p1', number: 1 };
    expect(problemsOf(ev)).toEqual(expect.arrayContaining(['players[2].id duplicate-id', 'players[2].number duplicate-number']));
  });

  it('refuses a player paired after dropping out, rounds out of order and bad hidden minutes', () => {
    const ev = makeEvent();
    ev.players[0] = { ...ev.players[0]!, dropped: true, droppedAfterRound: 0 };
    ev.rounds[0]!.variableMinutes = 7;
    ev.rounds.push({ ...ev.rounds[0]!, number: 3, pairings: [], bye: null });
    expect(problemsOf(ev)).toEqual([
      'rounds[0].variableMinutes bad-variable-minutes',
      'rounds[0].pairings[0].a paired-after-drop',
      'rounds[1].number round-order',
      'rounds[1].variableMinutes bad-variable-minutes',
    ]);
  });

  it('turns text that is not JSON into one problem, not an exception', () => {
    const r = parseEventFile('{ "format": ');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toHaveLength(1);
      expect(problemMessage(r.problems[0]!, 'fr')).toMatch(/^le fichier n’est pas du JSON lisible/);
      expect(problemMessage(r.problems[0]!, 'en')).toMatch(/^the file is not readable JSON/);
    }
  });

  it('writes messages in French and English, naming the field', () => {
    const r = validateEventFile({ ...makeEvent(), date: 'demain' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(problemMessage(r.problems[0]!, 'fr')).toBe('date : date invalide (format AAAA-MM-JJ)');
      expect(problemMessage(r.problems[0]!, 'en')).toBe('date: invalid date (format YYYY-MM-DD)');
    }
  });

  it('requires CP and army points only for Steamroller results', () => {
    const ev = makeEvent();
    ev.rounds[0]!.pairings[0]!.result = { winner: 'p1', a: { vp: 2 } as never, b: { vp: 1 } as never };
    expect(problemsOf(ev)).toEqual([
      'rounds[0].pairings[0].result.a.cp required',
      'rounds[0].pairings[0].result.a.apd required',
      'rounds[0].pairings[0].result.b.cp required',
      'rounds[0].pairings[0].result.b.apd required',
    ]);
    // the format asks nothing more of a CDR result; CDR's own rules (code 'rule') want its fields
    expect(problemsOf({ ...ev, system: 'confrontation-cdr' }).filter((p) => !p.endsWith(' rule'))).toEqual([]);
    ev.rounds[0]!.pairings[0]!.result.a = { vp: 2, cp: -1 } as never;
    expect(problemsOf({ ...ev, system: 'lotr-sbg' }).filter((p) => !p.endsWith(' rule'))).toEqual(['rounds[0].pairings[0].result.a.cp negative']);
  });

  it('validates a 64-player 6-round event', () => {
    expect(validateEventFile(makeLargeEvent(64, 6)).ok).toBe(true);
  });
});
