// Issue 21: a remark on an imported file reads in the organizer's words (round, table, player
// names), in French and English, never as the file's path and a player's id.
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/domain/event-file';
import { loadMessages, translator } from '../../src/i18n';
import { remarkPlace, remarkText } from '../../src/ui/import-remarks';
import { makeEvent, makePlayer } from '../fixtures/events';

await loadMessages();
const fr = translator('fr');
const en = translator('en');

// ten players so « p1 » and « p10 » are both ids; table 2 of round 1 is p3 against p4
const event = makeEvent({ players: Array.from({ length: 10 }, (_, i) => makePlayer(i + 1, { name: `Joueur ${String.fromCharCode(65 + i)}` })) });

describe("an import remark in the organizer's words", () => {
  it("a table's result: the round, the table and its players, the field, then the message with names for ids", () => {
    const p: Problem = {
      path: 'rounds[0].pairings[1].result.how',
      code: 'rule',
      warning: true,
      params: { rule: 'x', fr: 'victoire par assassinat, mais le caster de p10 et celui de p1 sont vivants', en: "an assassination win, yet p10's and p1's casters are alive" },
    };
    expect(remarkText(p, event, fr, 'fr')).toBe(
      'Ronde 1, table 2 (Joueur C contre Joueur D), type de victoire\u00a0: victoire par assassinat, mais le caster de Joueur J et celui de Joueur A sont vivants',
    );
    expect(remarkText(p, event, en, 'en')).toBe("Round 1, table 2 (Joueur C vs Joueur D), way of winning: an assassination win, yet Joueur J's and Joueur A's casters are alive");
  });

  it("one side of a result names that side's player", () => {
    expect(remarkPlace('rounds[0].pairings[0].result.b.listIndex', event, fr)).toBe('Ronde 1, table 1 (Joueur A contre Joueur B), Joueur B, résultat');
  });

  it("a player's field: the name and the player's number", () => {
    const p: Problem = {
      path: 'players[2].lists',
      code: 'rule',
      warning: true,
      params: { rule: 'x', fr: 'liste à 52 points pour une partie à 50', en: '52-point list in a 50-point game' },
    };
    expect(remarkText(p, event, fr, 'fr')).toBe('Joueur C (n°\u00a03), listes\u00a0: liste à 52 points pour une partie à 50');
    expect(remarkText(p, event, en, 'en')).toBe('Joueur C (no. 3), lists: 52-point list in a 50-point game');
  });

  it('a message that already names its round and table is not given its place twice', () => {
    const p: Problem = {
      path: 'rounds[0].pairings[0].result.how',
      code: 'rule',
      warning: true,
      params: {
        rule: 'time-out-past-scenario',
        fr: 'ronde 1, table 1 : partie notée allée au temps, alors que les 2 PC de p1 gagnent déjà « overrun »',
        en: 'round 1, table 1: recorded as a game that went to time, yet p1\'s 2 CP already win "overrun"',
      },
    };
    expect(remarkText(p, event, fr, 'fr')).toBe('ronde 1, table 1\u00a0: partie notée allée au temps, alors que les 2 PC de Joueur A gagnent déjà «\u00a0overrun\u00a0»');
    expect(remarkText(p, event, en, 'en')).not.toContain('p1');
  });

  it('a round without a table, the settings, and a path naming nothing keep a plain message', () => {
    expect(remarkPlace('rounds[0].scenario', event, fr)).toBe('Ronde 1, scénario');
    expect(remarkPlace('settings.points', event, en)).toBe('Format');
    const p: Problem = { path: 'extra', code: 'not-string' };
    expect(remarkText(p, event, en, 'en')).toBe('must be text');
  });
});
