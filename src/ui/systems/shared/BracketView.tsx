// A knockout event's whole bracket, one column per round: the games played (winner marked, the
// table number), the byes and walkovers, the rounds still to come as empty places filled with
// whoever has already gone through, and the champion. Read from the event's rounds by the
// domain's readBracket, so what is shown is what the pairing will do.
import type { EventFile, PlayerId } from '../../../domain/event-file';
import { knockoutStage, readBracket, type BracketMatch } from '../../../domain/systems';
import { useMemo, useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import { usePrinting, useTurns } from '../../components/VirtualRows';
import { stageLabel } from './model';
import { shortNames } from '../../surname';

interface Props {
  event: EventFile;
  /** the projector's black, huge version */
  variant?: 'tab' | 'projector';
}

interface Shown {
  field: number;
  number: number | null;
  matches: Array<Pick<BracketMatch, 'a' | 'b' | 'kind' | 'table' | 'winner'>>;
}

type Columns = { columns: Shown[]; champion: PlayerId | null; seeding: PlayerId[] };

/**
 * The columns of each event state read once: the tab, its bracket print and the projector read
 * the same state again and again, and reading a 4,096-player bracket costs milliseconds a time.
 */
const columnsRead = new WeakMap<EventFile, Columns>();
function columnsOf(event: EventFile): Columns {
  let read = columnsRead.get(event);
  if (!read) columnsRead.set(event, (read = bracketColumns(event)));
  return read;
}

/** The rounds played, then the rounds to come down to the final, with the known winners placed. */
export function bracketColumns(event: EventFile): Columns {
  const bracket = readBracket(event);
  const columns: Shown[] = bracket.rounds.map((r) => ({ field: r.field, number: r.number, matches: r.matches }));
  const last = bracket.rounds[bracket.rounds.length - 1];
  if (last && !bracket.complete) {
    let winners: Array<PlayerId | null> = last.matches.map((m) => (typeof m.winner === 'string' ? m.winner : null));
    let field = last.field / 2;
    let number = last.number + 1;
    while (field >= 2) {
      const matches: Shown['matches'] = [];
      for (let i = 0; i < field; i += 2) matches.push({ a: winners[i] ?? null, b: winners[i + 1] ?? null, kind: 'game', table: null, winner: undefined });
      columns.push({ field, number, matches });
      winners = matches.map(() => null);
      field /= 2;
      number += 1;
    }
  }
  return { columns, champion: bracket.champion, seeding: bracket.seeding };
}

/** Columns with more games than this are folded to a line until asked for (a 4,096-player bracket has 2,048 games in its first). */
export const FOLD_ABOVE = 32;

/**
 * Games drawn at each turn, the first columns first: the 63 games of the unfolded columns, drawn
 * and laid out in one task with the standings table under them, were a 122 ms task on a tablet 4x
 * slower than a laptop (mostly the first layout of their names). Printed: every game at once.
 */
export const GAMES_PER_TURN = 16;

/**
 * A bracket's column is narrow: « P.-Y. Morel-Delacroix », the whole name in the tooltip. Only the
 * names in the columns shown are shortened (checked against the whole field).
 */
function useShortNames(event: EventFile, shown: readonly Shown[], nameOf: (id: PlayerId) => string): (id: PlayerId) => string {
  const shownNames = shown.flatMap((c) => c.matches.flatMap((m) => [m.a, m.b].filter((id): id is PlayerId => id !== null).map(nameOf)));
  const shownKey = shownNames.join('\n');
  const short = useMemo(
    () =>
      shortNames(
        shownNames,
        event.players.map((p) => p.name),
      ),
    [shownKey, event.players],
  );
  return (id) => short.get(nameOf(id)) ?? nameOf(id);
}

const NOT_READ: Columns = { columns: [], champion: null, seeding: [] };

export function BracketView({ event, variant = 'tab' }: Props) {
  const { t } = useI18n();
  const printing = usePrinting();
  // the bracket is read and drawn a turn after the screen it is on (the tab's table, the
  // projector's heading), then GAMES_PER_TURN more games at each turn
  const [upTo, setUpTo] = useState(1);
  const turns = useTurns(upTo);
  const read = turns > 0 || printing;
  const { columns, champion, seeding } = read ? columnsOf(event) : NOT_READ;
  const names = useMemo(() => new Map(event.players.map((p) => [p.id, p.name])), [event.players]);
  const nameOf = (id: PlayerId): string => names.get(id) ?? id;
  const seedOf = useMemo(() => new Map(seeding.map((id, i) => [id, i + 1])), [seeding]);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const folded = (c: Shown): boolean => c.matches.length > FOLD_ABOVE && !unfolded.has(c.field) && !printing;
  const shortOf = useShortNames(
    event,
    columns.filter((c) => !folded(c)),
    nameOf,
  );
  // a column unfolded on request is drawn whole: the turns share out the columns shown unasked
  const unasked = (c: Shown): boolean => !folded(c) && !unfolded.has(c.field);
  const needed = 1 + Math.ceil(columns.reduce((n, c) => n + (unasked(c) ? c.matches.length : 0), 0) / GAMES_PER_TURN);
  if (read && needed > upTo) setUpTo(needed);
  let allowed = printing ? Number.POSITIVE_INFINITY : turns * GAMES_PER_TURN;
  const drawn = (c: Shown): Shown['matches'] => {
    if (!unasked(c)) return c.matches;
    const games = c.matches.slice(0, allowed);
    allowed -= games.length;
    return games;
  };
  if (!read) return <section class={`bracket bracket-${variant}`} aria-label={t('systems.bracket.title')} aria-busy="true" data-testid="bracket" />;
  if (columns.length === 0) return <p class="muted">{t('systems.bracket.empty')}</p>;

  const slot = (m: Shown['matches'][number], id: PlayerId | null, key: string) => {
    const won = id !== null && m.winner === id;
    const lost = id !== null && m.kind === 'game' && typeof m.winner === 'string' && m.winner !== id;
    return (
      <div key={key} class={`bracket-slot${won ? ' won' : ''}${lost ? ' lost' : ''}${id === null ? ' open' : ''}`}>
        {id !== null && seedOf.has(id) && <span class="bracket-seed">{seedOf.get(id)}</span>}
        <span class="bracket-name" title={id === null ? undefined : nameOf(id)}>
          {id === null ? (m.kind === 'game' ? t('systems.bracket.tbd') : '—') : shortOf(id)}
        </span>
        {won && (
          <span class="bracket-mark" role="img" aria-label={t('systems.bracket.through')}>
            ✓
          </span>
        )}
      </div>
    );
  };

  return (
    <section class={`bracket bracket-${variant}`} aria-label={t('systems.bracket.title')} data-testid="bracket">
      <div class="bracket-rounds">
        {columns.map((c) => (
          <div class="bracket-round" key={c.field} data-stage={knockoutStage(c.field)}>
            <h3>
              {stageLabel(knockoutStage(c.field), t)}
              {c.number !== null && variant === 'tab' && <span class="muted"> · {t('rounds.round', { n: c.number })}</span>}
            </h3>
            {folded(c) ? (
              <p class="bracket-folded" data-testid="bracket-folded">
                {t('systems.bracket.folded', { n: c.matches.length, played: c.matches.filter((m) => typeof m.winner === 'string').length })}{' '}
                <button type="button" class="btn" onClick={() => setUnfolded((s) => new Set(s).add(c.field))}>
                  {t('systems.bracket.unfold')}
                </button>
              </p>
            ) : (
              <ol class="bracket-matches">
                {drawn(c).map((m, i) => (
                  <li key={i} class={`bracket-match ${m.kind}`}>
                    {m.kind === 'bye' ? (
                      <>
                        {slot(m, m.a ?? m.b, 'a')}
                        <div class="bracket-slot bye">{t('systems.bracket.bye')}</div>
                      </>
                    ) : (
                      <>
                        {slot(m, m.a, 'a')}
                        {slot(m, m.b, 'b')}
                        {m.kind === 'walkover' && <span class="bracket-table">{t('systems.bracket.walkover')}</span>}
                      </>
                    )}
                    {m.table !== null && <span class="bracket-table">{t('systems.bracket.table', { n: m.table })}</span>}
                  </li>
                ))}
              </ol>
            )}
          </div>
        ))}
        <div class="bracket-round bracket-final">
          <h3>{t('systems.status.champion')}</h3>
          <div class={`bracket-champion${champion ? ' crowned' : ''}`} data-testid="bracket-champion">
            {champion ? nameOf(champion) : t('systems.bracket.tbd')}
          </div>
        </div>
      </div>
    </section>
  );
}
