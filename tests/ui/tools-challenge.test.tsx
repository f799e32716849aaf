// @vitest-environment jsdom
// The Confrontation 200-PA challenge wizard: the seeded challenge roll and its time-limit row, the
// stakes and their checks, who takes the challenge at each stage, and a result the Rackham system
// accepts as it is.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rollChallenge } from '../../src/domain/confrontation';
import type { ArmyList, EventFile, GameResult, Pairing } from '../../src/domain/event-file/types';
import { createRng } from '../../src/domain/random';
import { rollOff } from '../../src/domain/systems';
import { systemFor } from '../../src/domain/systems';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { randomSeed } from '../../src/platform/seed';
import { RackhamChallengeWizard } from '../../src/ui/systems/confrontation/RackhamChallengeWizard';
import { makeEvent, makePlayer } from '../fixtures/events';
import { deName } from '../../src/i18n/typography';

vi.mock('../../src/platform/seed', () => ({ randomSeed: vi.fn(() => 1) }));
const seedIs = (seed: number): void => void vi.mocked(randomSeed).mockReturnValue(seed);

beforeEach(() => seedIs(1));
afterEach(cleanup);

const list = (models: ArmyList['models']): ArmyList => ({ caster: 'Armée', themeForce: null, tier: null, bonus: 0, models });

/** 153 PA in four cards: the two warriors share a card ("une carte par blister"). */
const ANA = list([
  { name: 'Guerrier keltois', cost: 18, card: 'k1' },
  { name: 'Guerrier keltois', cost: 18, card: 'k1' },
  { name: 'Sessair', cost: 60 },
  { name: 'Druide', cost: 35 },
  { name: 'Chasseur', cost: 22 },
]);
/** 183 PA in four cards. */
const BRUNO = list([
  { name: 'Croc', cost: 34 },
  { name: 'Croc', cost: 34 },
  { name: 'Prédateur', cost: 45 },
  { name: 'Ragnok', cost: 70 },
]);

const pairing: Pairing = { table: 1, a: 'p1', b: 'p2' };

function challengeEvent(lists: { a: ArmyList[]; b: ArmyList[] } = { a: [ANA], b: [BRUNO] }): EventFile {
  return makeEvent({
    system: 'confrontation-rackham',
    settings: { points: 200, variants: [], rounds: null },
    players: [makePlayer(1, { name: 'Ana Duval', lists: lists.a }), makePlayer(2, { name: 'Bruno Martin', lists: lists.b })],
    rounds: [{ number: 1, pairings: [pairing], bye: null }],
  });
}

function renderWizard(opts: { event?: EventFile; initial?: GameResult; lang?: Lang } = {}) {
  const event = opts.event ?? challengeEvent();
  const onSubmit = vi.fn(async (_r: GameResult) => undefined);
  const onCancel = vi.fn();
  const lang = opts.lang ?? 'fr';
  const utils = render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <RackhamChallengeWizard event={event} round={event.rounds[0]!} pairing={pairing} initial={opts.initial} onSubmit={onSubmit} onCancel={onCancel} />
    </I18nContext.Provider>,
  );
  return { ...utils, event, onSubmit, onCancel };
}

const click = (name: string | RegExp): void => void fireEvent.click(screen.getByRole('button', { name }));
const stake = (who: string, card: string): void => void fireEvent.click(within(screen.getByRole('group', { name: `Mise ${deName(who)}` })).getByRole('checkbox', { name: card }));
const errors = (): string[] =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

async function saved(onSubmit: ReturnType<typeof vi.fn>, event: EventFile): Promise<GameResult> {
  click('Enregistrer le résultat');
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  const result = onSubmit.mock.calls[0]![0] as GameResult;
  expect(systemFor('confrontation-rackham').validateResult(result, pairing, event.settings)).toEqual([]);
  return result;
}

/** Roll, keep the registered lists, stake Sessair (60) against Croc + Prédateur (79). */
function toFirstBlood(): void {
  click('🎲 Lancer le dé du défi');
  click('Suivant');
  click('Suivant');
  stake('Ana Duval', 'Sessair · 60 PA');
  stake('Bruno Martin', 'Croc · 34 PA (1)');
  stake('Bruno Martin', 'Prédateur · 45 PA');
  click('Révéler les mises');
}

describe('challenge wizard: the challenge roll', () => {
  it('states the table size of the 200-PA challenge: 40 x 80 cm to 80 x 120 cm', () => {
    seedIs(1);
    renderWizard();
    expect(screen.getByTestId('table-size').textContent).toBe('Table du défi\u00a0: de 40 × 80 cm à 80 × 120 cm');
  });

  it('rolls a d6 from the seed, shows it, and reads the time limit at row 6 − result', () => {
    seedIs(1);
    renderWizard();
    expect(screen.getByText('Tirage n° 1')).toBeTruthy();
    click('🎲 Lancer le dé du défi');
    const expected = rollChallenge(createRng(1));
    expect(expected).toEqual({ rolls: [4], objective: 4, timeLimitRow: 2 });
    const shown = screen.getByTestId('challenge-roll').textContent;
    expect(shown).toContain('Dés\u00a0: 4');
    expect(shown).toContain('Défi\u00a0: ligne 4 du tableau des défis');
    expect(shown).toContain('Limite de temps\u00a0: ligne 2 (6 − 4)');
    // rolled once: no second chance
    expect(screen.queryByRole('button', { name: '🎲 Lancer le dé du défi' })).toBeNull();
  });

  it('re-rolls a 6, and the same seed gives the same dice', () => {
    seedIs(30);
    const first = renderWizard();
    click('🎲 Lancer le dé du défi');
    const text = screen.getByTestId('challenge-roll').textContent;
    expect(text).toContain('Dés\u00a0: 6, 6, 3 (un 6 se relance)');
    expect(text).toContain('Limite de temps\u00a0: ligne 3 (6 − 3)');
    first.unmount();
    seedIs(30);
    renderWizard();
    click('🎲 Lancer le dé du défi');
    expect(screen.getByTestId('challenge-roll').textContent).toBe(text);
  });

  it('takes the die the table rolled instead', () => {
    renderWizard();
    click('Suivant');
    expect(errors()).toEqual(['Lancez le dé du défi (ou donnez le dé lancé à la table).']);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Ou le dé lancé à la table (un 6 se relance)' })).getByRole('radio', { name: '2' }));
    expect(screen.getByTestId('challenge-roll').textContent).toContain('Limite de temps\u00a0: ligne 4 (6 − 2)');
  });
});

describe('challenge wizard: hands and stakes', () => {
  it("totals each player's registered cards, a blister being one card", () => {
    renderWizard();
    click('🎲 Lancer le dé du défi');
    click('Suivant');
    const ana = screen.getByTestId('hand-a');
    expect(
      within(ana)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Guerrier keltois ×2 · 36 PA', 'Sessair · 60 PA', 'Druide · 35 PA', 'Chasseur · 22 PA']);
    expect(screen.getByTestId('hand-total-a').textContent).toBe('Total\u00a0: 153 PA');
    expect(screen.getByTestId('hand-total-b').textContent).toBe('Total\u00a0: 183 PA');
  });

  it('refuses an empty stake and a stake of every card', () => {
    renderWizard();
    click('🎲 Lancer le dé du défi');
    click('Suivant');
    click('Suivant');
    click('Révéler les mises');
    expect(errors()).toEqual(['Ana Duval doit miser au moins une carte.', 'Bruno Martin doit miser au moins une carte.']);
    // the two Crocs are two cards (no card field), numbered so each tick is clear
    for (const card of ['Croc · 34 PA (1)', 'Croc · 34 PA (2)', 'Prédateur · 45 PA', 'Ragnok · 70 PA']) stake('Bruno Martin', card);
    stake('Ana Duval', 'Druide · 35 PA');
    expect(screen.getByTestId('stake-total-b').textContent).toBe('Misé\u00a0: 183 PA (gardé\u00a0: 0 PA)');
    expect(screen.getByTestId('stake-total-a').textContent).toBe('Misé\u00a0: 35 PA (gardé\u00a0: 118 PA)');
    click('Révéler les mises');
    expect(errors()).toEqual(['Bruno Martin ne peut pas miser toutes ses cartes.']);
  });

  it('asks for the cards at the table when a player has no list, and needs at least two', () => {
    renderWizard({ event: challengeEvent({ a: [ANA], b: [] }) });
    click('🎲 Lancer le dé du défi');
    click('Suivant');
    expect(screen.getByText('Bruno Martin n’a pas de liste inscrite : saisissez ses cartes.')).toBeTruthy();
    const hand = within(screen.getByTestId('hand-b'));
    fireEvent.input(hand.getByRole('textbox', { name: 'Carte de Bruno Martin' }), { target: { value: 'Ragnok' } });
    fireEvent.input(hand.getByRole('textbox', { name: 'PA de la carte de Bruno Martin' }), { target: { value: '70' } });
    fireEvent.click(hand.getByRole('button', { name: '+ Ajouter la carte' }));
    click('Suivant');
    expect(errors()).toEqual(['Bruno Martin doit avoir au moins deux cartes\u00a0: une mise est au moins une carte, et jamais toutes.']);
    fireEvent.input(hand.getByRole('textbox', { name: 'Carte de Bruno Martin' }), { target: { value: 'Croc' } });
    fireEvent.input(hand.getByRole('textbox', { name: 'PA de la carte de Bruno Martin' }), { target: { value: '34' } });
    fireEvent.click(hand.getByRole('button', { name: '+ Ajouter la carte' }));
    expect(screen.getByTestId('hand-total-b').textContent).toBe('Total\u00a0: 104 PA');
    fireEvent.click(hand.getByRole('button', { name: 'Retirer Croc' }));
    expect(screen.getByTestId('hand-total-b').textContent).toBe('Total\u00a0: 70 PA');
  });

  it('asks which list when a player registered several', () => {
    renderWizard({
      event: challengeEvent({
        a: [
          ANA,
          list([
            { name: 'Kelt', cost: 10 },
            { name: 'Kelt B', cost: 12 },
          ]),
        ],
        b: [BRUNO],
      }),
    });
    click('🎲 Lancer le dé du défi');
    click('Suivant');
    click('Suivant');
    expect(errors()).toEqual(['Choisissez la liste d’Ana Duval.']);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Cartes d’Ana Duval' })).getByRole('radio', { name: 'Liste 2 · 22 PA' }));
    expect(screen.getByTestId('hand-total-a').textContent).toBe('Total\u00a0: 22 PA');
  });
});

describe('challenge wizard: First Blood, Revenge, Duel', () => {
  it('First Blood: the lower stake takes the challenge and wins on success', async () => {
    const { event, onSubmit } = renderWizard();
    toFirstBlood();
    expect(screen.getByTestId('stage').textContent).toBe('Premier sang');
    expect(screen.getByText('Mise la plus faible : 60 PA contre 79 PA.')).toBeTruthy();
    expect(screen.getByTestId('taker').textContent).toBe('Ana Duval relève le défi');
    expect(screen.getByText('Ana Duval choisit sa zone de déploiement en premier.')).toBeTruthy();
    expect(screen.getByTestId('forces-b').textContent).toBe('Bruno Martin joue\u00a0: Croc · 34 PA (1), Prédateur · 45 PA');
    click('Ana Duval a réussi le défi');
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Ana Duval gagne au Premier sang');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({
      winner: 'p1',
      stage: 'first-blood',
      objective: 4,
      timeLimitRow: 2,
      dice: { seed: 1, challenge: [4], challengeAtTable: false, rollOff: null },
      a: { stake: 60, listIndex: 0 },
      b: { stake: 79, listIndex: 0 },
    });
  });

  it('Revenge: the other player takes the challenge with the cards not staked', async () => {
    const { event, onSubmit } = renderWizard();
    toFirstBlood();
    click('Ana Duval ne peut plus réussir');
    expect(screen.getByTestId('stage').textContent).toBe('Revanche');
    expect(screen.getByTestId('taker').textContent).toBe('Bruno Martin relève le défi');
    expect(screen.getByTestId('forces-a').textContent).toBe('Ana Duval joue\u00a0: Guerrier keltois ×2 · 36 PA, Druide · 35 PA, Chasseur · 22 PA');
    expect(screen.getByTestId('forces-b').textContent).toBe('Bruno Martin joue\u00a0: Croc · 34 PA (2), Ragnok · 70 PA');
    click('Bruno Martin a réussi le défi');
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Bruno Martin gagne à la Revanche');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p2', stage: 'revenge', a: { stake: 60 }, b: { stake: 79 } });
  });

  it("Duel: each player's most expensive model of the whole selection, first to eliminate the other", async () => {
    const { event, onSubmit } = renderWizard();
    toFirstBlood();
    click('Ana Duval ne peut plus réussir');
    click('Bruno Martin ne peut plus réussir');
    expect(screen.getByTestId('stage').textContent).toBe('Duel');
    expect(screen.queryByTestId('taker')).toBeNull();
    expect(screen.getByTestId('duelist-a').textContent).toBe('Ana Duval\u00a0: Sessair (60 PA)');
    expect(screen.getByTestId('duelist-b').textContent).toBe('Bruno Martin\u00a0: Ragnok (70 PA)');
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Qui a éliminé l’autre en premier\u202f?' })).getByRole('radio', { name: 'Ana Duval (Sessair)' }));
    click('Suivant');
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Ana Duval gagne le Duel');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p1', stage: 'duel' });
  });

  it('equal stakes: a roll-off from the seed, shown, and its winner takes the challenge; going back throws the same dice', async () => {
    seedIs(4);
    const event = challengeEvent({
      a: [ANA],
      b: [
        list([
          { name: 'Croc', cost: 34 },
          { name: 'Loup', cost: 60 },
          { name: 'Ragnok', cost: 70 },
        ]),
      ],
    });
    const { onSubmit } = renderWizard({ event });
    click('🎲 Lancer le dé du défi');
    expect(screen.getByTestId('challenge-roll').textContent).toContain('Dés\u00a0: 6, 2 (un 6 se relance)');
    click('Suivant');
    click('Suivant');
    stake('Ana Duval', 'Sessair · 60 PA');
    stake('Bruno Martin', 'Loup · 60 PA');
    click('Révéler les mises');
    const expected = rollOff(createRng(5));
    expect(expected).toEqual({
      rolls: [
        [5, 5],
        [2, 4],
      ],
      winner: 'b',
    });
    expect(screen.getByText('Mises égales (60 PA) : jet de dés 5–5, 2–4.')).toBeTruthy();
    expect(screen.getByTestId('taker').textContent).toBe('Bruno Martin relève le défi');
    click('Précédent');
    click('Révéler les mises');
    expect(screen.getByText('Mises égales (60 PA) : jet de dés 5–5, 2–4.')).toBeTruthy();
    click('Bruno Martin ne peut plus réussir');
    expect(screen.getByTestId('taker').textContent).toBe('Ana Duval relève le défi');
    click('Ana Duval a réussi le défi');
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Ana Duval gagne à la Revanche');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({
      winner: 'p1',
      stage: 'revenge',
      objective: 2,
      timeLimitRow: 4,
      dice: {
        seed: 4,
        challenge: [6, 2],
        rollOff: [
          [5, 5],
          [2, 4],
        ],
      },
      a: { stake: 60 },
      b: { stake: 60 },
    });
  });

  it('Duel: several models at the top cost, the player picks which one fights', async () => {
    const ana = list([
      { name: 'Sessair', cost: 60 },
      { name: 'Cromlech', cost: 60 },
      { name: 'Druide', cost: 35 },
    ]);
    const event = challengeEvent({ a: [ana], b: [BRUNO] });
    const { onSubmit } = renderWizard({ event });
    click('🎲 Lancer le dé du défi');
    click('Suivant');
    click('Suivant');
    stake('Ana Duval', 'Druide · 35 PA');
    stake('Bruno Martin', 'Ragnok · 70 PA');
    click('Révéler les mises');
    expect(screen.getByTestId('taker').textContent).toBe('Ana Duval relève le défi');
    click('Ana Duval ne peut plus réussir');
    expect(screen.getByTestId('taker').textContent).toBe('Bruno Martin relève le défi');
    click('Bruno Martin ne peut plus réussir');
    const choices = within(screen.getByRole('radiogroup', { name: 'Figurine d’Ana Duval (même coût\u00a0: le joueur choisit)' }))
      .getAllByRole('radio')
      .map((r) => r.closest('label')!.textContent);
    expect(choices).toEqual(['Sessair · 60 PA', 'Cromlech · 60 PA']);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Figurine d’Ana Duval (même coût\u00a0: le joueur choisit)' })).getByRole('radio', { name: 'Cromlech · 60 PA' }));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Qui a éliminé l’autre en premier\u202f?' })).getByRole('radio', { name: 'Bruno Martin (Ragnok)' }));
    click('Suivant');
    expect(screen.getByTestId('challenge-outcome').textContent).toBe('Bruno Martin gagne le Duel');
    const r = await saved(onSubmit, event);
    expect(r).toMatchObject({ winner: 'p2', stage: 'duel', a: { stake: 35 }, b: { stake: 70 } });
  });

  it('goes back a stage with Précédent', () => {
    renderWizard();
    toFirstBlood();
    click('Ana Duval ne peut plus réussir');
    click('Précédent');
    expect(screen.getByTestId('stage').textContent).toBe('Premier sang');
    click('Précédent');
    expect(screen.getByRole('button', { name: 'Révéler les mises' })).toBeTruthy();
  });

  it('a correction keeps the recorded seed and challenge roll', () => {
    seedIs(99);
    renderWizard({
      initial: {
        winner: 'p1',
        how: null,
        stage: 'first-blood',
        objective: 2,
        timeLimitRow: 4,
        dice: { seed: 4, challenge: [6, 2], challengeAtTable: false, rollOff: null },
        a: { cp: 0, apd: 0, stake: 60 },
        b: { cp: 0, apd: 0, stake: 79 },
      },
    });
    expect(screen.getByText('Tirage n° 4')).toBeTruthy();
    expect(screen.getByTestId('challenge-roll').textContent).toContain('Dés\u00a0: 6, 2');
    expect(screen.queryByRole('button', { name: '🎲 Lancer le dé du défi' })).toBeNull();
  });

  it('speaks English', () => {
    renderWizard({ lang: 'en' });
    click('🎲 Roll the challenge die');
    expect(screen.getByTestId('challenge-roll').textContent).toContain('Time limit: row 2 (6 − 4)');
  });
});
