import { describe, expect, it } from 'vitest';
import { bySurname, sortBySurname, surnameKey } from '../../src/ui/surname';

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
