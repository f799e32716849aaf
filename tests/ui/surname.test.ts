import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/random';
import { bySurname, shortName, shortNames, sortBySurname, surnameKey, surnameOrder, surnameOrderKept } from '../../src/ui/surname';

describe('sorting by surname as French organizers do', () => {
  it('files under the surname, particles aside, articles kept', () => {
    expect(surnameKey('Pierre-Yves Morel-Delacroix')).toBe('Morel-Delacroix Pierre-Yves');
    expect(surnameKey('Charles de Gaulle')).toBe('Gaulle Charles');
    expect(surnameKey('Jean de La Fontaine')).toBe('La Fontaine Jean');
    expect(surnameKey('Anne Le Goff')).toBe('Le Goff Anne');
    expect(surnameKey("Louis d'Artagnan")).toBe('Artagnan Louis');
    expect(surnameKey('MOREL Pierre')).toBe('MOREL Pierre');
    expect(surnameKey('Cher')).toBe('Cher');
  });

  it('orders a hall list by surname, accents and case ignored', () => {
    const names = ['Zoé Abadie', 'Anne Le Goff', 'Charles de Gaulle', 'Élodie Durand', 'Bruno Lefèvre', 'Pierre-Yves Morel-Delacroix', 'DUPONT Jean', 'Léa Écuyer'];
    expect([...names].sort(bySurname('fr'))).toEqual([
      'Zoé Abadie',
      'DUPONT Jean',
      'Élodie Durand',
      'Léa Écuyer',
      'Charles de Gaulle',
      'Anne Le Goff',
      'Bruno Lefèvre',
      'Pierre-Yves Morel-Delacroix',
    ]);
  });
});

describe('sortBySurname', () => {
  it('orders as bySurname does, each key worked out once', () => {
    const names = ['Zoé de La Tour 10', 'Ana Duval 2', 'Éric Durand', 'Ana Duval 10', 'Jean-Baptiste Morel-Delacroix', 'bob Martin', 'Ana duval 2'];
    const items = names.map((name, i) => ({ name, i }));
    expect(sortBySurname(items, (x) => x.name, 'fr').map((x) => x.name)).toEqual([...names].sort(bySurname('fr')));
  });
});

describe('shortName (a bracket column)', () => {
  it('keeps the surname whole and shortens the given name to its initials', () => {
    expect(shortName('Pierre-Yves Morel-Delacroix')).toBe('P.-Y. Morel-Delacroix');
    expect(shortName('Éloïse de La Tour d’Auvergne')).toBe('É. de La Tour d’Auvergne');
    expect(shortName('MOREL-DELACROIX Pierre-Yves')).toBe('P.-Y. MOREL-DELACROIX');
    expect(shortName('bob Martin')).toBe('B. Martin');
  });

  it('leaves whole a one-word name and a name whose surname has no letter', () => {
    expect(shortName('Gandalf')).toBe('Gandalf');
    expect(shortName('Joueur 12')).toBe('Joueur 12');
    expect(shortName('  Ana Duval ')).toBe('A. Duval');
  });

  it('keeps whole the names two players would share once shortened', () => {
    const short = shortNames(['Paul Martin', 'Pierre Martin', 'Ana Duval', 'Joueur 1']);
    expect([...short.values()]).toEqual(['Paul Martin', 'Pierre Martin', 'A. Duval', 'Joueur 1']);
  });

  it('shortens only the names shown, kept whole where anybody of the field would read the same', () => {
    // the field's own shortening, name by name, is what a few names shown among it must agree with
    const given = ['Paul', 'Pierre', 'Pierre-Yves', 'Éloïse', 'éloïse', 'Ana', 'Anne'];
    const surnames = ['Martin', 'Morel-Delacroix', 'de La Tour d’Auvergne', 'MARTIN', 'Le Goff'];
    for (let seed = 1; seed <= 200; seed++) {
      const rng = createRng(seed);
      const field = Array.from({ length: 1 + rng.int(30) }, () => {
        const g = given[rng.int(given.length)]!;
        const s = surnames[rng.int(surnames.length)]!;
        return rng.int(2) ? `${s.toLocaleUpperCase('fr')} ${g}` : `${g} ${s}`;
      });
      const shown = Array.from({ length: 1 + rng.int(8) }, () => field[rng.int(field.length)]!);
      const whole = shortNames(field);
      const some = shortNames(shown, field);
      expect([...some.keys()].sort()).toEqual([...new Set(shown)].sort());
      for (const n of shown) expect(some.get(n)).toBe(whole.get(n));
    }
  });

  it("keeps the field's surname order for the same names, sorting again only when a name or the language changes", () => {
    const given = ['Paul', 'Pierre-Yves', 'Éloïse', 'Ana', 'Anne'];
    const surnames = ['Martin', 'Morel-Delacroix', 'de La Tour d’Auvergne', 'MARTIN', 'Le Goff', 'Duval'];
    for (let seed = 1; seed <= 50; seed++) {
      const rng = createRng(seed);
      const people = Array.from({ length: 1 + rng.int(60) }, (_, i) => ({ id: `p${i + 1}`, name: `${given[rng.int(given.length)]} ${surnames[rng.int(surnames.length)]}` }));
      const expected = sortBySurname(people, (p) => p.name, 'fr').map((p) => p.id);
      expect(surnameOrder(people, 'fr')).toEqual(expected);
      // a check-in: a new array of the same people is answered from the order kept
      const checkedIn = people.map((p) => ({ ...p }));
      expect(surnameOrderKept(checkedIn, 'fr')).toBe(true);
      expect(surnameOrder(checkedIn, 'fr')).toEqual(expected);
      expect(surnameOrderKept(checkedIn, 'en')).toBe(false);
      // a name changed: sorted again
      const renamed = people.map((p, i) => (i === 0 ? { ...p, name: 'Aaron Aabel' } : p));
      expect(surnameOrderKept(renamed, 'fr')).toBe(false);
      expect(surnameOrder(renamed, 'fr')[0]).toBe('p1');
    }
  });
});
