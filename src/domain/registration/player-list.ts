// A list of players pasted or imported at registration: a CSV (with or without a header row, ';',
// tab or ',' separated, quoted fields allowed) or one « Nom ; Club ; Faction » per line; a line
// separated otherwise than the rest (a tab among ';') is read with its own separator. Pure:
// it returns the players it would register and, line by line, why it leaves any out (a name
// already registered, a name repeated in the list, a line without a name). Nothing is guessed
// silently: the organizer sees every line left out before anything is registered.

export interface ListedPlayer {
  /** 1-based line of the text it came from */
  line: number;
  name: string;
  club?: string;
  faction?: string;
  nickname?: string;
}

export type PlayerListProblem =
  | { line: number; code: 'no-name' }
  | { line: number; code: 'already-registered'; name: string; number: number }
  | { line: number; code: 'repeated'; name: string; firstLine: number }
  | { line: number; code: 'extra-fields'; count: number };

export interface PlayerListResult {
  players: ListedPlayer[];
  /** lines left out ('extra-fields' keeps the line: it only says what was ignored) */
  problems: PlayerListProblem[];
  /** the columns read, in order, so the screen can say how the text was understood */
  columns: ReadonlyArray<Column>;
  header: boolean;
}

type Column = 'name' | 'club' | 'faction' | 'nickname';

const DEFAULT_COLUMNS: readonly Column[] = ['name', 'club', 'faction'];

const HEADER_WORDS: Record<Column, readonly string[]> = {
  name: ['nom', 'name', 'joueur', 'joueuse', 'player', 'nom complet', 'full name', 'participant'],
  club: ['club', 'ville', 'city', 'association', 'team', 'equipe'],
  faction: ['faction', 'armee', 'army', 'race', 'camp'],
  nickname: ['pseudo', 'nickname', 'surnom', 'alias'],
};

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('fr')
    .replace(/\s+/g, ' ')
    .trim();

/** Two names the organizer would call the same person: case, accents and spaces aside. */
export const sameListedName = (a: string, b: string): boolean => fold(a) === fold(b);

/** The separator of the text: the one the first non-empty line uses most (';' first on a tie). */
function separatorOf(lines: readonly string[]): string {
  const first = lines.find((l) => l.trim() !== '') ?? '';
  const counts = [';', '\t', ','].map((s) => ({ s, n: first.split(s).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.s : ';';
}

/**
 * The separator of one line: the text's, unless the line has none of it but a tab or a ';' (a
 * line copied from a spreadsheet among typed « Nom ; Club » lines). A comma never takes over:
 * « Dupont, Jean » is one name.
 */
function lineSeparator(line: string, sep: string): string {
  if (line.includes(sep)) return sep;
  for (const other of ['\t', ';']) if (other !== sep && line.includes(other)) return other;
  return sep;
}

/** One CSV record: double-quoted fields may hold the separator and "" for a quote. */
function splitFields(line: string, sep: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === sep) {
      out.push(field.trim());
      field = '';
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

function headerColumns(fields: readonly string[]): Array<Column | null> | null {
  const cols = fields.map((f) => (Object.keys(HEADER_WORDS) as Column[]).find((c) => HEADER_WORDS[c].includes(fold(f))) ?? null);
  return cols.includes('name') ? cols : null;
}

export function parsePlayerList(text: string, registered: ReadonlyArray<{ name: string; number: number; nickname?: string }> = []): PlayerListResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const sep = separatorOf(lines);
  const players: ListedPlayer[] = [];
  const problems: PlayerListProblem[] = [];
  let columns: Array<Column | null> = [...DEFAULT_COLUMNS];
  let header = false;
  let seenFirst = false;
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const fields = splitFields(raw, lineSeparator(raw, sep));
    if (!seenFirst) {
      seenFirst = true;
      const h = headerColumns(fields);
      if (h) {
        columns = h;
        header = true;
        return;
      }
    }
    const listed: ListedPlayer = { line, name: '' };
    fields.forEach((value, k) => {
      const col = columns[k];
      if (col && value !== '') listed[col] = value.replace(/\s+/g, ' ');
    });
    const ignored = header ? 0 : fields.slice(columns.length).filter((f) => f !== '').length;
    if (!listed.name) return problems.push({ line, code: 'no-name' });
    // a nickname tells namesakes apart only when the line gives one; a bare name matches anyone of that name
    const same = (p: { name: string; nickname?: string }): boolean =>
      sameListedName(p.name, listed.name) && (!listed.nickname || !p.nickname || sameListedName(p.nickname, listed.nickname));
    const already = registered.find(same);
    if (already) return problems.push({ line, code: 'already-registered', name: listed.name, number: already.number });
    const first = players.find(same);
    if (first) return problems.push({ line, code: 'repeated', name: listed.name, firstLine: first.line });
    if (ignored > 0) problems.push({ line, code: 'extra-fields', count: ignored });
    players.push(listed);
  });
  return { players, problems, columns: columns.filter((c): c is Column => c !== null), header };
}
