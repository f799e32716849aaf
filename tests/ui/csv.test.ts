// The one CSV writer: RFC 4180 quoting so any reader splits rows and cells where the writer
// meant, and no cell a spreadsheet would run as a formula.
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { csvDocument, csvField } from '../../src/ui/csv';
import { standingsCsv } from '../../src/ui/systems/sr2011/standings-model';
import { rowsOf } from '../../src/ui/systems/shared/standings-model';
import { uiFor } from '../../src/ui/systems';
import { makeEvent, makePlayer } from '../fixtures/events';

/** A strict RFC 4180 reader (with a chosen separator), to read back what the writer wrote. */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  let quoted = false;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') {
      if (cell !== '') throw new Error(`quote inside an unquoted cell at ${i}`);
      quoted = true;
    } else if (c === sep) row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else if (c === '\n' || c === '\r') throw new Error(`bare line break at ${i}`);
    else cell += c;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length) row.push(cell), rows.push(row);
  return rows;
}

const NASTY = ['Dupont, Jean', 'Le "Roi" Karl', 'Deux\nlignes', 'Retour\r\nchariot', ' espace ', 'a;b', 'simple', "l'Éclair"];

describe('csv writer', () => {
  it('quotes commas, quotes, line breaks, separators and edge spaces; reads back the same', () => {
    expect(csvField('Dupont, Jean')).toBe('"Dupont, Jean"');
    expect(csvField('Le "Roi"')).toBe('"Le ""Roi"""');
    expect(csvField('simple')).toBe('simple');
    expect(csvField(-20)).toBe('-20');
    for (const sep of [';', ',']) {
      const doc = csvDocument([NASTY, [1, 2.5, -3, null, undefined, 'x', 'y', 'z']], sep);
      expect(parseCsv(doc, sep)).toEqual([NASTY, ['1', '2.5', '-3', '', '', 'x', 'y', 'z']]);
    }
  });

  it('neutralises every way a cell can start a formula, even after spaces', () => {
    for (const f of ['=1+1', '+1', '-1+1', '@SUM(A1)', ' =1', '\t=1', '\u00a0=1', '＝1', '\r=1']) {
      const cell = parseCsv(csvDocument([[f]]), ';')[0]![0]!;
      expect(cell.startsWith("'"), JSON.stringify(f)).toBe(true);
    }
  });

  it('standings exports (SR2011 and the other systems) quote a name with a comma', () => {
    const name = 'Martin, Pierre-Étienne';
    const ev = makeEvent({ players: [makePlayer(1, { name }), makePlayer(2, { name: '=cmd|calc' })], rounds: [] });
    const t = translator('fr');
    const rows = [
      {
        rank: 1,
        id: 'p1',
        name,
        number: 1,
        tp: 0,
        sos: 0,
        cp: 0,
        apd: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        scenarioWins: 0,
        assassinationWins: 0,
        byes: 0,
        dropped: false,
        opponents: [],
        decidedBy: null,
      },
    ];
    const srText = standingsCsv(ev, rows, t);
    // quoted even with ';' as separator: a reader set to ',' must not cut the name in two
    expect(srText).toContain(`;"${name}";`);
    expect(parseCsv(srText, ';')[1]![2]).toBe(name);
    const lotr = makeEvent({
      system: 'lotr-sbg',
      settings: { points: 500, variants: [], rounds: 3 },
      players: [makePlayer(1, { name }), makePlayer(2, { name: '=cmd|calc' })],
      rounds: [],
    });
    const otherText = uiFor(lotr.system).standings.csv(lotr, rowsOf(lotr), t, 'fr');
    expect(otherText).toContain(`"${name}"`);
    const other = parseCsv(otherText, ';');
    const names = other.slice(1).map((r) => r[2]);
    expect(names).toContain(name);
    expect(names).toContain("'=cmd|calc");
  });
});
