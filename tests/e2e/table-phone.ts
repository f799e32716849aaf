// A table's phone in table mode, as the players use it in several end-to-end tests: the ticket
// opened, the clock started, a game ended by assassination and confirmed by both players.
import type { Page } from 'playwright-core';
import { button, WAIT } from './organizer';

/** The phone's table mode with `ticket` (a QR's text or a typed short code) opened: « Avant la partie ». */
export async function openTicket(phone: Page, appUrl: string, ticket: string): Promise<void> {
  await phone.goto(`${appUrl}#/table`);
  await phone.waitForSelector('body[data-ready="true"]', WAIT);
  await phone.getByTestId('ticket-entry').fill(ticket);
  await button(phone, 'Ouvrir la partie').click();
  await phone.getByRole('heading', { name: 'Avant la partie' }).waitFor(WAIT);
}

/** The clock started, `first` to play: once its first turn shows. */
export async function startClock(phone: Page, first: string): Promise<void> {
  await phone.getByRole('radio', { name: first, exact: true }).click();
  await button(phone, 'Démarrer la pendule').click();
  await phone
    .getByTestId('turn')
    .filter({ hasText: `Tour 1 · ${first}` })
    .waitFor(WAIT);
}

/** The game ended by an assassination `winner` wins, the result entered and confirmed by both players (`a` then `b`). */
export async function assassinationConfirmed(phone: Page, winner: string, a: string, b: string): Promise<void> {
  await button(phone, 'Fin de partie…').click();
  await button(phone, `Assassinat\u00a0: ${winner} gagne`).click();
  await button(phone, 'Confirmer').click();
  await button(phone, 'Saisir le résultat').click();
  await button(phone, 'Enregistrer le résultat').click();
  await phone.getByRole('heading', { name: 'Les deux joueurs confirment le résultat' }).waitFor(WAIT);
  for (const n of [a, b]) await button(phone, `${n} confirme`).click();
}
