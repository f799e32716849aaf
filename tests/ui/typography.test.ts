import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { deName, elidesBefore, elideTemplate, formatDay, formatNumber, frenchSpacing, typeset } from '../../src/i18n/typography';

describe('French elision', () => {
  it('elides before a vowel, a mute h and a Y before a consonant; not before a consonant, a number or « Yann »', () => {
    for (const w of ['Aurélien', 'Émile', 'île', 'Œdipe', 'Hélène', 'Hugo', 'Yves', 'Ulrich', 'ours']) expect(elidesBefore(w)).toBe(true);
    for (const w of ['Bruno', 'Yann', 'Yoann', '12', '', 'Hhh', 'Zoé']) expect(elidesBefore(w)).toBe(false);
    expect(deName('Aurélien')).toBe('d’Aurélien');
    expect(deName('Bruno Martin')).toBe('de Bruno Martin');
  });

  it('rewrites only where an inserted value follows de / que / le / la', () => {
    expect(elideTemplate('Fin du tour de {name}', { name: 'Aurélien' })).toBe('Fin du tour d’{name}');
    expect(elideTemplate('Fin du tour de {name}', { name: 'Bruno' })).toBe('Fin du tour de {name}');
    expect(elideTemplate('De {a} à {b}', { a: 'Ana', b: 'Émile' })).toBe('D’{a} à {b}');
    expect(elideTemplate('Plus que {n} et la {x}', { n: 'Yves', x: 'Incursion' })).toBe('Plus qu’{n} et l’{x}');
    expect(elideTemplate('partie de {m} min', { m: 106 })).toBe('partie de {m} min');
    expect(elideTemplate('{name} de Lyon', { name: 'Ana' })).toBe('{name} de Lyon');
    // a word ending in "de" is not the preposition
    expect(elideTemplate('ronde {name}', { name: 'Ana' })).toBe('ronde {name}');
  });

  it('the French translator applies it to every message that inserts a name; English untouched', () => {
    expect(translator('fr')('table.home.vs', { a: 'Ana', b: 'Émile' })).toBe('Ana contre Émile');
    expect(translator('fr')('action.player-registered', { name: 'Aurélien Faure' })).toBe('inscription d’Aurélien Faure');
    expect(translator('fr')('action.player-registered', { name: 'Bruno' })).toBe('inscription de Bruno');
    expect(translator('en')('action.player-registered', { name: 'Aurélien' })).toBe('registration of Aurélien');
  });
});

describe('French spacing', () => {
  it('puts a no-break space before « : » and inside « », a narrow one before ; ! ?', () => {
    expect(frenchSpacing('Pointé : {name} ; prêt ? oui ! « {q} »')).toBe('Pointé\u00a0: {name}\u202f; prêt\u202f? oui\u202f! «\u00a0{q}\u00a0»');
    // nothing to add where French puts no space: a time, a path, a list in brackets
    expect(frenchSpacing('Ronde 1 à 14:30 (a;b) https://x')).toBe('Ronde 1 à 14:30 (a;b) https://x');
  });

  it('the French translator spaces the message, never the name inserted in it; English untouched', () => {
    const fr = translator('fr');
    expect(fr('players.paintedOf', { name: 'Ana : la Grande' })).toBe('Peinture validée\u00a0: Ana : la Grande');
    expect(fr('players.noMatch', { q: 'Zoé' })).toBe('Aucun joueur ne correspond à «\u00a0Zoé\u00a0».');
    expect(translator('en')('players.paintedOf', { name: 'Ana' })).toBe('Painting approved: Ana');
    expect(fr('common.colon')).toBe('\u00a0: ');
    expect(translator('en')('common.colon')).toBe(': ');
  });

  it("typesets the domain's own French text for a screen, and leaves English and the command line alone", () => {
    expect(typeset('date : date invalide', 'fr')).toBe('date\u00a0: date invalide');
    expect(typeset('date: invalid date', 'en')).toBe('date: invalid date');
  });
});

describe('French numbers', () => {
  it('decimal comma, true minus sign, thousands from 10 000; English as is', () => {
    expect(formatNumber(1.5)).toBe('1,5');
    expect(formatNumber(-3)).toBe('\u22123');
    expect(formatNumber(-0.25, 'fr')).toBe('\u22120,25');
    expect(formatNumber(4096)).toBe('4096');
    expect(formatNumber(12345.5)).toBe('12\u202f345,5');
    expect(formatNumber(2 / 3)).toBe('0,67');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(1.5, 'en')).toBe('1.5');
    expect(formatNumber(-3, 'en')).toBe('-3');
    expect(formatNumber(12345, 'en')).toBe('12345');
  });

  it('a number inserted in a message is written the same way; a string is left as given', () => {
    const fr = translator('fr');
    expect(fr('common.andMore', { list: '1, 2', n: 20_036 })).toBe('1, 2 et 20\u202f036 autres');
    expect(fr('common.andMore', { list: '1, 2', n: 2036 })).toBe('1, 2 et 2036 autres');
    expect(fr('common.andMore', { list: '1, 2', n: 1.5 })).toBe('1, 2 et 1,5 autre');
    expect(fr('tools.seed', { seed: '123456789' })).toBe('Tirage n° 123456789');
    expect(translator('en')('common.andMore', { list: '1, 2', n: 20_036 })).toBe('1, 2 and 20036 more');
    expect(translator('en')('common.andMore', { list: '1, 2', n: -1.5 })).toBe('1, 2 and -1.5 more');
  });
});

describe('days', () => {
  it('reads an ISO day as words, « 1er » for the first of the month', () => {
    expect(formatDay('2026-12-05')).toBe('5 décembre 2026');
    expect(formatDay('2027-05-01')).toBe('1er mai 2027');
    expect(formatDay('2026-12-05', 'en')).toBe('5 December 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
