// Small helpers shared by the table screens.
import type { ClockRefusal } from '../../../domain/clock';
import type { TableTicket, TicketList } from '../../../domain/handoff';
import { CATALOG } from '../../../i18n/catalog';
import type { MessageKey, Translate } from '../../../i18n';
import type { TableSetup } from '../../../store/table-games';

export type Side = 'a' | 'b';
export const SIDES = ['a', 'b'] as const;

/** The list a player plays: the one chosen at setup, or the only one registered. */
export function chosenList(ticket: TableTicket, setup: TableSetup | null, side: Side): { index: number; list: TicketList } | null {
  const lists = ticket[side].lists;
  const i = setup?.lists[side] ?? (lists.length === 1 ? 0 : null);
  return i === null || !lists[i] ? null : { index: i, list: lists[i]! };
}

/** "Cygnar · Stryker": what each half shows under the name. */
export function playerMeta(ticket: TableTicket, setup: TableSetup | null, side: Side): string {
  const list = chosenList(ticket, setup, side);
  return [ticket[side].faction, list?.list.caster].filter(Boolean).join(' · ');
}

export function refusalText(t: Translate, why: ClockRefusal | string): string {
  const key = `table.refused.${why}`;
  return key in CATALOG.fr ? t(key as MessageKey) : why;
}
