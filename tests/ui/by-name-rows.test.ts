import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/random';
import { byNameRows } from '../../src/ui/screens/event/rounds/PairingsTable';
import { sortBySurname } from '../../src/ui/surname';
import type { Round } from '../../src/domain/event-file';

describe('the pairings by name', () => {
  it('lists every player of the round once, by surname, with the table and the opponent, the bye included', () => {
    const given = ['Paul', 'Pierre-Yves', 'Éloïse', 'Ana', 'Anne', 'Jean'];
    const surnames = ['Martin', 'Morel-Delacroix', 'de La Tour d’Auvergne', 'MARTIN', 'Le Goff', 'Duval', 'd’Artagnan'];
    for (let seed = 1; seed <= 40; seed++) {
      const rng = createRng(seed);
      const n = 3 + rng.int(80);
      const players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `${given[rng.int(given.length)]} ${surnames[rng.int(surnames.length)]} ${i + 1}` }));
      const ids = players.map((p) => p.id);
      for (let i = ids.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        [ids[i], ids[j]] = [ids[j]!, ids[i]!];
      }
      // a player dropped before the round is not in it; one leftover id the field does not list is
      const seated = ids.slice(1);
      if (rng.int(2)) seated.push('ghost');
      const pairings = [];
      for (let i = 0; i + 1 < seated.length; i += 2) pairings.push({ table: i / 2 + 1, a: seated[i]!, b: seated[i + 1]! });
      const bye = seated.length % 2 ? seated.at(-1)! : undefined;
      const round = { number: 1, pairings, ...(bye ? { bye } : {}) } as unknown as Round;
      const names = new Map(players.map((p) => [p.id, p.name]));
      const nameOf = (id: string): string => names.get(id) ?? id;
      const rows = byNameRows(round, players, nameOf, 'fr');
      expect(rows.map((r) => r.id).sort()).toEqual([...seated].sort());
      expect(rows.map((r) => nameOf(r.id))).toEqual(sortBySurname(seated, nameOf, 'fr').map(nameOf));
      for (const r of rows) {
        const p = pairings.find((x) => x.a === r.id || x.b === r.id);
        if (p) expect(r).toEqual({ id: r.id, table: p.table, opponent: p.a === r.id ? p.b : p.a });
        else expect(r).toEqual({ id: bye, table: null, opponent: null });
      }
    }
  });
});
