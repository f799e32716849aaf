import { describe, expect, it } from 'vitest';
import { parsePlayerList, sameListedName } from '../../../src/domain/registration/player-list';

describe('pasted player list', () => {
  it('reads one « Nom ; Club ; Faction » per line, club and faction optional, blank and # lines skipped', () => {
    const r = parsePlayerList('Ana Duval ; Lyon ; Cygnar\n\n# les retardataires\nBruno  Martin;Paris\nChloé Petit\n');
    expect(r.header).toBe(false);
    expect(r.players).toEqual([
      { line: 1, name: 'Ana Duval', club: 'Lyon', faction: 'Cygnar' },
      { line: 4, name: 'Bruno Martin', club: 'Paris' },
      { line: 5, name: 'Chloé Petit' },
    ]);
    expect(r.problems).toEqual([]);
  });

  it('reads a CSV with a header in any order, quoted fields, a BOM and CRLF; unknown columns are ignored', () => {
    const csv = '\uFEFFPseudo,Faction,"Nom",Email,Ville\r\nanad,Cygnar,"Duval, Ana",ana@x.fr,Lyon\r\n,"Khador ""rouge""",Bruno Martin,,Paris\r\n';
    const r = parsePlayerList(csv);
    expect(r.header).toBe(true);
    expect(r.columns).toEqual(['nickname', 'faction', 'name', 'club']);
    expect(r.players).toEqual([
      { line: 2, name: 'Duval, Ana', nickname: 'anad', faction: 'Cygnar', club: 'Lyon' },
      { line: 3, name: 'Bruno Martin', faction: 'Khador "rouge"', club: 'Paris' },
    ]);
  });

  it('takes tabs (a spreadsheet copy) as the separator', () => {
    const r = parsePlayerList('Nom\tClub\tFaction\nAna Duval\tLyon\tCygnar');
    expect(r.players).toEqual([{ line: 2, name: 'Ana Duval', club: 'Lyon', faction: 'Cygnar' }]);
  });

  it('reads a tab-separated line among « ; » lines with its own separator (issue 21, 16)', () => {
    const r = parsePlayerList('Ana Duval ; Lyon ; Cygnar\nBruno Martin\tParis\tKhador\nChloé Petit ; Grenoble');
    expect(r.players).toEqual([
      { line: 1, name: 'Ana Duval', club: 'Lyon', faction: 'Cygnar' },
      { line: 2, name: 'Bruno Martin', club: 'Paris', faction: 'Khador' },
      { line: 3, name: 'Chloé Petit', club: 'Grenoble' },
    ]);
    // and a « ; » line among tabs; a comma never splits a line of another separator
    expect(parsePlayerList('Nom\tClub\nAna Duval\tLyon\nBruno Martin;Paris\nDupont, Jean').players).toEqual([
      { line: 2, name: 'Ana Duval', club: 'Lyon' },
      { line: 3, name: 'Bruno Martin', club: 'Paris' },
      { line: 4, name: 'Dupont, Jean' },
    ]);
  });

  it('leaves out names already registered and names repeated in the list, and says which line and why', () => {
    const registered = [
      { name: 'Ana Duval', number: 3 },
      { name: 'Bruno Martin', number: 4, nickname: 'bm' },
    ];
    const r = parsePlayerList('ANA  DUVAL;Lyon\nÉmile Zola\n; Paris ; Cygnar\nemile zola;Marseille\nBruno Martin;Paris', registered);
    expect(r.players.map((p) => p.name)).toEqual(['Émile Zola']);
    expect(r.problems).toEqual([
      { line: 1, code: 'already-registered', name: 'ANA DUVAL', number: 3 },
      { line: 3, code: 'no-name' },
      { line: 4, code: 'repeated', name: 'emile zola', firstLine: 2 },
      { line: 5, code: 'already-registered', name: 'Bruno Martin', number: 4 },
    ]);
  });

  it('a different nickname on both sides tells namesakes apart', () => {
    const registered = [{ name: 'Bruno Martin', number: 4, nickname: 'bm' }];
    const r = parsePlayerList('Nom;Pseudo\nBruno Martin;bruno2\nBruno Martin;BM\nBruno Martin;bruno2', registered);
    expect(r.players).toEqual([{ line: 2, name: 'Bruno Martin', nickname: 'bruno2' }]);
    expect(r.problems.map((p) => p.code)).toEqual(['already-registered', 'repeated']);
  });

  it('a fourth field without a header is reported as ignored, the player still listed', () => {
    const r = parsePlayerList('Ana Duval;Lyon;Cygnar;Stryker;6');
    expect(r.players).toEqual([{ line: 1, name: 'Ana Duval', club: 'Lyon', faction: 'Cygnar' }]);
    expect(r.problems).toEqual([{ line: 1, code: 'extra-fields', count: 2 }]);
  });

  it('compares names without case, accents or extra spaces', () => {
    expect(sameListedName('  Chloé   Pétain ', 'chloe petain')).toBe(true);
    expect(sameListedName('Chloé Pétain', 'Chloé Petit')).toBe(false);
  });

  it('never throws on any text, and every kept player has a name (random texts)', () => {
    const alphabet = 'aé;,\t"\n\r #Nom';
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 500; k++) {
      const text = Array.from({ length: Math.floor(rand() * 60) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
      const r = parsePlayerList(text, [{ name: 'a', number: 1 }]);
      for (const p of r.players) expect(p.name.trim()).not.toBe('');
      const names = r.players.map((p) => p.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
