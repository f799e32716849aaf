// A Confrontation army as the event file carries it: an ArmyList whose models may say which card
// (blister) they come from and whether they are a champion. Shared by the Rackham rules (cards
// staked in a challenge) and the CDR rules (the commander).
import type { ArmyList, ListModel } from '../event-file/types';

/** A reference card: the unit a player stakes in a challenge. */
export interface Card {
  id: string;
  /** the card's total PA */
  cost: number;
  models: ListModel[];
}

/**
 * Cards of a list. Models with the same `card` field share a card ("une carte par blister": four
 * goblins of one type are two cards); a model without one is its own card, named by its index.
 */
export function cardsOf(list: Pick<ArmyList, 'models'>): Card[] {
  const cards = new Map<string, Card>();
  list.models.forEach((m, i) => {
    const id = typeof m.card === 'string' && m.card.trim() !== '' ? m.card.trim() : `#${i}`;
    const card = cards.get(id) ?? { id, cost: 0, models: [] };
    card.cost += m.cost;
    card.models.push(m);
    cards.set(id, card);
  });
  return [...cards.values()];
}

export const isChampion = (m: ListModel): boolean => m.champion === true;

/**
 * The commander (CDR XX-B-1): the army's most expensive champion in strategic value. Several at
 * the same cost: the player chooses, so every one of them is returned. Empty without champions.
 */
export function commanderCandidates(models: readonly ListModel[]): ListModel[] {
  const champions = models.filter(isChampion);
  if (champions.length === 0) return [];
  const top = Math.max(...champions.map((m) => m.cost));
  return champions.filter((m) => m.cost === top);
}

/** The most expensive models of a whole selection (the challenge's duel); ties: the player picks. */
export function mostExpensiveModels(models: readonly ListModel[]): ListModel[] {
  if (models.length === 0) return [];
  const top = Math.max(...models.map((m) => m.cost));
  return models.filter((m) => m.cost === top);
}
