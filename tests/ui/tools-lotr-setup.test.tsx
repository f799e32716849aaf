// @vitest-environment jsdom
// The Lord of the Rings setup wizard: the seeded roll-off shown throw by throw, then the
// Attacker's camp, the Defender's map, the Attacker's edge, and who plays first.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLotrSetup } from '../../src/domain/lotr';
import { createRng } from '../../src/domain/random';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { randomSeed } from '../../src/platform/seed';
import { LotrSetupWizard, type LotrSetupWizardProps } from '../../src/ui/systems/lotr/LotrSetupWizard';

vi.mock('../../src/platform/seed', () => ({ randomSeed: vi.fn(() => 5) }));

afterEach(cleanup);

function renderSetup(props: LotrSetupWizardProps = {}, lang: Lang = 'fr') {
  return render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <LotrSetupWizard {...props} />
    </I18nContext.Provider>,
  );
}

const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));
const roll = (): void => void fireEvent.click(screen.getByRole('button', { name: '🎲 Lancer les dés' }));
const throws = (): string[] =>
  within(screen.getByTestId('roll-off'))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

describe('LotR setup wizard', () => {
  it('rolls off from the seed, ties thrown again, and the winner attacks', () => {
    expect(startLotrSetup(createRng(7)).rollOff).toEqual({
      rolls: [
        [1, 1],
        [6, 5],
      ],
      winner: 'a',
    });
    renderSetup({ names: { a: 'Ana', b: 'Bruno' }, seed: 7 });
    expect(screen.getByText('Tirage n° 7')).toBeTruthy();
    roll();
    expect(throws()).toEqual(['Ana 1 – 1 Bruno (égalité, on relance)', 'Ana 6 – 5 Bruno']);
    expect(screen.getByTestId('attacker').textContent).toBe('Ana est l’Attaquant au 1er tour.');
    expect(screen.queryByRole('button', { name: '🎲 Lancer les dés' })).toBeNull();
  });

  it('Attacker picks the camp, Defender the map, Attacker the edge; the Attacker plays first', () => {
    const onDone = vi.fn();
    renderSetup({ names: { a: 'Ana', b: 'Bruno' }, seed: 7, onDone });
    roll();
    expect(screen.queryByRole('radiogroup', { name: 'Bruno (Défenseur) choisit la carte' })).toBeNull();
    pick('Ana (Attaquant) choisit son camp', 'Bien');
    pick('Bruno (Défenseur) choisit la carte', 'Rivière');
    pick('Ana (Attaquant) choisit le côté de la carte', 'Nord');
    expect(screen.getByTestId('lotr-setup-summary').textContent).toBe('Ana attaque avec le Bien, carte Rivière, côté Nord\u202f; Ana joue en premier');
    expect(screen.getByText('Ana place son armée côté Nord, puis Bruno (Mal) de l’autre côté.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(onDone).toHaveBeenCalledWith(
      expect.objectContaining({ attacker: 'a', camps: { a: 'good', b: 'evil' }, map: 'river', sides: { a: 'north', b: 'south' }, firstPlayer: 'a' }),
      7,
    );
  });

  it('with a fresh seed the loser of the roll-off defends; starting again keeps the roll', () => {
    // seed 5 (mocked randomSeed): 5-5 thrown again, then 2-4: the second player attacks
    renderSetup();
    fireEvent.input(screen.getByRole('textbox', { name: 'Nom du joueur 1' }), { target: { value: 'Chloé' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Nom du joueur 2' }), { target: { value: 'David' } });
    roll();
    expect(randomSeed).toHaveBeenCalled();
    expect(throws()).toEqual(['Chloé 5 – 5 David (égalité, on relance)', 'Chloé 2 – 4 David']);
    pick('David (Attaquant) choisit son camp', 'Mal');
    pick('Chloé (Défenseur) choisit la carte', 'Ruines');
    pick('David (Attaquant) choisit le côté de la carte', 'Sud (côté Sabertooth Games)');
    expect(screen.getByTestId('lotr-setup-summary').textContent).toBe('David attaque avec le Mal, carte Ruines, côté Sud\u202f; David joue en premier');
    fireEvent.click(screen.getByRole('button', { name: 'Recommencer' }));
    expect(screen.queryByTestId('lotr-setup-summary')).toBeNull();
    expect(throws()).toEqual(['Chloé 5 – 5 David (égalité, on relance)', 'Chloé 2 – 4 David']);
  });

  it('the same seed gives the same roll-off', () => {
    const first = renderSetup({ names: { a: 'Ana', b: 'Bruno' }, seed: 123 });
    roll();
    const seen = throws();
    first.unmount();
    renderSetup({ names: { a: 'Ana', b: 'Bruno' }, seed: 123 });
    roll();
    expect(throws()).toEqual(seen);
  });

  it('speaks English', () => {
    renderSetup({ names: { a: 'Ana', b: 'Bruno' }, seed: 7 }, 'en');
    fireEvent.click(screen.getByRole('button', { name: '🎲 Roll the dice' }));
    pick('Ana (Attacker) picks a side', 'Evil');
    pick('Bruno (Defender) picks the map', 'Ruins');
    pick('Ana (Attacker) picks the map edge', 'North');
    expect(screen.getByTestId('lotr-setup-summary').textContent).toBe('Ana attacks with Evil, map Ruins, North edge; Ana plays first');
  });
});
