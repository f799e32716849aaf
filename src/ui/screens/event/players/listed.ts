// The players in the order the organizer chose (surname or number), with their search index, kept
// across renders and tab visits; a first sort of a big field is put off to a turn of its own so the
// tab's frame comes first (4,096 players on a cheap tablet).
import { useMemo, useRef } from 'preact/hooks';
import type { Player } from '../../../../domain/event-file';
import { WHOLE_LIST } from '../../../components/VirtualRows';
import { surnameOrder, surnameOrderKept } from '../../../surname';
import { searchIndex } from './model';
import { useOwnTurn } from '../../../use-own-turn';

export type Order = 'name' | 'number';
type Index = ReturnType<typeof searchIndex>;

/**
 * The players in the order chosen, with their search index: kept per list of players (a new
 * array at each change) and order, so the tab opened again or a check-in's render does not sort
 * 512 names again; the surname order is worked out again only when a name changes.
 */
const orders = new WeakMap<readonly Player[], Map<string, { ordered: Player[]; index: Index }>>();
/**
 * Whether `listed` would answer without sorting names: kept already, by number, or the same
 * names in the same language. Past a club's evening, a first sort (the app's start on this tab,
 * another language) gets a turn of its own, the tab's frame first; see useListedIndex.
 */
function listedCheaply(players: readonly Player[], order: Order, lang: string): boolean {
  if (order === 'number' || players.length <= WHOLE_LIST || orders.get(players)?.has(`${order}:${lang}`)) return true;
  return surnameOrderKept(players, lang);
}
function listed(players: readonly Player[], order: Order, lang: string): { ordered: Player[]; index: Index } {
  let byOrder = orders.get(players);
  if (!byOrder) orders.set(players, (byOrder = new Map()));
  const key = `${order}:${lang}`;
  let hit = byOrder.get(key);
  if (!hit) {
    let ordered: Player[];
    if (order === 'name') {
      // same names, same order: the players of this list put in it
      const byId = new Map(players.map((p) => [p.id, p]));
      ordered = surnameOrder(players, lang).map((id) => byId.get(id)!);
    } else ordered = [...players].sort((a, b) => a.number - b.number);
    byOrder.set(key, (hit = { ordered, index: searchIndex(ordered) }));
  }
  return hit;
}

/**
 * The search index of the players in `order`. The search runs over an index built once per change
 * of the players, not per keystroke; the surname order is worked out again only when a name
 * changes, not at each check-in.
 * A sort of the whole field (512 names: a fifth of the first task on a tablet 4x slower than
 * a laptop) is not done in the render that draws the tab: the tab comes first with its list
 * empty, the names are sorted in the next turn and the rows drawn in the one after. Later
 * renders (a check-in, a search, the tab opened again) find the order kept.
 */
export function useListedIndex(players: readonly Player[], order: Order, lang: string): Index {
  const cheap = listedCheaply(players, order, lang);
  useOwnTurn(!cheap, () => listed(players, order, lang), [players, order, lang]);
  // meanwhile a list already on screen stays (a player just registered joins it a moment later)
  const lastIndex = useRef<Index>([]);
  const { index } = useMemo(() => (cheap || listedCheaply(players, order, lang) ? listed(players, order, lang) : { index: lastIndex.current }), [cheap, players, order, lang]);
  lastIndex.current = index;
  return index;
}
